package scanner

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// ruleCase is one input and the matches it must produce, written as
// "kind:text" (kind omitted for scheme matches).
type ruleCase struct {
	in    string
	want  []string
	fuzzy bool
}

func describe(ms []Match) []string {
	var out []string
	for _, m := range ms {
		if m.Kind == KindScheme {
			out = append(out, m.Text)
		} else {
			out = append(out, m.Kind.String()+":"+m.Text)
		}
	}
	return out
}

func runRule(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		got := describe(Find([]byte(c.in), &Options{Fuzzy: c.fuzzy}))
		if !slices.Equal(got, c.want) {
			t.Errorf("Find(%q, fuzzy=%v)\n\tgot  %q\n\twant %q", c.in, c.fuzzy, got, c.want)
		}
	}
}

// Rule 1: starts — known schemes (with // for hierarchical ones), www.,
// e-mail addresses; javascript:, vbscript:, data: never; bare domains only
// in fuzzy mode, with care for file names.
func TestRule1Starts(t *testing.T) {
	runRule(t, []ruleCase{
		{in: "see http://example.com now", want: []string{"http://example.com"}},
		{in: "HTTPS://EXAMPLE.COM/A", want: []string{"HTTPS://EXAMPLE.COM/A"}},
		{in: "ftp://ftp.example.org/pub", want: []string{"ftp://ftp.example.org/pub"}},
		{in: "wss://example.net:8443/s", want: []string{"wss://example.net:8443/s"}},
		{in: "file:///etc/hosts", want: []string{"file:///etc/hosts"}},
		{in: "http:example.com", want: nil},    // hierarchical needs //
		{in: "http:/example.com", want: nil},   // hierarchical needs //
		{in: "http:// example.com", want: nil}, // no host
		{in: "mailto:a@example.com", want: []string{"mailto:a@example.com"}},
		{in: "urn:isbn:0451450523", want: []string{"urn:isbn:0451450523"}},
		{in: "tel:+1-201-555-0123.", want: []string{"tel:+1-201-555-0123"}},
		{in: "geo:37.786971,-122.399677;u=35", want: []string{"geo:37.786971,-122.399677;u=35"}},
		{in: "magnet:?xt=urn:btih:c12fe1", want: []string{"magnet:?xt=urn:btih:c12fe1"}},
		{in: "xmpp:romeo@montague.net", want: []string{"xmpp:romeo@montague.net"}},
		{in: "javascript:alert(1)", want: nil},
		{in: "vbscript:msgbox", want: nil},
		{in: "data:text/plain,hi", want: nil},
		{in: "unknown://example.com", want: nil},
		{in: "go to www.example.com.", want: []string{"www:www.example.com"}},
		{in: "WWW.EXAMPLE.ORG/x", want: []string{"www:WWW.EXAMPLE.ORG/x"}},
		{in: "www.example", want: nil},      // not a real host (no ICANN TLD)
		{in: "wwww.example.com", want: nil}, // not "www." at a word start
		{in: "write to jane.doe@example.com.", want: []string{"email:jane.doe@example.com"}},
		{in: "ユーザー@例え.jp", want: []string{"email:ユーザー@例え.jp"}},
		{in: "연락처는user@example.kr입니다", want: []string{"email:user@example.kr"}},
		{in: "a..b@example.com", want: nil},
		{in: ".ab@example.com", want: nil},
		{in: "ab.@example.com", want: nil},
		{in: "foo@bar", want: nil},
		{in: "image@2x.png", want: nil}, // .png is not a TLD
		// Bare domains: only in fuzzy mode.
		{in: "see example.com/a", want: nil},
		{in: "see example.com/a", want: []string{"fuzzy:example.com/a"}, fuzzy: true},
		{in: "президент.рф", want: []string{"fuzzy:президент.рф"}, fuzzy: true},
		{in: "read README.md first", want: nil, fuzzy: true},
		{in: "edit Makefile.in", want: nil, fuzzy: true},
		{in: "docs.example.md/x", want: []string{"fuzzy:docs.example.md/x"}, fuzzy: true},
		{in: "node.js and io.js", want: nil, fuzzy: true},
		{in: "/path/to/file.pl", want: nil, fuzzy: true},
		{in: "192.168.1.1/abc", want: []string{"fuzzy:192.168.1.1/abc"}, fuzzy: true},
		{in: "1.2.3.400", want: nil, fuzzy: true},
		{in: "name.al+x@foo.com", want: []string{"email:name.al+x@foo.com"}, fuzzy: true},
	})
}

// A configured scheme list replaces the default one.
func TestRule1SchemeList(t *testing.T) {
	o := &Options{Schemes: []Scheme{{Name: "Gemini", Hierarchical: true}, {Name: "did"}}}
	got := describe(Find([]byte("gemini://example.org/ did:example:123 http://example.com"), o))
	want := []string{"gemini://example.org/", "did:example:123"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Rule 2: a scheme may follow any character that is not an ASCII letter or
// digit.
func TestRule2SchemeBoundary(t *testing.T) {
	runRule(t, []ruleCase{
		{in: "詳細はhttp://example.jp/を参照", want: []string{"http://example.jp/"}}, // CJK prose after an ASCII path (TestCJKProseAfterPath)
		{in: "詳細はhttps://例え.テスト/パス。次", want: []string{"https://例え.テスト/パス"}},
		{in: "(http://example.com)", want: []string{"http://example.com"}},
		{in: "x_http://example.com", want: []string{"http://example.com"}},
		{in: "xhttp://example.com", want: nil},
		{in: "1http://example.com", want: nil},
		{in: "éhttp://example.com", want: []string{"http://example.com"}},
		{in: "svn+http://example.com", want: []string{"svn+http://example.com"}}, // one compound scheme (rule 3 of issue 13)
	})
}

// Rule 3: the body is IRI characters; whitespace, controls, ASCII outside
// IRIs and bidi formatting characters end it.
func TestRule3Body(t *testing.T) {
	runRule(t, []ruleCase{
		{in: "http://example.com/ünïcödé/路径?q=值#片段", want: []string{"http://example.com/ünïcödé/路径?q=值#片段"}},
		{in: "http://example.com/a%20b", want: []string{"http://example.com/a%20b"}},
		{in: "http://example.com/a\u00a0b", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\u3000b", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\u2003b", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\tb", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\x01b", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\u0085b", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a<b", want: []string{"http://example.com/a"}},
		// ASCII outside IRIs that the peers keep (UTS #58 Include, GFM,
		// linkify-it); | and ` are kept only when more body follows.
		{in: "http://example.com/a|b", want: []string{"http://example.com/a|b"}},
		{in: "http://example.com/a|", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\\b", want: []string{"http://example.com/a\\b"}},
		{in: "http://example.com/a^b", want: []string{"http://example.com/a^b"}},
		{in: "http://example.com/a`b", want: []string{"http://example.com/a`b"}},
		{in: "`http://example.com/a` and", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\u200eb", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\u202bb", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\u2067b", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a\u061cb", want: []string{"http://example.com/a"}},
		{in: "\u2066http://example.com/\u2069", want: []string{"http://example.com/"}},
		{in: "http://example.com/a\ue000b", want: []string{"http://example.com/a"}},                                          // iprivate outside the query
		{in: "http://example.com/?a\ue000b", want: []string{"http://example.com/?a\ue000b"}},                                 // iprivate in the query
		{in: "http://example.com/a\xffb", want: []string{"http://example.com/a"}},                                            // invalid UTF-8
		{in: "http://example.com/\ufdd0", want: []string{"http://example.com/"}},                                             // noncharacter
		{in: "https://fa.wikipedia.org/wiki/ویکی\u200cپدیا", want: []string{"https://fa.wikipedia.org/wiki/ویکی\u200cپدیا"}}, // ZWNJ is part of words
	})
}

// Rule 4: hosts must be real.
func TestRule4Hosts(t *testing.T) {
	runRule(t, []ruleCase{
		{in: "http://192.0.2.1/x", want: []string{"http://192.0.2.1/x"}},
		{in: "http://[2001:db8::1]:8080/", want: []string{"http://[2001:db8::1]:8080/"}},
		{in: "http://[zz::1]/", want: nil},
		{in: "http://localhost:8080/x", want: []string{"http://localhost:8080/x"}},
		{in: "http://пример.рф/", want: []string{"http://пример.рф/"}},
		{in: "http://例え.テスト/", want: []string{"http://例え.テスト/"}},
		{in: "http://مثال.إختبار/", want: []string{"http://مثال.إختبار/"}},
		{in: "http://例え。テスト/x", want: []string{"http://例え。テスト/x"}},
		{in: "http://例え．テスト/x", want: []string{"http://例え．テスト/x"}},
		{in: "http://例え｡テスト/x", want: []string{"http://例え｡テスト/x"}},
		{in: "http://-foo.example.com/", want: nil},
		{in: "http://foo-.example.com/", want: nil},
		{in: "http://foo..example.com/", want: nil},
		{in: "http://.example.com/", want: nil},
		{in: "http://1.2.3.400/", want: nil},
		{in: "http://example.com_", want: nil},        // no TLD is spelled with '_'
		{in: "http://example.com-that-x/", want: nil}, // … or with '-' outside an A-label
		{in: "http://example.xn--p1ai/", want: []string{"http://example.xn--p1ai/"}},
		{in: "http://host-name/x", want: []string{"http://host-name/x"}},                         // one label: no TLD rule
		{in: "http://sub_domain.example.com/", want: []string{"http://sub_domain.example.com/"}}, // STD3 off
		{in: "http://" + strings.Repeat("a", 64) + ".com/", want: nil},
		{in: "http://example.com:65535/", want: []string{"http://example.com:65535/"}},
		{in: "http://example.com:65536/", want: nil},
		{in: "http://example.com./x", want: []string{"http://example.com./x"}},
		{in: "http://example.com.", want: []string{"http://example.com"}},
		{in: "http://user:pw@example.com/", want: []string{"http://user:pw@example.com/"}},
		{in: "www.пример.рф", want: []string{"www:www.пример.рф"}},
		{in: "普遍适用测试。我爱你", want: []string{"fuzzy:普遍适用测试。我爱你"}, fuzzy: true},
		{in: "example.com中国語", want: []string{"fuzzy:example.com"}, fuzzy: true},
		{in: "a@example.invalid", want: nil},
	})
}

// Rule 5: the end of a match.
func TestRule5End(t *testing.T) {
	u := "http://example.com/p"
	var cases []ruleCase
	for _, p := range []string{".", ",", ":", ";", "!", "?", "'", "\"", "*", "...", "?!", "。", "、", "，", "．", "！", "？", "：", "；", "…", "।", "॥", "،", "؛", "؟", "۔", "”", "’", "»", "›"} {
		cases = append(cases, ruleCase{in: u + p + " next", want: []string{u}})
		cases = append(cases, ruleCase{in: u + p, want: []string{u}})
	}
	cases = append(cases, []ruleCase{
		// Punctuation followed by more IRI characters stays.
		{in: "http://example.com/a.html", want: []string{"http://example.com/a.html"}},
		{in: "http://example.com/a,b;c:d!e?f*g", want: []string{"http://example.com/a,b;c:d!e?f*g"}},
		// CJK sentence and clause punctuation ends a match even when letters follow.
		{in: "http://example.com/a。b", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a、b", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a，b", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a：b", want: []string{"http://example.com/a"}},
		// Brackets: balanced stay, to any depth; unbalanced closers end the match.
		{in: "(see http://example.com/a)", want: []string{"http://example.com/a"}},
		{in: "http://en.wikipedia.org/wiki/Primer_(film)", want: []string{"http://en.wikipedia.org/wiki/Primer_(film)"}},
		{in: "(http://example.com/a_(b_(c)_d))", want: []string{"http://example.com/a_(b_(c)_d)"}},
		{in: "[http://example.com/a[1]]", want: []string{"http://example.com/a[1]"}},
		{in: "{http://example.com/a{1}}", want: []string{"http://example.com/a{1}"}},
		{in: "http://example.com/a(b]", want: []string{"http://example.com/a(b"}},
		{in: "http://example.com/a(", want: []string{"http://example.com/a"}},
		{in: "（http://example.com/a（b）c）", want: []string{"http://example.com/a（b）c"}},
		{in: "「http://example.com/a」です", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a『b』c", want: []string{"http://example.com/a『b』c"}},
		{in: "【http://example.com/a】", want: []string{"http://example.com/a"}},
		{in: "〈http://example.com/a〉", want: []string{"http://example.com/a"}},
		{in: "《http://example.com/a》", want: []string{"http://example.com/a"}},
		{in: "〔http://example.com/a〕", want: []string{"http://example.com/a"}},
		{in: "［http://example.com/a］", want: []string{"http://example.com/a"}},
		{in: "http://example.com/a）です", want: []string{"http://example.com/a"}},
		// Brackets balance within a path segment.
		{in: "http://example.com/a(b/c)d", want: []string{"http://example.com/a(b/c"}},
		// Quotes opened inside the match may close it.
		{in: "http://example.com/'q'", want: []string{"http://example.com/'q'"}},
		// A new scheme or www. right after punctuation starts a new match.
		{in: "http://a.example/x,http://b.example/y", want: []string{"http://a.example/x", "http://b.example/y"}},
		{in: "http://a.example/x;www.example.com", want: []string{"http://a.example/x", "www:www.example.com"}},
		{in: "https://web.archive.org/web/2020/http://example.com/", want: []string{"https://web.archive.org/web/2020/http://example.com/"}},
		{in: "http://example.com/?u=http://b.example", want: []string{"http://example.com/?u=http://b.example"}},
	}...)
	runRule(t, cases)
}

// Rule 6: delimited forms.
func TestRule6Delimited(t *testing.T) {
	runRule(t, []ruleCase{
		{in: "<http://example.com/a.>", want: []string{"http://example.com/a."}},
		{in: "<URL:http://example.com/a>", want: []string{"http://example.com/a"}},
		{in: "<url:http://example.com/a>", want: []string{"http://example.com/a"}},
		{in: "<http://example.com/very/\n  long/path>", want: []string{"http://example.com/very/\n  long/path"}},
		{in: "<www.example.com/a b>", want: []string{"www:www.example.com/a b"}},
		{in: "<user@example.com>.", want: []string{"email:user@example.com"}},
		{in: "\"http://example.com/a\"b\" x", want: []string{"http://example.com/a"}},
		{in: "“http://example.com/a”b", want: []string{"http://example.com/a"}},
		{in: "«http://example.com/a»b", want: []string{"http://example.com/a"}},
		{in: "‹http://example.com/a›b", want: []string{"http://example.com/a"}},
		{in: "「http://example.com/a」b", want: []string{"http://example.com/a"}},
		{in: "『http://example.com/a』b", want: []string{"http://example.com/a"}},
		{in: "<http://example.com/a", want: []string{"http://example.com/a"}},
	})
	ms := Find([]byte("<URL:http://example.com/very/\n  long/path>"), nil)
	if len(ms) != 1 || ms[0].IRI != "http://example.com/very/long/path" || ms[0].Offset != 5 {
		t.Errorf("wrapped IRI: got %+v", ms)
	}
}

// Rule 7: a candidate longer than the limit is not a match and is passed
// over whole.
func TestRule7Bounded(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("a", 100)
	o := &Options{MaxLength: 100}
	got := describe(Find([]byte(long+" http://example.org/ "+long[:50]), o))
	want := []string{"http://example.org/", long[:50]}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	// Nothing inside an overlong candidate is matched, not even after punctuation.
	got = describe(Find([]byte(long+",x@example.com"), o))
	if len(got) != 0 {
		t.Errorf("overlong tail: got %q", got)
	}
	exact := "http://example.com/" + strings.Repeat("b", 100-19)
	if got := describe(Find([]byte(exact), o)); !slices.Equal(got, []string{exact}) {
		t.Errorf("exactly at the limit: got %q", got)
	}
	if got := describe(Find([]byte(exact+"b"), o)); len(got) != 0 {
		t.Errorf("one over the limit: got %q", got)
	}
}

// matchScanner is what Scanner and HTMLScanner have in common.
type matchScanner interface {
	Scan() bool
	Match() Match
	Err() error
}

// scanAll returns all the matches of s and fails on an error.
func scanAll(t testing.TB, s matchScanner) []Match {
	t.Helper()
	var ms []Match
	for s.Scan() {
		ms = append(ms, s.Match())
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return ms
}

func sameMatches(a, b []Match) bool {
	return fmt.Sprint(a) == fmt.Sprint(b)
}
