package refang

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// ErrMarkers is wrapped by the error of Redefang when the converted form
// has no place for a marker of the written one.
var ErrMarkers = errors.New("refang: the defang markers cannot be kept")

// Redefang returns conv, a converted form of the link written as written
// (its URI, IRI or display form), with the defang markers of written put
// back where they were: a scheme marker replaces the scheme, and each other
// marker replaces the same occurrence of the character it stands for (the
// third "." of written is the third "." of conv). Conversion keeps these
// characters: IDNA converts a host label by label and percent-encoding
// leaves ".", "@", ":" and "/" alone, so that
//
//	Redefang("hxxp://例え[.]jp/資料", "http://xn--r8jz45g.jp/%E8%B3%87%E6%96%99")
//
// is "hxxp://xn--r8jz45g[.]jp/%E8%B3%87%E6%96%99". When conv has a
// different number of one of these characters (a decoded %2E, say), the
// markers have no certain place: the error wraps ErrMarkers. Without
// markers in written, conv is returned as it is.
func Redefang(written, conv string) (string, error) {
	var m Map
	fanged := Append(nil, []byte(written), &m)
	if m.Len() == 0 {
		return conv, nil
	}
	type put struct {
		at, n int
		old   []byte
	}
	puts := make([]put, 0, m.Len())
	var used [4]bool // by class
	for i := range m.edits {
		e := &m.edits[i]
		nw := string(fanged[e.dst : e.dst+int64(e.newLen)])
		old := e.old[:e.oldLen]
		c := classOfNew(nw)
		if c < 0 {
			at, ok := schemeAt(conv, nw)
			if !ok {
				return "", fmt.Errorf("%w: no scheme %s in %q", ErrMarkers, nw, conv)
			}
			puts = append(puts, put{at, len(nw), old})
			continue
		}
		used[c] = true
		k := count(string(fanged[:e.dst]), c)
		q, n := nth(conv, c, k)
		if q < 0 || nw == "://" && !strings.HasPrefix(conv[q:], "://") {
			return "", fmt.Errorf("%w: no %q at occurrence %d in %q", ErrMarkers, nw, k+1, conv)
		}
		if nw == "://" {
			n = 3
		}
		puts = append(puts, put{q, n, old})
	}
	for c, u := range used {
		if u {
			if a, b := count(string(fanged), c), count(conv, c); a != b {
				return "", fmt.Errorf("%w: %d × %q in the converted form, %d as written", ErrMarkers, b, classChar[c], a)
			}
		}
	}
	sort.Slice(puts, func(i, j int) bool { return puts[i].at < puts[j].at })
	var b strings.Builder
	b.Grow(len(conv) + 4*len(puts))
	done := 0
	for _, p := range puts {
		if p.at < done {
			return "", fmt.Errorf("%w: markers overlap in %q", ErrMarkers, conv)
		}
		b.WriteString(conv[done:p.at])
		b.Write(p.old)
		done = p.at + p.n
	}
	b.WriteString(conv[done:])
	return b.String(), nil
}

// The classes of characters a marker other than a scheme stands for.
const (
	clDot = iota
	clAt
	clColon
	clSlash
)

var classChar = [...]string{".", "@", ":", "/"}

func classOfNew(nw string) int {
	switch nw[0] {
	case '.':
		return clDot
	case '@':
		return clAt
	case ':':
		return clColon
	case '/':
		return clSlash
	}
	return -1
}

// isDot reports whether r separates host labels (RFC 3490 Section 3.1).
func isDot(r rune) bool { return r == '.' || r == '\u3002' || r == '\uFF0E' || r == '\uFF61' }

// inClass reports whether the character r at the start of s belongs to
// class c.
func inClass(r rune, c int) bool {
	if c == clDot {
		return isDot(r)
	}
	return r == rune(classChar[c][0])
}

// count returns the number of characters of class c in s.
func count(s string, c int) int {
	n := 0
	if c != clDot {
		return strings.Count(s, classChar[c])
	}
	for _, r := range s {
		if isDot(r) {
			n++
		}
	}
	return n
}

// nth returns the offset and length of the character of class c in s that
// has k others before it, or -1.
func nth(s string, c, k int) (int, int) {
	for i, r := range s {
		if inClass(r, c) {
			if k == 0 {
				return i, utf8.RuneLen(r)
			}
			k--
		}
	}
	return -1, 0
}

// isBidiMark reports whether r is a bidi formatting character that a
// display form may put around a delimiter or around the whole IRI.
func isBidiMark(r rune) bool {
	return r == '\u200E' || r == '\u200F' || r == '\u061C' ||
		'\u202A' <= r && r <= '\u202E' || '\u2066' <= r && r <= '\u2069'
}

// schemeAt returns the offset of the scheme name in conv, which must be
// name in any case, before the first ':' and preceded by nothing but bidi
// formatting characters.
func schemeAt(conv, name string) (int, bool) {
	i := strings.IndexByte(conv, ':')
	if i < 0 {
		return 0, false
	}
	end := i
	for end > 0 {
		r, n := utf8.DecodeLastRuneInString(conv[:end])
		if !isBidiMark(r) {
			break
		}
		end -= n
	}
	start := end - len(name)
	if start < 0 || !strings.EqualFold(conv[start:end], name) {
		return 0, false
	}
	for _, r := range conv[:start] {
		if !isBidiMark(r) {
			return 0, false
		}
	}
	return start, true
}

// defangScheme are the schemes Defang writes defanged.
var defangScheme = map[string]string{"http": "hxxp", "https": "hxxps", "ftp": "fxp"}

// Defang returns the link s written defanged, so that no reader and no
// program that finds links in text takes it for one: an http, https or ftp
// scheme as hxxp, hxxps or fxp, and each dot of the host as "[.]" (the host
// of an authority after "//", of an e-mail address, of a mailto: address,
// or of a link written without a scheme, such as "www.example.com/a" or
// "user@example.com"). Everything else stays, bidi formatting characters
// of a display form included. Refanging the result gives s back, unless
// bidi formatting characters stand between the scheme and its ':'.
func Defang(s string) string {
	// The significant characters: s without bidi formatting characters.
	var p []byte
	var offs []int // offset in s of each byte of p
	for i, r := range s {
		if isBidiMark(r) {
			continue
		}
		n := utf8.RuneLen(r)
		if r == utf8.RuneError {
			n = 1
		}
		for k := range n {
			p = append(p, s[i+k])
			offs = append(offs, i+k)
		}
	}
	type put struct {
		at, n int
		new   string
	}
	var puts []put
	auth := 0
	// The scheme: a name, or a defanged one, then ':' or a colon marker.
	j, name, fanged := 0, "", true
	if len(p) == 0 {
		return s
	}
	if n, out := markerAt(p, 0); n > 0 && classOfNew(out) < 0 {
		j, name, fanged = n, out, false
	} else {
		for j < len(p) && isSchemeChar(p[j]) && (j > 0 || isASCIIAlnum(rune(p[0])) && p[0] > '9') {
			j++
		}
		name = strings.ToLower(string(p[:j]))
	}
	if j > 0 && j < len(p) {
		colon, slashes := -1, false
		if p[j] == ':' {
			colon = j + 1
		} else if n, out := markerAt(p, j); n > 0 && (out == ":" || out == "://") {
			colon, slashes = j+n, out == "://"
		}
		if colon >= 0 {
			if d, ok := defangScheme[name]; ok && fanged {
				puts = append(puts, put{offs[0], offs[j-1] + 1 - offs[0], d})
			}
			switch {
			case slashes:
				auth = colon
			case strings.HasPrefix(string(p[colon:]), "//"):
				auth = colon + 2
			case name == "mailto":
				auth = colon
			default:
				auth = -1 // opaque: no host to defang
			}
		}
	}
	if auth >= 0 {
		end := auth
		for end < len(p) && p[end] != '/' && p[end] != '?' && p[end] != '#' {
			end++
		}
		host := auth
		if k := strings.LastIndexByte(string(p[auth:end]), '@'); k >= 0 {
			host = auth + k + 1
		}
		hostEnd := end
		if host < end && p[host] == '[' {
			hostEnd = host
		} else if k := strings.IndexByte(string(p[host:end]), ':'); k >= 0 {
			hostEnd = host + k
		}
		for i := host; i < hostEnd; {
			r, n := utf8.DecodeRune(p[i:hostEnd])
			// Only where Refang reads it back as a dot.
			if isDot(r) && i > host && isLabel(prevRune(p[:i])) && i+n < hostEnd && nextIsLabel(p[i+n:hostEnd]) {
				puts = append(puts, put{offs[i], offs[i+n-1] + 1 - offs[i], "[.]"})
			}
			i += n
		}
	}
	if len(puts) == 0 {
		return s
	}
	var b strings.Builder
	done := 0
	for _, q := range puts {
		b.WriteString(s[done:q.at])
		b.WriteString(q.new)
		done = q.at + q.n
	}
	b.WriteString(s[done:])
	return b.String()
}

func nextIsLabel(b []byte) bool {
	r, _ := utf8.DecodeRune(b)
	return isLabelStart(r) || r == '_'
}

// markerAt is marker at b[i] of a whole text, where any byte may stand.
func markerAt(b []byte, i int) (int, string) {
	if !trigger[b[i]] {
		return 0, ""
	}
	return marker(b, i, prevRune(b[:i]))
}
