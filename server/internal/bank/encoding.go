package bank

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// charsetReader lets encoding/xml read the encodings banks declare besides
// UTF-8 (ISO-8859-1, -15, Windows-1252).
func charsetReader(label string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf-8", "utf8", "us-ascii", "ascii":
		return input, nil
	case "iso-8859-1", "latin1", "latin-1", "iso8859-1":
		return charmap.ISO8859_1.NewDecoder().Reader(input), nil
	case "iso-8859-15", "latin9", "iso8859-15":
		return charmap.ISO8859_15.NewDecoder().Reader(input), nil
	case "windows-1252", "cp1252":
		return charmap.Windows1252.NewDecoder().Reader(input), nil
	}
	return nil, fmt.Errorf("unsupported encoding %q", label)
}

// decodeText turns a text file (MT940, CSV) into UTF-8: a UTF-8 or UTF-16
// byte order mark says what it is; without one, valid UTF-8 is taken as
// it is and anything else is read as Windows-1252, which is what German,
// French and Spanish banks' exports are when they are not UTF-8 (and a
// superset of ISO-8859-1's printable characters).
func decodeText(b []byte) (string, error) {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		return string(b[3:]), nil
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		out, _, err := transform.Bytes(unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewDecoder(), b)
		return string(out), err
	case utf8.Valid(b):
		return string(b), nil
	}
	out, _, err := transform.Bytes(charmap.Windows1252.NewDecoder(), b)
	return string(out), err
}
