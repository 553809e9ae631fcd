package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/scanner"
)

// A Kind is where in a Markdown document an IRI stands.
type Kind uint8

const (
	// Prose is an IRI in text a reader sees as prose, found by the
	// running-text rules of the scanner package.
	Prose Kind = iota + 1
	// Link is the destination of an inline link [text](dest).
	Link
	// Image is the destination of an image ![alt](dest).
	Image
	// AutoLink is the content of an autolink <…>.
	AutoLink
	// Definition is the destination of a link reference definition
	// [label]: dest.
	Definition
)

var kindNames = [...]string{"", "prose", "link", "image", "autolink", "definition"}

// String returns the kind's name as iriscan extract prints it: prose,
// link, image, autolink or definition.
func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// A Match is one IRI of a Markdown document.
//
// The embedded scanner.Match has Offset and Length in bytes of the
// document as given (in its charset), Text as written (UTF-8), and IRI
// with backslash escapes and character references resolved, as a reader
// sees it (Decoded says whether there were any). Its Kind is how a prose
// IRI was recognised (scheme, www, email or fuzzy); a destination has
// scanner.KindAttr (it may be a relative reference), an autolink
// scanner.KindScheme or scanner.KindEmail. Target gives the IRI it points
// to.
type Match struct {
	scanner.Match
	// Where says where the IRI stands: prose or a kind of destination.
	Where Kind
	// Bracketed reports a destination written <…>.
	Bracketed bool
	// TextOffset and TextLength are the span in the document decoded to
	// UTF-8, without a byte order mark (Offset and Length are in the
	// source bytes): to count code points or UTF-16 units, as a caller
	// that slices the decoded text does.
	TextOffset, TextLength int64
}

// MaxSize is the largest document this package reads: a Markdown document
// is parsed whole, in memory.
const MaxSize = 64 << 20

// ErrTooLarge is wrapped by the error for a document over MaxSize bytes.
var ErrTooLarge = errors.New("markdown document larger than 64 MiB")

// Find returns the IRIs of the Markdown document src, in charset cs (nil
// means UTF-8), in document order: those of prose, and the destinations
// of inline links, images, autolinks and reference definitions. Offsets
// are in bytes of src. The error is an ErrTooLarge for a document over
// MaxSize.
func Find(src []byte, cs *charset.Charset, o *scanner.Options) ([]Match, error) {
	if len(src) > MaxSize {
		return nil, fmt.Errorf("byte %d: %w", MaxSize, ErrTooLarge)
	}
	d := decodeDoc(src, cs)
	if o == nil {
		o = &scanner.Options{}
	}
	w, prose := collect(d.text, o, nil)
	out := make([]Match, 0, len(prose)+len(w.dests))
	di := 0
	flushDests := func(before int) {
		for ; di < len(w.dests) && w.dests[di].start < before; di++ {
			out = append(out, d.destMatch(&w.dests[di]))
		}
	}
	for i := range prose {
		p := &prose[i]
		flushDests(p.start)
		m := p.m
		m.Offset, m.Length = d.source(p.start), d.source(p.end)-d.source(p.start)
		m.Text = string(d.text[p.start:p.end])
		m.Decoded = p.decoded
		out = append(out, Match{Match: m, Where: Prose, TextOffset: int64(p.start), TextLength: int64(p.end - p.start)})
	}
	flushDests(len(d.text) + 1)
	return out, nil
}

// A proseMatch is a match of the scanner in the view, with its span in
// the text.
type proseMatch struct {
	m          scanner.Match
	start, end int // in the text
	decoded    bool
}

// collect parses text and returns its walker (with the destinations in
// source order) and the prose matches.
func collect(text []byte, o *scanner.Options, skip []string) (*walker, []proseMatch) {
	w := newWalker(text, skip)
	w.walk(parse(text))
	w.end()
	sortDests(w.dests)
	var out []proseMatch
	for _, m := range scanner.Find(w.view, o) {
		vs, ve := int(m.Offset), int(m.Offset+m.Length)
		s, e, dec, ok := w.span(vs, ve)
		if !ok {
			continue
		}
		out = append(out, proseMatch{m: m, start: s, end: e, decoded: dec})
	}
	return w, out
}

func sortDests(d []dest) {
	// Nearly sorted already: insertion sort.
	for i := 1; i < len(d); i++ {
		for j := i; j > 0 && d[j].start < d[j-1].start; j-- {
			d[j], d[j-1] = d[j-1], d[j]
		}
	}
}

// A document is the decoded text of a Markdown document and the way back
// to its source bytes.
type document struct {
	src  []byte
	text []byte
	base int64        // UTF-8: bytes of a byte order mark before text
	m    *charset.Map // other charsets
	cs   *charset.Charset
	inv  int64 // invalid sequences decoded
}

// decodeDoc decodes src from cs (nil: UTF-8, read as it is, without its
// byte order mark).
func decodeDoc(src []byte, cs *charset.Charset) *document {
	d := &document{src: src, cs: cs}
	if cs == nil {
		d.cs = charset.UTF8
	}
	if d.cs == charset.UTF8 {
		d.text = src
		if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
			d.text, d.base = src[3:], 3
		}
		return d
	}
	r := charset.NewReaderBytes(src, d.cs)
	r.SetKeep(0)
	var text []byte
	for {
		b, err := r.Next()
		text = append(text, b...)
		if err != nil {
			break
		}
	}
	d.text, d.m = text, r.Map()
	d.inv = r.Decoder().InvalidCount()
	return d
}

// source returns the source offset of text offset t.
func (d *document) source(t int) int64 {
	if d.m == nil {
		return d.base + int64(t)
	}
	return d.m.SourceOffset(int64(t))
}

// destMatch returns the Match of a destination.
func (d *document) destMatch(x *dest) Match {
	s, e := d.source(x.start), d.source(x.start+len(x.raw))
	m := Match{Where: x.kind, Bracketed: x.bracketed, TextOffset: int64(x.start), TextLength: int64(len(x.raw))}
	m.Offset, m.Length, m.Text = s, e-s, string(x.raw)
	switch {
	case x.kind == AutoLink && x.email:
		m.Kind, m.IRI = scanner.KindEmail, m.Text
	case x.kind == AutoLink:
		m.Kind, m.IRI = scanner.KindScheme, m.Text // no escapes in an autolink
	default:
		iri, dec := decode(x.raw)
		m.Kind, m.IRI, m.Decoded = scanner.KindAttr, string(iri), dec
	}
	return m
}

// readAll reads a whole document, up to MaxSize bytes.
func readAll(r io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return b, fmt.Errorf("byte %d: %w", len(b), err)
	}
	if len(b) > MaxSize {
		return nil, fmt.Errorf("byte %d: %w", MaxSize, ErrTooLarge)
	}
	return b, nil
}
