package rewrite

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iriscan/iriscan/iri"
)

// convertCase is one document rewritten with one set of options, which
// must convert every IRI it finds.
type convertCase struct {
	name string
	in   string
	o    Options
	want string
}

func runConvertCases(t *testing.T, tests []convertCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			o := tt.o
			o.OnError = func(e *ConvertError) { t.Errorf("unexpected failure: %v", e) }
			if _, err := Document(&out, strings.NewReader(tt.in), o); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("rewrite of %q\n got %q\nwant %q", tt.in, out.String(), tt.want)
			}
		})
	}
}

// Issue 13 item 13: an e-mail address in running text is an address, not a
// URI. Its local part is UTF-8 (RFC 6531 Section 3.3) and stays as it is;
// its domain may become A-labels (RFC 5890). A link to it is a mailto URI,
// which percent-encodes the local part (RFC 6068 Section 2).
func TestRewriteEmailAddresses(t *testing.T) {
	runConvertCases(t, []convertCase{
		{"Cyrillic", "Пишите: иван@пример.рф.\n", Options{},
			"Пишите: иван@xn--e1afmkfd.xn--p1ai.\n"},
		{"Chinese", "联系 用户@例子.中国 谢谢", Options{},
			"联系 用户@xn--fsqu00a.xn--fiqs8s 谢谢"},
		{"German", "Mail an jörg@bücher.de, bitte.", Options{},
			"Mail an jörg@xn--bcher-kva.de, bitte."},
		{"UTF-8 local part, ASCII domain", "write to δοκιμή@example.com today", Options{},
			"write to δοκιμή@example.com today"},
		{"angle brackets", "From: <иван@пример.рф>", Options{},
			"From: <иван@xn--e1afmkfd.xn--p1ai>"},
		{"mailto URI is a URI", "see mailto:иван@пример.рф", Options{},
			"see mailto:%D0%B8%D0%B2%D0%B0%D0%BD@xn--e1afmkfd.xn--p1ai"},
		{"HTML text node", "<p>иван@пример.рф</p>", Options{Format: HTML, TextNodes: true},
			"<p>иван@xn--e1afmkfd.xn--p1ai</p>"},
		{"IRI form keeps the address", "иван@xn--e1afmkfd.xn--p1ai", Options{To: IRI},
			"иван@пример.рф"},
		{"link", "иван@пример.рф", Options{To: Link},
			`<a href="mailto:%D0%B8%D0%B2%D0%B0%D0%BD@xn--e1afmkfd.xn--p1ai" dir="ltr">иван@пример.рф</a>`},
	})
}

// Issue 15 item 2: URLs in HTML attributes are converted as a browser
// reads them, after the URL Standard's preprocessing (leading and trailing
// C0 controls and spaces and every tab and newline removed; "\" is "/" for
// special schemes and relative references, outside the query and fragment).
func TestRewriteAttributePreprocessing(t *testing.T) {
	html := Options{Format: HTML}
	runConvertCases(t, []convertCase{
		{"backslash in path", `<a href="https://ex.org/a\b">x</a>`, html,
			`<a href="https://ex.org/a/b">x</a>`},
		{"backslashes as slashes", `<a href="http:\\ex.org\a\b">x</a>`, html,
			`<a href="http://ex.org/a/b">x</a>`},
		{"backslash in query stays data", `<a href="https://ex.org/a?b\c">x</a>`, html,
			`<a href="https://ex.org/a?b%5Cc">x</a>`},
		{"newline removed, not %0A", "<a href=\"https://ex.org/lo\nng/path\">x</a>", html,
			`<a href="https://ex.org/long/path">x</a>`},
		{"CR LF in host", "<a href=\"https://ex\r\n.org/\">x</a>", html,
			`<a href="https://ex.org/">x</a>`},
		{"tab in scheme", "<img src=\"ht\ttps://ex.org/i.png\">", html,
			`<img src="https://ex.org/i.png">`},
		{"leading C0 control", "<a href=\"\x01https://ex.org/\">x</a>", html,
			`<a href="https://ex.org/">x</a>`},
		{"relative reference", `<a href="..\docs\a b.html">x</a>`, html,
			`<a href="../docs/a%20b.html">x</a>`},
		{"scheme-relative", `<a href="\\ex.org\x">x</a>`, html,
			`<a href="//ex.org/x">x</a>`},
		{"ws", `<a href="wss://ex.org\chat">x</a>`, html,
			`<a href="wss://ex.org/chat">x</a>`},
		{"file", `<a href="file:\\\C:\docs">x</a>`, html,
			`<a href="file:///C:/docs">x</a>`},
		{"IDN with backslash", `<a href="http://例え.jp\資料">x</a>`, html,
			`<a href="http://xn--r8jz45g.jp/%E8%B3%87%E6%96%99">x</a>`},
		{"not special: backslash encoded", `<a href="foo:a\b">x</a>`, html,
			`<a href="foo:a%5Cb">x</a>`},
		{"IRI form", `<a href="https://ex.org/%C3%A9\b">x</a>`, Options{Format: HTML, To: IRI},
			`<a href="https://ex.org/é/b">x</a>`},
		{"unchanged without preprocessing", `<a href="https://ex.org/a/b">x</a>`, html,
			`<a href="https://ex.org/a/b">x</a>`},
	})
}

// Issue 13 items 9 and 11 through a document: an IRI with a host no
// reg-name allows, or a stray "%", is left as it is and reported at its
// source offset, in every form.
func TestRewriteReportsInvalid(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		o      Options
		offset int64
		code   iri.Code
	}{
		{"space in host", `<a href="http://ex ample.com/">x</a>`, Options{Format: HTML}, 9, iri.CodeCharNotAllowed},
		{"quote in host", `<a href='http://ex"ample.com/'>x</a>`, Options{Format: HTML, To: IRI}, 9, iri.CodeCharNotAllowed},
		{"percent-encoded space in host", `<a href="http://ex%20ample.com/">x</a>`, Options{Format: HTML, To: Display}, 9, iri.CodeBadHost},
		{"stray percent in attribute", `<a href="http://例え.jp/100%">x</a>`, Options{Format: HTML}, 9, iri.CodeBadPercent},
		{"stray percent in text", "see http://例え.jp/a%zz here", Options{}, 4, iri.CodeBadPercent},
		{"stray percent, IRI form", "see http://example.org/%E6%97%A5%zz here", Options{To: IRI}, 4, iri.CodeBadPercent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			var fails []*ConvertError
			o := tt.o
			o.OnError = func(e *ConvertError) { c := *e; fails = append(fails, &c) }
			res, err := Document(&out, strings.NewReader(tt.in), o)
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.in {
				t.Errorf("output %q, want the input unchanged", out.String())
			}
			if len(fails) != 1 || res.Failed != 1 {
				t.Fatalf("failures %v (Failed %d), want one", fails, res.Failed)
			}
			var v iri.Violation
			if fails[0].Offset != tt.offset || !errors.As(fails[0].Err, &v) || v.Code != tt.code {
				t.Errorf("failure %v, want %v at byte %d", fails[0], tt.code, tt.offset)
			}
		})
	}
}

// TestPlainURL: the strings the rewriter converts without the URL
// Standard's preprocessing (leading and trailing C0 controls and spaces
// stripped, tab and newline removed, "\" read as "/") are those where it
// changes nothing; every other one goes through it.
func TestPlainURL(t *testing.T) {
	for _, c := range []struct {
		s     string
		plain bool
	}{
		{"https://example.org/a?b=c#d", true},
		{"/rel/path", true},
		{"", true},
		{"~!$&'()*+,;=:@%20", true},
		{" https://example.org/", false},
		{"https://example.org/\n", false},
		{"https://exa\tmple.org/", false},
		{"https://example.org/a b", false},
		{"https:\\\\example.org\\a", false},
		{"https://example.org/\x7f", false},
		{"https://example.org/\x00", false},
		{"https://bücher.example/", false},
		{"https://example.org/\xff", false},
	} {
		t.Run(fmt.Sprintf("%q", c.s), func(t *testing.T) {
			if got := plainURL(c.s); got != c.plain {
				t.Fatalf("plainURL = %v, want %v", got, c.plain)
			}
			if c.plain && (iri.PreprocessURL(c.s) != c.s || !utf8.ValidString(c.s)) {
				t.Fatalf("plain, but PreprocessURL changes it or it is not UTF-8")
			}
		})
	}
	// Every byte value at every place of strings of 1 to 24 bytes
	// (plainURL reads eight bytes at a time): plain when the byte is
	// printable ASCII other than "\\".
	for n := 1; n <= 24; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", n))
				b[at] = byte(c)
				want := c >= '!' && c <= '~' && c != '\\'
				if got := plainURL(string(b)); got != want {
					t.Fatalf("plainURL(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
}
