// Package grapheme splits text into extended grapheme clusters, the
// user-perceived characters of Unicode Standard Annex #29 (Unicode 15.0.0,
// the version of Go's unicode tables), Section 3.1.1.
package grapheme

//go:generate go run gen.go

import "unicode/utf8"

// prop is a Grapheme_Cluster_Break property value, or Extended_Pictographic.
type prop uint8

const (
	propOther prop = iota
	propCR
	propLF
	propControl
	propExtend
	propZWJ
	propRI
	propPrepend
	propSpacingMark
	propL
	propV
	propT
	propLV
	propLVT
	propExtPict
	propInvalid // a byte that is not UTF-8: a cluster of its own, like Control
)

type entry struct {
	lo, hi rune
	p      prop
}

// lookup returns the property of r.
func lookup(r rune) prop {
	if r < 0x7F {
		switch {
		case r == '\r':
			return propCR
		case r == '\n':
			return propLF
		case r < 0x20:
			return propControl
		}
		return propOther
	}
	lo, hi := 0, len(table)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		e := &table[m]
		switch {
		case r < e.lo:
			hi = m
		case r > e.hi:
			lo = m + 1
		default:
			return e.p
		}
	}
	return propOther
}

// decode returns the property and size of the first code point of s.
func decode(s string) (prop, int) {
	if s[0] < utf8.RuneSelf {
		return lookup(rune(s[0])), 1
	}
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		return propInvalid, 1
	}
	return lookup(r), n
}

// Next returns the length in bytes of the first extended grapheme cluster
// of s, 0 if s is empty. A byte that is not part of a UTF-8 sequence is a
// cluster of its own.
func Next(s string) int {
	if len(s) == 0 {
		return 0
	}
	prev, i := decode(s)
	if prev == propInvalid {
		return 1
	}
	// emoji: GB11 state, the cluster so far is ExtPict Extend* (ZWJ).
	emoji := prev == propExtPict
	ri := 0 // regional indicators in a row (GB12, GB13)
	if prev == propRI {
		ri = 1
	}
	for i < len(s) {
		p, n := decode(s[i:])
		if !joins(prev, p, emoji, ri) {
			break
		}
		switch {
		case p == propExtPict:
			emoji = true // a new ExtPict after ZWJ starts the sequence again
		case p == propExtend && emoji && prev != propZWJ:
		case p == propZWJ && emoji && prev != propZWJ:
		default:
			emoji = false
		}
		if p == propRI {
			ri++
		} else {
			ri = 0
		}
		prev = p
		i += n
	}
	return i
}

// joins reports whether there is no boundary between a code point of
// property prev and one of property p (the rules of UAX #29 Section 3.1.1).
// emoji says that the text before p ends in ExtPict Extend* or ExtPict
// Extend* ZWJ; ri counts the regional indicators just before p.
func joins(prev, p prop, emoji bool, ri int) bool {
	switch {
	case prev == propCR && p == propLF: // GB3
		return true
	case prev == propCR || prev == propLF || prev == propControl || prev == propInvalid: // GB4
		return false
	case p == propCR || p == propLF || p == propControl || p == propInvalid: // GB5
		return false
	case prev == propL && (p == propL || p == propV || p == propLV || p == propLVT): // GB6
		return true
	case (prev == propLV || prev == propV) && (p == propV || p == propT): // GB7
		return true
	case (prev == propLVT || prev == propT) && p == propT: // GB8
		return true
	case p == propExtend || p == propZWJ: // GB9
		return true
	case p == propSpacingMark: // GB9a
		return true
	case prev == propPrepend: // GB9b
		return true
	case prev == propZWJ && p == propExtPict && emoji: // GB11
		return true
	case prev == propRI && p == propRI: // GB12, GB13
		return ri%2 == 1
	}
	return false // GB999
}

// Count returns the number of extended grapheme clusters in s.
func Count(s string) int {
	n := 0
	for len(s) > 0 {
		s = s[Next(s):]
		n++
	}
	return n
}
