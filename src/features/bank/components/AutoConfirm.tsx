import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sellerKey, sellerQuery } from '@/billing/queries'
import { mutationErrorMessage } from '@/lib/errors'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { setAutoConfirm } from '../data'

/** Owners and admins: confirm certain matches at import, without a click. */
export function AutoConfirm({ business }: { business: string }) {
  const t = useT()
  const qc = useQueryClient()
  const seller = useQuery(sellerQuery(business))
  const on = seller.data?.bank_auto_confirm === true
  const change = useMutation({
    mutationFn: (next: boolean) => setAutoConfirm(business, next),
    onSuccess: () => qc.invalidateQueries({ queryKey: sellerKey(business) }),
    onError: (e) => notify('error', mutationErrorMessage(e)),
  })
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1"
        checked={change.isPending ? change.variables : on}
        disabled={!seller.data || change.isPending}
        onChange={(e) => change.mutate(e.target.checked)}
      />
      <span>
        <span className="font-medium">{t('bank.auto.label')}</span>
        <span className="block text-muted-foreground">{t('bank.auto.hint')}</span>
      </span>
    </label>
  )
}
