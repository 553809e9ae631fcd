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
