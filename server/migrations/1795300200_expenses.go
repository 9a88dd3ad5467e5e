package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Expenses and vendors (issue 32). A vendor is whom a business buys from;
// an expense is one receipt or received invoice: its VAT lines (several
// rates on one receipt), the totals the server computes from them
// (internal/billing decideExpense), how it was paid, the receipt as a
// protected file and, for a received e-invoice, the file exactly as it
// came (kept: it can't be replaced or removed once set).
//
// Both belong to a business like items do: every member reads them (the
// accountant too), owners, admins and members create and change them, and
// only owners and admins delete them. The business's expense categories
// are a short list of names its owners and admins edit; without one, the
// business gets a default list in its document language.
const (
	// VendorsCollection holds the vendors.
	VendorsCollection = "vendors"
	// ExpensesCollection holds the expenses.
	ExpensesCollection = "expenses"

	// FieldVendor is an expense's vendor (optional).
	FieldVendor = "vendor"
	// FieldVendorName is the vendor's name as on the receipt.
	FieldVendorName = "vendor_name"
	// FieldVATLines is an expense's VAT lines:
	// [{"rate":19,"net_cents":10000,"vat_cents":1900,"gross_cents":11900}].
	FieldVATLines = "vat_lines"
	// FieldNetCents, FieldVATCents and FieldTotalCents are the sums of the
	// lines (the server computes them).
	FieldNetCents   = "net_cents"
	FieldVATCents   = "vat_cents"
	FieldTotalCents = "total_cents"
	// FieldPaymentState is unpaid or paid.
	FieldPaymentState = "payment_state"
	// FieldPaidOn is the day an expense was paid.
	FieldPaidOn = "paid_on"
	// FieldExpensePaymentMethod is how an expense was paid.
	FieldExpensePaymentMethod = "payment_method"
	// FieldReceipt is the receipt's photo or PDF.
	FieldReceipt = "receipt"
	// FieldSourceFile is the received e-invoice as it came.
	FieldSourceFile = "source_file"
	// FieldSourceFormat is the received e-invoice's format.
	FieldSourceFormat = "source_format"
	// FieldSourceProblems is what the reader found wrong at import time.
	FieldSourceProblems = "source_problems"
	// FieldExpenseCategories is a business's list of expense categories.
	FieldExpenseCategories = "expense_categories"

	// VendorNameMax is the longest vendor name.
	VendorNameMax = 200
	// ExpenseLinesMax is the most VAT lines an expense has.
	ExpenseLinesMax = 10
	// ExpenseCategoryMax is the longest category name.
	ExpenseCategoryMax = 60
	// ExpenseCategoriesMax is the most categories a business has.
	ExpenseCategoriesMax = 30
	// ExpenseFileMaxSize is the largest receipt or source file.
	ExpenseFileMaxSize = 10 << 20
)

// The payment states of an expense.
const (
	ExpenseUnpaid = "unpaid"
	ExpensePaid   = "paid"
)

// ExpensePaymentStates are the values of payment_state.
var ExpensePaymentStates = []string{ExpenseUnpaid, ExpensePaid}

// ExpensePaymentMethods are the values of an expense's payment_method.
var ExpensePaymentMethods = []string{"bank_transfer", "card", "cash", "direct_debit", "other"}

// ExpenseSourceFormats are the formats of a received e-invoice.
var ExpenseSourceFormats = []string{"ubl", "cii", "facturx"}

// ReceiptMimeTypes are the receipt's file types.
var ReceiptMimeTypes = []string{"image/jpeg", "image/png", "image/webp", "application/pdf"}

// SourceFileMimeTypes are the received e-invoice's file types (XML is
// detected as text/xml or application/xml).
var SourceFileMimeTypes = []string{"application/xml", "text/xml", "application/pdf"}

// ExpenseCollections are the business record collections of the expenses.
var ExpenseCollections = []string{VendorsCollection, ExpensesCollection}

// BusinessManagersDeleteRule lets only owners and admins delete a record of
// their business.
var BusinessManagersDeleteRule = MemberRule(FieldBusiness, ManagerRoles...) + " && " + MFARule

func init() {
	m.Register(upExpenses, func(app core.App) error {
		if err := deleteCollections(app, ExpensesCollection, VendorsCollection); err != nil {
			return err
		}
		businesses, err := app.FindCollectionByNameOrId(BusinessesCollection)
		if err != nil {
			return err
		}
		businesses.Fields.RemoveByName(FieldExpenseCategories)
		return app.Save(businesses)
	})
}

// expenseRules sets the rules of vendors and expenses.
func expenseRules(c *core.Collection) {
	c.ListRule = ptr(BusinessReadRule)
	c.ViewRule = ptr(BusinessReadRule)
	c.CreateRule = ptr(BusinessCreateRule)
	c.UpdateRule = ptr(BusinessUpdateRule)
	c.DeleteRule = ptr(BusinessManagersDeleteRule)
}

func upExpenses(app core.App) error {
	businesses, err := app.FindCollectionByNameOrId(BusinessesCollection)
	if err != nil {
		return err
	}
	businesses.Fields.Add(&core.JSONField{Name: FieldExpenseCategories, MaxSize: 8192})
	if err := app.Save(businesses); err != nil {
		return err
	}

	vendors := core.NewBaseCollection(VendorsCollection)
	expenseRules(vendors)
	vendors.Fields.Add(
		&core.RelationField{Name: FieldBusiness, CollectionId: businesses.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
		&core.TextField{Name: "name", Required: true, Max: VendorNameMax},
		&core.TextField{Name: "address", Max: 1000},
		&core.TextField{Name: "country", Max: 2, Pattern: `^[A-Z]{2}$`},
		&core.TextField{Name: "vat_id", Max: 32},
		&core.TextField{Name: FieldIBAN, Max: 34},
		&core.EmailField{Name: "email"},
		&core.BoolField{Name: FieldArchived},
	)
	withTimestamps(vendors)
	vendors.AddIndex("idx_vendors_business_name", false, "`business`, `archived`, `name`", "")
	vendors.AddIndex("idx_vendors_business_vat_id", false, "`business`, `vat_id`", "`vat_id` != ''")
	vendors.AddIndex("idx_vendors_business_iban", false, "`business`, `iban`", "`iban` != ''")
	if err := app.Save(vendors); err != nil {
		return err
	}

	zero := 0.0
	expenses := core.NewBaseCollection(ExpensesCollection)
	expenseRules(expenses)
	expenses.Fields.Add(
		&core.RelationField{Name: FieldBusiness, CollectionId: businesses.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
		&core.RelationField{Name: FieldVendor, CollectionId: vendors.Id, MaxSelect: 1},
		&core.TextField{Name: FieldVendorName, Max: VendorNameMax},
		&core.TextField{Name: "number", Max: 64},
		&core.DateField{Name: "date", Required: true},
		&core.DateField{Name: "due_date"},
		&core.TextField{Name: "description", Max: 500},
		&core.TextField{Name: "category", Max: ExpenseCategoryMax},
		&core.TextField{Name: "currency", Required: true, Max: 3, Pattern: `^[A-Z]{3}$`},
		&core.JSONField{Name: FieldVATLines, MaxSize: 4096},
		&core.NumberField{Name: FieldNetCents, OnlyInt: true, Min: &zero},
		&core.NumberField{Name: FieldVATCents, OnlyInt: true, Min: &zero},
		&core.NumberField{Name: FieldTotalCents, OnlyInt: true, Min: &zero},
		&core.SelectField{Name: FieldPaymentState, Values: ExpensePaymentStates, MaxSelect: 1, Required: true},
		&core.DateField{Name: FieldPaidOn},
		&core.SelectField{Name: FieldExpensePaymentMethod, Values: ExpensePaymentMethods, MaxSelect: 1},
		&core.TextField{Name: "note", Max: 2000},
		&core.FileField{Name: FieldReceipt, MaxSelect: 1, MaxSize: ExpenseFileMaxSize, MimeTypes: ReceiptMimeTypes, Protected: true},
		&core.FileField{Name: FieldSourceFile, MaxSelect: 1, MaxSize: ExpenseFileMaxSize, MimeTypes: SourceFileMimeTypes, Protected: true},
		&core.SelectField{Name: FieldSourceFormat, Values: ExpenseSourceFormats, MaxSelect: 1},
		&core.JSONField{Name: FieldSourceProblems, MaxSize: 65536},
	)
	withTimestamps(expenses)
	expenses.AddIndex("idx_expenses_business_date", false, "`business`, `date`", "")
	expenses.AddIndex("idx_expenses_business_vendor", false, "`business`, `vendor`", "")
	expenses.AddIndex("idx_expenses_business_state", false, "`business`, `payment_state`, `due_date`", "")
	return app.Save(expenses)
}
