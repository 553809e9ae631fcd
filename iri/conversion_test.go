package iri

import (
	"errors"
	"testing"
)

// Issue 13 item 8: ToIRI returns a valid IRI. A character that the
// component does not allow (draft-duerst-iri-bis-07 Section 2.2: ASCII
// outside the component's production, code points outside ucschar, iprivate
// outside the query) or that Section 4.1 forbids (bidi formatting) is
// percent-encoded as UTF-8 with uppercase hex digits (Section 3.3); the
// characters an IRI allows are kept as written.
func TestToIRIValid(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"space in path", "http://example.com/a b", "http://example.com/a%20b"},
		{"space in query and fragment", "http://example.com/?q=a b#c d", "http://example.com/?q=a%20b#c%20d"},
		{"space in userinfo", "http://a b@example.com/", "http://a%20b@example.com/"},
		{"space beside a decoded character", "http://example.com/a b%C3%A9", "http://example.com/a%20b\u00e9"},
		{"LRM", "http://example.com/a\u200eb", "http://example.com/a%E2%80%8Eb"},
		{"RLM", "http://example.com/\u200f", "http://example.com/%E2%80%8F"},
		{"ALM", "http://example.com/?\u061c", "http://example.com/?%D8%9C"},
		{"LRE", "http://example.com/#\u202a", "http://example.com/#%E2%80%AA"},
		{"RLO", "http://example.com/\u202ecba", "http://example.com/%E2%80%AEcba"},
		{"PDF", "http://example.com/\u202c", "http://example.com/%E2%80%AC"},
		{"LRI", "http://example.com/\u2066", "http://example.com/%E2%81%A6"},
		{"PDI", "http://example.com/\u2069", "http://example.com/%E2%81%A9"},
		{"RLO in userinfo", "http://\u202e@example.com/", "http://%E2%80%AE@example.com/"},
		{"C0 controls and DEL", "http://example.com/\x01\x1f\x7f", "http://example.com/%01%1F%7F"},
		{"tab and newline", "http://example.com/a\tb\nc", "http://example.com/a%09b%0Ac"},
		{"C1 control", "http://example.com/\u0085", "http://example.com/%C2%85"},
		{"non-character U+FDD0", "http://example.com/\ufdd0", "http://example.com/%EF%B7%90"},
		{"non-character U+FFFE", "http://example.com/\ufffe", "http://example.com/%EF%BF%BE"},
		{"non-character U+1FFFF", "http://example.com/\U0001ffff", "http://example.com/%F0%9F%BF%BF"},
		{"special U+FFF9", "http://example.com/\ufff9", "http://example.com/%EF%BF%B9"},
		{"special U+FFFD", "http://example.com/\ufffd", "http://example.com/%EF%BF%BD"},
		{"private use in path", "http://example.com/\ue000", "http://example.com/%EE%80%80"},
		{"private use in fragment", "http://example.com/#\U000f0000", "http://example.com/#%F3%B0%80%80"},
		{"private use in query is allowed", "http://example.com/?\ue000", "http://example.com/?\ue000"},
		{"tag outside the query", "http://example.com/\U000e0041", "http://example.com/%F3%A0%81%81"},
		{"ASCII delimiters", "http://example.com/<a>\"{b}|\\^`", "http://example.com/%3Ca%3E%22%7Bb%7D%7C%5C%5E%60"},
		{"brackets outside an IP literal", "http://example.com/[x]?[y]", "http://example.com/%5Bx%5D?%5By%5D"},
		{"second # in the fragment", "http://example.com/#a#b", "http://example.com/#a%23b"},
		{"@ in userinfo", "http://a@b@example.com/", "http://a%40b@example.com/"},
		{"mailto local part", "mailto:a b@example.com", "mailto:a%20b@example.com"},
		{"mailto domain literal is path text", "mailto:a@[192.0.2.1]", "mailto:a@%5B192.0.2.1%5D"},
		{"relative reference", "../a b/\u200e", "../a%20b/%E2%80%8E"},
		// Kept: ucschar (even space look-alikes, which only decoding
		// keeps encoded, Section 6.1), reserved characters, triplets.
		{"ucschar kept", "http://example.com/\u00e9\u00a0\u3000", "http://example.com/\u00e9\u00a0\u3000"},
		{"reserved kept", "http://example.com/a;b,c!d*e'f(g)h$i&j+k=l:m@n/o?p/q", "http://example.com/a;b,c!d*e'f(g)h$i&j+k=l:m@n/o?p/q"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ToIRI(tt.in)
			if err != nil {
				t.Fatalf("ToIRI(%+q): %v", tt.in, err)
			}
			if got != tt.want {
				t.Errorf("ToIRI(%+q)\n got %+q\nwant %+q", tt.in, got, tt.want)
			}
			if vs := Validate(got); vs != nil {
				t.Errorf("Validate(ToIRI(%+q)) = %v", tt.in, vs)
			}
			var c Converter
			if b, err := c.AppendIRI([]byte("x"), tt.in); err != nil || string(b) != "x"+tt.want {
				t.Errorf("AppendIRI = %+q, %v", b, err)
			}
		})
	}
}

// Issue 13 items 9 and 11: where the input is not an IRI and no conversion
// can make it one without guessing, ToURI, ToIRI and Display all fail with
// a Violation at the offending byte and return the input unchanged.
//   - A reg-name host allows only unreserved characters, sub-delims and
//     percent-encodings (RFC 3986 Section 3.2.2); its non-ASCII characters
//     become A-labels (Section 3.4), never percent-encodings.
//   - "%" is only the start of '%' HEXDIG HEXDIG (RFC 3986 Section 2.1;
//     Section 2.2 of the draft).
func TestConversionErrors(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		code   Code
		offset int
	}{
		{"space in host", "http://ex ample.com/", CodeCharNotAllowed, 9},
		{"less-than in host", "http://ex<ample.com/", CodeCharNotAllowed, 9},
		{"quote in host", "https://a\"b.example/", CodeCharNotAllowed, 9},
		{"braces in host", "http://a{b}.example/", CodeCharNotAllowed, 8},
		{"backslash in host", "http://a\\b.example/", CodeCharNotAllowed, 8},
		{"caret in host", "http://jjc^3.org/demo.mp3", CodeCharNotAllowed, 10},
		{"tab in host", "http://a\tb/", CodeCharNotAllowed, 8},
		{"space in host after userinfo", "ftp://user@ex ample.com:21/", CodeCharNotAllowed, 13},
		{"space in IDN host", "http://\u4f8b \u3048.jp/", CodeCharNotAllowed, 10},
		{"space in scheme-relative host", "//ex ample.com/", CodeCharNotAllowed, 4},
		{"percent-encoded space in host", "http://ex%20ample.com/", CodeBadHost, 7},
		{"percent-encoded RLO in host", "http://%E2%80%AE.jp/", CodeBadHost, 7},
		{"space in IDN mailto domain", "mailto:a@\u00e9 x.example", CodeCharNotAllowed, 11},
		{"stray % in host", "http://ex%ample.com/", CodeBadPercent, 9},
		{"% at the end", "http://example.com/100%", CodeBadPercent, 22},
		{"% before non-hex", "http://example.com/%zz", CodeBadPercent, 19},
		{"% with one hex digit", "http://example.com/%4", CodeBadPercent, 19},
		{"% in query", "http://example.com/?q=50%off", CodeBadPercent, 24},
		{"% in fragment", "http://example.com/#%G1", CodeBadPercent, 20},
		{"% in userinfo", "http://a%@example.com/", CodeBadPercent, 8},
		{"% in relative reference", "a%/b", CodeBadPercent, 1},
		{"% in mailto local part", "mailto:50%@example.com", CodeBadPercent, 9},
		{"% after a non-ASCII character", "http://example.com/\u00e9%", CodeBadPercent, 21},
	}
	convs := []struct {
		name string
		f    func(string) (string, error)
	}{
		{"ToURI", ToURI},
		{"ToIRI", ToIRI},
		{"Display", func(s string) (string, error) { return Display(s, DisplayOptions{}) }},
	}
	for _, tt := range tests {
		for _, c := range convs {
			t.Run(c.name+"/"+tt.name, func(t *testing.T) {
				got, err := c.f(tt.in)
				var v Violation
				if !errors.As(err, &v) {
					t.Fatalf("%s(%+q) = %+q, %v; want a Violation", c.name, tt.in, got, err)
				}
				if v.Code != tt.code || v.Offset != tt.offset {
					t.Errorf("%s(%+q): %v; want %v at %d", c.name, tt.in, v, tt.code, tt.offset)
				}
				if got != tt.in {
					t.Errorf("%s(%+q) returned %+q with the error, want the input", c.name, tt.in, got)
				}
			})
		}
	}
}

// Issue 13 item 10: Display never changes the identifier. A reserved
// character (RFC 3986 Section 2.2 gen-delims and sub-delims) written as
// itself is a different URI from its percent-encoding, so it stays as
// written wherever it is, at the end too, while UTS #58 minimal escaping
// still applies to what may change form: unreserved "." (Section 6.2.2.2)
// and non-ASCII punctuation (an IRI and its URI form, Section 3.3).
func TestDisplayKeepsReserved(t *testing.T) {
	const h = "http://example.com"
	tests := []struct{ name, in, want string }{
		{"final ;", h + "/a;", h + "/a;"},
		{"final ,", h + "/a,", h + "/a,"},
		{"final !", h + "/a!", h + "/a!"},
		{"final *", h + "/a*", h + "/a*"},
		{"final '", h + "/a'", h + "/a'"},
		{"final (", h + "/a(", h + "/a("},
		{"final )", h + "/a)", h + "/a)"},
		{"final $", h + "/a$", h + "/a$"},
		{"final &", h + "/a&", h + "/a&"},
		{"final +", h + "/a+", h + "/a+"},
		{"final =", h + "/a=", h + "/a="},
		{"final :", h + "/a:", h + "/a:"},
		{"final @", h + "/a@", h + "/a@"},
		{"final /", h + "/a/", h + "/a/"},
		{"final ? in query", h + "/?a?", h + "/?a?"},
		{"final ; in query", h + "/?a=1;", h + "/?a=1;"},
		{"final ! in fragment", h + "/#a!", h + "/#a!"},
		{"final : in fragment", h + "/#a:", h + "/#a:"},
		{"unmatched ) inside", h + "/a)b", h + "/a)b"},
		{"after non-ASCII", h + "/%C3%A9;", h + "/\u00e9;"},
		{"right-to-left", "https://ar.example/%D9%85%D8%B5%D8%B1,", "\u2066https://ar.example/\u0645\u0635\u0631,\u2069"},
		{"percent-encoded reserved stays encoded", h + "/a%3B", h + "/a%3B"},
		{"percent-encoded ) stays encoded", h + "/a%29b", h + "/a%29b"},
		// What may change form still does.
		{"final . escaped", h + "/a.", h + "/a%2E"},
		{"final 。 escaped", h + "/\u65e5\u3002", h + "/\u65e5%E3%80%82"},
		{"unmatched ） escaped", h + "/\u65e5\uff09", h + "/\u65e5%EF%BC%89"},
		{"final ” escaped", h + "/\u201ca\u201d", h + "/\u201ca%E2%80%9D"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Display(tt.in, DisplayOptions{})
			if err != nil {
				t.Fatalf("Display(%+q): %v", tt.in, err)
			}
			if got != tt.want {
				t.Errorf("Display(%+q)\n got %+q\nwant %+q", tt.in, got, tt.want)
			}
			// The display form names the resource the input names.
			a, err1 := NormalizeURI(tt.in)
			b, err2 := NormalizeURI(StripBidi(got))
			if err1 != nil || err2 != nil || a != b {
				t.Errorf("NormalizeURI: input %q, %v; display %q, %v", a, err1, b, err2)
			}
		})
	}
}
