const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A record id made on this device, in PocketBase's own shape (15 of [a-z0-9]). Creating with it
 * makes a replayed create idempotent: the second attempt finds the record already there.
 */
export function newRecordId(random: (n: number) => Uint8Array = randomBytes): string {
  let id = ''
  while (id.length < 15) {
    for (const b of random(15 - id.length)) {
      // 252 = 7 × 36: larger bytes are skipped so every character is equally likely.
      if (b < 252) id += ALPHABET[b % 36]
    }
  }
  return id
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n))
}

export const isRecordId = (s: string) => /^[a-z0-9]{15}$/.test(s)
