import { loadPb } from '@/lib/pocketbase/instance'

/** Changes the password, then signs in again with it: PocketBase revokes older tokens on change. */
export async function changePassword(input: {
  userId: string
  email: string
  oldPassword: string
  password: string
}) {
  const pb = await loadPb()
  await pb.collection('users').update(input.userId, {
    oldPassword: input.oldPassword,
    password: input.password,
    passwordConfirm: input.password,
  })
  await pb.collection('users').authWithPassword(input.email, input.password)
}

export { requestVerification } from '@/lib/pocketbase/verification'
