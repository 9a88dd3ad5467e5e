import { loadPb } from '@/lib/pocketbase/instance'

/**
 * Closes a business for good (owners; server/internal/team/route_businesses.go): `confirm` is its
 * name as the owner typed it. Nothing is deleted; the business becomes read-only.
 */
export async function closeBusiness(business: string, confirm: string): Promise<void> {
  await (
    await loadPb()
  ).send(`/api/folio/businesses/${encodeURIComponent(business)}/close`, {
    method: 'POST',
    body: { confirm },
  })
}
