package inbound

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/internal/team"
)

// upload is a received e-invoice as sent: its business, file name and
// bytes.
type upload struct {
	business, name string
	data           []byte
}

// readUpload reads the multipart form: "business" (or ?business=) before
// "file". Only those who may record expenses (owners, admins, members;
// not the accountant) get as far as the file, which is read as it
// arrives, within MaxFileBytes.
func readUpload(e *core.RequestEvent) (*upload, error) {
	e.Request.Body = http.MaxBytesReader(e.Response, e.Request.Body, MaxFileBytes+1<<20)
	mr, err := e.Request.MultipartReader()
	if err != nil {
		return nil, answer(refuse("folio_inbound_file_missing", msgFileMissing))
	}
	up := &upload{business: strings.TrimSpace(e.Request.URL.Query().Get("business"))}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, answer(refuse("folio_inbound_file_missing", msgFileMissing))
		}
		if err != nil {
			return nil, readError(err)
		}
		switch part.FormName() {
		case "business":
			if up.business == "" {
				b, _ := io.ReadAll(io.LimitReader(part, 64))
				up.business = strings.TrimSpace(string(b))
			}
		case "file":
			if err := team.Require(e, up.business, team.Write); err != nil {
				return nil, err
			}
			up.name = part.FileName()
			up.data, err = io.ReadAll(io.LimitReader(part, MaxFileBytes+1))
			if err != nil {
				return nil, readError(err)
			}
			if int64(len(up.data)) > MaxFileBytes {
				return nil, answer(refuse("folio_inbound_file_too_large", msgFileTooLarge))
			}
			if len(up.data) == 0 {
				return nil, answer(refuse("folio_inbound_file_missing", msgFileMissing))
			}
			return up, nil
		}
	}
}

// readError is the answer to a body that broke off or ran over the limit.
func readError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return answer(refuse("folio_inbound_file_too_large", msgFileTooLarge))
	}
	return answer(refuse("folio_inbound_file_missing", msgFileMissing))
}

// receive reads the upload and the e-invoice in it; a file that is none
// is refused (nothing is stored).
func receive(e *core.RequestEvent) (*upload, Document, []Problem, error) {
	up, err := readUpload(e)
	if err != nil {
		return nil, Document{}, nil, err
	}
	d, problems, err := Read(up.name, up.data)
	if err != nil {
		var r *refusal.Refusal
		if errors.As(err, &r) {
			return nil, d, nil, answer(r)
		}
		return nil, d, nil, err
	}
	if problems == nil {
		problems = []Problem{}
	}
	return up, d, problems, nil
}

// readAnswer is what the read route answers.
type readAnswer struct {
	Document Document  `json:"document"`
	Problems []Problem `json:"problems"`
	Format   string    `json:"format"`
	Prefill  Prefill   `json:"prefill"`
}

// readRoute answers the e-invoice as read, its problems and the expense
// it makes; it stores nothing.
func readRoute(e *core.RequestEvent) error {
	_, d, problems, err := receive(e)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, readAnswer{Document: d.lists(), Problems: problems, Format: d.Format, Prefill: DecidePrefill(d)})
}

// lists is d with empty lists where it has none (JSON [] rather than null).
func (d Document) lists() Document {
	if d.Lines == nil {
		d.Lines = []Line{}
	}
	if d.VAT == nil {
		d.VAT = []VATGroup{}
	}
	if d.Notes == nil {
		d.Notes = []string{}
	}
	if d.Preceding == nil {
		d.Preceding = []string{}
	}
	return d
}
