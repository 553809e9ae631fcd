package iri

import (
	"strings"
	"unicode/utf8"
)

// LEIRIToIRI converts a Legacy Extended IRI (Section 7.1) to an IRI: every
// character that the leiri-ucschar production allows but ucschar does not —
// space, < > " { } | \ ^ `, C0 and C1 controls, DEL, specials,
// non-characters, private use, tags — is percent-encoded as UTF-8
// (Section 3.3), and so are the bidi formatting characters that LEIRI
// processors did not reject (Section 4.1), so that the result is a valid IRI.
// Existing percent-encodings are kept. Bytes that are not UTF-8 are
// percent-encoded as they are rather than dropped.
func LEIRIToIRI(s string) string {
	i := firstNotIRIChar(s)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:i]...)
	return string(appendIRIChars(b, s[i:]))
}

// WebAddressToIRI performs the Web Address preprocessing of Section 7.2 and
// returns an IRI reference:
//
//  1. leading and trailing space, TAB, LF and CR are removed;
//  2. (the href-strip set is empty);
//  3. characters that href-ucschar allows but ucschar does not are
//     percent-encoded, as for a LEIRI;
//  4. a "%" not followed by two hex digits becomes "%25";
//  5. a backslash is a path separator and becomes "/".
//
// Step 5 is applied first (the draft's order would percent-encode the
// backslash before step 5 could see it; see the errata in the conformance
// notes), and only where "\" can be a path separator: before the query and
// fragment, for references without a scheme and for the schemes the URL
// Standard calls special (http, https, ws, wss, ftp, file). Elsewhere a
// backslash is percent-encoded.
func WebAddressToIRI(s string) string {
	s = strings.Trim(s, " \t\n\r")
	if strings.IndexByte(s, '\\') >= 0 {
		s = slashBackslashes(s)
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			if b == nil {
				b = append(make([]byte, 0, len(s)+8), s[:i]...)
			}
			b = append(b, "%25"...)
			continue
		}
		if b != nil {
			b = append(b, s[i])
		}
	}
	if b != nil {
		s = string(b)
	}
	return LEIRIToIRI(s)
}

// PreprocessURL applies to s what the basic URL parser of the WHATWG URL
// Standard does to its input before and while it splits it, where that
// changes the string a browser resolves:
//
//  1. leading and trailing C0 controls and spaces (U+0000 to U+0020) are
//     removed;
//  2. ASCII tab and newline (U+0009, U+000A, U+000D) are removed
//     everywhere;
//  3. for the special schemes (http, https, ws, wss, ftp, file), and for a
//     reference without a scheme (resolved, in an HTML document, against a
//     base that is http, https or file), "\" is "/" before the query and
//     fragment: the parser's scheme, authority and path states treat it so.
//
// So href="https://ex.org/a\b" is "https://ex.org/a/b" and a newline in
// an href is dropped, not "%0A": a browser follows exactly the result.
// Nothing else changes: a "%" that starts no percent-encoding stays (the
// URL parser keeps it; ToURI then reports it), and so do spaces and other
// characters that the conversions encode. PreprocessURL is idempotent.
func PreprocessURL(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	s = s[i:j]
	if strings.ContainsAny(s, "\t\n\r") {
		// Byte by byte: bytes that are not UTF-8 are kept as they are.
		b := make([]byte, 0, len(s))
		for k := 0; k < len(s); k++ {
			if c := s[k]; c != '\t' && c != '\n' && c != '\r' {
				b = append(b, c)
			}
		}
		s = string(b)
	}
	if strings.IndexByte(s, '\\') >= 0 {
		s = slashBackslashes(s)
	}
	return s
}

// specialSchemes are the schemes the URL Standard calls special.
var specialSchemes = [...]string{"http", "https", "ws", "wss", "ftp", "file"}

// slashBackslashes turns "\" into "/" in the part of s before any "?" or
// "#" when "\" is a path separator there: s has a special scheme, or no
// scheme at all (the URL Standard's scheme production, ALPHA followed by
// ALPHA, DIGIT, "+", "-" or ".", then ":"), and is then resolved against a
// special base.
func slashBackslashes(s string) string {
	end := strings.IndexAny(s, "?#")
	if end < 0 {
		end = len(s)
	}
	if scheme, ok := urlScheme(s[:end]); ok {
		special := false
		for _, sp := range specialSchemes {
			special = special || strings.EqualFold(scheme, sp)
		}
		if !special {
			return s
		}
	}
	return strings.ReplaceAll(s[:end], "\\", "/") + s[end:]
}

// urlScheme returns the scheme of s if s starts with one and ":".
func urlScheme(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isAlpha(c):
		case i > 0 && isSchemeChar(c):
		case i > 0 && c == ':':
			return s[:i], true
		default:
			return "", false
		}
	}
	return "", false
}

// firstNotIRIChar returns the offset of the first byte of s that starts a
// character to be percent-encoded by LEIRIToIRI, or -1.
func firstNotIRIChar(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c <= ' ' || c == 0x7F || strings.IndexByte("<>\"{}|\\^`", c) >= 0 {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || !IsUcschar(r) || IsBidiFormatting(r) {
			return i
		}
		i += size
	}
	return -1
}

// appendIRIChars appends s to b with the characters that firstNotIRIChar
// stops at percent-encoded.
func appendIRIChars(b []byte, s string) []byte {
	for len(s) > 0 {
		i := firstNotIRIChar(s)
		if i < 0 {
			return append(b, s...)
		}
		b = append(b, s[:i]...)
		_, size := utf8.DecodeRuneInString(s[i:])
		for k := 0; k < size; k++ {
			b = appendPct(b, s[i+k])
		}
		s = s[i+size:]
	}
	return b
}
