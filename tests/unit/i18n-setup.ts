// Unit tests read the interface in English, like the SPEC: every bundle the web app loads is
// loaded up front (not the mails' words, which only the server reads: server-bundles.json).
import { ensureBundle, type Bundle } from '@/lib/i18n'
import bundles from '@/locales/bundles.json'
import serverBundles from '@/locales/server-bundles.json'

await Promise.all(
  (Object.keys(bundles) as Bundle[])
    .filter((b) => !serverBundles.includes(b))
    .map((b) => ensureBundle(b)),
)
