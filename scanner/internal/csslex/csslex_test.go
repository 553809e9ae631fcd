package csslex

import (
	"fmt"
	"strings"
	"testing"
)

// ref is a reference as the tests write it: context, quote, the input
// bytes and the decoded value ("=" for the same as the input bytes).
type ref struct {
	ctx   Context
	quote byte
	raw   string
	value string
}

// collect tokenizes css in chunks of n bytes (all at once for n <= 0) and
// checks that every reference's span holds its Raw bytes.
func collect(t *testing.T, css string, n, maxLen int) []Ref {
	t.Helper()
	tk := Tokenizer{MaxLen: maxLen}
	var out []Ref
	if n <= 0 {
		n = len(css) + 1
	}
	for i := 0; ; i += n {
		end := min(i+n, len(css))
		final := end == len(css)
		if r := tk.Retained(); r > int64(i) {
			t.Fatalf("chunk %d: Retained %d past the bytes given", i, r)
		}
		for _, r := range tk.Feed([]byte(css[min(i, len(css)):end]), final) {
			if got := css[r.Start:r.End]; got != r.Raw {
				t.Fatalf("span [%d,%d) holds %q, Raw is %q", r.Start, r.End, got, r.Raw)
			}
			if len(out) > 0 && r.Start < out[len(out)-1].End {
				t.Fatalf("reference at %d overlaps the one before", r.Start)
			}
			out = append(out, r)
		}
		if final {
			return out
		}
	}
}

func check(t *testing.T, css string, want []ref) {
	t.Helper()
	for _, n := range []int{0, 1, 2, 3, 7, 17, 33} {
		got := collect(t, css, n, 0)
		if len(got) != len(want) {
			t.Fatalf("chunks of %d: %d references %+v, want %d %+v", n, len(got), got, len(want), want)
		}
		for k, w := range want {
			g := got[k]
			value := w.value
			if value == "=" {
				value = w.raw
			}
			if g.Context != w.ctx || g.Quote != w.quote || g.Raw != w.raw || g.Value != value {
				t.Fatalf("chunks of %d: reference %d is %v %q raw %q value %q, want %v %q raw %q value %q",
					n, k, g.Context, g.Quote, g.Raw, g.Value, w.ctx, w.quote, w.raw, value)
			}
			if g.Escaped != (g.Raw != g.Value) {
				t.Fatalf("Escaped %v for raw %q value %q", g.Escaped, g.Raw, g.Value)
			}
		}
	}
}

// Unquoted url tokens: CSS Syntax Level 3 §4.3.6 "consume a url token".
func TestURLToken(t *testing.T) {
	for _, c := range []struct {
		name, css string
		want      []ref
	}{
		{"plain", `a{background:url(bg.png)}`, []ref{{URL, 0, "bg.png", "="}}},
		{"white space around the value", "a{b:url(  bg.png \t\n)}", []ref{{URL, 0, "bg.png", "="}}},
		{"upper case name", `a{b:URL(x.png)}`, []ref{{URL, 0, "x.png", "="}}},
		{"mixed case name", `a{b:uRl(x.png)}`, []ref{{URL, 0, "x.png", "="}}},
		{"escaped name", `a{b:u\72l(x.png)}`, []ref{{URL, 0, "x.png", "="}}},
		{"name by hex escapes", `a{b:\75 \52 \6c(x.png)}`, []ref{{URL, 0, "x.png", "="}}},
		{"absolute IRI", `a{b:url(http://例え.jp/背景.png)}`, []ref{{URL, 0, "http://例え.jp/背景.png", "="}}},
		{"escaped paren", `a{b:url(a\)b)}`, []ref{{URL, 0, `a\)b`, "a)b"}}},
		{"escaped space", `a{b:url(a\ b)}`, []ref{{URL, 0, `a\ b`, "a b"}}},
		{"hex escape with its space", `a{b:url(\30D1 x.png)}`, []ref{{URL, 0, `\30D1 x.png`, "パx.png"}}},
		{"hex escape at the end", `a{b:url(x\41 )}`, []ref{{URL, 0, `x\41 `, "xA"}}},
		{"six hex digits end an escape", `a{b:url(\00004142)}`, []ref{{URL, 0, `\00004142`, "A42"}}},
		{"hex escape then CR LF", "a{b:url(\\41\r\nB)}", []ref{{URL, 0, "\\41\r\nB", "AB"}}},
		{"surrogate escape", `a{b:url(\D800 x)}`, []ref{{URL, 0, `\D800 x`, "\uFFFDx"}}},
		{"escape past U+10FFFF", `a{b:url(\110000 x)}`, []ref{{URL, 0, `\110000 x`, "\uFFFDx"}}},
		{"zero escape", `a{b:url(\0 x)}`, []ref{{URL, 0, `\0 x`, "\uFFFDx"}}},
		{"NUL", "a{b:url(a\x00b)}", []ref{{URL, 0, "a\x00b", "a\uFFFDb"}}},
		{"ended by the end of the input", `a{b:url(x.png`, []ref{{URL, 0, "x.png", "="}}},
		{"white space then the end", "a{b:url(x.png  ", []ref{{URL, 0, "x.png", "="}}},
		{"backslash at the end", `a{b:url(x\`, []ref{{URL, 0, `x\`, "x\uFFFD"}}},
		{"empty", `a{b:url()}`, nil},
		{"only white space", `a{b:url(   )}`, nil},
		{"space inside: bad url", `a{b:url(a b) c:url(ok)}`, []ref{{URL, 0, "ok", "="}}},
		{"quote inside: bad url", `a{b:url(a"b) c:url(ok)}`, []ref{{URL, 0, "ok", "="}}},
		{"apostrophe inside: bad url", `a{b:url(a'b) c:url(ok)}`, []ref{{URL, 0, "ok", "="}}},
		{"paren inside: bad url", `a{b:url(a(b) c:url(ok)}`, []ref{{URL, 0, "ok", "="}}},
		{"non-printable: bad url", "a{b:url(a\x01b) c:url(ok)}", []ref{{URL, 0, "ok", "="}}},
		{"DEL: bad url", "a{b:url(a\x7fb) c:url(ok)}", []ref{{URL, 0, "ok", "="}}},
		{"backslash newline: bad url", "a{b:url(a\\\nb) c:url(ok)}", []ref{{URL, 0, "ok", "="}}},
		{"bad url remnants skip an escaped paren", `a{b:url(a b\) url(no)) c:url(ok)}`, []ref{{URL, 0, "ok", "="}}},
		{"comment is no comment in a url", `a{b:url(/*x*/y)}`, []ref{{URL, 0, "/*x*/y", "="}}},
		{"fragment", `a{filter:url(#f)}`, []ref{{URL, 0, "#f", "="}}},
		{"in a custom property", `a{--bg:url(x.png)}`, []ref{{URL, 0, "x.png", "="}}},
		{"after CDO", `<!--a{b:url(x)}-->`, []ref{{URL, 0, "x", "="}}},
		{"two in a row", `a{b:url(x),url(y)}`, []ref{{URL, 0, "x", "="}, {URL, 0, "y", "="}}},
	} {
		t.Run(c.name, func(t *testing.T) { check(t, c.css, c.want) })
	}
}

// url("…") and url('…') are a function and a string (§4.3.4: after
// "url(", white space and a quote make a function token).
func TestURLFunction(t *testing.T) {
	for _, c := range []struct {
		name, css string
		want      []ref
	}{
		{"double quotes", `a{b:url("bg.png")}`, []ref{{URL, '"', "bg.png", "="}}},
		{"single quotes", `a{b:url('bg.png')}`, []ref{{URL, '\'', "bg.png", "="}}},
		{"white space before the string", "a{b:url( \n 'bg.png' )}", []ref{{URL, '\'', "bg.png", "="}}},
		{"space inside", `a{b:url("a b.png")}`, []ref{{URL, '"', "a b.png", "="}}},
		{"escaped quote", `a{b:url("a\"b")}`, []ref{{URL, '"', `a\"b`, `a"b`}}},
		{"other quote inside", `a{b:url("it's")}`, []ref{{URL, '"', "it's", "="}}},
		{"escaped backslash", `a{b:url("a\\b")}`, []ref{{URL, '"', `a\\b`, `a\b`}}},
		{"newline continuation", "a{b:url(\"http://ex.org/a\\\nb\")}", []ref{{URL, '"', "http://ex.org/a\\\nb", "http://ex.org/ab"}}},
		{"CR LF continuation", "a{b:url(\"a\\\r\nb\")}", []ref{{URL, '"', "a\\\r\nb", "ab"}}},
		{"hex escape", `a{b:url("\30D1 \30B9.png")}`, []ref{{URL, '"', `\30D1 \30B9.png`, "パス.png"}}},
		{"hex escape and newline", "a{b:url(\"\\41\nB\")}", []ref{{URL, '"', "\\41\nB", "AB"}}},
		{"unescaped newline: bad string", "a{b:url(\"a\nb\")}", nil},
		{"ended by the end of the input", `a{b:url("x.png`, []ref{{URL, '"', "x.png", "="}}},
		{"backslash at the end of the input", `a{b:url("x\`, []ref{{URL, '"', `x\`, "x"}}},
		{"empty string", `a{b:url("")}`, nil},
		{"second string is no URL", `a{b:url("a" "b")}`, []ref{{URL, '"', "a", "="}}},
		{"string in a nested function", `a{b:url("a" f("b"))}`, []ref{{URL, '"', "a", "="}}},
		{"src()", `a{b:src("a.png")}`, []ref{{Src, '"', "a.png", "="}}},
		{"comment before the string", `a{b:url(/**/"x")}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) { check(t, c.css, c.want) })
	}
}

func TestAtRules(t *testing.T) {
	for _, c := range []struct {
		name, css string
		want      []ref
	}{
		{"@import string", `@import "a.css";`, []ref{{Import, '"', "a.css", "="}}},
		{"@import single quotes and media", `@import 'a.css' screen;`, []ref{{Import, '\'', "a.css", "="}}},
		{"@import url()", `@import url(a.css);`, []ref{{URL, 0, "a.css", "="}}},
		{"@import url(string)", `@import url("a.css");`, []ref{{URL, '"', "a.css", "="}}},
		{"@import upper case", `@IMPORT "a.css";`, []ref{{Import, '"', "a.css", "="}}},
		{"@import escaped", `@\69mport "a.css";`, []ref{{Import, '"', "a.css", "="}}},
		{"@import comment", `@import/* c */"a.css";`, []ref{{Import, '"', "a.css", "="}}},
		{"@import layer supports", `@import "a.css" layer(x) supports(content: "no");`, []ref{{Import, '"', "a.css", "="}}},
		{"@import after @charset", `@charset "utf-8";@import "a.css";`, []ref{{Import, '"', "a.css", "="}}},
		{"@import in a block is ignored", `@media print{@import "a.css";}`, nil},
		{"@importx", `@importx "a.css";`, nil},
		{"@namespace url()", `@namespace url(http://www.w3.org/1999/xhtml);a{b:url(x)}`, []ref{{URL, 0, "x", "="}}},
		{"@namespace prefix url()", `@namespace svg url("http://www.w3.org/2000/svg");a{b:url(x)}`, []ref{{URL, 0, "x", "="}}},
		{"@namespace string", `@namespace "http://www.w3.org/1999/xhtml";@import "a.css";`, []ref{{Import, '"', "a.css", "="}}},
		{"@font-face src", `@font-face{font-family:F;src:local("F"),url(f.woff2) format("woff2"),url('f.ttf')}`,
			[]ref{{URL, 0, "f.woff2", "="}, {URL, '\'', "f.ttf", "="}}},
	} {
		t.Run(c.name, func(t *testing.T) { check(t, c.css, c.want) })
	}
}

func TestImageFunctions(t *testing.T) {
	for _, c := range []struct {
		name, css string
		want      []ref
	}{
		{"image-set", `a{b:image-set("a.png" 1x, url(b.png) 2x)}`, []ref{{ImageSet, '"', "a.png", "="}, {URL, 0, "b.png", "="}}},
		{"image-set strings", `a{b:image-set('a.png' 1x,'b.png' 2x)}`, []ref{{ImageSet, '\'', "a.png", "="}, {ImageSet, '\'', "b.png", "="}}},
		{"-webkit-image-set", `a{b:-webkit-image-set("a.png" 1x)}`, []ref{{ImageSet, '"', "a.png", "="}}},
		{"image-set type()", `a{b:image-set("a.avif" type("image/avif"))}`, []ref{{ImageSet, '"', "a.avif", "="}}},
		{"image()", `a{b:image("a.png", red)}`, []ref{{Image, '"', "a.png", "="}}},
		{"image() with url()", `a{b:image(ltr url(a.png))}`, []ref{{URL, 0, "a.png", "="}}},
		{"cross-fade url()", `a{b:cross-fade(url(a.png) 50%, url(b.png))}`, []ref{{URL, 0, "a.png", "="}, {URL, 0, "b.png", "="}}},
		{"other function", `a{b:format("a.png")}`, nil},
		{"attr()", `a{b:attr(data-x url, "a.png")}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) { check(t, c.css, c.want) })
	}
}

// Nothing that another token holds is a URL.
func TestNotURLs(t *testing.T) {
	for _, c := range []struct{ name, css string }{
		{"comment", `/* url(x.png) */`},
		{"comment with a quote", `/* "url(x.png) */`},
		{"unclosed comment", `/* url(x.png)`},
		{"ordinary string", `a{content:"url(x.png)"}`},
		{"string with an escaped quote", `a{content:"\" url(x.png)"}`},
		{"single-quoted string", `a{content:'url(x.png)'}`},
		{"dimension", `a{b:5url(x.png)}`},
		{"fraction dimension", `a{b:.5url(x.png)}`},
		{"exponent dimension", `a{b:1e3url(x.png)}`},
		{"signed dimension", `a{b:-5url(x.png)}`},
		{"hash", `a{b:#url(x.png)}`},
		{"at-keyword", `@url(x.png);`},
		{"longer ident", `a{b:xurl(x.png)}`},
		{"dash ident", `a{b:-url(x.png)}`},
		{"ident with escape before", `a{b:x\ url(x.png)}`},
		{"url then space then paren", `a{b:url (x.png)}`},
		{"local()", `@font-face{src:local("x.png")}`},
		{"selector string", `a[href="url(x.png)"]{}`},
	} {
		t.Run(c.name, func(t *testing.T) { check(t, c.css, nil) })
	}
}

// Escapes that are not escapes: "\" before a newline outside a string is
// a delim, so what follows is read as usual.
func TestInvalidEscapes(t *testing.T) {
	check(t, "\\\nurl(x)", []ref{{URL, 0, "x", "="}})
	check(t, "a\\\nurl(x)", []ref{{URL, 0, "x", "="}})
	check(t, "#\\\nurl(x)", []ref{{URL, 0, "x", "="}})
}

func TestMaxLen(t *testing.T) {
	long := strings.Repeat("a", 100)
	css := fmt.Sprintf(`a{b:url(%s);c:url("%s");d:url(ok)}`, long, long)
	for _, n := range []int{0, 1, 7, 64} {
		got := collect(t, css, n, 99)
		if len(got) != 1 || got[0].Raw != "ok" {
			t.Fatalf("chunks of %d: %+v, want only ok", n, got)
		}
		got = collect(t, css, n, 100)
		if len(got) != 3 {
			t.Fatalf("chunks of %d with MaxLen 100: %d references, want 3", n, len(got))
		}
	}
}

// A very deep nesting of blocks is counted, not kept.
func TestDeepBlocks(t *testing.T) {
	css := strings.Repeat("(", 3000) + strings.Repeat(")", 3000) + `a{b:url(x)}`
	check(t, css, []ref{{URL, 0, "x", "="}})
	// Past maxDepth the kind of a block is not kept: a string is no
	// reference there (an unquoted url token still is).
	css = strings.Repeat("f(", 3000) + `url("x") url(y)` + strings.Repeat(")", 3000)
	check(t, css, []ref{{URL, 0, "y", "="}})
	css = strings.Repeat("f(", 1000) + `url("x") url(y)` + strings.Repeat(")", 1000)
	check(t, css, []ref{{URL, '"', "x", "="}, {URL, 0, "y", "="}})
}

func TestRetained(t *testing.T) {
	css := `a{b:url(http://example.org/long/path.png)}`
	var tk Tokenizer
	tk.Feed([]byte(css[:30]), false)
	if r := tk.Retained(); r != 8 {
		t.Fatalf("Retained inside the url: %d, want 8", r)
	}
	refs := tk.Feed([]byte(css[30:]), true)
	if len(refs) != 1 || refs[0].Start != 8 {
		t.Fatalf("got %+v", refs)
	}
}
