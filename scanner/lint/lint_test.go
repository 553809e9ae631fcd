package lint

import (
	"strings"
	"testing"

	"github.com/iriscan/iriscan/charset"
)

func lintString(t testing.TB, doc string, html bool) []Finding {
	t.Helper()
	l := New(charset.NewReaderBytes([]byte(doc), charset.UTF8), &Options{HTML: html})
	var fs []Finding
	for l.Scan() {
		fs = append(fs, l.Finding())
	}
	if err := l.Err(); err != nil {
		t.Fatal(err)
	}
	return fs
}

// want is an expected finding: its kind, and the text at its offset.
type want struct {
	kind Kind
	text string
}

type lintCase struct {
	name string
	doc  string
	html bool
	want []want // nil: nothing must be reported
}

func runCases(t *testing.T, cases []lintCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := lintString(t, tc.doc, tc.html)
			var g []want
			for _, f := range got {
				g = append(g, want{f.Kind, f.Text})
				if f.Offset < 0 || f.Offset+f.Length > int64(len(tc.doc)) {
					t.Errorf("finding %+v out of bounds", f)
				} else if f.Kind != AnchorHostMismatch && tc.doc[f.Offset:f.Offset+f.Length] != f.Text {
					t.Errorf("finding %+v: the document has %q there", f, tc.doc[f.Offset:f.Offset+f.Length])
				}
				if f.Reason == "" {
					t.Errorf("finding %+v without a reason", f)
				}
			}
			if len(g) != len(tc.want) {
				t.Fatalf("got %d findings %+v\nwant %+v", len(g), got, tc.want)
			}
			for i := range g {
				if g[i] != tc.want[i] {
					t.Errorf("finding %d: got %v %q, want %v %q (%s)", i, g[i].kind, g[i].text, tc.want[i].kind, tc.want[i].text, got[i].Reason)
				}
			}
		})
	}
}

// Bidi formatting characters reorder what the reader sees: the Trojan
// Source and "RLO file name" tricks (CVE-2021-42574; Unicode UTS #55).
func TestBidiControl(t *testing.T) {
	runCases(t, []lintCase{
		// RLO right after the IRI: "http://4pm.asia/" then "aisa.mp4" shown reversed.
		{"rlo after", "Watch http://4pm.asia/\u202Eaisa.mp4 now", false,
			[]want{{BidiControl, "http://4pm.asia/"}}},
		{"rlo before", "see \u202Ehttp://evil.example/gpj.exe", false,
			[]want{{BidiControl, "http://evil.example/gpj.exe"}}},
		{"lre before", "x \u202Ahttps://a.example/", false, []want{{BidiControl, "https://a.example/"}}},
		{"rle after", "https://a.example/p\u202B", false, []want{{BidiControl, "https://a.example/p"}}},
		{"pdf after", "https://a.example/p\u202C tail", false, []want{{BidiControl, "https://a.example/p"}}},
		{"lro before", "\u202Dhttps://a.example/", false, []want{{BidiControl, "https://a.example/"}}},
		{"lri before", "\u2066https://a.example/", false, []want{{BidiControl, "https://a.example/"}}},
		{"rli after", "https://a.example/x\u2067", false, []want{{BidiControl, "https://a.example/x"}}},
		{"fsi before", "\u2068https://a.example/", false, []want{{BidiControl, "https://a.example/"}}},
		{"pdi after", "https://a.example/x\u2069", false, []want{{BidiControl, "https://a.example/x"}}},
		{"lrm after", "https://a.example/x\u200E y", false, []want{{BidiControl, "https://a.example/x"}}},
		{"rlm before", "\u200Fhttps://a.example/", false, []want{{BidiControl, "https://a.example/"}}},
		{"alm after", "https://a.example/x\u061C", false, []want{{BidiControl, "https://a.example/x"}}},
		{"inside an attribute", `<a href="http://4pm.asia/` + "\u202E" + `aisa.mp4">x</a>`, true,
			[]want{{BidiControl, "http://4pm.asia/\u202Eaisa.mp4"}}},
		{"reference inside an attribute", `<a href="http://4pm.asia/&#x202E;aisa.mp4">x</a>`, true,
			[]want{{BidiControl, "http://4pm.asia/&#x202E;aisa.mp4"}}},
		{"reference after in HTML text", `<p>http://4pm.asia/&#8238;aisa.mp4</p>`, true,
			[]want{{BidiControl, "http://4pm.asia/"}}},
		{"named reference before in HTML text", `<p>&rlm;http://a.example/</p>`, true,
			[]want{{BidiControl, "http://a.example/"}}},
		{"www after", "get www.example.com/‮gpj.exe", false, []want{{BidiControl, "www.example.com/"}}},
		{"e-mail before", "mail ‫jane@example.com", false, []want{{BidiControl, "jane@example.com"}}},
		{"twice", "‮https://a.example/ and https://b.example/⁦", false,
			[]want{{BidiControl, "https://a.example/"}, {BidiControl, "https://b.example/"}}},
		// Negative twins: the same characters away from the IRI, and an
		// Arabic IRI in Arabic text without controls.
		{"rlo apart", "Watch http://4pm.asia/ \u202Eaisa.mp4 now", false, nil},
		{"lrm apart", "\u200F text https://a.example/ more", false, nil},
		{"arabic", "مصر: https://ar.wikipedia.org/wiki/مصر", false, nil},
		{"reference apart", `<p>&#x202E; http://a.example/</p>`, true, nil},
	})
}

func TestConfusableAndMixedHosts(t *testing.T) {
	runCases(t, []lintCase{
		// Cyrillic а (U+0430) in "apple": looks like apple.com and mixes scripts.
		{"cyrillic a", "Sign in at https://\u0430pple.com/id", false,
			[]want{{ConfusableHost, "https://\u0430pple.com/id"}, {MixedScriptHost, "https://\u0430pple.com/id"}}},
		{"a-label", "https://xn--pple-43d.com/", false,
			[]want{{ConfusableHost, "https://xn--pple-43d.com/"}, {MixedScriptHost, "https://xn--pple-43d.com/"}}},
		// All-Cyrillic "ѕсоре" under .com: whole-script confusable only.
		{"whole-script cyrillic", "http://\u0455\u0441\u043e\u0440\u0435.com/", false,
			[]want{{ConfusableHost, "http://\u0455\u0441\u043e\u0440\u0435.com/"}}},
		// Greek ο (U+03BF) in google.
		{"greek o", "www.g\u03bfogle.com/search", false,
			[]want{{ConfusableHost, "www.g\u03bfogle.com/search"}, {MixedScriptHost, "www.g\u03bfogle.com/search"}}},
		// Cyrillic ж with Latin: no ASCII look-alike, still mixed.
		{"cyrillic and latin", "https://bank\u0436.example/", false,
			[]want{{MixedScriptHost, "https://bank\u0436.example/"}}},
		// Greek λ with Latin.
		{"greek and latin", "https://\u03bbogin.example/", false,
			[]want{{MixedScriptHost, "https://\u03bbogin.example/"}}},
		// A division slash makes the host read as a path.
		{"division slash", "https://example.com\u2215login.evil.example/", false,
			[]want{{ConfusableHost, "https://example.com\u2215login.evil.example/"}}},
		{"e-mail domain", "write to support@p\u0430ypal.com today", false,
			[]want{{ConfusableHost, "support@p\u0430ypal.com"}, {MixedScriptHost, "support@p\u0430ypal.com"}}},
		{"attribute", "<img src=\"https://\u0430pple.com/logo.png\">", true,
			[]want{{ConfusableHost, "https://\u0430pple.com/logo.png"}, {MixedScriptHost, "https://\u0430pple.com/logo.png"}}},
		// Negative twins: one script, local names, CJK with Latin, Latin with diacritics.
		{"russian", "https://пример.рф/путь and https://сор.рф/", false, nil},
		{"greek", "https://παράδειγμα.δοκιμή/", false, nil},
		{"japanese", "http://例え.テスト/パス and https://ihrename.中国/", false, nil},
		{"german", "https://bücher.example/ and www.müller.de", false, nil},
		{"ascii", "https://apple.com/ and https://paypal.com/", false, nil},
	})
}

func TestUserinfoHost(t *testing.T) {
	runCases(t, []lintCase{
		{"host as user", "Log in: https://accounts.example.com@evil.example/login", false,
			[]want{{UserinfoHost, "https://accounts.example.com@evil.example/login"}}},
		{"with password", "http://www.paypal.com:secure@198.51.100.7/", false,
			[]want{{UserinfoHost, "http://www.paypal.com:secure@198.51.100.7/"}}},
		{"ip as user", "http://192.0.2.1@evil.example/", false,
			[]want{{UserinfoHost, "http://192.0.2.1@evil.example/"}}},
		{"encoded dot", "https://paypal%2Ecom@evil.example/", false,
			[]want{{UserinfoHost, "https://paypal%2Ecom@evil.example/"}}},
		{"href", `<a href="https://login.microsoftonline.com@evil.example/">sign in</a>`, true,
			[]want{{UserinfoHost, "https://login.microsoftonline.com@evil.example/"}}},
		// Negative twins: a user name and password that read as none.
		{"plain user", "ftp://anonymous@ftp.example.com/pub/", false, nil},
		{"user and password", "https://user:pass@example.com/", false, nil},
		{"e-mail", "mailto:someone@example.com", false, nil},
		{"at in path", "https://example.com/@alice", false, nil},
	})
}

func TestAnchorHostMismatch(t *testing.T) {
	runCases(t, []lintCase{
		{"classic", `<p>Please verify: <a href="http://paypal.com.account-verify.example/login">https://www.paypal.com/signin</a></p>`, true,
			[]want{{AnchorHostMismatch, "https://www.paypal.com/signin"}}},
		{"bare domain in markup", `<a href="https://evil.example/"><b>PayPal.com</b></a>`, true,
			[]want{{AnchorHostMismatch, "PayPal.com"}}},
		{"sentence", `<a href="https://evil.example/x">Log in at www.chase.com today</a>`, true,
			[]want{{AnchorHostMismatch, "Log in at www.chase.com today"}}},
		{"mailto", `<a href="mailto:help@evil.example">help@chase.com</a>`, true,
			[]want{{AnchorHostMismatch, "help@chase.com"}}},
		{"userinfo href", `<a href="https://www.bank.example@evil.example/">https://www.bank.example/</a>`, true,
			[]want{{UserinfoHost, "https://www.bank.example@evil.example/"}, {AnchorHostMismatch, "https://www.bank.example/"}}},
		// Negative twins: same host (www. or not, another path, case,
		// IDNA forms), link text that names no host, relative links.
		{"same host", `<a href="https://www.paypal.com/us/signin">https://www.paypal.com/signin</a>`, true, nil},
		{"www difference", `<a href="https://paypal.com/">www.paypal.com</a>`, true, nil},
		{"case and idna", `<a href="http://xn--r8jz45g.xn--zckzah/">HTTP://例え.テスト/</a>`, true, nil},
		{"words", `<a href="https://evil.example/">Click here</a>`, true, nil},
		{"relative", `<a href="/login">https://www.paypal.com/</a>`, true, nil},
		{"same mail domain", `<a href="mailto:help@chase.com">help@chase.com</a>`, true, nil},
		{"subdomain differs", `<a href="https://secure.chase.com/">www.chase.com</a>`, true,
			[]want{{AnchorHostMismatch, "www.chase.com"}}},
	})
}

func TestScriptScheme(t *testing.T) {
	runCases(t, []lintCase{
		{"javascript href", `<a href="javascript:alert(document.cookie)">Invoice</a>`, true,
			[]want{{ScriptScheme, "javascript:alert(document.cookie)"}}},
		{"vbscript", `<a href='vbscript:MsgBox("x")'>x</a>`, true,
			[]want{{ScriptScheme, `vbscript:MsgBox("x")`}}},
		{"mixed case", `<a href="JaVaScRiPt:void(0)">x</a>`, true,
			[]want{{ScriptScheme, "JaVaScRiPt:void(0)"}}},
		{"entity", `<a href="jav&#x61;script:alert(1)">x</a>`, true,
			[]want{{ScriptScheme, "jav&#x61;script:alert(1)"}}},
		{"entity colon", `<a href="javascript&colon;alert(1)">x</a>`, true,
			[]want{{ScriptScheme, "javascript&colon;alert(1)"}}},
		{"tab inside", "<a href=\"java\tscript:alert(1)\">x</a>", true,
			[]want{{ScriptScheme, "java\tscript:alert(1)"}}},
		{"encoded newline", `<a href="java&#10;script:alert(1)">x</a>`, true,
			[]want{{ScriptScheme, "java&#10;script:alert(1)"}}},
		{"leading control", "<a href=\"\x01 javascript:alert(1)\">x</a>", true,
			[]want{{ScriptScheme, "\x01 javascript:alert(1)"}}},
		{"form action", `<form action="javascript:steal()"><button formaction="data:text/html,x">go</button></form>`, true,
			[]want{{ScriptScheme, "javascript:steal()"}, {ScriptScheme, "data:text/html,x"}}},
		{"data href", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">open</a>`, true,
			[]want{{ScriptScheme, "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="}}},
		{"data iframe", `<iframe src="data:text/html,<p>login"></iframe>`, true,
			[]want{{ScriptScheme, "data:text/html,<p>login"}}},
		{"javascript src", `<img src="javascript:alert(1)">`, true,
			[]want{{ScriptScheme, "javascript:alert(1)"}}},
		{"meta refresh", `<meta http-equiv="refresh" content="0; url=data:text/html,x">`, true,
			[]want{{ScriptScheme, "data:text/html,x"}}},
		// Negative twins: inline images, icons, ordinary links, a
		// scheme-looking path, a non-ASCII space the URL parser keeps.
		{"data image", `<img src="data:image/png;base64,iVBORw0KGgo=">`, true, nil},
		{"data icon", `<link rel=icon href="data:image/x-icon;base64,AAAB">`, true, nil},
		{"https", `<a href="https://example.com/javascript:x">docs</a>`, true, nil},
		{"relative", `<a href="./javascript.html">js</a>`, true, nil},
		{"nbsp", "<a href=\"\u00a0javascript:x\">x</a>", true, nil},
		{"text", "javascript:alert(1) in running text", false, nil},
	})
}

func TestKindNames(t *testing.T) {
	for k, n := range map[Kind]string{BidiControl: "bidi-control", ConfusableHost: "confusable-host",
		MixedScriptHost: "mixed-script-host", UserinfoHost: "userinfo-host",
		AnchorHostMismatch: "anchor-host-mismatch", ScriptScheme: "script-scheme"} {
		if k.String() != n {
			t.Errorf("%d: %q, want %q", k, k.String(), n)
		}
	}
	if !strings.HasPrefix(Kind(99).String(), "Kind(") {
		t.Error(Kind(99).String())
	}
}
