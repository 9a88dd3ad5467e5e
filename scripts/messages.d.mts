import type { Plugin } from 'vite'

export const LOCALES: string[]
export const SOURCE_LOCALE: string
export const localesDir: string
export function readBundles(): Record<string, string[]>
export function readNamespace(locale: string, namespace: string): Record<string, string>
export function namespacesOf(locale: string): string[]
export function bundleMessages(bundle: string, locale: string): Record<string, string>
/** The bundle a key is compiled into (null for an unknown namespace). */
export function bundleOfKey(key: string, bundles?: Record<string, string[]>): string | null
export function compileBundle(bundle: string, locale: string): string
export function messages(): Plugin
