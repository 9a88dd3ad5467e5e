import { useEffect, useMemo, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { fieldMessages } from '@/lib/use-form'
import { Field } from '@/components/ui/field'
import { Button } from '@/components/ui/button'
import { useAuthActor, useAuthSelector } from '@/lib/auth-context'
import { avatarUrl } from '@/lib/pocketbase/files'
import { selectIsSavingProfile } from '@machines/auth/selectors'
import type { AuthUser } from '@machines/auth/types'

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']
const AVATAR_MAX_BYTES = 2 * 1024 * 1024

const profileSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.maxLength(255, 'Name is too long')),
  company: v.pipe(v.string(), v.trim(), v.maxLength(255, 'Company is too long')),
})

export function avatarProblem(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image.'
  if (file.size > AVATAR_MAX_BYTES) return 'The image must be 2 MB or smaller.'
  return null
}

export function ProfileForm({ user }: { user: AuthUser }) {
  const auth = useAuthActor()
  const saving = useAuthSelector(selectIsSavingProfile)
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

  const current = preview ?? avatarUrl(user)
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Profile
      </h2>
      <div className="flex items-center gap-4">
        {current ? (
          <img src={current} alt="Avatar preview" className="size-16 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="grid size-16 place-items-center rounded-full bg-primary text-xl font-semibold text-primary-foreground"
          >
            {(user.name || user.email).slice(0, 2).toUpperCase()}
          </span>
        )}
        <Field
          label="Avatar"
          name="avatar"
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hint="PNG, JPEG, WebP or GIF, up to 2 MB."
          error={errors.avatar}
          className="flex-1 [&_input]:h-auto [&_input]:py-2"
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
        label="Name"
        name="name"
        autoComplete="name"
        defaultValue={user.name}
        error={errors.name}
      />
      <Field
        label="Company"
        name="company"
        autoComplete="organization"
        defaultValue={user.company}
        error={errors.company}
      />
      <Field
        label="Email"
        name="email"
        value={user.email}
        readOnly
        disabled
        hint="Your sign-in address."
      />
      <div>
        <Button type="submit" busy={saving}>
          Save profile
        </Button>
      </div>
    </form>
  )
}
