package iri

import (
	"errors"
	"testing"
)

// Components per the IRI-reference production (Section 2.2); the URI
// examples are those of RFC 3986 Section 1.1.2.
func TestParseComponents(t *testing.T) {
	tests := []struct {
		in   string
		want IRI
	}{
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", IRI{Scheme: "ftp", HasAuthority: true, Host: "ftp.is.co.za", HostKind: HostRegName, Path: "/rfc/rfc1808.txt"}},
		{"http://www.ietf.org/rfc/rfc2396.txt", IRI{Scheme: "http", HasAuthority: true, Host: "www.ietf.org", HostKind: HostRegName, Path: "/rfc/rfc2396.txt"}},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", IRI{Scheme: "ldap", HasAuthority: true, Host: "[2001:db8::7]", HostKind: HostIPv6, Path: "/c=GB", HasQuery: true, Query: "objectClass?one"}},
		{"mailto:John.Doe@example.com", IRI{Scheme: "mailto", Path: "John.Doe@example.com"}},
		{"news:comp.infosystems.www.servers.unix", IRI{Scheme: "news", Path: "comp.infosystems.www.servers.unix"}},
		{"tel:+1-816-555-1212", IRI{Scheme: "tel", Path: "+1-816-555-1212"}},
		{"telnet://192.0.2.16:80/", IRI{Scheme: "telnet", HasAuthority: true, Host: "192.0.2.16", HostKind: HostIPv4, HasPort: true, Port: "80", Path: "/"}},
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", IRI{Scheme: "urn", Path: "oasis:names:specification:docbook:dtd:xml:4.1.2"}},
		{"foo://example.com:8042/over/there?name=ferret#nose", IRI{Scheme: "foo", HasAuthority: true, Host: "example.com", HostKind: HostRegName, HasPort: true, Port: "8042", Path: "/over/there", HasQuery: true, Query: "name=ferret", HasFragment: true, Fragment: "nose"}},
		// IRIs: non-ASCII in every component.
		{"http://us\u00e9r:pw@\u4f8b\u3048.\u30c6\u30b9\u30c8:8080/\u8cc7\u6599?q=\u6771\u4eac#\u00e9", IRI{Scheme: "http", HasAuthority: true, HasUserinfo: true, Userinfo: "us\u00e9r:pw", Host: "\u4f8b\u3048.\u30c6\u30b9\u30c8", HostKind: HostRegName, HasPort: true, Port: "8080", Path: "/\u8cc7\u6599", HasQuery: true, Query: "q=\u6771\u4eac", HasFragment: true, Fragment: "\u00e9"}},
		// Relative references (irelative-ref).
		{"//example.org/a", IRI{HasAuthority: true, Host: "example.org", HostKind: HostRegName, Path: "/a"}},
		{"/\u8cc7\u6599?x", IRI{Path: "/\u8cc7\u6599", HasQuery: true, Query: "x"}},
		{"../a:b", IRI{Path: "../a:b"}},
		{"?", IRI{HasQuery: true}},
		{"#", IRI{HasFragment: true}},
		{"", IRI{}},
		// Empty components that are present.
		{"http://@:/?#", IRI{Scheme: "http", HasAuthority: true, HasUserinfo: true, HasPort: true, Path: "/", HasQuery: true, HasFragment: true}},
		{"file:///etc/hosts", IRI{Scheme: "file", HasAuthority: true, Path: "/etc/hosts"}},
		// IPv4address needs four dec-octets without leading zeros; else it is
		// a reg-name.
		{"http://1.2.3.4/", IRI{Scheme: "http", HasAuthority: true, Host: "1.2.3.4", HostKind: HostIPv4, Path: "/"}},
		{"http://01.2.3.4/", IRI{Scheme: "http", HasAuthority: true, Host: "01.2.3.4", HostKind: HostRegName, Path: "/"}},
		{"http://256.2.3.4/", IRI{Scheme: "http", HasAuthority: true, Host: "256.2.3.4", HostKind: HostRegName, Path: "/"}},
		{"http://1.2.3/", IRI{Scheme: "http", HasAuthority: true, Host: "1.2.3", HostKind: HostRegName, Path: "/"}},
		{"http://[v7.a:b]/", IRI{Scheme: "http", HasAuthority: true, Host: "[v7.a:b]", HostKind: HostIPvFuture, Path: "/"}},
		{"http://[fe80::1%25eth0]/", IRI{Scheme: "http", HasAuthority: true, Host: "[fe80::1%25eth0]", HostKind: HostIPv6, Path: "/"}},
		// The userinfo ends at the last "@".
		{"http://a@b@c/", IRI{Scheme: "http", HasAuthority: true, HasUserinfo: true, Userinfo: "a@b", Host: "c", HostKind: HostRegName, Path: "/"}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		// Offsets are checked separately.
		got.SchemeOffset, got.UserinfoOffset, got.HostOffset, got.PortOffset = 0, 0, 0, 0
		got.PathOffset, got.QueryOffset, got.FragmentOffset = 0, 0, 0
		if got != tt.want {
			t.Errorf("Parse(%q)\n got %+v\nwant %+v", tt.in, got, tt.want)
		}
		if s := got.String(); s != tt.in {
			t.Errorf("Parse(%q).String() = %q", tt.in, s)
		}
	}
}

func TestParseOffsets(t *testing.T) {
	s := "http://us\u00e9r@h\u00f6st:81/p\u00e4th?qu\u00e9ry#fr\u00e4g"
	u, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		off  int
		text string
	}{
		{u.UserinfoOffset, u.Userinfo}, {u.HostOffset, u.Host}, {u.PortOffset, u.Port},
		{u.PathOffset, u.Path}, {u.QueryOffset, u.Query}, {u.FragmentOffset, u.Fragment},
	} {
		if s[c.off:c.off+len(c.text)] != c.text {
			t.Errorf("offset %d does not point at %q", c.off, c.text)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		code   Code
		offset int
	}{
		{":foo", CodeBadScheme, 0},
		{"1http://x/", CodeBadScheme, 0},
		{"ht_tp://x/", CodeBadScheme, 2},
		{"\u4f8b:x", CodeBadScheme, 0},
		{"http://host:8o/", CodeBadPort, 13},
		{"http://host:80:81/", CodeBadPort, 14},
		{"http://[::1/", CodeBadIPLiteral, 7},
		{"http://[::1]x/", CodeBadIPLiteral, 12},
		{"http://[1:2:3:4:5:6:7:8:9]/", CodeBadIPLiteral, 8},
		{"http://[::1::2]/", CodeBadIPLiteral, 8},
		{"http://[12345::]/", CodeBadIPLiteral, 8},
		{"http://[1.2.3.4]/", CodeBadIPLiteral, 8},
		{"http://[::1%eth0]/", CodeBadIPLiteral, 8},
		{"http://[::1%25]/", CodeBadIPLiteral, 8},
		{"http://[v.x]/", CodeBadIPLiteral, 9},
		{"http://[v1.]/", CodeBadIPLiteral, 11},
		{"http://[v1.a/b]/", CodeBadIPLiteral, 7},
		{"http://[]/", CodeBadIPLiteral, 8},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var v Violation
		if !errors.As(err, &v) {
			t.Errorf("Parse(%q) = %v, want a Violation", tt.in, err)
			continue
		}
		if v.Code != tt.code || v.Offset != tt.offset {
			t.Errorf("Parse(%q) = %v (code %d), want code %v at offset %d", tt.in, v, v.Code, tt.code, tt.offset)
		}
	}
}

// IPv6address, every alternative of the RFC 3986 production.
func TestIPv6(t *testing.T) {
	valid := []string{
		"1:2:3:4:5:6:7:8", "::2:3:4:5:6:7:8", "1::3:4:5:6:7:8", "1:2::4:5:6:7:8",
		"1:2:3:4:5:6::8", "1:2:3:4:5:6:7::", "::", "::1", "1::", "fe80::1",
		"1:2:3:4:5:6:1.2.3.4", "::1.2.3.4", "::ffff:192.0.2.1", "1::1.2.3.4",
		"ABCD:EF01:2345:6789:ABCD:EF01:2345:6789", "0:0:0:0:0:0:0:0",
	}
	invalid := []string{
		"", ":", ":::", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::",
		"1:2:3:4:5:6:7:1.2.3.4", "::1.2.3", "::1.2.3.04", "1:", ":1", "g::",
		"1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8", "1.2.3.4", "::1.2.3.4:5",
	}
	for _, s := range valid {
		if !validIPv6(s) {
			t.Errorf("validIPv6(%q) = false", s)
		}
	}
	for _, s := range invalid {
		if validIPv6(s) {
			t.Errorf("validIPv6(%q) = true", s)
		}
	}
}

func TestCharClasses(t *testing.T) {
	ucs := map[rune]bool{
		0x9F: false, 0xA0: true, 0xD7FF: true, 0xD800: false, 0xE000: false, 0xF8FF: false,
		0xF900: true, 0xFDCF: true, 0xFDD0: false, 0xFDEF: false, 0xFDF0: true, 0xFFEF: true,
		0xFFF0: false, 0xFFFD: false, 0x10000: true, 0x1FFFD: true, 0x1FFFE: false, 0x1FFFF: false,
		0x20000: true, 0xE0000: false, 0xE0FFF: false, 0xE1000: true, 0xEFFFD: true, 0xEFFFE: false,
		0xF0000: false, 0x10FFFD: false, 'a': false,
	}
	for r, want := range ucs {
		if got := IsUcschar(r); got != want {
			t.Errorf("IsUcschar(%U) = %v", r, got)
		}
	}
	priv := map[rune]bool{0xE000: true, 0xF8FF: true, 0xF900: false, 0xE0000: true, 0xE0FFF: true, 0xE1000: false, 0xF0000: true, 0xFFFFD: true, 0xFFFFE: false, 0x100000: true, 0x10FFFD: true, 0x10FFFE: false}
	for r, want := range priv {
		if got := IsIprivate(r); got != want {
			t.Errorf("IsIprivate(%U) = %v", r, got)
		}
	}
	for _, r := range []rune{0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x061C} {
		if !IsBidiFormatting(r) {
			t.Errorf("IsBidiFormatting(%U) = false", r)
		}
	}
	for _, r := range []rune{0x200D, 0x200C, 0x2065, 0x206A, 'a'} {
		if IsBidiFormatting(r) {
			t.Errorf("IsBidiFormatting(%U) = true", r)
		}
	}
}
