import type { RecordModel } from 'pocketbase'
import { authMessages } from '@machines/auth/messages'
import type { ProfileChanges } from '@machines/auth/types'
import { authText } from '../auth-text'
import { defineWrite } from '../writes'
import { getIntlLocale, t } from '../i18n'
import { loadPb } from './instance'

export interface ProfileUpdate {
  userId: string
  changes: ProfileChanges
}

/** A change to the signed-in user's profile; the auth chart sends it through the write queue. */
export const profileWrite = defineWrite({
  key: ['users', 'update'],
  async run({ userId, changes }: ProfileUpdate): Promise<RecordModel> {
    const pb = await loadPb()
    const body: Record<string, unknown> = {}
    if (changes.name !== undefined) body.name = changes.name
    if (changes.company !== undefined) body.company = changes.company
    if (changes.avatar !== undefined) body.avatar = changes.avatar ?? ''
    const record = await pb.collection('users').update(userId, body)
    if (pb.authStore.record?.id === record.id) pb.authStore.save(pb.authStore.token, record)
    return record
  },
  describe({ changes }: ProfileUpdate) {
    const parts = [
      changes.name !== undefined ? t('shell.writes.profileName', { name: changes.name }) : null,
      changes.company !== undefined
        ? t('shell.writes.profileCompany', { company: changes.company })
        : null,
      changes.avatar ? t('shell.writes.profileAvatar') : null,
    ].filter((p) => p !== null)
    const list = new Intl.ListFormat(getIntlLocale(), { type: 'unit', style: 'short' })
    return t('shell.writes.profile', {
      changes: parts.length ? list.format(parts) : t('shell.writes.profileNoChange'),
    })
  },
  // Only changes that were queued report here; a direct save reports through the auth chart.
  sentNotice: () => ({
    title: authText(authMessages.profileUpdated),
    detail: t('shell.writes.profileSent'),
  }),
})
