package rewrite

import (
	"testing"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
)

// uriAsIsConverters are the converters uriAsIs must agree with: a UTF-8
// document, a legacy one (NFC and a query charset apply to non-ASCII
// references only), with and without bidi marks.
func uriAsIsConverters(t testing.TB) []iri.Converter {
	var cs []iri.Converter
	for _, label := range []string{"utf-8", "windows-1252", "shift_jis"} {
		c, err := charset.Lookup(label)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, iri.Converter{Charset: c}, iri.Converter{Charset: c, Bidi: iri.BidiMarks})
	}
	return append(cs, iri.Converter{})
}

// TestURIAsIs: the references of RFC 3986's grammar without a character
// to encode are taken as they are; anything else (a character a URI does
// not allow where it stands, non-ASCII, a "%" not followed by two hex
// digits, a userinfo, an IP literal or a percent-encoded host, which ToURI
// checks more closely, a bad scheme or port) goes to iri.
func TestURIAsIs(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"https://example.com/path/to/page.html", true},
		{"http://www.example.org/a?b=c&d=e", true},
		{"http://example.com:8080/x;y=1,2", true},
		{"http://example.com:/", true}, // empty port (RFC 3986 3.2.3)
		{"ftp://ftp.example.org/pub/a.txt", true},
		{"urn:isbn:0451450523", true},
		{"mailto:jane.doe@example.com", true}, // "@" is a pchar
		{"http://a/b%20c?d%2Fe#f%3Ag", true},  // pct-encoded, either case
		{"http://a/b%2fc", true},
		{"http://a/?q=/x?y#frag/?", true},      // "/" and "?" in query and fragment
		{"http://a.b-c_d~e!$&'()*+,;=/", true}, // sub-delims in a reg-name
		{"http://192.0.2.1/", true},
		{"/relative/path", true},
		{"page.html", true},
		{"./a:b", true}, // a colon after the first "/"
		{"?q=1", true},
		{"#top", true},
		{"", true},
		{"//example.com/x", true},
		{"a+b.c-d:x", true},

		{"http://example.com/a b", false},   // space
		{"http://例え.jp/パス", false},          // non-ASCII
		{"http://user@example.com/", false}, // userinfo
		{"http://user:pw@example.com/", false},
		{"http://[2001:db8::1]/", false}, // IP literal
		{"http://ex%41mple.com/", false}, // percent-encoded host
		{"http://a/b%zz", false},         // bad percent
		{"http://a/b%2", false},
		{"http://a/b%", false},
		{"http://a/b#c#d", false}, // "#" in a fragment
		{"http://a/{x}", false},
		{"http://a/x|y", false},
		{"http://a/x^y", false},
		{"http://a/x`y", false},
		{`http://a/"q"`, false},
		{`http://a/x\y`, false},
		{"http://a/<x>", false},
		{"http://a/[x]", false},  // gen-delims not in a path
		{"http://a:80x/", false}, // bad port
		{"http://a:8:0/", false},
		{"1http://a/", false}, // bad scheme
		{"ht_tp://a/", false},
		{":foo", false},
		{"http://a\x00/", false},
		{"http://a/\x7f", false},
		{"http://a/\t", false},
	} {
		t.Run(tc.s, func(t *testing.T) {
			if got := uriAsIs(tc.s); got != tc.want {
				t.Fatalf("uriAsIs(%q) = %v, want %v", tc.s, got, tc.want)
			}
			if tc.want {
				checkURIAsIs(t, tc.s)
			}
		})
	}
}

// checkURIAsIs checks that every converter's ToURI returns s, no error.
func checkURIAsIs(t *testing.T, s string) {
	t.Helper()
	for _, c := range uriAsIsConverters(t) {
		if u, err := c.ToURI(s); u != s || err != nil {
			t.Fatalf("uriAsIs(%q), but ToURI (charset %v) = %q, %v", s, c.Charset, u, err)
		}
	}
}

// FuzzURIAsIs: whatever uriAsIs takes as it is, iri's ToURI returns
// unchanged and without error, with every converter.
func FuzzURIAsIs(f *testing.F) {
	for _, s := range []string{"https://example.com/a?b#c", "http://a:1/%41", "x:y", "//h/p", "http://a@b/", "http://[::1]/", "a:b/c?d#e#f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if uriAsIs(s) {
			checkURIAsIs(t, s)
		}
	})
}
