/** The app's version (package.json, or FOLIO_BUILD_LABEL at build time). */
declare const __APP_VERSION__: string
