import { queryOptions } from '@tanstack/react-query'
import { loadPb } from '@/lib/pocketbase/instance'

/** The signed-in user's record as the server has it now (the session keeps a copy from sign-in). */
export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', id],
    queryFn: async () => (await loadPb()).collection('users').getOne(id),
  })
