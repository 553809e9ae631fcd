package rewrite

import (
	"bytes"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/scanner"
)

// browserCSSPage is a page whose CSS holds URLs in every form the CSS
// scanner reads; every declaration is valid, so that Chromium keeps each
// one in the CSSOM.
const browserCSSPage = `<!doctype html><html><head><meta charset="utf-8"><base href="http://example.org/dir/">
<style>
@import "http://例え.jp/スタイル.css";
@import url(/imp/背景.css) screen;
/* url(http://例え.jp/comment.png) */
a{background:url(  http://例え.jp/背景.png  )}
b{background-image:url("http://例え.jp/a b.png")}
c{background-image:url('/it\'s/背景.png')}
d{background-image:url(\30D1 \30B9.png)}
e{background-image:url(http://例え.jp/a\(1\).png)}
f{background-image:url("http://例え.jp/\
続き.png")}
g{background-image:image-set("/x1/画像.png" 1x, url(/x2/画像.png) 2x)}
h{background-image:-webkit-image-set("/w1/画像.png" 1x)}
i{content:"http://例え.jp/not-a-url";list-style-image:url(http://مثال.إختبار/م.png)}
j{cursor:url(/カーソル.cur),auto;border-image-source:url(http://bücher.example/ä.png)}
k{background-image:url("http://例え.jp/q?a=1&b=値")}
l{background-image:url("http://例え.jp/back\\slash.png")}
@font-face{font-family:F;src:url(/フォント.woff2) format("woff2"),local("Local Name")}
@media print{m{background-image:url(/印刷.png)}}
n{width:5px;background-image:url(HTTP://例え.JP/Upper.png)}
</style></head><body>
<p style="background-image:url(&quot;http://例え.jp/attr.png&quot;)">1</p>
<p style='background-image:url("/a?x=1&amp;y=値")'>2</p>
<p style=background-image:url(/unquoted/値.png)>3</p>
<p style="background-image:url('/legacy?a=1&copy=2&値')">4</p>
<div><svg><rect style="fill:url(#grad)"/></svg></div>
`

// browserCSSScript writes, into <pre id=result>, every URL of the page's
// CSSOM as Chromium parsed it: the href of each @import rule and each
// url("…") of the declarations of style rules, @font-face and style
// attributes (Chromium serializes image-set strings as url() too); then
// each resolved against the document's base URL by the URL parser.
const browserCSSScript = `<pre id="result"></pre><script>
(function () {
  const specified = [];
  const unescape = function (s) {
    return s.replace(/\\([0-9a-fA-F]{1,6}) ?|\\([\s\S])/g, function (m, h, c) {
      return h ? String.fromCodePoint(parseInt(h, 16)) : c;
    });
  };
  const fromText = function (t) {
    const re = /url\("((?:[^"\\]|\\[\s\S])*)"\)/g;
    let m;
    while ((m = re.exec(t)) !== null) specified.push(unescape(m[1]));
  };
  const walk = function (rules) {
    for (const r of rules) {
      if (r instanceof CSSImportRule) specified.push(r.href);
      if (r.style) fromText(r.style.cssText);
      if (r.cssRules) walk(r.cssRules);
    }
  };
  for (const s of document.styleSheets) walk(s.cssRules);
  for (const e of document.querySelectorAll('[style]')) fromText(e.style.cssText);
  const resolved = specified.map(function (u) {
    try { return new URL(u, document.baseURI).href; } catch (e) { return 'ERROR ' + u; }
  });
  document.getElementById('result').textContent = JSON.stringify({specified: specified, resolved: resolved});
})();
</script></body></html>
`

type cssOM struct {
	Specified []string `json:"specified"`
	Resolved  []string `json:"resolved"`
}

func loadCSSOM(t *testing.T, bin, dir, name string, page []byte) cssOM {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, page, 0o644); err != nil {
		t.Fatal(err)
	}
	dom := runChromium(t, bin, "--dump-dom", "file://"+filepath.ToSlash(p))
	m := resultRE.FindSubmatch(dom)
	if m == nil || len(m[1]) == 0 {
		t.Fatalf("no result in the DOM of %s (did the script run?):\n%s", name, dom)
	}
	var om cssOM
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &om); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, m[1])
	}
	return om
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// TestBrowserCSS holds the CSS scanner and rewriter to Chromium: the URLs
// the scanner finds in the page are the URLs Chromium's CSS parser keeps
// (same decoded values), and after rewriting the page to URIs, and that
// page to IRIs and to display forms, Chromium resolves every URL of the CSSOM to the same
// URL as in the original page: the page loads the same resources.
func TestBrowserCSS(t *testing.T) {
	if testing.Short() && os.Getenv("IRISCAN_BROWSER") != "1" {
		t.Skip("-short")
	}
	bin := chromium(t)
	dir := artifacts(t)
	orig := loadCSSOM(t, bin, dir, "css-original.html", []byte(browserCSSPage+browserCSSScript))
	if len(orig.Specified) < 24 {
		t.Fatalf("Chromium sees %d URLs: %q", len(orig.Specified), orig.Specified)
	}
	var found []string
	s := scanner.NewHTMLScanner(strings.NewReader(browserCSSPage), nil)
	for s.Scan() {
		if m := s.Match(); m.Kind == scanner.KindCSS {
			found = append(found, m.IRI)
		}
	}
	if got, want := sorted(found), sorted(orig.Specified); !slices.Equal(got, want) {
		t.Errorf("the scanner finds\n\t%q\nChromium's CSSOM holds\n\t%q", got, want)
	}
	// IRI and Display start from the URI page, so that they have
	// something to change.
	var uriPage bytes.Buffer
	for _, to := range []Form{URI, IRI, Display} {
		src := browserCSSPage
		if to != URI {
			src = uriPage.String()
		}
		var out bytes.Buffer
		res, err := Document(&out, strings.NewReader(src), Options{To: to, Format: HTML})
		if err != nil {
			t.Fatal(err)
		}
		if res.Edits < 15 {
			t.Errorf("%v: only %d edits", to, res.Edits)
		}
		if to == URI {
			uriPage.Write(out.Bytes())
		}
		out.WriteString(browserCSSScript)
		got := loadCSSOM(t, bin, dir, "css-"+to.String()+".html", out.Bytes())
		if !slices.Equal(got.Resolved, orig.Resolved) {
			for i := range min(len(got.Resolved), len(orig.Resolved)) {
				if got.Resolved[i] != orig.Resolved[i] {
					t.Errorf("%v: URL %d resolves to %q (written %q), was %q", to, i, got.Resolved[i], got.Specified[i], orig.Resolved[i])
				}
			}
			if len(got.Resolved) != len(orig.Resolved) {
				t.Errorf("%v: %d URLs, was %d:\n%q\n%q", to, len(got.Resolved), len(orig.Resolved), got.Specified, orig.Specified)
			}
		}
		if to == URI {
			for _, u := range got.Specified {
				for _, r := range u {
					if r >= 0x80 {
						t.Errorf("URI page still holds %q", u)
						break
					}
				}
			}
		}
	}
}
