import { useEffect, useMemo, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { fieldMessages } from '@/lib/use-form'
import { Field } from '@/components/ui/field'
import { FileInput } from '@/components/ui/file-input'
import { Button } from '@/components/ui/button'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { avatarUrl } from '@/lib/pocketbase/files'
import { useFileToken } from '@/lib/pocketbase/file-token'
import { selectIsSavingProfile } from '@machines/auth/selectors'
import type { AuthUser } from '@machines/auth/types'
import { t as translate, useT } from '@/lib/i18n'

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']
const AVATAR_MAX_BYTES = 2 * 1024 * 1024

const profileSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(255, () => translate('settings.account.profile.nameTooLong')),
  ),
  company: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(255, () => translate('settings.account.profile.companyTooLong')),
  ),
})

/** Why an image can't be used, or null: called when the file is chosen. */
export function avatarProblem(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return translate('settings.account.image.type')
  if (file.size > AVATAR_MAX_BYTES) return translate('settings.account.image.size')
  return null
}

export function ProfileForm({ user }: { user: AuthUser }) {
  const auth = useAuthActor()
  const saving = useAuthSelector(selectIsSavingProfile)
  const fileToken = useFileToken(user.id)
  const t = useT()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [avatar, setAvatar] = useState<File | null>(null)
  const preview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar])
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const parsed = v.safeParse(profileSchema, {
      name: form.get('name'),
      company: form.get('company'),
    })
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.issues))
      return
    }
    setErrors({})
    auth.send({
      type: 'user.updateProfile',
      changes: { ...parsed.output, ...(avatar ? { avatar } : {}) },
    })
    setAvatar(null)
  }

  const current = preview ?? avatarUrl(user, fileToken)
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-lg font-semibold">
        <bdi>{t('settings.account.profile.title')}</bdi>
      </h2>
      <div className="flex items-center gap-4">
        {current ? (
          <img
            src={current}
            alt={t('settings.account.profile.avatarPreview')}
            className="size-16 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="grid size-16 place-items-center rounded-full bg-primary text-xl font-semibold text-primary-foreground"
          >
            {(user.name || user.email).slice(0, 2).toUpperCase()}
          </span>
        )}
        <FileInput
          label={t('settings.account.profile.avatar')}
          name="avatar"
          accept={AVATAR_TYPES.join(',')}
          hint={t('settings.account.profile.avatarHint')}
          error={errors.avatar}
          fileName={avatar?.name}
          className="flex-1"
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null
            const problem = file ? avatarProblem(file) : null
            setErrors((er) => ({ ...er, avatar: problem ?? '' }))
            setAvatar(problem ? null : file)
            if (problem) e.target.value = ''
          }}
        />
      </div>
      <Field
        dir="auto"
        label={t('settings.account.profile.name')}
        name="name"
        autoComplete="name"
        defaultValue={user.name}
        error={errors.name}
      />
      <Field
        dir="auto"
        label={t('settings.account.profile.company')}
        name="company"
        autoComplete="organization"
        defaultValue={user.company}
        error={errors.company}
        // Not the business name documents print (Business, below); only its fallback.
        hint={t('records.profile.companyHint')}
      />
      <Field
        dir="auto"
        label={t('settings.account.profile.email')}
        name="email"
        value={user.email}
        readOnly
        disabled
        hint={t('settings.account.profile.emailHint')}
      />
      <div>
        <Button type="submit" busy={saving}>
          {t('settings.account.profile.save')}
        </Button>
      </div>
    </form>
  )
}
