package iri

import (
	"errors"
	"testing"
)

// Expected strings: RFC 3986 Section 3 (delimiters, bracketed IP
// literals, Sections 3.3 and 4.2 on paths), draft-duerst-iri-bis-07
// Section 3.4 (A-labels in the URI form; 例え is xn--r8jz45g, 納豆 is
// xn--99zt52a, as in the draft's and RFC 6068's examples).
func TestBuild(t *testing.T) {
	tests := []struct {
		name     string
		u        IRI
		iri, uri string
	}{
		{"fields only", IRI{Scheme: "http", Host: "例え.jp", Path: "/a b", Query: "q=x y", Fragment: "f"},
			"http://例え.jp/a%20b?q=x%20y#f", "http://xn--r8jz45g.jp/a%20b?q=x%20y#f"},
		{"escaped data kept", IRI{Scheme: "http", Host: "example.org", Path: "/" + Escape("a/b", PathSegment), Query: "v=" + Escape("a=b&c", QueryValue)},
			"http://example.org/a%2Fb?v=a%3Db%26c", "http://example.org/a%2Fb?v=a%3Db%26c"},
		{"IPv6 bracketed", IRI{Scheme: "http", Host: "2001:db8::1", Port: "8080", Path: "/"},
			"http://[2001:db8::1]:8080/", "http://[2001:db8::1]:8080/"},
		{"IPv6 zone", IRI{Scheme: "http", Host: "fe80::1%eth0", Path: "/"},
			"http://[fe80::1%25eth0]/", "http://[fe80::1%25eth0]/"},
		{"IP literal kept", IRI{Scheme: "http", Host: "[::1]"}, "http://[::1]", "http://[::1]"},
		{"IPv4", IRI{Scheme: "http", Host: "192.0.2.1", Path: "/x"}, "http://192.0.2.1/x", "http://192.0.2.1/x"},
		{"userinfo", IRI{Scheme: "ftp", Userinfo: "me@home:pw", Host: "example.org"},
			"ftp://me%40home:pw@example.org", "ftp://me%40home:pw@example.org"},
		{"path after authority gets slash", IRI{Scheme: "http", Host: "h", Path: "x"}, "http://h/x", "http://h/x"},
		{"path starting // without authority", IRI{Scheme: "s", Path: "//x"}, "s:/.//x", "s:/.//x"},
		{"relative first segment with colon", IRI{Path: "a:b/c"}, "./a:b/c", "./a:b/c"},
		{"empty query kept", IRI{Scheme: "http", Host: "h", Path: "/", HasQuery: true}, "http://h/?", "http://h/?"},
		{"fragment with hash", IRI{Fragment: "a#b"}, "#a%23b", "#a%23b"},
		{"query with hash", IRI{Path: "p", Query: "a#b"}, "p?a%23b", "p?a%23b"},
		{"percent data not escape", IRI{Path: "/100%"}, "/100%25", "/100%25"},
		{"mailto IDN", IRI{Scheme: "mailto", Path: "user@納豆.example.org"}, "mailto:user@納豆.example.org", "mailto:user@xn--99zt52a.example.org"},
		{"reg-name underscore", IRI{Scheme: "http", Host: "a_b", Path: "/"}, "http://a_b/", "http://a_b/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.u.Build()
			if err != nil || got != tt.iri {
				t.Errorf("Build() = %q, %v; want %q", got, err, tt.iri)
			}
			if vs := Validate(got); vs != nil {
				t.Errorf("Build() %q not valid: %v", got, vs)
			}
			uri, err := tt.u.URI()
			if err != nil || uri != tt.uri {
				t.Errorf("URI() = %q, %v; want %q", uri, err, tt.uri)
			}
		})
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name string
		u    IRI
		code Code
	}{
		{"bad scheme", IRI{Scheme: "1http", Host: "h"}, CodeBadScheme},
		{"bad port", IRI{Scheme: "http", Host: "h", Port: "80a"}, CodeBadPort},
		{"bad IDN", IRI{Scheme: "http", Host: "\u0300a.example"}, CodeBadHost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.u.Build()
			var v Violation
			if !errors.As(err, &v) || v.Code != tt.code {
				t.Errorf("Build() error %v, want code %v", err, tt.code)
			}
			if _, err := tt.u.URI(); err == nil {
				t.Error("URI() succeeded")
			}
		})
	}
}

// A parsed IRI builds to itself.
func TestBuildParsed(t *testing.T) {
	for _, s := range []string{
		"http://例え.jp/資料?q=東京#x",
		"http://[2001:db8::1]:80/a%2Fb?c=d%26e",
		"mailto:a@example.org,b@example.org?subject=Hi%20there",
		"//h/p", "/p?q", "p#f", "",
		"file:///C:/dir/a%20b",
	} {
		t.Run(s, func(t *testing.T) {
			u, err := Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := u.Build(); err != nil || got != s {
				t.Errorf("Build() = %q, %v", got, err)
			}
		})
	}
}

// RFC 6068 Section 6 gives these mailto URIs; each is built from its parts.
func TestMailtoBuild(t *testing.T) {
	tests := []struct {
		name     string
		m        Mailto
		iri, uri string
	}{
		{"6.1 plain", Mailto{To: []string{"chris@example.com"}}, "mailto:chris@example.com", "mailto:chris@example.com"},
		{"6.1 subject", Mailto{To: []string{"infobot@example.com"}, Subject: "current-issue"},
			"mailto:infobot@example.com?subject=current-issue", "mailto:infobot@example.com?subject=current-issue"},
		{"6.1 body space", Mailto{To: []string{"infobot@example.com"}, Body: "send current-issue"},
			"mailto:infobot@example.com?body=send%20current-issue", "mailto:infobot@example.com?body=send%20current-issue"},
		{"6.1 body line break", Mailto{To: []string{"infobot@example.com"}, Body: "send current-issue\nsend index"},
			"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index", "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index"},
		{"body CRLF and CR", Mailto{To: []string{"a@example.org"}, Body: "a\r\nb\rc"},
			"mailto:a@example.org?body=a%0D%0Ab%0D%0Ac", "mailto:a@example.org?body=a%0D%0Ab%0D%0Ac"},
		{"6.1 header", Mailto{To: []string{"list@example.org"}, Headers: []Header{{"In-Reply-To", "<3469A91.D10AF4C@example.com>"}}},
			"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E"},
		{"6.1 cc body", Mailto{To: []string{"joe@example.com"}, Cc: []string{"bob@example.com"}, Body: "hello"},
			"mailto:joe@example.com?cc=bob@example.com&body=hello", "mailto:joe@example.com?cc=bob@example.com&body=hello"},
		{"several addresses", Mailto{To: []string{"a@example.org", "b@example.org"}}, "mailto:a@example.org,b@example.org", "mailto:a@example.org,b@example.org"},
		// RFC 6068 Section 2: in an addr-spec, "&", ";" and "=" and the
		// gen-delims but "@" and ":" are percent-encoded; atext ' ! $ * +
		// stand for themselves.
		{"2 sub-delims in local part", Mailto{To: []string{"a;b=c&d@example.org"}}, "mailto:a%3Bb%3Dc%26d@example.org", "mailto:a%3Bb%3Dc%26d@example.org"},
		{"2 gen-delims in local part", Mailto{To: []string{"customer/dept?x#y@example.com"}}, "mailto:customer%2Fdept%3Fx%23y@example.com", "mailto:customer%2Fdept%3Fx%23y@example.com"},
		{"2 atext kept", Mailto{To: []string{"o'donnel!$*+:x@example.com"}}, "mailto:o'donnel!$*+:x@example.com", "mailto:o'donnel!$*+:x@example.com"},
		{"2 semicolon in a field", Mailto{To: []string{"a@example.org"}, Subject: "a;b"}, "mailto:a@example.org?subject=a;b", "mailto:a@example.org?subject=a;b"},
		{"6.2 percent in local part", Mailto{To: []string{"gorby%kremvax@example.com"}}, "mailto:gorby%25kremvax@example.com", "mailto:gorby%25kremvax@example.com"},
		{"6.2 quoted local part", Mailto{To: []string{`"not@me"@example.org`}}, "mailto:%22not%40me%22@example.org", "mailto:%22not%40me%22@example.org"},
		{"6.2 backslash", Mailto{To: []string{`"oh\\no"@example.org`}}, "mailto:%22oh%5C%5Cno%22@example.org", "mailto:%22oh%5C%5Cno%22@example.org"},
		{"6.2 ampersand", Mailto{To: []string{"user@example.org"}, Subject: "Test", Body: "NOT!"},
			"mailto:user@example.org?subject=Test&body=NOT!", "mailto:user@example.org?subject=Test&body=NOT!"},
		{"6.2 delimiters in body", Mailto{To: []string{"a@example.org"}, Body: "a=b&c?d/e#f+g"},
			"mailto:a@example.org?body=a%3Db%26c%3Fd%2Fe%23f%2Bg", "mailto:a@example.org?body=a%3Db%26c%3Fd%2Fe%23f%2Bg"},
		{"6.2 UTF-8 subject", Mailto{To: []string{"user@example.org"}, Subject: "café"},
			"mailto:user@example.org?subject=café", "mailto:user@example.org?subject=caf%C3%A9"},
		{"6.3 IDN domain", Mailto{To: []string{"user@納豆.example.org"}, Subject: "Test", Body: "NATTO"},
			"mailto:user@納豆.example.org?subject=Test&body=NATTO", "mailto:user@xn--99zt52a.example.org?subject=Test&body=NATTO"},
		{"EAI local part", Mailto{To: []string{"иван@пример.рф"}},
			"mailto:иван@пример.рф", "mailto:%D0%B8%D0%B2%D0%B0%D0%BD@xn--e1afmkfd.xn--p1ai"},
		{"comma in local part", Mailto{To: []string{`"a,b"@example.org`}}, "mailto:%22a%2Cb%22@example.org", "mailto:%22a%2Cb%22@example.org"},
		{"domain literal", Mailto{To: []string{"a@[192.0.2.1]"}}, "mailto:a@%5B192.0.2.1%5D", "mailto:a@%5B192.0.2.1%5D"},
		{"no address", Mailto{Subject: "x"}, "mailto:?subject=x", "mailto:?subject=x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := tt.m.IRI()
			if got := u.String(); got != tt.iri {
				t.Errorf("String() = %q, want %q", got, tt.iri)
			}
			if vs := Validate(u.String()); vs != nil {
				t.Errorf("not valid: %v", vs)
			}
			if got, err := u.URI(); err != nil || got != tt.uri {
				t.Errorf("URI() = %q, %v; want %q", got, err, tt.uri)
			}
		})
	}
}

// RFC 8089 Section 2 and Appendix E.
func TestFilePath(t *testing.T) {
	tests := []struct {
		name, in string
		windows  bool
		iri, uri string
	}{
		{"posix space", "/tmp/a b", false, "file:///tmp/a%20b", "file:///tmp/a%20b"},
		{"posix UTF-8", "/home/jürgen/日記.txt", false, "file:///home/jürgen/日記.txt", "file:///home/j%C3%BCrgen/%E6%97%A5%E8%A8%98.txt"},
		{"posix not UTF-8", "/tmp/D\xfcrst", false, "file:///tmp/D%FCrst", "file:///tmp/D%FCrst"},
		{"posix delimiters", "/a#b?c%d", false, "file:///a%23b%3Fc%25d", "file:///a%23b%3Fc%25d"},
		{"posix root", "/", false, "file:///", "file:///"},
		{"posix double slash", "//x/y", false, "file:////x/y", "file:////x/y"},
		{"windows drive", `C:\dir\a b`, true, "file:///C:/dir/a%20b", "file:///C:/dir/a%20b"},
		{"windows forward slashes", `d:/x/é`, true, "file:///d:/x/é", "file:///d:/x/%C3%A9"},
		{"windows UNC", `\\server\share\f.txt`, true, "file://server/share/f.txt", "file://server/share/f.txt"},
		{"windows long", `\\?\C:\x`, true, "file:///C:/x", "file:///C:/x"},
		{"windows long UNC", `\\?\UNC\srv\s\x`, true, "file://srv/s/x", "file://srv/s/x"},
		{"windows percent", `C:\100%`, true, "file:///C:/100%25", "file:///C:/100%25"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := FilePath
			if tt.windows {
				f = WindowsFilePath
			}
			u, err := f(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := u.String(); got != tt.iri {
				t.Errorf("String() = %q, want %q", got, tt.iri)
			}
			if got, err := u.URI(); err != nil || got != tt.uri {
				t.Errorf("URI() = %q, %v; want %q", got, err, tt.uri)
			}
		})
	}
	for _, bad := range []struct {
		in      string
		windows bool
	}{{"rel/x", false}, {"", false}, {`dir\x`, true}, {`C:dir`, true}, {`\\`, true}, {"/x", true}} {
		t.Run("relative "+bad.in, func(t *testing.T) {
			f := FilePath
			if bad.windows {
				f = WindowsFilePath
			}
			if _, err := f(bad.in); !errors.Is(err, ErrNotAbsolute) {
				t.Errorf("err = %v, want ErrNotAbsolute", err)
			}
		})
	}
}
