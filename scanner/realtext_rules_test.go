package scanner

import (
	"testing"

	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/scanner/scantest"
)

// The tests of this file cover the detection classes of issue 13 ("Real
// documents") and the e-mail rules of issue 20 §7. Expected spans come from
// RFC 3986/3987 and the IANA registry (what may form a scheme and a host),
// RFC 5321/5322/6531 (addresses), RFC 8141 (URNs), UTS #58 and what a
// reader of the language sees; docs/detection.md states each rule.

// runRows runs one t.Run per row.
func runRows(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) { runRule(t, []ruleCase{c}) })
	}
}

// Rule 1 of issue 13: U+3002 。, U+FF0E ． and U+FF61 ｡ followed by more
// text end a host in CJK prose; IDNs written with them still match when the
// label after the dot is a real top-level domain or a path follows.
func TestCJKFullStopEndsHost(t *testing.T) {
	runRows(t, []ruleCase{
		{in: "詳しくはhttps://www.example.jp。次に設定します。", want: []string{"https://www.example.jp"}},
		{in: "公式サイトはhttp://example.com．詳細は後述", want: []string{"http://example.com"}},
		{in: "見てhttps://git.example.org｡それから", want: []string{"https://git.example.org"}},
		{in: "请访问https://www.example.cn。谢谢", want: []string{"https://www.example.cn"}},
		{in: "자세한 내용은 https://www.example.kr。다음", want: []string{"https://www.example.kr"}},
		{in: "ftp://ftp.example.org/pub。次", want: []string{"ftp://ftp.example.org/pub"}},
		{in: "https://www.example.jp。", want: []string{"https://www.example.jp"}},
		{in: "https://example.org:8080。次", want: []string{"https://example.org:8080"}},
		// www. and bare domains.
		{in: "詳細はwww.example.jp。次に", want: []string{"www:www.example.jp"}},
		{in: "网址是www.example.com。欢迎", want: []string{"www:www.example.com"}},
		{in: "ホームページwww.example.co.jp｡次", want: []string{"www:www.example.co.jp"}},
		{in: "详见example.com。谢谢", want: []string{"fuzzy:example.com"}, fuzzy: true},
		{in: "連絡はinfo@example.jp。よろしく", want: []string{"email:info@example.jp"}},
		// IDNs written with ideographic dots stay whole.
		{in: "http://例え。jp/パス", want: []string{"http://例え。jp/パス"}},
		{in: "見てhttp://例え。テスト/パス", want: []string{"http://例え。テスト/パス"}},
		{in: "http://日本語。jp を見て", want: []string{"http://日本語。jp"}},
		{in: "http://example。com を見て", want: []string{"http://example。com"}},
		{in: "www.例え．jp です", want: []string{"www:www.例え．jp"}},
		{in: "http://example。org/docs。次", want: []string{"http://example。org/docs"}},
	})
}

// Rule 2 of issue 13: a top-level label running from ASCII letters into
// Han, Kana or Hangul ends at the script change.
func TestHostGluedToCJK(t *testing.T) {
	runRows(t, []ruleCase{
		{in: "(https://git.example.org参照)", want: []string{"https://git.example.org"}},
		{in: "https://www.example.jpを参照", want: []string{"https://www.example.jp"}},
		{in: "http://example.comから入手", want: []string{"http://example.com"}},
		{in: "https://example.cn下载", want: []string{"https://example.cn"}},
		{in: "https://example.kr에서", want: []string{"https://example.kr"}},
		{in: "www.example.orgで公開", want: []string{"www:www.example.org"}},
		{in: "http://localhost参照", want: []string{"http://localhost"}},
		{in: "https://example.org:443参照", want: []string{"https://example.org:443"}},
		// A path glued to CJK text runs on (a non-ASCII character does not
		// end an IRI), and a host that is CJK itself stays whole.
		{in: "https://example.org/参照", want: []string{"https://example.org/参照"}},
		{in: "https://例え.jp/", want: []string{"https://例え.jp/"}},
		{in: "https://日本.example.com/", want: []string{"https://日本.example.com/"}},
		{in: "http://test日本.example.com/", want: []string{"http://test日本.example.com/"}},
		{in: "test http://example.comだよね.comtest/hogehoge", want: []string{"http://example.com"}},
		{in: "https://www.example.orgの.jp", want: []string{"https://www.example.org"}},
	})
}

// CJK prose glued to the path of an ASCII IRI (docs/realtext.md, labelling
// rule 4): a reader of the language sees the link end where the sentence
// goes on. Section 8.3 of draft-duerst-iri-bis-07 says a non-ASCII
// character does not end an IRI, so the rule is narrow (see
// proseAfterPath): CJK text before the match, an all-ASCII match so far,
// and a CJK run that does not go on as a path.
func TestCJKProseAfterPath(t *testing.T) {
	runRows(t, []ruleCase{
		// Prose: the link ends at the script change.
		{in: "最近は Debian サイトの https://packages.debian.org/を訪問すると便利です。", want: []string{"https://packages.debian.org/"}},
		{in: "ここになければ、https://snapshot.debian.org/アーカイブからダウンロードしたり、", want: []string{"https://snapshot.debian.org/"}},
		{in: "詳しく\n       はhttp://www.example.com/vnc/を参照のこと。", want: []string{"http://www.example.com/vnc/"}},
		{in: "浏览 Debian 网站 https://packages.debian.org/是搜索软件包的方法，但", want: []string{"https://packages.debian.org/"}},
		{in: "你可以从档案库 https://snapshot.example.org/中下载它，或", want: []string{"https://snapshot.example.org/"}},
		{in: "可以在ftp://ftp.example.nl/pub/unix/处获得)格式", want: []string{"ftp://ftp.example.nl/pub/unix/"}},
		{in: "您可在\n       http://www.example.com/CPAN/src/latest.tar.gz处取得。", want: []string{"http://www.example.com/CPAN/src/latest.tar.gz"}},
		{in: "该程序为 http://www.example.org/或者 ftp.example.org的一部分", want: []string{"http://www.example.org/"}},
		{in: "你甚至可以在\n       http://www.example.com/进行在线订单。", want: []string{"http://www.example.com/"}},
		{in: "자세한 내용은 https://www.example.kr/docs/에서 확인하세요.", want: []string{"https://www.example.kr/docs/"}},
		{in: "詳細はwww.example.jp/manual/をご覧ください。", want: []string{"www:www.example.jp/manual/"}},
		// Without CJK text before: prose only when the run starts with a
		// particle or is a conjunction.
		{in: "https://packages.debian.org/を訪問", want: []string{"https://packages.debian.org/"}},
		{in: "https://www.example.jp/docs/から入手できます。", want: []string{"https://www.example.jp/docs/"}},
		{in: "See https://example.org/manual/에서 확인", want: []string{"https://example.org/manual/"}},
		{in: "(http://www.example.org/或者 ftp.example.org)", want: []string{"http://www.example.org/"}},
		// A path segment written in Han, Kana or Hangul stays.
		{in: "詳しくは https://ja.wikipedia.org/wiki/東京/大阪 を参照", want: []string{"https://ja.wikipedia.org/wiki/東京/大阪"}},
		{in: "検索は https://example.jp/検索?q=東京 で", want: []string{"https://example.jp/検索?q=東京"}},
		{in: "資料は https://example.jp/docs/資料.pdf です", want: []string{"https://example.jp/docs/資料.pdf"}},
		{in: "「https://ja.wikipedia.org/wiki/東京」を参照", want: []string{"https://ja.wikipedia.org/wiki/東京"}},
		{in: "（https://ja.wikipedia.org/wiki/東京）を参照", want: []string{"https://ja.wikipedia.org/wiki/東京"}},
		{in: "See https://ja.wikipedia.org/wiki/東京 for Tokyo.", want: []string{"https://ja.wikipedia.org/wiki/東京"}},
		{in: "https://ja.wikipedia.org/wiki/フィンセント・ファン・ゴッホ", want: []string{"https://ja.wikipedia.org/wiki/フィンセント・ファン・ゴッホ"}},
		{in: "https://ko.wikipedia.org/wiki/위키백과", want: []string{"https://ko.wikipedia.org/wiki/위키백과"}},
		{in: "お問い合わせ: または www.example.jp/案内 まで。", want: []string{"www:www.example.jp/案内"}},
		{in: "詳しくは https://ja.wikipedia.org/wiki/東京 を参照", want: []string{"https://ja.wikipedia.org/wiki/東京"}},
		{in: "자세한 것은 https://ko.wikipedia.org/wiki/서울 을 보세요", want: []string{"https://ko.wikipedia.org/wiki/서울"}},
		{in: "请看 https://zh.wikipedia.org/wiki/北京 了解", want: []string{"https://zh.wikipedia.org/wiki/北京"}},
		{in: "詳しくは https://例え.jp/東京を見て", want: []string{"https://例え.jp/東京を見て"}}, // the author wrote a non-ASCII IRI
		{in: "詳しくは https://example.jp/é/東京 を見て", want: []string{"https://example.jp/é/東京"}},
	})
}

// Rule 3 of issue 13: RFC 3986 Section 3.1 schemes contain "+ - ."; a
// compound scheme is one scheme.
func TestCompoundSchemes(t *testing.T) {
	runRows(t, []ruleCase{
		{in: "svn co svn+ssh://svn.example.org/repo/trunk", want: []string{"svn+ssh://svn.example.org/repo/trunk"}},
		{in: "pip install git+https://git.example.org/pkg.git#egg=pkg", want: []string{"git+https://git.example.org/pkg.git#egg=pkg"}},
		{in: "remote git+ssh://git@git.example.org/team/repo.git", want: []string{"git+ssh://git@git.example.org/team/repo.git"}},
		{in: "bzr branch bzr+ssh://bzr.example.org/proj", want: []string{"bzr+ssh://bzr.example.org/proj"}},
		{in: "hg clone hg+https://hg.example.org/x", want: []string{"hg+https://hg.example.org/x"}},
		{in: "(SVN+SSH://svn.example.org/r)", want: []string{"SVN+SSH://svn.example.org/r"}},
		{in: "coap+tcp://sensor.example.net/temp", want: []string{"coap+tcp://sensor.example.net/temp"}},
		{in: "a+b+c:d", want: nil},
		{in: "C++http://example.com", want: []string{"http://example.com"}},
		{in: "x+unknown://example.org", want: nil},
		{in: "svn+ssh:example.org", want: nil},
	})
}

// Rule 4 of issue 13: only schemes of the IANA registry start a match; code
// is not an IRI; non-hierarchical schemes pass their own syntax check.
func TestRegisteredSchemes(t *testing.T) {
	runRows(t, []ruleCase{
		{in: "use Foo::Bar;", want: nil},
		{in: "std::vector<int> v;", want: nil},
		{in: "my $d = Data::Dumper->new;", want: nil},
		{in: "File::Spec->catfile", want: nil},
		{in: "News::Article and Geo::IP and Tel::Foo", want: nil},
		{in: "URI::Escape and HTTP::Tiny", want: nil},
		{in: "Note: http:// is the scheme", want: nil},
		{in: "about:blank", want: nil},
		// Historical and less common registered schemes.
		{in: "gopher://gopher.example.org/1/", want: []string{"gopher://gopher.example.org/1/"}},
		{in: "wais://wais.example.org:210/db", want: []string{"wais://wais.example.org:210/db"}},
		{in: "prospero://prospero.example.edu/x", want: []string{"prospero://prospero.example.edu/x"}},
		{in: "rsync://mirror.example.org/debian/", want: []string{"rsync://mirror.example.org/debian/"}},
		{in: "svn://svn.example.org/repo", want: []string{"svn://svn.example.org/repo"}},
		{in: "smb://server.example.org/share", want: []string{"smb://server.example.org/share"}},
		{in: "ipp://printer.example.com/ipp/print", want: []string{"ipp://printer.example.com/ipp/print"}},
		{in: "redis://cache.example.net:6379/0", want: []string{"redis://cache.example.net:6379/0"}},
		{in: "z39.50s://z.example.org/db", want: []string{"z39.50s://z.example.org/db"}},
		{in: "made-up://example.org/", want: nil},
		{in: "localhost://example.org/", want: nil},
		// Never: script and data URIs.
		{in: "javascript://example.org/%0Aalert(1)", want: nil},
		{in: "data://text/plain,x", want: nil},
		// Non-hierarchical schemes without "//", checked.
		{in: "urn:isbn:0451450523", want: []string{"urn:isbn:0451450523"}},
		{in: "urn:ietf:rfc:2648", want: []string{"urn:ietf:rfc:2648"}},
		{in: "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66.", want: []string{"urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66"}},
		{in: "urn:example:a123,z456", want: []string{"urn:example:a123,z456"}},
		{in: "urn:x-foo:bar", want: []string{"urn:x-foo:bar"}},
		{in: "urn:a:b", want: nil},                                 // NID of one character
		{in: "urn:-ab:c", want: nil},                               // NID starts with a hyphen
		{in: "urn:ab-:c", want: nil},                               // NID ends with a hyphen
		{in: "urn:ab_c:d", want: nil},                              // '_' is not let-dig-hyp
		{in: "urn::Something", want: nil},                          // no NID
		{in: "urn:isbn", want: nil},                                // no NSS
		{in: "urn:abcdefghijklmnopqrstuvwxyz0123456:x", want: nil}, // NID of 33
		{in: "urn:abcdefghijklmnopqrstuvwxyz012345:x", want: []string{"urn:abcdefghijklmnopqrstuvwxyz012345:x"}},
		{in: "tel:+1-201-555-0123", want: []string{"tel:+1-201-555-0123"}},
		{in: "tel:7042;phone-context=example.com", want: []string{"tel:7042;phone-context=example.com"}},
		{in: "tel:me", want: nil},
		{in: "sms:+15105550101?body=hello", want: []string{"sms:+15105550101?body=hello"}},
		{in: "sip:alice@atlanta.example.com;transport=tcp", want: []string{"sip:alice@atlanta.example.com;transport=tcp"}},
		{in: "sips:bob@biloxi.example.com", want: []string{"sips:bob@biloxi.example.com"}},
		{in: "xmpp:romeo@montague.example/orchard", want: []string{"xmpp:romeo@montague.example/orchard"}},
		{in: "news:comp.infosystems.www.servers.unix", want: []string{"news:comp.infosystems.www.servers.unix"}},
		{in: "geo:13.4125,103.8667", want: []string{"geo:13.4125,103.8667"}},
		{in: "geo:here", want: nil},
		{in: "magnet:?xt=urn:btih:c12fe1", want: []string{"magnet:?xt=urn:btih:c12fe1"}},
		{in: "magnet:link", want: nil},
		{in: "mailto:jane@example.com", want: []string{"mailto:jane@example.com"}},
		{in: "Mailto::Send", want: nil},
	})
}

// Rule 5 of issue 13 and §7 of issue 20: e-mail addresses as RFC 5321 and
// 5322 write them, and the look-alikes that are none.
func TestEmailAddresses(t *testing.T) {
	runRows(t, []ruleCase{
		// Configuration forms: word:value@host.
		{in: "S=inet:8891@localhost", want: nil},
		{in: "milter = inet:12345@mail.example.com", want: nil},
		{in: "InputMailFilters=unix:milter@mx.example.org", want: nil},
		{in: "listen tcp:2525@relay.example.net", want: nil},
		{in: "S=unix:/var/run/milter/sock@mx.example.org", want: nil},
		{in: "see /srv/git@git.example.org for", want: nil},
		{in: "Email:jane@example.com", want: []string{"email:jane@example.com"}},
		{in: "Contact:support@example.org", want: []string{"email:support@example.org"}},
		{in: "mail: jane@example.com", want: []string{"email:jane@example.com"}},
		// A bare IPv4 address is not an e-mail domain; literals are.
		{in: "root@192.168.1.1", want: nil},
		{in: "ssh admin@10.0.0.5 -p 22", want: nil},
		{in: "user@[192.0.2.1]", want: []string{"email:user@[192.0.2.1]"}},
		{in: "mail user@[IPv6:2001:db8::1] now", want: []string{"email:user@[IPv6:2001:db8::1]"}},
		{in: "postmaster@[IPv6:::1]", want: []string{"email:postmaster@[IPv6:::1]"}},
		{in: "user@[300.0.0.1]", want: nil},
		{in: "user@[IPv6:nothing]", want: nil},
		// Whitespace before the closing '>' is not part of the address.
		{in: "<jane@example.com >", want: []string{"email:jane@example.com"}},
		{in: "From: Jane <jane.doe@example.org\t>", want: []string{"email:jane.doe@example.org"}},
		{in: "<http://example.com/a >", want: []string{"http://example.com/a"}},
		// Login targets: user@host:path.
		{in: "scp notes.txt alice@files.example.org:backup/", want: nil},
		{in: "git clone git@git.example.org:team/repo.git", want: nil},
		{in: "rsync -a src/ deploy@www.example.com:/var/www/", want: nil},
		{in: "pslogin mc://alan@turing.example.co.uk:12345/", want: nil}, // an unregistered scheme's URL (copydir(1))
		{in: "scp bob@host.example.net:~/file .", want: nil},
		{in: "Mail jane@example.com: she answers.", want: []string{"email:jane@example.com"}},
		{in: "write to jane@example.com:", want: []string{"email:jane@example.com"}},
		// atext of RFC 5322 in the local part.
		{in: "o'donnel@example.com", want: []string{"email:o'donnel@example.com"}},
		{in: "Write to d'artagnan@example.fr today", want: []string{"email:d'artagnan@example.fr"}},
		{in: "customer/department=shipping@example.com", want: []string{"email:customer/department=shipping@example.com"}},
		{in: "$A12345@example.com", want: []string{"email:$A12345@example.com"}},
		{in: "!def!xyz%abc@example.com", want: []string{"email:!def!xyz%abc@example.com"}},
		{in: "_somename@example.com", want: []string{"email:_somename@example.com"}},
		{in: "user+mailbox@example.com", want: []string{"email:user+mailbox@example.com"}},
		{in: "first.last~x#y&z@example.org", want: []string{"email:first.last~x#y&z@example.org"}},
		// What opens the address in prose is not part of it.
		{in: "'jane@example.com'", want: []string{"email:jane@example.com"}},
		{in: "say 'jane@example.com', then", want: []string{"email:jane@example.com"}},
		{in: "`jane@example.com`", want: []string{"email:jane@example.com"}},
		{in: "| jane@example.com | x |", want: []string{"email:jane@example.com"}},
		{in: "|jane@example.com|", want: []string{"email:jane@example.com"}},
		{in: "*jane@example.com*", want: []string{"email:jane@example.com"}},
		{in: "EMAIL=jane@example.com", want: []string{"email:jane@example.com"}},
		{in: "git commit --author=jane@example.com", want: []string{"email:jane@example.com"}},
		{in: "mailto link ?to=jane@example.com", want: []string{"email:jane@example.com"}},
		// Quoted local parts (RFC 5322 Section 3.2.4).
		{in: `"john smith"@example.com`, want: []string{`email:"john smith"@example.com`}},
		{in: `write "john.smith"@example.org now`, want: []string{`email:"john.smith"@example.org`}},
		{in: `x"john smith"@example.com`, want: nil},
		{in: `"unterminated@example.com`, want: []string{"email:unterminated@example.com"}},
	})
}

// Rule 6 of issue 13: groff output. A link in <…> or groff's ⟨…⟩ wrapped
// after a hyphen is one IRI; U+2010 HYPHEN never belongs to a host, and a
// host label never ends in a hyphen.
func TestGroffOutput(t *testing.T) {
	cases := []struct {
		in, text, iri string
	}{
		{"see <https://example.org/doc/user\u2010\n       guide/> for", "https://example.org/doc/user\u2010\n       guide/", "https://example.org/doc/user-guide/"},
		{"<https://example.org/a\u2010b/c\u2010\n   d>", "https://example.org/a\u2010b/c\u2010\n   d", "https://example.org/a-b/c-d"},
		// Debian's groff writes the source's '-' as '-': a U+2010 at the
		// break is a hyphen groff added when it hyphenated a word.
		{"<https://example.org/doc/an\u2010\n       other-page/index.html>", "https://example.org/doc/an\u2010\n       other-page/index.html", "https://example.org/doc/another-page/index.html"},
		{"the guide \u27e8https://example.org/doc/some-very-long-user-guide-name-\n       that-wraps-around/index.html\u27e9.", "https://example.org/doc/some-very-long-user-guide-name-\n       that-wraps-around/index.html", "https://example.org/doc/some-very-long-user-guide-name-that-wraps-around/index.html"},
		// GNU grep's Japanese man page (manpages-ja) as man -Tutf8 renders it.
		{"メールアーカイブ ⟨http://lists.gnu.org/mailman/listinfo/\n       bug-grep⟩ と バグトラッカー", "http://lists.gnu.org/mailman/listinfo/\n       bug-grep", "http://lists.gnu.org/mailman/listinfo/bug-grep"},
		{"バグトラッカー ⟨http://debbugs.gnu.org/cgi/\n       pkgreport.cgi?package=grep⟩ ま", "http://debbugs.gnu.org/cgi/\n       pkgreport.cgi?package=grep", "http://debbugs.gnu.org/cgi/pkgreport.cgi?package=grep"},
		{"\u27e8mailto:bug\u2010reports@example.org\u27e9", "mailto:bug\u2010reports@example.org", "mailto:bug-reports@example.org"},
		{"<https://www.example\u2010site.org/>", "https://www.example\u2010site.org/", "https://www.example-site.org/"},
		// Outside a delimited form a U+2010 ends a host.
		{"https://www.example\u2010site.org/", "https://www.example", "https://www.example"},
		{"Visit https://example.org\u2010 now", "https://example.org", "https://example.org"},
		{"https://example.org- and more", "https://example.org", "https://example.org"},
		{"www.example.com-", "www.example.com", "www.example.com"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			ms := Find([]byte(c.in), nil)
			if len(ms) != 1 || ms[0].Text != c.text || ms[0].IRI != c.iri {
				t.Errorf("Find(%q) = %+v, want one match %q with IRI %q", c.in, ms, c.text, c.iri)
			}
		})
	}
}

// groff wraps a long address or URL inside <…> or ⟨…⟩ at a hyphen, its
// own or one it added when it hyphenated the word (docs/realtext.md,
// labelling rule 5): the address starts after the delimiter on the line
// before, and the text around tells whether the U+2010 at the break is the
// source's '-' (a renderer writing '-' as U+2010 shows it inside lines too)
// or an added one (Debian's renderer writes the source's '-' as '-', so a
// U+2010 appears only at line ends). The expected IRIs are the ones in the
// pages' sources.
func TestGroffWrappedForms(t *testing.T) {
	cases := []struct{ in, text, iri string }{
		// Addresses wrapped after a hyphen.
		{"Fehler an ⟨man-pages-ru-\n       talks@lists.sourceforge.net⟩.", "man-pages-ru-\n       talks@lists.sourceforge.net", "man-pages-ru-talks@lists.sourceforge.net"},
		{"电子邮件至：<bug-\n       sed@gnu.org>。", "bug-\n       sed@gnu.org", "bug-sed@gnu.org"},
		{"Frank Stähr <der-storch-85@gmx.net> und Mario Blättermann <mario.blaetter\u2010\n       mann@gmail.com> erstellt.", "mario.blaetter\u2010\n       mann@gmail.com", "mario.blaettermann@gmail.com"},
		{"Dr. Tobias Quat\u2010\n       hamer <toddy@debian.org> und Michael Piefel <pie\u2010\n       fel@debian.org>, Michael", "pie\u2010\n       fel@debian.org", "piefel@debian.org"},
		{"Martin F. Krafft <vorbistagedit@pobox.mad\u2010\n       duck.net> geschrieben, für das Debian-Projekt.", "vorbistagedit@pobox.mad\u2010\n       duck.net", "vorbistagedit@pobox.madduck.net"},
		// No clue around: the U+2010 is the source's '-'.
		{"write to <jane.doe\u2010\n   smith@example.org> now", "jane.doe\u2010\n   smith@example.org", "jane.doe-smith@example.org"},
		// URLs hyphenated by groff.
		{"Fehlererfassungssystem auf <https://savan\u2010\n       nah.gnu.org/projects/gettext>  oder per E-Mail an <bug-gettext@gnu.org>", "https://savan\u2010\n       nah.gnu.org/projects/gettext", "https://savannah.gnu.org/projects/gettext"},
		{"Dokumentation unter: <https://www.gnu.org/software/coreu\u2010\n       tils/fmt>\n\nvon Dr. Tobias Quatha\u2010\n       mer erstellt", "https://www.gnu.org/software/coreu\u2010\n       tils/fmt", "https://www.gnu.org/software/coreutils/fmt"},
		// A renderer that writes '-' as U+2010 inside lines: the source's '-'.
		{"Use \u2010v or read <https://example.org/doc/user\u2010\n       guide/> first", "https://example.org/doc/user\u2010\n       guide/", "https://example.org/doc/user-guide/"},
		{"the e\u2010mail list <https://lists.example.org/list\u2010\n   info/> and E-Mail", "https://lists.example.org/list\u2010\n   info/", "https://lists.example.org/list-info/"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			ms := Find([]byte(c.in), nil)
			var got *Match
			for i := range ms {
				if ms[i].Text == c.text {
					got = &ms[i]
				}
			}
			if got == nil || got.IRI != c.iri {
				t.Errorf("Find(%q) = %v, want a match %q with IRI %q", c.in, describe(ms), c.text, c.iri)
				return
			}
			for _, m := range ms {
				if m.Offset > got.Offset && m.Offset < got.Offset+got.Length {
					t.Errorf("a second match %q inside it", m.Text)
				}
			}
		})
	}
	// Not wrapped: parentheses are no delimited form, and a line break
	// outside <…> ends the text before it.
	runRows(t, []ruleCase{
		{in: "(Wilf.\n       G.Wilford@ee.surrey.ac.uk)", want: []string{"email:G.Wilford@ee.surrey.ac.uk"}},
		{in: "Michael Piefel pie\u2010\n       fel@debian.org", want: []string{"email:fel@debian.org"}},
		{in: "<a b\n  jane@example.org>", want: []string{"email:jane@example.org"}},
	})
}

// Brackets, file:/, login targets and templates (docs/realtext.md,
// labelling rules 1–3 and 6). RFC 4516 writes an LDAP filter in
// parentheses after the last '?'; RFC 8089 Section 2 allows file:/path
// (path-absolute, no authority); RFC 952/1123 host names have no '_' and a
// port is digits (RFC 3986 Section 3.2.3), so a word there is a
// placeholder; a regular expression (\. \d, (.+)) is a pattern; the operand
// of ssh and its kin is a login, not a mailbox.
func TestBracketsFileLoginTemplates(t *testing.T) {
	runRows(t, []ruleCase{
		// A filter after '?' keeps its closing parenthesis.
		{in: "ldap://host.com:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)", want: []string{"ldap://host.com:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)"}},
		{in: "(see ldap://ds.example.com/dc=example,dc=com?cn?sub?(objectClass=person))", want: []string{"ldap://ds.example.com/dc=example,dc=com?cn?sub?(objectClass=person)"}},
		{in: "ldap://ds.example.com/dc=example,dc=com??sub?(&(objectClass=person)(uid=jdoe)).", want: []string{"ldap://ds.example.com/dc=example,dc=com??sub?(&(objectClass=person)(uid=jdoe))"}},
		{in: "ldaps://ds.example.org/ou=People,dc=example,dc=org?mail?one?(uid=a*)", want: []string{"ldaps://ds.example.org/ou=People,dc=example,dc=org?mail?one?(uid=a*)"}},
		{in: "(https://example.com/search?q=a)", want: []string{"https://example.com/search?q=a"}},
		// file: with a path-absolute and no authority.
		{in: "<file:/etc/passwd>", want: []string{"file:/etc/passwd"}},
		{in: "see file:/usr/share/doc/README for", want: []string{"file:/usr/share/doc/README"}},
		{in: "FILE:/tmp/x.txt.", want: []string{"FILE:/tmp/x.txt"}},
		{in: "file:///etc/hosts", want: []string{"file:///etc/hosts"}},
		{in: "file:/", want: nil},
		{in: "file:etc/passwd", want: nil},
		// Login targets of ssh and its kin.
		{in: "$ ssh username@example.org /usr/sbin/sendmail -bm -ti -f \"username@example.org\" < mail_data.txt", want: []string{"email:username@example.org"}},
		{in: "ssh -p 2222 -i ~/.ssh/id_ed25519 admin@server.example.com", want: nil},
		{in: "run /usr/bin/ssh deploy@www.example.net uptime", want: nil},
		{in: "mosh alice@shell.example.org", want: nil},
		{in: "sftp -oPort=2022 bob@files.example.com", want: nil},
		{in: "ssh-copy-id jane@host.example.org", want: nil},
		{in: "mail jane@example.org about ssh", want: []string{"email:jane@example.org"}},
		{in: "ssh access: write to admin@example.org", want: []string{"email:admin@example.org"}},
		// Templates: a word or placeholder for the port, a host with '_'.
		{in: "http_proxy au format http://user:pass@server:port/ (en", want: nil},
		{in: "http://localhost:<port>/status", want: nil},
		{in: "https://example.com:PORT/api", want: nil},
		{in: "http://host:${PORT}/", want: nil},
		{in: "ftp://ip_server/путь", want: nil},
		{in: "telnet://ip_server/", want: nil},
		{in: "http://host_name/index.html", want: nil},
		{in: "http://<strona>/1.html", want: nil},
		{in: "mail <number>@bugs.debian.org", want: nil},
		// Regular expressions (uscan watch patterns) are no links.
		{in: "http://sf.net/gentoo/gentoo-(.+)\\.tar\\.gz debian uupdate", want: nil},
		{in: "Perl の正規表現 ^http://sf\\.net/ に一致", want: nil},
		{in: "https://example.org/downloads/pkg-(.*)\\.zip", want: nil},
		{in: "http://example.com/files/foo-(.+).tar.gz", want: nil},
		{in: "https://github.com/user/proj/tags .*/v?(\\d\\S+)\\.tar\\.gz", want: []string{"https://github.com/user/proj/tags"}},
		{in: "http://sf.net の SourceForge", want: []string{"http://sf.net"}},
		{in: "http://example.com/C:\\temp\\x", want: []string{"http://example.com/C:\\temp\\x"}},
		{in: "http://example.com:8080/x", want: []string{"http://example.com:8080/x"}},
		{in: "see http://example.com: it works", want: []string{"http://example.com"}},
		{in: "http://my_host.example.com/", want: []string{"http://my_host.example.com/"}},
	})
}

// Fuzzy mode in real text (docs/realtext.md, labelling rule 7): bare IPv4
// addresses and CIDR ranges are no links (a port or a path makes one), a
// name whose top-level domain is also a file or unit suffix needs a path,
// and tree drawing before a name is no part of it.
func TestFuzzyRealText(t *testing.T) {
	runRows(t, []ruleCase{
		{in: "85.214.157.71 -- link: eth0", want: nil, fuzzy: true},
		{in: "ssh-keyscan 192.168.11.0/24 10.20.1.1", want: nil, fuzzy: true},
		{in: "Netz 203.178.141.194.", want: nil, fuzzy: true},
		{in: "open 192.0.2.1:8080/admin", want: []string{"fuzzy:192.0.2.1:8080/admin"}, fuzzy: true},
		{in: "open 192.0.2.1/status", want: []string{"fuzzy:192.0.2.1/status"}, fuzzy: true},
		{in: "see sed.info for details", want: nil, fuzzy: true},
		{in: "graphical.target wants multi-user.target", want: nil, fuzzy: true},
		{in: "edit 10-eth0.network and 99-default.link", want: nil, fuzzy: true},
		{in: "└─network-online.target @1.2s", want: nil, fuzzy: true},
		{in: "compile main.cc now", want: nil, fuzzy: true},
		{in: "example.info/docs", want: []string{"fuzzy:example.info/docs"}, fuzzy: true},
		{in: "www.example.info", want: []string{"www:www.example.info"}, fuzzy: true},
		{in: "see docs.example.info now", want: []string{"fuzzy:docs.example.info"}, fuzzy: true},
		{in: "visit example.com today", want: []string{"fuzzy:example.com"}, fuzzy: true},
	})
}

// Issue 20 §7: the mailto IRI of an address percent-encodes what RFC 6068
// Section 2 requires in the local part ('%', "/ ? # [ ]", "& ; =", what no
// URI allows); the address itself (Match.IRI) stays as written.
func TestMailtoTarget(t *testing.T) {
	cases := []struct{ in, address, target string }{
		{"customer/department=shipping@example.com", "customer/department=shipping@example.com", "mailto:customer%2Fdepartment%3Dshipping@example.com"},
		{"first.last~x#y&z@example.org", "first.last~x#y&z@example.org", "mailto:first.last~x%23y%26z@example.org"},
		{"!def!xyz%abc@example.com", "!def!xyz%abc@example.com", "mailto:!def!xyz%25abc@example.com"},
		{"gorby%kremvax@example.com", "gorby%kremvax@example.com", "mailto:gorby%25kremvax@example.com"},
		{`"john smith"@example.com`, "%22john%20smith%22@example.com", "mailto:%22john%20smith%22@example.com"},
		{`"not@me"@example.org`, "%22not@me%22@example.org", "mailto:%22not%40me%22@example.org"},
		{"user@[IPv6:2001:db8::1]", "user@%5BIPv6:2001:db8::1%5D", "mailto:user@%5BIPv6:2001:db8::1%5D"},
		{"user@[192.0.2.1]", "user@%5B192.0.2.1%5D", "mailto:user@%5B192.0.2.1%5D"},
		{"o'donnel@example.com", "o'donnel@example.com", "mailto:o'donnel@example.com"},
		{"'jane@example.com'", "jane@example.com", "mailto:jane@example.com"},
		{"$A12345*+@example.com", "$A12345*+@example.com", "mailto:$A12345*+@example.com"},
		{"иван@пример.рф", "иван@пример.рф", "mailto:иван@пример.рф"},
		{"x{1}|y@example.com", "x%7B1%7D%7Cy@example.com", "mailto:x%7B1%7D%7Cy@example.com"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			ms := Find([]byte(c.in), nil)
			if len(ms) != 1 || ms[0].Kind != KindEmail || ms[0].IRI != c.address || ms[0].Target() != c.target {
				t.Fatalf("Find(%q) = %+v, want one address %q with target %q", c.in, ms, c.address, c.target)
			}
			checkForms(t, ms[0])
		})
	}
}

// Rule 7 of issue 13: characters no IRI allows. A match keeps what the
// peers keep (docs/detection.md); its IRI form percent-encodes them, so that
// Match.IRI is a valid IRI reference and its target a valid IRI and, after
// iri.ToURI, a valid URI.
func TestIRIFormIsValid(t *testing.T) {
	cases := []struct{ in, iri string }{
		{"http://example.com/a{b}c", "http://example.com/a%7Bb%7Dc"},
		{"https://example.org/search?q=a|b&x=1", "https://example.org/search?q=a%7Cb&x=1"},
		{"http://example.com/C:\\temp\\x", "http://example.com/C:%5Ctemp%5Cx"},
		{"http://example.com/x^2", "http://example.com/x%5E2"},
		{"http://example.com/a`b", "http://example.com/a%60b"},
		{"https://example.org/list?ids[]=1&ids[]=2", "https://example.org/list?ids%5B%5D=1&ids%5B%5D=2"},
		{"https://en.example.org/wiki/Foo_[bar]", "https://en.example.org/wiki/Foo_%5Bbar%5D"},
		{"http://[2001:db8::1]:8080/a[1]", "http://[2001:db8::1]:8080/a%5B1%5D"},
		{"http://example.com/#a#b", "http://example.com/#a%23b"},
		{`http://example.com/say"hi"there`, "http://example.com/say%22hi%22there"},
		{"<http://example.com/a\n   b>", "http://example.com/ab"},
		{`"john smith"@example.com`, "%22john%20smith%22@example.com"},
		{"user@[192.0.2.1]", "user@%5B192.0.2.1%5D"},
		{"user@[IPv6:2001:db8::1]", "user@%5BIPv6:2001:db8::1%5D"},
		{"o'donnel@example.com", "o'donnel@example.com"},
		{"x{1}@example.com", "x%7B1%7D@example.com"},
		{"http://例え.jp/パス{1}", "http://例え.jp/パス%7B1%7D"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			ms := Find([]byte(c.in), nil)
			if len(ms) != 1 || ms[0].IRI != c.iri {
				t.Fatalf("Find(%q) = %+v, want one match with IRI %q", c.in, ms, c.iri)
			}
			checkForms(t, ms[0])
		})
	}
}

// checkForms checks that the target of m is a valid IRI and its URI form a
// valid URI (ASCII, valid by iri.Validate).
func checkForms(t *testing.T, m Match) {
	t.Helper()
	target := m.Target()
	i, err := iri.ToIRI(target)
	if err != nil {
		t.Fatalf("ToIRI(%q): %v", target, err)
	}
	if vs := iri.Validate(i); vs != nil {
		t.Errorf("Validate(ToIRI(%q)) = %v", target, vs)
	}
	u, err := iri.ToURI(target)
	if err != nil {
		t.Fatalf("ToURI(%q): %v", target, err)
	}
	if vs := iri.Validate(u); vs != nil || !isASCIIText([]byte(u)) {
		t.Errorf("ToURI(%q) = %q: %v", target, u, vs)
	}
}

// TestEveryTargetIsValid checks rule 7 over the inputs of every peer suite,
// in both modes: each target is a valid IRI after iri.ToIRI and a valid
// URI after iri.ToURI (a '%' without two hex digits excepted: converters
// report it).
func TestEveryTargetIsValid(t *testing.T) {
	suites, err := scantest.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	for _, fuzzy := range []bool{false, true} {
		for _, in := range scantest.SuiteInputs(suites) {
			for _, m := range Find([]byte(in), &Options{Fuzzy: fuzzy}) {
				if strayPercent(m.Target()) {
					continue
				}
				t.Run(m.Text, func(t *testing.T) { checkForms(t, m) })
			}
		}
	}
}

// A host label followed by a dot and a U-label continues the host exactly
// as when the A-label of that U-label follows (rewriting to URIs replaces
// one by the other, and rewriting twice must give what rewriting once
// gives): the script-change rule of issue 13 (rule 2) reads the rune after
// the dot whole.
func TestScriptChangeSeesULabelAsALabel(t *testing.T) {
	cases := []struct{ u, a string }{
		{"www.00えwww.え.jp", "www.00えwww.xn--r8j.jp"},
		{"http://ab日本.例え.jp/", "http://ab日本.xn--r8jz45g.jp/"},
		{"http://x参照.テスト.jp", "http://x参照.xn--zckzah.jp"},
		{"www.a東京.München.de", "www.a東京.xn--mnchen-3ya.de"},
	}
	for _, c := range cases {
		t.Run(c.u, func(t *testing.T) {
			mu, ma := Find([]byte(c.u), nil), Find([]byte(c.a), nil)
			if len(mu) != 1 || len(ma) != 1 || mu[0].Offset != 0 || ma[0].Offset != 0 ||
				mu[0].Text != c.u || ma[0].Text != c.a {
				t.Errorf("Find(%q) = %v, Find(%q) = %v: want each whole", c.u, describe(mu), c.a, describe(ma))
			}
		})
	}
}
