package inbound

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

func init() {
	// pdfcpu reads no configuration directory (nothing written to $HOME).
	model.ConfigPath = "disable"
}

// embeddedNames are the names a hybrid PDF gives its XML: Factur-X,
// ZUGFeRD 1.0 and 2.x (any case), ZUGFeRD 2.1+'s XRechnung profile.
var embeddedNames = []string{"factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"}

var (
	errPDFUnreadable = errors.New("PDF unreadable")
	errNoEmbedded    = errors.New("PDF without an embedded invoice")
)

// isPDF says whether data starts like a PDF (the header may follow a few
// bytes of junk, as readers allow within the first KB).
func isPDF(data []byte) bool {
	head := data
	if len(head) > 1024 {
		head = head[:1024]
	}
	return bytes.Contains(head, []byte("%PDF-"))
}

// embeddedXML is the invoice XML attached to a PDF (the first attachment
// named as in embeddedNames, in that order of preference).
func embeddedXML(data []byte) (xml []byte, err error) {
	defer func() {
		// pdfcpu is not meant for hostile files; a panic is an unreadable PDF.
		if r := recover(); r != nil {
			xml, err = nil, fmt.Errorf("%w: %v", errPDFUnreadable, r)
		}
	}()
	switch err := checkPDF(data); {
	case errors.Is(err, errPDFEncrypted):
		return nil, errNoEmbedded
	case err != nil:
		return nil, err
	}
	conf := model.NewDefaultConfiguration()
	conf.Cmd = model.EXTRACTATTACHMENTS
	// Validation (relaxed) builds the name trees the attachments are in;
	// a PDF it refuses is still read as it is, as viewers do.
	ctx, err := api.ReadAndValidate(bytes.NewReader(data), conf)
	if err != nil {
		conf = model.NewDefaultConfiguration()
		conf.Cmd = model.EXTRACTATTACHMENTS
		if ctx, err = api.ReadContext(bytes.NewReader(data), conf); err != nil {
			return nil, fmt.Errorf("%w: %v", errPDFUnreadable, err)
		}
	}
	if ctx.XRefTable.Encrypt != nil {
		return nil, errNoEmbedded
	}
	list, err := ctx.ExtractAttachments(nil)
	if err != nil || len(list) == 0 {
		return nil, errNoEmbedded
	}
	for _, want := range embeddedNames {
		for _, a := range list {
			if strings.EqualFold(a.FileName, want) || strings.EqualFold(a.ID, want) {
				return io.ReadAll(io.LimitReader(a.Reader, MaxFileBytes+1))
			}
		}
	}
	return nil, errNoEmbedded
}
