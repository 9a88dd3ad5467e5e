import { queryOptions } from '@tanstack/react-query'
import { FULL_LIST_BATCH } from '@/config/constants'
import { recordKeys } from '@/billing/queries'
import type { Expense, Vendor } from '@/billing/types'
import { scopedFilter } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'

/**
 * The business's vendors, whole, for the expense form's vendor field: matched on this device as
 * one types, so picking works offline from the cached copy too.
 */
export const vendorsQuery = () =>
  queryOptions({
    queryKey: ['records', 'vendors', 'all'] as const,
    queryFn: async (): Promise<Vendor[]> => {
      const pb = await loadPb()
      return pb.collection('vendors').getFullList<Vendor>({
        batch: FULL_LIST_BATCH,
        filter: scopedFilter(pb, 'archived = false'),
        sort: 'name,id',
      })
    },
  })

/** A vendor's expenses, newest first. */
export const vendorExpensesQuery = (vendorId: string) =>
  queryOptions({
    queryKey: recordKeys.related('expenses', 'byVendor', vendorId),
    queryFn: async (): Promise<Expense[]> => {
      const pb = await loadPb()
      return pb.collection('expenses').getFullList<Expense>({
        filter: pb.filter('vendor = {:id}', { id: vendorId }),
        sort: '-date,-id',
      })
    },
  })
