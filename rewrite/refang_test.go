package rewrite

import (
	"errors"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/scanner"
	"github.com/iriscan/iriscan/scanner/refang"
)

var refangOn = scanner.Options{Refang: true}

// Issue 20 item 6: rewrite converts a link written defanged and keeps it
// defanged as written. Each expected output is the URI (RFC 3987bis Section
// 3.6), IRI (3.7) or display form (4) of the link the text stands for, with
// every marker back in its place, written by hand.
func TestRewriteRefang(t *testing.T) {
	latin1 := func(t *testing.T) *charset.Charset {
		cs, err := charset.Lookup("iso-8859-1")
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	runConvertCases(t, []convertCase{
		{"issue example", "IOC: hxxp://例え[.]jp/資料\n", Options{Scanner: refangOn},
			"IOC: hxxp://xn--r8jz45g[.]jp/%E8%B3%87%E6%96%99\n"},
		{"every label", "C2 hXXps://bücher[.]例え[.]テスト/ä", Options{Scanner: refangOn},
			"C2 hXXps://xn--bcher-kva[.]xn--r8jz45g[.]xn--zckzah/%C3%A4"},
		{"mixed markers", "h**p[://]пример(dot)рф[/]путь(.)php?q=я", Options{Scanner: refangOn},
			"h**p[://]xn--e1afmkfd(dot)xn--p1ai[/]%D0%BF%D1%83%D1%82%D1%8C(.)php?q=%D1%8F"},
		{"e-mail", "from: jörg[at]bücher[.]de", Options{Scanner: refangOn},
			"from: jörg[at]xn--bcher-kva[.]de"},
		{"www", "see www[.]bücher[.]de/ä.", Options{Scanner: refangOn},
			"see www[.]xn--bcher-kva[.]de/%C3%A4."},
		{"to IRI", "hxxps://xn--r8jz45g[.]jp/%E8%B3%87%E6%96%99 and hxxp://a[.]example/x", Options{To: IRI, Scanner: refangOn},
			"hxxps://例え[.]jp/資料 and hxxp://a[.]example/x"},
		{"display of a spoofable host", "hxxp://аррӏе[.]com/", Options{To: Display, Scanner: refangOn},
			"hxxp://xn--80ak6aa92e[.]com/"},
		{"HTML text node", "<p>hxxp://例え[.]jp/</p>", Options{Format: HTML, TextNodes: true, Scanner: refangOn},
			"<p>hxxp://xn--r8jz45g[.]jp/</p>"},
		{"plain link beside", "https://例え.jp/ hxxp://例え[.]jp/", Options{Scanner: refangOn},
			"https://xn--r8jz45g.jp/ hxxp://xn--r8jz45g[.]jp/"},
		{"legacy charset", "hxxp://b\xfccher[.]de/\xe4?q=\xe4", Options{Scanner: refangOn, Charset: latin1(t)},
			"hxxp://xn--bcher-kva[.]de/%C3%A4?q=%E4"},
		// Without Refang nothing changes: no link is found in a
		// defanged one, and no part of it is rewritten.
		{"off: untouched", "hxxp://例え[.]jp/資料 jörg[at]bücher[.]de h**p[://]例え(dot)jp", Options{},
			"hxxp://例え[.]jp/資料 jörg[at]bücher[.]de h**p[://]例え(dot)jp"},
		{"off: fuzzy untouched", "例え[.]jp 192[.]0[.]2[.]1", Options{Scanner: scanner.Options{Fuzzy: true}},
			"例え[.]jp 192[.]0[.]2[.]1"},
	})
}

// TestRewriteRefangUnchanged: a defanged link that is already in the
// target form is no edit.
func TestRewriteRefangUnchanged(t *testing.T) {
	in := "hxxps://evil[.]example/payload[.]exe user[at]evil(dot)com"
	var out strings.Builder
	res, err := Document(&out, strings.NewReader(in), Options{Scanner: refangOn})
	if err != nil || out.String() != in || res.Edits != 0 || res.Matches != 2 {
		t.Fatalf("got %q, %+v, %v; want the input, 2 matches, no edit", out.String(), res, err)
	}
}

// TestRewriteRefangLost: when conversion changes the number of dots (ToIRI
// decodes %2E and %E3%80%82), the markers have no certain place: the link
// stays as written and is reported.
func TestRewriteRefangLost(t *testing.T) {
	for _, in := range []string{"hxxp://a[.]example/x%2Ey", "hxxp://a[.]example/%E3%80%82"} {
		t.Run(in, func(t *testing.T) {
			var out strings.Builder
			var errs []*ConvertError
			o := Options{To: IRI, Scanner: refangOn, OnError: func(e *ConvertError) { c := *e; errs = append(errs, &c) }}
			res, err := Document(&out, strings.NewReader(in), o)
			if err != nil || out.String() != in || res.Failed != 1 {
				t.Fatalf("got %q, %+v, %v; want the input and one failure", out.String(), res, err)
			}
			if len(errs) != 1 || !errors.Is(errs[0], refang.ErrMarkers) || errs[0].Offset != 0 || errs[0].Text != in {
				t.Fatalf("errors %v", errs)
			}
		})
	}
}

// Linkify: with Refang a defanged link is a link like any other (its href
// and its text the real link); with Defang no IRI is a link: an <a> without
// href whose text is defanged, its markers as written where it had some.
func TestLinkifyRefang(t *testing.T) {
	runConvertCases(t, []convertCase{
		{"refang", "IOC hxxps://例え[.]jp/資料 & more", Options{To: Link, Scanner: refangOn},
			`IOC <a href="https://xn--r8jz45g.jp/%E8%B3%87%E6%96%99" dir="ltr">https://例え.jp/資料</a> &amp; more`},
		{"refang e-mail", "billing[at]paypa1(dot)com", Options{To: Link, Scanner: refangOn},
			`<a href="mailto:billing@paypa1.com" dir="ltr">billing@paypa1.com</a>`},
		{"defang plain links", "see https://evil.example/a.exe, www.evil.com/x and bob@evil.com", Options{To: Link, Defang: true, Rel: "nofollow", Target: "_blank"},
			`see <a dir="ltr">hxxps://evil[.]example/a.exe</a>, <a dir="ltr">www[.]evil[.]com/x</a> and <a dir="ltr">bob@evil[.]com</a>`},
		{"defang keeps markers", "hXXp://evil(dot)example/a[.]exe and h**ps://a.evil[.]example/", Options{To: Link, Defang: true, Scanner: refangOn},
			`<a dir="ltr">hXXp://evil(dot)example/a[.]exe</a> and <a dir="ltr">h**ps://a[.]evil[.]example/</a>`},
		{"defang IDN", "hxxp://例え[.]テスト/資料", Options{To: Link, Defang: true, Scanner: refangOn},
			`<a dir="ltr">hxxp://例え[.]テスト/資料</a>`},
		{"defang HTML", "<p>https://evil.example/ <a href=\"https://x.example/\">x</a></p>", Options{To: Link, Defang: true, Format: HTML},
			`<p><a dir="ltr">hxxps://evil[.]example/</a> <a href="https://x.example/">x</a></p>`},
		{"off: defanged text stays text", "hxxps://evil[.]example/ x", Options{To: Link},
			"hxxps://evil[.]example/ x"},
	})
}
