import { CloseBusinessSection } from './components/CloseBusinessSection'
import { SellerPage } from './SellerPage'

export default function BusinessPage() {
  return (
    <div className="grid gap-6">
      <SellerPage part="business" />
      <CloseBusinessSection />
    </div>
  )
}
