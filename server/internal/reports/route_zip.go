package reports

import (
	"archive/zip"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/billing"
	"folio/server/internal/team"
	"folio/server/internal/ticket"
	"folio/server/migrations"
)

// unsafeName are characters not kept in a file name inside the zip.
var unsafeName = regexp.MustCompile(`[^\pL\pN._-]+`)

// safe is s as a file name part ("" stays "").
func safe(s string) string {
	return strings.Trim(unsafeName.ReplaceAllString(s, "_"), "_.")
}

// zipName is the zip's file name: folio-2026-10-01-2026-12-31.zip.
func zipName(p Period) string { return "folio-" + p.From + "-" + p.To + ".zip" }

// zipTicketKind marks the download tickets of the zip.
const zipTicketKind = "reports-zip"

// zip streams the zip of the period asked (see sendZip) to a caller with
// a token: for API clients.
func (s *service) zip(e *core.RequestEvent) error {
	r, err := s.read(e)
	if err != nil {
		return err
	}
	return sendZip(e, r)
}

// zipTicket checks the zip asked (business, from..to or period and date)
// the way zip does, and answers {url}: a one-time URL (package ticket)
// that the browser downloads with a plain GET, streamed to disk.
func (s *service) zipTicket(e *core.RequestEvent) error {
	r, err := s.read(e)
	if err != nil {
		return err
	}
	q := url.Values{"business": {r.business.Id}, "from": {r.period.From}, "to": {r.period.To}}
	id, err := ticket.For(e.App).Issue(ticket.Ticket{Kind: zipTicketKind, UserID: e.Auth.Id, Name: q.Encode()}, s.now())
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]string{"url": Path + "/zip/" + id})
}

// zipDownload streams the zip a ticket was made for, if the person who
// asked still reads the business (a role taken away between the two
// requests counts). Any ticket that does not work is "expired".
func (s *service) zipDownload(e *core.RequestEvent) error {
	t, ok := ticket.For(e.App).Take(e.Request.PathValue("ticket"), zipTicketKind, s.now())
	if !ok {
		return ticket.Expired()
	}
	q, err := url.ParseQuery(t.Name)
	if err != nil {
		return ticket.Expired()
	}
	businessID := q.Get("business")
	if role, err := team.RoleOf(e.App, t.UserID, businessID); err != nil || !team.Can(role, team.Read) {
		return ticket.Expired()
	}
	r, err := s.requestOf(e.App, businessID, q)
	if err != nil {
		return ticket.Expired()
	}
	return sendZip(e, r)
}

// sendZip streams one zip of r's period: the issued copies of its
// invoices and credit notes, the expenses' receipts and received
// e-invoices, the three reports as CSV, and a README.txt naming the
// documents whose issued copy is not stored. Nothing is built in memory: each file is copied from the
// storage into the answer.
func sendZip(e *core.RequestEvent, r request) error {
	l, err := readLedger(e.App, r.business.Id, r.period)
	if err != nil {
		return e.InternalServerError("", err)
	}
	open, err := readOpen(e.App, r.business.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	fsys, err := e.App.NewFilesystem()
	if err != nil {
		return e.InternalServerError("", err)
	}
	defer fsys.Close()

	h := e.Response.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", zipName(r.period)))
	h.Set("Cache-Control", "private, no-store")
	e.Response.WriteHeader(http.StatusOK)
	// Once the answer has started, a failure can only cut the zip short;
	// it is logged.
	if err := writeZip(e.App, fsys, e.Response, r, l, open); err != nil {
		e.App.Logger().Error("Reports zip failed", "business", r.business.Id, "error", err)
	}
	return nil
}

// writeZip writes the zip of r's period to out.
func writeZip(app core.App, fsys *filesystem.System, out io.Writer, r request, l ledger, open []Invoice) error {
	zw := zip.NewWriter(out)
	create := func(name string) (io.Writer, error) {
		return zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
	}
	for name, write := range map[string]func(io.Writer) error{
		csvName(reportVAT, r):    func(w io.Writer) error { return writeVATCSV(w, decideVAT(l.books, r.period), r.words) },
		csvName(reportProfit, r): func(w io.Writer) error { return writeProfitCSV(w, decideProfit(l.books, r.period), r.words) },
		csvName(reportAging, r):  func(w io.Writer) error { return writeAgingCSV(w, decideAging(open, r.today), r.words) },
	} {
		f, err := create(name)
		if err != nil {
			return err
		}
		if err := write(f); err != nil {
			return err
		}
	}

	var missing []string
	// Every credit note is issued when saved; an invoice once sent.
	var issued []invoiceRow
	for _, inv := range l.invoices {
		if billing.Issued(inv.Status) {
			issued = append(issued, inv)
		}
	}
	for _, docs := range []struct {
		collection, folder string
		rows               []invoiceRow
	}{
		{migrations.InvoicesCollection, "invoices", issued},
		{migrations.CreditNotesCollection, "credit-notes", l.creditNotes},
	} {
		col, err := app.FindCachedCollectionByNameOrId(docs.collection)
		if err != nil {
			return err
		}
		for _, doc := range docs.rows {
			label := safe(doc.Number)
			if label == "" {
				label = doc.ID
			}
			if doc.IssuedPDF == "" || !copyStored(fsys, create, col.Id+"/"+doc.ID+"/"+doc.IssuedPDF, path.Join(docs.folder, label+".pdf")) {
				missing = append(missing, doc.Number+" ("+day(doc.IssueDate)+")")
			}
		}
	}

	if expenses, err := app.FindCachedCollectionByNameOrId(migrations.ExpensesCollection); err == nil {
		for _, ex := range l.expenses {
			base := day(ex.Date) + "-" + safe(ex.VendorName)
			if n := safe(ex.Number); n != "" {
				base += "-" + n
			}
			base = strings.TrimSuffix(base, "-") + "-" + ex.ID
			if ex.Receipt != "" {
				copyStored(fsys, create, expenses.Id+"/"+ex.ID+"/"+ex.Receipt, path.Join("expenses", "receipts", base+path.Ext(ex.Receipt)))
			}
			if ex.SourceFile != "" {
				copyStored(fsys, create, expenses.Id+"/"+ex.ID+"/"+ex.SourceFile, path.Join("expenses", "e-invoices", base+path.Ext(ex.SourceFile)))
			}
		}
	}

	f, err := create("README.txt")
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, readme(r.words, r.period, missing)); err != nil {
		return err
	}
	return zw.Close()
}

// readme is the zip's README: what period it is, and the documents whose
// issued copy is not in it.
func readme(w words, p Period, missing []string) string {
	var b strings.Builder
	b.WriteString(strings.NewReplacer("{from}", p.From, "{to}", p.To).Replace(w.ReadmeTitle))
	b.WriteString("\r\n\r\n")
	if len(missing) == 0 {
		b.WriteString(w.NoneMissing + "\r\n")
		return b.String()
	}
	b.WriteString(w.Missing + "\r\n")
	for _, m := range missing {
		b.WriteString("- " + m + "\r\n")
	}
	return b.String()
}

// copyStored copies one stored file into the zip as target; false when
// the storage does not have it.
func copyStored(fsys *filesystem.System, create func(string) (io.Writer, error), key, target string) bool {
	src, err := fsys.GetReader(key)
	if err != nil {
		return false
	}
	defer src.Close()
	dst, err := create(target)
	if err != nil {
		return false
	}
	_, err = io.Copy(dst, src)
	return err == nil
}
