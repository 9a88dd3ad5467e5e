package inbound

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"errors"
	"io"
	"math"
	"regexp"
	"strconv"

	"github.com/pdfcpu/pdfcpu/pkg/filter"
)

// pdfcpu decodes a stream whole in memory (xref streams and object
// streams as it reads, the metadata as it validates, the attachment as it
// extracts), parses nested arrays and dictionaries by recursion, and keeps
// every object in a map. checkPDF goes over the raw file first, decoding
// each stream into nothing but a count, and refuses a PDF that would make
// pdfcpu hold more than these limits: an e-invoice PDF needs far less.
const (
	// maxPDFExpansion times MaxFileBytes is the most all of a PDF's
	// streams may decode to together.
	maxPDFExpansion = 4
	// maxPDFObjects is the most objects a PDF may have (xref entries,
	// objects in object streams, objects written out).
	maxPDFObjects = 100_000
	// maxPDFNesting is the deepest arrays and dictionaries may nest.
	maxPDFNesting = 100
)

var (
	errPDFTooLarge   = errors.New("PDF expands past the limit")
	errPDFTooComplex = errors.New("PDF has too many objects or nests too deep")
	errPDFEncrypted  = errors.New("PDF encrypted")
)

var (
	reFilter    = regexp.MustCompile(`/Filter\s*(/[^\s/\[\]<>()%]+|\[[^\]]*\])`)
	reName      = regexp.MustCompile(`/([^\s/\[\]<>()%]+)`)
	reLength    = regexp.MustCompile(`/Length\s+(\d+)(\s+(\d+)\s+R)?`)
	reType      = regexp.MustCompile(`/Type\s*/([A-Za-z]+)`)
	reCount     = regexp.MustCompile(`/(?:N|Size)\s+(\d+)`)
	reW         = regexp.MustCompile(`/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]`)
	reEncrypt   = regexp.MustCompile(`/Encrypt\s*(?:\d+\s+\d+\s+R|<<)`)
	endstreamKw = []byte("endstream")
)

// checkPDF refuses a PDF whose streams decode to more than the limits,
// with too many objects or nesting too deep (errPDFTooLarge,
// errPDFTooComplex), and an encrypted one (errPDFEncrypted: its streams
// can't be measured before pdfcpu decrypts them).
func checkPDF(data []byte) error {
	if reEncrypt.Match(data) {
		return errPDFEncrypted
	}
	g := pdfGuard{budget: maxPDFExpansion * MaxFileBytes}
	n := nester{}
	dictStart := -1
	for i := 0; i < len(data); i++ {
		before := n.depth
		n.feed(data[i])
		if n.tooDeep {
			return errPDFTooComplex
		}
		if before == 0 && n.depth == 1 && data[i] == '<' {
			dictStart = i - 1
		}
		if n.depth != 0 || n.state != 0 || !delimited(data, i) {
			continue
		}
		switch {
		case keywordAt(data, i, "obj"):
			if g.objects++; g.objects > maxPDFObjects {
				return errPDFTooComplex
			}
		case keywordAt(data, i, "stream"):
			start := i + len("stream")
			if start < len(data) && data[start] == '\r' {
				start++
			}
			if start < len(data) && data[start] == '\n' {
				start++
			}
			var dict []byte
			if dictStart >= 0 {
				dict = data[dictStart:i]
			}
			end, err := g.stream(dict, data, start)
			if err != nil {
				return err
			}
			i = end - 1
		}
	}
	return nil
}

// delimited says whether data[i] starts a token (the byte before it is
// white space or a delimiter).
func delimited(data []byte, i int) bool {
	return i == 0 || isPDFSpace(data[i-1]) || isPDFDelimiter(data[i-1])
}

// keywordAt says whether the keyword kw stands at data[i] (followed by
// white space, a delimiter or the end).
func keywordAt(data []byte, i int, kw string) bool {
	if !bytes.HasPrefix(data[i:], []byte(kw)) {
		return false
	}
	j := i + len(kw)
	return j == len(data) || isPDFSpace(data[j]) || isPDFDelimiter(data[j])
}

func isPDFDelimiter(c byte) bool {
	return bytes.IndexByte([]byte("()<>[]{}/%"), c) >= 0
}

func isPDFSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

// pdfGuard counts what a PDF's streams decode to and its objects.
type pdfGuard struct {
	budget, used int64
	objects      int
}

// stream measures the stream whose dictionary is dict and whose data
// starts at data[start], and answers where its data ends (where the scan
// goes on). It decodes from start to the end of the file, not to its
// length: a decoder stops at the end of its own data, and whatever length
// pdfcpu takes, it decodes no more than that.
func (g *pdfGuard) stream(dict, data []byte, start int) (int, error) {
	end := -1
	if m := reLength.FindSubmatch(dict); m != nil {
		n, err := strconv.ParseInt(string(m[1]), 10, 64)
		if len(m[2]) > 0 && err == nil {
			// pdfcpu makes a buffer of the length it finds there.
			if ind := indirectInt(data, m[1], m[3]); ind > int64(len(data)) {
				return 0, errPDFTooLarge
			}
		}
		switch {
		case err != nil || (len(m[2]) == 0 && n > int64(len(data))):
			// pdfcpu would make a buffer of that length.
			return 0, errPDFTooLarge
		case len(m[2]) == 0 && bytes.HasPrefix(bytes.TrimLeft(data[start+int(n):], " \r\n\t\f\x00"), endstreamKw):
			end = start + int(n)
		}
	}
	if end < 0 {
		end = len(data)
		if k := bytes.Index(data[start:], endstreamKw); k >= 0 {
			end = start + k
		}
	}
	typ := ""
	if m := reType.FindSubmatch(dict); m != nil {
		typ = string(m[1])
	}
	if typ == "ObjStm" || typ == "XRef" {
		if m := reCount.FindSubmatch(dict); m != nil {
			if n, err := strconv.Atoi(string(m[1])); err != nil || n > maxPDFObjects {
				return 0, errPDFTooComplex
			}
		}
	}
	var names [][]byte
	if m := reFilter.FindSubmatch(dict); m != nil {
		for _, nm := range reName.FindAllSubmatch(m[1], -1) {
			names = append(names, nm[1])
		}
	}
	if len(names) == 0 {
		return end, nil
	}
	var r io.Reader = bytes.NewReader(data[start:])
	for _, name := range names {
		next, err := g.decoder(string(name), r)
		if err != nil {
			return 0, err
		}
		if next == nil {
			break
		}
		r = &counting{r: next, g: g}
	}
	var sink io.Writer = io.Discard
	var objStm *nester
	if typ == "ObjStm" {
		objStm = &nester{}
		sink = objStm
	}
	before := g.used
	_, err := io.Copy(sink, r)
	switch {
	case errors.Is(err, errPDFTooLarge):
		return 0, errPDFTooLarge
	case objStm != nil && objStm.tooDeep:
		return 0, errPDFTooComplex
	case typ == "EmbeddedFile" && g.used-before > MaxFileBytes:
		return 0, errPDFTooLarge
	}
	if typ == "XRef" {
		if m := reW.FindSubmatch(dict); m != nil {
			w := atoi(m[1]) + atoi(m[2]) + atoi(m[3])
			if w > 0 && (g.used-before)/int64(w) > maxPDFObjects {
				return 0, errPDFTooComplex
			}
		}
	}
	return end, nil
}

// indirectInt is the integer written as object nr gen in data, -1 if
// there is none (or it is in an object stream).
func indirectInt(data, nr, gen []byte) int64 {
	re, err := regexp.Compile(`(?:^|[^0-9])` + string(nr) + `\s+` + string(gen) + `\s+obj\s*(\d+)\s*endobj`)
	if err != nil {
		return -1
	}
	m := re.FindSubmatch(data)
	if m == nil {
		return -1
	}
	n, err := strconv.ParseInt(string(m[1]), 10, 64)
	if err != nil {
		return math.MaxInt64
	}
	return n
}

func atoi(b []byte) int {
	n, _ := strconv.Atoi(string(b))
	return n
}

// decoder is the reader of one filter over r; nil for a filter that does
// not expand in pdfcpu's hands (images, which it leaves encoded) or that
// it does not know. Filters other than Flate are decoded by pdfcpu's own
// code, which holds input and output whole: each may take in and give out
// MaxFileBytes at most.
func (g *pdfGuard) decoder(name string, r io.Reader) (io.Reader, error) {
	if long, ok := filterAbbreviations[name]; ok {
		name = long
	}
	switch name {
	case filter.Flate:
		z, err := zlib.NewReader(r)
		if err != nil {
			return nil, nil
		}
		return z, nil
	case filter.RunLength:
		return &runLength{r: bufio.NewReader(r)}, nil
	case filter.LZW, filter.ASCIIHex, filter.ASCII85:
		in, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
		switch {
		case errors.Is(err, errPDFTooLarge) || int64(len(in)) > MaxFileBytes:
			return nil, errPDFTooLarge
		case err != nil:
			return nil, nil
		}
		f, err := filter.NewFilter(name, nil)
		if err != nil {
			return nil, nil
		}
		out, err := f.DecodeLength(bytes.NewReader(in), MaxFileBytes+1)
		if err != nil {
			return nil, nil
		}
		return io.MultiReader(io.LimitReader(out, MaxFileBytes), tooMuch{out}), nil
	}
	return nil, nil
}

// runLength decodes RunLengthDecode as it is read (pdfcpu's decoder
// writes all it makes into one buffer).
type runLength struct {
	r      *bufio.Reader
	left   int  // bytes of the current run still to give
	repeat bool // the run repeats b (else copies from r)
	b      byte
	done   bool
}

func (d *runLength) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if d.left == 0 {
			if d.done {
				break
			}
			l, err := d.r.ReadByte()
			switch {
			case err != nil || l == 128:
				d.done = true
				continue
			case l < 128:
				d.left, d.repeat = int(l)+1, false
			default:
				if d.b, err = d.r.ReadByte(); err != nil {
					d.done = true
					continue
				}
				d.left, d.repeat = 257-int(l), true
			}
		}
		c := d.b
		if !d.repeat {
			var err error
			if c, err = d.r.ReadByte(); err != nil {
				d.done, d.left = true, 0
				continue
			}
		}
		p[n] = c
		n++
		d.left--
	}
	if n == 0 && d.done {
		return 0, io.EOF
	}
	return n, nil
}

// tooMuch fails with errPDFTooLarge if r has anything left.
type tooMuch struct{ r io.Reader }

func (t tooMuch) Read(p []byte) (int, error) {
	if n, _ := t.r.Read(p[:min(len(p), 1)]); n > 0 {
		return 0, errPDFTooLarge
	}
	return 0, io.EOF
}

// filterAbbreviations are the short names of filters (as in inline
// images, which some writers use elsewhere too).
var filterAbbreviations = map[string]string{
	"Fl": filter.Flate, "LZW": filter.LZW, "RL": filter.RunLength, "AHx": filter.ASCIIHex, "A85": filter.ASCII85,
}

// counting counts what a decoder yields against the guard's budget.
type counting struct {
	r io.Reader
	g *pdfGuard
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.g.used += int64(n)
	if c.g.used > c.g.budget {
		return n, errPDFTooLarge
	}
	return n, err
}

// nester follows the nesting of arrays and dictionaries through PDF
// syntax (strings, hex strings and comments aside).
type nester struct {
	depth   int
	state   byte // 0 syntax, '(' string, '%' comment, 'h' hex string, '<' and '>' half a dictionary bracket
	parens  int
	escape  bool
	tooDeep bool
}

func (n *nester) Write(p []byte) (int, error) {
	for _, c := range p {
		n.feed(c)
	}
	if n.tooDeep {
		return 0, errPDFTooComplex
	}
	return len(p), nil
}

func (n *nester) feed(c byte) {
	switch n.state {
	case '(':
		switch {
		case n.escape:
			n.escape = false
		case c == '\\':
			n.escape = true
		case c == '(':
			n.parens++
		case c == ')':
			if n.parens--; n.parens == 0 {
				n.state = 0
			}
		}
		return
	case '%':
		if c == '\n' || c == '\r' {
			n.state = 0
		}
		return
	case 'h':
		if c == '>' {
			n.state = 0
		}
		return
	case '<':
		if c == '<' {
			n.state = 0
			n.open()
			return
		}
		n.state = 'h'
		n.feed(c)
		return
	case '>':
		n.state = 0
		if c == '>' {
			n.close()
			return
		}
	}
	switch c {
	case '(':
		n.state, n.parens = '(', 1
	case '%':
		n.state = '%'
	case '<':
		n.state = '<'
	case '>':
		n.state = '>'
	case '[':
		n.open()
	case ']':
		n.close()
	}
}

func (n *nester) open() {
	if n.depth++; n.depth > maxPDFNesting {
		n.tooDeep = true
	}
}

func (n *nester) close() {
	if n.depth > 0 {
		n.depth--
	}
}
