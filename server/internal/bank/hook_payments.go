package bank

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// keepBankLinkOnCreate drops a client's bank_transaction on a new payment:
// only confirming a bank transaction links one (and marks it matched).
func keepBankLinkOnCreate(e *core.RecordRequestEvent) error {
	e.Record.Set(migrations.FieldBankTransaction, "")
	return e.Next()
}

// keepBankLinkOnUpdate keeps a payment's link to its bank transaction as
// it was.
func keepBankLinkOnUpdate(e *core.RecordRequestEvent) error {
	e.Record.Set(migrations.FieldBankTransaction, e.Record.Original().GetString(migrations.FieldBankTransaction))
	return e.Next()
}

// releaseTransaction: when a payment confirmed from a bank transaction is
// deleted, the transaction can be matched again (in the same transaction
// as the delete).
func releaseTransaction(e *core.RecordEvent) error {
	if err := e.Next(); err != nil {
		return err
	}
	id := e.Record.GetString(migrations.FieldBankTransaction)
	if id == "" {
		return nil
	}
	_, err := e.App.DB().Update(migrations.BankTransactionsCollection, dbx.Params{
		"state":   dbx.NewExp("CASE WHEN [[invoice]] != '' THEN 'suggested' ELSE 'unmatched' END"),
		"payment": "",
	}, dbx.HashExp{"id": id, "state": migrations.BankStateMatched}).Execute()
	return err
}
