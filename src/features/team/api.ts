import { queryOptions } from '@tanstack/react-query'
import { isRole, type Role } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'

/** One person of a business (GET /api/folio/businesses/{id}/members). */
export interface Member {
  membership: string
  user: string
  name: string
  email: string
  avatar?: string
  role: Role
  since: string
  last_active: string
}

/** A pending invitation (the `invitations` collection: owners and admins read it). */
export interface Invitation {
  id: string
  email: string
  role: Role
  expires: string
}

/** What a /join link shows before anyone signs in (GET /api/folio/join/{token}). */
export interface JoinInfo {
  business_name: string
  role: Role
  email: string
  inviter_name: string
  expires: string
}

const enc = encodeURIComponent

export const teamKeys = {
  members: (business: string) => ['team', business, 'members'] as const,
  invitations: (business: string) => ['team', business, 'invitations'] as const,
}

export const membersQuery = (business: string) =>
  queryOptions({
    queryKey: teamKeys.members(business),
    queryFn: async (): Promise<Member[]> => {
      const list = await (
        await loadPb()
      ).send<Member[]>(`/api/folio/businesses/${enc(business)}/members`, {})
      return list.filter((m) => isRole(m.role))
    },
  })

export const invitationsQuery = (business: string) =>
  queryOptions({
    queryKey: teamKeys.invitations(business),
    queryFn: async (): Promise<Invitation[]> => {
      const pb = await loadPb()
      return pb.collection('invitations').getFullList<Invitation>({
        filter: pb.filter(
          'business = {:business} && accepted_at = "" && revoked_at = "" && expires > @now',
          { business },
        ),
        sort: '-created',
        fields: 'id,email,role,expires',
      })
    },
  })

/** Creates a business with the person as its owner. */
export async function createBusiness(companyName: string): Promise<{ id: string }> {
  return (await loadPb()).send<{ id: string }>('/api/folio/businesses', {
    method: 'POST',
    body: { company_name: companyName },
  })
}

export async function changeRole(membership: string, role: Role): Promise<void> {
  await (
    await loadPb()
  ).send(`/api/folio/memberships/${enc(membership)}`, {
    method: 'PATCH',
    body: { role },
  })
}

/** Removes a member, or (one's own membership) leaves the business. */
export async function removeMembership(membership: string): Promise<void> {
  await (await loadPb()).send(`/api/folio/memberships/${enc(membership)}`, { method: 'DELETE' })
}

export async function invite(business: string, email: string, role: Role): Promise<void> {
  await (
    await loadPb()
  ).send(`/api/folio/businesses/${enc(business)}/invitations`, {
    method: 'POST',
    body: { email, role },
  })
}

export async function resendInvitation(id: string): Promise<void> {
  await (await loadPb()).send(`/api/folio/invitations/${enc(id)}/resend`, { method: 'POST' })
}

export async function revokeInvitation(id: string): Promise<void> {
  await (await loadPb()).send(`/api/folio/invitations/${enc(id)}`, { method: 'DELETE' })
}

export async function joinInfo(token: string): Promise<JoinInfo> {
  return (await loadPb()).send<JoinInfo>(`/api/folio/join/${enc(token)}`, {})
}

/** The signed-in person accepts (the server checks the address is the invited one). */
export async function join(token: string): Promise<{ business?: string }> {
  return (await loadPb()).send<{ business?: string }>(`/api/folio/join/${enc(token)}`, {
    method: 'POST',
  })
}

/** Creates the invited person's account (the address is verified by the link) and joins. */
export async function signUpAndJoin(
  token: string,
  body: { name: string; password: string; language: string },
): Promise<void> {
  await (await loadPb()).send(`/api/folio/join/${enc(token)}/sign-up`, { method: 'POST', body })
}
