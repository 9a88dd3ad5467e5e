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
      'Under Settings → Account, fill in your business details: name, address, tax ID and logo are printed on your quotes and invoices; the default currency, payment terms, tax rate and number prefixes are used for new documents.',
      'Then add your first customer. Quotes, invoices and payments all belong to a customer.',
    ],
  },
  {
    id: 'customers',
    title: 'Customers',
    body: [
      'Customers → New customer. The currency you choose is used for all of the customer’s documents; it can’t change once the customer has a quote or an invoice.',
      'A customer with quotes or invoices can’t be deleted (your records must stay whole): archive it instead. Archived customers are hidden from the pickers and from the Active tab, and can be restored.',
      'The customer page shows every document and payment, what is still owed and how late it is.',
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
      'Quotes → New quote: pick the customer, add lines (quantity, unit price, discount and tax rate per line); the totals update as you type.',
      'Send emails the quote to the customer’s address and marks it sent; Mark as sent records that you sent it another way. When the customer answers, choose Accept or Reject.',
      'Convert to invoice creates a draft invoice with the same lines, once; the quote and the invoice link to each other. Send the invoice the same way.',
      'A document can be edited while it is a draft, sent or viewed; its customer only while it is a draft. Totals are computed from the lines in whole cents, and the server has the final word on them.',
    ],
  },
  {
    id: 'payments',
    title: 'Recording payments',
    body: [
      'Open an invoice and choose Record payment: the amount (the balance is filled in), the date, how it was paid and a reference.',
      'A partly paid invoice shows as partially paid; when the balance reaches zero it becomes paid. A payment can never be more than what is still owed: Folio says so and keeps what you typed.',
      'A payment can be edited or deleted from the invoice or the Payments list; the invoice’s balance follows. An invoice with payments can’t be voided or deleted.',
    ],
  },
  {
    id: 'export-print',
    title: 'Printing, PDF and CSV export',
    body: [
      'Print on a quote or an invoice opens its print view: choose A4 or Letter, then Print or save as PDF. Drafts and void invoices carry a watermark. The print view works offline.',
      'Export CSV on any list saves every record that matches the current tab, search and filters (not just the page) in a file that opens in any spreadsheet: dates as YYYY-MM-DD, amounts in units with a currency column. Tick rows to export only those.',
    ],
  },
  {
    id: 'customer-link',
    title: 'What your customer sees',
    body: [
      'Send opens the mail first: check the address (add a Cc if you like), the subject and the message — your templates from Settings → Account, with the number, amount, due date and link filled in. The PDF is attached.',
      'The link opens the document in any browser, without an account. Your customer can download the PDF, accept a quote by typing their name (or decline it with a reason), and see how to pay an invoice: your bank details and, in euros, a QR code their banking app scans.',
      'The record page lists what happened: sent, opened (and how often), downloaded, accepted or declined, paid. You are told as it happens. To stop recording views, turn off “Tell me when a customer opens a document”.',
      'New link on the record page makes a fresh link and stops every earlier one; voiding or deleting the document stops them too.',
    ],
  },
  {
    id: 'e-invoicing',
    title: 'E-invoices (Factur-X, XRechnung, Peppol)',
    body: [
      'Under Settings → Account, turn on “Send e-invoices (EN 16931)” and fill in what it asks for: your VAT ID, postal code, city and country, an electronic address, a contact and your IBAN.',
      'From then on, Download PDF and Send give a Factur-X PDF: the invoice as a PDF/A-3 with its XML inside, which accounting systems read by themselves. The invoice page also downloads XRechnung XML (German public buyers: put their Leitweg-ID in the customer’s Buyer reference) and Peppol BIS XML.',
      'Lines at 0 % say why: zero-rated, exempt (with the reason), reverse charge, intra-community supply, export or outside the scope of VAT — chosen in the editor. Each line’s unit follows what you type (“h” is hours) unless you choose another.',
      'An e-invoice carries the number the server gives the invoice, so it is made once the invoice is synced.',
    ],
  },
  {
    id: 'dashboard',
    title: 'Dashboard and reminders',
    body: [
      'The dashboard shows what you invoiced and collected in a period (with the change from the period before), what is outstanding and overdue, open quotes and how many you win, a 12-month chart and the age of unpaid invoices.',
      'Under Settings → Notifications, turn on reminders for invoices that become overdue and quotes about to expire: the bell at the top lists them.',
    ],
  },
  {
    id: 'offline',
    title: 'Working offline',
    body: [
      'Screens you have opened stay available without a network, with the data as it was when last seen; a banner says when that was.',
      'You can keep working: new customers, quotes, invoices, payments and changes wait on this device (marked “Waiting to send”; the header counts them) and are sent, once and in order, when you are back online. Sending by email needs a connection.',
      'If the server refuses a change when it arrives — say, a payment more than what is now owed — the header says why and keeps the change, with Try again and Discard.',
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
