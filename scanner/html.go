package scanner

import (
	"bytes"
	"fmt"
	"html"
	"io"

	"github.com/iriscan/iriscan/scanner/internal/csslex"
	"github.com/iriscan/iriscan/scanner/internal/htmllex"
)

// DefaultSkipElements are the elements whose text is not scanned in HTML:
// links already, code, and raw text.
var DefaultSkipElements = []string{"a", "script", "style", "textarea", "title", "code", "pre"}

// HTMLOptions configure an HTMLScanner.
type HTMLOptions struct {
	Options
	// SkipElements replaces DefaultSkipElements when not nil: text inside
	// these elements is not scanned (attributes still are).
	SkipElements []string
	// SkipText leaves all text nodes unscanned: only URL-valued attributes
	// are reported, for a rewriter of attributes.
	SkipText bool
	// SkipAttributes leaves attribute values unscanned: only text nodes
	// are reported, for a linkifier.
	SkipAttributes bool
	// LinkTexts also reports the visible text of each a element with an
	// href attribute, as a KindLinkText match (for a spoofing check: the
	// link reads as one host and goes to another). The content of an
	// element longer than MaxLength bytes is not reported.
	LinkTexts bool
	// LinkText also leaves unscanned the text where markup written in
	// place of a match would not be read as markup: the escapable raw text
	// of title and textarea, and SVG and MathML foreign content, where an
	// <a> would not be an HTML link. For a linkifier.
	LinkText bool
}

// An HTMLScanner finds the IRIs of an HTML document read from an io.Reader
// as UTF-8: the values of URL-valued attributes (KindAttr) and the IRIs in
// text nodes found with the running-text rules, outside the skipped elements,
// raw text, comments and CDATA. Character references are decoded for the IRI
// form (in attribute values by the attribute rule: "&copy=2" stays); offsets
// cover the source bytes.
//
// It reads the tokens golang.org/x/net/html's Tokenizer would, with its own
// streaming lexer (docs/html.md): no token is too long, and it holds 128 KiB
// of HTML, or for a MaxLength over 60 KiB up to about 4×(MaxLength+4 KiB),
// whatever the input.
type HTMLScanner struct {
	lx         *htmllex.Lexer
	f          *finder
	skip       []string  // lower-case names of the skipped elements
	skip0      [256]bool // the first bytes of their names
	depth      int       // open skipped elements
	off        int64     // offset of the current token
	pending    []Match   // matches of the current token; pending[head:] not yet returned
	head       int
	m          Match
	err        error
	dec        entityDecoder
	sc         Scanner // reused for text nodes
	name       [16]byte
	longName   [16]byte // the name of a long tag read in pieces
	longLen    int
	names      []string         // interned element and attribute names
	tagBuf     []byte           // the decoded forms of the URLs of the current tag
	iris       []span           // where the IRI of each pending match is: in the tag, or at len(tag)+n in tagBuf
	noText     bool             // HTMLOptions.SkipText
	noAttrs    bool             // HTMLOptions.SkipAttributes
	attrsOnly  bool             // only the attributes of start tags matter (htmllex.Lexer.Skip)
	strs       stringArena      // the strings of attribute matches
	links      bool             // HTMLOptions.LinkText
	foreign    []string         // with links: the elements open in SVG or MathML content
	nesting    int              // with links: elements open past the end of foreign
	style      styleText        // the CSS of the <style> element being read
	attrTok    csslex.Tokenizer // the CSS of style attributes
	attrDec    []byte           // a style attribute's value, references decoded
	ents       []entSpan        // and where they were
	texts      bool             // HTMLOptions.LinkTexts
	link       linkText         // with texts: the a element being read
	linkEndOff int64            // with an open link: the end of the last token

	rt *refangText // with Options.Refang: text nodes are refanged
}

// NewHTMLScanner returns an HTMLScanner reading from r.
func NewHTMLScanner(r io.Reader, o *HTMLOptions) *HTMLScanner {
	if o == nil {
		o = &HTMLOptions{}
	}
	s := &HTMLScanner{f: newFinder(&o.Options), noText: o.SkipText, noAttrs: o.SkipAttributes, links: o.LinkText, texts: o.LinkTexts}
	s.strs.size = 16 << 10 // attribute URLs are longer and denser than prose matches
	// A token longer than this comes in pieces: a URL attribute value no
	// longer than maxLen is never cut, and text is cut at a space.
	s.lx = htmllex.New(r, 2*(s.f.maxLen+4<<10))
	s.sc = Scanner{f: s.f, eof: true}
	s.attrsOnly = s.noText && !s.noAttrs && !s.links && !s.texts
	if o.Refang {
		s.rt = &refangText{}
	}
	s.sc.initTriggers()
	list := o.SkipElements
	if list == nil {
		list = DefaultSkipElements
	}
	for _, e := range list {
		n := string(bytes.ToLower([]byte(e)))
		s.skip = append(s.skip, n)
		if n != "" {
			s.skip0[n[0]] = true
		}
	}
	return s
}

// Reset makes s scan the HTML of r from the start, with the same options,
// keeping its buffers: a batch job scans many documents with one
// HTMLScanner.
func (s *HTMLScanner) Reset(r io.Reader) {
	s.lx.Reset(r)
	s.depth, s.off, s.head, s.m, s.err = 0, 0, 0, Match{}, nil
	s.foreign, s.nesting = s.foreign[:0], 0
	s.pending, s.tagBuf, s.iris = s.pending[:0], s.tagBuf[:0], s.iris[:0]
	s.style.on = false
	s.link.open = false
}

// Match returns the most recent match found by Scan.
func (s *HTMLScanner) Match() Match { return s.m }

// Retained returns the offset of the first byte of the token being read,
// of a CSS reference of a <style> element begun in an earlier token, or
// (with LinkTexts) of the content of the a element being read: no match
// found by a later Scan starts before it (see Scanner.Retained).
func (s *HTMLScanner) Retained() int64 {
	r := s.off
	if s.attrsOnly {
		// The lexer may have passed over tokens since (Skip).
		r = max(r, s.lx.Pos())
	}
	if x := s.styleRetained(); x >= 0 && x < r {
		r = x
	}
	if s.head < len(s.pending) && s.pending[s.head].Offset < r {
		r = s.pending[s.head].Offset // a CSS match found at the end of a <style>
	}
	if s.link.open && s.link.start < r {
		r = s.link.start
	}
	return r
}

// Err returns the first error other than io.EOF met while reading, with the
// offset of the last complete token; the error wraps the reader's.
func (s *HTMLScanner) Err() error { return s.err }

// Scan advances to the next match in document order.
func (s *HTMLScanner) Scan() bool {
	if s.head == len(s.pending) {
		s.pending, s.head = s.pending[:0], 0
	}
	for len(s.pending) == 0 {
		// Only the attributes of start tags matter, unless a style
		// element is open: the lexer passes over the other tokens.
		s.lx.Skip = s.attrsOnly && !s.style.on
		if !s.lx.Next() {
			s.off = s.lx.Last()
			if s.style.on {
				s.styleEnd() // a style sheet ended by the end of the input
				if len(s.pending) > 0 {
					break
				}
			}
			if err := s.lx.Err(); err != nil {
				s.err = fmt.Errorf("scanner: HTML read error after byte %d: %w", s.off, err)
			}
			if s.link.open {
				s.linkEnd(s.linkEndOff)
				if len(s.pending) > 0 {
					break
				}
			}
			return false
		}
		tok := s.lx.Token()
		raw := tok.Raw
		s.off = s.lx.Offset()
		if s.style.on && tok.Kind != htmllex.Text {
			s.styleEnd()
		}
		if s.link.open {
			s.linkEndOff = s.off + int64(len(raw))
			if s.linkEndOff-s.link.start > int64(s.f.maxLen) {
				// Too long to be the text of one IRI: let go of it, so
				// that the offset map need not be kept from its start on.
				s.link.open = false
			} else if tok.Kind == htmllex.Text {
				s.linkData(tok)
			}
		}
		switch tok.Kind {
		case htmllex.StartTag, htmllex.SelfClosingTag, htmllex.EndTag:
			name := s.pieceName(tok)
			if s.texts && string(name) == "a" && !tok.Cont {
				if tok.Kind == htmllex.EndTag {
					if s.link.open {
						s.linkEnd(s.off)
					}
				} else {
					s.linkStart(tok, s.off)
				}
			}
			if tok.Kind != htmllex.EndTag {
				s.tag(tok, name, s.off)
			}
			if tok.More {
				break // a piece of a long tag: the element is known at its end
			}
			if tok.Kind != htmllex.EndTag && string(name) == "style" && !s.noAttrs {
				s.styleStart() // its raw text is CSS
			}
			switch tok.Kind {
			case htmllex.StartTag:
				if !s.noText && s.skips(name) {
					s.depth++
				}
				if s.links {
					s.foreignStart(tok, name, false)
				}
			case htmllex.SelfClosingTag:
				if s.links {
					s.foreignStart(tok, name, true)
				}
			default:
				if !s.noText && s.depth > 0 && s.skips(name) {
					s.depth--
				}
				if s.links && len(s.foreign) > 0 {
					s.foreignEnd(name)
				}
			}
		case htmllex.Text:
			if s.style.on {
				if tok.RawText == htmllex.RawText {
					s.styleFeed(raw, s.off)
				}
				break
			}
			// The shortest match ("tel:1") has 5 bytes, and decoding
			// character references never makes text longer. Raw text
			// is no text node: its references are not decoded, and
			// nothing written into it would be markup.
			if s.depth == 0 && len(raw) >= 5 && !s.noText && tok.RawText != htmllex.RawText &&
				!(s.links && (tok.RawText == htmllex.EscapableRawText || len(s.foreign) > 0)) {
				s.text(raw, s.off)
			}
		}
	}
	s.m = s.pending[s.head]
	s.head++
	return true
}

// text scans a text node's raw bytes, starting at offset off.
func (s *HTMLScanner) text(raw []byte, off int64) {
	dec := s.dec.decode(raw)
	if s.rt != nil && s.refangText(raw, dec, off) {
		return
	}
	sc := &s.sc
	sc.reset(dec)
	for sc.Scan() {
		m := sc.Match()
		d := int(m.Offset)
		rs, re := s.dec.rawStart(d), s.dec.rawEnd(d+int(m.Length))
		m.Offset = off + int64(rs)
		m.Length = int64(re - rs)
		if s.dec.changed {
			m.Text = string(raw[rs:re])
			m.Decoded = s.dec.decodedIn(rs, re)
		}
		s.pending = append(s.pending, m)
	}
}

// pieceName returns the lower-case name of the tag tok, which may be a
// piece of a long tag: the name is that of its first piece.
func (s *HTMLScanner) pieceName(tok *htmllex.Token) []byte {
	if tok.Cont {
		return s.longName[:s.longLen]
	}
	name := s.tagName(tok)
	if tok.More {
		s.longLen = copy(s.longName[:], name)
	}
	return name
}

// tagName returns the lower-case name of the tag tok, in a buffer reused
// by the next call; longer names are cut (no element of interest has one).
func (s *HTMLScanner) tagName(tok *htmllex.Token) []byte {
	return lowerInto(s.name[:0], tok.Raw[tok.Name.Start:tok.Name.End])
}

// endsTagName: the bytes that end a tag name.
var endsTagName = byteSet(" \t\n\r\f/>")

// lowerInto appends the ASCII lower case of b to dst, up to its capacity.
func lowerInto(dst, b []byte) []byte {
	for _, c := range b[:min(len(b), cap(dst))] {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

func isTagSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' }

// isAttr reports whether the attribute a of the tag raw is named name
// (lower case).
func isAttr(raw []byte, a htmllex.Attr, name string) bool {
	return !a.Long && a.Name.End-a.Name.Start == len(name) && hasPrefixFold(raw[a.Name.Start:], name)
}

// urlList says how an attribute holds URLs.
type urlList uint8

const (
	oneURL     urlList = iota + 1
	spaceList          // ping, archive: space-separated URLs
	srcsetList         // srcset, imagesrcset: comma-separated candidates
	refreshURL         // <meta http-equiv=refresh content="5; url=…">
	cssDecls           // style: CSS declarations (docs/css.md)
)

// urlAttr says whether and how the attribute named name (lower case) holds
// URLs in HTML, SVG and MathML. The element restricts the meaning of some
// names: data (object), content (meta refresh); value is not a URL.
func urlAttr(name []byte) urlList {
	switch string(name) {
	case "href", "src", "action", "formaction", "cite", "poster", "background", "longdesc",
		"usemap", "manifest", "codebase", "classid", "icon", "profile", "dynsrc", "lowsrc",
		"xlink:href", "itemid", "data":
		return oneURL
	case "ping", "archive":
		return spaceList
	case "srcset", "imagesrcset":
		return srcsetList
	case "content":
		return refreshURL
	case "style":
		return cssDecls
	}
	return 0
}

// urlAttrNames are the names urlAttr knows, by length, with their kind.
var urlAttrNames = func() (t [16][]namedURLList) {
	for _, n := range []string{"href", "src", "action", "formaction", "cite", "poster", "background", "longdesc",
		"usemap", "manifest", "codebase", "classid", "icon", "profile", "dynsrc", "lowsrc",
		"xlink:href", "itemid", "data", "ping", "archive", "srcset", "imagesrcset", "content", "style"} {
		t[len(n)] = append(t[len(n)], namedURLList{n, urlAttr([]byte(n))})
	}
	return t
}()

type namedURLList struct {
	name string
	kind urlList
}

// urlAttrNamed is urlAttr of name in any ASCII case, with the lower-case
// name as a constant (no allocation).
func urlAttrNamed(name []byte) (urlList, string) {
	if len(name) >= len(urlAttrNames) {
		return 0, ""
	}
	for _, n := range urlAttrNames[len(name)] {
		if hasPrefixFold(name, n.name) {
			return n.kind, n.name
		}
	}
	return 0, ""
}

// urlAttrLens has bit n set when urlAttr knows a name of n bytes.
var urlAttrLens = func() (m uint32) {
	for _, n := range []string{"href", "src", "action", "formaction", "cite", "poster", "background", "longdesc",
		"usemap", "manifest", "codebase", "classid", "icon", "profile", "dynsrc", "lowsrc",
		"xlink:href", "itemid", "data", "ping", "archive", "srcset", "imagesrcset", "content", "style"} {
		if urlAttr([]byte(n)) == 0 {
			panic("urlAttrLens: " + n)
		}
		m |= 1 << len(n)
	}
	return m
}()

// tag reports the URL-valued attributes of a start tag at offset off and
// returns the tag's name.
func (s *HTMLScanner) tag(tok *htmllex.Token, name []byte, off int64) {
	if len(tok.Attrs) == 0 || s.noAttrs {
		return // no attribute, or not looked at
	}
	raw := tok.Raw
	s.tagBuf, s.iris = s.tagBuf[:0], s.iris[:0]
	first := len(s.pending)
	elem := "" // interned when needed
	var lbuf [16]byte
	for _, a := range tok.Attrs {
		if n := a.Name.End - a.Name.Start; a.Long || a.Value.Start == a.Value.End || n > len(lbuf) || urlAttrLens&(1<<n) == 0 {
			continue // begun in an earlier piece, no value, or not the length of a name urlAttr knows
		}
		kind, lname := urlAttrNamed(raw[a.Name.Start:a.Name.End])
		switch {
		case kind == 0:
			continue
		case kind == oneURL && lname == "data" && string(name) != "object":
			continue
		case kind == refreshURL:
			if string(name) != "meta" || !isRefresh(raw, tok.Attrs) {
				continue
			}
		}
		if elem == "" {
			elem = s.intern(name)
		}
		if kind == cssDecls {
			s.styleAttr(raw, off, elem, lname, a)
			continue
		}
		s.attrValue(raw, off, elem, lname, a, kind)
	}
	if len(s.pending) > first {
		// Two strings per tag with URLs: the part of the tag from the
		// first match to the last, and the decoded forms.
		lo, hi := len(raw), 0
		for k := first; k < len(s.pending); k++ {
			m := &s.pending[k]
			ts := int(m.Offset - off)
			lo, hi = min(lo, ts), max(hi, ts+int(m.Length))
			if iri := s.iris[k-first]; iri.start < len(raw) {
				lo, hi = min(lo, iri.start), max(hi, iri.end)
			}
		}
		str := s.strs.String(raw[lo:hi])
		dec := s.strs.String(s.tagBuf)
		for k := first; k < len(s.pending); k++ {
			m := &s.pending[k]
			ts := int(m.Offset-off) - lo
			m.Text = str[ts : ts+int(m.Length)]
			if iri := s.iris[k-first]; iri.start < len(raw) {
				m.IRI = str[iri.start-lo : iri.end-lo]
			} else {
				m.IRI = dec[iri.start-len(raw) : iri.end-len(raw)]
			}
		}
	}
}

// span is a range of bytes.
type span struct{ start, end int }

// intern returns b as a string, allocating once per distinct name (of the
// first 64; a document has few).
func (s *HTMLScanner) intern(b []byte) string {
	for _, n := range s.names {
		if n == string(b) {
			return n
		}
	}
	n := string(b)
	if len(s.names) < 64 {
		s.names = append(s.names, n)
	}
	return n
}

// skips reports whether the text of element name is not scanned.
func (s *HTMLScanner) skips(name []byte) bool {
	if len(name) > 0 && !s.skip0[name[0]] {
		return false
	}
	for _, n := range s.skip {
		if n == string(name) {
			return true
		}
	}
	return false
}

func isRefresh(raw []byte, as []htmllex.Attr) bool {
	for _, a := range as {
		if isAttr(raw, a, "http-equiv") {
			return bytes.EqualFold(bytes.TrimSpace(raw[a.Value.Start:a.Value.End]), []byte("refresh"))
		}
	}
	return false
}

// attrValue adds the URLs of one attribute value.
func (s *HTMLScanner) attrValue(raw []byte, off int64, elem, name string, a htmllex.Attr, kind urlList) {
	v := raw[a.Value.Start:a.Value.End]
	quote := a.Quote
	add := func(i, j int) {
		for i < j && isTagSpace(v[i]) {
			i++
		}
		for j > i && isTagSpace(v[j-1]) {
			j--
		}
		if i == j || j-i > s.f.maxLen {
			return // empty, or longer than the limit (rule 7)
		}
		iri := span{a.Value.Start + i, a.Value.Start + j}
		if bytes.IndexByte(v[i:j], '&') >= 0 {
			n := len(s.tagBuf)
			s.tagBuf = unescapeAppend(s.tagBuf, v[i:j])
			if bytes.Equal(s.tagBuf[n:], v[i:j]) {
				s.tagBuf = s.tagBuf[:n]
			} else {
				iri = span{len(raw) + n, len(raw) + len(s.tagBuf)}
			}
		}
		s.iris = append(s.iris, iri)
		// Text and IRI are set by tag, from one string.
		s.pending = append(s.pending, Match{
			Offset: off + int64(a.Value.Start+i), Length: int64(j - i), Kind: KindAttr,
			Element: elem, Attr: name, Decoded: iri.start != a.Value.Start+i, Quote: quote,
		})
	}
	switch kind {
	case oneURL:
		add(0, len(v))
	case spaceList:
		for i := 0; i < len(v); {
			for i < len(v) && isTagSpace(v[i]) {
				i++
			}
			j := i
			for j < len(v) && !isTagSpace(v[j]) {
				j++
			}
			add(i, j)
			i = j
		}
	case srcsetList:
		// Each candidate: optional spaces and commas, a URL (no spaces), then
		// descriptors up to a comma. A URL's trailing commas are separators.
		for i := 0; i < len(v); {
			for i < len(v) && (isTagSpace(v[i]) || v[i] == ',') {
				i++
			}
			j := i
			for j < len(v) && !isTagSpace(v[j]) {
				j++
			}
			k := j
			for k > i && v[k-1] == ',' {
				k--
			}
			add(i, k)
			if k < j { // the URL ended with a comma: no descriptors
				i = j
				continue
			}
			for j < len(v) && v[j] != ',' {
				j++
			}
			i = j
		}
	case refreshURL:
		// content="5; url=…" or "5;URL='…'" (HTML "shared declarative refresh steps").
		i := bytes.IndexByte(v, ';')
		if i < 0 {
			i = bytes.IndexByte(v, ',')
		}
		if i < 0 {
			return
		}
		i++
		for i < len(v) && isTagSpace(v[i]) {
			i++
		}
		if len(v)-i >= 3 && bytes.EqualFold(v[i:i+3], []byte("url")) {
			j := i + 3
			for j < len(v) && isTagSpace(v[j]) {
				j++
			}
			if j < len(v) && v[j] == '=' {
				i = j + 1
				for i < len(v) && isTagSpace(v[i]) {
					i++
				}
			}
		}
		j := len(v)
		if i < len(v) && (v[i] == '"' || v[i] == '\'') {
			if k := bytes.IndexByte(v[i+1:], v[i]); k >= 0 {
				j = i + 1 + k
			}
			i++
		}
		add(i, j)
	}
}

// commonRef returns the decoding of the character reference "&"+name when
// it is one of the frequent ones (with its semicolon), without allocating.
func commonRef[T string | []byte](name T) (string, bool) {
	switch string(name) {
	case "amp;":
		return "&", true
	case "lt;":
		return "<", true
	case "gt;":
		return ">", true
	case "quot;":
		return "\"", true
	case "#39;", "apos;":
		return "'", true
	}
	return "", false
}

// unescapeAppend appends the attribute value b with its character
// references decoded by the attribute rule of the HTML Standard (see
// htmllex.AppendRef: "&copy=2" in a query stays as written), without the
// table lookup for the common references (commonRef).
func unescapeAppend(dst, b []byte) []byte {
	n := len(dst)
	for i := 0; i < len(b); {
		k := bytes.IndexByte(b[i:], '&')
		if k < 0 {
			return append(dst, b[i:]...)
		}
		j := i + k + 1
		for j < len(b) && j-i-k < 7 && b[j] != ';' {
			j++
		}
		if j == len(b) || b[j] != ';' {
			return htmllex.AppendAttrValue(dst[:n], b)
		}
		dec, ok := commonRef(b[i+k+1 : j+1])
		if !ok {
			return htmllex.AppendAttrValue(dst[:n], b)
		}
		dst = append(dst, b[i:i+k]...)
		dst = append(dst, dec...)
		i = j + 1
	}
	return dst
}

// entityDecoder decodes the character references of a text node and maps
// decoded offsets back to the raw bytes.
type entityDecoder struct {
	out     []byte
	ents    []entSpan // decoded references, in order
	changed bool
}

type entSpan struct{ dec, decEnd, raw, rawEnd int }

// decode returns raw with its character references decoded. The result is
// raw itself when there is no reference.
func (d *entityDecoder) decode(raw []byte) []byte {
	d.ents = d.ents[:0]
	d.changed = false
	amp := bytes.IndexByte(raw, '&')
	if amp < 0 {
		return raw
	}
	d.out = append(d.out[:0], raw[:amp]...)
	for i := amp; i < len(raw); {
		if raw[i] != '&' {
			j := bytes.IndexByte(raw[i:], '&')
			if j < 0 {
				j = len(raw) - i
			}
			d.out = append(d.out, raw[i:i+j]...)
			i += j
			continue
		}
		j := i + 1
		for j < len(raw) && j-i < 40 && (isAlnum(raw[j]) || raw[j] == '#') {
			j++
		}
		if j < len(raw) && raw[j] == ';' {
			j++
		}
		dec, ok := commonRef(raw[i+1 : j])
		if !ok {
			ref := string(raw[i:j])
			if dec = html.UnescapeString(ref); dec == ref {
				dec = ""
			}
		}
		if dec == "" {
			d.out = append(d.out, '&')
			i++
			continue
		}
		d.changed = true
		d.ents = append(d.ents, entSpan{dec: len(d.out), decEnd: len(d.out) + len(dec), raw: i, rawEnd: j})
		d.out = append(d.out, dec...)
		i = j
	}
	return d.out
}

// decodedIn reports whether a character reference was decoded in the raw
// bytes [rs, re).
func (d *entityDecoder) decodedIn(rs, re int) bool {
	for _, e := range d.ents {
		if e.raw < re && e.rawEnd > rs {
			return true
		}
	}
	return false
}

// rawStart maps the decoded offset of a match start to the raw bytes.
func (d *entityDecoder) rawStart(p int) int {
	delta := 0
	for _, e := range d.ents {
		if p < e.decEnd {
			if p > e.dec {
				return e.raw
			}
			break
		}
		delta = e.rawEnd - e.decEnd
	}
	return p + delta
}

// rawEnd maps the decoded offset of a match end to the raw bytes.
func (d *entityDecoder) rawEnd(p int) int {
	delta := 0
	for _, e := range d.ents {
		if p <= e.dec {
			break
		}
		if p < e.decEnd {
			return e.rawEnd
		}
		delta = e.rawEnd - e.decEnd
	}
	return p + delta
}

// maxForeign bounds the elements a linkifying HTMLScanner keeps track of in
// foreign content; past it, elements are only counted (nesting).
const maxForeign = 256

// foreignStart follows the start tag raw of element name into, within and
// out of SVG and MathML content (HTML Standard, tree construction: "the
// rules for parsing tokens in foreign content"). Inside foreign content
// every element is kept; a start tag that breaks out of it (<p>, <div>,
// <font color> …) ends it unless an HTML integration point
// (foreignObject, annotation-xml …) is open, where HTML content is read
// as HTML. Text inside an integration point is not linkified either: the
// scanner does not follow which namespace it is in.
func (s *HTMLScanner) foreignStart(tok *htmllex.Token, name []byte, selfClosing bool) {
	if len(s.foreign) == 0 {
		if !selfClosing && (string(name) == "svg" || string(name) == "math") {
			s.foreign = append(s.foreign, s.intern(name))
		}
		return
	}
	if breaksOut(tok, name) && !s.inIntegrationPoint() {
		s.foreign, s.nesting = s.foreign[:0], 0
		return
	}
	if selfClosing {
		return
	}
	if len(s.foreign) == maxForeign {
		s.nesting++
		return
	}
	s.foreign = append(s.foreign, s.intern(name))
}

// foreignEnd follows an end tag in foreign content: it closes the innermost
// open element of that name and those inside it. </p> and </br> break out
// like the start tags; an end tag of no open foreign element closes an HTML
// element around the foreign content, if any, which the scanner does not
// know: foreign content goes on (no link rather than a wrong one).
func (s *HTMLScanner) foreignEnd(name []byte) {
	if (string(name) == "p" || string(name) == "br") && !s.inIntegrationPoint() {
		s.foreign, s.nesting = s.foreign[:0], 0
		return
	}
	if s.nesting > 0 {
		s.nesting--
		return
	}
	for i := len(s.foreign) - 1; i >= 0; i-- {
		if s.foreign[i] == string(name) {
			s.foreign = s.foreign[:i]
			return
		}
	}
}

// inIntegrationPoint reports whether an element of foreign content whose
// content is HTML is open.
func (s *HTMLScanner) inIntegrationPoint() bool {
	for _, n := range s.foreign[1:] {
		switch n {
		case "foreignobject", "desc", "title", "mi", "mo", "mn", "ms", "mtext", "annotation-xml":
			return true
		}
	}
	return false
}

// breaksOut reports whether the start tag raw of element name ends foreign
// content (HTML Standard, "the rules for parsing tokens in foreign
// content").
func breaksOut(tok *htmllex.Token, name []byte) bool {
	switch string(name) {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt",
		"em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li",
		"listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span",
		"strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var":
		return true
	case "font":
		for _, a := range tok.Attrs {
			if isAttr(tok.Raw, a, "color") || isAttr(tok.Raw, a, "face") || isAttr(tok.Raw, a, "size") {
				return true
			}
		}
	}
	return false
}
