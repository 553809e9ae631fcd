package scanner

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kind says how a match was recognised.
type Kind uint8

const (
	// KindScheme is an IRI that starts with a known scheme, such as
	// "https://example.com/" or "mailto:a@example.com".
	KindScheme Kind = iota + 1
	// KindWWW is a scheme-less IRI starting with "www.". Its target gets
	// "https://".
	KindWWW
	// KindEmail is an e-mail address. Its target gets "mailto:".
	KindEmail
	// KindFuzzy is a bare domain with a known public suffix, found only in
	// fuzzy mode. Its target gets "https://".
	KindFuzzy
	// KindAttr is the value of a URL-valued HTML attribute.
	KindAttr
	// KindCSS is a URL reference in CSS: in a style sheet, a <style>
	// element or a style attribute (url(…), @import "…", image-set("…")).
	KindCSS
	// KindLinkText is the text a reader sees as an HTML link: the content
	// of an a element with an href attribute, reported only with
	// HTMLOptions.LinkTexts, at the end of the element. Offset and Length
	// span the element's content; Text is its visible text (the text
	// nodes with character references decoded, script and style left out,
	// runs of white space collapsed to one space, trimmed) and IRI the
	// href value (references decoded, white space trimmed); Element is
	// "a" and Attr "href". A spoofing check compares the two.
	KindLinkText
)

var kindNames = [...]string{"", "scheme", "www", "email", "fuzzy", "attr", "css", "linktext"}

// String returns the kind's name as printed by iriscan extract: scheme, www,
// email, fuzzy, attr or css (or linktext).
func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// A Match is one IRI found in a document.
//
// Offset and Length locate the match in the scanned text (for a Scanner, the
// UTF-8 text read from its reader). A rewriter replaces exactly these bytes
// and copies all others.
type Match struct {
	Offset int64 // byte offset of the first byte of the match
	Length int64 // length of the match in bytes
	Kind   Kind

	// Text is the match as written.
	Text string

	// IRI is the IRI reference the match denotes: Text with the line-wrapping
	// whitespace of a delimited form (<…>, ⟨…⟩) removed and groff's U+2010
	// HYPHEN there read as '-', in HTML with character references decoded,
	// and, in running text, with the ASCII characters no IRI allows that a match may hold
	// (" \ ^ ` | { } space, [ ] outside an IP literal, a second '#')
	// percent-encoded (docs/detection.md). It has no scheme added: see Target.
	IRI string

	// Element and Attr name the HTML element and attribute of a KindAttr
	// match, in lower case. A KindCSS match in a style attribute has Attr
	// "style" and the element's name; in a <style> element, Element
	// "style" and no Attr; in a style sheet, neither.
	Element, Attr string

	// Decoded reports whether character references (HTML) or CSS escapes
	// ("\\30D1 ") were decoded to form IRI.
	Decoded bool

	// Quote is the quote character around the attribute value of a
	// KindAttr match or a KindCSS match in a style attribute, '"' or '\'',
	// or 0 if the value is unquoted. A rewriter escapes it in the new value.
	Quote byte

	// CSS says how a KindCSS match is written in CSS: '"' or '\'' inside
	// a string of that quote, '(' inside an unquoted url(…). A rewriter
	// escapes what would end the string or the url there.
	CSS byte
}

// Target returns the IRI the match points to: IRI with "https://" added for
// KindWWW and KindFuzzy, the mailto IRI of the address for KindEmail, IRI
// itself otherwise (an attribute value may be a relative reference). Its
// URI form is iri.ToURI(m.Target()). TargetScheme adds another scheme.
//
// The mailto IRI percent-encodes in the local part what RFC 6068 Section 2
// requires: what no URI allows (already so in IRI), '%', the gen-delims
// but ':' and '@' ("/ ? # [ ]"), "& ; =", ',' (the address separator) and
// a '@' of a quoted local part. Non-ASCII characters stay: the URI form
// encodes them.
func (m *Match) Target() string { return m.TargetScheme("https") }

// TargetScheme is Target with scheme (such as "http") added to KindWWW and
// KindFuzzy matches instead of https.
func (m *Match) TargetScheme(scheme string) string {
	switch m.Kind {
	case KindWWW, KindFuzzy:
		return scheme + "://" + m.IRI
	case KindEmail:
		return mailtoTarget(m)
	}
	return m.IRI
}

// mailtoTarget returns the mailto IRI of an address match.
func mailtoTarget(m *Match) string {
	at := strings.LastIndexByte(m.IRI, '@')
	if at < 0 {
		return "mailto:" + m.IRI
	}
	// The local part as written, when the match is that text (no groff
	// wrap, no character reference, valid UTF-8): only then is a '%' known
	// to be the text's own; otherwise IRI's, whose %XX stay.
	local, raw := m.IRI[:at], false
	if t := strings.LastIndexByte(m.Text, '@'); !m.Decoded && t >= 0 && m.Text[t:] == m.IRI[at:] &&
		!strings.ContainsAny(m.Text[:t], " \t\n\r\u2010") && utf8.ValidString(m.Text[:t]) {
		local, raw = m.Text[:t], true
	}
	var b strings.Builder
	b.WriteString("mailto:")
	for i := 0; i < len(local); i++ {
		c := local[i]
		if c < 0x80 && (mailtoLocalEscape[c] || c == '%' && raw) {
			b.WriteByte('%')
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&15])
			continue
		}
		b.WriteByte(c)
	}
	b.WriteString(m.IRI[at:])
	return b.String()
}

// mailtoLocalEscape: the ASCII characters a mailto local part
// percent-encodes besides '%' (RFC 6068 Section 2, and those no IRI
// allows).
var mailtoLocalEscape = func() (t [128]bool) {
	for c := 0; c < 0x21; c++ {
		t[c] = true
	}
	for _, c := range "\"<>\\^`{|}\x7f/?#[]&;=,@" {
		t[c] = true
	}
	return t
}()
