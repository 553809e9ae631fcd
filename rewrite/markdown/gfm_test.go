package markdown_test

import (
	"bufio"
	"bytes"
	"fmt"
	"html"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/markdown"
)

// The GFM spec's autolink examples (testdata/conformance/linkify/gfm, from
// github/cmark-gfm, CC-BY-SA 4.0; see its README) rendered by goldmark
// with markdown.Extension in place of GFM's autolink extension: the links
// (href and text) must be those of the expected HTML, except where
// draft-duerst-iri-bis-07 says otherwise (gfmDeviations, docs/markdown.md).
var gfmDeviations = map[string]string{
	"spec-autolinks.txt #9 <http://foo.bar/baz bim>":                                            "Section 7.3 (space; RFC 3986 Appendix C): inside <…> white space is line wrapping, removed from the IRI",
	"spec-autolinks.txt #13 <foo\\+@bar.example.com>":                                           core + "; the reader sees <foo+@bar.example.com>, an address in <…> delimiters (Section 7.3)",
	"spec-autolinks.txt #15 < http://foo.bar >":                                                 core + " (not a CommonMark autolink, but an IRI in prose)",
	"spec-autolinks.txt #18 http://example.com":                                                 core,
	"spec-autolinks.txt #19 foo@bar.example.com":                                                core,
	"spec-autolinks.txt #24 www.google.com/search?q=(business))+ok":                             "Section 8.3 heuristics: a closing bracket belongs to an IRI only when balanced inside it (UTS #58 Link_Bracket); GFM counts brackets only at the end",
	"spec-autolinks.txt #25 www.google.com/search?q=commonmark&hl=en":                           "Section 2.2: '&' is a sub-delim of iquery, so \"&hl\" is part of the IRI and only the final ';' is punctuation; GFM drops an entity-like &hl;",
	"spec-autolinks.txt #28 foo@bar.baz":                                                        emailTLD,
	"spec-autolinks.txt #29 hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.": emailTLD,
	"spec-autolinks.txt #30 a.b-c_d@a.b":                                                        emailTLD,
	"extensions-autolinks.txt #1 : http://google.com https://google.com":                        "Section 3.4: a non-ASCII ireg-name becomes IDNA A-labels in the URI (http://xn--ei8h.ga/), GFM percent-encodes it; and " + emailTLD + " (a.w@b.c)",
}

const (
	core     = "Section 8.3: the example is CommonMark core, without the autolink extension; a linkifier links the IRIs of plain text"
	emailTLD = "Section 8.3 heuristics: an e-mail domain needs an ICANN top-level domain (.baz, .example, .b and .c are not)"
)

var linkRE = regexp.MustCompile(`<a href="([^"]*)"[^>]*>(.*?)</a>`)

func links(h string) []string {
	var out []string
	for _, m := range linkRE.FindAllStringSubmatch(h, -1) {
		out = append(out, html.UnescapeString(m[1])+" "+html.UnescapeString(m[2]))
	}
	return out
}

func TestGFMAutolinks(t *testing.T) {
	// GFM adds http:// to www. links; iriscan adds https:// unless the
	// policy says http (LinkOptions.DefaultScheme, --default-scheme http),
	// which is what these examples are run with.
	gfm, err := rewrite.NewLinker(rewrite.LinkOptions{DefaultScheme: "http"})
	if err != nil {
		t.Fatal(err)
	}
	opts := rewrite.Options{Links: gfm}
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList, &markdown.Extension{Options: opts}))
	plain := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList))
	seen := map[string]bool{}
	for _, file := range []string{"spec-autolinks.txt", "extensions-autolinks.txt"} {
		f, err := os.Open("../../testdata/conformance/linkify/gfm/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for sc := bufio.NewScanner(f); sc.Scan(); {
			lines = append(lines, sc.Text())
		}
		f.Close()
		fence := strings.Repeat("`", 32)
		n := 0
		for i := 0; i < len(lines); i++ {
			if !strings.HasPrefix(lines[i], fence+" example") {
				continue
			}
			n++
			var in, want []string
			j := i + 1
			for ; j < len(lines) && lines[j] != "."; j++ {
				in = append(in, strings.ReplaceAll(lines[j], "→", "\t"))
			}
			for j++; j < len(lines) && !strings.HasPrefix(lines[j], fence); j++ {
				want = append(want, lines[j])
			}
			i = j
			key := fmt.Sprintf("%s #%d %s", file, n, in[0])
			t.Run(key, func(t *testing.T) {
				var out bytes.Buffer
				src := strings.Join(in, "\n") + "\n"
				if err := md.Convert([]byte(src), &out); err != nil {
					t.Fatal(err)
				}
				if len(want) == 1 && want[0] == "<IGNORE>" {
					return // upstream checks only that it does not crash
				}
				got, exp := links(out.String()), links(strings.Join(want, "\n"))
				// Linkify writes Markdown links that a plain CommonMark
				// renderer turns into the same links.
				var lk, out2 bytes.Buffer
				if _, err := markdown.Linkify(&lk, strings.NewReader(src), opts); err != nil {
					t.Fatal(err)
				}
				if err := plain.Convert(lk.Bytes(), &out2); err != nil {
					t.Fatal(err)
				}
				if g2 := links(out2.String()); fmt.Sprint(g2) != fmt.Sprint(got) {
					t.Errorf("Linkify's Markdown renders other links than Extension:\n %q\n %q\n%s", g2, got, lk.String())
				}
				same := fmt.Sprint(got) == fmt.Sprint(exp)
				why, deviates := gfmDeviations[key]
				seen[key] = true
				switch {
				case same && deviates:
					t.Errorf("listed as a deviation (%s) but conforms", why)
				case !same && !deviates:
					t.Errorf("links\n got  %q\n want %q", got, exp)
				}
			})
		}
	}
	for k := range gfmDeviations {
		if !seen[k] {
			t.Errorf("deviation %q names no example", k)
		}
	}
}
