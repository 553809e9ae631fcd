package iri

import "testing"

// Section 5.3, rule by rule.
func TestNormalize(t *testing.T) {
	tests := []struct{ in, uri, iri string }{
		// 5.3.2.1 case: scheme and ASCII host lowercase, hex digits uppercase.
		{"HTTP://www.EXAMPLE.com/A%3a", "http://www.example.com/A%3A", "http://www.example.com/A%3A"},
		// 5.3.2.3 percent-encoding: unreserved decoded, reserved never.
		{"http://example.org/%7euser/%2F%41", "http://example.org/~user/%2FA", "http://example.org/~user/%2FA"},
		{"http://example.com/%c3%a9", "http://example.com/%C3%A9", "http://example.com/\u00e9"},
		{"http://example.com/\u00e9", "http://example.com/%C3%A9", "http://example.com/\u00e9"},
		// 5.3.2.4 dot-segments.
		{"http://example.com/a/./b/../c/", "http://example.com/a/c/", "http://example.com/a/c/"},
		{"http://example.com/../a", "http://example.com/a", "http://example.com/a"},
		// Relative references keep their dot-segments (they are resolved
		// against a base, not normalized).
		{"../a/./b", "../a/./b", "../a/./b"},
		// 5.3.3 scheme-based: default and empty ports, empty path.
		{"http://example.com", "http://example.com/", "http://example.com/"},
		{"http://example.com:/", "http://example.com/", "http://example.com/"},
		{"http://example.com:80/", "http://example.com/", "http://example.com/"},
		{"https://example.com:443/", "https://example.com/", "https://example.com/"},
		{"https://example.com:80/", "https://example.com:80/", "https://example.com:80/"},
		{"ws://example.com:80/", "ws://example.com/", "ws://example.com/"},
		{"wss://example.com:443", "wss://example.com/", "wss://example.com/"},
		{"ftp://example.com:21/", "ftp://example.com/", "ftp://example.com/"},
		{"file://localhost/etc/hosts", "file:///etc/hosts", "file:///etc/hosts"},
		// Delimiters of empty components are significant.
		{"http://example.com/?", "http://example.com/?", "http://example.com/?"},
		{"http://example.com/#", "http://example.com/#", "http://example.com/#"},
		// IDN: the A-label form and the Unicode form align; the IRI shows Unicode.
		{"http://R\u00c9SUM\u00c9.example.org", "http://xn--rsum-bpad.example.org/", "http://r\u00e9sum\u00e9.example.org/"},
		{"http://r%C3%A9sum%C3%A9.example.org", "http://xn--rsum-bpad.example.org/", "http://r\u00e9sum\u00e9.example.org/"},
		{"http://XN--RSUM-BPAD.example.org", "http://xn--rsum-bpad.example.org/", "http://r\u00e9sum\u00e9.example.org/"},
		// IPv6 hex digits are case-insensitive.
		{"http://[2001:DB8::A]:80/", "http://[2001:db8::a]/", "http://[2001:db8::a]/"},
		// 5.3.2.2: no NFC on Unicode input.
		{"http://example.com/e\u0301", "http://example.com/e%CC%81", "http://example.com/e\u0301"},
	}
	var c Converter
	for _, tt := range tests {
		uri, err := c.NormalizeURI(tt.in)
		if err != nil || uri != tt.uri {
			t.Errorf("NormalizeURI(%+q) = %q, %v; want %q", tt.in, uri, err, tt.uri)
		}
		iri, err := c.Normalize(tt.in)
		if err != nil || iri != tt.iri {
			t.Errorf("Normalize(%+q) = %+q, %v; want %+q", tt.in, iri, err, tt.iri)
		}
		// The normal form is a fixed point.
		if again, _ := c.NormalizeURI(uri); again != uri {
			t.Errorf("NormalizeURI(%q) = %q, not a fixed point", uri, again)
		}
	}
}

func TestEquivalent(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"http://example.com/", "http://example.com/", true},
		{"http://example.com/a%2Fb", "http://example.com/a/b", false},
		{"http://example.com/data", "http://example.com/data/", false},
		{"http://example.com/%E9", "http://example.com/%C3%A9", false},
		{"http://[::1/", "http://[::1/", true}, // identical strings, even invalid ones
		{"http://[::1/", "http://[::1]/", false},
		{"mailto:a@EXAMPLE.com", "mailto:a@example.com", false}, // the path is case-sensitive
	}
	for _, tt := range tests {
		if got := Equivalent(tt.a, tt.b); got != tt.want {
			t.Errorf("Equivalent(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

// Section 7.1.
func TestLEIRIToIRI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://example.com/\u00e9", "http://example.com/\u00e9"},
		{"http://example.com/a b", "http://example.com/a%20b"},
		{"http://example.com/\x00\x1f\x7f\u0080\u009f", "http://example.com/%00%1F%7F%C2%80%C2%9F"},
		{"http://example.com/\ue000\uFDD0\uFFFD\U0001FFFE\U000E0001", "http://example.com/%EE%80%80%EF%B7%90%EF%BF%BD%F0%9F%BF%BE%F3%A0%80%81"},
		{"http://example.com/\u202e", "http://example.com/%E2%80%AE"},
		{"http://example.com/%41%zz", "http://example.com/%41%zz"},
		{"http://example.com/\xff", "http://example.com/%FF"},
	}
	for _, tt := range tests {
		if got := LEIRIToIRI(tt.in); got != tt.want {
			t.Errorf("LEIRIToIRI(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
		if vs := Validate(LEIRIToIRI(tt.in)); tt.in != "http://example.com/%41%zz" && len(vs) != 0 {
			t.Errorf("LEIRIToIRI(%+q) is not a valid IRI: %v", tt.in, vs)
		}
	}
}

// Section 7.2.
func TestWebAddressToIRI(t *testing.T) {
	tests := []struct{ in, want string }{
		{" \t\r\nhttp://example.com/ \n", "http://example.com/"},
		{"http://example.com/a b", "http://example.com/a%20b"},
		{"http://example.com/%zz%4%41", "http://example.com/%25zz%254%41"},
		{"http:\\\\example.com\\a\\b?c\\d#e\\f", "http://example.com/a/b?c%5Cd#e%5Cf"},
		{"\\\\server\\share", "//server/share"},
		{"foo:a\\b", "foo:a%5Cb"},
		{"HTTPS://example.com\\x", "HTTPS://example.com/x"},
	}
	for _, tt := range tests {
		if got := WebAddressToIRI(tt.in); got != tt.want {
			t.Errorf("WebAddressToIRI(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
}
