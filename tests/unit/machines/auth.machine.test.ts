import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { provideAuth } from '@machines/auth/provide'
import { authMessages } from '@machines/auth/messages'
import type { AuthPorts, Registration, SignInResult } from '@machines/auth/types'
import { fakePorts, network, rejected, session, user } from './fake-ports'

function start(overrides: Partial<AuthPorts> = {}) {
  const { ports, rec } = fakePorts(overrides)
  const actor = createActor(provideAuth(ports)).start()
  return { actor, rec }
}

async function signedIn(overrides: Partial<AuthPorts> = {}) {
  const t = start({
    readStoredSession: async () => session(),
    refresh: async () => session(),
    ...overrides,
  })
  await waitFor(t.actor, (s) => s.matches('signedIn'))
  return t
}

async function signedOut(overrides: Partial<AuthPorts> = {}) {
  const t = start(overrides)
  await waitFor(t.actor, (s) => s.matches('signedOut'))
  return t
}

const messages = (rec: { notices: { message: string }[] }) => rec.notices.map((n) => n.message)

describe('checkingSession', () => {
  it('starts loading, and with no stored session becomes anonymous without calling refresh', async () => {
    const { actor, rec } = start()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(rec.calls).not.toContain('refresh')
    expect(actor.getSnapshot().context.user).toBeNull()
  })

  it('with a stored session refreshes it', async () => {
    const refresh = vi.fn(async () => session({ name: 'Ada L.' }))
    const { actor } = start({ readStoredSession: async () => session(), refresh })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.user?.name).toBe('Ada L.')
    expect(actor.getSnapshot().context.offline).toBe(false)
  })
})

describe('refreshing', () => {
  it('clears the session when the server rejects the refresh', async () => {
    const { actor, rec } = start({
      readStoredSession: async () => session(),
      refresh: () =>
        Promise.reject(rejected(401, 'The request requires valid record authorization token.')),
    })
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(rec.cleared).toBe(1)
    expect(actor.getSnapshot().context.user).toBeNull()
    expect(messages(rec)).toEqual(['Session expired!'])
    // The route guard, not the chart, decides whether the page needs a sign-in.
    expect(rec.navigations).toEqual([])
  })

  it('keeps the cached session, marked offline, when the server cannot be reached', async () => {
    const { actor, rec } = start({
      readStoredSession: async () => session(),
      refresh: () => Promise.reject(network),
    })
    await waitFor(actor, (s) => s.matches({ signedIn: { session: 'offline' } }))
    expect(actor.getSnapshot().context.offline).toBe(true)
    expect(actor.getSnapshot().context.user?.id).toBe(user.id)
    expect(rec.cleared).toBe(0)
  })
})

describe('signedOut', () => {
  it('refuses an MFA code with nothing pending', async () => {
    const { actor, rec } = await signedOut()
    actor.send({ type: 'user.submitMfaCode', code: '123456' })
    expect(messages(rec)).toEqual([authMessages.noMfaPending])
    expect(actor.getSnapshot().context.error).toBe('No MFA verification pending')
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
  })

  it('refuses a profile update with no user', async () => {
    const { actor, rec } = await signedOut()
    actor.send({ type: 'user.updateProfile', changes: { name: 'x' } })
    expect(messages(rec)).toEqual(['No user logged in'])
  })

  it('follows a sign-in made in another tab', async () => {
    const { actor, rec } = await signedOut()
    rec.storeListener?.(session())
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
  })
})

describe('signingIn', () => {
  it('on success sets the user, welcomes and goes to /dashboard', async () => {
    const signIn = vi.fn(async (): Promise<SignInResult> => ({
      kind: 'signedIn',
      session: session(),
    }))
    const { actor, rec } = await signedOut({ signIn })
    actor.send({ type: 'user.signIn', email: ' ada@example.com ', password: 'pw' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'pw' })
    expect(rec.navigations).toEqual(['/dashboard'])
    expect(messages(rec)).toEqual(['Welcome back!'])
  })

  it('goes to a same-origin redirect target', async () => {
    const { actor, rec } = await signedOut({
      signIn: async () => ({ kind: 'signedIn', session: session() }),
    })
    actor.send({
      type: 'user.signIn',
      email: 'a@b.c',
      password: 'pw',
      redirect: '/invoices?page=2',
    })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(rec.navigations).toEqual(['/invoices?page=2'])
  })

  it.each([
    '//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\\evil.example',
    42,
  ])('refuses the redirect target %s and goes to /dashboard', async (redirect) => {
    const { actor, rec } = await signedOut({
      signIn: async () => ({ kind: 'signedIn', session: session() }),
    })
    actor.send({ type: 'user.signIn', email: 'a@b.c', password: 'pw', redirect })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(rec.navigations).toEqual(['/dashboard'])
  })

  it('on failure stays anonymous with the mapped message', async () => {
    const { actor, rec } = await signedOut({
      signIn: () => Promise.reject(rejected(400, 'Invalid login credentials.')),
    })
    actor.send({ type: 'user.signIn', email: 'a@b.c', password: 'bad' })
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('Invalid email or password')
    // The form says why; the notice only that it failed (the reason is said once).
    expect(rec.notices).toEqual([{ kind: 'error', message: 'Failed to login' }])
    expect(rec.navigations).toEqual([])
  })

  it('an mfaId answer enters MFA-pending, goes to /otp and asks for the code', async () => {
    const { actor, rec } = await signedOut({
      signIn: async () => ({ kind: 'mfaRequired', mfaId: 'mfa1' }),
    })
    actor.send({ type: 'user.signIn', email: 'a@b.c', password: 'pw', redirect: '/quotes' })
    await waitFor(actor, (s) => s.matches('awaitingMfaCode'))
    expect(actor.getSnapshot().context.mfaId).toBe('mfa1')
    expect(actor.getSnapshot().hasTag('mfaPending')).toBe(true)
    expect(rec.navigations).toEqual(['/otp'])
    expect(rec.notices).toEqual([{ kind: 'info', message: 'Please enter your 2FA code' }])
  })
})

describe('signingInWithOAuth2', () => {
  it('exchanges the code and signs in', async () => {
    const oauth = vi.fn(async (): Promise<SignInResult> => ({
      kind: 'signedIn',
      session: session(),
    }))
    const { actor, rec } = await signedOut({ signInWithOAuth2: oauth })
    actor.send({ type: 'user.completeOAuth2', code: 'c', state: 's', redirect: '/customers' })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(oauth).toHaveBeenCalledWith({ code: 'c', state: 's' })
    expect(rec.navigations).toEqual(['/customers'])
  })

  it('passes through MFA when 2FA is on', async () => {
    const { actor } = await signedOut({
      signInWithOAuth2: async () => ({ kind: 'mfaRequired', mfaId: 'm2' }),
    })
    actor.send({ type: 'user.completeOAuth2', code: 'c', state: 's' })
    await waitFor(actor, (s) => s.matches('awaitingMfaCode'))
    expect(actor.getSnapshot().context.mfaId).toBe('m2')
  })

  it('on failure goes back to /sign-in with the message', async () => {
    const { actor, rec } = await signedOut({
      signInWithOAuth2: () => Promise.reject(rejected(400, 'The sign-in link is no longer valid.')),
    })
    actor.send({ type: 'user.completeOAuth2', code: 'c', state: 'bad' })
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null)
    expect(rec.navigations).toEqual(['/sign-in'])
    expect(actor.getSnapshot().context.error).toBe('The sign-in link is no longer valid.')
  })
})

describe('awaitingMfaCode and verifyingMfa', () => {
  async function pending(overrides: Partial<AuthPorts> = {}) {
    const t = await signedOut({
      signIn: async () => ({ kind: 'mfaRequired', mfaId: 'mfa1' }),
      ...overrides,
    })
    t.actor.send({ type: 'user.signIn', email: 'a@b.c', password: 'pw', redirect: '/payments' })
    await waitFor(t.actor, (s) => s.matches('awaitingMfaCode'))
    return t
  }

  it('a correct code completes sign-in and keeps the redirect', async () => {
    const verifyMfa = vi.fn(async () => session())
    const { actor, rec } = await pending({ verifyMfa })
    actor.send({ type: 'user.submitMfaCode', code: ' 123456 ' })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(verifyMfa).toHaveBeenCalledWith({ mfaId: 'mfa1', code: '123456' })
    expect(rec.navigations).toEqual(['/otp', '/payments'])
    expect(messages(rec)).toEqual(['Please enter your 2FA code', 'Welcome back!'])
    expect(actor.getSnapshot().context.mfaId).toBeNull()
  })

  it('a wrong code stays pending with Invalid 2FA code', async () => {
    const { actor, rec } = await pending({
      verifyMfa: () => Promise.reject(rejected(400, 'Invalid 2FA code')),
    })
    actor.send({ type: 'user.submitMfaCode', code: '000000' })
    await waitFor(actor, (s) => s.matches('awaitingMfaCode') && s.context.error !== null)
    expect(actor.getSnapshot().context.mfaId).toBe('mfa1')
    expect(messages(rec)).toContain('Invalid 2FA code')
    expect(actor.getSnapshot().context.error).toBe('Invalid 2FA code')
  })

  it('shows the server reason when attempts run out', async () => {
    const { actor } = await pending({
      verifyMfa: () => Promise.reject(rejected(429, 'Too many attempts, please try again later.')),
    })
    actor.send({ type: 'user.submitMfaCode', code: '000000' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('Too many attempts, please try again later.')
  })

  it('cancel returns to anonymous and /sign-in', async () => {
    const { actor, rec } = await pending()
    actor.send({ type: 'user.cancelMfa' })
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(actor.getSnapshot().context.mfaId).toBeNull()
    expect(rec.navigations.at(-1)).toBe('/sign-in')
  })
})

describe('registering', () => {
  it('creates the account with the name from the email, signs in and goes to /dashboard', async () => {
    const register = vi.fn(async (): Promise<SignInResult> => ({
      kind: 'signedIn',
      session: session(),
    }))
    const { actor, rec } = await signedOut({ register })
    actor.send({ type: 'user.register', email: 'grace.hopper@example.com', password: 'secret123' })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(register).toHaveBeenCalledWith({
      email: 'grace.hopper@example.com',
      password: 'secret123',
      passwordConfirm: 'secret123',
      name: 'grace.hopper',
      emailVisibility: false,
    })
    expect(rec.navigations).toEqual(['/dashboard'])
    expect(messages(rec)).toEqual(['Account created successfully!'])
  })

  it('keeps a given name', async () => {
    const register = vi.fn(async (_input: Registration): Promise<SignInResult> => ({
      kind: 'signedIn',
      session: session(),
    }))
    const { actor } = await signedOut({ register })
    actor.send({
      type: 'user.register',
      email: 'g@example.com',
      password: 'secret123',
      name: ' Grace ',
    })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(register.mock.calls[0]?.[0].name).toBe('Grace')
  })

  it('a taken address (sign-up answered as done, the sign-in after it refused) says to check the mail', async () => {
    const { actor, rec } = await signedOut({
      register: () =>
        Promise.reject({
          kind: 'checkEmail',
          status: 400,
          message: authMessages.checkEmailDetail,
        }),
    })
    actor.send({ type: 'user.register', email: 'taken@example.com', password: 'secret123' })
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null)
    expect(rec.notices[0]).toMatchObject({ kind: 'info', message: 'Check your email' })
    expect(actor.getSnapshot().context.error).toBe(authMessages.checkEmailDetail)
    expect(rec.navigations).toEqual([])
  })

  it('on failure says Failed to create account, with the field reason', async () => {
    const { actor, rec } = await signedOut({
      register: () =>
        Promise.reject(
          rejected(400, 'Failed to create record.', { email: 'Value must be unique.' }),
        ),
    })
    actor.send({ type: 'user.register', email: 'taken@example.com', password: 'secret123' })
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null)
    expect(rec.notices[0]).toMatchObject({ kind: 'error', message: 'Failed to create account' })
    expect(actor.getSnapshot().context.error).toBe('email: Value must be unique.')
  })
})

describe('signedIn', () => {
  it('follows auth store changes, including a sign-out in another tab', async () => {
    const { actor, rec } = await signedIn()
    rec.storeListener?.(session({ name: 'Renamed' }))
    expect(actor.getSnapshot().context.user?.name).toBe('Renamed')
    rec.storeListener?.(null)
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(actor.getSnapshot().context.user).toBeNull()
  })

  it('session.expired toasts, clears and goes to sign-in with the redirect', async () => {
    const { actor, rec } = await signedIn()
    actor.send({ type: 'session.expired', redirect: '/invoices?page=2' })
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(rec.cleared).toBe(1)
    expect(messages(rec)).toEqual(['Session expired!'])
    expect(rec.navigations).toEqual(['/sign-in?redirect=%2Finvoices%3Fpage%3D2'])
  })

  it('refreshes ahead of expiry, and a rejected refresh expires the session', async () => {
    vi.useFakeTimers()
    try {
      let calls = 0
      const { ports, rec } = fakePorts({
        readStoredSession: async () => session({}, 10 * 60_000),
        refresh: () => {
          calls++
          return calls === 1
            ? Promise.resolve(session({}, 10 * 60_000))
            : Promise.reject(rejected(401, 'invalid token'))
        },
      })
      rec.location = '/quotes'
      const actor = createActor(provideAuth(ports)).start()
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('signedIn')).toBe(true)
      // The token lives 10 minutes; the refresh comes 5 minutes before that.
      await vi.advanceTimersByTimeAsync(5 * 60_000 - 1000)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(2000)
      expect(calls).toBe(2)
      expect(actor.getSnapshot().matches('signedOut')).toBe(true)
      expect(messages(rec)).toEqual(['Session expired!'])
      expect(rec.navigations).toEqual(['/sign-in?redirect=%2Fquotes'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('offline, refreshes when the network returns', async () => {
    let calls = 0
    const { actor, rec } = start({
      readStoredSession: async () => session(),
      refresh: () => (++calls === 1 ? Promise.reject(network) : Promise.resolve(session())),
    })
    await waitFor(actor, (s) => s.matches({ signedIn: { session: 'offline' } }))
    rec.networkListener?.()
    await waitFor(actor, (s) => s.matches({ signedIn: { session: 'online' } }))
    expect(actor.getSnapshot().context.offline).toBe(false)
    expect(calls).toBe(2)
  })

  describe('profile', () => {
    it('an update replaces the user and toasts', async () => {
      const updateProfile = vi.fn(async () => ({ user: { ...user, name: 'New' }, queued: false }))
      const { actor, rec } = await signedIn({ updateProfile })
      actor.send({ type: 'user.updateProfile', changes: { name: 'New' } })
      expect(actor.getSnapshot().hasTag('savingProfile')).toBe(true)
      await waitFor(actor, (s) => s.context.user?.name === 'New')
      expect(updateProfile).toHaveBeenCalledWith({ userId: 'u1', changes: { name: 'New' } })
      expect(messages(rec)).toEqual(['Profile updated successfully'])
    })

    it('offline, a queued update shows the user as it will be and says it is saved on the device', async () => {
      const { actor, rec } = await signedIn({
        updateProfile: async () => ({ user: { ...user, company: 'Queued Co' }, queued: true }),
      })
      actor.send({ type: 'user.updateProfile', changes: { company: 'Queued Co' } })
      await waitFor(actor, (s) => s.context.user?.company === 'Queued Co')
      expect(rec.notices).toEqual([
        {
          kind: 'info',
          message: 'Saved on this device',
          detail: 'You are offline: the change is sent when the connection returns.',
        },
      ])
    })

    it('a failure toasts Failed to update profile', async () => {
      const { actor, rec } = await signedIn({
        updateProfile: () => Promise.reject(rejected(403, 'Forbidden')),
      })
      actor.send({ type: 'user.updateProfile', changes: { name: 'x' } })
      await waitFor(actor, () => rec.notices.length > 0)
      expect(rec.notices[0]).toEqual({
        kind: 'error',
        message: 'Failed to update profile',
        detail: 'Forbidden',
      })
    })

    it('a 400 naming an unknown field gives the custom-fields message', async () => {
      const { actor, rec } = await signedIn({
        updateProfile: () => Promise.reject(rejected(400, 'Unknown field "company".')),
      })
      actor.send({ type: 'user.updateProfile', changes: { company: 'x' } })
      await waitFor(actor, () => rec.notices.length > 0)
      expect(messages(rec)).toEqual([authMessages.customFieldsMissing])
    })
  })

  describe('twoFactor', () => {
    const setup = { qrCode: 'data:image/png;base64,x', secret: 'ABC', backupCodes: ['a-b'] }

    it('setup shows the secret, then a right code enables 2FA', async () => {
      const { actor, rec } = await signedIn({
        requestTotpSetup: async () => setup,
        confirmTotp: async (change) => {
          expect(change).toEqual({ code: '123456', password: 'current-pw' })
          return { ...user, totpEnabled: true }
        },
      })
      actor.send({ type: 'user.startTotpSetup' })
      await waitFor(actor, (s) => s.matches({ signedIn: { twoFactor: 'showingSetup' } }))
      expect(actor.getSnapshot().context.totpSetup).toEqual(setup)
      actor.send({ type: 'user.confirmTotp', code: '123456', password: 'current-pw' })
      await waitFor(actor, (s) => s.context.user?.totpEnabled === true)
      expect(actor.getSnapshot().context.totpSetup).toBeNull()
      expect(messages(rec)).toEqual(['2FA enabled successfully'])
    })

    it('a wrong code keeps the setup open with Failed to enable 2FA', async () => {
      const { actor, rec } = await signedIn({
        requestTotpSetup: async () => setup,
        confirmTotp: () => Promise.reject(rejected(400, 'Invalid 2FA code')),
      })
      actor.send({ type: 'user.startTotpSetup' })
      await waitFor(actor, (s) => s.matches({ signedIn: { twoFactor: 'showingSetup' } }))
      actor.send({ type: 'user.confirmTotp', code: '000000', password: 'current-pw' })
      await waitFor(actor, () => rec.notices.length > 0)
      expect(actor.getSnapshot().matches({ signedIn: { twoFactor: 'showingSetup' } })).toBe(true)
      expect(messages(rec)).toEqual(['Failed to enable 2FA'])
    })

    it('a failed setup call says Failed to setup 2FA', async () => {
      const { actor, rec } = await signedIn({
        requestTotpSetup: () => Promise.reject(rejected(400, '2FA is already enabled.')),
      })
      actor.send({ type: 'user.startTotpSetup' })
      await waitFor(actor, () => rec.notices.length > 0)
      expect(rec.notices[0]).toMatchObject({ message: 'Failed to setup 2FA' })
      expect(actor.getSnapshot().matches({ signedIn: { twoFactor: 'idle' } })).toBe(true)
    })

    it('cancel closes the setup', async () => {
      const { actor } = await signedIn({ requestTotpSetup: async () => setup })
      actor.send({ type: 'user.startTotpSetup' })
      await waitFor(actor, (s) => s.matches({ signedIn: { twoFactor: 'showingSetup' } }))
      actor.send({ type: 'user.cancelTotpSetup' })
      expect(actor.getSnapshot().context.totpSetup).toBeNull()
    })

    it('disable toasts success or failure', async () => {
      let ok = false
      const { actor, rec } = await signedIn({
        disableTotp: () =>
          ok
            ? Promise.resolve({ ...user, totpEnabled: false })
            : Promise.reject(rejected(400, 'bad')),
      })
      actor.send({ type: 'user.disableTotp', code: '000000', password: 'current-pw' })
      await waitFor(actor, () => rec.notices.length === 1)
      ok = true
      actor.send({ type: 'user.disableTotp', code: '123456', password: 'current-pw' })
      await waitFor(actor, () => rec.notices.length === 2)
      expect(messages(rec)).toEqual(['Failed to disable 2FA', '2FA disabled successfully'])
    })
  })
})

describe('signingOut', () => {
  it('clears the session, goes to / and toasts', async () => {
    const { actor, rec } = await signedIn()
    actor.send({ type: 'user.signOut' })
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(rec.calls).toContain('signOut')
    expect(rec.cleared).toBe(1)
    expect(rec.navigations).toEqual(['/'])
    expect(messages(rec)).toEqual(['Logged out successfully'])
    expect(actor.getSnapshot().context.user).toBeNull()
  })

  it('a failed logout still clears the user and goes to /', async () => {
    const { actor, rec } = await signedIn({ signOut: () => Promise.reject(network) })
    actor.send({ type: 'user.signOut' })
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(rec.cleared).toBe(1)
    expect(rec.navigations).toEqual(['/'])
    expect(actor.getSnapshot().context.user).toBeNull()
  })
})

describe('effects not provided', () => {
  it('every actor of the bare chart rejects with "not provided"', async () => {
    const { authMachine } = await import('@machines/auth/auth.machine')
    const actor = createActor(authMachine).start()
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(actor.getSnapshot().context.user).toBeNull()
  })
})
