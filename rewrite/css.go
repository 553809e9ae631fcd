package rewrite

import (
	"strconv"
	"unicode/utf8"

	"github.com/iriscan/iriscan/charset"
)

// appendCSS appends the URL s written for CSS (CSSOM "serialize a string",
// and CSS Syntax §4.3.6 for url tokens) where closer says it stands: in a
// string quoted by closer ('"' or '\”), or in an unquoted url(…) (closer
// '('). Backslash escapes keep the URL exactly what it is (percent-encoding
// "(" or "'" would make another URL, RFC 3986 §2.2):
//
//   - always: "\" as "\\", controls (U+0001–U+001F, U+007F) and U+0000 as
//     hex escapes ("\a " for a newline), each ended by a space (CSS has no
//     NUL: "\0 " reads as U+FFFD; no converted URL holds one);
//   - in a string: its quote as "\"" or "\'";
//   - in a url token: '"', '\”, '(' and ')' escaped with "\", and the
//     space as "\20 ";
//   - in the raw text of a <style> element (rawText): "<" as "\3c ", so
//     that no "</style" ends the element.
func appendCSS(b []byte, s string, closer byte, rawText bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20 || c == 0x7f:
			b = appendHexEscape(b, rune(c))
		case c == '\\':
			b = append(b, '\\', '\\')
		case closer == '(' && (c == '"' || c == '\'' || c == '(' || c == ')'):
			b = append(b, '\\', c)
		case closer == '(' && c == ' ':
			b = append(b, `\20 `...)
		case closer != '(' && c == closer:
			b = append(b, '\\', c)
		case rawText && c == '<':
			b = append(b, `\3c `...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendHexEscape appends r as a CSS hex escape ended by a space, which
// the escape consumes (§4.3.7): the next character cannot be read as one
// of its digits.
func appendHexEscape(b []byte, r rune) []byte {
	b = append(b, '\\')
	b = strconv.AppendInt(b, int64(r), 16)
	return append(b, ' ')
}

// cssEncodable returns css with each character the document's charset
// cannot represent written as a CSS hex escape, which CSS reads as that
// character in any charset; css itself if there is none. (A character
// reference, HTML's fallback, means nothing in a <style> element or a
// style sheet.)
func (j *job) cssEncodable(css []byte) []byte {
	out := j.cssBuf[:0]
	changed := false
	for i := 0; i < len(css); {
		r, n := utf8.DecodeRune(css[i:])
		if r >= 0x80 {
			if _, err := j.cs.Encode(j.scratch[:0], string(css[i:i+n]), charset.FallbackError); err != nil {
				if !changed {
					out = append(out, css[:i]...)
					changed = true
				}
				out = appendHexEscape(out, r)
				i += n
				continue
			}
		}
		if changed {
			out = append(out, css[i:i+n]...)
		}
		i += n
	}
	j.cssBuf = out
	if !changed {
		return css
	}
	return out
}
