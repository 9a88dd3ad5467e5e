import { SellerPage } from './SellerPage'

export default function EInvoicingPage() {
  return <SellerPage part="einvoicing" />
}
