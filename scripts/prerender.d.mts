import type { Plugin } from 'vite'

export const PAGES: [path: string, page: string][]
export const DOCUMENT_SHELL: string
export const APP_SHELL: string
export const MODULES_TEMPLATE_ID: string
export function fillTemplate(
  template: string,
  page: { html: string; title: string; lang: string; dir: string },
  noScript: string,
  afterPaint: string,
): string
export function fillAppShell(
  template: string,
  page: { lang: string; dir: string },
  noScript: string,
  afterPaint: string,
): string
export function routeModules(root: string): { modules: string[]; bundles: string[] }[]
export function prerender(options: { root: string; configFile: string }): Plugin
export function chunkGraph(
  bundle: Record<
    string,
    | {
        type: 'chunk'
        fileName: string
        name: string
        imports: string[]
        dynamicImports: string[]
        facadeModuleId: string | null
        moduleIds: string[]
        isEntry: boolean
      }
    | { type: 'asset'; fileName: string }
  >,
): {
  byModule: Map<string, string>
  closure: (file: string) => Set<string>
  entry: string | null
  dynamicImports: Map<string, string[]>
}
