package iri

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
)

// BidiMode selects how the display form keeps a bidirectional IRI (one with
// right-to-left characters) in left-to-right order (Section 4.1).
type BidiMode uint8

// The display wrappers. An IRI without right-to-left characters is never
// wrapped.
const (
	// BidiIsolate wraps the IRI in LEFT-TO-RIGHT ISOLATE (U+2066) and POP
	// DIRECTIONAL ISOLATE (U+2069): the embedding of Section 4.1, isolated
	// from the surrounding text so that neither affects the other.
	BidiIsolate BidiMode = iota
	// BidiEmbed wraps the IRI in LEFT-TO-RIGHT EMBEDDING (U+202A) and POP
	// DIRECTIONAL FORMATTING (U+202C), as Section 4.1 words it.
	BidiEmbed
	// BidiMarks is the form of the older IURI draft (Section 2.4): LRE
	// before, PDF after, and LEFT-TO-RIGHT MARK (U+200E) before and after
	// each reserved character, so that delimiters stay in place.
	BidiMarks
	// BidiNone adds nothing: for callers that set the direction in a higher
	// protocol, such as dir="ltr" or <bdi> in HTML (Section 4.1 allows it).
	BidiNone
)

var bidiModeNames = [...]string{"isolate", "embed", "marks", "none"}

func (m BidiMode) String() string {
	if int(m) < len(bidiModeNames) {
		return bidiModeNames[m]
	}
	return "BidiMode(?)"
}

// ParseBidiMode returns the BidiMode named by s: "isolate", "embed",
// "marks" or "none".
func ParseBidiMode(s string) (BidiMode, bool) {
	for i, n := range bidiModeNames {
		if s == n {
			return BidiMode(i), true
		}
	}
	return 0, false
}

const (
	lri = '\u2066'
	pdi = '\u2069'
	lre = '\u202A'
	pdf = '\u202C'
	lrm = '\u200E'
)

// DisplayOptions configure Display. The zero value wraps a right-to-left
// IRI in isolates (BidiIsolate).
type DisplayOptions struct {
	// Bidi selects how a bidirectional IRI is kept in left-to-right order.
	Bidi BidiMode
}

// Display returns the display form of the IRI reference s, as
// Converter.Display does for a UTF-8 document.
func Display(s string, o DisplayOptions) (string, error) {
	c := Converter{Bidi: o.Bidi}
	return c.Display(s)
}

// Display returns the form of an IRI reference to show to people (Sections
// 4 and 8.6): characters rather than percent-encodings, unambiguous, and
// found again as the same IRI if a linkifier meets it in running text.
//
//   - Percent-encoded UTF-8 is decoded as by ToIRI, and characters not
//     allowed in the reference are percent-encoded as by ToURI.
//   - Each component (userinfo, host label, path segment, query name and
//     value, fragment, further divided at ASCII punctuation, as Section 4.2
//     allows) that uses right-to-left characters must not mix them with
//     left-to-right ones and must start and end with one; a component that
//     breaks these rules is shown percent-encoded whole (Section 4.2).
//   - A host label that mixes scripts in a way that invites spoofing
//     (Section 10: Latin with Cyrillic or Greek, and similar), or that is
//     made only of Cyrillic or Greek letters that look Latin under a
//     non-Cyrillic, non-Greek top-level domain, is shown as its A-label, as
//     browsers do.
//   - Escaping is minimal in the sense of Unicode UTS #58: a character that
//     would end a link found in text stays escaped — a Link_Term=Hard
//     character anywhere, a closing bracket that matches no opening one, and
//     a final Link_Term=Soft character (sentence punctuation) — but only
//     where escaping names the same resource: a reserved character
//     (gen-delims and sub-delims, RFC 3986 Section 2.2) written as itself
//     stays as itself, since its percent-encoding is a different URI
//     (Section 6.2.2.2 allows only unreserved characters and non-ASCII
//     characters, through Section 3.3, to change form). Display never
//     changes the identifier.
//   - An IRI that contains right-to-left characters is wrapped as Bidi says;
//     any other IRI, ASCII-only ones in particular, gets no marks.
//
// Display fails where ToURI fails: a structural fault, a "%" not followed
// by two hex digits, bytes that are not UTF-8, or a host with a character
// no reg-name allows or that fails IDNA. Like ToURI, and unlike ToIRI, it
// shows an ASCII host name that the IDNA profile would reject (such as
// "r3---sn-abc.example") as it is.
func (c *Converter) Display(s string) (string, error) {
	s, u, _, err := c.parse(s)
	if err != nil {
		return s, err
	}
	d := displayer{uri: make([]byte, 0, 3*len(s)+8)}
	b := make([]byte, 0, 2*len(s)+8)
	if u.Scheme != "" {
		b = append(b, u.Scheme...)
		b = append(b, ':')
	}
	if u.HasAuthority {
		b = append(b, '/', '/')
		if u.HasUserinfo {
			if b, err = d.component(b, compUserinfo, u.Userinfo, u.UserinfoOffset); err != nil {
				return s, err
			}
			b = append(b, '@')
		}
		if b, err = d.host(b, &u); err != nil {
			return s, err
		}
		if u.HasPort {
			b = append(b, ':')
			b = append(b, u.Port...)
		}
	}
	// A final Soft character is escaped only inside the content of the
	// path, query or fragment: a delimiter or a host keeps its meaning.
	pathStart, softFrom := len(b), len(b)
	if u.isMailto() {
		// The path ends in a domain name: not to be escaped.
		b, err = d.mailtoPath(b, u.Path, u.PathOffset)
		softFrom = len(b)
	} else {
		b, err = d.component(b, compPath, u.Path, u.PathOffset)
	}
	if err != nil {
		return s, err
	}
	if u.HasQuery {
		b = append(b, '?')
		softFrom = len(b)
		if b, err = d.component(b, compQuery, u.Query, u.QueryOffset); err != nil {
			return s, err
		}
	}
	if u.HasFragment {
		b = append(b, '#')
		softFrom = len(b)
		if b, err = d.component(b, compFragment, u.Fragment, u.FragmentOffset); err != nil {
			return s, err
		}
	}
	b = escapeLinkTerms(b, pathStart, softFrom)
	if !hasRTL(b) {
		return bytesToString(b), nil
	}
	return wrapBidi(b, c.Bidi), nil
}

// displayer holds the scratch buffers of one Display call.
type displayer struct {
	uri []byte
}

// component appends the display form of one component to b.
func (d *displayer) component(b []byte, comp component, s string, off int) ([]byte, error) {
	var err error
	// Bring the component to URI form first, so that every character not
	// allowed in it is encoded whatever the input was, then decode what an
	// IRI may show, keeping Link_Term=Hard characters encoded.
	d.uri, err = appendEncoded(d.uri[:0], comp, s, off)
	if err != nil {
		return b, err
	}
	start := len(b)
	b = appendDecoded(b, bytesToString(d.uri), isHardChar) // d.uri is not written during the call
	return enforceBidiComponents(b, start), nil
}

// isHardChar reports whether r would end a link in running text.
func isHardChar(r rune) bool { return LinkTermOf(r) == LinkHard }

// host appends the display form of the host of u to b.
func (d *displayer) host(b []byte, u *IRI) ([]byte, error) {
	if u.HostKind != HostRegName {
		return append(b, u.Host...), nil
	}
	return d.regName(b, u.Host, u.HostOffset)
}

// mailtoPath appends the display form of a mailto path: local parts as
// path text, domains as host names.
func (d *displayer) mailtoPath(b []byte, path string, off int) ([]byte, error) {
	err := forEachAddress(path, func(local string, lo int, domain string, do int) error {
		if lo > 0 {
			b = append(b, ',')
		}
		var err error
		if local == "" {
			b, err = d.component(b, compPath, domain, off+do)
			return err
		}
		if b, err = d.component(b, compPath, local, off+lo); err != nil {
			return err
		}
		if isASCII(domain) && badHostByte(domain) >= 0 {
			// Not a host name: path text, as ToURI takes it.
			b, err = d.component(b, compPath, domain, off+do)
			return err
		}
		b, err = d.regName(b, domain, off+do)
		return err
	})
	return b, err
}

// regName appends the display form of a DNS name found at byte off.
func (d *displayer) regName(b []byte, host string, off int) ([]byte, error) {
	// The URI form validates the name as ToURI does; then, as in ToIRI,
	// percent-encoded UTF-8 is decoded where the name stays valid and
	// A-labels are shown as Unicode where they are valid.
	a, err := uriRegName(host, off)
	if err != nil {
		return b, err
	}
	uhost := a
	if strings.IndexByte(a, '%') >= 0 || containsACE(a) {
		uhost = string(appendIRIHost(nil, a))
	}
	if isASCII(uhost) {
		return append(b, uhost...), nil
	}
	labels := strings.Split(uhost, ".")
	tld := labels[len(labels)-1]
	if tld == "" && len(labels) > 1 {
		tld = labels[len(labels)-2]
	}
	for i, l := range labels {
		if i > 0 {
			b = append(b, '.')
		}
		if !isASCII(l) && spoofable(l, tld) {
			a, err := hostProfile.ToASCII(l)
			if err == nil {
				b = append(b, a...)
				continue
			}
		}
		b = append(b, l...)
	}
	return b, nil
}

// enforceBidiComponents applies the rules of Section 4.2 to the display text
// b[start:] of one component: each run of letters, digits and marks between
// punctuation, symbols and spaces (a percent-encoding counts as punctuation)
// that contains a
// right-to-left character must contain no left-to-right character and must
// start and end with a right-to-left character; a run that breaks them is
// replaced by its percent-encoded form.
func enforceBidiComponents(b []byte, start int) []byte {
	if !hasRTL(b[start:]) {
		return b
	}
	var out []byte // allocated only if a run must be encoded
	i, copied := start, start
	for i < len(b) {
		if size := delimiterAt(b[i:]); size > 0 {
			i += size
			continue
		}
		j := i
		for j < len(b) && delimiterAt(b[j:]) == 0 {
			_, size := utf8.DecodeRune(b[j:])
			j += size
		}
		if !bidiRunOK(b[i:j]) {
			if out == nil {
				out = append(make([]byte, 0, len(b)+32), b[:start]...)
			}
			out = append(out, b[copied:i]...)
			for k := i; k < j; k++ {
				if b[k] >= utf8.RuneSelf {
					out = appendPct(out, b[k])
				} else {
					out = append(out, b[k])
				}
			}
			copied = j
		}
		i = j
	}
	if out == nil {
		return b
	}
	return append(out, b[copied:]...)
}

// delimiterAt returns the length of the punctuation, symbol or space
// character at the start of b, or 0 if it starts with a letter, digit or mark.
func delimiterAt(b []byte) int {
	if b[0] < utf8.RuneSelf {
		if asciiClass[b[0]]&(cAlpha|cDigit) != 0 {
			return 0
		}
		return 1
	}
	r, size := utf8.DecodeRune(b)
	if unicode.IsPunct(r) || unicode.IsSymbol(r) || unicode.IsSpace(r) {
		return size
	}
	return 0
}

// bidiRunOK checks the two rules of Section 4.2 on one run.
func bidiRunOK(run []byte) bool {
	hasR, hasL := false, false
	first, last := bidi.Class(255), bidi.Class(255)
	for len(run) > 0 {
		p, size := bidi.Lookup(run)
		if size == 0 {
			size = 1
		}
		run = run[size:]
		cl := p.Class()
		switch cl {
		case bidi.NSM, bidi.BN:
			continue // takes the class of what precedes it
		case bidi.R, bidi.AL:
			hasR = true
		case bidi.L:
			hasL = true
		}
		if first == 255 {
			first = cl
		}
		last = cl
	}
	if !hasR {
		return true
	}
	return !hasL && (first == bidi.R || first == bidi.AL) && (last == bidi.R || last == bidi.AL)
}

// hasRTL reports whether b contains a strong right-to-left character or an
// Arabic digit, the characters that make an IRI bidirectional.
func hasRTL(b []byte) bool {
	for i := 0; i < len(b); {
		if b[i] < 0xD6 { // every R, AL and AN character is at U+0590 or above
			i++
			continue
		}
		p, size := bidi.Lookup(b[i:])
		if size == 0 {
			size = 1
		}
		switch p.Class() {
		case bidi.R, bidi.AL, bidi.AN:
			return true
		}
		i += size
	}
	return false
}

// escapeLinkTerms applies the minimal escaping of UTS #58 to the path, query
// and fragment of a display form, which start at from: closing brackets that
// match no opening bracket, and a final Link_Term=Soft character at or after
// softFrom, are percent-encoded, so that a linkifier does not end the link
// early — unless the character is reserved (RFC 3986 Section 2.2), whose
// percent-encoding would name another resource: ")" and a final ";", ",",
// "!", "'", ":" and "?" stay as they are, and a linkifier may end the link
// before them. A final "." (unreserved) and non-ASCII punctuation are
// escaped. The scheme and authority are left alone: brackets there are syntax
// (IP literals) and a host is never percent-encoded.
func escapeLinkTerms(b []byte, from, softFrom int) []byte {
	var stack []rune
	var out []byte
	copied := 0
	for i := from; i < len(b); {
		r, size := rune(b[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(b[i:])
		}
		escape := false
		switch LinkTermOf(r) {
		case LinkOpen:
			stack = append(stack, r)
		case LinkClose:
			open, _ := OpeningBracket(r)
			if n := len(stack); n > 0 && stack[n-1] == open {
				stack = stack[:n-1]
			} else {
				escape = true
			}
		case LinkSoft:
			escape = i+size == len(b) && i >= softFrom && !endsInDotSegment(b[softFrom:])
		}
		if escape && size == 1 && isReservedASCII(b[i]) {
			// RFC 3986 Section 2.2: "a;" and "a%3B" are different URIs.
			escape = false
		}
		if escape {
			if out == nil {
				out = make([]byte, 0, len(b)+8)
			}
			out = append(out, b[copied:i]...)
			for k := i; k < i+size; k++ {
				out = appendPct(out, b[k])
			}
			copied = i + size
		}
		i += size
	}
	if out == nil {
		return b
	}
	return append(out, b[copied:]...)
}

// endsInDotSegment reports whether the path p ends in a "." or ".."
// segment, whose final "." must stay literal: "%2E" is an ordinary segment,
// not a dot-segment (RFC 3986 Section 5.2.4).
func endsInDotSegment(p []byte) bool {
	seg := p[bytes.LastIndexByte(p, '/')+1:]
	return string(seg) == "." || string(seg) == ".."
}

// wrapBidi wraps the display form b as mode says.
func wrapBidi(b []byte, mode BidiMode) string {
	var sb strings.Builder
	switch mode {
	case BidiNone:
		return string(b)
	case BidiEmbed:
		sb.Grow(len(b) + 6)
		sb.WriteRune(lre)
		sb.Write(b)
		sb.WriteRune(pdf)
	case BidiMarks:
		sb.Grow(len(b) * 2)
		sb.WriteRune(lre)
		for i := 0; i < len(b); i++ {
			if isReservedASCII(b[i]) {
				sb.WriteRune(lrm)
				sb.WriteByte(b[i])
				sb.WriteRune(lrm)
			} else {
				sb.WriteByte(b[i])
			}
		}
		sb.WriteRune(pdf)
	default:
		sb.Grow(len(b) + 6)
		sb.WriteRune(lri)
		sb.Write(b)
		sb.WriteRune(pdi)
	}
	return sb.String()
}

// StripBidi removes the bidi formatting characters that Display adds (LRI,
// PDI, LRE, PDF, LRM) from a display form. They are never part of an IRI
// (Section 4.1).
func StripBidi(s string) string {
	if !strings.ContainsAny(s, "\u2066\u2069\u202A\u202C\u200E") {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case lri, pdi, lre, pdf, lrm:
			return -1
		}
		return r
	}, s)
}
