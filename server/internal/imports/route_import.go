package imports

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/team"
	"folio/server/migrations"
)

// The choices for a row that is already a customer.
const (
	dupSkip   = "skip"
	dupUpdate = "update"
	dupNew    = "new"
)

// listMax is the most problems and duplicates an answer lists (their
// counts are always whole).
const listMax = 1000

// previewRows is how many rows the preview shows.
const previewRows = 10

// request is an upload: the form fields sent before the file, and the
// file's rows.
type request struct {
	business, kind, mode, duplicates string
	// id names the preview or run so its progress can be asked for (and
	// is the run's imports record); live is that progress.
	id      string
	live    *live
	spec    *kindSpec
	mapping Mapping
	skip    map[int]bool
	// fixes are the values the person corrected in the preview, by row
	// and field; they replace the file's cells.
	fixes          map[int]map[string]string
	fileName, hash string
	header         []string
	rows           []sourceRow
	// customers indexes the business's customers for open invoices
	// (loaded by the first row that needs it).
	customers *customerIndex
	// createdVendors are the vendors an import of expenses created.
	createdVendors []string
}

// readRequest reads the multipart form: "business", "kind" (customers, items),
// "mode" (all, rows), "duplicates" (skip, update, new), "mapping" (JSON
// {field: column index}), "skip" (JSON [row numbers]), "fixes" (JSON
// {row number: {field: value}}, mapped fields only) and "id" (progress.go)
// before "file".
// Only owners and admins get as far as the file, which is read as it
// arrives, within MaxFileBytes and MaxRows.
func readRequest(e *core.RequestEvent) (*request, error) {
	e.Request.Body = http.MaxBytesReader(e.Response, e.Request.Body, MaxFileBytes+1<<20)
	mr, err := e.Request.MultipartReader()
	if err != nil {
		return nil, badRequest("folio_import_file_missing", msgFileMissing)
	}
	req := &request{kind: "customers", mode: "all", duplicates: dupSkip, business: strings.TrimSpace(e.Request.URL.Query().Get("business"))}
	var mappingJSON, skipJSON, fixesJSON string
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, badRequest("folio_import_file_missing", msgFileMissing)
		}
		if err != nil {
			return nil, readError(err)
		}
		switch part.FormName() {
		case "business":
			if req.business == "" {
				req.business = field(part)
			}
		case "kind":
			req.kind = field(part)
		case "mode":
			req.mode = field(part)
		case "duplicates":
			req.duplicates = field(part)
		case "mapping":
			mappingJSON = field(part)
		case "skip":
			skipJSON = field(part)
		case "fixes":
			fixesJSON = field(part)
		case "id":
			if req.id = field(part); !liveID.MatchString(req.id) {
				return nil, badRequest("folio_import_options_wrong", msgOptionsWrong)
			}
		case "file":
			if err := team.Require(e, req.business, team.Manage); err != nil {
				return nil, err
			}
			req.spec = kinds[req.kind]
			if req.spec == nil || !slices.Contains(migrations.ImportModes, req.mode) ||
				!slices.Contains([]string{dupSkip, dupUpdate, dupNew}, req.duplicates) {
				return nil, badRequest("folio_import_options_wrong", msgOptionsWrong)
			}
			req.skip = map[int]bool{}
			if skipJSON != "" {
				var rows []int
				if json.Unmarshal([]byte(skipJSON), &rows) != nil {
					return nil, badRequest("folio_import_options_wrong", msgOptionsWrong)
				}
				for _, n := range rows {
					req.skip[n] = true
				}
			}
			if err := req.readFile(part); err != nil {
				return nil, err
			}
			if mappingJSON == "" {
				req.mapping = decideColumns(req.spec.fields, req.spec.aliases, req.header)
			} else if req.mapping, err = parseMapping(mappingJSON, req.spec.fields, len(req.header)); err != nil {
				return nil, err
			}
			if req.fixes, err = parseFixes(fixesJSON, req.mapping); err != nil {
				return nil, err
			}
			return req, nil
		}
	}
}

// readFile reads the file's header and rows and its SHA-256.
func (req *request) readFile(part *multipart.Part) error {
	req.fileName = part.FileName()
	sum := sha256.New()
	t, err := openTable(&capped{r: io.TeeReader(part, sum), max: MaxFileBytes})
	if err == nil {
		defer t.close()
		req.header = t.header
		req.rows, err = readRows(t, MaxRows)
	}
	if err == nil {
		// What the reader left (a CSV's last bytes after its last row).
		_, err = io.Copy(sum, &capped{r: part, max: MaxFileBytes})
	}
	switch {
	case err == nil:
		req.hash = hex.EncodeToString(sum.Sum(nil))
		return nil
	case errors.Is(err, errTooManyRows):
		return answer(http.StatusRequestEntityTooLarge, "folio_import_too_many_rows", msgTooManyRows)
	case errors.Is(err, errEmpty):
		return badRequest("folio_import_file_empty", msgFileEmpty)
	}
	return readError(err)
}

// parseMapping reads the mapping the person chose: known fields, columns
// of the file.
func parseMapping(raw string, fields []string, columns int) (Mapping, error) {
	var m Mapping
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, badRequest("folio_import_mapping_wrong", msgMappingWrong)
	}
	for f, i := range m {
		if !slices.Contains(fields, f) || i < 0 || i >= columns {
			return nil, badRequest("folio_import_mapping_wrong", msgMappingWrong)
		}
	}
	return m, nil
}

// parseFixes reads the values corrected in the preview: each of a field
// the mapping has.
func parseFixes(raw string, m Mapping) (map[int]map[string]string, error) {
	fixes := map[int]map[string]string{}
	if raw == "" {
		return fixes, nil
	}
	if err := json.Unmarshal([]byte(raw), &fixes); err != nil {
		return nil, badRequest("folio_import_options_wrong", msgOptionsWrong)
	}
	for _, row := range fixes {
		for f := range row {
			if _, ok := m[f]; !ok {
				return nil, badRequest("folio_import_mapping_wrong", msgMappingWrong)
			}
		}
	}
	return fixes, nil
}

// cells are row's cells with the values corrected in the preview.
func (req *request) cells(row sourceRow) []string {
	fix := req.fixes[row.n]
	if len(fix) == 0 {
		return row.cells
	}
	cells := slices.Clone(row.cells)
	for f, v := range fix {
		i := req.mapping[f]
		for len(cells) <= i {
			cells = append(cells, "")
		}
		cells[i] = v
	}
	return cells
}

// field reads a small form field.
func field(p *multipart.Part) string {
	b, _ := io.ReadAll(io.LimitReader(p, 64<<10))
	return strings.TrimSpace(string(b))
}

// readError is the answer to a file that broke off, was too large or
// can't be read.
func readError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.Is(err, errTooLarge) || errors.As(err, &tooLarge) {
		return answer(http.StatusRequestEntityTooLarge, "folio_import_file_too_large", msgFileTooLarge)
	}
	return badRequest("folio_import_file_unreadable", msgFileUnreadable)
}

// Duplicate is a row that is already a customer.
type Duplicate struct {
	Row      int    `json:"row"`
	Customer string `json:"customer"`
	Name     string `json:"name"`
	By       string `json:"by"` // the field that matched: email, tax_id, sku or name
}

// outcome is what applying the rows did (or would do).
type outcome struct {
	Created    int         `json:"created"`
	Updated    int         `json:"updated"`
	Skipped    int         `json:"skipped"`
	Failed     int         `json:"failed"`
	Problems   []Problem   `json:"problems"`
	Duplicates []Duplicate `json:"duplicates"`
	DupCount   int         `json:"duplicate_count"`

	createdIDs []string
	previous   []previousValues
}

// previousValues are an updated record's values before the import, and
// the payment the import added to an updated open invoice.
type previousValues struct {
	ID      string         `json:"id"`
	Fields  map[string]any `json:"fields"`
	Payment string         `json:"payment,omitempty"`
}

// existing indexes the business's records by the fields that make a row
// one of them (a customer's email and VAT ID, an item's SKU and name).
type existing struct {
	spec  *kindSpec
	index []map[string]*dbRecord // one per spec.same
}

type dbRecord struct {
	ID   string
	Name string
}

func taxKey(s string) string { return strings.ToUpper(strings.Join(strings.Fields(s), "")) }

func loadExisting(app core.App, spec *kindSpec, business string) (*existing, error) {
	label := spec.label
	if label == "" {
		label = "name"
	}
	cols := []string{"id", label}
	for _, f := range spec.same {
		cols = append(cols, f.field)
		for _, w := range f.with {
			cols = append(cols, w.field)
		}
	}
	var all []dbx.NullStringMap
	q := app.DB().Select(cols...).From(spec.collection).Where(dbx.HashExp{"business": business})
	if spec.order != nil {
		q = q.OrderBy(spec.order...)
	}
	err := q.All(&all)
	if err != nil {
		return nil, err
	}
	ex := &existing{spec: spec, index: make([]map[string]*dbRecord, len(spec.same))}
	for i := range spec.same {
		ex.index[i] = map[string]*dbRecord{}
	}
	for _, row := range all {
		r := &dbRecord{ID: row["id"].String, Name: row[label].String}
		for i, f := range spec.same {
			// The first record of a key is the one its rows match.
			if k := f.keyOf(func(field string) string { return row[field].String }); k != "" && ex.index[i][k] == nil {
				ex.index[i][k] = r
			}
		}
	}
	return ex, nil
}

// match is the record the row's values already are, and by which field.
func (ex *existing) match(v map[string]any) (*dbRecord, string) {
	for i, f := range ex.spec.same {
		if k := f.keyOf(func(field string) string { s, _ := v[field].(string); return s }); k != "" {
			if r := ex.index[i][k]; r != nil {
				return r, f.field
			}
		}
	}
	return nil, ""
}

// keyOf is the key a record or a row is matched on by f: its field's
// key and those of the fields with it; "" when the field's is empty.
func (f sameField) keyOf(value func(field string) string) string {
	k := f.key(value(f.field))
	if k == "" {
		return ""
	}
	for _, w := range f.with {
		k += "\x00" + w.key(value(w.field))
	}
	return k
}

// decision is a row decided: its values and problems, or skipped, or
// merged into the first row of its group.
type decision struct {
	values          map[string]any
	problems        []Problem
	skipped, merged bool
}

// decideAll decides every row not skipped; for a kind whose rows group
// into one record (an expense's VAT lines) a row is merged into the
// first of its group, which takes its problems too.
func decideAll(req *request, currency string) []decision {
	out := make([]decision, len(req.rows))
	first := map[string]int{}
	for i, row := range req.rows {
		if req.skip[row.n] {
			out[i].skipped = true
			continue
		}
		v, p := req.spec.decide(req.mapping, row.n, req.cells(row), currency)
		out[i] = decision{values: v, problems: p}
		if req.spec.groupKey == nil {
			continue
		}
		k := req.spec.groupKey(v)
		if k == "" {
			continue
		}
		j, seen := first[k]
		if !seen {
			first[k] = i
			continue
		}
		req.spec.merge(out[j].values, v)
		out[j].problems = append(out[j].problems, p...)
		out[i].merged = true
	}
	return out
}

// defaultCurrency is the business's currency for new records.
func defaultCurrency(app core.App, business string) string {
	var cur string
	_ = app.DB().Select(migrations.FieldDefaultCurrency).From(migrations.BusinessesCollection).
		Where(dbx.HashExp{"id": business}).Limit(1).Row(&cur)
	if cur == "" {
		return migrations.DefaultCurrency
	}
	return cur
}

// apply saves the rows through app (a transaction) by the rules of a
// typed record of their kind and tells what happened to each.
func apply(app core.App, req *request) (*outcome, error) {
	col, err := app.FindCachedCollectionByNameOrId(req.spec.collection)
	if err != nil {
		return nil, err
	}
	currency := defaultCurrency(app, req.business)
	ex, err := loadExisting(app, req.spec, req.business)
	if err != nil {
		return nil, err
	}
	out := &outcome{Problems: []Problem{}, Duplicates: []Duplicate{}}
	fail := func(problems []Problem) {
		out.Failed++
		for _, p := range problems {
			if len(out.Problems) < listMax {
				out.Problems = append(out.Problems, p)
			}
		}
	}
	decided := decideAll(req, currency)
	for i, row := range req.rows {
		req.step(i)
		d := decided[i]
		if d.skipped {
			out.Skipped++
			continue
		}
		if d.merged {
			continue
		}
		values, problems := d.values, d.problems
		if len(problems) > 0 {
			fail(problems)
			continue
		}
		rec := core.NewRecord(col)
		rec.Set("business", req.business)
		var prev *previousValues
		if dup, by := ex.match(values); dup != nil {
			out.DupCount++
			if len(out.Duplicates) < listMax {
				out.Duplicates = append(out.Duplicates, Duplicate{Row: row.n, Customer: dup.ID, Name: dup.Name, By: by})
			}
			switch req.duplicates {
			case dupSkip:
				out.Skipped++
				continue
			case dupUpdate:
				if rec, err = app.FindRecordById(col, dup.ID); err != nil {
					return nil, err
				}
				if req.spec.update != nil {
					prev, problems, err := req.spec.update(app, req, rec, values, row.n)
					switch {
					case err != nil:
						return nil, err
					case len(problems) > 0:
						fail(problems)
					case prev == nil: // the row changes nothing
						out.Skipped++
					default:
						out.Updated++
						out.previous = append(out.previous, *prev)
					}
					continue
				}
				prev = &previousValues{ID: rec.Id, Fields: map[string]any{}}
				for f := range values {
					prev.Fields[f] = rec.Get(f)
				}
			}
		}
		if req.spec.write != nil && prev == nil {
			problems, err := req.spec.write(app, req, rec, values, row.n)
			if err != nil {
				return nil, err
			}
			if len(problems) > 0 {
				fail(problems)
				continue
			}
			out.Created++
			out.createdIDs = append(out.createdIDs, rec.Id)
			continue
		}
		for f, val := range values {
			rec.Set(f, val)
		}
		if err := app.Save(rec); err != nil {
			fail(problemsOf(row.n, router.ToApiError(err).Data))
			continue
		}
		if prev != nil {
			out.Updated++
			out.previous = append(out.previous, *prev)
		} else {
			out.Created++
			out.createdIDs = append(out.createdIDs, rec.Id)
		}
	}
	req.step(len(req.rows))
	return out, nil
}

// errRollback ends a transaction whose writes are not kept.
var errRollback = errors.New("rolled back")

// previewAnswer is the preview: the header, the mapping (guessed or as
// sent), the first rows as the customers they become, and what a run
// would do with every row (problems, duplicates).
type previewAnswer struct {
	Header  []string     `json:"header"`
	Mapping Mapping      `json:"mapping"`
	Fields  []string     `json:"fields"`
	Total   int          `json:"total"`
	Rows    []previewRow `json:"rows"`
	*outcome
}

type previewRow struct {
	Row    int            `json:"row"`
	Values map[string]any `json:"values"`
}

func (s *service) previewRoute(e *core.RequestEvent) error {
	req, err := readRequest(e)
	if err != nil {
		return err
	}
	defer s.track(req)()
	var out *outcome
	err = e.App.RunInTransaction(func(tx core.App) error {
		var aerr error
		if out, aerr = apply(tx, req); aerr != nil {
			return aerr
		}
		return errRollback
	})
	if !errors.Is(err, errRollback) {
		return e.InternalServerError("", err)
	}
	ans := previewAnswer{Header: req.header, Mapping: req.mapping, Fields: req.spec.fields, Total: len(req.rows), outcome: out}
	currency := defaultCurrency(e.App, req.business)
	for _, row := range req.rows[:min(previewRows, len(req.rows))] {
		v, _ := req.spec.decide(req.mapping, row.n, req.cells(row), currency)
		ans.Rows = append(ans.Rows, previewRow{Row: row.n, Values: v})
	}
	sortProblems(out.Problems)
	return e.JSON(http.StatusOK, ans)
}

func sortProblems(p []Problem) {
	sort.SliceStable(p, func(i, j int) bool {
		if p[i].Row != p[j].Row {
			return p[i].Row < p[j].Row
		}
		return p[i].Field < p[j].Field
	})
}

// runAnswer is a finished run.
type runAnswer struct {
	ID string `json:"id"`
	*outcome
}

// runRoute imports the file: it claims the file for the business (a
// second run of the same file, at once or later, is refused until the
// first is undone), then writes the rows in one transaction; all or
// nothing keeps none of them when one has a problem.
func (s *service) runRoute(e *core.RequestEvent) error {
	req, err := readRequest(e)
	if err != nil {
		return err
	}
	named := slices.ContainsFunc(req.spec.named, func(f string) bool { _, ok := req.mapping[f]; return ok })
	if !named {
		return badRequest("folio_import_no_name_column", msgNoNameColumn)
	}
	defer s.track(req)()
	claim, err := s.claim(e, req)
	if err != nil {
		return err
	}
	var out *outcome
	err = e.App.RunInTransaction(func(tx core.App) error {
		var aerr error
		if out, aerr = apply(tx, req); aerr != nil {
			return aerr
		}
		if req.mode == "all" && out.Failed > 0 {
			return errRollback
		}
		claim.Set("status", migrations.ImportDone)
		claim.Set("created_count", out.Created)
		claim.Set("updated_count", out.Updated)
		claim.Set("skipped_count", out.Skipped)
		claim.Set("failed_count", out.Failed)
		claim.Set(migrations.FieldImportCreated, orEmpty(out.createdIDs))
		claim.Set(migrations.FieldImportPrevious, orEmpty(out.previous))
		claim.Set(migrations.FieldImportCreatedVendors, orEmpty(req.createdVendors))
		return tx.Save(claim)
	})
	if err != nil {
		if derr := e.App.Delete(claim); derr != nil {
			e.App.Logger().Error("import: the claim of a failed run stays", "import", claim.Id, "error", derr)
		}
		if errors.Is(err, errRollback) {
			sortProblems(out.Problems)
			a := answer(http.StatusUnprocessableEntity, "folio_import_rows_invalid", msgRowsInvalid)
			a.Data["problems"] = out.Problems
			a.Data["failed"] = out.Failed
			return a
		}
		return e.InternalServerError("", err)
	}
	sortProblems(out.Problems)
	return e.JSON(http.StatusOK, runAnswer{ID: claim.Id, outcome: out})
}

func orEmpty[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}

// claim records the run before it writes anything: the unique index on
// (business, file_hash) over imports not undone lets one run of a file
// through.
func (s *service) claim(e *core.RequestEvent, req *request) (*core.Record, error) {
	col, err := e.App.FindCachedCollectionByNameOrId(migrations.ImportsCollection)
	if err != nil {
		return nil, e.InternalServerError("", err)
	}
	rec := core.NewRecord(col)
	if req.id != "" {
		rec.Id = req.id
	}
	rec.Set("business", req.business)
	rec.Set("kind", req.kind)
	rec.Set("mode", req.mode)
	rec.Set("status", migrations.ImportRunning)
	rec.Set("file_name", truncate(req.fileName, 255))
	rec.Set(migrations.FieldImportFileHash, req.hash)
	rec.Set("imported_by", e.Auth.Id)
	rec.Set(migrations.FieldImportTotal, len(req.rows))
	err = e.App.Save(rec)
	if err == nil {
		return rec, nil
	}
	// The file's import that holds it: a run that stopped half-way
	// frees it (and this run tries once more); another is refused.
	held, ferr := e.App.FindFirstRecordByFilter(migrations.ImportsCollection,
		"business = {:b} && "+migrations.FieldImportFileHash+" = {:h} && (status = {:running} || status = {:done})",
		dbx.Params{"b": req.business, "h": req.hash, "running": migrations.ImportRunning, "done": migrations.ImportDone})
	if ferr != nil {
		return nil, e.InternalServerError("", err)
	}
	if s.stopped(held) {
		if err := failImport(e.App, held); err != nil {
			return nil, e.InternalServerError("", err)
		}
		if err := e.App.Save(rec); err == nil {
			return rec, nil
		}
	}
	return nil, answer(http.StatusConflict, "folio_import_already_imported", msgAlreadyImported)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
