package scanner

import "testing"

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
		{in: "http://abc日本.example.com/", want: []string{"http://abc日本.example.com/"}},
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
