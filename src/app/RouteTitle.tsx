import { matchRoute, useRouter } from 'wouter'
import { useRouteTitle } from '@/components/layout/document-title'
import { useT } from '@/lib/i18n'
import { signedInPages, titleKeyOf } from './routes'

/**
 * The browser tab names the signed-in route ("Customers · Folio"), from its row in the route
 * table and in the interface's language; record pages put their record's name on top.
 */
export function RouteTitle({ location }: { location: string }) {
  const t = useT()
  const { parser } = useRouter()
  const row = signedInPages.find((p) => matchRoute(parser, p.path, location)[0])
  const key = row ? titleKeyOf(row) : undefined
  useRouteTitle(key ? t(key) : null)
  return null
}
