// Package htmllex reads HTML as the HTML Standard's tokenizer does, for a
// rewriter that must keep every byte it does not change: character
// references here, and the streaming lexer in lex.go.
package htmllex

import (
	"bytes"
	"slices"
	"unicode/utf8"
)

// Lengths of the longest names in the table of named references (without
// '&'): any name, and a legacy name (one that may omit its ';').
const (
	longestName       = 32
	longestLegacyName = 6
)

// AppendRef decodes the character reference at the start of b (b[0] is
// '&') by the tokenizer's character reference state, appends what it
// stands for to dst and returns the bytes of b it used; n is 0 when the '&'
// starts no reference and stands for itself. In an attribute value (attr),
// a legacy named reference without ';' that is followed by '=' or an ASCII
// alphanumeric is no reference: "&copy=2" stays as written (HTML Standard,
// "named character reference state"). b must hold what follows the '&' up
// to the end of the value or text it is in, or at least longestName+1
// bytes.
func AppendRef(dst, b []byte, attr bool) (_ []byte, n int) {
	if len(b) < 2 {
		return dst, 0
	}
	if b[1] == '#' {
		return appendNumericRef(dst, b)
	}
	i := 1
	for i < len(b) && i <= longestName && isAlnum(b[i]) {
		i++
	}
	if i == 1 {
		return dst, 0
	}
	if i < len(b) && b[i] == ';' {
		if v, ok := entities()[string(b[1:i+1])]; ok {
			return append(dst, v...), i + 1
		}
	}
	if v, ok := entities()[string(b[1:i])]; ok { // a legacy name, ';' omitted
		if attr && i < len(b) && b[i] == '=' {
			return dst, 0
		}
		return append(dst, v...), i
	}
	if attr {
		// A shorter legacy name would be followed by an alphanumeric.
		return dst, 0
	}
	for j := min(i-1, longestLegacyName+1); j > 1; j-- {
		if v, ok := entities()[string(b[1:j])]; ok {
			return append(dst, v...), j
		}
	}
	return dst, 0
}

// appendNumericRef decodes "&#…" (b[1] is '#').
func appendNumericRef(dst, b []byte) ([]byte, int) {
	i := 2
	hex := i < len(b) && (b[i] == 'x' || b[i] == 'X')
	if hex {
		i++
	}
	i0 := i
	x := 0
	for ; i < len(b); i++ {
		c := b[i]
		var d int
		switch {
		case '0' <= c && c <= '9':
			d = int(c - '0')
		case hex && 'a' <= c && c <= 'f':
			d = int(c-'a') + 10
		case hex && 'A' <= c && c <= 'F':
			d = int(c-'A') + 10
		default:
			goto end
		}
		if x <= utf8.MaxRune {
			if hex {
				x = x*16 + d
			} else {
				x = x*10 + d
			}
		}
	}
end:
	if i == i0 {
		return dst, 0 // no digits: "&#" and "&#x" stand for themselves
	}
	if i < len(b) && b[i] == ';' {
		i++
	}
	r := rune(x)
	switch {
	case x == 0, x > utf8.MaxRune, 0xD800 <= x && x <= 0xDFFF:
		r = utf8.RuneError
	case 0x80 <= x && x <= 0x9F:
		if w := windows1252[x-0x80]; w != 0 {
			r = w
		}
	}
	return utf8.AppendRune(dst, r), i
}

// windows1252 is the HTML Standard's table for numeric references to the C1
// controls 0x80 to 0x9F (0: kept).
var windows1252 = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
}

// AppendAttrValue appends the attribute value v with its character
// references decoded by the attribute rule (see AppendRef).
func AppendAttrValue(dst, v []byte) []byte {
	for {
		k := bytes.IndexByte(v, '&')
		if k < 0 {
			return append(dst, v...)
		}
		dst = append(dst, v[:k]...)
		v = v[k:]
		var n int
		if dst, n = AppendRef(dst, v, true); n == 0 {
			dst = append(dst, '&')
			n = 1
		}
		v = v[n:]
	}
}

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// LegacyNames returns the names of the references that may omit their ';'
// ("amp", "copy", "frac12" …), without '&', sorted.
func LegacyNames() []string {
	var ns []string
	for n := range entities() {
		if n[len(n)-1] != ';' {
			ns = append(ns, n)
		}
	}
	slices.Sort(ns)
	return ns
}
