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
/** Bundles only the server reads (the mails' words). */
export const SERVER_BUNDLES: string[]
/** The bundles the web app may load. */
export function clientBundles(): string[]
/** The source of `virtual:messages`. */
export function loaderModule(): string
export function messages(): Plugin
