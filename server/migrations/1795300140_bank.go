package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Bank statements that match themselves (issue 29, part 2). A member
// uploads a statement (camt.053, MT940 or CSV); the server parses it,
// stores each entry once per business (dedup_key), and matches each
// incoming credit to the business's open invoices (internal/bank). A
// confirmed match records a payment through the payment rules, linked to
// its bank transaction.
//
// All three collections are written by the server only (the import and
// the confirm, ignore and assign routes, which check the role): every
// member, the accountant too, reads them through the API; nobody creates,
// changes or deletes them there.
const (
	// BankStatementsCollection holds the imported statements.
	BankStatementsCollection = "bank_statements"
	// BankTransactionsCollection holds their entries, one row per entry per business.
	BankTransactionsCollection = "bank_transactions"
	// BankCSVMappingsCollection remembers a CSV's columns per business and bank.
	BankCSVMappingsCollection = "bank_csv_mappings"

	// FieldBankAutoConfirm makes the import confirm the certain matches itself.
	FieldBankAutoConfirm = "bank_auto_confirm"
	// FieldBankTransaction links a payment to the bank entry it was confirmed from.
	FieldBankTransaction = "bank_transaction"
	// FieldDedupKey is the entry's identity within the business.
	FieldDedupKey = "dedup_key"
)

// BankFormats are the statement formats.
var BankFormats = []string{"camt053", "mt940", "csv"}

// The states of a bank transaction: unmatched (nothing found, or an
// outgoing entry), suggested (candidates to look at), certain (one invoice,
// ready to confirm), matched (a payment records it), ignored (set aside by
// a person).
const (
	BankStateUnmatched = "unmatched"
	BankStateSuggested = "suggested"
	BankStateCertain   = "certain"
	BankStateMatched   = "matched"
	BankStateIgnored   = "ignored"
)

// BankStates are the values of a bank transaction's state.
var BankStates = []string{BankStateUnmatched, BankStateSuggested, BankStateCertain, BankStateMatched, BankStateIgnored}

// BankCollections are the bank collections, read by every member.
var BankCollections = []string{BankStatementsCollection, BankTransactionsCollection, BankCSVMappingsCollection}

func init() {
	m.Register(upBank, downBank)
}

func upBank(app core.App) error {
	found, err := findCollections(app, BusinessesCollection, UsersCollection, PaymentsCollection, InvoicesCollection)
	if err != nil {
		return err
	}
	businesses, users, payments, invoices := found[0], found[1], found[2], found[3]
	zero := 0.0

	statements := bankCollection(BankStatementsCollection, businesses)
	statements.Fields.Add(
		&core.SelectField{Name: "format", Values: BankFormats, MaxSelect: 1, Required: true},
		&core.TextField{Name: "file_name", Max: 255},
		&core.TextField{Name: "account", Max: 64},
		&core.TextField{Name: "currency", Max: 3},
		&core.TextField{Name: "statement_ref", Max: 140},
		&core.DateField{Name: "from_date"},
		&core.DateField{Name: "to_date"},
		&core.NumberField{Name: "entries", OnlyInt: true, Min: &zero},
		&core.NumberField{Name: "added", OnlyInt: true, Min: &zero},
		&core.RelationField{Name: "imported_by", CollectionId: users.Id, MaxSelect: 1},
	)
	withTimestamps(statements)
	statements.AddIndex("idx_bank_statements_business", false, "`business`, `created`", "")
	if err := app.Save(statements); err != nil {
		return err
	}

	transactions := bankCollection(BankTransactionsCollection, businesses)
	transactions.Fields.Add(
		&core.RelationField{Name: "statement", CollectionId: statements.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
		&core.TextField{Name: FieldDedupKey, Required: true, Max: 200},
		&core.TextField{Name: "bank_ref", Max: 140},
		&core.DateField{Name: "booking_date"},
		&core.DateField{Name: "value_date"},
		&core.NumberField{Name: "amount_cents", OnlyInt: true, Min: &zero},
		&core.TextField{Name: "currency", Max: 3},
		&core.BoolField{Name: "credit"},
		&core.TextField{Name: "account", Max: 64},
		&core.TextField{Name: "counterparty", Max: 255},
		&core.TextField{Name: "counterparty_iban", Max: 64},
		&core.TextField{Name: "remittance", Max: 1000},
		&core.TextField{Name: "creditor_ref", Max: 140},
		&core.SelectField{Name: "state", Values: BankStates, MaxSelect: 1, Required: true},
		&core.RelationField{Name: "invoice", CollectionId: invoices.Id, MaxSelect: 1},
		&core.JSONField{Name: "candidates", MaxSize: 20_000},
		&core.JSONField{Name: "reasons", MaxSize: 2_000},
		&core.RelationField{Name: "payment", CollectionId: payments.Id, MaxSelect: 1},
		&core.RelationField{Name: "decided_by", CollectionId: users.Id, MaxSelect: 1},
		&core.DateField{Name: "decided_at"},
	)
	withTimestamps(transactions)
	transactions.AddIndex("idx_bank_transactions_dedup", true, "`business`, `"+FieldDedupKey+"`", "")
	transactions.AddIndex("idx_bank_transactions_list", false, "`business`, `booking_date`", "")
	transactions.AddIndex("idx_bank_transactions_state", false, "`business`, `state`", "")
	transactions.AddIndex("idx_bank_transactions_statement", false, "`statement`", "")
	if err := app.Save(transactions); err != nil {
		return err
	}

	mappings := bankCollection(BankCSVMappingsCollection, businesses)
	mappings.Fields.Add(
		&core.TextField{Name: "bank", Required: true, Max: 140},
		&core.JSONField{Name: "mapping", MaxSize: 5_000},
	)
	withTimestamps(mappings)
	mappings.AddIndex("idx_bank_csv_mappings_bank", true, "`business`, `bank`", "")
	if err := app.Save(mappings); err != nil {
		return err
	}

	businesses.Fields.Add(&core.BoolField{Name: FieldBankAutoConfirm})
	if err := app.Save(businesses); err != nil {
		return err
	}
	payments.Fields.Add(&core.RelationField{Name: FieldBankTransaction, CollectionId: transactions.Id, MaxSelect: 1})
	// One payment per bank entry: two confirmations at once can't both record.
	payments.AddIndex("idx_payments_bank_transaction", true, "`"+FieldBankTransaction+"`", "`"+FieldBankTransaction+"` != ''")
	return app.Save(payments)
}

// bankCollection is a collection of a business's bank records: every
// member reads, only the server writes.
func bankCollection(name string, businesses *core.Collection) *core.Collection {
	c := core.NewBaseCollection(name)
	c.ListRule = ptr(BusinessReadRule)
	c.ViewRule = ptr(BusinessReadRule)
	c.Fields.Add(&core.RelationField{Name: FieldBusiness, CollectionId: businesses.Id, Required: true, MaxSelect: 1, CascadeDelete: true})
	return c
}

func downBank(app core.App) error {
	payments, err := app.FindCollectionByNameOrId(PaymentsCollection)
	if err != nil {
		return err
	}
	payments.RemoveIndex("idx_payments_bank_transaction")
	payments.Fields.RemoveByName(FieldBankTransaction)
	if err := app.Save(payments); err != nil {
		return err
	}
	businesses, err := app.FindCollectionByNameOrId(BusinessesCollection)
	if err != nil {
		return err
	}
	businesses.Fields.RemoveByName(FieldBankAutoConfirm)
	if err := app.Save(businesses); err != nil {
		return err
	}
	return deleteCollections(app, BankCSVMappingsCollection, BankTransactionsCollection, BankStatementsCollection)
}

// findCollections finds the named collections, in the order given.
func findCollections(app core.App, names ...string) ([]*core.Collection, error) {
	found := make([]*core.Collection, len(names))
	for i, name := range names {
		c, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			return nil, err
		}
		found[i] = c
	}
	return found, nil
}

// addFields adds the fields to the collection and saves it.
func addFields(app core.App, collection string, fields ...core.Field) error {
	c, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		return err
	}
	c.Fields.Add(fields...)
	return app.Save(c)
}

// removeFields drops the named fields from the collection and saves it.
func removeFields(app core.App, collection string, names ...string) error {
	c, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		return err
	}
	for _, name := range names {
		c.Fields.RemoveByName(name)
	}
	return app.Save(c)
}

// deleteCollections deletes the collections, in the order given (a
// collection others refer to comes after them).
func deleteCollections(app core.App, names ...string) error {
	for _, name := range names {
		c, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			return err
		}
		if err := app.Delete(c); err != nil {
			return err
		}
	}
	return nil
}
