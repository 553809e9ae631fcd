// Package refang reads links written defanged, as security reports and
// threat-intelligence mail write them so that nobody clicks them by mistake:
// hxxps://evil[.]example/payload[.]exe, user[at]evil(dot)example.
//
// Refanging turns each defang marker into what it stands for and leaves
// every other byte as it is; a Map takes an offset in the refanged text back
// to the text as written. Package scanner runs over the refanged text when
// scanner.Options.Refang is set, so that a match reports the span as written
// and the IRI it stands for. Redefang puts the markers of a written link
// back into a converted form of it, and Defang writes a link defanged.
//
// The markers, in any letter case (docs/refang.md):
//
//	hxxp hxxps h**p h**ps hxtp hxtps fxp   a scheme: http, https, ftp
//	[:] [://]                              ":" and "://" after a scheme
//	[.] (.) {.} [dot] (dot) {dot}          "."
//	[@] (@) {@} [at] (at) {at}             "@"
//	[/] (/) {/}                            "/"
//
// A marker counts only where it can be part of a link: a scheme marker at
// the start of a word and followed by ":" or a colon marker; ":" and "://"
// markers after a letter or digit and before the rest of a link (a letter,
// digit or mark, or for "[:]" also "//" and one of them); the others
// between two characters of a host label (a letter, digit or mark, and
// before them also "-" or "_"). So "a[.]", "[.](x)", "see (dot) below" and
// "x[:]" stay as they are.
package refang

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// maxOld is the length of the longest marker, in bytes.
const maxOld = 5

// lookahead is how many bytes after a marker's first byte decide whether it
// is one: a scheme marker and the bracket and colon after it, or a
// bracketed marker and the character after it.
const lookahead = 16

// trigger marks the bytes that may start a marker.
var trigger = func() (t [256]bool) {
	for _, c := range "[({hHfF" {
		t[c] = true
	}
	return t
}()

// found are the bytes a search for markers looks for: every marker is one
// of these or ends right before one (a scheme before its colon), so each is
// a bytes.IndexByte away.
var found = [...]byte{':', '[', '(', '{'}

// finder finds the markers of one buffer, b[:lim] decided.
type finder struct {
	b    []byte
	lim  int
	next [len(found)]int // next occurrence of each byte of found; -1 none before lim; -2 unknown
}

func (f *finder) reset(b []byte, lim int) {
	f.b, f.lim = b, lim
	for k := range f.next {
		f.next[k] = -2
	}
}

// trigger returns the first byte of found at or after from, or -1.
func (f *finder) trigger(from int) int {
	best := -1
	for k, c := range found {
		if f.next[k] == -1 {
			continue
		}
		if f.next[k] < from {
			j := -1
			if from < f.lim {
				j = bytes.IndexByte(f.b[from:f.lim], c)
			}
			if j < 0 {
				f.next[k] = -1
				continue
			}
			f.next[k] = from + j
		}
		if best < 0 || f.next[k] < best {
			best = f.next[k]
		}
	}
	return best
}

// find returns the first marker that starts at or after floor at a byte of
// found at or after from (or right before it: a scheme): its start, length
// and replacement, or a start of -1.
func (f *finder) find(from, floor int) (start, n int, out string) {
	b := f.b
	for {
		j := f.trigger(from)
		if j < 0 {
			return -1, 0, ""
		}
		if b[j] == ':' || j+1 < len(b) && b[j+1] == ':' {
			// A scheme marker that ends here.
			for k := maxOld; k >= 3; k-- {
				i := j - k
				if i < floor || !trigger[b[i]] {
					continue
				}
				if n, out := marker(b, i, prevRune(b[:i])); n == k && classOfNew(out) < 0 {
					return i, n, out
				}
			}
		}
		if b[j] != ':' && j >= floor {
			if n, out := marker(b, j, prevRune(b[:j])); n > 0 {
				return j, n, out
			}
		}
		from = j + 1
	}
}

// closing returns the bracket that closes c.
func closing(c byte) byte {
	switch c {
	case '[':
		return ']'
	case '(':
		return ')'
	}
	return '}'
}

// inner are the marked forms in brackets and what they stand for, longest
// first where one is a prefix of another.
var inner = [...]struct{ in, out string }{
	{"://", "://"}, {":", ":"}, {"dot", "."}, {".", "."}, {"at", "@"}, {"@", "@"}, {"/", "/"},
}

// schemes are the defanged schemes, longest first where one is a prefix of
// another, in lower case.
var schemes = [...]struct{ in, out string }{
	{"hxxps", "https"}, {"hxxp", "http"}, {"h**ps", "https"}, {"h**p", "http"},
	{"hxtps", "https"}, {"hxtp", "http"}, {"fxp", "ftp"},
}

// marker reports whether a marker starts at b[i] and, if so, its length in b
// and what it stands for. prev is the character before b[i], or -1 at the
// start of the text. b holds at least lookahead bytes from i on unless it
// ends the text.
func marker(b []byte, i int, prev rune) (n int, out string) {
	c := b[i]
	switch c {
	case '[', '(', '{':
		cl := closing(c)
		for _, m := range inner {
			end := i + 1 + len(m.in)
			if end >= len(b) || b[end] != cl || !equalFold(b[i+1:end], m.in) {
				continue
			}
			next, _ := utf8.DecodeRune(b[end+1:])
			if len(b) == end+1 {
				next = -1
			}
			ok := false
			switch m.out {
			case ".":
				ok = isLabel(prev) && (isLabelStart(next) || next == '_')
			case "@", "/":
				ok = isLabel(prev) && isLabelStart(next)
			case ":":
				ok = isASCIIAlnum(prev) && isLabelStart(next)
				if !ok && isASCIIAlnum(prev) && end+2 < len(b) && b[end+1] == '/' && b[end+2] == '/' {
					// "[:]//": the authority follows.
					r, _ := utf8.DecodeRune(b[end+3:])
					ok = isLabelStart(r) || r == '['
				}
			case "://":
				ok = isASCIIAlnum(prev) && (isLabelStart(next) || next == '[')
			}
			if ok {
				return end + 1 - i, m.out
			}
			return 0, ""
		}
	default: // h, H, f, F
		if prev >= 0 && prev < utf8.RuneSelf && isSchemeChar(byte(prev)) {
			return 0, ""
		}
		for _, s := range schemes {
			end := i + len(s.in)
			if end >= len(b) || !equalFold(b[i:end], s.in) {
				continue
			}
			switch {
			case b[end] == ':':
			case b[end] == '[' || b[end] == '(' || b[end] == '{':
				if end+1 >= len(b) || b[end+1] != ':' {
					return 0, ""
				}
			default:
				return 0, ""
			}
			return len(s.in), s.out
		}
	}
	return 0, ""
}

// equalFold reports whether b is s (lower case) in any ASCII letter case.
func equalFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range len(b) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}

func isASCIIAlnum(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

func isSchemeChar(c byte) bool {
	return isASCIIAlnum(rune(c)) || c == '+' || c == '-' || c == '.'
}

// isLabelStart reports whether r can start a host label or a path segment
// after a marker: a letter, a digit or a mark.
func isLabelStart(r rune) bool {
	if r < utf8.RuneSelf {
		return isASCIIAlnum(r)
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.N)
}

// isLabel reports whether r can end a host label or a word before a
// marker: as isLabelStart, and also "-" and "_".
func isLabel(r rune) bool {
	return r == '-' || r == '_' || isLabelStart(r)
}

// prevRune returns the character that ends b, or -1 if b is empty.
func prevRune(b []byte) rune {
	if len(b) == 0 {
		return -1
	}
	r, _ := utf8.DecodeLastRune(b)
	return r
}

// Append appends the refanged form of text to dst and records each
// replacement in m (which it resets first, if not nil), with offsets
// relative to the start of text and of the appended bytes.
func Append(dst, text []byte, m *Map) []byte {
	if m != nil {
		m.Reset()
	}
	base := len(dst)
	done := 0
	var f finder
	f.reset(text, len(text))
	for {
		i, n, out := f.find(done, done)
		if i < 0 {
			break
		}
		dst = append(dst, text[done:i]...)
		if m != nil {
			m.add(int64(i), int64(len(dst)-base), text[i:i+n], len(out))
		}
		dst = append(dst, out...)
		done = i + n
	}
	return append(dst, text[done:]...)
}

// String returns the refanged form of s.
func String(s string) string {
	b := Append(nil, []byte(s), nil)
	return string(b)
}
