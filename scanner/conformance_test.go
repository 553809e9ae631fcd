package scanner

import (
	"bufio"
	"fmt"
	"html"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// readLines returns the lines of a file under testdata/scanner.
func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("../testdata/scanner/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// suiteResult counts the cases of a peer suite and checks the failures
// against the documented deliberate differences.
type suiteResult struct {
	name         string
	pass, total  int
	unexpected   []string
	nowPassing   []string
	deliberate   map[string]string
	seenFailures map[string]bool
}

func newSuite(name string, deliberate map[string]string) *suiteResult {
	return &suiteResult{name: name, deliberate: deliberate, seenFailures: map[string]bool{}}
}

func (r *suiteResult) check(t *testing.T, key string, ok bool, detail string) {
	t.Helper()
	r.total++
	if ok {
		r.pass++
		if _, listed := r.deliberate[key]; listed {
			r.nowPassing = append(r.nowPassing, key)
		}
		return
	}
	r.seenFailures[key] = true
	if _, listed := r.deliberate[key]; !listed {
		r.unexpected = append(r.unexpected, key+"\n\t"+detail)
	}
}

func (r *suiteResult) report(t *testing.T) {
	t.Helper()
	t.Logf("%s: %d/%d pass (%d deliberate differences)", r.name, r.pass, r.total, r.total-r.pass)
	for _, u := range r.unexpected {
		t.Errorf("%s: unexpected failure: %s", r.name, u)
	}
	for _, p := range r.nowPassing {
		t.Errorf("%s: listed as a deliberate difference but passes: %q", r.name, p)
	}
	for k := range r.deliberate {
		if !r.seenFailures[k] && !contains(r.nowPassing, k) {
			t.Errorf("%s: deliberate difference not in the suite: %q", r.name, k)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// mark inserts ⸠ and ⸡ around every match, as in LinkDetectionTest.txt.
func mark(text string, o *Options) string {
	var b strings.Builder
	last := 0
	for _, m := range Find([]byte(text), o) {
		b.WriteString(text[last:m.Offset])
		b.WriteString("⸠" + m.Text + "⸡")
		last = int(m.Offset) + m.Length
	}
	b.WriteString(text[last:])
	return b.String()
}

// TestUTS58 runs Unicode's LinkDetectionTest.txt in fuzzy mode (the suite
// expects bare domains to be detected).
func TestUTS58(t *testing.T) {
	r := newSuite("UTS #58 LinkDetectionTest", uts58Differences)
	for _, line := range readLines(t, "uts58/LinkDetectionTest.txt") {
		if line == "" || line[0] == '#' {
			continue
		}
		plain := strings.NewReplacer("⸠", "", "⸡", "").Replace(line)
		got := mark(plain, &Options{Fuzzy: true})
		r.check(t, line, got == line, "got  "+got)
	}
	r.report(t)
}

// uts58Differences lists the LinkDetectionTest lines we fail on purpose,
// with the rule that makes us differ.
var uts58Differences = map[string]string{
	"http://john.smith@example.com":          userinfoRule,
	"http://john.smith@example.com/foo/bar":  userinfoRule,
	"http://john..smith@example.com":         userinfoRule,
	"http://john..smith@example.com/foo/bar": userinfoRule,
}

const userinfoRule = "rule 1/3: after a scheme the IRI syntax (Section 2.2) allows a userinfo, so http://user@host is one match; UTS #58 links nothing here"

// TestLinkifyIt runs linkify-it's links.txt (first match of each line, fuzzy
// mode as upstream) and not_links.txt (no match).
func TestLinkifyIt(t *testing.T) {
	r := newSuite("linkify-it links.txt", linkifyLinksDifferences)
	lines := readLines(t, "linkify-it/links.txt")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" || line[0] == '%' {
			continue
		}
		want := line
		if i+1 < len(lines) && lines[i+1] != "" && lines[i+1][0] != '%' {
			want = lines[i+1]
			i++
		}
		o := &Options{Fuzzy: true}
		got := ""
		if ms := Find([]byte(line), o); len(ms) > 0 {
			got = ms[0].Text
		}
		wrapped := ""
		if ms := Find([]byte("\n"+line+"\n"), o); len(ms) > 0 {
			wrapped = ms[0].Text
		}
		r.check(t, line, got == want && wrapped == want, "want "+want+"\n\tgot  "+got)
	}
	r.report(t)

	r = newSuite("linkify-it not_links.txt", linkifyNotLinksDifferences)
	for _, line := range readLines(t, "linkify-it/not_links.txt") {
		if line == "" || line[0] == '%' {
			continue
		}
		ms := Find([]byte(line), &Options{Fuzzy: true})
		detail := ""
		if len(ms) > 0 {
			detail = "got " + ms[0].Text
		}
		r.check(t, line, len(ms) == 0, detail)
	}
	r.report(t)
}

var linkifyLinksDifferences = map[string]string{
	"//localhost":                 protoRelRule,
	"//test.123":                  protoRelRule,
	"My ssl //example.com site":   protoRelRule,
	"http://a---b.com/":           "rule 4: the project's IDNA profile (UTS #46 CheckHyphens) refuses \"--\" in the third and fourth positions of a label",
	`test."foo".bar@gmail.co.uk!`: "rule 1: quoted strings in a local part (obsolete RFC 822 syntax) are not matched in running text; UTS #58 does the same",
}

const protoRelRule = "rule 1: a match starts at a scheme, www. or an e-mail address; protocol-relative references (//host) are not detected"

var linkifyNotLinksDifferences = map[string]string{
	"_http://example.com": rule2,
	"http://example.com_": underscoreRule,
}

const (
	rule2          = "rule 2: a scheme may follow any character that is not an ASCII letter or digit (_ # $ included)"
	underscoreRule = "rule 4: the project's IDNA profile has STD3 rules off, so '_' is allowed in labels after an explicit scheme"
	noTLDRule      = "rule 4: after an explicit scheme any host whose labels pass IDNA is real; no top-level-domain list is applied"
	cjkPathRule    = "rule 3 / Section 8.3: a non-ASCII character does not end an IRI, so a path runs on through CJK text glued to it"
	fileNameRule   = "rule 1: in fuzzy mode a two-label name whose TLD is also a file extension (.so, .md, .py …) needs a path, so \"it.so\" is a file name"
	markdownRule   = "Markdown syntax is not parsed: the scanner works on plain text"
	emailTLDRule   = "rule 4: an e-mail domain needs an ICANN top-level domain (golang.org/x/net/publicsuffix); .baz, .example, .b, .c are not"
)

// twitterCase is one case of twitter-text's extract_urls.yml.
type twitterCase struct {
	section, description, text string
	urls                       []string
	indices                    [][2]int
}

// readTwitter parses the subset of YAML used by extract_urls.yml.
func readTwitter(t *testing.T) []twitterCase {
	var cases []twitterCase
	section := ""
	for _, line := range readLines(t, "twitter-text/extract_urls.yml") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ") && strings.HasSuffix(trimmed, ":"):
			section = strings.TrimSuffix(trimmed, ":")
		case strings.HasPrefix(trimmed, "- description:"):
			cases = append(cases, twitterCase{section: section, description: unquoteAll(t, trimmed)[0]})
		case strings.HasPrefix(trimmed, "text:"):
			cases[len(cases)-1].text = unquoteAll(t, trimmed)[0]
		case strings.HasPrefix(trimmed, "expected:"):
			cases[len(cases)-1].urls = unquoteAll(t, trimmed)
		case strings.HasPrefix(trimmed, "- url:"):
			c := &cases[len(cases)-1]
			c.urls = append(c.urls, unquoteAll(t, trimmed)[0])
		case strings.HasPrefix(trimmed, "indices:"):
			var a, b int
			if _, err := fmt.Sscanf(trimmed, "indices: [%d, %d]", &a, &b); err != nil {
				t.Fatalf("%q: %v", trimmed, err)
			}
			c := &cases[len(cases)-1]
			c.indices = append(c.indices, [2]int{a, b})
		}
	}
	return cases
}

// unquoteAll returns the double-quoted strings in s.
func unquoteAll(t *testing.T, s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			return out
		}
		q, err := strconv.QuotedPrefix(s[i:])
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		u, _ := strconv.Unquote(q)
		out = append(out, u)
		s = s[i+len(q):]
	}
}

// TestTwitterText runs twitter-text's URL extraction cases in fuzzy mode.
// twitter-text extracts URLs, not e-mail addresses, so e-mail matches are
// left out of the comparison.
func TestTwitterText(t *testing.T) {
	r := newSuite("twitter-text extract_urls.yml", twitterDifferences)
	for _, c := range readTwitter(t) {
		var got []string
		var idx [][2]int
		for _, m := range Find([]byte(c.text), &Options{Fuzzy: true}) {
			if m.Kind == KindEmail {
				continue
			}
			got = append(got, m.Text)
			start := utf8.RuneCountInString(c.text[:m.Offset])
			idx = append(idx, [2]int{start, start + utf8.RuneCountInString(m.Text)})
		}
		ok := slices.Equal(got, c.urls) && (c.indices == nil || slices.Equal(idx, c.indices))
		r.check(t, c.description, ok, fmt.Sprintf("text %q\n\twant %q %v\n\tgot  %q %v", c.text, c.urls, c.indices, got, idx))
	}
	r.report(t)
}

var twitterDifferences = map[string]string{
	"Extract valid URL: http://example.com/":                                                                             "rule 4: after a scheme the host is IDNA labels, and Japanese letters glued to an ASCII label belong to it (twitter cuts at its TLD list)",
	"DO NOT extract invalid URL: http://no-tld":                                                                          noTLDRule,
	"DO NOT extract invalid URL: http://tld-too-short.x":                                                                 noTLDRule,
	"DO NOT Extract a hyphenated TLD (even though it's usually a typo)":                                                  noTLDRule,
	"Extract long URL without protocol surrounded by CJK characters":                                                     cjkPathRule,
	"Extract short URL without protocol surrounded by CJK characters":                                                    cjkPathRule,
	"Extract URLs with and without protocol surrounded by CJK characters":                                                cjkPathRule,
	"Extract URLs without protocol surrounded by CJK characters":                                                         cjkPathRule,
	"Extract short URLs without protocol on ccTLD domains without path":                                                  fileNameRule,
	"Extract URL before newline":                                                                                         fileNameRule,
	"Extract domain followed by Japanese characters":                                                                     "rule 4: a Japanese label glued to Japanese text cannot be told apart from it without a longest-match TLD list; twitter.みんなです is not a real host",
	"DO NOT Extract URL with domain preceeded by underscore: http://domain-begin_dash_2314352345_dfasd.foo-cow_4352.com": underscoreRule,
	"DO NOT extract URLs containing leading underscores in the subdomain":                                                underscoreRule,
	"DO NOT extract URLs containing leading underscores in the domain with a subdomain":                                  underscoreRule,
	"DO NOT extract URLs containing trailing underscores in the subdomain":                                               underscoreRule,
	"DO NOT extract URLs containing trailing underscores in the domain with a subdomain":                                 underscoreRule,
	"DO NOT extract URLs containing underscores in the domain name":                                                      underscoreRule,
	"DO NOT extract URLs containing underscores in the tld":                                                              underscoreRule,
	"Extract valid URL http://www.foo.com/bar-path/some.stm?param1=foo;param2=P1|0||P2|0":                                "rule 3: '|' is an ASCII character outside IRIs and ends the match",
	"DO NOT extract URLs in hashtag or @mention":                                                                         rule2,
	"DO NOT extract URL if preceded by $":                                                                                rule2,
	"Extract a t.co URL with a trailing apostrophe":                                                                      "rule 5: an apostrophe followed by letters is inside the match (only trailing punctuation is left out); twitter special-cases t.co slugs",
	"Extract a t.co URL with a trailing hyphen":                                                                          "rule 5: '-' is not sentence punctuation; twitter special-cases t.co slugs",
	"DO NOT extract URLs with > 40 characters in a t.co slug":                                                            "twitter-specific rule for t.co slugs; the limit here is the configurable maximum length (rule 7)",
	"Extract t.co URLs skipping trailing characters and adjusting indices correctly":                                     "rule 5: ' + . # - followed by more IRI characters are inside the match; twitter special-cases t.co slugs",
}

// TestGFM runs the autolink examples of the GFM spec: the links of the
// expected HTML against the matches in the Markdown source (the Markdown
// syntax itself is not parsed).
func TestGFM(t *testing.T) {
	for _, file := range []string{"gfm/spec-autolinks.txt", "gfm/extensions-autolinks.txt"} {
		r := newSuite("GFM "+file, gfmDifferences[file])
		lines := readLines(t, file)
		fence := strings.Repeat("`", 32) + " example"
		n := 0
		for i := 0; i < len(lines); i++ {
			if !strings.HasPrefix(lines[i], fence) {
				continue
			}
			n++
			var md, html []string
			j := i + 1
			for ; lines[j] != "."; j++ {
				md = append(md, strings.ReplaceAll(lines[j], "→", "\t"))
			}
			for j++; !strings.HasPrefix(lines[j], strings.Repeat("`", 32)); j++ {
				html = append(html, lines[j])
			}
			i = j
			input := strings.Join(md, "\n") + "\n"
			var got []string
			for _, m := range Find([]byte(input), nil) {
				got = append(got, m.Text)
			}
			want := gfmLinks(strings.Join(html, "\n"))
			if len(html) == 1 && html[0] == "<IGNORE>" {
				want = got // only: no panic
			}
			key := fmt.Sprintf("#%d %s", n, md[0])
			r.check(t, key, slices.Equal(got, want), fmt.Sprintf("input %q\n\twant %q\n\tgot  %q", input, want, got))
		}
		r.report(t)
	}
}

var gfmLinkRE = regexp.MustCompile(`<a href="[^"]*">([^<]*)</a>`)

// gfmLinks returns the texts of the links in the expected HTML.
func gfmLinks(h string) []string {
	var out []string
	for _, m := range gfmLinkRE.FindAllStringSubmatch(h, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

var gfmDifferences = map[string]map[string]string{
	"gfm/spec-autolinks.txt": {
		"#5 <a+b+c:d>":                                 schemeListRule,
		"#6 <made-up-scheme://foo,bar>":                schemeListRule,
		"#8 <localhost:5001/foo>":                      schemeListRule + "; CommonMark takes localhost: as a scheme",
		"#7 <http://../>":                              "rule 4: the host must be real",
		"#9 <http://foo.bar/baz bim>":                  "rule 6: inside <…> whitespace is line wrapping and is removed from the IRI",
		`#10 <http://example.com/\[\>`:                 "rule 3: '\\' is an ASCII character outside IRIs and ends the match",
		"#15 < http://foo.bar >":                       markdownRule + " (not a CommonMark autolink, but an IRI in the text)",
		"#18 http://example.com":                       commonMarkCoreRule,
		"#19 foo@bar.example.com":                      commonMarkCoreRule,
		"#24 www.google.com/search?q=(business))+ok":   "rule 5: a closing bracket is kept only when balanced inside the match; GFM counts brackets only at the end",
		"#25 www.google.com/search?q=commonmark&hl=en": "rule 5: only punctuation is left out at the end; GFM also strips an entity-like &hl;",
		"#28 foo@bar.baz":                              emailTLDRule,
		"#29 hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.": emailTLDRule,
		"#30 a.b-c_d@a.b": emailTLDRule,
	},
	"gfm/extensions-autolinks.txt": {
		"#1 : http://google.com https://google.com": markdownRule + " (image syntax); and " + emailTLDRule,
	},
}

const (
	schemeListRule     = "rule 1: only known schemes start a match (the list is configurable)"
	commonMarkCoreRule = "CommonMark core (without the autolink extension) links only <…>; a linkifier links bare IRIs and addresses"
)
