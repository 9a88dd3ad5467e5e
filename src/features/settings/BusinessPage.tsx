import { SellerPage } from './SellerPage'

export default function BusinessPage() {
  return <SellerPage part="business" />
}
