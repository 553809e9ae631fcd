package detect

import (
	"errors"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/charset"
)

func TestDocument(t *testing.T) {
	sjisMeta := "<!DOCTYPE html><meta charset=shift_jis><p>Nihon</p>" // the meta counts for HTML only
	for _, c := range []struct {
		name, head string
		o          Options
		format     Format
		cs         string
		rule       charset.Rule
	}{
		{"notes.txt", "See http://example.org/ today.\n", Options{}, Text, "utf-8", charset.RuleDefault},
		{"", "plain words", Options{}, Text, "utf-8", charset.RuleDefault},
		{"page.html", "no markup at all", Options{}, HTML, "utf-8", charset.RuleDefault},
		{"PAGE.HTM", "x", Options{}, HTML, "utf-8", charset.RuleDefault},
		{"a.xhtml", "x", Options{}, HTML, "utf-8", charset.RuleDefault},
		{"", "\ufeff  <!doctype HTML><title>x</title>", Options{}, HTML, "utf-8", charset.RuleBOM},
		{"", "\n<HTML lang=ja>", Options{}, HTML, "utf-8", charset.RuleDefault},
		{"", "<!-- generated -->\n<p>", Options{}, HTML, "utf-8", charset.RuleDefault},
		{"x.txt", sjisMeta, Options{}, HTML, "shift_jis", charset.RuleMeta},
		{"x.txt", sjisMeta, Options{Format: Text}, Text, "utf-8", charset.RuleDefault},
		{"x.txt", "<p>text</p>", Options{Format: HTML}, HTML, "utf-8", charset.RuleDefault},
		{"x.txt", "abc", Options{Charset: "latin1"}, Text, "windows-1252", charset.RuleLabel},
		{"msg.eml", "anything", Options{}, Mail, "", 0},
		{"box.MBOX", "anything", Options{}, Mail, "", 0},
		{"a.mbx", "", Options{}, Mail, "", 0},
		{"", "From alice@example.org Mon Jan  1 00:00:00 2024\nFrom: alice@example.org\nMessage-ID: <1@example.org>\n\nhi\n", Options{}, Mail, "", 0},
		{"a.txt", "x", Options{Format: Mail}, Mail, "", 0},
		// Markdown by name only; an HTML comment or a header-like first line
		// does not make a .md file HTML or mail.
		{"README.md", "# Title\n\nSee https://example.org/.\n", Options{}, Markdown, "utf-8", charset.RuleDefault},
		{"doc/Guide.MARKDOWN", "x", Options{}, Markdown, "utf-8", charset.RuleDefault},
		{"a.mdown", "x", Options{}, Markdown, "utf-8", charset.RuleDefault},
		{"a.mkd", "x", Options{}, Markdown, "utf-8", charset.RuleDefault},
		{"CHANGES.md", "<!-- toc -->\n# Changes\n", Options{}, Markdown, "utf-8", charset.RuleDefault},
		{"notes.md", "Subject: notes\nFrom: me\n\nbody\n", Options{}, Markdown, "utf-8", charset.RuleDefault},
		{"x.txt", "# Title\n", Options{Format: Markdown}, Markdown, "utf-8", charset.RuleDefault},
		{"x.md", "<meta charset=shift_jis>", Options{}, Markdown, "utf-8", charset.RuleDefault},
		{"x.md", "\x00", Options{}, Binary, "", 0},
		{"README.md.txt", "# Title\n", Options{}, Text, "utf-8", charset.RuleDefault},
		// A NUL byte in the first 8 KiB: binary, unless the format is forced
		// or a BOM says UTF-16.
		{"image.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", Options{}, Binary, "", 0},
		{"a.html", "<p>\x00</p>", Options{}, Binary, "", 0},
		{"a.txt", "a\x00b", Options{Format: Text}, Text, "utf-8", charset.RuleDefault},
		{"a.txt", "\xff\xfeh\x00i\x00", Options{}, Text, "utf-16le", charset.RuleBOM},
		{"a.txt", "\xfe\xff\x00h\x00i", Options{}, Text, "utf-16be", charset.RuleBOM},
		{"a.txt", strings.Repeat("a", BinaryLen) + "\x00", Options{}, Text, "utf-8", charset.RuleDefault},
		// CSS: by name or Content-Type, never by content; @charset by
		// CSS Syntax §3.2 (BOM, then Content-Type, then @charset).
		{"site.css", "a{b:url(x)}", Options{}, CSS, "utf-8", charset.RuleDefault},
		{"SITE.CSS", `@charset "shift_jis";a{}`, Options{}, CSS, "shift_jis", charset.RuleCSSCharset},
		{"site.css", "\ufeff@charset \"shift_jis\";", Options{}, CSS, "utf-8", charset.RuleBOM},
		{"site.css", `@charset "utf-16le";`, Options{}, CSS, "utf-8", charset.RuleCSSCharset},
		{"site.css", `@charset "big5";`, Options{ContentType: "text/css; charset=euc-kr"}, CSS, "euc-kr", charset.RuleContentType},
		{"", `@charset "big5";a{}`, Options{}, Text, "utf-8", charset.RuleDefault},
		{"", `@charset "big5";a{}`, Options{ContentType: "text/css"}, CSS, "big5", charset.RuleCSSCharset},
		{"x.txt", `a{}`, Options{ContentType: "Text/CSS; charset=\"koi8-r\""}, CSS, "koi8-r", charset.RuleContentType},
		{"x.css", `<p>`, Options{ContentType: "text/html"}, HTML, "utf-8", charset.RuleDefault},
		{"x.txt", `a{}`, Options{Format: CSS}, CSS, "utf-8", charset.RuleDefault},
		{"x.css", `@charset "big5";`, Options{Format: HTML}, HTML, "utf-8", charset.RuleDefault},
		{"x.css", `@charset "big5";`, Options{ContentType: "image/png"}, CSS, "big5", charset.RuleCSSCharset},
	} {
		t.Run(c.name+"/"+c.head[:min(len(c.head), 20)], func(t *testing.T) {
			r, err := Document(c.name, []byte(c.head), c.o)
			if err != nil {
				t.Fatal(err)
			}
			cs := ""
			if r.Charset != nil {
				cs = r.Charset.Name()
			}
			if r.Format != c.format || cs != c.cs || r.Rule != c.rule {
				t.Errorf("got %v %q %v, want %v %q %v", r.Format, cs, r.Rule, c.format, c.cs, c.rule)
			}
		})
	}
}

func TestDocumentErrors(t *testing.T) {
	var le *charset.LabelError
	if _, err := Document("a.txt", nil, Options{Charset: "no-such-charset"}); !errors.As(err, &le) {
		t.Errorf("unknown label: %v, want a *charset.LabelError", err)
	}
	if _, err := Document("a.txt", nil, Options{Format: Binary}); err == nil {
		t.Error("Format Binary asked for: no error")
	}
}

func TestParseFormat(t *testing.T) {
	for _, s := range []string{"auto", "text", "html", "mail", "css", "markdown"} {
		f, ok := ParseFormat(s)
		if !ok || f.String() != s {
			t.Errorf("ParseFormat(%q) = %v, %v", s, f, ok)
		}
	}
	for _, s := range []string{"binary", "", "HTML", "md", "Markdown"} {
		if _, ok := ParseFormat(s); ok {
			t.Errorf("ParseFormat(%q) accepted", s)
		}
	}
}
