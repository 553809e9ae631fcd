package scanner

import (
	"bytes"

	"github.com/iriscan/iriscan/scanner/internal/htmllex"
)

// linkText follows the a element being read for HTMLOptions.LinkTexts.
type linkText struct {
	open  bool
	start int64  // offset of the element's content (after its start tag)
	href  []byte // the href value, references decoded, spaces trimmed
	text  []byte // the visible text so far, references decoded
	over  bool   // the visible text passed maxLen: not reported
}

// linkStart follows a start tag of an a element at off, raw its bytes:
// an a start tag ends an open a element (the tree builder closes it), and
// one with an href attribute opens one. A tag that came in pieces (longer
// than the lexer's limit) opens none.
func (s *HTMLScanner) linkStart(tok *htmllex.Token, off int64) {
	if s.link.open {
		s.linkEnd(off)
	}
	if tok.More || tok.Cont {
		return
	}
	raw := tok.Raw
	for _, a := range tok.Attrs {
		if !isAttr(raw, a, "href") {
			continue
		}
		l := &s.link
		l.open, l.over, l.start = true, false, off+int64(len(raw))
		l.href = htmllex.AppendAttrValue(l.href[:0], raw[a.Value.Start:a.Value.End])
		l.href = bytes.Trim(l.href, " \t\n\r\f")
		l.text = l.text[:0]
		s.linkEndOff = l.start
		return
	}
}

// linkData adds a text token of an open a element.
func (s *HTMLScanner) linkData(tok *htmllex.Token) {
	l := &s.link
	if tok.RawText == htmllex.RawText || l.over {
		return // script, style …: not shown
	}
	for v := tok.Raw; len(v) > 0; {
		k := bytes.IndexByte(v, '&')
		if k < 0 {
			l.text = append(l.text, v...)
			break
		}
		l.text = append(l.text, v[:k]...)
		v = v[k:]
		var n int
		if l.text, n = htmllex.AppendRef(l.text, v, false); n == 0 {
			l.text = append(l.text, '&')
			n = 1
		}
		v = v[n:]
	}
	l.over = len(l.text) > 4*s.f.maxLen
}

// linkEnd ends the open a element at offset end and reports its visible
// text, if any.
func (s *HTMLScanner) linkEnd(end int64) {
	l := &s.link
	l.open = false
	if l.over || end-l.start > int64(s.f.maxLen) {
		return
	}
	// White space collapsed, as a reader sees it.
	text := make([]byte, 0, len(l.text))
	for _, f := range bytes.Fields(l.text) {
		if len(text) > 0 {
			text = append(text, ' ')
		}
		text = append(text, f...)
	}
	if len(text) == 0 || len(text) > s.f.maxLen {
		return
	}
	s.pending = append(s.pending, Match{
		Offset: l.start, Length: end - l.start, Kind: KindLinkText,
		Text: string(text), IRI: string(l.href), Element: "a", Attr: "href",
	})
}
