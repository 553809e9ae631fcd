package scanner

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// fusedRows lists, rule by rule, candidates the fused match path
// (fused.go) either parses itself or must hand to the general code: each
// row names the rule of find.go (or of draft-duerst-iri-bis, RFC 3986,
// UTS #58) it stands for, with several instances. The expected matches
// are the general code's (findSlow): the fused path may only be faster.
var fusedRows = []struct {
	rule  string
	texts []string
}{
	{"plain scheme, host and path", []string{
		"https://example.com/path/to/page.html", "http://example.org", "HTTP://EXAMPLE.ORG/A/B", "ftp://ftp.example.org/pub/",
		"https://a.b.c.example.co.uk/x/y/z", "git+https://example.com/r.git", "https://example.com/", "https://example.com./x",
		"https://example.com-", "http://192.0.2.1/x", "http://localhost/x", "svn+ssh://example.com/r",
	}},
	{"query and fragment (RFC 3986 Section 3.4, 3.5)", []string{
		"http://example.org/a?b=c&d=e", "http://example.org?q", "http://example.org#top", "http://example.org/a?b#c",
		"http://example.org/a#b?c", "http://example.org/a?b:c=d", "http://example.org/a#b:c", "http://example.org/?", "http://example.org/#",
		"http://example.org/a?", "http://example.org/a?b=", "http://example.org/a&b=c",
	}},
	{"trailing punctuation is soft (rule 5)", []string{
		"http://example.org/a.", "http://example.org/a,", "http://example.org/a;", "http://example.org/a!", "http://example.org/a*",
		"http://example.org/a:", "http://example.org/a?", "http://example.org/a...", "http://example.org/a.b.", "http://example.org/a.,;",
		"http://example.org/a…", "http://example.org/a。", "http://example.org/a、b", "http://example.org/a!b",
	}},
	{"a new IRI after punctuation starts a new match", []string{
		"http://example.org/a.http://example.net/b", "http://example.org/a,https://example.net/", "http://example.org/a.www.example.net/",
		"http://example.org/a,www.example.net", "http://example.org/a.wwwx.example", "http://example.org/a:mailto:x@example.org",
		"http://example.org/a;news:comp.lang", "http://example.org/a.Note:", "http://example.org/a..www.example.net",
	}},
	{"brackets are kept only when balanced (UTS #58)", []string{
		"https://en.wikipedia.org/wiki/Go_(programming_language)", "(http://example.org/a)", "(http://example.org/a(b)c)",
		"http://example.org/a(b(c)d)e)", "http://example.org/a)b", "http://example.org/a(b", "http://example.org/a(b/c)",
		"http://example.org/a（b）c）", "（http://example.org/a（b）c）", "http://example.org/【a】b】", "http://example.org/a(b】c",
		"http://example.org/a?(b)=c", "http://example.org/a?b=(c&d)", "http://example.org/a#(b:c)", "http://example.org/a(",
		"http://example.org/" + strings.Repeat("(", 40) + "a" + strings.Repeat(")", 40),
		"http://example.org/" + strings.Repeat("（", 33) + "a", "http://example.org/a(.)b",
	}},
	{"a regular expression is no link", []string{
		"http://sf.net/gentoo/gentoo-(.+)\\.tar\\.gz", "http://example.org/(.*)", "http://example.org/a(.+)", "http://sf\\.net/x",
		"http://example.org/a.\\.b", "http://example.org/\\d+", "www.example.org/(.+)",
	}},
	{"an LDAP filter query balances brackets across separators", []string{
		"ldap://ldap.example.com/o=x??sub?(cn=Babs%20Jensen)", "http://example.org/a?(b=c)d", "http://example.org/a?(b&c)",
	}},
	{"percent-encoding (encoded soft punctuation, non-ASCII octets)", []string{
		"http://example.org/a%20b", "http://example.org/a%22", "http://example.org/a%22http://example.net/",
		"http://example.org/%E6%9D%B1%E4%BA%AC", "%22http://example.org/a", "http://example.org/%", "http://example.org/a%2",
	}},
	{"characters Match.IRI escapes (rule 7) and quotes", []string{
		"http://example.org/a^b", "http://example.org/a`b`", "http://example.org/a|b", "http://example.org/a{b}", "http://example.org/a[b]",
		"http://example.org/it's", "http://example.org/'a'", "http://example.org/a\"b\"", "http://example.org/a#b#c", "http://example.org/a\\b",
		"http://[2001:db8::1]/x", "http://example.org/a<b", "http://example.org/a>b",
	}},
	{"delimited forms (RFC 3986 Appendix C, groff)", []string{
		"<http://example.org/a>", "<URL:http://example.org/a>", "⟨https://example.org/a⟩", "<www.example.org/a>", "<http://example.org/a b>",
		"<http://example.org/a\n  b>", "x<http://example.org/a", "<URL:www.example.org>", "<http://example.org/a.>",
		"<http://example.org/a.http://example.net/>", "<http://example.org/a,www.example.net>", "<http://example.com.>",
		"<http://example.com:8080>", "<http://example.com:>", "<http://example.com:port>", "<http://example.com/a#b#c>",
		"<http://example.com/a(b)>", "<http://example.com/a)>", "<http://example.com/a<b>", "<<http://example.com/a>",
		"<http://example.com/a>>", "<http://ex_ample/a>", "<http://example.com/a%20b>", "<http://user@example.com/a>",
		"<http://пример.рф/a>", "<http://example.com/путь>", "<http://example.com/a\\.b>", "<http://example.com/(.+)>",
		"<www.example.notatld>", "<www.example.com/a?b=c&d=e#f>", "<http://example.com/a?(b)>", "< http://example.com/a>",
		"<http://example.com/a >", "<http://example.com/a\t>", "<http://example.com/a\u00a0>", "<http://-example.com/>",
		"<http://example.com/" + strings.Repeat("a", 70) + ">", "<http://example.com?q>", "<http://example.com#f>",
		"<http://a.1 com/x>", "<http://ip_ser ver.com/x>", "<http://example.com/a\u2010b>", "<http://example.com/a(b)\u2010\n  c>",
	}},
	{"quoted forms (rule 6)", []string{
		"\"http://example.org/a\"", "`http://example.org/a`", "|http://example.org/a|", "'http://example.org/a'",
		"“http://example.org/a”", "„http://example.org/a“", "«http://example.org/a»", "‹http://example.org/a›", "「http://example.org/a」",
		"『http://example.org/a』", "“http://example.org/東京”", "「https://example.org/東京」です", "“www.example.org/a”", "«http://example.org/a»b",
	}},
	{"userinfo, port and placeholders", []string{
		"http://user:pw@example.org/x", "http://user@example.org", "http://example.org:8080/x", "http://example.org:80", "www.example.org:8080/x",
		"http://example.org:99999/x", "http://example.org:123456/", "http://example.org:port/", "http://localhost:<port>/", "http://host:${PORT}/",
		"www.example.org:/x", "http://ip_server/x", "http://host_name/", "http://my_host.example.org/", "www.ex_ample.org/x",
	}},
	{"hosts plainHost leaves to the general code", []string{
		"http://пример.рф/путь", "https://例え.テスト/パス", "http://xn--e1afmkfd.xn--p1ai/x", "www.пример.рф/x", "http://example.рф/x",
		"http://example.com。jp/x", "http://-example.com/", "http://example-.com/", "http://example.c_m/", "http://example.123/",
		"http://999.1.1.1/", "www.example.notatld/x", "www.example.md", "http://" + strings.Repeat("a", 64) + ".com/",
	}},
	{"non-ASCII paths (Section 8.3: a non-ASCII character does not end an IRI)", []string{
		"https://ru.wikipedia.org/wiki/Москва", "https://ar.wikipedia.org/wiki/مصر", "https://zh.wikipedia.org/wiki/北京",
		"https://example.org/ä/ö?ü=ß#é", "https://example.org/😀/x", "https://example.org/a\u00a0b", "https://example.org/a\u3000b",
		"https://example.org/a\xffb", "https://example.org/a\xe6\x9d", "https://example.org/a\xed\xa0\x80b", "https://example.org/a\xe0\x80\x80b",
		"https://example.org/a\xc0\xafb", "https://example.org/a\u200bb", "https://example.org/a\u202eb", "https://example.org/東京/大阪",
		"https://example.org/東京?q=東京#東京", "https://example.org/a?東京", "https://example.org/a#東京", "https://example.org/a?b#東京",
		"https://example.org/\ue000", "https://example.org/a?\ue000", "https://example.org/a#\ue000", "https://example.org/a?b#\ue000",
		"https://example.org/a#b?\ue000", "https://example.org/a?\ue000?b", "https://example.org/a…b", "https://example.org/a…",
		"https://example.org/a.東京", "https://example.org/a,Москва,", "https://example.org/ä.", "https://example.org/a(ä)", "https://example.org/ä)",
		"https://example.org/a」b", "https://example.org/a»", "https://example.org/%41ä", "https://example.org/a.www.example.net/ä",
		"https://example.org/ä.http://example.net/", "https://example.org/ä\xe6\x9d",
	}},
	{"CJK prose glued to an ASCII IRI (proseAfterPath)", []string{
		"サイトの https://packages.debian.org/を訪問すると", "可以在ftp://ftp.example.org/pub/unix/处获得", "東京 https://example.org/資料.pdf です",
		"詳細は https://example.org/wiki/東京/大阪 まで", "または www.example.jp/案内 まで", "https://example.org/を訪問", "https://example.org/docs/에서 확인",
		"これは https://example.org/検索?q=東京 です", "これは https://example.org/%41東京 です", "これは https://example.org/東京・大阪へ",
		"これは https://example.org/a?東京 です", "これは https://example.org/a#東京 です", "これは https://example.org/a.東京 です",
		"これは https://пример.рф/東京 です", "これは https://example.org/ä/東京 です", "これは https://user@example.org/東京 です",
		"これは https://user@пример.рф/東京 です", "これは http://example.org:8080/東京 です", "これは www.example.jp/東京 です",
		"これは https://example.org/a?東京,b?c です", "これは https://u%E6%9D%B1@example.org/東京を見る。",
		"「https://example.org/東京」", "“https://example.org/東京”です", "“https://example.org/東京”", "「https://example.org/東京」です",
	}},
	{"file and opaque schemes", []string{
		"file:///etc/passwd", "file://host/x", "file:/etc/passwd", "mailto:jane@example.org", "urn:isbn:0451450523", "news:comp.lang.go",
		"sip:alice@example.org;transport=tcp", "http:example.org", "http:/example.org", "http://", "https://", "http:/",
	}},
	{"e-mail addresses (RFC 5321, 5322, 6531) and what is none", []string{
		"jane.doe@example.com", "JANE@EXAMPLE.COM", "a@b.co", "o'donnel@example.com", "customer/department=shipping@example.com",
		"!def!xyz%abc@example.com", "first.last+tag@example.org", "a_b-c$d&e@example.org", "x~y#z{w}@example.org",
		"'jane@example.com'", "`jane@example.com`", "|jane@example.com|", "*jane@example.com*", "EMAIL=jane@example.com",
		"--author=jane@example.com", "?to=jane@example.com", "\"john smith\"@example.com", "jane..doe@example.com",
		".jane@example.com", "jane.@example.com", "+jane@example.com", "-jane@example.com", "%jane@example.com",
		"jane@[192.0.2.1]", "jane@[IPv6:2001:db8::1]", "root@192.168.1.1", "root@192.168.1.1.", "jane@example.com.",
		"inet:8891@localhost", "Email:jane@example.com", "unix:milter@example.com", "git@git.example.org:team/repo.git",
		"jane@example.com:", "john.doe@example.com:1234/x", "ssh username@example.org", "ssh -p 2222 -i key admin@example.org",
		"/usr/bin/ssh admin@example.org", "sendmail -f jane@example.com", "jane@пример.рф", "jane@example.notatld", "jane@localhost",
		"<jane@example.com>", "⟨jane@example.com⟩", "<URL:jane@example.com>", "<jane@example.\n   com>",
		"<jane@exam\u2010\n   ple.com>", "мария@example.com", "日本語jane@example.com",
		"jane@example.com/x", "jane@example.com-", "jane@-example.com", "jane@exa_mple.com", "@example.com", "jane@",
		strings.Repeat("a", 64) + "@example.com", strings.Repeat("a", 65) + "@example.com", "jane@" + strings.Repeat("a", 70) + ".com",
		"<mario.blaetter\u2010\n       mann@gmail.com>", "⟨man-pages-ru-\n       talks@lists.example.net⟩", "x\n   jane@example.com",
	}},
	{"www. candidates", []string{
		"www.example.org", "www.example.org/x", "WWW.EXAMPLE.ORG/X", "www.example.org.", "www.example.org?q", "www.example.org#x",
		"awww.example.org", "a.www.example.org", "www.example", "www.example.org-x", "www.x", "www..example.org",
	}},
}

// TestFusedPaths holds the fused match path to the general code on the
// rows of fusedRows, alone and in several contexts and modes.
func TestFusedPaths(t *testing.T) {
	contexts := []string{"%s", "see %s ok", "(%s)", "日本語の%sを見る", "日本語 %s 文章", "a %s\nb", "%s%s", "x%s", "%s.", "%s, and"}
	for _, row := range fusedRows {
		for _, text := range row.texts {
			for _, form := range contexts {
				w := strings.ReplaceAll(form, "%s", text)
				for _, o := range []*Options{nil, {Fuzzy: true}, {MaxLength: 20}, {MaxLength: 40}} {
					t.Run(row.rule+"/"+w, func(t *testing.T) {
						if got, want := Find([]byte(w), o), findSlow([]byte(w), o); !sameMatches(got, want) {
							t.Fatalf("options %+v: %s", o, firstDiff(got, want))
						}
					})
				}
			}
		}
	}
}

// TestDecodeRune: decodeRune is utf8.DecodeRune on every one-, two- and
// three-byte prefix and on truncated and invalid sequences.
func TestDecodeRune(t *testing.T) {
	var in [][]byte
	for a := 0; a < 256; a++ {
		in = append(in, []byte{byte(a)}, []byte{byte(a), 'x'})
		for b := 0x70; b < 0xd0; b++ {
			in = append(in, []byte{byte(a), byte(b)}, []byte{byte(a), byte(b), 0x80}, []byte{byte(a), byte(b), 0xbf, 0x80},
				[]byte{byte(a), byte(b), 'x'}, []byte{byte(a), byte(b), 0xc0})
		}
	}
	for _, b := range in {
		r, size := decodeRune(b, 0)
		wr, wsize := decodeRuneStd(b)
		if r != wr || size != wsize {
			t.Fatalf("decodeRune(% x) = %U, %d; utf8.DecodeRune %U, %d", b, r, size, wr, wsize)
		}
	}
}

func decodeRuneStd(b []byte) (rune, int) { return utf8.DecodeRune(b) }

// FuzzFused puts arbitrary bytes where the fused match path parses them
// (after a scheme and "//", or "www.", and as a path, query and fragment
// after a plain host), behind an arbitrary prefix, and requires the
// matches the general code finds (findSlow), in every mode.
func FuzzFused(f *testing.F) {
	for _, row := range fusedRows {
		for _, text := range row.texts {
			f.Add("see ", text, uint8(0))
		}
	}
	f.Fuzz(func(t *testing.T, before, tail string, form uint8) {
		var w string
		switch form % 4 {
		case 0:
			w = before + tail
		case 1:
			w = before + "https://example.org/" + tail
		case 2:
			w = before + "www.example.org" + tail
		default:
			w = before + "http://" + tail
		}
		for _, o := range []*Options{nil, {Fuzzy: true}, {MaxLength: int(form) + 8}} {
			if got, want := Find([]byte(w), o), findSlow([]byte(w), o); !sameMatches(got, want) {
				t.Fatalf("%q options %+v: %s", w, o, firstDiff(got, want))
			}
		}
	})
}

// TestSchemeChars: the table schemeStart and startsNew read holds what
// isSchemeChar (RFC 3986 Section 3.1: ALPHA / DIGIT / "+" / "-" / ".")
// says.
func TestSchemeChars(t *testing.T) {
	for c := 0; c < 256; c++ {
		if schemeChars[c] != isSchemeChar(byte(c)) {
			t.Errorf("schemeChars[%#x] = %v, isSchemeChar %v", c, schemeChars[c], isSchemeChar(byte(c)))
		}
	}
}
