import { queryOptions } from '@tanstack/react-query'
import { recordKeys } from '@/billing/queries'
import { scopedFilter } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'

/**
 * How many customers or invoices the account has, for the setup checklist: a one-row page with
 * its total. Under the collection's key, so a write there (here or, live, on another device)
 * refreshes it.
 */
export const recordCountQuery = (collection: 'customers' | 'invoices') =>
  queryOptions({
    queryKey: [...recordKeys.collection(collection), 'setup-count'] as const,
    queryFn: async (): Promise<number> => {
      const pb = await loadPb()
      return (
        await pb.collection(collection).getList(1, 1, { fields: 'id', filter: scopedFilter(pb) })
      ).totalItems
    },
  })
