import { setMemberships, startBusinessContext, type Role } from '@/lib/business'

/** Signs the test's user into one business with a role (the app does it from the server's list). */
export function inBusiness(role: Role = 'owner', userId = 'u1', business = 'b1') {
  startBusinessContext(userId)
  setMemberships(userId, [
    { id: `m-${business}`, user: userId, business, role, businessName: 'Ada & Co' },
  ])
}
