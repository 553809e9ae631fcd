package charset

import (
	"bytes"
	"fmt"
	"mime"
	"strings"
)

// A Format is the kind of document whose charset [Detect] looks for; it
// decides which in-document declaration counts.
type Format uint8

const (
	FormatText Format = iota // plain text: no in-document declaration
	FormatHTML               // <meta charset> by the WHATWG prescan
	FormatXML                // the encoding declaration <?xml … encoding="…"?>
	FormatMail               // a MIME part: only its Content-Type counts
	FormatCSS                // a style sheet: @charset "…"; (CSS Syntax §3.2)
)

// A Hint tells [Detect] what the caller knows about a document.
type Hint struct {
	Format Format

	// Label is an explicit charset label from the caller (a command-line
	// flag, a configuration); it wins over everything else.
	Label string

	// ContentType is the value of the document's Content-Type: the MIME
	// part's header for mail, or an HTTP header. Its charset parameter,
	// if any, is used.
	ContentType string
}

// A Rule says which rule of [Detect] decided the charset.
type Rule uint8

const (
	RuleDefault     Rule = iota // nothing said: UTF-8
	RuleLabel                   // Hint.Label
	RuleBOM                     // a byte order mark
	RuleContentType             // the charset parameter of Hint.ContentType
	RuleMeta                    // HTML <meta charset> or <meta http-equiv>
	RuleXMLDecl                 // the XML encoding declaration
	RuleSniffed                 // nothing said, and the text is not UTF-8: Sniff guessed
	RuleCSSCharset              // a style sheet's @charset "…"; rule
)

func (r Rule) String() string {
	switch r {
	case RuleDefault:
		return "default"
	case RuleLabel:
		return "label"
	case RuleBOM:
		return "bom"
	case RuleContentType:
		return "content-type"
	case RuleMeta:
		return "meta"
	case RuleXMLDecl:
		return "xml-declaration"
	case RuleSniffed:
		return "sniffed"
	case RuleCSSCharset:
		return "css-charset"
	}
	return fmt.Sprintf("Rule(%d)", uint8(r))
}

// PrescanLen is how many bytes the WHATWG prescan of an HTML document
// looks at; a declaration that ends later is ignored.
const PrescanLen = 1024

// Detect finds the charset of a document from its first bytes (at least
// PrescanLen of them, better SniffLen, or the whole document if shorter)
// and what the
// caller knows, and says which rule decided. The rules, first match wins:
//
//  1. an explicit label from the caller, Hint.Label;
//  2. a byte order mark (UTF-8, UTF-16LE, UTF-16BE);
//  3. the charset parameter of Hint.ContentType (for mail the part's
//     header; for HTML and XML a transport-level type, which the WHATWG
//     HTML standard and RFC 7303 rank above the in-document declaration);
//  4. for HTML, the WHATWG prescan of the first 1024 bytes for
//     <meta charset> or <meta http-equiv="content-type" content="…charset=…">;
//     for XML, the encoding declaration (or, without a BOM, the UTF-16
//     form of "<?xml"); for CSS, a first rule @charset "label"; in the
//     first 1024 bytes, exactly as CSS Syntax §3.2 spells it (an unknown
//     label is passed over, and UTF-16 means UTF-8);
//  5. otherwise UTF-8 if the prefix is valid UTF-8 (but for a sequence
//     cut by its end) and not 7-bit ISO-2022-JP;
//  6. otherwise the guess of [Sniff], which looks at up to SniffLen bytes
//     of the prefix (and may be UTF-8 with a few invalid bytes): call
//     Sniff on the same prefix for how sure it is.
//
// A label that names no charset, from the caller, the Content-Type or the
// XML declaration, is a *LabelError; the HTML prescan skips such labels,
// as browsers do. A meta or XML declaration of UTF-16 in a document that
// is readable as ASCII means UTF-8, and a meta x-user-defined means
// windows-1252, as in the WHATWG prescan.
func Detect(prefix []byte, h Hint) (*Charset, Rule, error) {
	if h.Label != "" {
		cs, err := Lookup(h.Label)
		return cs, RuleLabel, err
	}
	if cs, n := BOM(prefix); n > 0 {
		return cs, RuleBOM, nil
	}
	if h.ContentType != "" {
		if label, ok := contentTypeCharset(h.ContentType); ok {
			cs, err := Lookup(label)
			return cs, RuleContentType, err
		}
	}
	switch h.Format {
	case FormatHTML:
		if cs := Prescan(prefix); cs != nil {
			return cs, RuleMeta, nil
		}
	case FormatCSS:
		if cs := CSSCharset(prefix); cs != nil {
			return cs, RuleCSSCharset, nil
		}
	case FormatXML:
		if label, ok := XMLEncoding(prefix); ok {
			cs, err := Lookup(label)
			if cs != nil && cs.kind == kindUTF16 && bytes.HasPrefix(prefix, []byte("<?xml")) {
				cs = UTF8
			}
			return cs, RuleXMLDecl, err
		}
	}
	if validUTF8Prefix(prefix) && !isISO2022JP(prefix) {
		return UTF8, RuleDefault, nil
	}
	return Sniff(prefix).Charset, RuleSniffed, nil
}

// BOM reports the charset of the byte order mark at the start of prefix
// and how many bytes it occupies; (nil, 0) if there is none. A [Decoder]
// of that charset skips the mark itself.
func BOM(prefix []byte) (cs *Charset, n int) {
	switch {
	case bytes.HasPrefix(prefix, []byte("\xef\xbb\xbf")):
		return UTF8, 3
	case bytes.HasPrefix(prefix, []byte("\xfe\xff")):
		return UTF16BE, 2
	case bytes.HasPrefix(prefix, []byte("\xff\xfe")):
		return UTF16LE, 2
	}
	return nil, 0
}

// contentTypeCharset returns the charset parameter of a Content-Type
// value. Mail headers are often sloppy: if the value does not parse as a
// media type, the first charset=value in it is taken.
func contentTypeCharset(ct string) (string, bool) {
	if _, params, err := mime.ParseMediaType(ct); err == nil {
		label, ok := params["charset"]
		return label, ok && label != ""
	}
	lower := strings.ToLower(ct)
	for i := 0; ; {
		k := strings.Index(lower[i:], "charset")
		if k < 0 {
			return "", false
		}
		i += k + len("charset")
		j := i
		for j < len(ct) && (ct[j] == ' ' || ct[j] == '\t') {
			j++
		}
		if j == len(ct) || ct[j] != '=' {
			continue
		}
		v := strings.TrimLeft(ct[j+1:], " \t")
		if strings.HasPrefix(v, `"`) {
			if e := strings.IndexByte(v[1:], '"'); e >= 0 {
				return v[1 : 1+e], e > 0
			}
			v = v[1:]
		}
		if e := strings.IndexAny(v, "; \t\r\n"); e >= 0 {
			v = v[:e]
		}
		return v, v != ""
	}
}

// XMLEncoding returns the value of the encoding declaration of an XML
// document that starts with prefix, as written. Without a byte order
// mark, a document that starts with "<?xml" in UTF-16 (XML 1.0 Appendix F)
// reports "utf-16le" or "utf-16be".
func XMLEncoding(prefix []byte) (label string, ok bool) {
	switch {
	case bytes.HasPrefix(prefix, []byte("<\x00?\x00x\x00")):
		return "utf-16le", true
	case bytes.HasPrefix(prefix, []byte("\x00<\x00?\x00x")):
		return "utf-16be", true
	}
	p := prefix[:min(len(prefix), PrescanLen)]
	if !bytes.HasPrefix(p, []byte("<?xml")) || len(p) < 6 || !isXMLSpace(p[5]) {
		return "", false
	}
	i := 5
	for {
		for i < len(p) && isXMLSpace(p[i]) {
			i++
		}
		start := i
		for i < len(p) && ('a' <= p[i] && p[i] <= 'z' || 'A' <= p[i] && p[i] <= 'Z') {
			i++
		}
		name := string(p[start:i])
		if name == "" {
			return "", false // "?>" or garbage: no encoding declaration
		}
		for i < len(p) && isXMLSpace(p[i]) {
			i++
		}
		if i == len(p) || p[i] != '=' {
			return "", false
		}
		i++
		for i < len(p) && isXMLSpace(p[i]) {
			i++
		}
		if i == len(p) || p[i] != '"' && p[i] != '\'' {
			return "", false
		}
		q := p[i]
		end := bytes.IndexByte(p[i+1:], q)
		if end < 0 {
			return "", false
		}
		value := string(p[i+1 : i+1+end])
		i += end + 2
		if name == "encoding" {
			return value, value != ""
		}
	}
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func isHTMLSpace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 0x20
	}
	return c
}

// Prescan runs the WHATWG HTML "prescan a byte stream to determine its
// encoding" algorithm on the first 1024 bytes of an HTML document and
// returns the charset its <meta> declares, or nil. Declarations in
// comments or ending past byte 1024, and unknown labels, are ignored; a
// declared UTF-16 becomes UTF-8 and x-user-defined windows-1252.
func Prescan(prefix []byte) *Charset {
	p := prescanner{b: prefix[:min(len(prefix), PrescanLen)]}
	return p.run()
}

type prescanner struct {
	b   []byte
	pos int
}

func (p *prescanner) hasPrefixFold(s string) bool {
	if len(p.b)-p.pos < len(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lowerASCII(p.b[p.pos+i]) != s[i] {
			return false
		}
	}
	return true
}

func (p *prescanner) run() *Charset {
	for ; p.pos < len(p.b); p.pos++ {
		switch {
		case p.hasPrefixFold("<!--"):
			// The "--" of "-->" may overlap the one of "<!--".
			i := bytes.Index(p.b[p.pos+2:], []byte("-->"))
			if i < 0 {
				return nil
			}
			p.pos += 2 + i + 2
		case p.hasPrefixFold("<meta") && p.pos+5 < len(p.b) && (isHTMLSpace(p.b[p.pos+5]) || p.b[p.pos+5] == '/'):
			p.pos += 5
			cs, ok := p.meta()
			if !ok {
				return nil // input ended inside the tag
			}
			if cs != nil {
				return cs
			}
		case p.pos+1 < len(p.b) && p.b[p.pos] == '<' && (isLetter(p.b[p.pos+1]) ||
			p.b[p.pos+1] == '/' && p.pos+2 < len(p.b) && isLetter(p.b[p.pos+2])):
			for p.pos < len(p.b) && !isHTMLSpace(p.b[p.pos]) && p.b[p.pos] != '>' {
				p.pos++
			}
			for {
				name, _, ok := p.attribute()
				if !ok {
					return nil
				}
				if name == "" {
					break
				}
			}
		case p.hasPrefixFold("<!") || p.hasPrefixFold("</") || p.hasPrefixFold("<?"):
			i := bytes.IndexByte(p.b[p.pos+2:], '>')
			if i < 0 {
				return nil
			}
			p.pos += 2 + i
		}
	}
	return nil
}

func isLetter(c byte) bool { return 'a' <= lowerASCII(c) && lowerASCII(c) <= 'z' }

// meta handles the attributes of a <meta> tag; ok is false if the input
// ended first.
func (p *prescanner) meta() (cs *Charset, ok bool) {
	var seen []string
	gotPragma := false
	needPragma := 0 // 0 null, 1 false, 2 true
	var charset *Charset
	charsetSet := false // charset is no longer null (it may be a failure)
	for {
		name, value, ok := p.attribute()
		if !ok {
			return nil, false
		}
		if name == "" {
			break
		}
		dup := false
		for _, s := range seen {
			dup = dup || s == name
		}
		if dup {
			continue
		}
		seen = append(seen, name)
		switch name {
		case "http-equiv":
			if value == "content-type" {
				gotPragma = true
			}
		case "content":
			if !charsetSet {
				if c := charsetFromContent(value); c != nil {
					charset, charsetSet, needPragma = c, true, 2
				}
			}
		case "charset":
			charset, _ = Lookup(value)
			charsetSet, needPragma = true, 1
		}
	}
	if needPragma == 0 || needPragma == 2 && !gotPragma || charset == nil {
		return nil, true
	}
	switch charset.name {
	case "utf-16le", "utf-16be":
		charset = UTF8
	case "x-user-defined":
		charset = Windows1252
	}
	return charset, true
}

// attribute is the WHATWG "get an attribute" algorithm. It returns an
// empty name when there is no further attribute, and ok false when the
// input ended.
func (p *prescanner) attribute() (name, value string, ok bool) {
	b := p.b
	for p.pos < len(b) && (isHTMLSpace(b[p.pos]) || b[p.pos] == '/') {
		p.pos++
	}
	if p.pos == len(b) {
		return "", "", false
	}
	if b[p.pos] == '>' {
		return "", "", true
	}
	var n, v []byte
	for {
		if p.pos == len(b) {
			return "", "", false
		}
		c := b[p.pos]
		if c == '=' && len(n) > 0 {
			p.pos++
			goto value
		}
		if isHTMLSpace(c) {
			break
		}
		if c == '/' || c == '>' {
			return string(n), "", true
		}
		n = append(n, lowerASCII(c))
		p.pos++
	}
	// Spaces.
	for p.pos < len(b) && isHTMLSpace(b[p.pos]) {
		p.pos++
	}
	if p.pos == len(b) {
		return "", "", false
	}
	if b[p.pos] != '=' {
		return string(n), "", true
	}
	p.pos++
value:
	for p.pos < len(b) && isHTMLSpace(b[p.pos]) {
		p.pos++
	}
	if p.pos == len(b) {
		return "", "", false
	}
	switch c := b[p.pos]; c {
	case '"', '\'':
		for p.pos++; ; p.pos++ {
			if p.pos == len(b) {
				return "", "", false
			}
			if b[p.pos] == c {
				p.pos++
				return string(n), string(v), true
			}
			v = append(v, lowerASCII(b[p.pos]))
		}
	case '>':
		return string(n), "", true
	default:
		v = append(v, lowerASCII(c))
		p.pos++
	}
	for ; ; p.pos++ {
		if p.pos == len(b) {
			return "", "", false
		}
		c := b[p.pos]
		if isHTMLSpace(c) || c == '>' {
			return string(n), string(v), true
		}
		v = append(v, lowerASCII(c))
	}
}

// charsetFromContent is the WHATWG "extract a character encoding from a
// meta element" algorithm, on the value of a content attribute.
func charsetFromContent(s string) *Charset {
	for i := 0; ; {
		k := strings.Index(strings.ToLower(s[i:]), "charset")
		if k < 0 {
			return nil
		}
		i += k + len("charset")
		j := i
		for j < len(s) && isHTMLSpace(s[j]) {
			j++
		}
		if j == len(s) || s[j] != '=' {
			continue
		}
		j++
		for j < len(s) && isHTMLSpace(s[j]) {
			j++
		}
		if j == len(s) {
			return nil
		}
		var label string
		switch q := s[j]; q {
		case '"', '\'':
			e := strings.IndexByte(s[j+1:], q)
			if e < 0 {
				return nil
			}
			label = s[j+1 : j+1+e]
		default:
			e := strings.IndexAny(s[j:], "\t\n\f\r ;")
			if e < 0 {
				e = len(s) - j
			}
			label = s[j : j+e]
		}
		cs, _ := Lookup(label)
		return cs
	}
}

// CSSCharset returns the charset a style sheet's first bytes declare with
// the @charset rule, or nil: CSS Syntax §3.2 reads the bytes
// `@charset "` followed by bytes other than '"' and ';', then `";`, within
// the first 1024 bytes, and no other spelling (no single quotes, one
// space). A label that names no charset is passed over; utf-16be and
// utf-16le mean UTF-8 (a style sheet that can be read that far as ASCII is
// not UTF-16).
func CSSCharset(prefix []byte) *Charset {
	const lead = `@charset "`
	p := prefix[:min(len(prefix), PrescanLen)]
	if !bytes.HasPrefix(p, []byte(lead)) {
		return nil
	}
	p = p[len(lead):]
	i := bytes.IndexAny(p, `";`)
	if i < 0 || p[i] != '"' || i+1 >= len(p) || p[i+1] != ';' {
		return nil
	}
	cs, err := Lookup(string(p[:i]))
	if err != nil {
		return nil
	}
	if cs.kind == kindUTF16 {
		return UTF8
	}
	return cs
}
