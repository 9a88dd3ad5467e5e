import { loadPb } from '@/lib/pocketbase/instance'

/** Mails the account's verification link again (the settings page and the send dialog offer it). */
export const requestVerification = async (email: string) =>
  (await loadPb()).collection('users').requestVerification(email)
