package imports

import (
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/billing"
	"folio/server/migrations"
)

// expenseRecordFields are the values of an expense's row that are the
// expense's own fields (the rest match its vendor).
var expenseRecordFields = []string{
	"date", migrations.FieldVendorName, "number", "description", "category", "currency",
	migrations.FieldVATLines, migrations.FieldPaymentState, migrations.FieldPaidOn,
}

// writeExpense saves an expense as a typed one is saved (the expense's
// rules check and complete its VAT lines), its vendor matched or created
// with billing.MatchOrCreateVendor; a vendor created for an expense that
// is refused is deleted again.
func writeExpense(app core.App, req *request, rec *core.Record, v map[string]any, n int) ([]Problem, error) {
	created, problems, err := setExpense(app, req, rec, v, n)
	if err != nil || len(problems) > 0 {
		return problems, err
	}
	if err := app.Save(rec); err != nil {
		if created != nil {
			if derr := app.Delete(created); derr != nil {
				return nil, derr
			}
			req.createdVendors = req.createdVendors[:len(req.createdVendors)-1]
		}
		return expenseProblems(n, v, router.ToApiError(err).Data), nil
	}
	return nil, nil
}

// updateExpense imports a receipt again over the expense already there
// with its vendor, number and date: its fields as the file says, the
// previous ones kept for the undo.
func updateExpense(app core.App, req *request, rec *core.Record, v map[string]any, n int) (*previousValues, []Problem, error) {
	prev := &previousValues{ID: rec.Id, Fields: map[string]any{migrations.FieldVendor: rec.Get(migrations.FieldVendor)}}
	for _, f := range expenseRecordFields {
		prev.Fields[f] = rec.Get(f)
	}
	problems, err := writeExpense(app, req, rec, v, n)
	if err != nil || len(problems) > 0 {
		return nil, problems, err
	}
	return prev, nil, nil
}

// setExpense sets the row's values on rec and its vendor, matched or
// created; it answers the vendor when it was created for this row.
func setExpense(app core.App, req *request, rec *core.Record, v map[string]any, n int) (*core.Record, []Problem, error) {
	for _, f := range expenseRecordFields {
		if val, ok := v[f]; ok {
			rec.Set(f, val)
		}
	}
	name, _ := v[migrations.FieldVendorName].(string)
	vatID, _ := v["vendor_vat_id"].(string)
	if name == "" && vatID == "" {
		return nil, nil, nil
	}
	count := func() (int64, error) {
		return app.CountRecords(migrations.VendorsCollection, dbx.HashExp{migrations.FieldBusiness: req.business})
	}
	before, err := count()
	if err != nil {
		return nil, nil, err
	}
	vendor, err := billing.MatchOrCreateVendor(app, req.business, billing.VendorFacts{Name: name, VATID: vatID})
	if err != nil {
		return nil, []Problem{{Row: n, Field: "vendor", Code: problemInvalid}}, nil
	}
	if vendor == nil {
		return nil, nil, nil
	}
	rec.Set(migrations.FieldVendor, vendor.Id)
	after, err := count()
	if err != nil || after == before {
		return nil, nil, err
	}
	req.createdVendors = append(req.createdVendors, vendor.Id)
	return vendor, nil, nil
}

// expenseProblems are a refused expense's problems, each of the row of
// the VAT line it names (the expense's rules count its lines), with the
// line's rate.
func expenseProblems(n int, v map[string]any, data map[string]any) []Problem {
	problems := problemsOf(n, data)
	rows, _ := v[lineRowsKey].([]int)
	lines, _ := v[migrations.FieldVATLines].([]map[string]any)
	for i, p := range problems {
		line := lineOf(p.Params["line"])
		if line < 1 || line > len(rows) {
			continue
		}
		problems[i].Row = rows[line-1]
		if line <= len(lines) {
			problems[i].Params = maps(p.Params, "rate", lines[line-1]["rate"])
		}
	}
	return problems
}

// lineOf reads a line number param (an int, or a float64 once through
// JSON); 0 when there is none.
func lineOf(v any) int {
	switch l := v.(type) {
	case int:
		return l
	case float64:
		return int(l)
	}
	return 0
}

// maps is params with key set to value (a new map).
func maps(params map[string]any, key string, value any) map[string]any {
	out := map[string]any{key: value}
	for k, val := range params {
		out[k] = val
	}
	return out
}

// undoCreatedVendors deletes the vendors an import of expenses created
// that have no expense left (an expense added since keeps its vendor).
func undoCreatedVendors(tx core.App, ids []string) error {
	for _, id := range slices.Compact(slices.Sorted(slices.Values(ids))) {
		rec, err := tx.FindRecordById(migrations.VendorsCollection, id)
		if err != nil {
			continue // deleted since
		}
		if n, err := tx.CountRecords(migrations.ExpensesCollection, dbx.HashExp{migrations.FieldVendor: id}); err != nil || n > 0 {
			if err != nil {
				return err
			}
			continue
		}
		if err := tx.Delete(rec); err != nil {
			return err
		}
	}
	return nil
}
