package warc

import (
	"compress/gzip"
	"errors"
	"io"
	"strings"
)

// A Writer writes WARC records, each in its own gzip member if Gzip.
// A record is Begin (its header), Write (its block), End.
type Writer struct {
	w    io.Writer
	gzip bool
	zw   *gzip.Writer
	cur  io.Writer // the current record's destination
	open bool
}

// NewWriter returns a Writer to w; gz writes one gzip member per record.
func NewWriter(w io.Writer, gz bool) *Writer {
	return &Writer{w: w, gzip: gz}
}

var errState = errors.New("warc: Begin and End out of order")

// Begin starts a record with the header raw: a version line, fields and
// the empty line (from Record.Raw, or FormatHeader).
func (w *Writer) Begin(raw []byte) error {
	if w.open {
		return errState
	}
	w.open = true
	w.cur = w.w
	if w.gzip {
		if w.zw == nil {
			w.zw = gzip.NewWriter(w.w)
		} else {
			w.zw.Reset(w.w)
		}
		w.cur = w.zw
	}
	_, err := w.cur.Write(raw)
	return err
}

// Write writes block bytes of the current record.
func (w *Writer) Write(p []byte) (int, error) {
	if !w.open {
		return 0, errState
	}
	return w.cur.Write(p)
}

// End ends the record: the two CRLFs, and the gzip member.
func (w *Writer) End() error {
	if !w.open {
		return errState
	}
	w.open = false
	if _, err := io.WriteString(w.cur, "\r\n\r\n"); err != nil {
		return err
	}
	if w.gzip {
		return w.zw.Close()
	}
	return nil
}

// FormatHeader returns the header of a record: the version line (such as
// "WARC/1.1"), each field as "Name: Value" and the empty line, with CRLF
// line ends. Line breaks in a value are replaced by spaces.
func FormatHeader(version string, h Header) []byte {
	var b strings.Builder
	b.WriteString(version)
	b.WriteString("\r\n")
	for _, f := range h {
		b.WriteString(f.Name)
		b.WriteString(": ")
		b.WriteString(strings.NewReplacer("\r", " ", "\n", " ").Replace(f.Value))
		b.WriteString("\r\n")
	}
	b.WriteString("\r\n")
	return []byte(b.String())
}
