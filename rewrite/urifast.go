package rewrite

import "strings"

// uriAsIs reports whether the reference s is surely its own URI form:
// iri.Converter.ToURI would return s and no error, whatever the
// converter's charset. It answers from one pass over the bytes, without
// parsing, and says false whenever it is not sure; the caller then asks
// iri. Most references in mail and web pages are already plain URIs
// (href="https://example.com/a?b=c"), and for them ToURI's parse and
// checks were a sixth of an HTML rewrite.
//
// The grammar is RFC 3986's, the subset ToURI leaves alone: ASCII
// (no character to percent-encode, Section 3.6 of the draft; no NFC to
// apply, Section 3.1; no query to transcode, Section 3.5), an optional
// scheme (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), a colon before the
// first "/", "?" or "#" must end one), an optional authority without
// userinfo or IP literal whose host has only the characters a reg-name
// allows literally (unreserved and sub-delims: no "%" to decode) and whose
// port is digits, then path, query and fragment of the characters each
// allows (pchar and "/", "?" in query and fragment, "%" with two hex
// digits).
func uriAsIs(s string) bool {
	i := 0
	for i < len(s) && s[i] != ':' && s[i] != '/' && s[i] != '?' && s[i] != '#' {
		i++
	}
	if i < len(s) && s[i] == ':' {
		if i == 0 || uriClass[s[0]]&uAlpha == 0 {
			return false
		}
		for k := 1; k < i; k++ {
			if uriClass[s[k]]&uScheme == 0 {
				return false
			}
		}
		i++
	} else {
		i = 0
	}
	if i+1 < len(s) && s[i] == '/' && s[i+1] == '/' {
		i += 2
		for i < len(s) && uriClass[s[i]]&uHost != 0 {
			i++
		}
		if i < len(s) && s[i] == ':' {
			i++
			for i < len(s) && '0' <= s[i] && s[i] <= '9' {
				i++
			}
		}
		if i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#' {
			return false // userinfo, IP literal, "%", a bad byte
		}
	}
	want := uint8(uPath)
	for ; i < len(s); i++ {
		c := s[i]
		if uriClass[c]&want != 0 {
			continue
		}
		switch {
		case c == '%' && i+2 < len(s) && uriClass[s[i+1]]&uHex != 0 && uriClass[s[i+2]]&uHex != 0:
			i += 2
		case c == '?' && want == uPath:
			want = uQuery
		case c == '#' && want != uFragment:
			want = uFragment
		default:
			return false
		}
	}
	return true
}

// The classes of uriClass (RFC 3986 Section 2 and 3).
const (
	uAlpha    = 1 << iota // ALPHA
	uScheme               // ALPHA / DIGIT / "+" / "-" / "."
	uHost                 // unreserved / sub-delims
	uPath                 // pchar but pct-encoded, and "/"
	uQuery                // uPath and "?" (also the fragment's)
	uFragment             // as uQuery
	uHex                  // HEXDIG
)

var uriClass = func() (t [256]uint8) {
	for c := range 128 {
		alpha := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		digit := '0' <= c && c <= '9'
		unreserved := alpha || digit || c == '-' || c == '.' || c == '_' || c == '~'
		subDelim := strings.IndexByte("!$&'()*+,;=", byte(c)) >= 0
		if alpha {
			t[c] |= uAlpha
		}
		if alpha || digit || c == '+' || c == '-' || c == '.' {
			t[c] |= uScheme
		}
		if unreserved || subDelim {
			t[c] |= uHost
		}
		if unreserved || subDelim || c == ':' || c == '@' || c == '/' {
			t[c] |= uPath | uQuery | uFragment
		}
		if c == '?' {
			t[c] |= uQuery | uFragment
		}
		if digit || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' {
			t[c] |= uHex
		}
	}
	return
}()
