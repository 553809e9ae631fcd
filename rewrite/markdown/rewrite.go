package markdown

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/util"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/scanner"
	"github.com/iriscan/iriscan/scanner/refang"
)

// Rewrite reads a Markdown document from r and writes it to w with its IRIs
// rewritten as o says: a shorthand for a Rewriter used once.
func Rewrite(w io.Writer, r io.Reader, o rewrite.Options) (rewrite.Result, error) {
	rw := Rewriter{Options: o}
	return rw.Rewrite(w, r)
}

// Linkify reads a Markdown document from r and writes it to w with the IRIs
// of its prose made into Markdown links: Rewrite with o.To set to
// rewrite.Link.
func Linkify(w io.Writer, r io.Reader, o rewrite.Options) (rewrite.Result, error) {
	o.To = rewrite.Link
	return Rewrite(w, r, o)
}

// A Rewriter rewrites Markdown documents. Of its Options it uses To,
// Charset, Scanner, Bidi (Display in prose), SkipElements (the inline raw
// HTML elements whose text is not prose; nil means
// scanner.DefaultSkipElements), StrictCharset, OnError and OnEdit; Format
// is ignored. It is not safe for concurrent use.
type Rewriter struct {
	rewrite.Options
}

// An edit replaces the text bytes [start, end) by s.
type edit struct {
	start, end int
	s          string
}

// Rewrite reads a Markdown document from src and writes it to w with its
// IRIs rewritten as Options say.
//
// URI, IRI and Display convert the bare IRIs of prose and the destinations
// of inline links, images, autolinks and reference definitions, each
// escaped for where it stands; Link makes each IRI of prose a Markdown link
// [IRI as written](URI form). Code spans, code blocks, raw HTML, link text
// and titles are never changed, and every byte outside a changed IRI is
// copied as it was. The document is read whole (at most MaxSize bytes).
func (rw *Rewriter) Rewrite(w io.Writer, src io.Reader) (rewrite.Result, error) {
	o := &rw.Options
	var res rewrite.Result
	if o.To > rewrite.Link {
		return res, &rewrite.Error{Err: fmt.Errorf("%w: %v", rewrite.ErrOptions, o.To)}
	}
	b, err := readAll(src)
	res.Read = int64(len(b))
	if err != nil {
		return res, &rewrite.Error{Offset: res.Read, Err: err}
	}
	d := decodeDoc(b, o.Charset)
	res.Invalid = d.inv
	e := newEditor(o, d)
	wk, prose := collect(d.text, &o.Scanner, o.SkipElements)
	if o.To == rewrite.Link {
		for i := range prose {
			res.Matches++
			if wk.inRefLike(prose[i].start) && hasSpace(d.text[prose[i].start:prose[i].end]) {
				e.fail(prose[i].start, prose[i].end, string(d.text[prose[i].start:prose[i].end]), ErrMarkup)
				continue
			}
			e.linkify(wk, &prose[i])
		}
	} else {
		di := 0
		for i := 0; i <= len(prose); i++ {
			next := len(d.text) + 1
			if i < len(prose) {
				next = prose[i].start
			}
			for ; di < len(wk.dests) && wk.dests[di].start < next; di++ {
				res.Matches++
				e.dest(&wk.dests[di])
			}
			if i < len(prose) {
				res.Matches++
				if wk.inRefLike(prose[i].start) && hasSpace(d.text[prose[i].start:prose[i].end]) {
					e.fail(prose[i].start, prose[i].end, string(d.text[prose[i].start:prose[i].end]), ErrMarkup)
					continue
				}
				e.prose(&prose[i])
			}
		}
	}
	res.Failed = e.failed
	return e.write(w, res)
}

// editor computes the edits of one document and writes them.
type editor struct {
	o      *rewrite.Options
	d      *document
	conv   iri.Converter // prose
	plain  iri.Converter // destinations: no bidi marks
	links  linker
	edits  []edit
	failed int64
}

func newEditor(o *rewrite.Options, d *document) *editor {
	e := &editor{o: o, d: d}
	e.conv = iri.Converter{Charset: d.cs, Bidi: o.Bidi}
	if d.cs.IsUCS() {
		e.conv.Charset = nil
	}
	e.plain = e.conv
	e.plain.Bidi = iri.BidiNone
	e.links = linker{o: o, conv: e.plain}
	return e
}

// fail reports an IRI that cannot be converted.
func (e *editor) fail(start, end int, text string, err error) {
	e.failed++
	if e.o.OnError != nil {
		s := e.d.source(start)
		e.o.OnError(&rewrite.ConvertError{Offset: s, Length: e.d.source(end) - s, Text: text, Err: err})
	}
}

// convert returns the form Options.To asks for of m, with the scheme the
// scanner added to a scheme-less match taken off again.
func (e *editor) convert(conv *iri.Converter, m *scanner.Match) (string, error) {
	target := m.Target()
	var s string
	var err error
	switch {
	case e.o.To == rewrite.URI && m.Kind == scanner.KindEmail:
		// An address is not a URI: its domain gets A-labels, its local
		// part stays UTF-8 (RFC 6531).
		return iri.AddressToASCII(m.IRI)
	case e.o.To == rewrite.URI:
		s, err = conv.ToURI(target)
	case e.o.To == rewrite.IRI:
		s, err = conv.ToIRI(target)
	default:
		s, err = conv.Display(target)
	}
	if err != nil {
		return "", err
	}
	return trimAdded(m.Kind, s), nil
}

// prose rewrites a bare IRI of prose.
func (e *editor) prose(p *proseMatch) {
	if !utf8.ValidString(p.m.IRI) {
		return
	}
	s, err := e.convert(&e.conv, &p.m)
	if err != nil {
		e.fail(p.start, p.end, string(e.d.text[p.start:p.end]), err)
		return
	}
	if s == p.m.IRI {
		return // keep the bytes as written, escapes and references too
	}
	r := escapeProse(s, runeBefore(e.d.text, p.start), runeAfter(e.d.text, p.end))
	if t := e.d.text; p.start > 0 && t[p.start-1] == '<' && !escapedAt(t, p.start-1) {
		// "<", the new form and a ">" after it could be an autolink
		// (CommonMark 6.5: a bracketed IRI whose spaces the scanner
		// removed, an address that became ASCII). An autolink has no
		// escapes, so a backslash before the scheme's ":" or the
		// address's "@" keeps the prose prose, and reads the same.
		k := p.end
		for k < len(t) && t[k] > ' ' && t[k] != '<' && t[k] != '>' && t[k] != 0x7f {
			k++
		}
		if k < len(t) && t[k] == '>' {
			sep := byte(':')
			if p.m.Kind == scanner.KindEmail {
				sep = '@'
			}
			if i := strings.IndexByte(r, sep); i >= 0 {
				r = r[:i] + `\` + r[i:]
			}
		}
	}
	first, _ := utf8.DecodeRuneInString(r)
	last, _ := utf8.DecodeLastRuneInString(r)
	if !e.keepsDelimiters(p.start, p.end, first, last) {
		e.fail(p.start, p.end, string(e.d.text[p.start:p.end]), ErrMarkup)
		return
	}
	e.add(p.start, p.end, r)
}

// ErrMarkup is the error of an IRI left as it was because its new form
// (or the link around it) would change how Markdown reads the emphasis
// or brackets next to it.
var ErrMarkup = errors.New("the change would alter the Markdown markup around it")

// keepsDelimiters reports whether putting text that starts with first and
// ends with last in place of the text [start, end) leaves the emphasis
// delimiters ("*", "_", "~") right before and after it as they were:
// left- and right-flanking alike (CommonMark 6.2), so that they open and
// close what they did.
func (e *editor) keepsDelimiters(start, end int, first, last rune) bool {
	t := e.d.text
	if badByteNext(t, start, end) {
		// An invalid UTF-8 byte next to the change: goldmark may read the
		// character before or after a delimiter past it, so whether the
		// delimiter flanks cannot be known: the IRI stays as written.
		return false
	}
	if i := start - 1; i >= 0 && isDelim(t[i]) && !escapedAt(t, i) {
		j := i
		for j > 0 && t[j-1] == t[i] {
			j--
		}
		prev := runeBefore(t, j)
		l0, r0 := flanking(prev, runeAfter(t, start))
		l1, r1 := flanking(prev, first)
		if l0 != l1 || r0 != r1 {
			return false
		}
	}
	if end < len(t) && isDelim(t[end]) {
		k := end
		for k < len(t) && t[k] == t[end] {
			k++
		}
		next := runeAfter(t, k)
		l0, r0 := flanking(runeBefore(t, end), next)
		l1, r1 := flanking(last, next)
		if l0 != l1 || r0 != r1 {
			return false
		}
	}
	return true
}

func isDelim(c byte) bool { return c == '*' || c == '_' || c == '~' }

// flanking says whether a delimiter run between prev and next is left-
// and right-flanking (CommonMark 6.2; a line end counts as white space).
func flanking(prev, next rune) (left, right bool) {
	ws := func(r rune) bool { return unicode.IsSpace(r) }
	pu := func(r rune) bool { return util.IsPunctRune(r) }
	left = !ws(next) && (!pu(next) || ws(prev) || pu(prev))
	right = !ws(prev) && (!pu(prev) || ws(next) || pu(next))
	return left, right
}

// dest rewrites a destination or an autolink.
func (e *editor) dest(x *dest) {
	m := e.d.destMatch(x)
	if !utf8.ValidString(m.IRI) || m.IRI == "" {
		return
	}
	end := x.start + len(x.raw)
	s, err := e.convert(&e.plain, &m.Match)
	if err != nil {
		e.fail(x.start, end, m.Text, err)
		return
	}
	if s == m.IRI {
		return
	}
	switch {
	case x.kind == AutoLink && x.email:
		if !isAutolinkEmail(s) {
			return // an autolink holds only an ASCII address: left as it is
		}
	case x.kind == AutoLink:
		if strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == '<' || r == '>' || r == 0x7f }) {
			return
		}
	default:
		s = escapeDest(s, x.bracketed)
	}
	e.add(x.start, end, s)
}

// linkify makes a prose IRI a Markdown link.
func (e *editor) linkify(w *walker, p *proseMatch) {
	l, ok, err := e.links.link(&p.m)
	if err != nil {
		e.fail(p.start, p.end, string(e.d.text[p.start:p.end]), err)
		return
	}
	if !ok {
		return
	}
	start := p.start
	if start > 0 && e.d.text[start-1] == ']' && !escapedAt(e.d.text, start-1) {
		// "]" then "[": the link text would be read as the label of a
		// reference after the bracket before it (CommonMark 6.3), which
		// would change what that bracket is. The IRI stays text.
		e.fail(p.start, p.end, string(e.d.text[p.start:p.end]), ErrMarkup)
		return
	}
	if !e.keepsDelimiters(p.start, p.end, '[', ')') {
		e.fail(p.start, p.end, string(e.d.text[p.start:p.end]), ErrMarkup)
		return
	}
	var b strings.Builder
	if start > 0 && e.d.text[start-1] == '!' && !escapedAt(e.d.text, start-1) {
		// "![" would start an image: the "!" is escaped, which reads the same.
		start--
		b.WriteString(`\!`)
	}
	if l.href == "" {
		// Defanged: text that is no link, escaped as prose.
		b.WriteString(escapeProse(l.text, '[', ']'))
		e.add(start, p.end, b.String())
		return
	}
	if start > 0 && e.d.text[start-1] == '\\' && !escapedAt(e.d.text, start-1) {
		// A literal backslash ("\0" is no escape: 0 is not punctuation)
		// would escape the "[": it is written escaped itself, which reads
		// the same.
		start--
		b.WriteString(`\\`)
	}
	b.WriteByte('[')
	if l.text == "" {
		b.WriteString(escapeLinkText(e.d.text[p.start:p.end]))
	} else {
		b.WriteString(escapeProse(l.text, '[', ']'))
	}
	b.WriteString("](")
	b.WriteString(escapeDest(l.href, false))
	if l.title != "" {
		// A URI holds no '"' or '\': the title needs no escape.
		b.WriteString(` "`)
		b.WriteString(l.title)
		b.WriteByte('"')
	}
	b.WriteByte(')')
	e.add(start, p.end, b.String())
}

func (e *editor) add(start, end int, s string) {
	if s == string(e.d.text[start:end]) {
		return
	}
	e.edits = append(e.edits, edit{start, end, s})
}

// write writes the document with its edits, each encoded in the
// document's charset.
func (e *editor) write(w io.Writer, res rewrite.Result) (rewrite.Result, error) {
	d := e.d
	slices.SortFunc(e.edits, func(a, b edit) int { return a.start - b.start })
	out := make([]byte, 0, len(d.src)+len(d.src)/4)
	var enc []byte
	done := int64(0)
	fb := charset.FallbackPercent
	if e.o.StrictCharset {
		fb = charset.FallbackError
	}
	for _, x := range e.edits {
		s, t := d.source(x.start), d.source(x.end)
		if s < done {
			continue // cannot happen: edits do not overlap
		}
		enc = enc[:0]
		var pre, suf []byte
		if d.m != nil {
			pre, suf = d.m.Bracket(int64(x.start), int64(x.end))
		}
		enc = append(enc, pre...)
		str := x.s
		if fb == charset.FallbackPercent && !d.cs.IsUCS() && e.o.To == rewrite.Display {
			if _, err := d.cs.Encode(nil, str, charset.FallbackError); err != nil {
				str = iri.StripBidi(str) // marks the charset lacks are left out
			}
		}
		var err error
		enc, err = d.cs.Encode(enc, str, fb)
		if err != nil {
			return res, &rewrite.Error{Offset: s, Err: err}
		}
		enc = append(enc, suf...)
		if string(enc) == string(d.src[s:t]) {
			continue
		}
		if e.o.OnEdit != nil {
			e.o.OnEdit(rewrite.Edit{Offset: s, Length: t - s, New: enc})
		}
		out = append(out, d.src[done:s]...)
		out = append(out, enc...)
		done = t
		res.Edits++
	}
	out = append(out, d.src[done:]...)
	n, err := w.Write(out)
	res.Written = int64(n)
	if err != nil {
		return res, &rewrite.Error{Offset: int64(len(d.src)), Err: err}
	}
	return res, nil
}

// A link is what Linkify makes of a prose IRI.
type link struct {
	href  string // the destination; "" with defang: not a link
	text  string // the link text; "" keeps the IRI as written
	title string // the link title; "" for none
}

// linker decides the links of Linkify and of Extension: both make every
// link through link, so that the link policy of Options.Links (schemes,
// hosts, a template for the href, shortened text, a title) has one place.
type linker struct {
	o    *rewrite.Options
	conv iri.Converter
}

// link returns the link for the prose match m; ok is false when m stays
// text. With Options.Defang, the link has no href and its text is the IRI
// defanged: it is written as text, not as a link.
func (l *linker) link(m *scanner.Match) (lk link, ok bool, err error) {
	if !utf8.ValidString(m.IRI) {
		return link{}, false, nil
	}
	pol := l.o.Links
	c := l.conv
	c.Bidi = iri.BidiNone
	a, ok, err := pol.Anchor(m, &c)
	if err != nil || !ok {
		return link{}, false, err
	}
	o := pol.Options()
	if l.o.Defang {
		t := m.IRI
		if l.o.Scanner.Refang && m.Text != m.IRI {
			if d, err := refang.Redefang(m.Text, t); err == nil {
				t = d
			}
		}
		return link{text: refang.Defang(t)}, true, nil
	}
	lk = link{href: a.Href, title: a.Title}
	if o.StripScheme || o.Shorten > 0 {
		// The text as written (not the display form of an HTML link,
		// whose marks Markdown does not need), stripped and shortened.
		t := m.IRI
		if o.StripScheme {
			t = rewrite.StripScheme(t)
		}
		if o.Shorten > 0 {
			t = rewrite.Shorten(t, o.Shorten)
		}
		lk.text = t
	}
	return lk, true, nil
}

// trimAdded removes the scheme the scanner adds to a scheme-less match
// (https:// for www. and bare domains, mailto: for an e-mail address), also
// after the bidi wrapper of a display form and in its marked form.
func trimAdded(k scanner.Kind, s string) string {
	var plain, marked string
	switch k {
	case scanner.KindWWW, scanner.KindFuzzy:
		plain, marked = "https://", "https\u200e:\u200e\u200e/\u200e\u200e/\u200e"
	case scanner.KindEmail:
		plain, marked = "mailto:", "mailto\u200e:\u200e"
	default:
		return s
	}
	var lead string
	for _, w := range []string{"\u2066", "\u202a"} {
		if t, ok := strings.CutPrefix(s, w); ok {
			lead, s = w, t
		}
	}
	if t, ok := strings.CutPrefix(s, plain); ok {
		return lead + t
	}
	if t, ok := strings.CutPrefix(s, marked); ok {
		return lead + t
	}
	return lead + s
}

// escapedAt reports whether the byte at i is backslash-escaped.
func escapedAt(b []byte, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && b[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

func runeBefore(b []byte, i int) rune {
	if i == 0 {
		return '\n'
	}
	r, _ := utf8.DecodeLastRune(b[:i])
	return r
}

func runeAfter(b []byte, i int) rune {
	if i >= len(b) {
		return '\n'
	}
	r, _ := utf8.DecodeRune(b[i:])
	return r
}

// isWord reports whether r is neither white space nor punctuation in the
// sense of CommonMark's flanking rules (Section 6.2).
func isWord(r rune) bool {
	return !unicode.IsSpace(r) && !util.IsPunctRune(r) && r != utf8.RuneError
}

// escapeProse escapes s to stand in prose between the characters prev and
// next and read as it is: every character Markdown could take for markup
// gets a backslash. An "_" between two letters or digits cannot be
// emphasis (CommonMark's flanking rules) and stays as it is.
func escapeProse(s string, prev, next rune) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '\\', '`', '*', '~', '[', ']', '<', '>', '|':
			b.WriteByte('\\')
		case '_':
			p, q := prev, next
			if i > 0 {
				p, _ = utf8.DecodeLastRuneInString(s[:i])
			}
			if i+n < len(s) {
				q, _ = utf8.DecodeRuneInString(s[i+n:])
			}
			if !isWord(p) || !isWord(q) {
				b.WriteByte('\\')
			}
		case '&':
			if _, k := reference([]byte(s[i:min(len(s), i+40)])); k > 0 {
				b.WriteByte('\\')
			}
		}
		b.WriteString(s[i : i+n])
		i += n
	}
	return b.String()
}

// escapeLinkText returns the source text t of a prose IRI escaped to be
// the text of a link, [t], so that it reads as it did: its escapes and
// references stay, brackets and the characters of emphasis get a
// backslash, and a lone backslash becomes an escaped one.
func escapeLinkText(t []byte) string {
	var b strings.Builder
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case c == '\\' && i+1 < len(t) && util.IsPunct(t[i+1]):
			b.Write(t[i : i+2])
			i += 2
			continue
		case c == '\\', c == '[', c == ']', c == '*', c == '~', c == '`', c == '<':
			b.WriteByte('\\')
		case c == '_':
			if !isWord(runeBefore(t, i)) || !isWord(runeAfter(t, i+1)) || i == 0 || i == len(t)-1 {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

// escapeDest escapes s to be a link destination, <…> if bracketed: a
// backslash and what would end the destination (white space and controls
// percent-encoded, unbalanced parentheses or angle brackets escaped), and a
// "&" that would start a character reference.
func escapeDest(s string, bracketed bool) string {
	parens := false // escape every parenthesis
	if !bracketed {
		depth := 0
		for i := 0; i < len(s) && !parens; i++ {
			switch s[i] {
			case '(':
				depth++
			case ')':
				depth--
				parens = depth < 0
			}
		}
		parens = parens || depth != 0
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c <= ' ' || c == 0x7f:
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		case c == '\\':
			b.WriteByte('\\')
		case bracketed && (c == '<' || c == '>'):
			b.WriteByte('\\')
		case !bracketed && i == 0 && c == '<':
			b.WriteByte('\\')
		case parens && (c == '(' || c == ')'):
			b.WriteByte('\\')
		case c == '&':
			if _, k := reference([]byte(s[i:min(len(s), i+40)])); k > 0 {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// isAutolinkEmail reports whether s is an e-mail address CommonMark takes
// for an autolink (Section 6.5): ASCII only.
func isAutolinkEmail(s string) bool {
	at := strings.IndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return false
	}
	for i := 0; i < at; i++ {
		c := s[i]
		if !(isASCIILetter(c) || c >= '0' && c <= '9' || strings.IndexByte(".!#$%&'*+/=?^_`{|}~-", c) >= 0) {
			return false
		}
	}
	for _, label := range strings.Split(s[at+1:], ".") {
		if len(label) == 0 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(isASCIILetter(c) || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// hasSpace reports whether b holds white space or a control character:
// an IRI written with them (wrapped in <…>, Appendix C of RFC 3986) loses
// them in its new form, which can turn an invalid link reference
// definition into a valid one, changing the document's structure.
func hasSpace(b []byte) bool {
	for _, c := range b {
		if c <= ' ' || c == 0x7f {
			return true
		}
	}
	return false
}

// badByteNext reports whether an invalid UTF-8 sequence stands right before
// t[start:] or right after t[:end].
func badByteNext(t []byte, start, end int) bool {
	if start > 0 {
		if r, n := utf8.DecodeLastRune(t[:start]); r == utf8.RuneError && n <= 1 {
			return true
		}
	}
	if end < len(t) {
		if r, n := utf8.DecodeRune(t[end:]); r == utf8.RuneError && n <= 1 {
			return true
		}
	}
	return false
}
