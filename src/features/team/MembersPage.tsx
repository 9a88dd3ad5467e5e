import { useState } from 'react'
import * as v from 'valibot'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Alert, Card } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm'
import { Field } from '@/components/ui/field'
import { SelectField } from '@/components/ui/inputs'
import { RoleNote } from '@/components/ui/role-note'
import { useAuthSelector } from '@/lib/auth-context'
import { refreshMemberships, ROLES, useBusiness, type Role } from '@/lib/business'
import { mutationErrorMessage, refusal } from '@/lib/errors'
import { useForm } from '@/lib/use-form'
import { getIntlLocale, t, useLocale, useT } from '@/lib/i18n'
import { can } from '@/lib/roles'
import { notify } from '@/lib/toast'
import { selectUser } from '@machines/auth/selectors'
import {
  changeRole,
  invitationsQuery,
  invite,
  membersQuery,
  removeMembership,
  resendInvitation,
  revokeInvitation,
  teamKeys,
  type Invitation,
  type Member,
} from './api'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const when = (iso: string) =>
  iso
    ? new Date(iso.replace(' ', 'T')).toLocaleString(getIntlLocale(), { dateStyle: 'medium' })
    : ''

/** The roles a person may give: only an owner makes owners. */
export const assignableRoles = (mine: Role | null): Role[] =>
  ROLES.filter((r) => (r === 'owner' ? mine === 'owner' : can(mine, 'manage')))

/** /settings/members: the business's members, their roles and last activity, and invitations. */
export default function MembersPage() {
  const t = useT()
  useLocale()
  const { current, role, memberships } = useBusiness()
  const business = current ?? ''
  const businessName =
    memberships.find((m) => m.business === business)?.businessName || t('team.switcher.unnamed')
  const members = useQuery({ ...membersQuery(business), enabled: !!business })
  const manage = can(role, 'manage')
  return (
    <div className="grid gap-6">
      <Card className="grid gap-4">
        <div>
          <h2 className="text-lg font-semibold">
            <bdi>{t('team.members.title')}</bdi>
          </h2>
          <p className="text-sm text-muted-foreground">
            <bdi>{t('team.members.intro', { business: businessName })}</bdi>
          </p>
        </div>
        {members.data ? (
          <MemberList members={members.data} business={business} businessName={businessName} />
        ) : members.isError ? (
          <Alert>
            {t('team.members.loadFailed', { error: mutationErrorMessage(members.error) })}
          </Alert>
        ) : (
          <p role="status">
            <bdi>{t('team.members.loading')}</bdi>
          </p>
        )}
        {manage ? null : <RoleNote only="team.only.members" />}
        <RoleHints />
      </Card>
      {manage ? (
        <>
          <Card className="grid gap-4">
            <InviteForm business={business} />
          </Card>
          <Card className="grid gap-4">
            <Invitations business={business} />
          </Card>
        </>
      ) : null}
    </div>
  )
}

function RoleHints() {
  const t = useT()
  return (
    <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-[auto_1fr] sm:gap-x-4">
      {ROLES.map((r) => (
        <div key={r} className="contents">
          <dt className="font-medium text-foreground">{t(`team.role.${r}`)}</dt>
          <dd>
            <bdi>{t(`team.roleHint.${r}`)}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  )
}

function MemberList({
  members,
  business,
  businessName,
}: {
  members: Member[]
  business: string
  businessName: string
}) {
  const t = useT()
  const me = useAuthSelector(selectUser)
  const { role } = useBusiness()
  const qc = useQueryClient()
  const [removing, setRemoving] = useState<Member | null>(null)
  const roleChange = useMutation({
    mutationFn: ({ m, to }: { m: Member; to: Role }) => changeRole(m.membership, to),
    meta: { silent: true },
    onSuccess: (_r, { m, to }) => {
      notify(
        'success',
        t('team.members.roleChanged', { name: m.name || m.email, role: t(`team.role.${to}`) }),
      )
      if (m.user === me?.id) void refreshMemberships()
    },
    onError: (e) => notify('error', mutationErrorMessage(e)),
    onSettled: () => void qc.invalidateQueries({ queryKey: teamKeys.members(business) }),
  })
  const roles = assignableRoles(role)
  const manage = can(role, 'manage')
  const self = removing?.user === me?.id
  return (
    <>
      <ul className="grid gap-2" aria-label={t('team.members.title')}>
        {members.map((m) => {
          const mine = m.user === me?.id
          const name = m.name || m.email
          // An admin neither changes nor removes an owner; an owner's own row is handed over
          // by making someone else owner first (the server keeps one owner always).
          const editable = manage && !mine && (m.role !== 'owner' || role === 'owner')
          return (
            <li
              key={m.membership}
              className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">
                  <bdi>{mine ? t('team.members.you', { name }) : name}</bdi>
                </p>
                <p className="text-sm break-words text-muted-foreground">
                  <bdi>{m.email}</bdi>
                </p>
                <p className="text-sm text-muted-foreground">
                  {t('team.members.lastActive')}:{' '}
                  <bdi>{m.last_active ? when(m.last_active) : t('team.members.never')}</bdi>
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                {editable ? (
                  <SelectField
                    label={t('team.members.changeRole', { name })}
                    hideLabel
                    value={m.role}
                    disabled={roleChange.isPending}
                    onChange={(e) => roleChange.mutate({ m, to: e.target.value as Role })}
                  >
                    {(roles.includes(m.role) ? roles : [m.role, ...roles]).map((r) => (
                      <option key={r} value={r}>
                        {t(`team.role.${r}`)}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                  <span className="rounded-md bg-muted px-2 py-1 text-sm">
                    {t(`team.role.${m.role}`)}
                  </span>
                )}
                {editable ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('team.members.removeWho', { name })}
                    onClick={() => setRemoving(m)}
                  >
                    {t('team.members.remove')}
                  </Button>
                ) : null}
                {mine ? (
                  <Button variant="outline" size="sm" onClick={() => setRemoving(m)}>
                    {t('team.members.leave', { business: businessName })}
                  </Button>
                ) : null}
              </div>
            </li>
          )
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={
          self
            ? t('team.members.leave', { business: businessName })
            : t('team.members.removeWho', { name: removing?.name || removing?.email || '' })
        }
        description={
          self
            ? t('team.members.leaveConfirm', { business: businessName })
            : t('team.members.removeConfirm', {
                name: removing?.name || removing?.email || '',
                business: businessName,
              })
        }
        confirmLabel={
          self ? t('team.members.leave', { business: businessName }) : t('team.members.remove')
        }
        destructive
        onConfirm={async () => {
          if (!removing) return
          try {
            await removeMembership(removing.membership)
          } catch (e) {
            return mutationErrorMessage(e)
          }
          if (self) {
            notify('success', t('team.members.left', { business: businessName }))
            // The app wipes this business from the device and opens another.
            await refreshMemberships()
            return
          }
          notify('success', t('team.members.removed', { name: removing.name || removing.email }))
          void qc.invalidateQueries({ queryKey: teamKeys.members(business) })
        }}
      />
    </>
  )
}

const inviteSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.regex(EMAIL, () => t('team.invite.emailInvalid')),
  ),
})

function InviteForm({ business }: { business: string }) {
  const t = useT()
  const { role } = useBusiness()
  const qc = useQueryClient()
  const roles = assignableRoles(role)
  const [inviteRole, setInviteRole] = useState<Role>('member')
  const { bind, setValues, formError, busy, handleSubmit } = useForm(inviteSchema, { email: '' })
  const submit = handleSubmit(async ({ email }) => {
    try {
      await invite(business, email, inviteRole)
    } catch (error) {
      return refusal(error)
    }
    notify('success', t('team.invite.sent', { email }))
    setValues({ email: '' })
    void qc.invalidateQueries({ queryKey: teamKeys.invitations(business) })
  })
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold">
        <bdi>{t('team.invite.title')}</bdi>
      </h2>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('team.invite.email')} type="email" autoComplete="off" {...bind('email')} />
        <SelectField
          label={t('team.invite.role')}
          name="role"
          value={inviteRole}
          onChange={(e) => setInviteRole(e.target.value as Role)}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`team.role.${r}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <Button type="submit" busy={busy}>
          {t('team.invite.submit')}
        </Button>
      </div>
    </form>
  )
}

function Invitations({ business }: { business: string }) {
  const t = useT()
  const qc = useQueryClient()
  const list = useQuery({ ...invitationsQuery(business), enabled: !!business })
  const [revoking, setRevoking] = useState<Invitation | null>(null)
  const resend = useMutation({
    mutationFn: (i: Invitation) => resendInvitation(i.id),
    meta: { silent: true },
    onSuccess: (_r, i) => notify('success', t('team.invitations.resent', { email: i.email })),
    onError: (e) => notify('error', mutationErrorMessage(e)),
    onSettled: () => void qc.invalidateQueries({ queryKey: teamKeys.invitations(business) }),
  })
  return (
    <section aria-labelledby="invitations-heading" className="grid gap-3">
      <h2 id="invitations-heading" className="text-lg font-semibold">
        <bdi>{t('team.invitations.title')}</bdi>
      </h2>
      {list.data && list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('team.invitations.none')}</p>
      ) : null}
      {list.isError ? <Alert>{mutationErrorMessage(list.error)}</Alert> : null}
      <ul className="grid gap-2">
        {(list.data ?? []).map((i) => (
          <li
            key={i.id}
            className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
          >
            <div className="min-w-0">
              <p className="font-medium break-words">
                <bdi>{i.email}</bdi>
              </p>
              <p className="text-sm text-muted-foreground">
                {t(`team.role.${i.role}`)} ·{' '}
                <bdi>{t('team.invitations.expires', { date: when(i.expires) })}</bdi>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                aria-label={t('team.invitations.resendTo', { email: i.email })}
                busy={resend.isPending && resend.variables?.id === i.id}
                onClick={() => resend.mutate(i)}
              >
                {t('team.invitations.resend')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                aria-label={t('team.invitations.revokeTo', { email: i.email })}
                onClick={() => setRevoking(i)}
              >
                {t('team.invitations.revoke')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title={t('team.invitations.revokeTo', { email: revoking?.email ?? '' })}
        description={t('team.invitations.revokeConfirm', { email: revoking?.email ?? '' })}
        confirmLabel={t('team.invitations.revoke')}
        destructive
        onConfirm={async () => {
          if (!revoking) return
          try {
            await revokeInvitation(revoking.id)
          } catch (e) {
            return mutationErrorMessage(e)
          }
          notify('success', t('team.invitations.revoked', { email: revoking.email }))
          void qc.invalidateQueries({ queryKey: teamKeys.invitations(business) })
        }}
      />
    </section>
  )
}
