package imports

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// errTooLarge is a file over the size limit; errTooManyRows one over the
// row limit; errEmpty a file with a header and nothing under it.
var (
	errTooLarge    = errors.New("file too large")
	errTooManyRows = errors.New("too many rows")
	errEmpty       = errors.New("no rows")
)

// capped reads at most max bytes and fails with errTooLarge after that.
type capped struct {
	r    io.Reader
	read int64
	max  int64
}

func (c *capped) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read += int64(n)
	if c.read > c.max {
		return 0, errTooLarge
	}
	return n, err
}

// table is a file's header and a way to read its rows one at a time.
type table struct {
	header []string
	next   func() ([]string, error) // io.EOF after the last row
	close  func()
}

// openTable reads the header of a CSV or XLSX file (an XLSX starts with
// the ZIP signature). A CSV is streamed: its encoding (UTF-8 with or
// without BOM, UTF-16 with BOM, otherwise Windows-1252) and its separator
// (comma, semicolon or tab, whichever the header line has most of) are
// decided from its first 64 KB. An XLSX is read from its first sheet,
// row by row.
func openTable(r io.Reader) (*table, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(64 << 10)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	if bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		return openXLSX(br)
	}
	return openCSV(br, head)
}

// textReader turns the CSV's bytes into UTF-8.
func textReader(br *bufio.Reader, head []byte) io.Reader {
	switch {
	case bytes.HasPrefix(head, []byte{0xEF, 0xBB, 0xBF}):
		_, _ = br.Discard(3)
		return br
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}), bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewDecoder().Reader(br)
	}
	// A multi-byte character may be cut at the end of the sample.
	sample := head
	for i := 0; i < utf8.UTFMax && len(sample) > 0 && !utf8.Valid(sample); i++ {
		sample = sample[:len(sample)-1]
	}
	if utf8.Valid(sample) {
		return br
	}
	return charmap.Windows1252.NewDecoder().Reader(br)
}

// sniffSeparator is the separator the first line has most of, outside
// quotes (a comma by default).
func sniffSeparator(line string) rune {
	counts := map[rune]int{}
	quoted := false
	for _, r := range line {
		switch {
		case r == '"':
			quoted = !quoted
		case !quoted && (r == ',' || r == ';' || r == '\t'):
			counts[r]++
		}
	}
	best := ','
	for _, r := range []rune{';', '\t'} {
		if counts[r] > counts[best] {
			best = r
		}
	}
	return best
}

func openCSV(br *bufio.Reader, head []byte) (*table, error) {
	text := bufio.NewReaderSize(textReader(br, head), 64<<10)
	sample, _ := text.Peek(8 << 10)
	first, _, _ := strings.Cut(string(sample), "\n")
	cr := csv.NewReader(text)
	cr.Comma = sniffSeparator(first)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("CSV header: %w", err)
	}
	return &table{header: trimCells(header), next: cr.Read, close: func() {}}, nil
}

func openXLSX(r io.Reader) (*table, error) {
	f, err := excelize.OpenReader(r)
	if err != nil {
		return nil, fmt.Errorf("XLSX: %w", err)
	}
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		_ = f.Close()
		return nil, errors.New("XLSX: no sheet")
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("XLSX: %w", err)
	}
	next := func() ([]string, error) {
		if !rows.Next() {
			if err := rows.Error(); err != nil {
				return nil, err
			}
			return nil, io.EOF
		}
		return rows.Columns()
	}
	header, err := next()
	if err != nil {
		_ = rows.Close()
		_ = f.Close()
		return nil, fmt.Errorf("XLSX header: %w", err)
	}
	return &table{header: trimCells(header), next: next, close: func() { _ = rows.Close(); _ = f.Close() }}, nil
}

func trimCells(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = strings.TrimSpace(c)
	}
	return out
}

// readRows reads every row of t (blank rows skipped), at most maxRows,
// each with its row number as a spreadsheet shows it (the header is 1).
func readRows(t *table, maxRows int) ([]sourceRow, error) {
	var rows []sourceRow
	for n := 2; ; n++ {
		cells, err := t.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if blank(cells) {
			continue
		}
		if len(rows) == maxRows {
			return nil, errTooManyRows
		}
		rows = append(rows, sourceRow{n: n, cells: cells})
	}
	if len(rows) == 0 {
		return nil, errEmpty
	}
	return rows, nil
}

// sourceRow is one row of the file with its number.
type sourceRow struct {
	n     int
	cells []string
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}
