package bank

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// transactionFor finds the bank transaction of the path and checks that
// the signed-in person may write in its business. A transaction of a
// business they are not in is not found, like one that does not exist.
func transactionFor(e *core.RequestEvent) (*core.Record, error) {
	tx, err := e.App.FindRecordById(migrations.BankTransactionsCollection, e.Request.PathValue("id"))
	if err != nil {
		return nil, answer(http.StatusNotFound, "folio_bank_transaction_missing", msgTxNotFound)
	}
	if role, _ := team.RoleOf(e.App, e.Auth.Id, tx.GetString("business")); role == "" {
		return nil, answer(http.StatusNotFound, "folio_bank_transaction_missing", msgTxNotFound)
	}
	if err := team.Require(e, tx.GetString("business"), team.Write); err != nil {
		return nil, err
	}
	return tx, nil
}

// invoiceBody reads {"invoice": id} ("" when absent).
func invoiceBody(e *core.RequestEvent) string {
	var body struct {
		Invoice string `json:"invoice"`
	}
	_ = e.BindBody(&body)
	return strings.TrimSpace(body.Invoice)
}

// confirmRoute records the transaction as a payment of its certain (or
// first suggested) invoice, or of the invoice in the body.
func (s *service) confirmRoute(e *core.RequestEvent) error {
	tx, err := transactionFor(e)
	if err != nil {
		return err
	}
	return s.answerConfirm(e, tx.Id, invoiceBody(e))
}

// assignRoute records the transaction as a payment of the invoice a person
// chose ({"invoice": id}, required).
func (s *service) assignRoute(e *core.RequestEvent) error {
	tx, err := transactionFor(e)
	if err != nil {
		return err
	}
	invoice := invoiceBody(e)
	if invoice == "" {
		return badRequest("folio_bank_choose_invoice", msgChooseInvoice)
	}
	return s.answerConfirm(e, tx.Id, invoice)
}

func (s *service) answerConfirm(e *core.RequestEvent, id, invoice string) error {
	payment, err := s.confirm(e, id, invoice)
	if err != nil {
		return err
	}
	tx, err := e.App.FindRecordById(migrations.BankTransactionsCollection, id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]any{"transaction": tx, "payment": payment})
}

// confirm records transaction id as a payment of invoice (or of its
// matched invoice), through the payment rules, and marks it matched, in
// one transaction: of two confirmations at once, one records and the
// other finds it matched.
func (s *service) confirm(e *core.RequestEvent, id, invoice string) (*core.Record, error) {
	var payment *core.Record
	err := e.App.RunInTransaction(func(app core.App) error {
		tx, err := app.FindRecordById(migrations.BankTransactionsCollection, id)
		if err != nil {
			return answer(http.StatusNotFound, "folio_bank_transaction_missing", msgTxNotFound)
		}
		if tx.GetString("state") == migrations.BankStateMatched {
			return answer(http.StatusConflict, "folio_bank_already_matched", msgAlreadyMatched)
		}
		if !tx.GetBool("credit") {
			return badRequest("folio_bank_outgoing", msgOutgoing)
		}
		if invoice == "" {
			invoice = chosenInvoice(tx)
		}
		if invoice == "" {
			return badRequest("folio_bank_choose_invoice", msgChooseInvoice)
		}
		inv, err := app.FindRecordById(migrations.InvoicesCollection, invoice)
		if err != nil || inv.GetString("business") != tx.GetString("business") {
			return badRequest("folio_bank_invoice_not_found", msgInvoiceNotFound)
		}
		if !strings.EqualFold(inv.GetString("currency"), tx.GetString("currency")) {
			return badRequest("folio_bank_currency_differs", msgCurrencyDiffers)
		}
		payments, err := app.FindCollectionByNameOrId(migrations.PaymentsCollection)
		if err != nil {
			return err
		}
		payment = core.NewRecord(payments)
		payment.Set("business", tx.GetString("business"))
		payment.Set("invoice", inv.Id)
		payment.Set("amount_cents", tx.GetInt("amount_cents"))
		payment.Set("date", tx.GetDateTime("booking_date"))
		payment.Set("method", "bank_transfer")
		payment.Set("reference", cut(paymentReference(tx), 200))
		payment.Set("notes", cut(tx.GetString("counterparty"), 5000))
		payment.Set(migrations.FieldBankTransaction, tx.Id)
		billing.SetActor(payment, e.Auth)
		if err := app.Save(payment); err != nil {
			return err
		}
		tx.Set("state", migrations.BankStateMatched)
		tx.Set("invoice", inv.Id)
		tx.Set("payment", payment.Id)
		tx.Set("decided_by", e.Auth.Id)
		tx.Set("decided_at", s.now())
		return app.Save(tx)
	})
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, answer(http.StatusNotFound, "folio_bank_transaction_missing", msgTxNotFound)
		}
		return nil, err
	}
	return payment, nil
}

// chosenInvoice is the invoice a confirmation without one pays: the
// certain match, or the only candidate.
func chosenInvoice(tx *core.Record) string {
	if id := tx.GetString("invoice"); id != "" {
		return id
	}
	var candidates []Candidate
	_ = tx.UnmarshalJSONField("candidates", &candidates)
	if len(candidates) == 1 {
		return candidates[0].Invoice
	}
	return ""
}

// paymentReference is what the payment's reference says: the
// structured reference, else the remittance text, else the bank's.
func paymentReference(tx *core.Record) string {
	for _, f := range []string{"creditor_ref", "remittance", "bank_ref"} {
		if v := strings.TrimSpace(tx.GetString(f)); v != "" {
			return v
		}
	}
	return ""
}

// ignoreRoute sets a transaction aside (not a customer's payment).
func (s *service) ignoreRoute(e *core.RequestEvent) error {
	tx, err := transactionFor(e)
	if err != nil {
		return err
	}
	if tx.GetString("state") == migrations.BankStateMatched {
		return answer(http.StatusConflict, "folio_bank_matched_ignore", msgMatchedIgnore)
	}
	tx.Set("state", migrations.BankStateIgnored)
	tx.Set("decided_by", e.Auth.Id)
	tx.Set("decided_at", s.now())
	if err := e.App.Save(tx); err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, tx)
}

// restoreRoute takes an ignored transaction back and matches it again
// against the invoices open now.
func (s *service) restoreRoute(e *core.RequestEvent) error {
	tx, err := transactionFor(e)
	if err != nil {
		return err
	}
	if tx.GetString("state") == migrations.BankStateMatched {
		return answer(http.StatusConflict, "folio_bank_already_matched", msgAlreadyMatched)
	}
	invoices, err := loadOpenInvoices(e.App, tx.GetString("business"))
	if err != nil {
		return e.InternalServerError("", err)
	}
	m := NewIndex(invoices).Decide(Incoming{Credit: tx.GetBool("credit"), AmountCents: int64(tx.GetInt("amount_cents")),
		Currency: tx.GetString("currency"), Counterparty: tx.GetString("counterparty"),
		Remittance: tx.GetString("remittance"), CreditorRef: tx.GetString("creditor_ref")})
	tx.Set("state", m.State)
	tx.Set("invoice", m.Invoice)
	tx.Set("candidates", nonNil(m.Candidates))
	tx.Set("reasons", nonNil(m.Reasons))
	tx.Set("decided_by", "")
	tx.Set("decided_at", "")
	if err := e.App.Save(tx); err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, tx)
}
