import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Configuration } from 'oidc-provider'

/** The static client Folio's server uses at the test OpenID Connect provider. */
export const oidcClient = { id: 'folio', secret: 'folio-e2e-client-secret' }
/** How the provider is called on Folio's sign-in page ("Sign in with …"). */
export const oidcDisplayName = 'Folio Test ID'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escape(title)}</title></head>
  <body><main><h1>${escape(title)}</h1>${body}</main></body>
</html>`

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/** The account's claims: whoever types an email in is that (verified) person. */
export function oidcClaimsFor(email: string) {
  const local = email.split('@')[0] ?? email
  return {
    sub: `test-id-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`,
    email,
    email_verified: true,
    name: local
      .split(/[._-]+/)
      .filter(Boolean)
      .map((w) => w[0]?.toUpperCase() + w.slice(1))
      .join(' '),
  }
}

/**
 * Starts a real OpenID Connect provider (node-oidc-provider) on http://127.0.0.1:port with one
 * confidential client (`folio`, PKCE, code flow) and a one-field login page: any email typed in
 * signs in as that account, consent is granted with the login.
 */
export async function startOidcProvider(
  port: number,
  redirectUri: string,
): Promise<{ issuer: string; stop(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const accounts = new Map<string, ReturnType<typeof oidcClaimsFor>>()
  const configuration: Configuration = {
    clients: [
      {
        client_id: oidcClient.id,
        client_secret: oidcClient.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // PocketBase (golang.org/x/oauth2, auto-detected style) sends HTTP Basic first.
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const claims = accounts.get(sub)
      return claims && { accountId: sub, claims: () => claims }
    },
    renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = page(
        'Sign-in error',
        `<p role="alert">${escape(String(out.error_description ?? out.error))}</p>`,
      )
    },
  }
  // Loaded here, not at the top: the specs import this module's constants only.
  const { default: Provider } = await import('oidc-provider')
  const provider = new Provider(issuer, configuration)
  const oidc = provider.callback()

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res)
    if (req.method === 'POST') {
      const email = (await readForm(req)).get('email')?.trim().toLowerCase() ?? ''
      if (!email.includes('@')) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        return res.end(page(oidcDisplayName, '<p role="alert">Enter an email address.</p>'))
      }
      const account = oidcClaimsFor(email)
      accounts.set(account.sub, account)
      const grant = new provider.Grant({ accountId: account.sub, clientId: oidcClient.id })
      grant.addOIDCScope(String(details.params.scope ?? 'openid'))
      const grantId = await grant.save()
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      )
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      page(
        oidcDisplayName,
        `<form method="post" action="/interaction/${escape(details.uid)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus>
  <button type="submit">Continue</button>
</form>`,
      ),
    )
  }

  const server = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(error instanceof Error ? error.message : String(error))
      })
    } else void oidc(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Registers the provider with Folio's server as PocketBase's generic `oidc` OAuth2 provider of the
 * users collection (through the superuser API; the setting lives in the database).
 */
export async function registerOidcInPocketBase(
  baseURL: string,
  adminEmail: string,
  adminPassword: string,
  issuer: string,
): Promise<void> {
  const auth = await fetch(`${baseURL}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: adminEmail, password: adminPassword }),
  })
  if (!auth.ok) throw new Error(`superuser sign-in failed: ${auth.status} ${await auth.text()}`)
  const { token } = (await auth.json()) as { token: string }
  const headers = { authorization: token, 'content-type': 'application/json' }
  const current = await fetch(`${baseURL}/api/collections/users`, { headers })
  if (!current.ok) throw new Error(`reading users failed: ${current.status}`)
  const { oauth2 } = (await current.json()) as { oauth2: Record<string, unknown> }
  const res = await fetch(`${baseURL}/api/collections/users`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({
      oauth2: {
        ...oauth2,
        enabled: true,
        providers: [
          {
            name: 'oidc',
            displayName: oidcDisplayName,
            clientId: oidcClient.id,
            clientSecret: oidcClient.secret,
            authURL: `${issuer}/auth`,
            tokenURL: `${issuer}/token`,
            userInfoURL: `${issuer}/me`,
            pkce: true,
          },
        ],
      },
    }),
  })
  if (!res.ok)
    throw new Error(`registering the OIDC provider failed: ${res.status} ${await res.text()}`)
}
