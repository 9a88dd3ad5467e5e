export const MAIL_WORDS_FILE: string
export function mailWords(): Record<string, Record<string, string>>
export function mailWordsText(): string
