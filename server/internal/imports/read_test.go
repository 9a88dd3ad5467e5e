package imports

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

func win1252(s string) []byte {
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(err)
	}
	return b
}

func utf16LE(s string) []byte {
	b, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(err)
	}
	return b
}

// The encodings and separators a CSV comes in read to the same header
// and rows.
func TestOpenCSV(t *testing.T) {
	t.Parallel()
	semi := "Name;Ort;E-Mail\nMüller GmbH;Köln;info@mueller.test\n\"Café; Bar\";Zürich;bar@cafe.test\n"
	cases := map[string][]byte{
		"UTF-8":            []byte(semi),
		"UTF-8 with BOM":   append([]byte{0xEF, 0xBB, 0xBF}, semi...),
		"Windows-1252":     win1252(semi),
		"UTF-16 with BOM":  utf16LE(semi),
		"comma":            []byte(strings.NewReplacer(";", ",", "\"Café, Bar\"", "\"Café, Bar\"").Replace(strings.ReplaceAll(semi, "Café; Bar", "Café, Bar"))),
		"tab, CRLF":        []byte(strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(semi, "Café; Bar", "Café; Bar"), ";", "\t"), "\n", "\r\n")),
		"comma in a quote": []byte("Name,City\n\"Doe; Jane, Ltd\",Paris\n"),
	}
	for name, raw := range cases {
		t.Run(name, func(t *testing.T) {
			tab, err := openTable(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			rows, err := readRows(tab, 10)
			if err != nil {
				t.Fatal(err)
			}
			if name == "comma in a quote" {
				if len(tab.header) != 2 || rows[0].cells[0] != "Doe; Jane, Ltd" {
					t.Fatalf("header %q rows %q", tab.header, rows[0].cells)
				}
				return
			}
			if strings.Join(tab.header, "|") != "Name|Ort|E-Mail" {
				t.Errorf("header %q", tab.header)
			}
			if len(rows) != 2 || rows[0].cells[0] != "Müller GmbH" || rows[0].cells[1] != "Köln" || rows[1].cells[1] != "Zürich" || rows[1].n != 3 {
				t.Errorf("rows %+v", rows)
			}
			if !strings.HasPrefix(rows[1].cells[0], "Café") {
				t.Errorf("quoted cell %q", rows[1].cells[0])
			}
		})
	}
}

// An XLSX is read from its first sheet.
func TestOpenXLSX(t *testing.T) {
	t.Parallel()
	f := excelize.NewFile()
	sheet := f.GetSheetName(0)
	for i, row := range [][]any{{"Company Name", "Email"}, {"Müller GmbH", "info@mueller.test"}, {"Acme", 42}} {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow(sheet, cell, &row); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	tab, err := openTable(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.close()
	rows, err := readRows(tab, 10)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(tab.header, "|") != "Company Name|Email" || len(rows) != 2 || rows[0].cells[0] != "Müller GmbH" || rows[1].cells[1] != "42" {
		t.Errorf("header %q rows %+v", tab.header, rows)
	}
}

// The row limit counts rows with something in them; the size limit
// stops reading.
func TestLimits(t *testing.T) {
	t.Parallel()
	tab, _ := openTable(strings.NewReader("Name\na\n\n\nb\nc\n"))
	if _, err := readRows(tab, 2); !errors.Is(err, errTooManyRows) {
		t.Errorf("3 rows over a limit of 2: %v", err)
	}
	tab, _ = openTable(strings.NewReader("Name\na\n\n\nb\n"))
	if rows, err := readRows(tab, 2); err != nil || len(rows) != 2 {
		t.Errorf("2 rows and blank lines within a limit of 2: %v %v", rows, err)
	}
	tab, _ = openTable(strings.NewReader("Name\n\n"))
	if _, err := readRows(tab, 2); !errors.Is(err, errEmpty) {
		t.Errorf("a header alone: %v", err)
	}
	big := "Name\n" + strings.Repeat("x\n", 100_000)
	_, err := io.Copy(io.Discard, &capped{r: strings.NewReader(big), max: 1000})
	if !errors.Is(err, errTooLarge) {
		t.Errorf("over the size: %v", err)
	}
}
