/** Text as searches compare it: case and accents do not matter ("Übersicht" is found by "uber"). */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase()
