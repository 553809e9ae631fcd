package rewrite

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/scanner"
)

// match returns the match a scanner reports for s written as it is: an
// IRI with a scheme, "www." or an e-mail address.
func match(s string) scanner.Match {
	m := scanner.Match{Kind: scanner.KindScheme, Text: s, IRI: s}
	switch {
	case strings.HasPrefix(s, "www."):
		m.Kind = scanner.KindWWW
	case !strings.Contains(s, ":") && strings.Contains(s, "@"):
		m.Kind = scanner.KindEmail
	case !strings.Contains(s, ":"):
		m.Kind = scanner.KindFuzzy
	}
	return m
}

func mustLinker(t *testing.T, o LinkOptions) *Linker {
	t.Helper()
	l, err := NewLinker(o)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestLinkerSchemes: only the listed schemes are linked; javascript:,
// vbscript: and data: never are, and are reported only when named
// (issue 20 Section 2). The scheme of a www. or fuzzy match is the default
// scheme, of an address mailto.
func TestLinkerSchemes(t *testing.T) {
	for _, tc := range []struct {
		name           string
		o              LinkOptions
		iri            string
		links, reports bool
	}{
		{"no list: https", LinkOptions{}, "https://example.org/", true, true},
		{"no list: javascript", LinkOptions{}, "javascript:alert(1)", false, false},
		{"no list: vbscript", LinkOptions{}, "vbscript:msgbox(1)", false, false},
		{"no list: data", LinkOptions{}, "data:text/html,<b>x</b>", false, false},
		{"no list: DATA upper case", LinkOptions{}, "DATA:text/html,x", false, false},
		{"no list: relative reference", LinkOptions{}, "/a/b", true, true},
		{"https listed", LinkOptions{Schemes: []string{"https"}}, "https://example.org/", true, true},
		{"http not listed", LinkOptions{Schemes: []string{"https"}}, "http://example.org/", false, false},
		{"list in upper case", LinkOptions{Schemes: []string{"HTTPS"}}, "https://example.org/", true, true},
		{"scheme in upper case", LinkOptions{Schemes: []string{"https"}}, "HTTPS://example.org/", true, true},
		{"www gets https", LinkOptions{Schemes: []string{"https"}}, "www.example.org", true, true},
		{"www gets http", LinkOptions{Schemes: []string{"https"}, DefaultScheme: "http"}, "www.example.org", false, false},
		{"www with http listed", LinkOptions{Schemes: []string{"http"}, DefaultScheme: "http"}, "www.example.org", true, true},
		{"fuzzy gets https", LinkOptions{Schemes: []string{"http"}}, "example.org/a", false, false},
		{"address is mailto", LinkOptions{Schemes: []string{"https"}}, "jane@example.org", false, false},
		{"address with mailto listed", LinkOptions{Schemes: []string{"mailto"}}, "jane@example.org", true, true},
		{"javascript named: reported, not linked", LinkOptions{Schemes: []string{"javascript", "https"}}, "javascript:alert(1)", false, true},
		{"data named: reported, not linked", LinkOptions{Schemes: []string{"data"}}, "data:,x", false, true},
		{"vbscript named", LinkOptions{Schemes: []string{"VBScript"}}, "vbscript:x", false, true},
		{"relative reference not filtered", LinkOptions{Schemes: []string{"https"}}, "/a/b", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := mustLinker(t, tc.o)
			m := match(tc.iri)
			if tc.iri == "/a/b" {
				m.Kind = scanner.KindAttr
			}
			if got := l.Links(&m); got != tc.links {
				t.Errorf("Links = %v, want %v", got, tc.links)
			}
			if got := l.Reports(&m); got != tc.reports {
				t.Errorf("Reports = %v, want %v", got, tc.reports)
			}
		})
	}
	// A nil Linker is the zero policy.
	var l *Linker
	m := match("javascript:alert(1)")
	if l.Links(&m) || l.Reports(&m) {
		t.Error("nil Linker links javascript:")
	}
}

// TestLinkerScannerSchemes: the schemes named are the ones the scanner
// looks for, javascript: and data: included (not registered as
// hierarchical, so found without "//").
func TestLinkerScannerSchemes(t *testing.T) {
	l := mustLinker(t, LinkOptions{Schemes: []string{"https", "javascript", "mailto"}})
	got := l.ScannerSchemes()
	want := []scanner.Scheme{{Name: "https", Hierarchical: true}, {Name: "javascript"}, {Name: "mailto"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("scheme %d: got %v, want %v", i, got[i], want[i])
		}
	}
	if mustLinker(t, LinkOptions{}).ScannerSchemes() != nil {
		t.Error("no list: scanner schemes not nil")
	}
}

// TestHostPatterns: a pattern is a host, or "*." and a name for every
// subdomain at any depth but not the name itself; names compare on their
// A-labels (IDNA UTS #46 mapping: case, width, the ideographic and
// fullwidth full stops), a final dot ignored (RFC 1034 Section 3.1: an
// absolute name).
func TestHostPatterns(t *testing.T) {
	for _, tc := range []struct {
		pattern, iri string
		want         bool
	}{
		{"example.com", "https://example.com/", true},
		{"example.com", "https://EXAMPLE.COM/", true},
		{"example.com", "https://example.com./", true},
		{"example.com.", "https://example.com/", true},
		{"EXAMPLE.com", "https://example.com/", true},
		{"example.com", "https://www.example.com/", false},
		{"example.com", "https://badexample.com/", false},
		{"example.com", "https://example.com.evil.example/", false},
		{"example.com", "https://example.com:8443/x", true},
		{"example.com", "https://user@example.com/", true},
		{"example.com", "https://example.com@evil.example/", false},
		{"*.example.com", "https://a.example.com/", true},
		{"*.example.com", "https://a.b.c.example.com/", true},
		{"*.example.com", "https://example.com/", false},
		{"*.example.com", "https://aexample.com/", false},
		{"*.example.com", "https://A.EXAMPLE.COM./", true},
		{"*.com", "https://example.com/", true},
		{"*.com", "https://com/", false},
		{"例え.jp", "https://xn--r8jz45g.jp/", true},
		{"xn--r8jz45g.jp", "https://例え.jp/", true},
		{"XN--R8JZ45G.JP", "https://例え.jp/", true},
		{"*.例え.jp", "https://www.例え.jp/", true},
		{"*.例え.jp", "https://www.xn--r8jz45g.jp/", true},
		{"例え。jp", "https://例え.jp/", true},
		{"例え．jp", "https://例え.jp/", true},
		{"ＥＸＡＭＰＬＥ.com", "https://example.com/", true},
		{"bücher.de", "https://BÜCHER.de/", true},
		{"faß.de", "https://fass.de/", false}, // nontransitional: xn--fa-hia.de
		{"192.0.2.1", "http://192.0.2.1/", true},
		{"192.0.2.1", "http://192.0.2.10/", false},
		{"192.0.2.1", "http://192.0.2.1:8080/", true},
		{"[2001:db8::1]", "http://[2001:DB8:0::1]/", true},
		{"2001:db8::1", "http://[2001:db8::1]/", true},
		{"[2001:db8::1]", "http://[2001:db8::2]/", false},
		{"example.com", "jane@example.com", true},
		{"example.com", "jane@EXAMPLE.com", true},
		{"*.example.com", "jane@example.com", false},
		{"例え.jp", "info@例え.jp", true},
		{"example.com", "mailto:jane@example.com?subject=x", true},
		{"example.com", "www.example.com", false},
		{"*.example.com", "www.example.com/a", true},
	} {
		t.Run(tc.pattern+" "+tc.iri, func(t *testing.T) {
			m := match(tc.iri)
			deny := mustLinker(t, LinkOptions{HostsDeny: []string{tc.pattern}})
			if got := !deny.Links(&m); got != tc.want {
				t.Errorf("deny %q: denied = %v, want %v", tc.pattern, got, tc.want)
			}
			allow := mustLinker(t, LinkOptions{HostsAllow: []string{tc.pattern}})
			if got := allow.Links(&m); got != tc.want {
				t.Errorf("allow %q: allowed = %v, want %v", tc.pattern, got, tc.want)
			}
		})
	}
}

// TestHostListsTogether: a denial wins; a match without a host is never
// denied and not allowed by an allow list.
func TestHostListsTogether(t *testing.T) {
	l := mustLinker(t, LinkOptions{HostsAllow: []string{"*.example.com"}, HostsDeny: []string{"evil.example.com"}})
	for _, tc := range []struct {
		iri  string
		want bool
	}{
		{"https://docs.example.com/", true},
		{"https://evil.example.com/", false},
		{"https://a.evil.example.com/", true},
		{"https://example.org/", false},
		{"urn:isbn:0451450523", false},
	} {
		t.Run(tc.iri, func(t *testing.T) {
			m := match(tc.iri)
			if got := l.Links(&m); got != tc.want {
				t.Errorf("Links = %v, want %v", got, tc.want)
			}
		})
	}
	deny := mustLinker(t, LinkOptions{HostsDeny: []string{"example.com"}})
	m := match("urn:isbn:0451450523")
	if !deny.Links(&m) {
		t.Error("a match without a host was denied")
	}
}

// TestBadHostPatterns: each error names the pattern.
func TestBadHostPatterns(t *testing.T) {
	for _, p := range []string{
		"", "*", "*.", "*.*", "*.*.example.com", "a.*.example.com", "*example.com", "example.*",
		"example.com:80", "example.com:", "user@example.com", "example.com/path", "example.com?q",
		"*.192.0.2.1", "*.[2001:db8::1]", "-bad-.example", "exa mple.com", "[::1", "ab--cd.example",
		"example..com", "..", "http://example.com", "＊", "＊.example.com", "a\xffb.example",
	} {
		t.Run(p, func(t *testing.T) {
			_, err := NewLinker(LinkOptions{HostsDeny: []string{"ok.example", p}})
			if err == nil {
				t.Fatalf("pattern %q accepted", p)
			}
			if !errors.Is(err, ErrOptions) || !strings.Contains(err.Error(), strconv.Quote(p)) {
				t.Errorf("error %q does not name %q", err, p)
			}
		})
	}
}

// TestHrefTemplate: {uri} is replaced by the URI form escaped as a query
// value: "%" becomes "%25" (so that decoding gives the URI back), and the
// pair delimiters "&", "=", "+" and ";" are encoded, while "/", "?" and
// ":" stay as RFC 3986 Section 3.4 allows them in a query.
func TestHrefTemplate(t *testing.T) {
	for _, tc := range []struct {
		tpl, iri, want string
	}{
		{"https://out.example/r?to={uri}", "https://example.org/a", "https://out.example/r?to=https://example.org/a"},
		{"https://out.example/r?to={uri}", "https://例え.jp/資料?q=1&r=2",
			"https://out.example/r?to=https://xn--r8jz45g.jp/%25E8%25B3%2587%25E6%2596%2599?q%3D1%26r%3D2"},
		{"https://out.example/r?to={uri}&src=mail", "http://example.org/a+b;c", "https://out.example/r?to=http://example.org/a%2Bb%3Bc&src=mail"},
		{"https://例え.jp/転送?u={uri}", "https://example.org/", "https://xn--r8jz45g.jp/%E8%BB%A2%E9%80%81?u=https://example.org/"},
		{"/out?u={uri}", "www.example.org", "/out?u=https://www.example.org"},
		{"https://out.example/#{uri}", "https://example.org/#top", "https://out.example/#https://example.org/%23top"},
		{"https://out.example/?a={uri}&b={uri}", "mailto:a@example.org", "https://out.example/?a=mailto:a@example.org&b=mailto:a@example.org"},
		{"https://out.example/?u={uri}&iriscanuri=1", "https://example.org/", "https://out.example/?u=https://example.org/&iriscanuri=1"},
	} {
		t.Run(tc.tpl+" "+tc.iri, func(t *testing.T) {
			l := mustLinker(t, LinkOptions{HrefTemplate: tc.tpl, Title: true})
			m := match(tc.iri)
			a, ok, err := l.Anchor(&m, &iri.Converter{})
			if err != nil || !ok {
				t.Fatal(ok, err)
			}
			if a.Href != tc.want {
				t.Errorf("href\n got %q\nwant %q", a.Href, tc.want)
			}
			if vs := iri.Validate(a.Href); len(vs) > 0 {
				t.Errorf("href %q is not valid: %v", a.Href, vs)
			}
			if u, _ := iri.ToURI(tc.want); u != tc.want {
				t.Errorf("href %q is not a URI", a.Href)
			}
			if a.Title != a.URI || a.URI == "" {
				t.Errorf("title %q, want the URI %q", a.Title, a.URI)
			}
		})
	}
}

func TestBadHrefTemplates(t *testing.T) {
	for _, tpl := range []string{
		"https://out.example/r?to=",      // no {uri}
		"https://out.example/{uri}",      // in the path
		"https://{uri}/",                 // in the host
		"{uri}",                          // not in a query
		"https://out.example/?u={uri} x", // a space
		"https://[::1/?u={uri}",          // not an IRI
		"https://out.example/?u={URI}",
	} {
		t.Run(tpl, func(t *testing.T) {
			_, err := NewLinker(LinkOptions{HrefTemplate: tpl})
			if err == nil {
				t.Fatalf("template %q accepted", tpl)
			}
			if !errors.Is(err, ErrOptions) || !strings.Contains(err.Error(), tpl) {
				t.Errorf("error %q does not name %q", err, tpl)
			}
		})
	}
}

func TestBadLinkOptions(t *testing.T) {
	for name, o := range map[string]LinkOptions{
		"default scheme ftp":        {DefaultScheme: "ftp"},
		"default scheme with colon": {DefaultScheme: "https:"},
		"scheme with space":         {Schemes: []string{"ht tp"}},
		"empty scheme":              {Schemes: []string{""}},
		"scheme with digit first":   {Schemes: []string{"1http"}},
		"negative shorten":          {Shorten: -1},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := NewLinker(o); !errors.Is(err, ErrOptions) {
				t.Errorf("err = %v, want ErrOptions", err)
			}
		})
	}
}

// TestLinkifyPolicy runs whole documents through Linkify with a policy:
// denied, unlisted and script links stay text as written (escaped for
// HTML); class and title attributes are escaped; the link text keeps the
// shape of a www. match while its href gets the default scheme.
func TestLinkifyPolicy(t *testing.T) {
	for _, tc := range []struct {
		name   string
		o      LinkOptions
		format Format
		in     string
		want   string
	}{
		{"www gets https", LinkOptions{}, Text, "see www.example.org/a",
			`see <a href="https://www.example.org/a" dir="ltr">www.example.org/a</a>`},
		{"www gets http when asked", LinkOptions{DefaultScheme: "http"}, Text, "see www.example.org/a",
			`see <a href="http://www.example.org/a" dir="ltr">www.example.org/a</a>`},
		{"denied host stays text", LinkOptions{HostsDeny: []string{"*.evil.example"}}, Text, "a https://x.evil.example/?a&b b https://ok.example/",
			`a https://x.evil.example/?a&amp;b b <a href="https://ok.example/" dir="ltr">https://ok.example/</a>`},
		{"scheme not listed stays text", LinkOptions{Schemes: []string{"https"}}, Text, "ftp://ftp.example/ and https://example.org/",
			`ftp://ftp.example/ and <a href="https://example.org/" dir="ltr">https://example.org/</a>`},
		{"javascript named stays text", LinkOptions{Schemes: []string{"javascript", "https"}}, Text, "javascript:alert(1) https://example.org/",
			`javascript:alert(1) <a href="https://example.org/" dir="ltr">https://example.org/</a>`},
		{"class and title escaped", LinkOptions{Class: `ext "x" & <y>`, Title: true}, Text, "https://例え.jp/?a=1&b=2",
			`<a href="https://xn--r8jz45g.jp/?a=1&amp;b=2" class="ext &quot;x&quot; &amp; <y>" title="https://xn--r8jz45g.jp/?a=1&amp;b=2" dir="ltr">https://例え.jp/?a=1&amp;b=2</a>`},
		{"shortened text, whole href, in HTML", LinkOptions{Shorten: 15, StripScheme: true}, HTML, "<p>https://example.com/a/very/long/path</p>",
			`<p><a href="https://example.com/a/very/long/path" dir="ltr">example.com/a…h</a></p>`},
		{"strip scheme alone", LinkOptions{StripScheme: true}, Text, "http://example.com/ and www.example.org",
			`<a href="http://example.com/" dir="ltr">example.com/</a> and <a href="https://www.example.org" dir="ltr">www.example.org</a>`},
		{"template", LinkOptions{HrefTemplate: "https://out.example/?u={uri}"}, Text, "https://example.org/?a=1&b=2",
			`<a href="https://out.example/?u=https://example.org/?a%3D1%26b%3D2" dir="ltr">https://example.org/?a=1&amp;b=2</a>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			_, err := Linkify(&b, strings.NewReader(tc.in), Options{Format: tc.format, Links: mustLinker(t, tc.o)})
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("\n got %s\nwant %s", b.String(), tc.want)
			}
		})
	}
}

// FuzzHostPattern checks the host-pattern parser on any input: no panic;
// an accepted pattern is kept as lower-case ASCII without a final dot,
// parses again to itself, matches the host it names (or, for "*.", a
// subdomain of it and not the name itself).
func FuzzHostPattern(f *testing.F) {
	for _, s := range []string{"example.com", "*.example.com", "例え。jp", "ＥＸＡＭＰＬＥ.com.", "192.0.2.1",
		"[2001:db8::1]", "2001:db8::1", "*.", "*.com", "example.com:80", "a@b", "xn--r8jz45g.jp", "[v7.x]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parseHostPattern(s)
		if err != nil {
			if !errors.Is(err, ErrOptions) {
				t.Fatalf("%q: error %v does not wrap ErrOptions", s, err)
			}
			return
		}
		for i := 0; i < len(p.host); i++ {
			if c := p.host[i]; c >= 0x80 || 'A' <= c && c <= 'Z' {
				t.Fatalf("%q: key %q is not lower-case ASCII", s, p.host)
			}
		}
		if p.host == "" || strings.HasSuffix(p.host, ".") {
			t.Fatalf("%q: key %q", s, p.host)
		}
		again := p.host
		if p.subdomains {
			again = "*." + again
		}
		q, err := parseHostPattern(again)
		if err != nil || q != p {
			t.Fatalf("%q: key %q parses to %+v, %v", s, again, q, err)
		}
		host := p.host
		if p.subdomains {
			host = "a." + host
			if p.matches(p.host) {
				t.Fatalf("%q matches %q itself", s, p.host)
			}
		}
		if !p.matches(host) {
			t.Fatalf("%q does not match %q", s, host)
		}
		if m := match("http://" + host + "/"); !mustLinker(t, LinkOptions{HostsAllow: []string{s}}).Links(&m) {
			t.Fatalf("%q does not allow http://%s/", s, host)
		}
	})
}
