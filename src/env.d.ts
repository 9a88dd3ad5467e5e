/** The app's version (package.json, or FOLIO_BUILD_LABEL at build time). */
declare const __APP_VERSION__: string

/** The compiled message catalogue (scripts/messages.mjs): one lazy module per bundle and locale. */
declare module 'virtual:messages' {
  export function loadMessages(
    bundle: string,
    locale: string,
  ): Promise<Record<string, (values?: Record<string, unknown>) => string>>
}
