import { SellerPage } from './SellerPage'

export default function BankPage() {
  return <SellerPage part="bank" />
}
