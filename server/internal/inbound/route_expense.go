package inbound

import (
	"encoding/json"
	"net/http"
	"path"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/billing"
	"folio/server/migrations"
)

// expenseAnswer is what the expense route answers: the new expense's id
// and its vendor's (empty when the invoice named no seller).
type expenseAnswer struct {
	ID       string    `json:"id"`
	Vendor   string    `json:"vendor"`
	Problems []Problem `json:"problems"`
}

// expenseRoute reads the file again and, in one transaction, finds or
// makes the vendor and makes the expense: the prefill's fields, the file
// as it came (source_file), its format and the problems found. A file
// that is no e-invoice, or a credit note, makes nothing.
func expenseRoute(e *core.RequestEvent) error {
	up, d, problems, err := receive(e)
	if err != nil {
		return err
	}
	if d.Kind == KindCreditNote {
		return answer(refuse("folio_inbound_credit_note", msgCreditNote))
	}
	p := DecidePrefill(d)
	var out expenseAnswer
	err = e.App.RunInTransaction(func(tx core.App) error {
		vendor, err := billing.MatchOrCreateVendor(tx, up.business, billing.VendorFacts{Name: p.Vendor.Name,
			VATID: p.Vendor.VATID, IBAN: p.Vendor.IBAN, Address: p.Vendor.Address, Country: p.Vendor.Country, Email: p.Vendor.Email})
		if err != nil {
			return err
		}
		col, err := tx.FindCollectionByNameOrId(migrations.ExpensesCollection)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Set(migrations.FieldBusiness, up.business)
		if vendor != nil {
			rec.Set(migrations.FieldVendor, vendor.Id)
			out.Vendor = vendor.Id
		}
		lines, err := json.Marshal(p.VATLines)
		if err != nil {
			return err
		}
		problemsJSON, err := json.Marshal(problems)
		if err != nil {
			return err
		}
		file, err := filesystem.NewFileFromBytes(up.data, fileName(up.name, d.Format))
		if err != nil {
			return err
		}
		for field, v := range map[string]any{
			migrations.FieldVendorName:     p.VendorName,
			"number":                       p.Number,
			"date":                         p.Date,
			"due_date":                     p.DueDate,
			"description":                  p.Description,
			"currency":                     p.Currency,
			"note":                         p.Note,
			migrations.FieldVATLines:       json.RawMessage(lines),
			migrations.FieldPaymentState:   migrations.ExpenseUnpaid,
			migrations.FieldSourceFile:     file,
			migrations.FieldSourceFormat:   d.Format,
			migrations.FieldSourceProblems: json.RawMessage(problemsJSON),
		} {
			rec.Set(field, v)
		}
		if err := tx.Save(rec); err != nil {
			return err
		}
		out.ID = rec.Id
		return nil
	})
	if err != nil {
		return err
	}
	out.Problems = problems
	return e.JSON(http.StatusOK, out)
}

// fileName is the name the file is kept under: the one it was sent with,
// or invoice.xml / invoice.pdf.
func fileName(name, format string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	if name == "" || name == "." || name == "/" {
		if format == FormatFacturX {
			return "invoice.pdf"
		}
		return "invoice.xml"
	}
	return name
}
