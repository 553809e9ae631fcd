package iri

import "testing"

// RFC 5321 address literals are not DNS names: no IDNA, and in a mailto
// URI the brackets are percent-encoded (RFC 6068 Section 2: "[" and "]"
// are gen-delims), in the IRI form too, since they are reserved.
func TestMailtoAddressLiteral(t *testing.T) {
	for _, c := range []struct{ in, uri, iri string }{
		{"mailto:user@[IPv6:2001:db8::1]", "mailto:user@%5BIPv6:2001:db8::1%5D", "mailto:user@%5BIPv6:2001:db8::1%5D"},
		{"mailto:user@%5b192.0.2.1%5d", "mailto:user@%5b192.0.2.1%5d", "mailto:user@%5b192.0.2.1%5d"},
		{"mailto:a@[192.0.2.1],b@例え.jp?subject=x", "mailto:a@%5B192.0.2.1%5D,b@xn--r8jz45g.jp?subject=x", "mailto:a@%5B192.0.2.1%5D,b@例え.jp?subject=x"},
	} {
		if got, err := ToURI(c.in); err != nil || got != c.uri {
			t.Errorf("ToURI(%q) = %q, %v; want %q", c.in, got, err, c.uri)
		}
		if got, err := ToIRI(c.in); err != nil || got != c.iri {
			t.Errorf("ToIRI(%q) = %q, %v; want %q", c.in, got, err, c.iri)
		}
		if vs := Validate(c.uri); vs != nil {
			t.Errorf("Validate(%q) = %v", c.uri, vs)
		}
	}
	for addr, want := range map[string]string{
		"user@[IPv6:2001:db8::1]": "user@[IPv6:2001:db8::1]",
		"иван@[192.0.2.1]":        "иван@[192.0.2.1]",
		"иван@пример.рф":          "иван@xn--e1afmkfd.xn--p1ai",
	} {
		if got, err := AddressToASCII(addr); err != nil || got != want {
			t.Errorf("AddressToASCII(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
}
