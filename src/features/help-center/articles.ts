export interface Article {
  id: string
  title: string
  body: string[]
}

export const articles: Article[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    body: [
      'Create an account from the sign-up page, or sign in with the demo account printed in the server console.',
      'Fill in your profile and company under Settings → Account: they appear on your documents.',
      'Then add your first customer. Quotes, invoices and payments all belong to a customer.',
    ],
  },
  {
    id: 'two-factor',
    title: 'Two-factor authentication and backup codes',
    body: [
      'Under Settings → Account, choose “Set up 2FA”. Scan the QR code with an authenticator app (or type the secret), save the ten backup codes, then enter the 6-digit code the app shows.',
      'From then on, signing in asks for a code after your password. If you lose your phone, use a backup code instead: each works once.',
      'To turn 2FA off, enter a current code or a backup code under Settings → Account.',
    ],
  },
  {
    id: 'quotes-to-invoices',
    title: 'From quote to invoice',
    body: [
      'A quote moves from draft to sent, then accepted or rejected. An accepted quote converts into a draft invoice once; the two stay linked.',
      'Totals are computed from the lines in whole cents, and the server has the final word on them.',
    ],
  },
  {
    id: 'payments',
    title: 'Recording payments',
    body: [
      'Open an invoice and record a payment. A payment can never be more than what is still owed.',
      'A partly paid invoice shows as partial; when the balance reaches zero it becomes paid.',
    ],
  },
  {
    id: 'offline',
    title: 'Working offline',
    body: [
      'Screens you have opened stay available without a network, with the data as it was when last seen; a banner says when that was.',
      'Changes you make offline wait in a queue and are sent, once, when you are back online.',
    ],
  },
  {
    id: 'install',
    title: 'Installing the app',
    body: [
      'In Chrome or Edge, use “Install Folio” in the address bar or menu; on iPhone and iPad, use Share → Add to Home Screen.',
      'The installed app opens in its own window and starts even with no network.',
    ],
  },
]

/** Articles whose title or text contains every word of the query, case-insensitively. */
export function searchArticles(query: string, list: Article[] = articles): Article[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return list
  return list.filter((a) => {
    const text = `${a.title} ${a.body.join(' ')}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}
