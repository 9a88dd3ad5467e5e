package inbound

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"folio/server/internal/refusal"
)

// pdfObject is one object of a hand-made PDF: its dictionary and, for a
// stream, its (encoded) data.
type pdfObject struct {
	dict   string
	stream []byte
}

// makePDF writes objects 1… with a correct xref table; object 1 is the
// catalog.
func makePDF(objs ...pdfObject) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n", i+1)
		if o.stream != nil {
			fmt.Fprintf(&b, "<<%s /Length %d>>\nstream\n", o.dict, len(o.stream))
			b.Write(o.stream)
			b.WriteString("\nendstream\nendobj\n")
		} else {
			fmt.Fprintf(&b, "%s\nendobj\n", o.dict)
		}
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// attachedPDF is a one-page PDF with data (already encoded with filters)
// attached as factur-x.xml.
func attachedPDF(filters string, data []byte) []byte {
	return makePDF(
		pdfObject{dict: "<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 4 0 R] >> >> >>"},
		pdfObject{dict: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"},
		pdfObject{dict: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"},
		pdfObject{dict: "<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 5 0 R >> >>"},
		pdfObject{dict: " /Type /EmbeddedFile /Subtype /text#2Fxml" + filters, stream: data},
	)
}

// deflated is n bytes of c compressed with zlib, times times over (each
// round compresses the last): a few KB that expand to n.
func deflated(t testing.TB, c byte, n int64, times int) []byte {
	t.Helper()
	var out bytes.Buffer
	writers := make([]*zlib.Writer, times)
	var w io.Writer = &out
	for i := range writers {
		z, err := zlib.NewWriterLevel(w, zlib.BestCompression)
		if err != nil {
			t.Fatal(err)
		}
		writers[i], w = z, z
	}
	chunk := bytes.Repeat([]byte{c}, 1<<20)
	for left := n; left > 0; left -= int64(len(chunk)) {
		if left < int64(len(chunk)) {
			chunk = chunk[:left]
		}
		if _, err := w.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	for i := len(writers) - 1; i >= 0; i-- {
		if err := writers[i].Close(); err != nil {
			t.Fatal(err)
		}
	}
	return out.Bytes()
}

func flateTimes(times int) string {
	return " /Filter [" + strings.Repeat("/FlateDecode ", times) + "]"
}

// hostilePDFs are PDFs under 10 MB that expand far past it, or nest or
// count past what pdfcpu should be given, by the code each is refused
// with.
func hostilePDFs(t testing.TB) map[string][]byte {
	t.Helper()
	deep := strings.Repeat("[", 200_000) + strings.Repeat("]", 200_000)
	objStm := func(filters string, content []byte) []byte {
		return makePDF(
			pdfObject{dict: "<< /Type /Catalog /Pages 2 0 R >>"},
			pdfObject{dict: "<< /Type /Pages /Kids [] /Count 0 >>"},
			pdfObject{dict: " /Type /ObjStm /N 1 /First 4" + filters, stream: content},
		)
	}
	var deepStm bytes.Buffer
	z := zlib.NewWriter(&deepStm)
	_, _ = z.Write([]byte("4 0 " + deep))
	_ = z.Close()
	many := make([]pdfObject, 0, maxPDFObjects+2)
	many = append(many, pdfObject{dict: "<< /Type /Catalog /Pages 2 0 R >>"}, pdfObject{dict: "<< /Type /Pages /Kids [] /Count 0 >>"})
	for len(many) < maxPDFObjects+2 {
		many = append(many, pdfObject{dict: "null"})
	}
	return map[string][]byte{
		// 2 GB of spaces as the attached XML, in a few KB.
		"xml bomb": attachedPDF(flateTimes(2), deflated(t, ' ', 2<<30, 2)),
		// 20 MB of spaces: under the whole PDF's limit, over the XML's.
		"xml over 10 MB": attachedPDF(flateTimes(1), deflated(t, ' ', 20<<20, 1)),
		// An object stream of 512 MB.
		"huge object stream": objStm(flateTimes(2), deflated(t, ' ', 512<<20, 2)),
		// Run-length over flate: 8 MB that run-length makes 512 MB.
		"huge object stream, run-length": objStm(" /Filter [/FlateDecode /RunLengthDecode]", deflated(t, 0x81, 8<<20, 1)),
		// Arrays nested 200,000 deep, written out and in an object stream.
		"deep nesting":                makePDF(pdfObject{dict: "<< /Type /Catalog /Pages 2 0 R /Deep " + deep + " >>"}),
		"deep nesting, object stream": objStm(flateTimes(1), deepStm.Bytes()),
		"many objects":                makePDF(many...),
		"xref stream of 1e9 objects": makePDF(
			pdfObject{dict: "<< /Type /Catalog /Pages 2 0 R >>"},
			pdfObject{dict: " /Type /XRef /Size 1000000000 /W [1 1 1] /Root 1 0 R" + flateTimes(1), stream: deflated(t, 0, 1<<20, 1)},
		),
		"length past the end":          []byte("%PDF-1.7\n1 0 obj\n<< /Length 4000000000 >>\nstream\nxx\nendstream\nendobj\n"),
		"indirect length past the end": []byte("%PDF-1.7\n1 0 obj\n<< /Length 2 0 R >>\nstream\nxx\nendstream\nendobj\n2 0 obj 4000000000 endobj\n"),
	}
}

var hostileCodes = map[string]string{
	"xml bomb":                       "folio_inbound_pdf_too_large",
	"xml over 10 MB":                 "folio_inbound_pdf_too_large",
	"huge object stream":             "folio_inbound_pdf_too_large",
	"huge object stream, run-length": "folio_inbound_pdf_too_large",
	"deep nesting":                   "folio_inbound_pdf_too_complex",
	"deep nesting, object stream":    "folio_inbound_pdf_too_complex",
	"many objects":                   "folio_inbound_pdf_too_complex",
	"xref stream of 1e9 objects":     "folio_inbound_pdf_too_complex",
	"length past the end":            "folio_inbound_pdf_too_large",
	"indirect length past the end":   "folio_inbound_pdf_too_large",
}

// TestReadHostilePDF: each hostile PDF is refused with its code before
// pdfcpu expands it, allocating a small part of what it would expand to
// (under 3 times the upload limit; pdfcpu alone would take gigabytes).
func TestReadHostilePDF(t *testing.T) {
	for name, data := range hostilePDFs(t) {
		if int64(len(data)) > MaxFileBytes {
			t.Fatalf("%s: %d bytes, not under the upload limit", name, len(data))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, _, err := Read(name, data)
		runtime.ReadMemStats(&after)
		var r *refusal.Refusal
		if !errors.As(err, &r) || r.Code() != hostileCodes[name] {
			t.Errorf("%s: %v, want %s", name, err, hostileCodes[name])
		}
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d KB file, %d KB allocated", name, len(data)>>10, allocated>>10)
		if allocated > uint64(3*MaxFileBytes) {
			t.Errorf("%s: %d bytes allocated, want under %d", name, allocated, 3*MaxFileBytes)
		}
	}
}

// TestReadAttachedPDF: the hand-made PDF with a real invoice attached,
// compressed once or twice, reads (the limits refuse no ordinary PDF).
func TestReadAttachedPDF(t *testing.T) {
	t.Parallel()
	xml := sample(t, "xrechnung-cii.xml")
	for times := 0; times <= 2; times++ {
		data := xml
		for range times {
			var b bytes.Buffer
			z := zlib.NewWriter(&b)
			_, _ = z.Write(data)
			_ = z.Close()
			data = b.Bytes()
		}
		d, _, err := Read("x.pdf", attachedPDF(flateTimes(times), data))
		if err != nil || d.Format != FormatFacturX || d.Number != "2026-1187" {
			t.Errorf("compressed %d times: %v %q %q", times, err, d.Format, d.Number)
		}
	}
}

// BenchmarkReadXMLBomb reports what reading the 2 GB XML bomb allocates.
func BenchmarkReadXMLBomb(b *testing.B) {
	data := attachedPDF(flateTimes(2), deflated(b, ' ', 2<<30, 2))
	b.ReportAllocs()
	for b.Loop() {
		_, _, _ = Read("bomb.pdf", data)
	}
}
