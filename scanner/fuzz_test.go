package scanner

import (
	"bytes"
	"github.com/iriscan/iriscan/iri"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzScan checks the scanner's invariants on arbitrary input: no panic;
// identical results for the whole buffer, for a chunked stream and with
// the separate trigger searches instead of the fused one, and with the
// fast paths off (finder.slow); every
// match lies inside the input, in order, without overlap, no longer than the
// limit; its text is the input's bytes; its target IRI has a scheme and
// contains no character that ends a match; and its URI form
// (iri.ToURI) is an RFC 3986 URI: ASCII and valid by iri.Validate
// (for ASCII input that is the RFC 3986 grammar).
func FuzzScan(f *testing.F) {
	for _, s := range []string{
		"see http://example.com/a_(b) and www.example.org.",
		"<URL:http://example.com/very/\n long>", "「http://例え.テスト/パス」。",
		"mail jane.doe@example.com, x@y", "普遍适用测试。我爱你 example.com:443/x",
		"http://[2001:db8::1]:80/?q=\ue000#f#g", "\u2066http://a.example/\u2069",
		"詳しくはhttps://www.example.jp。次に (https://git.example.org参照) svn+ssh://svn.example.org/r",
		"scp a alice@files.example.org:backup/ \"john smith\"@example.com o'donnel@example.com user@[IPv6:2001:db8::1]",
		"<https://example.org/doc/user\u2010\n   guide/> \u27e8https://e.example/a-\n b\u27e9 http://x.example/{a}|b^c`d\\e",
		"inet:8891@localhost urn:isbn:0451450523 Foo::Bar gopher://g.example/1 tel:+1-201-555-0123",
		// The real-text rules: CJK prose after a path, wrapped addresses,
		// LDAP filters, file:/, login targets, templates, regexes.
		"サイトの https://packages.debian.org/を訪問 <mario.blaetter\u2010\n   mann@gmail.com> E-Mail ⟨man-pages-ru-\n talks@lists.example.net⟩",
		"ldap://h.example/o=x??sub?(cn=Babs%20Jensen) <file:/etc/passwd> ssh -p 22 u@h.example.org http://user:pass@server:port/ ftp://ip_server/ ^http://sf\\.net/ x-(.+)\\.gz",
	} {
		f.Add([]byte(s), true, uint8(3), uint16(40))
	}
	f.Fuzz(func(t *testing.T, data []byte, fuzzy bool, chunk uint8, maxLen uint16) {
		o := &Options{Fuzzy: fuzzy, MaxLength: int(maxLen)}
		whole := Find(data, o)
		got := scanAll(t, NewScanner(&splitReader{data: data, sizes: []int{int(chunk%64) + 1, 1, 17}}, o))
		if !sameMatches(got, whole) {
			t.Fatalf("chunked: %s", firstDiff(got, whole))
		}
		// AppendSpans gives where Find's matches are, after what dst held.
		if got := AppendSpans([]Span{{End: -1}}, data, o); !sameSpans(got[1:], whole) || got[0].End != -1 {
			t.Fatalf("AppendSpans %+v, Find %s", got, firstDiff(whole, nil))
		}
		// The fused trigger search (amd64) finds what the separate
		// searches of the other builds find.
		sep := newBytesScanner(data, newFinder(o))
		sep.fused = false
		if got := scanAll(t, sep); !sameMatches(got, whole) {
			t.Fatalf("separate trigger searches: %s", firstDiff(got, whole))
		}
		// The fast paths give what the general parsing gives.
		if got := findSlow(data, o); !sameMatches(got, whole) {
			t.Fatalf("fast paths: %s", firstDiff(whole, got))
		}
		limit := int(maxLen)
		if limit == 0 {
			limit = DefaultMaxLength
		}
		var prevEnd int64
		for _, m := range whole {
			end := m.Offset + int64(m.Length)
			if m.Offset < prevEnd || m.Length <= 0 || end > int64(len(data)) || m.Length > int64(limit) {
				t.Fatalf("match %+v outside the input (%d bytes) or overlapping (previous end %d)", m, len(data), prevEnd)
			}
			prevEnd = end
			if string(data[m.Offset:end]) != m.Text {
				t.Fatalf("match text %q is not the input's bytes", m.Text)
			}
			target := m.Target()
			if i := strings.IndexByte(target, ':'); i <= 0 || !isLetter(target[0]) {
				t.Fatalf("target %q has no scheme", target)
			}
			if !utf8.ValidString(target) {
				t.Fatalf("target %q is not UTF-8", target)
			}
			uri, err := iri.ToURI(target)
			if strayPercent(target) {
				// Not an IRI (issue 11): the converter reports it.
				if err == nil {
					t.Fatalf("ToURI(%q) = %q: no error for a stray '%%'", target, uri)
				}
				continue
			}
			if err != nil {
				t.Fatalf("ToURI(%q): %v", target, err)
			}
			for i := 0; i < len(uri); i++ {
				if uri[i] >= 0x80 {
					t.Fatalf("URI %q of %q is not ASCII", uri, target)
				}
			}
			if v := iri.Validate(uri); v != nil {
				t.Fatalf("URI %q of %q is not valid: %v", uri, target, v)
			}
			// Rule 7: the IRI form is a valid IRI.
			ti, err := iri.ToIRI(target)
			if err != nil {
				t.Fatalf("ToIRI(%q): %v", target, err)
			}
			if v := iri.Validate(ti); v != nil {
				t.Fatalf("IRI %q of %q is not valid: %v", ti, target, v)
			}
			for _, r := range target {
				if r < 0x80 && asciiClass[r] == cHard || r >= 0x80 && classOf(r, true) == cHard && r != 0x3002 && r != 0xFF0E && r != 0xFF61 {
					t.Fatalf("target %q contains %U", target, r)
				}
			}
		}
	})
}

// FuzzHTML checks the HTML scanner: no panic; the same matches whether the
// document arrives whole or in small reads, and those of attributes are
// the same when only attributes are scanned; every match lies inside the
// document, in order, its Text is the document's bytes there, attribute
// matches carry their element and attribute, and the URI form of every
// running-text match is a valid URI.
func FuzzHTML(f *testing.F) {
	for _, s := range []string{
		`<a href="http://example.com/?a=1&amp;b=2">x</a> see www.example.org.`,
		`<img srcset="a.png 1x, b.png,c.png 2x" src=d.png><meta http-equiv=refresh content="0; url='/x'">`,
		`<p>&lt;http://e.example/&#x4E2D;&gt; <code>http://no.example/</code></p><!-- http://c.example/ -->`,
		`<script>var u = "http://s.example/"</script><object data=o.swf archive="a b">`,
		`<a href="/p?a=1&copy=2&reg;=3&#x26;b">x</a><noscript>http://n.example/</noscript><xmp>http://x.example/</xmp>`,
		`<svg><text>http://s.example/</text><p>http://p.example/</svg><math><mi>x</mi></math><title/>http://t.example/</title>`,
		`<script><!--<script>http://a.example/</script>--></script><plaintext>http://p.example/`,
	} {
		f.Add([]byte(s), uint8(5))
	}
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8) {
		whole := scanAll(t, NewHTMLScanner(bytes.NewReader(data), nil))
		got := scanAll(t, NewHTMLScanner(&splitReader{data: data, sizes: []int{int(chunk%16) + 1}}, nil))
		if !sameMatches(got, whole) {
			t.Fatalf("chunked: %s", firstDiff(got, whole))
		}
		// Attributes only (the lexer passes over the other tokens):
		// exactly the attribute and CSS matches of the whole scan.
		var attrs []Match
		for _, m := range whole {
			if m.Kind == KindAttr || m.Kind == KindCSS {
				attrs = append(attrs, m)
			}
		}
		got = scanAll(t, NewHTMLScanner(&splitReader{data: data, sizes: []int{int(chunk%16) + 1}}, &HTMLOptions{SkipText: true}))
		if !sameMatches(got, attrs) {
			t.Fatalf("attributes only: %s", firstDiff(got, attrs))
		}
		var prevEnd int64
		for _, m := range whole {
			end := m.Offset + int64(m.Length)
			if m.Offset < prevEnd || m.Length <= 0 || end > int64(len(data)) {
				t.Fatalf("match %+v outside the input (%d bytes) or overlapping (previous end %d)", m, len(data), prevEnd)
			}
			prevEnd = end
			if string(data[m.Offset:end]) != m.Text {
				t.Fatalf("match text %q is not the input's bytes %q", m.Text, data[m.Offset:end])
			}
			if m.Kind == KindAttr && (m.Element == "" || m.Attr == "") {
				t.Fatalf("attribute match without element or attribute: %+v", m)
			}
			if m.Kind == KindAttr || m.Kind == KindCSS {
				// A URL the author wrote (href="0:", url(0:)) is
				// reported as written, an IRI reference or not: the
				// rewriter reports one it cannot convert and leaves it.
				continue
			}
			uri, err := iri.ToURI(m.Target())
			if strayPercent(m.Target()) {
				if err == nil {
					t.Fatalf("ToURI(%q) = %q: no error for a stray '%%'", m.Target(), uri)
				}
				continue
			}
			if err != nil {
				t.Fatalf("ToURI(%q): %v", m.Target(), err)
			}
			if v := iri.Validate(uri); v != nil {
				t.Fatalf("URI %q of %q is not valid: %v", uri, m.Target(), v)
			}
		}
	})
}

// strayPercent reports whether s has a '%' not followed by two hex digits.
func strayPercent(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			return true
		}
	}
	return false
}

func isHex(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }
