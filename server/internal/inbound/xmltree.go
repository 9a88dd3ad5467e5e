package inbound

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
)

// node is one element of a parsed e-invoice: its namespace and local name,
// attributes, text and children. The readers walk it by local names
// (UBL's cbc:/cac: and CII's ram: names do not clash within a path).
type node struct {
	space, local string
	attrs        []xml.Attr
	text         string
	kids         []*node
	buf          []byte // text as it is read (joined at the end tag)
}

// The limits of a tree: an EN 16931 invoice is a few levels deep and has
// far fewer elements; anything past these is refused as unreadable.
const (
	maxDepth    = 64
	maxElements = 200_000
)

var (
	errNotXML   = errors.New("not XML")
	errDoctype  = errors.New("DOCTYPE or entity declaration")
	errTooLarge = errors.New("too many elements")
)

// parseTree reads data as one XML document with encoding/xml, which
// resolves no external entity and expands none declared in a DTD. A
// document type declaration is refused outright (no e-invoice has one),
// and so are an undeclared entity reference, mis-nested tags and text or
// a second element after the root.
func parseTree(data []byte) (*node, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	// e-invoices are UTF-8; a declared other charset is read as is only
	// when it is an alias of UTF-8 or ASCII.
	dec.CharsetReader = func(label string, r io.Reader) (io.Reader, error) {
		switch strings.ToLower(label) {
		case "utf-8", "utf8", "us-ascii", "ascii":
			return r, nil
		}
		return nil, errNotXML
	}
	var root *node
	var stack []*node
	count := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, errNotXML
		}
		switch t := tok.(type) {
		case xml.Directive:
			return nil, errDoctype
		case xml.StartElement:
			count++
			if count > maxElements || len(stack) >= maxDepth {
				return nil, errTooLarge
			}
			if root != nil && len(stack) == 0 {
				return nil, errNotXML
			}
			n := &node{space: t.Name.Space, local: t.Name.Local, attrs: t.Attr}
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				parent.kids = append(parent.kids, n)
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			n := stack[len(stack)-1]
			n.text, n.buf = string(n.buf), nil
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				// Appended, not joined as strings: text cut by a
				// million comments would be copied a million times.
				n := stack[len(stack)-1]
				n.buf = append(n.buf, t...)
			} else if len(bytes.TrimSpace(t)) > 0 {
				return nil, errNotXML
			}
		}
	}
	if root == nil {
		return nil, errNotXML
	}
	return root, nil
}

// child is the first child named local, nil if none.
func (n *node) child(local string) *node {
	if n == nil {
		return nil
	}
	for _, k := range n.kids {
		if k.local == local {
			return k
		}
	}
	return nil
}

// all are the children named local.
func (n *node) all(local string) []*node {
	if n == nil {
		return nil
	}
	var out []*node
	for _, k := range n.kids {
		if k.local == local {
			out = append(out, k)
		}
	}
	return out
}

// at follows a path of local names from n (nil where it breaks off).
func (n *node) at(path ...string) *node {
	for _, p := range path {
		n = n.child(p)
	}
	return n
}

// str is the trimmed text at path, "" if absent.
func (n *node) str(path ...string) string {
	m := n.at(path...)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(m.text)
}

// attr is the value of the attribute named local, "" if absent.
func (n *node) attr(local string) string {
	if n == nil {
		return ""
	}
	for _, a := range n.attrs {
		if a.Name.Local == local {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}
