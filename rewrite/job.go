package rewrite

import (
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/scanner"
	"github.com/iriscan/iriscan/scanner/refang"
)

var errInvalidUTF8 = errors.New("invalid UTF-8")

// matchSource is what job needs of a Scanner or an HTMLScanner.
type matchSource interface {
	Scan() bool
	Match() scanner.Match
	Err() error
	Retained() int64
}

// job is the state of one document being rewritten.
//
// Three offsets move forward together: the scanner reads decoded text
// through feed; everything before decDone (decoded) and srcDone (source)
// has been written. Source bytes are held in src from srcDone on, decoded
// text (only when plain text is escaped for HTML) in dec from decDone on,
// and the charset map from the scanner's Retained offset on.
type job struct {
	o   *Options
	w   io.Writer
	src window
	cr  *charset.Reader
	m   *charset.Map
	cs  *charset.Charset
	ms  matchSource

	txt     *scanner.Scanner // reused from one text document to the next
	txtOpts scanner.Options  // its options
	css     *scanner.CSSScanner
	cssMax  int // its Options.MaxLength

	html     *scanner.HTMLScanner // reused from one HTML document to the next
	htmlOpts scanner.HTMLOptions  // its options
	crs      []*charset.Reader    // charset readers reused, one per charset met (a few)

	conv     iri.Converter // URI/IRI/Display, Section 3.5 query charset
	attrConv iri.Converter // Display in attribute values: no bidi marks
	linkConv iri.Converter // the text of links: BidiMarks

	raw     bool   // UTF-8: the scanner reads the source bytes themselves
	escape  bool   // Link of plain text: escape the text for HTML
	dec     []byte // decoded text from decBase, when escape
	decBase int64
	pending []byte // rest of the chunk the scanner has not read

	srcDone, decDone int64

	repl, enc  []byte // scratch: the replacement, then encoded
	scratchCSS []byte // scratch: a replacement serialized for CSS
	cssBuf     []byte // scratch: with characters the charset lacks escaped
	scratch    [16]byte
	res        Result
	err        error // first write or encode error
}

func (j *job) reset(o *Options, w io.Writer, src io.Reader) {
	j.o, j.w = o, w
	j.cs = o.Charset
	if j.cs == nil {
		j.cs = charset.UTF8
	}
	j.src.reset(src)
	j.raw = j.cs == charset.UTF8
	if !j.raw {
		j.cr = j.charsetReader(j.cs)
		j.m = j.cr.Map()
	}
	j.conv = iri.Converter{Charset: j.cs, Bidi: o.Bidi}
	if j.cs.IsUCS() {
		j.conv.Charset = nil
	}
	j.attrConv = j.conv
	j.attrConv.Bidi = iri.BidiNone
	j.linkConv = j.conv
	j.linkConv.Bidi = iri.BidiMarks
	j.escape = o.To == Link && o.Format == Text
	j.dec, j.decBase, j.pending = j.dec[:0], 0, nil
	j.srcDone, j.decDone = 0, 0
	j.res, j.err = Result{}, nil
	f := (*feed)(j)
	so := o.Scanner
	if o.To == Link && so.Schemes == nil {
		so.Schemes = o.Links.ScannerSchemes()
	}
	if o.Format == HTML {
		ho := scanner.HTMLOptions{
			Options: so, SkipElements: o.SkipElements,
			SkipText:       o.To != Link && !o.TextNodes,
			SkipAttributes: o.To == Link,
			LinkText:       o.To == Link,
		}
		if j.html != nil && sameHTMLOptions(&j.htmlOpts, &ho) {
			j.html.Reset(f) // keeps its buffers: mail rewrites many small parts
		} else {
			j.html = scanner.NewHTMLScanner(f, &ho)
			j.htmlOpts = ho
			j.htmlOpts.Options.Schemes = slices.Clone(ho.Options.Schemes)
			j.htmlOpts.SkipElements = slices.Clone(ho.SkipElements)
		}
		j.ms = j.html
	} else if o.Format == CSS {
		if j.css != nil && j.cssMax == o.Scanner.MaxLength {
			j.css.Reset(f)
		} else {
			j.css, j.cssMax = scanner.NewCSSScanner(f, &o.Scanner), o.Scanner.MaxLength
		}
		j.ms = j.css
	} else if j.txt != nil && sameOptions(&j.txtOpts, &so) {
		j.txt.Reset(f) // keeps its window: mail rewrites many small parts
		j.ms = j.txt
	} else {
		j.txt, j.txtOpts = scanner.NewScanner(f, &so), so
		j.ms = j.txt
	}
}

// release drops the references to the caller's reader and writer.
func (j *job) release() {
	j.w, j.ms = nil, nil
	j.src.r = nil
}

// run rewrites the whole document.
func (j *job) run() error {
	for j.err == nil && j.ms.Scan() {
		m := j.ms.Match()
		if j.o.To == Link && m.Kind == scanner.KindCSS {
			continue // no link is made in CSS
		}
		j.match(&m)
	}
	if j.err != nil {
		return j.err
	}
	if err := j.ms.Err(); err != nil {
		return &Error{Offset: j.src.end(), Err: err}
	}
	// The scanner has read to the end: write the rest.
	if j.escape {
		j.escapeTo(j.decodedEnd())
	}
	j.copyTo(j.src.end()) // the scanner stops only at the source's io.EOF
	return j.err
}

// match replaces one match if its new form differs.
// The HTML scanner reports only what the mode rewrites (see reset).
func (j *job) match(m *scanner.Match) {
	j.res.Matches++
	if m.Offset < j.decDone {
		return // cannot happen: matches do not overlap
	}
	if j.escape {
		j.escapeTo(m.Offset)
	}
	start, end := j.sourceOffset(m.Offset), j.sourceOffset(m.Offset+m.Length)
	ok, err := j.replacement(m)
	if err != nil {
		j.res.Failed++
		if j.o.OnError != nil {
			j.o.OnError(&ConvertError{Offset: start, Length: end - start, Text: m.Text, Err: err})
		}
		return
	}
	if !ok {
		return
	}
	j.copyTo(start)
	fb := charset.FallbackPercent
	if (j.o.Format == HTML || j.o.To == Link) && !(m.Kind == scanner.KindCSS && m.Attr == "") {
		// Not in CSS outside an attribute: a <style> element's raw text
		// decodes no reference (cssEncodable escapes such characters).
		fb = charset.FallbackNCR
	}
	if j.o.StrictCharset {
		fb = charset.FallbackError
	}
	pre, suf := j.bracket(m.Offset, m.Offset+m.Length)
	j.enc = append(j.enc[:0], pre...)
	s := bytesString(j.repl)
	if fb == charset.FallbackPercent && j.o.To == Display && !j.cs.IsUCS() && !j.marksEncodable(s) {
		// Marks of a display form that the charset lacks are left out:
		// percent-encoded they would become part of the IRI.
		s = iri.StripBidi(s)
	}
	enc, err := j.cs.Encode(j.enc, s, fb)
	if err != nil {
		j.fail(start, err)
		return
	}
	j.enc = append(enc, suf...)
	if bytesString(j.enc) == bytesString(j.src.slice(start, end)) {
		// The new form encodes to the bytes it replaces (a character the
		// charset lacks, percent-encoded back): no change.
		return
	}
	j.edit(start, end, j.enc)
	j.decDone = m.Offset + int64(m.Length)
}

// marksEncodable reports whether the charset can represent every bidi
// formatting character in s.
func (j *job) marksEncodable(s string) bool {
	for _, r := range s {
		if iri.IsBidiFormatting(r) {
			if _, err := j.cs.Encode(j.scratch[:0], string(r), charset.FallbackError); err != nil {
				return false
			}
		}
	}
	return true
}

// replacement puts in j.repl the UTF-8 text that replaces m, escaped for
// where it stands, and reports whether it differs from the match.
func (j *job) replacement(m *scanner.Match) (bool, error) {
	target := m.Target()
	j.repl = j.repl[:0]
	plain := plainURL(target) // the common case: checks and preprocessing change nothing
	if j.raw && !plain && !utf8.ValidString(target) {
		// An attribute value with invalid UTF-8 (a match in text ends
		// before it): what it means is unknown, so it stays.
		return false, errInvalidUTF8
	}
	if j.o.To == Link {
		return j.link(m)
	}
	if m.Kind == scanner.KindAttr || m.Kind == scanner.KindCSS {
		// A browser reads an attribute or CSS URL after the URL parser's
		// preprocessing (WHATWG URL): controls and spaces at the ends and
		// every tab and newline removed, "\" as "/" for http(s), ws(s),
		// ftp, file and relative references. Convert what it follows.
		if !plain {
			target = iri.PreprocessURL(target)
		}
	}
	conv := &j.conv
	if m.Kind == scanner.KindAttr || m.Kind == scanner.KindCSS {
		conv = &j.attrConv
	}
	var s string
	var err error
	switch {
	case j.o.To == URI && m.Kind == scanner.KindEmail:
		// An address is not a URI: its domain gets A-labels, its local
		// part stays UTF-8 (RFC 6531); only mailto: URIs percent-encode it.
		s, err = iri.AddressToASCII(m.IRI)
	case j.o.To == URI && plain && uriAsIs(target):
		s = target // what ToURI returns for it
	case j.o.To == URI:
		s, err = conv.ToURI(target)
	case j.o.To == IRI:
		s, err = conv.ToIRI(target)
	default:
		s, err = conv.Display(target)
	}
	if err != nil {
		return false, err
	}
	s = trimAdded(m, s, "https")
	if j.o.Scanner.Refang && m.Kind != scanner.KindAttr && m.Text != m.IRI {
		// Keep a defanged link defanged, its markers where they were.
		d, err := refang.Redefang(m.Text, s)
		if err != nil {
			return false, err
		}
		if d != s {
			if d == m.Text {
				return false, nil
			}
			s = d
		}
	}
	if s == m.IRI {
		return false, nil // keep the exact bytes, references and all
	}
	switch {
	case m.Kind == scanner.KindCSS:
		// CSS first, then HTML around it in a style attribute.
		css := appendCSS(j.scratchCSS[:0], s, m.CSS, m.Element == "style" && m.Attr == "")
		j.scratchCSS = css
		if !j.cs.IsUCS() && !j.o.StrictCharset && m.Attr == "" {
			css = j.cssEncodable(css)
		}
		if m.Attr != "" {
			q := m.Quote
			if q == 0 {
				q = ' '
			}
			j.repl = appendEscaped(j.repl, bytesString(css), q)
		} else {
			j.repl = append(j.repl, css...)
		}
	case j.o.Format == Text:
		j.repl = append(j.repl, s...)
	case m.Kind == scanner.KindAttr:
		q := m.Quote
		if q == 0 {
			q = ' ' // unquoted: escape anything that would end the value
		}
		j.repl = appendEscaped(j.repl, s, q)
	default:
		j.repl = appendEscaped(j.repl, s, 0)
	}
	return true, nil
}

// plainURLByte: the printable ASCII characters but "\\".
var plainURLByte = func() (t [256]bool) {
	for c := '!'; c <= '~'; c++ {
		t[c] = c != '\\'
	}
	return t
}()

// plainURL reports whether s is printable ASCII without spaces and "\\":
// valid UTF-8 that iri.PreprocessURL leaves as it is.
func plainURL(s string) bool {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	// Eight bytes at a time: is one below '!', above '~', or '\\'?
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; len(b) >= 8; b = b[8:] {
		w := binary.LittleEndian.Uint64(b)
		low := (w - ones*'!') &^ w & highs
		high := (w + ones*(0x7f-'~') | w) & highs
		bs := w ^ ones*'\\'
		if low|high|(bs-ones)&^bs&highs != 0 {
			return false
		}
	}
	for _, c := range b {
		if !plainURLByte[c] {
			return false
		}
	}
	return true
}

// link puts in j.repl the link the policy makes of m, if it makes one.
func (j *job) link(m *scanner.Match) (bool, error) {
	lk, ok, err := j.o.Links.anchor(m, &j.conv, &j.linkConv)
	if err != nil || !ok {
		return false, err
	}
	text := lk.Text
	j.repl = append(j.repl, "<a"...)
	if j.o.Defang {
		// Not a link: no href, nothing that only a link uses. The
		// markers of a link written defanged stay as they were.
		if j.o.Scanner.Refang && m.Kind != scanner.KindAttr && m.Text != m.IRI {
			if d, err := refang.Redefang(m.Text, text); err == nil {
				text = d
			}
		}
		text = refang.Defang(text)
	} else {
		j.repl = appendAttr(j.repl, "href", lk.Href)
		j.repl = appendAttr(j.repl, "target", j.o.Target)
		j.repl = appendAttr(j.repl, "rel", j.o.Rel)
	}
	j.repl = appendAttr(j.repl, "class", j.o.Links.Options().Class)
	if !j.o.Defang {
		j.repl = appendAttr(j.repl, "title", lk.Title)
	}
	j.repl = appendAttr(j.repl, "dir", "ltr") // every link: see Linkify
	j.repl = append(j.repl, '>')
	j.repl = appendEscaped(j.repl, text, 0)
	j.repl = append(j.repl, "</a>"...)
	return true, nil
}

// appendEscaped appends s escaped for HTML: in text (quote 0) "&", "<" and
// ">"; in an attribute value quoted by quote, "&" and the quote; in an
// unquoted value (quote ' '), "&" and every character that would end the
// value or is a parse error there.
func appendEscaped(b []byte, s string, quote byte) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '&':
			b = append(b, "&amp;"...)
		case quote == 0 && c == '<':
			b = append(b, "&lt;"...)
		case quote == 0 && c == '>':
			b = append(b, "&gt;"...)
		case quote == '"' && c == '"':
			b = append(b, "&quot;"...)
		case quote == '\'' && c == '\'':
			b = append(b, "&#39;"...)
		case quote == ' ' && strings.IndexByte("\"'<>=` \t\n\f\r", c) >= 0:
			b = append(b, "&#"...)
			b = strconv.AppendInt(b, int64(c), 10)
			b = append(b, ';')
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendAttr appends ` name="value"`, value escaped; nothing if value is
// empty.
func appendAttr(b []byte, name, value string) []byte {
	if value == "" {
		return b
	}
	b = append(b, ' ')
	b = append(b, name...)
	b = append(b, `="`...)
	b = appendEscaped(b, value, '"')
	return append(b, '"')
}

// fail records the first write or encode error.
func (j *job) fail(off int64, err error) {
	if j.err == nil {
		j.err = &Error{Offset: off, Err: err}
	}
}

// edit writes the replacement b of the source bytes [start, end), which
// must start at srcDone.
func (j *job) edit(start, end int64, b []byte) {
	if j.o.OnEdit != nil {
		j.o.OnEdit(Edit{Offset: start, Length: end - start, New: b})
	}
	j.write(start, b)
	j.res.Edits++
	j.srcDone = end
	j.src.drop(end)
}

func (j *job) write(off int64, b []byte) {
	if j.err != nil || len(b) == 0 {
		return
	}
	n, err := j.w.Write(b)
	j.res.Written += int64(n)
	if err != nil {
		j.fail(off, err)
	}
}

// copyTo writes the source bytes from srcDone up to off.
func (j *job) copyTo(off int64) {
	if off <= j.srcDone {
		return
	}
	j.write(j.srcDone, j.src.slice(j.srcDone, off))
	j.srcDone = off
	j.src.drop(off)
}

// escapeTo writes the text up to decoded offset d, escaping "&", "<" and
// ">" for HTML.
func (j *job) escapeTo(d int64) {
	for j.decDone < d && j.err == nil {
		seg := j.dec[j.decDone-j.decBase : d-j.decBase]
		i := indexSpecial(seg)
		if i < 0 {
			j.decDone = d
			break
		}
		x := j.decDone + int64(i)
		start, end := j.sourceOffset(x), j.sourceOffset(x+1)
		j.copyTo(start)
		var esc string
		switch seg[i] {
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		default:
			esc = "&gt;"
		}
		pre, suf := j.bracket(x, x+1)
		j.enc = append(j.enc[:0], pre...)
		j.enc, _ = j.cs.Encode(j.enc, esc, charset.FallbackNCR) // ASCII: cannot fail
		j.enc = append(j.enc, suf...)
		j.edit(start, end, j.enc)
		j.decDone = x + 1
	}
	j.copyTo(j.sourceOffset(d))
	j.dropDecoded()
}

// dropDecoded forgets the decoded text before decDone.
func (j *job) dropDecoded() {
	k := int(j.decDone - j.decBase)
	if k < 64<<10 || k < len(j.dec)/2 {
		return
	}
	n := copy(j.dec, j.dec[k:])
	j.dec = j.dec[:n]
	j.decBase = j.decDone
}

var special = [256]bool{'&': true, '<': true, '>': true}

func indexSpecial(b []byte) int {
	for i, c := range b {
		if special[c] {
			return i
		}
	}
	return -1
}

// advance is called before each chunk is decoded: it writes what no later
// match can touch, and lets the charset map forget it.
func (j *job) advance() {
	keep := j.ms.Retained()
	if keep < j.decDone {
		keep = j.decDone
	}
	if j.escape {
		j.escapeTo(keep)
	} else if off := j.sourceOffset(keep); off >= 0 {
		j.copyTo(off)
	}
	if !j.raw {
		j.cr.SetKeep(keep)
	}
}

// feed is the reader of decoded text the scanner reads from.
type feed job

func (f *feed) Read(p []byte) (int, error) {
	j := (*job)(f)
	if j.raw {
		if j.ms != nil {
			j.advance()
		}
		if j.err != nil {
			return 0, j.err
		}
		n, err := j.src.Read(p)
		if j.escape {
			j.dec = append(j.dec, p[:n]...)
		}
		return n, err
	}
	for len(j.pending) == 0 {
		if j.err != nil {
			return 0, j.err
		}
		if j.ms != nil {
			j.advance()
		}
		b, err := j.cr.Next()
		if j.escape {
			j.dec = append(j.dec, b...)
		}
		j.pending = b
		if len(b) == 0 && err != nil {
			return 0, err
		}
	}
	n := copy(p, j.pending)
	j.pending = j.pending[n:]
	return n, nil
}

// window holds the source bytes that have been read and not yet written.
type window struct {
	r     io.Reader
	buf   []byte // buf[start:] are the bytes from offset base on
	start int
	base  int64
}

func (t *window) reset(r io.Reader) {
	t.r, t.buf, t.start, t.base = r, t.buf[:0], 0, 0
}

// Read reads from the source and keeps a copy of what it read.
func (t *window) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.buf = append(t.buf, p[:n]...)
	return n, err
}

// end returns the source offset just past the bytes read.
func (t *window) end() int64 { return t.base + int64(len(t.buf)-t.start) }

// slice returns the source bytes [from, to), which must be held.
func (t *window) slice(from, to int64) []byte {
	i := t.start + int(from-t.base)
	return t.buf[i : i+int(to-from)]
}

// drop forgets the bytes before offset off.
func (t *window) drop(off int64) {
	k := int(off - t.base)
	if k <= 0 {
		return
	}
	t.start += k
	t.base = off
	if t.start == len(t.buf) {
		t.buf, t.start = t.buf[:0], 0
	} else if t.start >= 1<<20 && t.start >= len(t.buf)/2 || t.start >= 64<<10 && len(t.buf)-t.start <= 4<<10 {
		// Moving the bytes still held (about a scanner window) once per
		// MiB written keeps the copying small and the buffer bounded;
		// when they are few (an HTML token), once per 64 KiB keeps the
		// buffer in the cache.
		n := copy(t.buf, t.buf[t.start:])
		t.buf, t.start = t.buf[:n], 0
	}
}

// bytesString returns b as a string without a copy; b must not change
// while the string is in use.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// sourceOffset maps decoded offset d to the source: through the charset map,
// or as it is for UTF-8, which the scanner reads undecoded.
func (j *job) sourceOffset(d int64) int64 {
	if j.raw {
		return d
	}
	return j.m.SourceOffset(d)
}

// decodedEnd returns the decoded offset past the text read so far.
func (j *job) decodedEnd() int64 {
	if j.raw {
		return j.src.end()
	}
	return j.m.DecodedEnd()
}

// bracket returns what must surround a replacement of the decoded text
// [start, end) in a stateful charset (see charset.Map.Bracket).
func (j *job) bracket(start, end int64) (prefix, suffix []byte) {
	if j.raw {
		return nil, nil
	}
	return j.m.Bracket(start, end)
}

// sameOptions reports whether a and b configure a Scanner alike.
// sameHTMLOptions reports whether an HTMLScanner made with a scans as one
// made with b.
func sameHTMLOptions(a, b *scanner.HTMLOptions) bool {
	return sameOptions(&a.Options, &b.Options) && slices.Equal(a.SkipElements, b.SkipElements) &&
		(a.SkipElements == nil) == (b.SkipElements == nil) &&
		a.SkipText == b.SkipText && a.SkipAttributes == b.SkipAttributes && a.LinkText == b.LinkText
}

// maxReaders bounds the charset readers a job keeps for reuse.
const maxReaders = 8

// charsetReader returns a charset reader of cs reading j.src from the
// start: one kept from an earlier document in cs, reset, or a new one,
// kept for the next (a mail archive alternates among a few charsets).
func (j *job) charsetReader(cs *charset.Charset) *charset.Reader {
	for _, r := range j.crs {
		if r.Decoder().Charset() == cs {
			r.Reset(&j.src)
			return r
		}
	}
	r := charset.NewReader(&j.src, cs)
	if len(j.crs) == maxReaders {
		j.crs = j.crs[1:]
	}
	j.crs = append(j.crs, r)
	return r
}

func sameOptions(a, b *scanner.Options) bool {
	return a.Fuzzy == b.Fuzzy && a.MaxLength == b.MaxLength && a.Refang == b.Refang && slices.Equal(a.Schemes, b.Schemes) &&
		(a.Schemes == nil) == (b.Schemes == nil)
}
