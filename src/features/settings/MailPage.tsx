import { SellerPage } from './SellerPage'

export default function MailPage() {
  return <SellerPage part="mail" />
}
