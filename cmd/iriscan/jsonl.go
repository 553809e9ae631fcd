package main

import (
	"slices"
	"strconv"
	"unicode/utf8"
)

// appendRecord appends rec as one line of JSON Lines to b: the same bytes
// encoding/json's Encoder writes with SetEscapeHTML(false) (the test
// compares them), without reflection or an allocation per record.
func appendRecord(b []byte, rec *extractRecord) []byte {
	b = append(b, '{')
	if rec.File != "" {
		b = append(b, `"file":`...)
		b = appendJSONString(b, rec.File)
		b = append(b, ',')
	}
	if rec.Part != "" {
		b = append(b, `"part":`...)
		b = appendJSONString(b, rec.Part)
		b = append(b, ',')
	}
	if rec.Message != nil {
		b = append(b, `"message":`...)
		b = appendInt(b, int64(*rec.Message))
		b = append(b, ',')
	}
	b = append(b, `"offset":`...)
	b = appendInt(b, rec.Offset)
	b = append(b, `,"length":`...)
	b = appendInt(b, rec.Length)
	b = append(b, `,"cp_offset":`...)
	b = appendInt(b, rec.CPOff)
	b = append(b, `,"cp_length":`...)
	b = appendInt(b, rec.CPLen)
	b = append(b, `,"utf16_offset":`...)
	b = appendInt(b, rec.U16Off)
	b = append(b, `,"utf16_length":`...)
	b = appendInt(b, rec.U16Len)
	// The three forms are often the same string (an ASCII URI as
	// written): one written already is copied rather than escaped again.
	b = append(b, `,"text":`...)
	text := len(b)
	b = appendJSONString(b, rec.Text)
	b = append(b, `,"iri":`...)
	iri := len(b)
	if rec.IRI == rec.Text {
		b = append(b, b[text:iri-len(`,"iri":`)]...)
	} else {
		b = appendJSONString(b, rec.IRI)
	}
	if rec.URI != "" {
		iriEnd := len(b)
		b = append(b, `,"uri":`...)
		if rec.URI == rec.IRI {
			b = append(b, b[iri:iriEnd]...)
		} else {
			b = appendJSONString(b, rec.URI)
		}
	}
	b = append(b, `,"kind":`...)
	b = appendJSONString(b, rec.Kind)
	if rec.Found != "" {
		b = append(b, `,"detected":`...)
		b = appendJSONString(b, rec.Found)
	}
	if rec.Element != "" {
		b = append(b, `,"element":`...)
		b = appendJSONString(b, rec.Element)
	}
	if rec.Attr != "" {
		b = append(b, `,"attr":`...)
		b = appendJSONString(b, rec.Attr)
	}
	if rec.Decoded {
		b = append(b, `,"decoded":true`...)
	}
	if rec.Error != "" {
		b = append(b, `,"error":`...)
		b = appendJSONString(b, rec.Error)
	}
	if rec.Charset != "" {
		b = append(b, `,"charset":`...)
		b = appendJSONString(b, rec.Charset)
	}
	if rec.CharsetRule != "" {
		b = append(b, `,"charset_rule":`...)
		b = appendJSONString(b, rec.CharsetRule)
	}
	return append(b, "}\n"...)
}

// appendInt appends the decimal form of v, as strconv.AppendInt(b, v, 10)
// does: written in place, two digits at a time, for the offsets and
// lengths of every line, which are never negative.
func appendInt(b []byte, v int64) []byte {
	if v < 0 {
		return strconv.AppendInt(b, v, 10)
	}
	u := uint64(v)
	if u < 10 {
		return append(b, byte('0'+u))
	}
	n := decimalLen(u)
	b = slices.Grow(b, n)
	b = b[:len(b)+n]
	d := b[len(b)-n:]
	for u >= 100 {
		q := u / 100
		r := (u - q*100) * 2
		d[n-1], d[n-2] = digitPairs[r+1], digitPairs[r]
		n -= 2
		u = q
	}
	if u >= 10 {
		d[1], d[0] = digitPairs[2*u+1], digitPairs[2*u]
	} else {
		d[0] = byte('0' + u)
	}
	return b
}

const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// decimalLen returns the number of decimal digits of u.
func decimalLen(u uint64) int {
	n := 1
	for ; u >= 10000; u /= 10000 {
		n += 4
	}
	switch {
	case u >= 1000:
		return n + 3
	case u >= 100:
		return n + 2
	case u >= 10:
		return n + 1
	}
	return n
}

// jsonSafe marks the ASCII bytes a JSON string holds as they are (RFC 8259
// Section 7: all but the quote, the backslash and the controls).
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it without HTML escaping: \" \\ \b \f \n \r \t, other controls
// as \u00XX, U+2028 and U+2029 as \u2028 and \u2029 (JavaScript line
// terminators), and each byte of invalid UTF-8 as \ufffd.
//
// The prefix written as it is (most often the whole string) is found by
// jsonPlainLen and copied at once; the rest goes character by character.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	i := jsonPlainLen(s)
	b = append(b, s[:i]...)
	if i == len(s) {
		return append(b, '"')
	}
	return appendJSONRest(b, s, i)
}

const (
	lo8 = 0x0101010101010101
	hi8 = 0x8080808080808080
)

// jsonPlainLen returns the length of the longest prefix of s that a JSON
// string holds as it is: ASCII but the quote, the backslash and the
// controls (RFC 8259 Section 7), and valid UTF-8 sequences but U+2028 and
// U+2029. Eight bytes at a time while they are such ASCII; the common
// sequences are checked where they stand, without decoding them: a
// two-byte one (Latin, Cyrillic, Arabic, …) by its second byte, a
// three-byte one (CJK, punctuation such as curly quotes) by the ranges of
// RFC 3629 Section 4; anything else stops it.
func jsonPlainLen(s string) int {
	i := 0
	for {
		if i+8 <= len(s) {
			w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
				uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
			// Bit 7 of a byte is set in w|(w-0x20…) for a byte at or
			// above 0x80 or below 0x20, and in the zero-byte test of
			// w^0x22… or w^0x5c… for a quote or a backslash (a borrow
			// sets bits only above a byte that is flagged already).
			q, bs := w^(0x22*lo8), w^(0x5c*lo8)
			if (w|(w-0x20*lo8)|((q-lo8)&^q)|((bs-lo8)&^bs))&hi8 == 0 {
				i += 8
				continue
			}
		}
		// Up to eight bytes one character at a time, then words again.
		for end := min(i+8, len(s)); i < end; {
			c := s[i]
			if c < utf8.RuneSelf {
				if !jsonSafe[c] {
					return i
				}
				i++
				continue
			}
			// C2..DF 80..BF: U+0080 to U+07FF.
			if c >= 0xC2 && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
				i += 2
				continue
			}
			// E1..EC, EE, EF 80..BF 80..BF: U+1000 to U+FFFF less the
			// surrogates (ED) and U+2028, U+2029 (E2 80 A8, E2 80 A9).
			if c >= 0xE1 && c <= 0xEF && c != 0xED && i+2 < len(s) &&
				s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 &&
				(c != 0xE2 || s[i+1] != 0x80 || s[i+2]&0xFE != 0xA8) {
				i += 3
				continue
			}
			return i
		}
		if i >= len(s) {
			return len(s)
		}
	}
}

// appendJSONRest appends s[i:], which does not start as jsonPlainLen
// allows, as appendJSONString would, and the closing quote.
func appendJSONRest(b []byte, s string, i int) []byte {
	start := i
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += n
			start = i
			continue
		}
		i += n
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
