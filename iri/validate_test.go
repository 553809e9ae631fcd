package iri

import (
	"strings"
	"testing"
)

type wantViolation struct {
	offset int
	code   Code
	char   rune
}

func TestValidate(t *testing.T) {
	tests := []struct {
		in   string
		want []wantViolation
	}{
		// Valid IRIs (Section 2.2).
		{"http://\u4f8b\u3048.\u30c6\u30b9\u30c8/\u8cc7\u6599?q=\u6771\u4eac#\u00e9", nil},
		{"https://ar.wikipedia.org/wiki/\u0645\u0635\u0631", nil},
		{"http://example.com/?q=\ue000", nil}, // iprivate is allowed in the query
		{"http://example.com/%E2%80%AE", nil}, // encoded bidi control is fine
		{"http://[fe80::1%25eth0]/", nil},     // RFC 6874 zone
		{"urn:isbn:0451450523", nil},
		{"../\u00e9/./x;y=z", nil},
		{"http://\u00e9/\U0001F600", nil},
		// Characters not allowed.
		{"http://example.com/a b", []wantViolation{{20, CodeCharNotAllowed, ' '}}},
		{"http://example.com/<a>", []wantViolation{{19, CodeCharNotAllowed, '<'}, {21, CodeCharNotAllowed, '>'}}},
		{"http://example.com/a#b#c", []wantViolation{{22, CodeCharNotAllowed, '#'}}},
		{"http://example.com/[x]", []wantViolation{{19, CodeCharNotAllowed, '['}, {21, CodeCharNotAllowed, ']'}}},
		{"http://a@b@example.com/", []wantViolation{{8, CodeCharNotAllowed, '@'}}},
		{"http://example.com/\u0085", []wantViolation{{19, CodeCharNotAllowed, 0x85}}},
		{"http://example.com/\uFFFD", []wantViolation{{19, CodeCharNotAllowed, 0xFFFD}}},
		{"http://example.com/\uFDD0", []wantViolation{{19, CodeCharNotAllowed, 0xFDD0}}},
		{"http://example.com/\U0001FFFE", []wantViolation{{19, CodeCharNotAllowed, 0x1FFFE}}},
		{"http://example.com/\x01", []wantViolation{{19, CodeCharNotAllowed, 1}}},
		// Private use outside the query.
		{"http://example.com/\ue000?\ue000#\ue000", []wantViolation{{19, CodePrivateUse, 0xE000}, {27, CodePrivateUse, 0xE000}}},
		{"http://example.com/\U000E0001", []wantViolation{{19, CodePrivateUse, 0xE0001}}},
		// Bidi formatting characters (Section 4.1), in any component.
		{"http://example.com/\u202eabc", []wantViolation{{19, CodeBidiFormatting, 0x202E}}},
		{"http://example.com/?\u200f", []wantViolation{{20, CodeBidiFormatting, 0x200F}}},
		{"http://example.com/#\u2067", []wantViolation{{20, CodeBidiFormatting, 0x2067}}},
		// Malformed percent-encoding.
		{"http://example.com/%", []wantViolation{{19, CodeBadPercent, -1}}},
		{"http://example.com/%4", []wantViolation{{19, CodeBadPercent, -1}}},
		{"http://example.com/%zz%41", []wantViolation{{19, CodeBadPercent, -1}}},
		// Not UTF-8.
		{"http://example.com/\xff", []wantViolation{{19, CodeInvalidUTF8, -1}}},
		// Structure.
		{"http://[::1::]/", []wantViolation{{8, CodeBadIPLiteral, -1}}},
		{"http://h:x/", []wantViolation{{9, CodeBadPort, 'x'}}},
		// Host names that fail IDNA (Section 3.4).
		{"http://0\u00e0.\u05d0/", []wantViolation{{7, CodeBadHost, -1}}},
		{"http://a..b/", []wantViolation{{7, CodeBadHost, -1}}},
		{"http://ex%20ample.com/", []wantViolation{{7, CodeBadHost, ' '}}},
		{"//%00%80/", []wantViolation{{2, CodeBadHost, 0}}}, // decoded, not UTF-8 and a NUL
		{"http://xn--a/", []wantViolation{{7, CodeBadHost, -1}}},
		{"http://" + strings.Repeat("a", 64) + ".com/", []wantViolation{{7, CodeBadHost, -1}}},
		// Percent-encoded octets of a host that must be converted are UTF-8.
		{"//\u00b8%80/", []wantViolation{{2, CodeBadHost, -1}}},
		// The domains of mailto addresses are host names.
		// A character no host allows is reported once, where it is.
		{"mailto:a@0\u00e0.\u05d0,b@\u00e9 x.example", []wantViolation{{9, CodeBadHost, -1}, {20, CodeCharNotAllowed, ' '}}},
		{"mailto:a@\u00e9.example,b@0\u00e0.\u05d0", []wantViolation{{22, CodeBadHost, -1}}},
		// Several at once, in order.
		{"http://example.com/\u202e a%", []wantViolation{{19, CodeBidiFormatting, 0x202E}, {22, CodeCharNotAllowed, ' '}, {24, CodeBadPercent, -1}}},
	}
	for _, tt := range tests {
		got := Validate(tt.in)
		if len(got) != len(tt.want) {
			t.Errorf("Validate(%+q) = %v, want %d violations", tt.in, got, len(tt.want))
			continue
		}
		for i, w := range tt.want {
			g := got[i]
			if g.Offset != w.offset || g.Code != w.code || g.Char != w.char {
				t.Errorf("Validate(%+q)[%d] = %v (offset %d, code %d, char %U), want offset %d, %v, %U", tt.in, i, g, g.Offset, g.Code, g.Char, w.offset, w.code, w.char)
			}
		}
	}
}

func TestViolationError(t *testing.T) {
	tests := []struct {
		v    Violation
		want string
	}{
		{Violation{Offset: 19, Code: CodeCharNotAllowed, Char: ' ', Detail: "in path"}, `offset 19: character not allowed U+0020 ' ' (in path)`},
		{Violation{Offset: 19, Code: CodeBidiFormatting, Char: 0x202E}, `offset 19: bidi formatting character U+202E`},
		{Violation{Offset: 4, Code: CodeBadPercent, Char: -1}, `offset 4: '%' not followed by two hex digits`},
		{Violation{Offset: 7, Code: CodeBadHost, Char: -1, Detail: "idna: invalid label"}, `offset 7: invalid host name (idna: invalid label)`},
	}
	for _, tt := range tests {
		if got := tt.v.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}
