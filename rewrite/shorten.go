package rewrite

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"

	"github.com/iriscan/iriscan/internal/grapheme"
	"github.com/iriscan/iriscan/iri"
)

// Ellipsis marks where Shorten cut link text.
const Ellipsis = "…"

// StripScheme returns link text without a leading "http://" or "https://"
// (in any letter case, with or without the marks of a link's text).
func StripScheme(text string) string {
	i := 0
	skip := func() {
		for i < len(text) {
			r, n := utf8.DecodeRuneInString(text[i:])
			if !iri.IsBidiFormatting(r) {
				return
			}
			i += n
		}
	}
	want := func(c byte) bool {
		skip()
		if i < len(text) && text[i]|0x20 == c|0x20 {
			i++
			return true
		}
		return false
	}
	if !want('h') || !want('t') || !want('t') || !want('p') {
		return text
	}
	want('s')
	if !want(':') || !want('/') || !want('/') {
		return text
	}
	skip()
	return text[i:]
}

// A unit is a piece of link text Shorten keeps or drops whole: a grapheme
// cluster, a percent-escape "%XX", or a run of clusters holding
// right-to-left characters between two delimiters; invisible bidi marks
// belong to the unit before them.
type unit struct {
	start, end int  // the unit is text[start:end]; units tile the text
	w          int  // user-perceived characters: clusters, marks not counted
	delim      byte // the ASCII delimiter the unit is, or 0
	word       bool // part of a word: not a delimiter, not only marks
	rtl        bool // holds a right-to-left (R or AL) character
}

// units splits s into grapheme clusters, a percent-escape kept as one
// unit, marks joined to the unit before them.
func units(text string) []unit {
	us := make([]unit, 0, utf8.RuneCountInString(text))
	for i := 0; i < len(text); {
		s := text[i:]
		k := grapheme.Next(s)
		c := s[:k]
		if onlyMarks(c) {
			if n := len(us); n > 0 {
				us[n-1].end += k
			} else {
				us = append(us, unit{start: i, end: i + k})
			}
			i += k
			continue
		}
		u := unit{start: i, end: i + k, w: 1}
		if c == "%" && len(s) >= 3 && isHex(s[1]) && isHex(s[2]) &&
			grapheme.Next(s[1:]) == 1 && grapheme.Next(s[2:]) == 1 {
			u = unit{start: i, end: i + 3, w: 3, word: true}
			k = 3
		} else if len(c) == 1 && c[0] < utf8.RuneSelf && strings.IndexByte(delimiters, c[0]) >= 0 {
			u.delim = c[0]
		} else {
			u.word = true
			u.rtl = hasRTL(c)
		}
		us = append(us, u)
		i += k
	}
	return us
}

// delimiters end a word of link text: the delimiters of RFC 3986 and
// space.
const delimiters = ":/?#[]@!$&'()*+,;= "

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// onlyMarks reports whether the cluster c is bidi formatting characters
// only: invisible, not counted.
func onlyMarks(c string) bool {
	for _, r := range c {
		if !iri.IsBidiFormatting(r) {
			return false
		}
	}
	return true
}

func hasRTL(c string) bool {
	for _, r := range c {
		if r < 0x0590 {
			continue
		}
		p, _ := bidi.LookupRune(r)
		if cl := p.Class(); cl == bidi.R || cl == bidi.AL {
			return true
		}
	}
	return false
}

// mergeRTL joins each run of word units that holds a right-to-left
// character into one unit, so that no cut falls inside it.
func mergeRTL(us []unit) []unit {
	out := us[:0]
	for i := 0; i < len(us); {
		j := i
		rtl := false
		for j < len(us) && (us[j].word || us[j].w == 0 && j > i) {
			rtl = rtl || us[j].rtl
			j++
		}
		if j > i && rtl {
			m := unit{start: us[i].start, end: us[j-1].end, word: true, rtl: true}
			for _, u := range us[i:j] {
				m.w += u.w
			}
			out = append(out, m)
			i = j
			continue
		}
		if j == i {
			j = i + 1
		}
		out = append(out, us[i:j]...)
		i = j
	}
	return out
}

func width(us []unit) int {
	n := 0
	for _, u := range us {
		n += u.w
	}
	return n
}

// join returns the text of consecutive units.
func join(text string, us []unit) string {
	if len(us) == 0 {
		return ""
	}
	return text[us[0].start:us[len(us)-1].end]
}

// Shorten returns link text of at most n user-perceived characters
// (extended grapheme clusters, UAX #29; the invisible bidi marks of a
// link's text are not counted), cut as Autolinker's "smart" truncation
// does:
//
//   - text of n characters or fewer is returned as it is;
//   - "scheme://" is dropped first;
//   - the host (with any userinfo and port) is always kept whole; when it
//     alone has n characters or more, the text is the host and "…" (the
//     host alone when nothing follows it);
//   - otherwise the path, query and fragment are cut in the middle, the
//     missing part shown as "…", never inside a grapheme cluster, a
//     percent-escape "%XX" or a run of right-to-left characters.
//
// An e-mail address (with or without mailto:) counts as its host, and so
// does the "scheme:" of a URI without an authority (urn:, tel:). n ≤ 0
// leaves the text as it is.
func Shorten(text string, n int) string {
	if n <= 0 || utf8.RuneCountInString(text) <= n {
		return text // no more clusters than code points
	}
	us := units(text)
	if width(us) <= n {
		return text
	}
	var host, rest []unit
	if sEnd, hier := schemeEnd(text, us); hier {
		// Drop "scheme://": the host says more in the same space.
		host, rest = splitHost(us[sEnd:])
	} else {
		// Opaque, or no scheme: keep "scheme:" or the address.
		host, rest = splitOpaque(us, sEnd)
	}
	hw, rw := width(host), width(rest)
	if hw+rw <= n {
		return join(text, host) + join(text, rest)
	}
	if hw >= n {
		if rw == 0 {
			return join(text, host) // nothing left out: no "…"
		}
		return join(text, host) + Ellipsis
	}
	return join(text, host) + cutMiddle(text, mergeRTL(rest), n-hw-1)
}

// schemeEnd returns the index of the first unit after "scheme:" and
// whether "//" follows (the "//" then belongs to the scheme part), or 0
// and false when the text does not start with a scheme.
func schemeEnd(text string, us []unit) (int, bool) {
	i := 0
	for i < len(us) && us[i].w == 0 {
		i++
	}
	start := i
	for i < len(us) && us[i].w == 1 && isSchemeChar(text[us[i].start], i == start) && isSchemeUnit(text, us[i]) {
		i++
	}
	if i == start || i >= len(us) || us[i].delim != ':' {
		return 0, false
	}
	i++ // ':'
	if i+1 < len(us) && us[i].delim == '/' && us[i+1].delim == '/' {
		return i + 2, true
	}
	return i, false
}

func isLetterByte(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isSchemeChar(c byte, first bool) bool {
	return isLetterByte(c) || !first && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')
}

// isSchemeUnit reports whether u is one ASCII character (marks after it
// allowed).
func isSchemeUnit(text string, u unit) bool {
	return onlyMarks(text[u.start+1 : u.end])
}

// splitHost splits what follows "scheme://" into the authority and the
// rest, which starts at "/", "?" or "#".
func splitHost(us []unit) (host, rest []unit) {
	for i, u := range us {
		if u.delim == '/' || u.delim == '?' || u.delim == '#' {
			return us[:i], us[i:]
		}
	}
	return us, nil
}

// splitOpaque splits text without an authority: an e-mail address (up to
// "?") is the host; otherwise "scheme:" is, and the rest is cut.
func splitOpaque(us []unit, sEnd int) (host, rest []unit) {
	q := len(us)
	at := false
	for i := sEnd; i < len(us); i++ {
		if us[i].delim == '?' || us[i].delim == '#' {
			q = i
			break
		}
		if us[i].delim == '@' {
			at = true
		}
	}
	if at || sEnd == 0 {
		if sEnd == 0 && !at {
			// No scheme (www.example.org/…): the host ends at "/".
			return splitHost(us)
		}
		return us[:q], us[q:]
	}
	return us[:sEnd], us[sEnd:]
}

// cutMiddle returns rest with its middle replaced by "…", keeping at most
// keep characters, half from each end.
func cutMiddle(text string, rest []unit, keep int) string {
	h := 0 // units kept at the start
	hw := 0
	for h < len(rest) && hw+rest[h].w <= (keep+1)/2 {
		hw += rest[h].w
		h++
	}
	t := len(rest) // units kept at the end: rest[t:]
	tw := 0
	for t > h && tw+rest[t-1].w <= keep-hw {
		tw += rest[t-1].w
		t--
	}
	// What the end could not use, the start may.
	for h < t && hw+tw+rest[h].w <= keep {
		hw += rest[h].w
		h++
	}
	return join(text, rest[:h]) + Ellipsis + join(text, rest[t:])
}
