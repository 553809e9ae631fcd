package scanner

import (
	"fmt"
	"io"

	"github.com/iriscan/iriscan/scanner/internal/csslex"
	"github.com/iriscan/iriscan/scanner/internal/htmllex"
)

// cssCloser returns the CSS field of a Match for a reference quoted by
// quote (0: an unquoted url token).
func cssCloser(quote byte) byte {
	if quote == 0 {
		return '('
	}
	return quote
}

// A CSSScanner finds the URL references of a CSS style sheet read from an
// io.Reader as UTF-8 (KindCSS matches): url(…), the strings of url("…")
// and src("…"), the string after @import, and the strings of image-set()
// and image(), tokenized by CSS Syntax Level 3 (docs/css.md). Offsets
// cover the source bytes; IRI is the reference with its CSS escapes
// decoded. A reference longer than Options.MaxLength bytes is passed over.
//
// It holds the reference being read and a chunk of input, whatever the
// size of the style sheet.
type CSSScanner struct {
	r       io.Reader
	tok     csslex.Tokenizer
	buf     []byte
	pending []Match
	head    int
	m       Match
	eof     bool
	err     error
}

// NewCSSScanner returns a CSSScanner reading from r with options o (nil for
// the defaults; only MaxLength matters).
func NewCSSScanner(r io.Reader, o *Options) *CSSScanner {
	if o == nil {
		o = &Options{}
	}
	s := &CSSScanner{r: r, buf: make([]byte, 32<<10)}
	s.tok.MaxLen = maxLength(o)
	return s
}

// Reset makes s scan the style sheet of r from the start, with the same
// options.
func (s *CSSScanner) Reset(r io.Reader) {
	s.r, s.pending, s.head, s.m, s.eof, s.err = r, s.pending[:0], 0, Match{}, false, nil
	s.tok.Reset()
}

// Match returns the most recent match found by Scan.
func (s *CSSScanner) Match() Match { return s.m }

// Err returns the first error other than io.EOF met while reading.
func (s *CSSScanner) Err() error { return s.err }

// Retained returns the offset before which no later match starts: the
// next match already found, else where the tokenizer may still start one.
func (s *CSSScanner) Retained() int64 {
	if s.head < len(s.pending) {
		return s.pending[s.head].Offset
	}
	return s.tok.Retained()
}

// Scan advances to the next match in document order.
func (s *CSSScanner) Scan() bool {
	for s.head == len(s.pending) {
		s.pending, s.head = s.pending[:0], 0
		if s.eof {
			return false
		}
		n, err := s.r.Read(s.buf)
		final := false
		if err == io.EOF {
			final = true
		} else if err != nil {
			s.err = fmt.Errorf("scanner: CSS read error after byte %d: %w", s.tok.Retained(), err)
			final = true
		}
		s.eof = final
		for _, r := range s.tok.Feed(s.buf[:n], final) {
			s.pending = append(s.pending, cssMatch(&r))
		}
	}
	s.m = s.pending[s.head]
	s.head++
	return true
}

// cssMatch returns the match of a reference read at its offsets.
func cssMatch(r *csslex.Ref) Match {
	return Match{
		Offset: r.Start, Length: r.End - r.Start, Kind: KindCSS,
		Text: r.Raw, IRI: r.Value, Decoded: r.Escaped, CSS: cssCloser(r.Quote),
	}
}

// styleText follows the text of a <style> element, read in one or more
// raw-text tokens, through the CSS tokenizer.
type styleText struct {
	on   bool  // in a style element: its raw text is CSS
	base int64 // offset of its first byte, once known
	seen bool  // base is known
	tok  csslex.Tokenizer
}

// styleStart is called after the start tag of a style element.
func (s *HTMLScanner) styleStart() {
	st := &s.style
	st.on, st.seen = true, false
	st.tok.MaxLen = s.f.maxLen
	st.tok.Reset()
}

// styleFeed reads raw text (more of the style sheet) at offset off.
func (s *HTMLScanner) styleFeed(raw []byte, off int64) {
	st := &s.style
	if !st.seen {
		st.base, st.seen = off, true
	}
	s.addStyleRefs(st.tok.Feed(raw, false))
}

// styleEnd ends the style sheet of a style element: its last references
// are added.
func (s *HTMLScanner) styleEnd() {
	st := &s.style
	if !st.on {
		return
	}
	st.on = false
	if st.seen {
		s.addStyleRefs(st.tok.Feed(nil, true))
	}
}

func (s *HTMLScanner) addStyleRefs(refs []csslex.Ref) {
	for k := range refs {
		m := cssMatch(&refs[k])
		m.Offset += s.style.base
		m.Element = "style"
		s.pending = append(s.pending, m)
	}
}

// styleRetained returns the offset before which no later match of the
// style element being read starts, or -1 outside one.
func (s *HTMLScanner) styleRetained() int64 {
	if !s.style.on || !s.style.seen {
		return -1
	}
	return s.style.base + s.style.tok.Retained()
}

// styleAttr adds the URL references of the style attribute a of the tag raw
// at offset off. The value's character references are decoded first (by
// the attribute rule), as the HTML parser does before CSS sees it; a
// reference whose ends do not fall on the ends of character references in
// the source is left out, since no replacement could be written there.
func (s *HTMLScanner) styleAttr(raw []byte, off int64, elem, name string, a htmllex.Attr) {
	v := raw[a.Value.Start:a.Value.End]
	css := v
	s.ents = s.ents[:0]
	if hasAmp(v) {
		s.attrDec, s.ents = decodeAttr(s.attrDec[:0], s.ents, v)
		css = s.attrDec
	}
	t := &s.attrTok
	t.MaxLen = s.f.maxLen
	t.Reset()
	for _, r := range t.Feed(css, true) {
		rs, ok1 := rawOffset(s.ents, int(r.Start))
		re, ok2 := rawOffset(s.ents, int(r.End))
		if !ok1 || !ok2 || re-rs > s.f.maxLen {
			continue
		}
		refs := refsIn(s.ents, rs, re)
		var iri span
		if !refs && !r.Escaped {
			iri = span{a.Value.Start + rs, a.Value.Start + re}
		} else {
			n := len(s.tagBuf)
			s.tagBuf = append(s.tagBuf, r.Value...)
			iri = span{len(raw) + n, len(raw) + len(s.tagBuf)} // see HTMLScanner.iris
		}
		s.iris = append(s.iris, iri)
		// Text and IRI are set by tag, from one string.
		s.pending = append(s.pending, Match{
			Offset: off + int64(a.Value.Start+rs), Length: int64(re - rs), Kind: KindCSS,
			Element: elem, Attr: name, Decoded: refs || r.Escaped, Quote: a.Quote, CSS: cssCloser(r.Quote),
		})
	}
}

func hasAmp(b []byte) bool {
	for _, c := range b {
		if c == '&' {
			return true
		}
	}
	return false
}

// decodeAttr appends the attribute value v with its character references
// decoded by the attribute rule to dst, and where each reference was.
func decodeAttr(dst []byte, ents []entSpan, v []byte) ([]byte, []entSpan) {
	for i := 0; i < len(v); {
		if v[i] != '&' {
			dst = append(dst, v[i])
			i++
			continue
		}
		d := len(dst)
		var n int
		dst, n = htmllex.AppendRef(dst, v[i:], true)
		if n == 0 {
			dst = append(dst, '&')
			i++
			continue
		}
		ents = append(ents, entSpan{dec: d, decEnd: len(dst), raw: i, rawEnd: i + n})
		i += n
	}
	return dst, ents
}

// rawOffset maps the decoded offset p to the source; false when p falls
// inside the decoding of a character reference.
func rawOffset(ents []entSpan, p int) (int, bool) {
	delta := 0
	for _, e := range ents {
		if p < e.decEnd {
			if p > e.dec {
				return 0, false
			}
			break
		}
		delta = e.rawEnd - e.decEnd
	}
	return p + delta, true
}

// refsIn reports whether a character reference lies in the source bytes
// [rs, re).
func refsIn(ents []entSpan, rs, re int) bool {
	for _, e := range ents {
		if e.raw < re && e.rawEnd > rs {
			return true
		}
	}
	return false
}
