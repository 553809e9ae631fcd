package iri

import (
	"errors"
	"testing"

	"github.com/iriscan/iriscan/charset"
)

// The expected strings below follow from the ABNF of RFC 3986 Sections
// 3.2.1-3.5 (which characters a component allows, which delimit), Section
// 2.1 (uppercase hex), and draft-duerst-iri-bis-07 Section 2.2 (ucschar
// kept in IRIs, iprivate only in the query) and Section 4.1 (no bidi
// formatting characters).
func TestEscape(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		c        Component
		iri, uri string
	}{
		{"query value delimiters", "a=b&c", QueryValue, "a%3Db%26c", "a%3Db%26c"},
		{"query name delimiters", "x&y=z", QueryName, "x%26y%3Dz", "x%26y%3Dz"},
		{"query value plus", "1+1", QueryValue, "1%2B1", "1%2B1"},
		{"query value semicolon", "a;b", QueryValue, "a%3Bb", "a%3Bb"},
		{"query keeps delimiters", "a=b&c", Query, "a=b&c", "a=b&c"},
		{"query keeps ? and /", "?x/y", Query, "?x/y", "?x/y"},
		{"query hash", "x#y", Query, "x%23y", "x%23y"},
		{"segment slash", "a/b", PathSegment, "a%2Fb", "a%2Fb"},
		{"path slash", "a/b", Path, "a/b", "a/b"},
		{"segment pchar", "a:b@c!$'()*,;=", PathSegment, "a:b@c!$'()*,;=", "a:b@c!$'()*,;="},
		{"path question", "a?b", Path, "a%3Fb", "a%3Fb"},
		{"path brackets", "[x]", Path, "%5Bx%5D", "%5Bx%5D"},
		{"percent is data", "100%", PathSegment, "100%25", "100%25"},
		{"escape is data", "%41", Query, "%2541", "%2541"},
		{"space", "a b", Fragment, "a%20b", "a%20b"},
		{"fragment hash", "a#b", Fragment, "a%23b", "a%23b"},
		{"fragment keeps ? /", "a?b/c", Fragment, "a?b/c", "a?b/c"},
		{"userinfo at", "user@host", Userinfo, "user%40host", "user%40host"},
		{"userinfo colon", "user:pw", Userinfo, "user:pw", "user:pw"},
		{"userinfo slash", "a/b", Userinfo, "a%2Fb", "a%2Fb"},
		{"controls", "\x00\x1f\x7f", Path, "%00%1F%7F", "%00%1F%7F"},
		{"quote and angle", "\"<>\\^`{|}", QueryValue, "%22%3C%3E%5C%5E%60%7B%7C%7D", "%22%3C%3E%5C%5E%60%7B%7C%7D"},
		{"latin", "Dürst", PathSegment, "Dürst", "D%C3%BCrst"},
		{"cjk", "日本", Path, "日本", "%E6%97%A5%E6%9C%AC"},
		{"astral", "𝄞", Fragment, "𝄞", "%F0%9D%84%9E"},
		{"private use in query", "\uE000", QueryValue, "\uE000", "%EE%80%80"},
		{"private use in path", "\uE000", Path, "%EE%80%80", "%EE%80%80"},
		{"private use in fragment", "\U000F0000", Fragment, "%F3%B0%80%80", "%F3%B0%80%80"},
		{"bidi mark", "a\u200Fb", Path, "a%E2%80%8Fb", "a%E2%80%8Fb"},
		{"bidi override in query", "\u202E", Query, "%E2%80%AE", "%E2%80%AE"},
		{"non-character", "\uFFFE", Path, "%EF%BF%BE", "%EF%BF%BE"},
		{"C1 control", "\u0085", Path, "%C2%85", "%C2%85"},
		{"not UTF-8", "a\xffb\xc3", Path, "a%FFb%C3", "a%FFb%C3"},
		{"unreserved", "AZaz09-._~", PathSegment, "AZaz09-._~", "AZaz09-._~"},
		{"empty", "", Query, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Escape(tt.in, tt.c); got != tt.iri {
				t.Errorf("Escape(%q, %v) = %q, want %q", tt.in, tt.c, got, tt.iri)
			}
			if got := EscapeURI(tt.in, tt.c); got != tt.uri {
				t.Errorf("EscapeURI(%q, %v) = %q, want %q", tt.in, tt.c, got, tt.uri)
			}
			if got := Unescape(Escape(tt.in, tt.c)); got != tt.in {
				t.Errorf("Unescape(Escape(%q)) = %q", tt.in, got)
			}
		})
	}
}

func TestEscapeEncoded(t *testing.T) {
	tests := []struct {
		in       string
		c        Component
		iri, uri string
	}{
		{"a b%2Fc", PathSegment, "a%20b%2Fc", "a%20b%2Fc"},
		{"100%", Path, "100%25", "100%25"},
		{"%zz", Query, "%25zz", "%25zz"},
		{"%e9t%C3%A9", Query, "%e9t%C3%A9", "%e9t%C3%A9"},
		{"%4", Fragment, "%254", "%254"},
		{"é%20x", Path, "é%20x", "%C3%A9%20x"},
		{"a=%3D&b", QueryValue, "a%3D%3D%26b", "a%3D%3D%26b"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := EscapeEncoded(tt.in, tt.c); got != tt.iri {
				t.Errorf("EscapeEncoded(%q, %v) = %q, want %q", tt.in, tt.c, got, tt.iri)
			}
			if got := EscapeEncodedURI(tt.in, tt.c); got != tt.uri {
				t.Errorf("EscapeEncodedURI(%q, %v) = %q, want %q", tt.in, tt.c, got, tt.uri)
			}
		})
	}
}

func TestEscapeBytes(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"FF 00", []byte{0xFF, 0x00}, "%FF%00"},
		{"unreserved", []byte("a-b.c_d~E9"), "a-b.c_d~E9"},
		{"reserved", []byte("a/b?c=d&e+f:g@h"), "a%2Fb%3Fc%3Dd%26e%2Bf%3Ag%40h"},
		{"UTF-8 octets", []byte("é"), "%C3%A9"},
		{"percent", []byte("%"), "%25"},
		{"empty", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for c := PathSegment; c <= Userinfo; c++ {
				if got := EscapeBytes(tt.in, c); got != tt.want {
					t.Errorf("EscapeBytes(%q, %v) = %q, want %q", tt.in, c, got, tt.want)
				}
			}
		})
	}
}

func TestComponentNames(t *testing.T) {
	for _, name := range []string{"path-segment", "path", "query", "query-name", "query-value", "fragment", "userinfo"} {
		t.Run(name, func(t *testing.T) {
			c, ok := ComponentByName(name)
			if !ok || c.String() != name {
				t.Errorf("ComponentByName(%q) = %v, %v", name, c, ok)
			}
		})
	}
	if _, ok := ComponentByName("host"); ok {
		t.Error("host is not a place for data")
	}
}

// Legacy charsets: the octets of windows-1252 and Shift_JIS below are
// those of the WHATWG Encoding Standard's index tables (ü is FC; 日 is
// 93 FA and 本 is 96 7B in Shift_JIS).
func TestEscapeCharset(t *testing.T) {
	tests := []struct {
		in, label string
		c         Component
		want      string
	}{
		{"ü", "windows-1252", QueryValue, "%FC"},
		{"a b&ü", "windows-1252", QueryValue, "a%20b%26%FC"},
		{"€", "windows-1252", Query, "%80"},
		{"日本", "shift_jis", Query, "%93%FA%96%7B"},
		{"x=日", "shift_jis", Query, "x=%93%FA"},
		{"日", "iso-2022-jp", QueryValue, "%1B%24%42%46%7C%1B%28%42"},
		{"a", "utf-16le", QueryValue, "%61%00"},
		{"é/", "utf-8", PathSegment, "%C3%A9%2F"},
	}
	for _, tt := range tests {
		t.Run(tt.label+"/"+tt.in, func(t *testing.T) {
			cs, err := charset.Lookup(tt.label)
			if err != nil {
				t.Fatal(err)
			}
			got, err := EscapeCharset(tt.in, cs, tt.c)
			if err != nil || got != tt.want {
				t.Errorf("EscapeCharset(%q, %s) = %q, %v; want %q", tt.in, tt.label, got, err, tt.want)
			}
		})
	}
	t.Run("unencodable", func(t *testing.T) {
		cs, _ := charset.Lookup("windows-1252")
		_, err := EscapeCharset("ab日", cs, Query)
		var ee *charset.EncodeError
		if !errors.As(err, &ee) || ee.Offset != 2 || ee.Rune != '日' {
			t.Errorf("err = %v, want an EncodeError for 日 at byte 2", err)
		}
	})
}

func TestDecodeCharset(t *testing.T) {
	tests := []struct {
		label    string
		in       []byte
		iri, uri string
	}{
		{"windows-1252", []byte("D\xfcrst"), "Dürst", "D%C3%BCrst"},
		{"shift_jis", []byte("\x93\xfa\x96\x7b"), "日本", "%E6%97%A5%E6%9C%AC"},
		{"iso-8859-5", []byte("\xb8\xd2\xd0\xdd"), "Иван", "%D0%98%D0%B2%D0%B0%D0%BD"},
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			cs, err := charset.Lookup(tt.label)
			if err != nil {
				t.Fatal(err)
			}
			s, err := DecodeCharset(tt.in, cs)
			if err != nil {
				t.Fatal(err)
			}
			if got := Escape(s, PathSegment); got != tt.iri {
				t.Errorf("IRI form %q, want %q", got, tt.iri)
			}
			if got := EscapeURI(s, PathSegment); got != tt.uri {
				t.Errorf("URI form %q, want %q", got, tt.uri)
			}
		})
	}
	t.Run("invalid", func(t *testing.T) {
		cs, _ := charset.Lookup("shift_jis")
		_, err := DecodeCharset([]byte("ab\x81"), cs)
		var ie *charset.InvalidError
		if !errors.As(err, &ie) || ie.Offset != 2 {
			t.Errorf("err = %v, want an InvalidError at byte 2", err)
		}
	})
}
