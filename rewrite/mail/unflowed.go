package mail

import "strings"

// Unflowed is the text of a format=flowed body (RFC 3676) with its soft
// line breaks joined, and what it takes to map a span of that text back to
// the body: an IRI wrapped across soft line breaks is one IRI in Text.
type Unflowed struct {
	// Text is the unflowed body, in the body's charset.
	Text []byte
	dels []deletion
}

// IsFlowed reports whether the part is format=flowed text/plain in an
// ASCII-compatible charset (Unflow can read it), and with DelSp=yes (the
// space before a soft line break is then not text). Rewrite reads such a
// part the same way.
func (p *Part) IsFlowed() (flowed, delSp bool) {
	if p.MediaType != "text/plain" || !strings.EqualFold(p.Params["format"], "flowed") ||
		p.Charset == nil || strings.HasPrefix(p.Charset.Name(), "utf-16") {
		return false, false
	}
	return true, strings.EqualFold(p.Params["delsp"], "yes")
}

// Unflow undoes the format=flowed encoding of body, which is in an
// ASCII-compatible charset, as Rewrite does before scanning (see the
// package documentation): soft line breaks are joined, the space before
// them deleted when delSp, quote marks of joined lines and space-stuffing
// removed.
func Unflow(body []byte, delSp bool) *Unflowed {
	u, dels := unflow(body, delSp, nil, nil)
	return &Unflowed{Text: u, dels: dels}
}

// Span maps the span [start, end) of Text to the span of the body it was
// made from: the soft line breaks inside it count, those at its edges do
// not. Spans must be asked in increasing order only if they do not
// overlap; any order works.
func (u *Unflowed) Span(start, end int) (int, int) {
	s := unflowMap{dels: u.dels}
	e := unflowMap{dels: u.dels}
	return s.start(start), e.end(end)
}
