package bank

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/team"
	"folio/server/migrations"
)

// MaxFileBytes is the largest statement an import takes: a month of a
// busy account in camt.053 is a few MB.
const MaxFileBytes = 20 << 20

// importRoute imports a statement: POST multipart with the file under
// "file", the business as the query parameter "business" (or a form field
// before the file), and for a CSV whose bank is new, "mapping" (JSON, a
// form field before the file). The file is read as it arrives: camt.053
// entry by entry, MT940 and CSV whole (they are small).
//
// A CSV of a bank that has no remembered mapping answers 422
// folio_bank_csv_mapping with data.preview (header, first rows, a guess);
// the web app asks the person and sends the file again with the mapping,
// which is then remembered for the business and that bank.
func (s *service) importRoute(e *core.RequestEvent) error {
	e.Request.Body = http.MaxBytesReader(e.Response, e.Request.Body, MaxFileBytes+64<<10)
	mr, err := e.Request.MultipartReader()
	if err != nil {
		return badRequest("folio_bank_file_missing", msgFileMissing)
	}
	business := strings.TrimSpace(e.Request.URL.Query().Get("business"))
	var mappingJSON string
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return badRequest("folio_bank_file_missing", msgFileMissing)
		}
		if err != nil {
			return readError(err)
		}
		switch part.FormName() {
		case "business":
			if business == "" {
				business = formValue(part)
			}
		case "mapping":
			mappingJSON = formValue(part)
		case "file":
			if err := team.Require(e, business, team.Write); err != nil {
				return err
			}
			return s.importFile(e, business, part, mappingJSON)
		}
	}
}

// formValue reads a small form field.
func formValue(p *multipart.Part) string {
	b, _ := io.ReadAll(io.LimitReader(p, 64<<10))
	return strings.TrimSpace(string(b))
}

// readError is the answer to a body that broke off or was too large.
func readError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return answer(http.StatusRequestEntityTooLarge, "folio_bank_file_too_large", msgFileTooLarge)
	}
	return badRequest("folio_bank_file_unreadable", msgFileUnreadable)
}

func (s *service) importFile(e *core.RequestEvent, business string, part *multipart.Part, mappingJSON string) error {
	limited := &limitedReader{r: part, left: MaxFileBytes}
	br := bufio.NewReaderSize(limited, 64<<10)
	head, _ := br.Peek(512)
	if limited.over {
		return answer(http.StatusRequestEntityTooLarge, "folio_bank_file_too_large", msgFileTooLarge)
	}
	var (
		st  *Statement
		err error
	)
	switch detect(head) {
	case "camt053":
		st, err = ParseCamt(br)
	default:
		b, rerr := io.ReadAll(br)
		if rerr != nil || limited.over {
			if limited.over {
				return answer(http.StatusRequestEntityTooLarge, "folio_bank_file_too_large", msgFileTooLarge)
			}
			return readError(rerr)
		}
		if detect(head) == "mt940" {
			st, err = ParseMT940(b)
		} else {
			if st, err = s.parseCSV(e, business, b, mappingJSON); err != nil {
				return err
			}
		}
	}
	if limited.over {
		return answer(http.StatusRequestEntityTooLarge, "folio_bank_file_too_large", msgFileTooLarge)
	}
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return answer(http.StatusRequestEntityTooLarge, "folio_bank_file_too_large", msgFileTooLarge)
		}
		e.App.Logger().Debug("bank import: unreadable file", "error", err)
		return badRequest("folio_bank_file_unreadable", msgFileUnreadable)
	}
	res, err := store(e.App, business, e.Auth.Id, part.FileName(), st)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if autoConfirm(e.App, business) {
		for _, id := range res.certainIDs {
			if _, err := s.confirm(e, id, ""); err == nil {
				res.Confirmed++
			}
		}
	}
	return e.JSON(http.StatusOK, res)
}

// limitedReader reads at most left bytes and notes a file that has more.
type limitedReader struct {
	r    io.Reader
	left int64
	over bool
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			l.over = true
			return 0, &http.MaxBytesError{Limit: MaxFileBytes}
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// detect names a statement's format from its first bytes.
func detect(head []byte) string {
	h := bytes.TrimLeft(bytes.TrimPrefix(head, []byte{0xEF, 0xBB, 0xBF}), " \t\r\n")
	switch {
	case bytes.HasPrefix(h, []byte("<")):
		return "camt053"
	case bytes.HasPrefix(h, []byte(":20:")), bytes.HasPrefix(h, []byte("{1:")), bytes.Contains(h, []byte("\n:20:")):
		return "mt940"
	}
	return "csv"
}

// parseCSV reads a CSV with the mapping sent, or the one remembered for
// its bank; without either it answers the preview. Its errors are
// answers.
func (s *service) parseCSV(e *core.RequestEvent, business string, b []byte, mappingJSON string) (*Statement, error) {
	preview, err := PreviewCSV(b)
	if err != nil {
		return nil, badRequest("folio_bank_file_unreadable", msgFileUnreadable)
	}
	var m Mapping
	if mappingJSON != "" {
		if err := json.Unmarshal([]byte(mappingJSON), &m); err != nil {
			return nil, badRequest("folio_bank_csv_mapping_wrong", msgCSVMappingWrong)
		}
	} else {
		rec, err := e.App.FindFirstRecordByFilter(migrations.BankCSVMappingsCollection, "business = {:b} && bank = {:s}",
			dbx.Params{"b": business, "s": preview.Signature})
		if err != nil || json.Unmarshal([]byte(rec.GetString("mapping")), &m) != nil {
			a := answer(http.StatusUnprocessableEntity, "folio_bank_csv_mapping", msgCSVMapping)
			a.Data["preview"] = preview
			return nil, a
		}
	}
	st, err := ParseCSV(b, m)
	if err != nil {
		a := answer(http.StatusUnprocessableEntity, "folio_bank_csv_mapping_wrong", msgCSVMappingWrong)
		a.Data["preview"] = preview
		return nil, a
	}
	if mappingJSON != "" {
		if err := rememberMapping(e.App, business, preview.Signature, m); err != nil {
			return nil, e.InternalServerError("", err)
		}
	}
	return st, nil
}

// rememberMapping saves a CSV mapping for the business and bank.
func rememberMapping(app core.App, business, signature string, m Mapping) error {
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	rec, err := app.FindFirstRecordByFilter(migrations.BankCSVMappingsCollection, "business = {:b} && bank = {:s}",
		dbx.Params{"b": business, "s": signature})
	if err != nil {
		col, cerr := app.FindCollectionByNameOrId(migrations.BankCSVMappingsCollection)
		if cerr != nil {
			return cerr
		}
		rec = core.NewRecord(col)
		rec.Set("business", business)
		rec.Set("bank", signature)
	}
	rec.Set("mapping", string(raw))
	return app.Save(rec)
}

// autoConfirm reports whether the business confirms certain matches itself.
func autoConfirm(app core.App, business string) bool {
	var on bool
	_ = app.DB().Select(migrations.FieldBankAutoConfirm).From(migrations.BusinessesCollection).
		Where(dbx.HashExp{"id": business}).Limit(1).Row(&on)
	return on
}
