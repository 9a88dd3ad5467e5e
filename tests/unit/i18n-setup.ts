// Unit tests read the interface in English, like the SPEC: every bundle is loaded up front.
import { ensureBundle, type Bundle } from '@/lib/i18n'
import bundles from '@/locales/bundles.json'

await Promise.all((Object.keys(bundles) as Bundle[]).map((b) => ensureBundle(b)))
