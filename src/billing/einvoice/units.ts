import { UNIT_CODES } from './source'

const ALIASES: Record<string, keyof typeof UNIT_CODES> = {
  h: 'HUR',
  hr: 'HUR',
  hrs: 'HUR',
  hour: 'HUR',
  hours: 'HUR',
  std: 'HUR',
  pc: 'H87',
  pcs: 'H87',
  piece: 'H87',
  pieces: 'H87',
  stk: 'H87',
  mo: 'MON',
  month: 'MON',
  months: 'MON',
  d: 'DAY',
  day: 'DAY',
  days: 'DAY',
  wk: 'WEE',
  week: 'WEE',
  weeks: 'WEE',
  yr: 'ANN',
  year: 'ANN',
  years: 'ANN',
  min: 'MIN',
  kg: 'KGM',
  m: 'MTR',
  m2: 'MTK',
  'm²': 'MTK',
  l: 'LTR',
  km: 'KMT',
  set: 'SET',
  flat: 'LS',
}

/** The UN/ECE Recommendation 20 code our free-text unit means ("h" → HUR); C62 ("one") else. */
export function unitCodeFor(unit: string): string {
  const key = unit.trim().toLowerCase().replace(/\.$/, '')
  if (key.toUpperCase() in UNIT_CODES) return key.toUpperCase()
  return ALIASES[key] ?? 'C62'
}
