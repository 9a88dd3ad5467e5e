export const LANGUAGES: Record<string, string>
export const CURRENCIES: string[]
export function intlFormats(): unknown
export function mailValueVectors(): unknown
