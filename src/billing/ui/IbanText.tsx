import { Fragment } from 'react'
import { formatIban } from '@/billing/payment-code'

/**
 * An IBAN in groups of four, left to right in any language. Each group is kept whole and the
 * spaces between them stay outside the groups: a narrow column breaks the line only between
 * groups, never inside one.
 */
export function IbanText({ iban }: { iban: string }) {
  const groups = formatIban(iban).split(' ')
  return (
    <span dir="ltr" data-testid="iban">
      {groups.map((g, i) => (
        <Fragment key={i}>
          {i > 0 ? ' ' : null}
          <span className="whitespace-nowrap">{g}</span>
        </Fragment>
      ))}
    </span>
  )
}
