package rewrite

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// A browserLink is what one link of the test page must be: its href as the
// browser serializes it (the URI form: UTF-8 percent-encoding, Punycode
// hosts; computed with other tools, not with this module) and its visible
// text in logical order, without bidi controls.
type browserLink struct {
	Href string `json:"href"`
	Text string `json:"text"`
}

// A browserPara is a paragraph of prose, linkified as plain text.
type browserPara struct {
	dir, lang string
	prose     string
	links     []browserLink
}

var browserParas = []browserPara{{
	dir: "rtl", lang: "ar",
	prose: "للمزيد عن تاريخ البلاد راجع https://ar.wikipedia.org/wiki/مصر وكذلك موقع الوزارة http://موقع.وزارة-الاتصالات.مصر/ قبل نهاية الأسبوع.",
	links: []browserLink{
		{"https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1", "https://ar.wikipedia.org/wiki/مصر"},
		{"http://xn--4gbrim.xn----ymcbaaajlc6dj7bxne2c.xn--wgbh1c/", "http://موقع.وزارة-الاتصالات.مصر/"},
	},
}, {
	dir: "rtl", lang: "ar",
	prose: "ابحث في الفهرس عبر https://example.com/search?q=مصر ثم افتح الوثيقة اليابانية http://例え.テスト/資料?q=東京 للمقارنة.",
	links: []browserLink{
		{"https://example.com/search?q=%D9%85%D8%B5%D8%B1", "https://example.com/search?q=مصر"},
		{"http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC", "http://例え.テスト/資料?q=東京"},
	},
}, {
	dir: "rtl", lang: "he",
	prose: "המאמר על העיר נמצא בכתובת https://he.wikipedia.org/wiki/ירושלים/עיר ואת הקוד אפשר להוריד מהכתובת https://example.org/docs/ בחינם.",
	links: []browserLink{
		{"https://he.wikipedia.org/wiki/%D7%99%D7%A8%D7%95%D7%A9%D7%9C%D7%99%D7%9D/%D7%A2%D7%99%D7%A8", "https://he.wikipedia.org/wiki/ירושלים/עיר"},
		{"https://example.org/docs/", "https://example.org/docs/"},
	},
}, {
	dir: "rtl", lang: "he",
	// The host's second letter is CYRILLIC SMALL LETTER A (U+0430).
	prose: "היזהרו מקישורים כמו http://p\u0430ypal.com/login שנראים אמינים.",
	links: []browserLink{
		{"http://xn--pypal-4ve.com/login", "http://xn--pypal-4ve.com/login"},
	},
}, {
	dir: "ltr", lang: "en",
	prose: "In English: see https://ar.wikipedia.org/wiki/مصر and https://he.wikipedia.org/wiki/ירושלים/עיר or https://example.org/a?b=c#d today.",
	links: []browserLink{
		{"https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1", "https://ar.wikipedia.org/wiki/مصر"},
		{"https://he.wikipedia.org/wiki/%D7%99%D7%A8%D7%95%D7%A9%D7%9C%D7%99%D7%9D/%D7%A2%D7%99%D7%A8", "https://he.wikipedia.org/wiki/ירושלים/עיר"},
		{"https://example.org/a?b=c#d", "https://example.org/a?b=c#d"},
	},
}}

// browserScript checks every link of the page against want (in document
// order) and writes the outcome as JSON into <pre id=result>: per link the
// errors found, if any. It checks the href the browser resolved, the text
// without bidi controls, and the layout: split at the ASCII delimiters of
// Section 4.2, the components and delimiters of the IRI are laid out left to
// right in logical order (Section 4.1), and the characters of a component
// run right to left when it is right-to-left, left to right otherwise.
const browserScript = `
(function () {
  const want = JSON.parse(document.getElementById('want').textContent);
  const controls = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  const delims = ":/?#[]@!$&'()*+,;=";
  const rtlChar = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
  const links = Array.from(document.querySelectorAll('.case a'));
  const out = {count: links.length, links: []};
  const eps = 0.5;
  function rectOf(chars, from, to) {
    const r = document.createRange();
    r.setStart(chars[from].node, chars[from].start);
    r.setEnd(chars[to - 1].node, chars[to - 1].end);
    const b = r.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, lines: r.getClientRects().length};
  }
  links.forEach(function (a, i) {
    const w = want[i] || {href: '(none)', text: '(none)'};
    const errs = [];
    if (a.href !== w.href) errs.push('href ' + JSON.stringify(a.href) + ', want ' + JSON.stringify(w.href));
    const text = a.textContent.replace(controls, '');
    if (text !== w.text) errs.push('text ' + JSON.stringify(text) + ', want ' + JSON.stringify(w.text));
    // The visible characters, one code point each, with their text node.
    const chars = [];
    const tw = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
    for (let n = tw.nextNode(); n; n = tw.nextNode()) {
      const s = n.data;
      for (let k = 0; k < s.length;) {
        const c = String.fromCodePoint(s.codePointAt(k));
        if (!controls.test(c)) chars.push({node: n, start: k, end: k + c.length, c: c});
        controls.lastIndex = 0;
        k += c.length;
      }
    }
    // Items: each delimiter alone, each component as a whole.
    const items = [];
    for (let k = 0; k < chars.length;) {
      let e = k + 1;
      if (delims.indexOf(chars[k].c) < 0) {
        while (e < chars.length && delims.indexOf(chars[e].c) < 0) e++;
      }
      const s = chars.slice(k, e).map(function (x) { return x.c; }).join('');
      items.push({s: s, from: k, to: e, rtl: rtlChar.test(s), r: rectOf(chars, k, e)});
      k = e;
    }
    const line = items.length ? items[0].r.top : 0;
    for (let k = 0; k < items.length; k++) {
      const it = items[k];
      if (it.r.lines !== 1 || Math.abs(it.r.top - line) > 1) errs.push('component ' + JSON.stringify(it.s) + ' not on the line of the first one');
      if (k > 0) {
        const p = items[k - 1];
        if (p.r.right > it.r.left + eps) {
          errs.push('components out of order: ' + JSON.stringify(p.s) + ' [' + p.r.left.toFixed(1) + ',' + p.r.right.toFixed(1) + '] should be left of ' +
            JSON.stringify(it.s) + ' [' + it.r.left.toFixed(1) + ',' + it.r.right.toFixed(1) + ']');
        }
      }
      // Within the component: character k+1 beside character k, on the
      // side the component's direction says.
      let bad = '';
      for (let c = it.from + 1; c < it.to && !bad; c++) {
        const p = rectOf(chars, c - 1, c), q = rectOf(chars, c, c + 1);
        const pc = (p.left + p.right) / 2, qc = (q.left + q.right) / 2;
        if (it.rtl ? qc > pc + eps : qc < pc - eps) bad = chars[c - 1].c + chars[c].c;
      }
      if (bad) errs.push((it.rtl ? 'right-to-left' : 'left-to-right') + ' component ' + JSON.stringify(it.s) + ' has its characters out of order at ' + JSON.stringify(bad));
    }
    a.style.outline = errs.length ? '2px solid red' : '1px solid green';
    out.links.push({text: text, href: a.href, errors: errs,
      layout: items.map(function (x) { return x.s + '@' + x.r.left.toFixed(0) + '-' + x.r.right.toFixed(0); }).join(' ')});
  });
  const failed = out.links.filter(function (l) { return l.errors.length; }).length;
  document.getElementById('summary').textContent = links.length + ' links, ' + failed + ' failed';
  document.getElementById('result').textContent = JSON.stringify(out);
})();
`

// browserPage builds the test page: each paragraph linkified by Rewrite, the
// expected links, and the checking script. markup, if not nil, rewrites the
// HTML of each linkified paragraph (to try other markup for the links).
func browserPage(t *testing.T, markup func(string) string) []byte {
	var b bytes.Buffer
	b.WriteString(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>iriscan: bidi links</title>
<style>
body { font: 20px/1.6 "DejaVu Sans", sans-serif; margin: 16px; }
p.case { border: 1px solid #ccc; padding: 4px 8px; }
a { white-space: nowrap; }
pre#result { white-space: pre-wrap; font-size: 10px; }
</style></head><body>
<h1 style="font-size:20px">Link: right-to-left IRIs <span id="summary">(script did not run)</span></h1>
`)
	var want []browserLink
	for _, p := range browserParas {
		var out strings.Builder
		res, err := Document(&out, strings.NewReader(p.prose), Options{To: Link, Format: Text})
		if err != nil {
			t.Fatalf("Rewrite(%q): %v", p.prose, err)
		}
		if res.Failed != 0 {
			t.Fatalf("Rewrite(%q): %d IRIs failed", p.prose, res.Failed)
		}
		s := out.String()
		if markup != nil {
			s = markup(s)
		}
		fmt.Fprintf(&b, "<p class=\"case\" dir=\"%s\" lang=\"%s\">%s</p>\n", p.dir, p.lang, s)
		want = append(want, p.links...)
	}
	js, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	// json.Marshal escapes <, > and &: safe inside <script>.
	fmt.Fprintf(&b, "<script type=\"application/json\" id=\"want\">%s</script>\n", js)
	b.WriteString(`<pre id="result"></pre>` + "\n<script>" + browserScript + "</script>\n</body></html>\n")
	return b.Bytes()
}

// chromium returns the path of a Chromium to run, or skips the test; with
// IRISCAN_BROWSER=1 (CI) a missing browser is a failure.
func chromium(t *testing.T) string {
	required := os.Getenv("IRISCAN_BROWSER") == "1"
	if p := os.Getenv("IRISCAN_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if required {
		t.Fatal("IRISCAN_BROWSER=1 but no chromium in PATH (apt-get install chromium, or set IRISCAN_CHROMIUM)")
	}
	t.Skip("no chromium in PATH; IRISCAN_BROWSER=1 makes this a failure")
	return ""
}

// runChromium runs headless Chromium once with a fresh profile and returns
// its standard output.
func runChromium(t *testing.T, bin string, args ...string) []byte {
	profile, err := os.MkdirTemp("", "iriscan-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	// Not t.TempDir: a helper process may still be writing the profile
	// when Chromium exits, which would fail the test in the cleanup.
	defer os.RemoveAll(profile)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--disable-crash-reporter", "--hide-scrollbars",
		"--user-data-dir=" + profile, "--window-size=1000,800"}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, stderr.Bytes())
	}
	return stdout.Bytes()
}

var resultRE = regexp.MustCompile(`(?s)<pre id="result">(.*?)</pre>`)

// checkPage loads the page in Chromium and returns the failures its script
// found, one string per bad link.
func checkPage(t *testing.T, bin, url string) []string {
	dom := runChromium(t, bin, "--dump-dom", url)
	m := resultRE.FindSubmatch(dom)
	if m == nil || len(m[1]) == 0 {
		t.Fatalf("no result in the DOM (did the script run?):\n%s", dom)
	}
	var res struct {
		Count int `json:"count"`
		Links []struct {
			Text   string   `json:"text"`
			Href   string   `json:"href"`
			Errors []string `json:"errors"`
			Layout string   `json:"layout"`
		} `json:"links"`
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &res); err != nil {
		t.Fatalf("result: %v\n%s", err, m[1])
	}
	var fails []string
	n := 0
	for _, p := range browserParas {
		n += len(p.links)
	}
	if res.Count != n {
		fails = append(fails, fmt.Sprintf("the page has %d links, want %d", res.Count, n))
	}
	for i, l := range res.Links {
		if len(l.Errors) > 0 {
			fails = append(fails, fmt.Sprintf("link %d %q:\n\t%s\n\tlayout (component@left-right): %s",
				i, l.Text, strings.Join(l.Errors, "\n\t"), l.Layout))
		}
	}
	return fails
}

// artifacts returns the directory for the files a person may want to see:
// $IRISCAN_ARTIFACTS (CI sets it), else a temporary directory.
func artifacts(t *testing.T) string {
	dir := os.Getenv("IRISCAN_ARTIFACTS")
	if dir == "" {
		return t.TempDir()
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestBrowserBidiLinks renders linkified Arabic and Hebrew prose in headless
// Chromium and checks, through the DOM, that each link points to the URI
// form and that its text is laid out in logical order (Section 4.1). A
// screenshot is left in $IRISCAN_ARTIFACTS, if set, for a person to look at.
func TestBrowserBidiLinks(t *testing.T) {
	if testing.Short() && os.Getenv("IRISCAN_BROWSER") != "1" {
		t.Skip("-short")
	}
	bin := chromium(t)
	dir := artifacts(t)
	page := filepath.Join(dir, "bidi-links.html")
	if err := os.WriteFile(page, browserPage(t, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	url := "file://" + filepath.ToSlash(page)
	for _, f := range checkPage(t, bin, url) {
		t.Error(f)
	}
	shot := filepath.Join(dir, "bidi-links.png")
	runChromium(t, bin, "--screenshot="+shot, url)
	if fi, err := os.Stat(shot); err != nil || fi.Size() == 0 {
		t.Errorf("no screenshot at %s: %v", shot, err)
	}
	t.Logf("page %s\nscreenshot %s", page, shot)
}

// TestBrowserBidiMarkup compares other markups for the links' text on the
// same page; it only reports, and runs only with IRISCAN_BROWSER_MARKUP=1.
func TestBrowserBidiMarkup(t *testing.T) {
	if os.Getenv("IRISCAN_BROWSER_MARKUP") != "1" {
		t.Skip("IRISCAN_BROWSER_MARKUP=1 runs it")
	}
	bin := chromium(t)
	dir := t.TempDir()
	link := regexp.MustCompile(`<a href="([^"]*)"( dir="ltr")?>([^<]*)</a>`)
	noMarks := func(s string) string { return strings.ReplaceAll(s, "\u200e", "") }
	// f gets each link's href and text, and whether the IRI is
	// right-to-left (its text has the marks).
	rewriteLinks := func(f func(href, text string, rtl bool) string) func(string) string {
		return func(s string) string {
			return link.ReplaceAllStringFunc(s, func(a string) string {
				m := link.FindStringSubmatch(a)
				return f(m[1], m[3], strings.Contains(m[3], "\u200e"))
			})
		}
	}
	dirLTR := func(marks, all bool) func(string) string {
		return rewriteLinks(func(h, x string, rtl bool) string {
			if !marks {
				x = noMarks(x)
			}
			if rtl || all {
				return `<a href="` + h + `" dir="ltr">` + x + `</a>`
			}
			return `<a href="` + h + `">` + x + `</a>`
		})
	}
	inner := func(open, close string, marks bool) func(string) string {
		return rewriteLinks(func(h, x string, rtl bool) string {
			if !marks {
				x = noMarks(x)
			}
			return `<a href="` + h + `">` + open + x + close + `</a>`
		})
	}
	variants := []struct {
		name   string
		markup func(string) string
	}{
		{"<a dir=ltr> on every link, LRM in RTL IRIs (Rewrite's output)", nil},
		{"<a dir=ltr> on every link, no marks", dirLTR(false, true)},
		{"<a dir=ltr> on RTL IRIs only, LRM", dirLTR(true, false)},
		{"<a dir=ltr> on RTL IRIs only, no marks", dirLTR(false, false)},
		{"LRM only, no dir", rewriteLinks(func(h, x string, rtl bool) string {
			return `<a href="` + h + `">` + x + `</a>`
		})},
		{"<a><bdi dir=ltr> on every link, LRM", inner(`<bdi dir="ltr">`, `</bdi>`, true)},
		{"<a><bdi dir=ltr> on every link, no marks", inner(`<bdi dir="ltr">`, `</bdi>`, false)},
		{"LRI..PDI in every link, LRM", inner("\u2066", "\u2069", true)},
		{"LRI..PDI in every link, no marks", inner("\u2066", "\u2069", false)},
		{"LRE..PDF in every link, LRM", inner("\u202a", "\u202c", true)},
	}
	for i, v := range variants {
		page := filepath.Join(dir, fmt.Sprintf("variant%d.html", i))
		if err := os.WriteFile(page, browserPage(t, v.markup), 0o644); err != nil {
			t.Fatal(err)
		}
		fails := checkPage(t, bin, "file://"+filepath.ToSlash(page))
		verdict := "pass"
		if len(fails) > 0 {
			verdict = fmt.Sprintf("FAIL (%d):\n%s", len(fails), strings.Join(fails, "\n"))
		}
		t.Logf("%s: %s", v.name, verdict)
	}
}
