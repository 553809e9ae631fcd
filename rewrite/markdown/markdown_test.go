package markdown

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/scanner"
)

// run rewrites in as o says, checks the result against goldmark's parse
// (the oracle) and that the bytes outside the edits are kept, and returns
// the output.
func run(t *testing.T, in string, o rewrite.Options) string {
	t.Helper()
	var edits []rewrite.Edit
	o.OnEdit = func(e rewrite.Edit) {
		edits = append(edits, rewrite.Edit{Offset: e.Offset, Length: e.Length, New: bytes.Clone(e.New)})
	}
	var out bytes.Buffer
	res, err := Rewrite(&out, strings.NewReader(in), o)
	if err != nil {
		t.Fatalf("Rewrite: %v", err)
	}
	if err := keptOutside(in, out.String(), edits); err != nil {
		t.Fatal(err)
	}
	if int64(len(edits)) != res.Edits {
		t.Errorf("%d edits reported, Result.Edits %d", len(edits), res.Edits)
	}
	// Shortened or defanged link text changes what a reader sees by design.
	changesText := o.Defang || o.Links.Options().Shorten > 0 || o.Links.Options().StripScheme
	if (o.Charset == nil || o.Charset.IsUCS()) && !changesText {
		var err error
		if o.To == rewrite.Link {
			err = checkLinkify([]byte(in), out.Bytes(), len(edits))
		} else {
			err = checkRewrite([]byte(in), out.Bytes(), len(edits))
		}
		if err != nil {
			if len(in) > 2000 {
				t.Errorf("oracle: %v", err)
			} else {
				t.Errorf("oracle: %v\nin:  %q\nout: %q", err, in, out.String())
			}
		}
	}
	return out.String()
}

// keptOutside checks that out is in with the edits applied, and nothing
// else.
func keptOutside(in, out string, edits []rewrite.Edit) error {
	var b strings.Builder
	done := int64(0)
	for _, e := range edits {
		if e.Offset < done || e.Offset+e.Length > int64(len(in)) {
			return fmt.Errorf("edit at %d overlaps or runs past the end", e.Offset)
		}
		b.WriteString(in[done:e.Offset])
		b.Write(e.New)
		done = e.Offset + e.Length
	}
	b.WriteString(in[done:])
	if b.String() != out {
		return fmt.Errorf("output is not the input with its edits:\n%q\n%q", b.String(), out)
	}
	return nil
}

// Host names used below: 例え.jp is xn--r8jz45g.jp (RFC 3492 Punycode, as
// in the IDNA test data); テスト is %E3%83%86%E3%82%B9%E3%83%88 in UTF-8.

func TestFind(t *testing.T) {
	type want struct {
		where Kind
		text  string
		iri   string
	}
	p := func(s string) want { return want{Prose, s, s} }
	for _, c := range []struct {
		name, in string
		want     []want
	}{
		{"paragraph", "See http://例え.jp/ now.\n", []want{p("http://例え.jp/")}},
		{"www and email", "www.example.org or me@example.org\n", []want{p("www.example.org"), p("me@example.org")}},
		// CommonMark 6.1 (code spans), 4.4 (indented), 4.5 (fenced): code.
		{"code span", "a `http://example.org/` b\n", nil},
		{"double backtick span", "a ``http://example.org/` `` b\n", nil},
		{"indented code", "    http://example.org/\n", nil},
		{"fenced code", "```\nhttp://example.org/\n```\n", nil},
		{"tilde fence", "~~~ go\nhttp://example.org/\n~~~\n", nil},
		// 4.6 HTML blocks and 6.6 raw HTML.
		{"HTML block", "<div>\nhttp://example.org/\n</div>\n", nil},
		{"HTML comment block", "<!--\nhttp://example.org/\n-->\n", nil},
		{"raw HTML attribute", "x <img src=\"http://example.org/i.png\"> y\n", nil},
		{"text inside inline <a>", "x <a href=\"/a\">http://example.org/</a> http://example.net/\n", []want{p("http://example.net/")}},
		{"text inside inline <code>", "x <code>http://example.org/</code>\n", nil},
		{"inline <span> is prose", "x <span>http://example.org/</span>\n", []want{p("http://example.org/")}},
		// 6.5 autolinks: one IRI, kind autolink.
		{"autolink", "<http://例え.jp/>\n", []want{{AutoLink, "http://例え.jp/", "http://例え.jp/"}}},
		{"email autolink", "<me@example.org>\n", []want{{AutoLink, "me@example.org", "me@example.org"}}},
		// 6.3 links: the text is not scanned, the destination is reported.
		{"link text", "[http://a.example/](http://b.example/)\n", []want{{Link, "http://b.example/", "http://b.example/"}}},
		{"link title", "[t](http://b.example/ \"http://c.example/\")\n", []want{{Link, "http://b.example/", "http://b.example/"}}},
		{"bracketed destination", "[t](<http://b.example/a b>)\n", []want{{Link, "http://b.example/a b", "http://b.example/a b"}}},
		{"escaped destination", "[t](http://b.example/a\\)b)\n", []want{{Link, "http://b.example/a\\)b", "http://b.example/a)b"}}},
		{"entity in destination", "[t](http://b.example/?a=1&amp;b=2)\n", []want{{Link, "http://b.example/?a=1&amp;b=2", "http://b.example/?a=1&b=2"}}},
		{"image alt", "![http://a.example/](http://b.example/i.png)\n", []want{{Image, "http://b.example/i.png", "http://b.example/i.png"}}},
		// 4.7 link reference definitions.
		{"definition", "[r]: http://b.example/ \"http://t.example/\"\n\n[x][r]\n", []want{{Definition, "http://b.example/", "http://b.example/"}}},
		{"reference link is not a second destination", "[x][r] [r]\n\n[r]: http://b.example/\n", []want{{Definition, "http://b.example/", "http://b.example/"}}},
		// Prose as a reader sees it: escapes and references resolved.
		{"backslash escape", "http://example.org/a\\_b c\n", []want{{Prose, "http://example.org/a\\_b", "http://example.org/a_b"}}},
		{"entity", "http://example.org/?a=1&amp;b=2 c\n", []want{{Prose, "http://example.org/?a=1&amp;b=2", "http://example.org/?a=1&b=2"}}},
		{"numeric reference", "http://example.org/caf&#233; c\n", []want{{Prose, "http://example.org/caf&#233;", "http://example.org/café"}}},
		// Markup ends an IRI: emphasis (6.2), a line break (6.7, 6.8).
		{"emphasis inside", "http://example.org/*a* b\n", []want{p("http://example.org/")}},
		{"strong around", "**http://example.org/** b\n", []want{p("http://example.org/")}},
		{"strikethrough around", "~~http://example.org/~~\n", []want{p("http://example.org/")}},
		{"soft line break", "http://example.org/a\nb\n", []want{p("http://example.org/a")}},
		{"hard line break", "http://example.org/a  \nb\n", []want{p("http://example.org/a")}},
		{"code span ends", "http://example.org/a`b` c\n", []want{p("http://example.org/a")}},
		// Containers: headings, quotes, lists, tables, task lists.
		{"ATX heading", "# See http://example.org/ #\n", []want{p("http://example.org/")}},
		{"setext heading", "http://example.org/\n===\n", []want{p("http://example.org/")}},
		{"block quote", "> http://example.org/\n", []want{p("http://example.org/")}},
		{"list item", "- http://example.org/\n- two\n", []want{p("http://example.org/")}},
		{"task list", "- [ ] http://example.org/\n", []want{p("http://example.org/")}},
		{"table cell", "| a |\n|---|\n| http://example.org/ |\n", []want{p("http://example.org/")}},
		{"escaped pipe in cell", "| a |\n|---|\n| http://example.org/a\\|b |\n", []want{{Prose, "http://example.org/a\\|b", "http://example.org/a%7Cb"}}},
		// CJK punctuation and bidi: the scanner's rules.
		{"CJK brackets", "「http://例え.jp/」を見て\n", []want{p("http://例え.jp/")}},
		{"Arabic comma", "الموقع https://مثال.مصر/صفحة، شكراً\n", []want{p("https://مثال.مصر/صفحة")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ms, err := Find([]byte(c.in), nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []want
			for _, m := range ms {
				got = append(got, want{m.Where, m.Text, m.IRI})
				if s := c.in[m.Offset : m.Offset+m.Length]; s != m.Text {
					t.Errorf("offsets [%d,%d) hold %q, Text is %q", m.Offset, m.Offset+m.Length, s, m.Text)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("got  %v\nwant %v", got, c.want)
			}
		})
	}
}

func TestFindCharset(t *testing.T) {
	// Shift_JIS: 例え is 97 E1 82 A6; offsets count the source bytes.
	sjis, _ := charset.Lookup("shift_jis")
	src := []byte("`x` \x97\xe1\x82\xa6 http://example.org/\x97\xe1\x82\xa6 [t](http://a.example/)\n")
	ms, err := Find(src, sjis, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		off, n int64
		text   string
	}{{9, 23, "http://example.org/例え"}, {37, 17, "http://a.example/"}}
	if len(ms) != len(want) {
		t.Fatalf("got %d matches, want %d: %+v", len(ms), len(want), ms)
	}
	for i, w := range want {
		if ms[i].Offset != w.off || ms[i].Length != w.n || ms[i].Text != w.text {
			t.Errorf("match %d: %d+%d %q, want %d+%d %q", i, ms[i].Offset, ms[i].Length, ms[i].Text, w.off, w.n, w.text)
		}
	}
	// A byte order mark is not text; offsets still count it.
	ms, _ = Find([]byte("\ufeffhttp://example.org/\n"), nil, nil)
	if len(ms) != 1 || ms[0].Offset != 3 {
		t.Errorf("after a BOM: %+v, want offset 3", ms)
	}
}

func TestRewrite(t *testing.T) {
	for _, c := range []struct {
		name string
		to   rewrite.Form
		in   string
		want string
	}{
		{"prose to URI", rewrite.URI, "See http://例え.jp/テスト.\n", "See http://xn--r8jz45g.jp/%E3%83%86%E3%82%B9%E3%83%88.\n"},
		{"prose to IRI", rewrite.IRI, "See http://xn--r8jz45g.jp/%E3%83%86%E3%82%B9%E3%83%88.\n", "See http://例え.jp/テスト.\n"},
		{"www keeps its shape", rewrite.URI, "www.例え.jp\n", "www.xn--r8jz45g.jp\n"},
		{"email keeps its shape", rewrite.URI, "me@例え.jp\n", "me@xn--r8jz45g.jp\n"},
		{"unchanged IRI keeps its escapes", rewrite.URI, "http://example.org/a\\_b\n", "http://example.org/a\\_b\n"},
		{"code untouched", rewrite.URI, "`http://例え.jp/` and\n\n    http://例え.jp/\n", "`http://例え.jp/` and\n\n    http://例え.jp/\n"},
		{"link text untouched, destination converted", rewrite.URI, "[http://例え.jp/](http://例え.jp/)\n", "[http://例え.jp/](http://xn--r8jz45g.jp/)\n"},
		{"title untouched", rewrite.URI, "[t](http://例え.jp/ \"http://例え.jp/\")\n", "[t](http://xn--r8jz45g.jp/ \"http://例え.jp/\")\n"},
		{"image", rewrite.URI, "![例](http://例え.jp/画.png)\n", "![例](http://xn--r8jz45g.jp/%E7%94%BB.png)\n"},
		{"bracketed stays bracketed", rewrite.URI, "[t](<http://例え.jp/a b>)\n", "[t](<http://xn--r8jz45g.jp/a%20b>)\n"},
		{"definition", rewrite.URI, "[r]: http://例え.jp/ 'T'\n\n[r]\n", "[r]: http://xn--r8jz45g.jp/ 'T'\n\n[r]\n"},
		{"bracketed definition", rewrite.URI, "[r]: <http://例え.jp/>\n\n[r]\n", "[r]: <http://xn--r8jz45g.jp/>\n\n[r]\n"},
		{"autolink", rewrite.URI, "<http://例え.jp/>\n", "<http://xn--r8jz45g.jp/>\n"},
		{"autolink to IRI", rewrite.IRI, "<http://xn--r8jz45g.jp/>\n", "<http://例え.jp/>\n"},
		// CommonMark 6.5: an e-mail autolink is ASCII only; its IRI form
		// would no longer be an autolink, so it stays.
		{"email autolink stays ASCII", rewrite.IRI, "<me@xn--r8jz45g.jp>\n", "<me@xn--r8jz45g.jp>\n"},
		{"email autolink to URI", rewrite.URI, "<mailto:me@例え.jp>\n", "<mailto:me@xn--r8jz45g.jp>\n"},
		// Escaping what Markdown would read: an unbalanced parenthesis in
		// a destination (6.3), "&" starting a reference, "*" and "~".
		{"escaped paren kept escaped", rewrite.URI, "[t](http://例え.jp/a\\(b)\n", "[t](http://xn--r8jz45g.jp/a\\(b)\n"},
		{"balanced parens stay", rewrite.URI, "[t](http://例え.jp/a_(b))\n", "[t](http://xn--r8jz45g.jp/a_(b))\n"},
		{"reference resolved", rewrite.IRI, "http://xn--r8jz45g.jp/?a&copy;=1 x\n", "http://例え.jp/?a©=1 x\n"},
		{"reference-like & escaped", rewrite.IRI, "http://xn--r8jz45g.jp/?a\\&copy;=1 x\n", "http://例え.jp/?a\\&copy;=1 x\n"},
		{"tilde and star escaped in prose", rewrite.URI, "http://例え.jp/~a/*b x\n", "http://xn--r8jz45g.jp/\\~a/\\*b x\n"},
		{"intraword underscore stays", rewrite.URI, "http://例え.jp/a_b x\n", "http://xn--r8jz45g.jp/a_b x\n"},
		{"underscore after slash escaped", rewrite.URI, "http://例え.jp/_a x\n", "http://xn--r8jz45g.jp/\\_a x\n"},
		{"escape resolved then kept meaning", rewrite.URI, "http://例え.jp/a\\_b x\n", "http://xn--r8jz45g.jp/a_b x\n"},
		{"entity resolved", rewrite.URI, "http://例え.jp/?a=1&amp;b=2 x\n", "http://xn--r8jz45g.jp/?a=1&b=2 x\n"},
		// CommonMark 6.5: "<", an IRI with no space and ">" are an
		// autolink; an escape (which an autolink cannot hold) keeps the
		// prose prose.
		{"bracketed prose IRI", rewrite.URI, "<http://例え.jp/a b>\n", "<http\\://xn--r8jz45g.jp/ab>\n"},
		{"bracketed prose address", rewrite.URI, "<me@例え.jp>\n", "<me\\@xn--r8jz45g.jp>\n"},
		{"bracketed prose address, punctuation", rewrite.URI, "<me@例え.jp.>\n", "<me\\@xn--r8jz45g.jp.>\n"},
		{"bracketed www needs no escape", rewrite.URI, "<www.例え.jp>\n", "<www.xn--r8jz45g.jp>\n"},
		{"unclosed bracket", rewrite.URI, "[0]:<http://例え.jp/\n", "[0]:<http://xn--r8jz45g.jp/\n"},
		// Not a definition only because of the space in "<http://例え 0>";
		// the URI form (spaces removed, RFC 3986 Appendix C) would make it
		// one (CommonMark 4.7): left as written.
		{"space keeps a definition invalid", rewrite.URI, "[0]:0<http://例え 0>\n", "[0]:0<http://例え 0>\n"},
		{"table cell", rewrite.URI, "| a |\n|---|\n| http://例え.jp/ |\n", "| a |\n|---|\n| http://xn--r8jz45g.jp/ |\n"},
		{"inside raw <a> untouched", rewrite.URI, "<a href=\"http://例え.jp/\">http://例え.jp/</a>\n", "<a href=\"http://例え.jp/\">http://例え.jp/</a>\n"},
		{"display isolates RTL prose", rewrite.Display, "x https://مثال.مصر/ y\n", "x \u2066https://مثال.مصر/\u2069 y\n"},
		{"display: no marks in a destination", rewrite.Display, "[x](https://مثال.مصر/)\n", "[x](https://مثال.مصر/)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := run(t, c.in, rewrite.Options{To: c.to}); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestLinkify(t *testing.T) {
	for _, c := range []struct {
		name string
		in   string
		want string
	}{
		{"IRI", "See http://例え.jp/テスト.\n", "See [http://例え.jp/テスト](http://xn--r8jz45g.jp/%E3%83%86%E3%82%B9%E3%83%88).\n"},
		{"www", "www.例え.jp\n", "[www.例え.jp](https://www.xn--r8jz45g.jp)\n"},
		// CommonMark 2.4: a backslash before a character that is not ASCII
		// punctuation is literal, but before "[" it escapes: it is doubled.
		{"literal backslash", `x \0@え.jp \https://例え.jp/` + "\n", `x \\[0@え.jp](mailto:0@xn--r8j.jp) \\[https://例え.jp/](https://xn--r8jz45g.jp/)` + "\n"},
		// An invalid byte between the IRI and a "~": which character
		// goldmark takes as before the delimiter is unknown: left as text.
		{"invalid byte before a delimiter", "http://0\x87~!~\n", "http://0\x87~!~\n"},
		{"email", "Mail me@例え.jp.\n", "Mail [me@例え.jp](mailto:me@xn--r8jz45g.jp).\n"},
		{"existing link", "[http://a.example/](http://b.example/) and <http://c.example/>\n", "[http://a.example/](http://b.example/) and <http://c.example/>\n"},
		{"image alt", "![http://a.example/](i.png)\n", "![http://a.example/](i.png)\n"},
		{"raw <a>", "<a href=\"/x\">http://a.example/</a>\n", "<a href=\"/x\">http://a.example/</a>\n"},
		{"code", "`http://a.example/`\n", "`http://a.example/`\n"},
		// The text reads as written: its escapes stay, "[", "]", "*" and
		// a "_" that could be emphasis get a backslash (CommonMark 2.4).
		{"escape kept in text", "http://example.org/a\\_b\n", "[http://example.org/a\\_b](http://example.org/a_b)\n"},
		{"intraword underscore", "http://example.org/a_b\n", "[http://example.org/a_b](http://example.org/a_b)\n"},
		{"star", "http://example.org/a*b\n", "[http://example.org/a\\*b](http://example.org/a*b)\n"},
		{"brackets of an IP literal", "http://[2001:db8::1]/\n", "[http://\\[2001:db8::1\\]/](http://[2001:db8::1]/)\n"},
		{"entity kept in text", "http://example.org/?a&amp;b\n", "[http://example.org/?a&amp;b](http://example.org/?a&b)\n"},
		// "_" before "(" is right-flanking, so it could close emphasis
		// (CommonMark 6.2): escaped, it reads the same.
		{"parens balanced", "http://example.org/a_(b)\n", "[http://example.org/a\\_(b)](http://example.org/a_(b))\n"},
		{"bang before", "Wow!http://example.org/\n", "Wow\\![http://example.org/](http://example.org/)\n"},
		{"escaped bang before", "\\!http://example.org/\n", "\\![http://example.org/](http://example.org/)\n"},
		// "[r]" then "[…]" would be a full reference (CommonMark 6.3):
		// an IRI right after "]" stays text.
		{"after a bracket", "[r]http://example.org/\n\n[r]: /u\n", "[r]http://example.org/\n\n[r]: /u\n"},
		{"after an escaped bracket", "\\]http://example.org/\n", "\\][http://example.org/](http://example.org/)\n"},
		{"bold IRI", "**http://example.org/**\n", "**[http://example.org/](http://example.org/)**\n"},
		// A "*" between letters closes emphasis; after ")" it would not
		// (CommonMark 6.2, flanking): the IRI stays text.
		{"closing star glued to a word", "*http://example.org/a*b\n", "*http://example.org/a*b\n"},
		{"in emphasis", "*see http://example.org/*\n", "*see [http://example.org/](http://example.org/)*\n"},
		{"in a table", "| a |\n|---|\n| http://example.org/a\\|b |\n", "| a |\n|---|\n| [http://example.org/a\\|b](http://example.org/a%7Cb) |\n"},
		{"in a heading", "## http://example.org/\n", "## [http://example.org/](http://example.org/)\n"},
		{"two on a line", "http://a.example/ http://b.example/\n", "[http://a.example/](http://a.example/) [http://b.example/](http://b.example/)\n"},
		{"RTL", "https://مثال.مصر/صفحة\n", "[https://مثال.مصر/صفحة](https://xn--mgbh0fb.xn--wgbh1c/%D8%B5%D9%81%D8%AD%D8%A9)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := run(t, c.in, rewrite.Options{To: rewrite.Link}); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestRewriteCharset(t *testing.T) {
	// Shift_JIS stays Shift_JIS; only the IRI changes.
	sjis, _ := charset.Lookup("shift_jis")
	in := "`\x97\xe1` http://\x97\xe1\x82\xa6.jp/ [t](http://\x97\xe1\x82\xa6.jp/)\n"
	want := "`\x97\xe1` http://xn--r8jz45g.jp/ [t](http://xn--r8jz45g.jp/)\n"
	if got := run(t, in, rewrite.Options{To: rewrite.URI, Charset: sjis}); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestErrors(t *testing.T) {
	var failed []string
	o := rewrite.Options{To: rewrite.URI, OnError: func(e *rewrite.ConvertError) {
		failed = append(failed, fmt.Sprintf("%d+%d %s", e.Offset, e.Length, e.Text))
	}}
	// A host IDNA refuses ("xn--a" is no Punycode, RFC 3492) is left as
	// it was; the scanner does not find such a host in prose, but a
	// destination is taken as written.
	in := "x [t](http://xn--a.例え.jp/) [u](http://例え.jp/)\n"
	got := run(t, in, o)
	want := "x [t](http://xn--a.例え.jp/) [u](http://xn--r8jz45g.jp/)\n"
	if got != want || len(failed) != 1 || failed[0] != "6+23 http://xn--a.例え.jp/" {
		t.Errorf("got %q, errors %q", got, failed)
	}
	if _, err := Rewrite(&bytes.Buffer{}, strings.NewReader(""), rewrite.Options{To: rewrite.Link + 1}); err == nil {
		t.Error("bad Form: no error")
	}
}

func TestLinkifyOptions(t *testing.T) {
	// The scanner options apply: fuzzy finds a bare domain.
	got := run(t, "see example.org/a\n", rewrite.Options{To: rewrite.Link, Scanner: scanner.Options{Fuzzy: true}})
	if want := "see [example.org/a](https://example.org/a)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	_ = iri.BidiNone
}

// The link policy of rewrite.Options.Links applies to Markdown links as
// to HTML ones (docs/linkify.md); expected values from the rules:
// denied hosts stay text, the href template gets the URI as a query
// value, shortened text keeps the host, a title shows the URI, and
// --defang writes text that is no link. Shorten keeps 10 grapheme
// clusters: the host and its "/" (6), then the path cut in the middle
// around "…".
func TestLinkifyPolicy(t *testing.T) {
	in := "a https://ads.tracker.example/p and https://例え.jp/資料/とても長い名前のページ\n"
	for _, tc := range []struct {
		name string
		lo   rewrite.LinkOptions
		def  bool
		want string
	}{
		{"deny", rewrite.LinkOptions{HostsDeny: []string{"*.tracker.example"}},
			false, "a https://ads.tracker.example/p and [https://例え.jp/資料/とても長い名前のページ](https://xn--r8jz45g.jp/%E8%B3%87%E6%96%99/%E3%81%A8%E3%81%A6%E3%82%82%E9%95%B7%E3%81%84%E5%90%8D%E5%89%8D%E3%81%AE%E3%83%9A%E3%83%BC%E3%82%B8)\n"},
		{"allow", rewrite.LinkOptions{HostsAllow: []string{"xn--r8jz45g.jp"}, Shorten: 10},
			false, "a https://ads.tracker.example/p and [例え.jp/資…ージ](https://xn--r8jz45g.jp/%E8%B3%87%E6%96%99/%E3%81%A8%E3%81%A6%E3%82%82%E9%95%B7%E3%81%84%E5%90%8D%E5%89%8D%E3%81%AE%E3%83%9A%E3%83%BC%E3%82%B8)\n"},
		{"template and title", rewrite.LinkOptions{HostsAllow: []string{"*.tracker.example"}, HrefTemplate: "https://out.example/go?to={uri}", Title: true},
			false, "a [https://ads.tracker.example/p](https://out.example/go?to=https://ads.tracker.example/p \"https://ads.tracker.example/p\") and https://例え.jp/資料/とても長い名前のページ\n"},
		{"defang", rewrite.LinkOptions{HostsAllow: []string{"*.tracker.example"}},
			true, "a hxxps://ads\\[.\\]tracker\\[.\\]example/p and https://例え.jp/資料/とても長い名前のページ\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := rewrite.NewLinker(tc.lo)
			if err != nil {
				t.Fatal(err)
			}
			got := run(t, in, rewrite.Options{To: rewrite.Link, Links: l, Defang: tc.def})
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}
