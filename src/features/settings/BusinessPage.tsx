import { CloseBusinessSection } from './components/CloseBusinessSection'
import { ExpenseCategoriesSection } from './components/ExpenseCategoriesSection'
import { SellerPage } from './SellerPage'

export default function BusinessPage() {
  return (
    <div className="grid gap-6">
      <SellerPage part="business" />
      <ExpenseCategoriesSection />
      <CloseBusinessSection />
    </div>
  )
}
