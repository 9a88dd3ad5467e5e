// The auth chart speaks the SPEC's English; the screen says it in the interface's language.
import { afterEach, describe, expect, it } from 'vitest'
import { authErrorMessages, authMessages } from '@machines/auth/messages'
import { authText } from '@/lib/auth-text'
import { setLocale, t } from '@/lib/i18n'

afterEach(async () => {
  await setLocale('en')
})

describe('authText', () => {
  it('shows the chart’s English word for word in English', () => {
    expect(authText(authMessages.welcomeBack)).toBe('Welcome back!')
    expect(authText(authErrorMessages.userNotFound)).toBe('No account found with this email')
  })

  it('says a chart sentence in German once the interface speaks German', async () => {
    await setLocale('de')
    expect(authText(authMessages.sessionExpired)).toBe(t('chart.sessionExpired'))
    expect(authText(authMessages.sessionExpired)).not.toBe('Session expired!')
    expect(authText(authErrorMessages.invalidCredentials)).toBe(t('chart.error.invalidCredentials'))
  })

  it('leaves a sentence it does not know (a server’s own) as it came', async () => {
    await setLocale('fr')
    expect(authText('Some message from the server.')).toBe('Some message from the server.')
  })

  it('is English again after switching back from another language', async () => {
    await setLocale('ar')
    expect(authText(authMessages.loggedOut)).not.toBe('Logged out successfully')
    await setLocale('en')
    expect(authText(authMessages.loggedOut)).toBe('Logged out successfully')
  })
})
