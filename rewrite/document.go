package rewrite

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/scanner"
)

// A Form is what a Rewriter turns each IRI it finds into.
type Form uint8

const (
	// URI replaces each IRI by its URI form (Sections 3.3 to 3.6): for
	// legacy consumers. The query of an http or https IRI in a document
	// in a legacy charset is encoded in that charset (Section 3.5).
	// It is the zero Form.
	URI Form = iota
	// IRI replaces each IRI by its IRI form (Section 3.7), to make a
	// document readable; an IRI read from a non-UCS document is
	// normalized to NFC (Section 3.1).
	IRI
	// Display replaces each IRI by its display form (Section 4):
	// bidi-safe and spoof-safe, for people.
	Display
	// Link makes links (see Linkify): plain text becomes an HTML
	// fragment, escaped, with each IRI wrapped in
	// <a href="URI form">display form</a>; in HTML the IRIs of text nodes
	// are wrapped in place. Options.Links says which IRIs are linked and
	// how.
	Link
)

var formNames = [...]string{"uri", "iri", "display", "linkify"}

// String returns the form's name as the command line spells it: uri,
// iri, display or linkify.
func (f Form) String() string {
	if int(f) < len(formNames) {
		return formNames[f]
	}
	return fmt.Sprintf("Form(%d)", f)
}

// ParseForm returns the Form named s ("uri", "iri", "display" or
// "linkify"), and false for any other name.
func ParseForm(s string) (Form, bool) {
	for i, n := range formNames {
		if n == s {
			return Form(i), true
		}
	}
	return 0, false
}

// A Format is the syntax of a document.
type Format uint8

const (
	// Text is plain text: IRIs are found by the running-text rules.
	// It is the zero Format.
	Text Format = iota
	// HTML is an HTML document or fragment: the values of URL-valued
	// attributes are IRIs, and so are the URLs of the CSS in style
	// attributes and <style> elements; text nodes are scanned as running
	// text outside the elements of Options.SkipElements.
	HTML
	// CSS is a style sheet: its url(…), @import and image-set() URLs are
	// IRIs (docs/css.md). Link leaves it unchanged.
	CSS
)

// String returns the format's name: text, html or css.
func (f Format) String() string {
	switch f {
	case Text:
		return "text"
	case HTML:
		return "html"
	case CSS:
		return "css"
	}
	return fmt.Sprintf("Format(%d)", f)
}

// Options configure a Rewriter. The zero value rewrites a UTF-8 plain-text
// document to URIs with the default scanner options.
type Options struct {
	// To is the form each IRI is rewritten to; the zero value is URI.
	To Form
	// Format is the syntax of the document; the zero value is Text.
	Format Format

	// Charset is the document's charset, in which it is read and written;
	// nil means UTF-8. charset.Detect finds it.
	Charset *charset.Charset

	// Scanner configures detection in running text.
	Scanner scanner.Options

	// SkipElements, for HTML, are the elements whose text is neither
	// rewritten nor linkified; nil means scanner.DefaultSkipElements
	// (a, script, style, textarea, title, code, pre).
	SkipElements []string

	// TextNodes makes URI, IRI and Display also rewrite the IRIs
	// found in the text of an HTML document; by default only URL-valued
	// attributes are rewritten. Link works on text nodes only.
	TextNodes bool

	// Bidi is how Display marks a right-to-left IRI in plain text and
	// HTML text nodes (iri.BidiIsolate by default). In plain text in a
	// charset that cannot represent the marks, they are left out; in HTML
	// they are written as character references like any other character.
	Bidi iri.BidiMode

	// StrictCharset makes a replacement character that the charset cannot
	// represent an error (a *charset.EncodeError inside an *Error)
	// instead of a character reference or percent-encoding. A caller can
	// then write the document in another charset (mail does, in UTF-8).
	StrictCharset bool

	// Target and Rel, when not empty, are the target and rel attributes of
	// the links Link makes.
	Target, Rel string

	// Links is the link policy of Link (which matches become links, their
	// href, text, class and title; see LinkOptions); nil is the zero
	// policy. When it names schemes and Scanner.Schemes is nil, the
	// scanner looks for those schemes.
	Links *Linker
	// Defang makes Link write each IRI as an <a> element without href
	// (not a link) whose text is the IRI defanged (refang.Defang:
	// hxxps://evil[.]example/), for reports that show links nobody should
	// follow. With Scanner.Refang, links written defanged are found too.
	// With Scanner.Refang and without Defang, Link makes a link of a
	// defanged IRI like of any other: its href and its text are the real
	// link.
	Defang bool

	// OnError, if not nil, is called for each IRI that cannot be
	// converted; the IRI is left as it was. The error is valid only
	// during the call.
	OnError func(*ConvertError)

	// OnEdit, if not nil, is called for each change made to the document,
	// in order. The edit is valid only during the call.
	OnEdit func(Edit)
}

// A ConvertError is an IRI that could not be converted and was left as it
// was.
type ConvertError struct {
	Offset int64  // source byte offset of the IRI
	Length int64  // its length in source bytes
	Text   string // the IRI as found (UTF-8)
	Err    error  // why: usually a iri.Violation
}

// Error says what and where.
func (e *ConvertError) Error() string {
	return fmt.Sprintf("byte %d: %q left unchanged: %v", e.Offset, e.Text, e.Err)
}

// Unwrap returns the conversion error.
func (e *ConvertError) Unwrap() error { return e.Err }

// An Edit is one change of a document: the source bytes
// [Offset, Offset+Length) are replaced by New.
type Edit struct {
	Offset int64
	Length int64
	New    []byte
}

// Result counts what a rewrite did.
type Result struct {
	// Matches counts the IRIs found where the mode works: in HTML the
	// attribute values (and with TextNodes the text), or for Link the
	// text only.
	Matches int64
	Edits   int64 // changes made
	Failed  int64 // IRIs left unchanged because they could not be converted
	// Invalid counts the invalid byte sequences of a source in a charset
	// other than UTF-8; they are copied as they were. UTF-8 is read as it
	// is, not decoded, so its invalid bytes (which end a match) are copied
	// without being counted.
	Invalid int64
	Read    int64 // source bytes read
	Written int64 // bytes written
}

// Changed reports whether the output differs from the input.
func (r Result) Changed() bool { return r.Edits > 0 }

// An Error is a failure to read, write or encode a document, with the byte
// offset in the source where it happened.
type Error struct {
	Offset int64
	Err    error
}

// Error says what and where.
func (e *Error) Error() string { return fmt.Sprintf("byte %d: %v", e.Offset, e.Err) }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// ErrOptions is wrapped by the error a Rewriter returns for a Form or
// Format value outside the constants of this package.
var ErrOptions = errors.New("rewrite: bad options")

// Document reads a document from r and writes it to w with its IRIs
// rewritten as o says: a shorthand for a Rewriter used once.
func Document(w io.Writer, r io.Reader, o Options) (Result, error) {
	rw := Rewriter{Options: o}
	return rw.Rewrite(w, r)
}

// Linkify reads a document from r and writes it to w with its IRIs made
// into links: Document with o.To set to Link.
//
// Each link is <a href="URI form" dir="ltr">text</a> (with the target,
// rel, class and title attributes Options and Options.Links ask for), its
// text the display form with the marks of the IURI draft (LRM around each
// delimiter, so that the components of a right-to-left IRI stay in order)
// but without the LRE/PDF wrapper.
//
// Every link gets dir="ltr", which isolates it from the paragraph (HTML's
// dir attribute implies unicode-bidi: isolate) and sets its direction, as
// Section 4.1 asks; the wrapper would only repeat it. An IRI without
// right-to-left characters needs it too: in a right-to-left paragraph a
// final delimiter ("https://example.org/docs/") would otherwise take the
// paragraph's direction and be shown at the IRI's left. The marks are still
// needed: within the isolate, a "/" between two right-to-left path segments
// would join them into one right-to-left run, shown in reverse order
// (TestBrowserBidiLinks checks both in Chromium).
func Linkify(w io.Writer, r io.Reader, o Options) (Result, error) {
	o.To = Link
	return Document(w, r, o)
}

// A Rewriter rewrites documents. It keeps its buffers from one document to
// the next, so a batch job reuses one per worker; it is not safe for
// concurrent use. Set Options before the first Rewrite.
type Rewriter struct {
	Options

	j job // reused state
}

// Rewrite reads a document from src and writes it, with its IRIs
// rewritten as Options say, to w. Bytes outside the rewritten IRIs are
// copied as they are. It returns what it did and the first error met
// reading, writing or (with StrictCharset) encoding; IRIs that cannot be
// converted are not errors, they are counted in Result.Failed and passed to
// OnError.
func (rw *Rewriter) Rewrite(w io.Writer, src io.Reader) (Result, error) {
	o := &rw.Options
	switch {
	case o.To > Link:
		return Result{}, fmt.Errorf("%w: %v", ErrOptions, o.To)
	case o.Format > CSS:
		return Result{}, fmt.Errorf("%w: %v", ErrOptions, o.Format)
	}
	j := &rw.j
	j.reset(o, w, src)
	err := j.run()
	if !j.raw {
		j.res.Invalid = j.cr.Decoder().InvalidCount()
	}
	j.res.Read = j.src.end()
	res := j.res
	j.release()
	return res, err
}

// trimAdded removes from a converted target the scheme the scanner added to
// a scheme-less match (scheme:// for www. and bare domains, mailto: for an
// e-mail address), so that the rewritten text keeps the shape it had.
// The prefix may be in the marked form of a link's text.
func trimAdded(m *scanner.Match, s, scheme string) string {
	var plain, marked string
	switch m.Kind {
	case scanner.KindWWW, scanner.KindFuzzy:
		switch scheme { // constants: no allocation per match
		case "https":
			plain, marked = "https://", "https\u200e:\u200e\u200e/\u200e\u200e/\u200e"
		case "http":
			plain, marked = "http://", "http\u200e:\u200e\u200e/\u200e\u200e/\u200e"
		default:
			plain, marked = scheme+"://", scheme+"\u200e:\u200e\u200e/\u200e\u200e/\u200e"
		}
	case scanner.KindEmail:
		plain, marked = "mailto:", "mailto\u200e:\u200e"
	default:
		return s
	}
	if t, ok := strings.CutPrefix(s, plain); ok {
		return t
	}
	if t, ok := strings.CutPrefix(s, marked); ok {
		return t
	}
	return s
}
