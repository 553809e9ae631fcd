package main

import (
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
		b = strconv.AppendInt(b, int64(*rec.Message), 10)
		b = append(b, ',')
	}
	b = append(b, `"offset":`...)
	b = strconv.AppendInt(b, rec.Offset, 10)
	b = append(b, `,"length":`...)
	b = strconv.AppendInt(b, rec.Length, 10)
	b = append(b, `,"cp_offset":`...)
	b = strconv.AppendInt(b, rec.CPOff, 10)
	b = append(b, `,"cp_length":`...)
	b = strconv.AppendInt(b, rec.CPLen, 10)
	b = append(b, `,"utf16_offset":`...)
	b = strconv.AppendInt(b, rec.U16Off, 10)
	b = append(b, `,"utf16_length":`...)
	b = strconv.AppendInt(b, rec.U16Len, 10)
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
// The common sequences are checked where they stand, without decoding
// them: a two-byte one (Latin, Cyrillic, Arabic, …) by its second byte, a
// three-byte one (CJK, punctuation such as curly quotes) by the ranges of
// RFC 3629 Section 4; anything else by utf8.DecodeRuneInString.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
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
