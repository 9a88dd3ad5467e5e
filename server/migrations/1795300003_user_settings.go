package migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Per-owner business settings on the users record. The billing hooks read
// them (numbering prefixes, default currency and terms); the web app's
// settings pages write them.
const (
	// FieldCompanyName is the seller name printed on documents.
	FieldCompanyName = "company_name"
	// FieldCompanyAddress is the seller address printed on documents.
	FieldCompanyAddress = "company_address"
	// FieldCompanyTaxID is the seller VAT or registration number.
	FieldCompanyTaxID = "company_tax_id"
	// FieldLogo is the seller logo image printed on documents.
	FieldLogo = "logo"
	// FieldDefaultCurrency is the ISO 4217 code new customers get.
	FieldDefaultCurrency = "default_currency"
	// FieldInvoicePrefix starts every invoice number ("INV-00042").
	FieldInvoicePrefix = "invoice_prefix"
	// FieldQuotePrefix starts every quote number.
	FieldQuotePrefix = "quote_prefix"
	// FieldPaymentPrefix starts every payment (receipt) number.
	FieldPaymentPrefix = "payment_prefix"
	// FieldDefaultTermsDays is the payment term of new invoices, in days,
	// unless the customer has its own.
	FieldDefaultTermsDays = "default_terms_days"
	// FieldDefaultTaxRate is the tax rate (percent) the web app puts on new lines.
	FieldDefaultTaxRate = "default_tax_rate"
	// FieldNotifyOverdue switches the in-app overdue invoice alerts.
	FieldNotifyOverdue = "notify_overdue"
	// FieldNotifyQuoteExpiring switches the in-app alerts for quotes about to expire.
	FieldNotifyQuoteExpiring = "notify_quote_expiring"
)

// Defaults of the settings above, applied to new users by a hook and to
// users that existed before this migration by the migration itself.
const (
	// DefaultCurrency is the default currency of a new account.
	DefaultCurrency = "EUR"
	// DefaultInvoicePrefix is the default invoice number prefix.
	DefaultInvoicePrefix = "INV-"
	// DefaultQuotePrefix is the default quote number prefix.
	DefaultQuotePrefix = "QUO-"
	// DefaultPaymentPrefix is the default payment number prefix.
	DefaultPaymentPrefix = "PAY-"
	// DefaultTermsDays is the default payment term, in days.
	DefaultTermsDays = 30
)

// LogoMaxBytes is the largest logo upload (2 MB).
const LogoMaxBytes = 2 << 20

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}

		zero, hundred, maxTerms := 0.0, 100.0, 365.0
		users.Fields.Add(
			&core.TextField{Name: FieldCompanyName, Max: 200},
			&core.TextField{Name: FieldCompanyAddress, Max: 1000},
			&core.TextField{Name: FieldCompanyTaxID, Max: 50},
			&core.FileField{
				Name:      FieldLogo,
				MaxSelect: 1,
				MaxSize:   LogoMaxBytes,
				// No SVG: it can carry script, and logos are served from
				// the app's own origin.
				MimeTypes: []string{"image/png", "image/jpeg", "image/webp", "image/gif"},
			},
			&core.TextField{Name: FieldDefaultCurrency, Max: 3, Pattern: `^[A-Z]{3}$`},
			&core.TextField{Name: FieldInvoicePrefix, Max: 20},
			&core.TextField{Name: FieldQuotePrefix, Max: 20},
			&core.TextField{Name: FieldPaymentPrefix, Max: 20},
			&core.NumberField{Name: FieldDefaultTermsDays, OnlyInt: true, Min: &zero, Max: &maxTerms},
			&core.NumberField{Name: FieldDefaultTaxRate, Min: &zero, Max: &hundred},
			&core.BoolField{Name: FieldNotifyOverdue},
			&core.BoolField{Name: FieldNotifyQuoteExpiring},
		)
		if err := app.Save(users); err != nil {
			return err
		}

		// Accounts created before this migration get the same defaults a
		// new account gets from the hook.
		_, err = app.DB().Update(UsersCollection, dbx.Params{
			FieldDefaultCurrency:  DefaultCurrency,
			FieldInvoicePrefix:    DefaultInvoicePrefix,
			FieldQuotePrefix:      DefaultQuotePrefix,
			FieldPaymentPrefix:    DefaultPaymentPrefix,
			FieldDefaultTermsDays: DefaultTermsDays,
			FieldNotifyOverdue:    true,
		}, nil).Execute()
		return err
	}, func(app core.App) error {
		return removeFields(app, UsersCollection,
			FieldCompanyName, FieldCompanyAddress, FieldCompanyTaxID, FieldLogo, FieldDefaultCurrency,
			FieldInvoicePrefix, FieldQuotePrefix, FieldPaymentPrefix, FieldDefaultTermsDays,
			FieldDefaultTaxRate, FieldNotifyOverdue, FieldNotifyQuoteExpiring,
		)
	})
}
