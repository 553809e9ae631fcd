package iri

import "testing"

// TestForms: Forms gives the IRI form (Section 3.7: percent-encoded UTF-8
// of allowed characters decoded, A-labels to U-labels) and the URI form
// (Section 3.6: UTF-8 percent-encoded, IDNA ToASCII) of one reference,
// each as ToIRI and ToURI give it.
func TestForms(t *testing.T) {
	tests := []struct {
		name, in, iri, uri string
		iriErr, uriErr     bool
	}{
		{"ASCII URI", "http://example.com/a?b#c", "http://example.com/a?b#c", "http://example.com/a?b#c", false, false},
		{"Japanese path", "http://example.com/パス", "http://example.com/パス", "http://example.com/%E3%83%91%E3%82%B9", false, false},
		{"encoded path", "http://example.com/%E3%83%91", "http://example.com/パ", "http://example.com/%E3%83%91", false, false},
		{"IDN host", "http://例え.テスト/", "http://例え.テスト/", "http://xn--r8jz45g.xn--zckzah/", false, false},
		{"A-label host", "http://xn--r8jz45g.xn--zckzah/", "http://例え.テスト/", "http://xn--r8jz45g.xn--zckzah/", false, false},
		{"encoded space stays", "http://e.example/a%20b", "http://e.example/a%20b", "http://e.example/a%20b", false, false},
		{"bad percent", "http://e.example/%zz", "http://e.example/%zz", "http://e.example/%zz", true, true},
		{"space in host", "http://a b.example/", "http://a b.example/", "http://a b.example/", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c Converter
			iri, iriErr, uri, uriErr := c.Forms(tt.in)
			if iri != tt.iri || uri != tt.uri || (iriErr != nil) != tt.iriErr || (uriErr != nil) != tt.uriErr {
				t.Errorf("Forms(%q) = %q, %v, %q, %v; want %q, error %v, %q, error %v",
					tt.in, iri, iriErr, uri, uriErr, tt.iri, tt.iriErr, tt.uri, tt.uriErr)
			}
			checkForms(t, &c, tt.in)
		})
	}
}

// TestFormsPlainASCII: references of ASCII characters only, which Forms
// takes as they are when neither conversion has anything to do. Expected
// forms by RFC 3986 Section 2 (what a URI component holds literally) and
// draft-duerst-iri-bis-07 Sections 3.6 and 3.7: both forms percent-encode
// an ASCII character no URI allows there; 3.7 decodes a percent-encoded
// unreserved character and an A-label, 3.6 keeps them.
func TestFormsPlainASCII(t *testing.T) {
	tests := []struct {
		name, in, iri, uri string
		plain              bool // Forms returns the input for both
	}{
		{"all components", "http://user:pw@example.com:8080/a/b;c=d?q=1&r=2#frag", "", "", true},
		{"sub-delims", "http://example.com/!$&'()*+,;=", "", "", true},
		{"unreserved", "http://example.com/a-b.c_d~e", "", "", true},
		{"colon and at in the path", "http://example.com/a:b@c", "", "", true},
		{"slash and question mark in the query", "http://example.com/?a/b?c", "", "", true},
		{"slash and question mark in the fragment", "http://example.com/#a/b?c", "", "", true},
		{"www with a default scheme", "https://www.example.net/x", "", "", true},
		{"IPv4 host", "http://192.0.2.1/a", "", "", true},
		{"IPv6 literal", "http://[2001:db8::1]:80/", "", "", true},
		{"relative reference", "/a/b?c", "", "", true},
		{"no path", "http://example.com", "", "", true},
		{"upper-case scheme and host", "HTTP://EXAMPLE.COM/", "", "", true},
		{"mailto", "mailto:jane.doe@example.com", "", "", true},
		{"vertical bar", "http://example.com/a|b", "http://example.com/a%7Cb", "http://example.com/a%7Cb", false},
		{"space", "http://example.com/a b", "http://example.com/a%20b", "http://example.com/a%20b", false},
		{"quotation mark", `http://example.com/"a"`, "http://example.com/%22a%22", "http://example.com/%22a%22", false},
		{"braces, caret and grave accent", "http://example.com/{a}^`", "http://example.com/%7Ba%7D%5E%60", "http://example.com/%7Ba%7D%5E%60", false},
		{"backslash", `http://example.com/a\b`, "http://example.com/a%5Cb", "http://example.com/a%5Cb", false},
		{"square brackets in the query", "http://example.com/?a[0]=1", "http://example.com/?a%5B0%5D=1", "http://example.com/?a%5B0%5D=1", false},
		{"at sign in the userinfo", "http://a@b@example.com/", "http://a%40b@example.com/", "http://a%40b@example.com/", false},
		{"hash in the fragment", "http://example.com/#a#b", "http://example.com/#a%23b", "http://example.com/#a%23b", false},
		{"percent-encoded unreserved", "http://example.com/%41", "http://example.com/A", "http://example.com/%41", false},
		{"percent-encoded reserved", "http://example.com/a%2Fb", "http://example.com/a%2Fb", "http://example.com/a%2Fb", false},
		{"A-label", "http://xn--r8jz45g.xn--zckzah/", "http://例え.テスト/", "http://xn--r8jz45g.xn--zckzah/", false},
		{"A-label in upper case", "http://XN--R8JZ45G.xn--zckzah/", "http://例え.テスト/", "http://XN--R8JZ45G.xn--zckzah/", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c Converter
			if tt.plain {
				tt.iri, tt.uri = tt.in, tt.in
			}
			iri, iriErr, uri, uriErr := c.Forms(tt.in)
			if iri != tt.iri || uri != tt.uri || iriErr != nil || uriErr != nil {
				t.Errorf("Forms(%q) = %q, %v, %q, %v; want %q, %q", tt.in, iri, iriErr, uri, uriErr, tt.iri, tt.uri)
			}
			_, u, _, err := c.parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := u.plainURI(tt.in); got != (tt.plain && !u.isMailto()) {
				t.Errorf("plainURI = %v", got)
			}
			checkForms(t, &c, tt.in)
		})
	}
}
