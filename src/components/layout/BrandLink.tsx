import { Link } from 'wouter'

/** Folio's name and mark, linking home: the top of the pages a signed-out person sees. */
export function BrandLink() {
  return (
    <Link href="~/" className="flex items-center gap-2 text-lg font-semibold">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      Folio
    </Link>
  )
}
