// Unit tests read the interface in English, like the SPEC: every bundle is loaded up front.
import { ensureBundle } from '@/lib/i18n'

await Promise.all([ensureBundle('core'), ensureBundle('app'), ensureBundle('doc')])
