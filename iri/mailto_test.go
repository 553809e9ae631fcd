package iri

import (
	"errors"
	"testing"
)

// Issue 13 item 13: an internationalized address keeps its UTF-8 local part
// (RFC 6531 Section 3.3) and gets A-labels for its domain (RFC 5890); the
// mailto URI of the same address percent-encodes the local part (RFC 6068
// Section 2).
func TestAddressToASCII(t *testing.T) {
	tests := []struct{ name, in, want, mailto string }{
		{"Cyrillic", "иван@пример.рф", "иван@xn--e1afmkfd.xn--p1ai",
			"mailto:%D0%B8%D0%B2%D0%B0%D0%BD@xn--e1afmkfd.xn--p1ai"},
		// The IANA IDN test domains (RFC 2606 style, .测试 and .испытание).
		{"Chinese", "用户@例子.测试", "用户@xn--fsqu00a.xn--0zwm56d",
			"mailto:%E7%94%A8%E6%88%B7@xn--fsqu00a.xn--0zwm56d"},
		{"Russian test TLD", "иван@пример.испытание", "иван@xn--e1afmkfd.xn--80akhbyknj4f",
			"mailto:%D0%B8%D0%B2%D0%B0%D0%BD@xn--e1afmkfd.xn--80akhbyknj4f"},
		{"Hindi local part, ASCII domain", "अजय@example.com", "अजय@example.com",
			"mailto:%E0%A4%85%E0%A4%9C%E0%A4%AF@example.com"},
		{"German", "jörg@bücher.de", "jörg@xn--bcher-kva.de", "mailto:j%C3%B6rg@xn--bcher-kva.de"},
		{"ASCII", "info@example.org", "info@example.org", "mailto:info@example.org"},
		{"ideographic full stop", "info@例え。jp", "info@xn--r8jz45g.jp", "mailto:info@xn--r8jz45g.jp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := AddressToASCII(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("AddressToASCII(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
			if u, err := ToURI("mailto:" + tt.in); err != nil || u != tt.mailto {
				t.Errorf("ToURI(mailto:%s) = %q, %v; want %q", tt.in, u, err, tt.mailto)
			}
		})
	}
}

func TestAddressToASCIIErrors(t *testing.T) {
	tests := []struct {
		in     string
		code   Code
		offset int
	}{
		{"a@0\u00e0.\u05d0", CodeBadHost, 2},
		{"иван@ex ample.рф", CodeCharNotAllowed, 11},
		{"a@b%c.example", CodeBadPercent, 3},
	}
	for _, tt := range tests {
		got, err := AddressToASCII(tt.in)
		var v Violation
		if !errors.As(err, &v) || v.Code != tt.code || v.Offset != tt.offset || got != tt.in {
			t.Errorf("AddressToASCII(%+q) = %+q, %v; want %v at %d", tt.in, got, err, tt.code, tt.offset)
		}
	}
}
