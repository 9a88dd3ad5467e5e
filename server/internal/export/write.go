package export

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/migrations"
)

// pageSize is how many records are read at a time.
const pageSize = 500

// secretFields are never exported, whatever their collection says.
var secretFields = map[string]bool{"token_hash": true, "tokenKey": true, "password": true}

// lineKeysFirst is the order of the known line columns; others follow
// alphabetically.
var lineKeysFirst = []string{"id", "description", "quantity", "unit", "unit_code", "unit_price_cents", "discount_percent", "tax_rate", "net_cents"}

// Manifest is manifest.json: what the zip holds, of which business, and
// who downloaded it.
type Manifest struct {
	Format       string         `json:"format"`
	Version      int            `json:"version"`
	ExportedAt   string         `json:"exported_at"`
	Business     string         `json:"business"`
	BusinessName string         `json:"business_name"`
	Account      string         `json:"account"`
	Email        string         `json:"email"`
	Records      map[string]int `json:"records"`
	Files        int            `json:"files"`
}

// teamCollections are about the people of a business, not its books: they
// are not exported (members read them in the app).
var teamCollections = map[string]bool{migrations.MembershipsCollection: true, migrations.InvitationsCollection: true}

// owned are the collections a business's export reads: every collection
// with a business relation that its members may read through the API (a
// view rule), in name order. Collections only the server reads (public
// link hashes, secrets) are left out, as they are from the API.
func owned(app core.App) ([]*core.Collection, error) {
	all, err := app.FindAllCollections(core.CollectionTypeBase)
	if err != nil {
		return nil, err
	}
	businesses, err := app.FindCachedCollectionByNameOrId(migrations.BusinessesCollection)
	if err != nil {
		return nil, err
	}
	var out []*core.Collection
	for _, c := range all {
		if c.System || c.ViewRule == nil || teamCollections[c.Name] {
			continue
		}
		rel, ok := c.Fields.GetByName(migrations.FieldBusiness).(*core.RelationField)
		if !ok || rel.CollectionId != businesses.Id {
			continue
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// exportedFields are the fields of c an export writes: what the API shows
// a member (no hidden fields, no passwords or token hashes).
func exportedFields(c *core.Collection) []core.Field {
	var out []core.Field
	for _, f := range c.Fields {
		if f.GetHidden() || secretFields[f.GetName()] || f.Type() == core.FieldTypePassword {
			continue
		}
		out = append(out, f)
	}
	return out
}

// writer writes one business's export.
type writer struct {
	app      core.App
	business *core.Record
	user     *core.Record
	zip      *zip.Writer
	now      time.Time
	records  map[string]int
	files    int
}

// Write writes the export of business's data to w as a zip, for user (the
// member who asked: their own profile is in it too).
func Write(app core.App, business, user *core.Record, w io.Writer, now time.Time) error {
	ew := &writer{app: app, business: business, user: user, zip: zip.NewWriter(w), now: now, records: map[string]int{}}
	if err := ew.write(); err != nil {
		return err
	}
	return ew.zip.Close()
}

// single writes one record as the table name, with its files.
func (w *writer) single(name string, r *core.Record) error {
	one := func(each func([]*core.Record) error) error { return each([]*core.Record{r}) }
	fields := exportedFields(r.Collection())
	if err := w.table(name, fields, one); err != nil {
		return err
	}
	return w.filesOf(r.Collection(), fields, one)
}

func (w *writer) write() error {
	// The business's row (its settings, with the logo), and the row of the
	// person who asked (their profile).
	if err := w.single("business", w.business); err != nil {
		return err
	}
	if err := w.single("account", w.user); err != nil {
		return err
	}

	collections, err := owned(w.app)
	if err != nil {
		return err
	}
	for _, c := range collections {
		fields := exportedFields(c)
		pages := w.pages(c)
		if err := w.table(c.Name, fields, pages); err != nil {
			return err
		}
		if c.Fields.GetByName("items") != nil && (c.Name == migrations.QuotesCollection || c.Name == migrations.InvoicesCollection) {
			if err := w.lines(strings.TrimSuffix(c.Name, "s")+"_lines", pages); err != nil {
				return err
			}
		}
		if err := w.filesOf(c, fields, pages); err != nil {
			return err
		}
	}

	m := Manifest{
		Format: "folio-export", Version: 2, ExportedAt: w.now.UTC().Format(time.RFC3339),
		Business: w.business.Id, BusinessName: w.business.GetString(migrations.FieldCompanyName),
		Account: w.user.Id, Email: w.user.Email(), Records: w.records, Files: w.files,
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return w.file("manifest.json", b)
}

// pages reads the business's records of c, pageSize at a time, in id order.
func (w *writer) pages(c *core.Collection) func(each func([]*core.Record) error) error {
	return func(each func([]*core.Record) error) error {
		for offset := 0; ; offset += pageSize {
			var page []*core.Record
			err := w.app.RecordQuery(c).
				AndWhere(dbx.HashExp{migrations.FieldBusiness: w.business.Id}).
				OrderBy("id").Limit(pageSize).Offset(int64(offset)).
				All(&page)
			if err != nil {
				return err
			}
			if len(page) > 0 {
				if err := each(page); err != nil {
					return err
				}
			}
			if len(page) < pageSize {
				return nil
			}
		}
	}
}

func (w *writer) file(name string, b []byte) error {
	f, err := w.zip.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: w.now})
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	return err
}

func (w *writer) create(name string) (io.Writer, error) {
	return w.zip.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: w.now})
}

// table writes name.json (an array of objects, fields in the collection's
// order) and name.csv (one column per field).
func (w *writer) table(name string, fields []core.Field, pages func(func([]*core.Record) error) error) error {
	jf, err := w.create(name + ".json")
	if err != nil {
		return err
	}
	n := 0
	if _, err := io.WriteString(jf, "["); err != nil {
		return err
	}
	err = pages(func(recs []*core.Record) error {
		for _, r := range recs {
			sep := ",\n  "
			if n == 0 {
				sep = "\n  "
			}
			n++
			if _, err := io.WriteString(jf, sep); err != nil {
				return err
			}
			if err := writeObject(jf, r, fields); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	end := "\n]\n"
	if n == 0 {
		end = "]\n"
	}
	if _, err := io.WriteString(jf, end); err != nil {
		return err
	}
	w.records[name] = n

	cf, err := w.create(name + ".csv")
	if err != nil {
		return err
	}
	cw := NewCSV(cf)
	header := make([]string, len(fields))
	for i, f := range fields {
		header[i] = f.GetName()
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	err = pages(func(recs []*core.Record) error {
		for _, r := range recs {
			row := make([]string, len(fields))
			for i, f := range fields {
				row[i] = csvValue(r, f)
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// writeObject writes r's fields as one JSON object, in order.
func writeObject(out io.Writer, r *core.Record, fields []core.Field) error {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(f.GetName())
		b.Write(k)
		b.WriteString(": ")
		v, err := json.Marshal(r.Get(f.GetName()))
		if err != nil {
			return err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	_, err := out.Write(b.Bytes())
	return err
}

// csvBOM makes spreadsheets read the file as UTF-8 (as the app's CSVs).
const csvBOM = "\uFEFF"

// NewCSV starts a CSV as Folio writes them: a UTF-8 byte order mark (so a
// spreadsheet reads the accents), then CRLF rows.
func NewCSV(out io.Writer) *csv.Writer {
	_, _ = io.WriteString(out, csvBOM)
	cw := csv.NewWriter(out)
	cw.UseCRLF = true
	return cw
}

// formulaStart is text a spreadsheet would run as a formula.
var formulaStart = regexp.MustCompile(`^[=+\-@\t\r]`)

// Guard keeps a spreadsheet from running text as a formula.
func Guard(s string) string {
	if formulaStart.MatchString(s) {
		return "'" + s
	}
	return s
}

func csvValue(r *core.Record, f core.Field) string {
	name := f.GetName()
	switch f := f.(type) {
	case *core.NumberField:
		v := r.GetFloat(name)
		if v == float64(int64(v)) {
			return strconv.FormatInt(int64(v), 10)
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	case *core.BoolField:
		return strconv.FormatBool(r.GetBool(name))
	case *core.DateField, *core.AutodateField:
		d := r.GetDateTime(name)
		if d.IsZero() {
			return ""
		}
		return d.Time().UTC().Format(time.RFC3339)
	case *core.JSONField:
		raw, _ := r.Get(name).(types.JSONRaw)
		return Guard(string(raw))
	case *core.RelationField:
		return strings.Join(r.GetStringSlice(name), " ")
	case *core.FileField:
		return strings.Join(r.GetStringSlice(name), " ")
	case *core.SelectField:
		if f.IsMultiple() {
			return strings.Join(r.GetStringSlice(name), " ")
		}
	}
	return Guard(r.GetString(name))
}

// lines writes name.json and name.csv: one row per line of each document,
// with the document's id and number.
func (w *writer) lines(name string, pages func(func([]*core.Record) error) error) error {
	type line struct {
		doc    *core.Record
		fields map[string]any
	}
	var all []line
	keys := map[string]bool{}
	err := pages(func(recs []*core.Record) error {
		for _, r := range recs {
			var items []map[string]any
			raw, _ := r.Get("items").(types.JSONRaw)
			if len(raw) > 0 {
				if err := json.Unmarshal(raw, &items); err != nil {
					return fmt.Errorf("%s %s: items: %w", r.Collection().Name, r.Id, err)
				}
			}
			for _, it := range items {
				for k := range it {
					keys[k] = true
				}
				all = append(all, line{doc: r, fields: it})
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	var cols []string
	for _, k := range lineKeysFirst {
		if keys[k] {
			cols = append(cols, k)
			delete(keys, k)
		}
	}
	var rest []string
	for k := range keys {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	cols = append(cols, rest...)

	type jsonLine struct {
		Document string         `json:"document"`
		Number   string         `json:"number"`
		Line     int            `json:"line"`
		Fields   map[string]any `json:"fields"`
	}
	out := make([]jsonLine, 0, len(all))
	cf := &bytes.Buffer{}
	cw := NewCSV(cf)
	if err := cw.Write(append([]string{"document", "number", "line"}, cols...)); err != nil {
		return err
	}
	n, prev := 0, ""
	for _, l := range all {
		if l.doc.Id != prev {
			n, prev = 0, l.doc.Id
		}
		n++
		out = append(out, jsonLine{Document: l.doc.Id, Number: l.doc.GetString("number"), Line: n, Fields: l.fields})
		row := []string{l.doc.Id, l.doc.GetString("number"), strconv.Itoa(n)}
		for _, c := range cols {
			row = append(row, lineValue(l.fields[c]))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	w.records[name] = len(out)
	if err := w.file(name+".json", append(b, '\n')); err != nil {
		return err
	}
	return w.file(name+".csv", cf.Bytes())
}

func lineValue(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return Guard(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// unsafeName are characters not kept in a file name inside the zip.
var unsafeName = regexp.MustCompile(`[^\pL\pN._-]+`)

// filesOf copies the files of c's file fields: issued PDFs as
// pdfs/<collection>/<number>.pdf, other files as
// files/<collection>/<record id>/<name>.
func (w *writer) filesOf(c *core.Collection, fields []core.Field, pages func(func([]*core.Record) error) error) error {
	var fileFields []string
	for _, f := range fields {
		if f.Type() == core.FieldTypeFile {
			fileFields = append(fileFields, f.GetName())
		}
	}
	if len(fileFields) == 0 {
		return nil
	}
	fsys, err := w.app.NewFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	return pages(func(recs []*core.Record) error {
		for _, r := range recs {
			for _, field := range fileFields {
				for _, name := range r.GetStringSlice(field) {
					target := path.Join("files", c.Name, r.Id, unsafeName.ReplaceAllString(name, "_"))
					if field == migrations.FieldIssuedPDF {
						label := r.GetString("number")
						if label == "" {
							label = r.Id
						}
						target = path.Join("pdfs", c.Name, unsafeName.ReplaceAllString(label, "_")+".pdf")
					}
					if err := w.copyFile(fsys, r.BaseFilesPath()+"/"+name, target); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}

// copyFile copies one stored file into the zip. A file missing from the
// storage is left out (the record still names it) and logged.
func (w *writer) copyFile(fsys *filesystem.System, key, target string) error {
	r, err := fsys.GetReader(key)
	if err != nil {
		w.app.Logger().Warn("Export: a stored file is missing", "key", key, "error", err)
		return nil
	}
	defer r.Close()
	f, err := w.create(target)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		return err
	}
	w.files++
	return nil
}

// FileName is the export's file name, e.g. folio-export-2026-03-15.zip.
func FileName(now time.Time) string {
	return "folio-export-" + now.UTC().Format(time.DateOnly) + ".zip"
}
