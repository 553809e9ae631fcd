package scanner

import (
	"slices"
	"testing"

	"github.com/iriscan/iriscan/scanner/scantest"
)

// TestConformance runs the peer suites of testdata/conformance (see
// scanner/scantest for how each is scored) and checks every failure
// against the list of deliberate differences, each with the rule that makes
// us differ. A listed case that passes is an error too, so the lists stay
// true.
func TestConformance(t *testing.T) {
	suites, err := scantest.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	for i := range suites {
		s := &suites[i]
		o := &Options{Fuzzy: s.Fuzzy}
		pass, fails := scantest.Score(s, func(text string) []scantest.Link { return links(text, o) })
		t.Logf("%s: %d/%d pass", s.Name, pass, len(s.Cases))
		deliberate, ok := differences[s.Name]
		if !ok {
			t.Errorf("no list of deliberate differences for suite %q", s.Name)
		}
		failed := map[string]bool{}
		for _, f := range fails {
			failed[f.Key] = true
			if _, ok := deliberate[f.Key]; !ok {
				t.Errorf("%s: unexpected failure: %q\n\tgot %q", s.Name, f.Key, f.Got)
			}
		}
		keys := make([]string, 0, len(deliberate))
		for k := range deliberate {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if !failed[k] {
				t.Errorf("%s: listed as a deliberate difference but passes (or is not in the suite): %q", s.Name, k)
			}
		}
	}
}

// links runs Find and converts its matches for scoring.
func links(text string, o *Options) []scantest.Link {
	var out []scantest.Link
	for _, m := range Find([]byte(text), o) {
		out = append(out, scantest.Link{Start: int(m.Offset), End: int(m.Offset + m.Length), Text: m.Text, Email: m.Kind == KindEmail})
	}
	return out
}

// differences maps each suite to its deliberate differences.
var differences = map[string]map[string]string{
	"UTS #58 LinkDetectionTest":     uts58Differences,
	"linkify-it links.txt":          linkifyLinksDifferences,
	"linkify-it not_links.txt":      linkifyNotLinksDifferences,
	"twitter-text extract_urls.yml": twitterDifferences,
	"GFM spec-autolinks.txt":        gfmDifferences["gfm/spec-autolinks.txt"],
	"GFM extensions-autolinks.txt":  gfmDifferences["gfm/extensions-autolinks.txt"],
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

var linkifyLinksDifferences = map[string]string{
	"//localhost":                 protoRelRule,
	"//test.123":                  protoRelRule,
	"My ssl //example.com site":   protoRelRule,
	"4.4.4.4":                     "fuzzy mode: a bare IPv4 address needs a port or a path to be a link (command output, hosts files and CIDR ranges in real text are none; docs/realtext.md); linkify-it links it with its fuzzyIP option",
	"http://a---b.com/":           "rule 4: the project's IDNA profile (UTS #46 CheckHyphens) refuses \"--\" in the third and fourth positions of a label",
	`test."foo".bar@gmail.co.uk!`: "rule 1: quoted strings in a local part (obsolete RFC 822 syntax) are not matched in running text; UTS #58 does the same",
}

const protoRelRule = "rule 1: a match starts at a scheme, www. or an e-mail address; protocol-relative references (//host) are not detected"

var linkifyNotLinksDifferences = map[string]string{
	"_http://example.com": rule2,
}

const (
	rule2          = "rule 2: a scheme may follow any character that is not an ASCII letter or digit (_ # $ included)"
	underscoreRule = "rule 4: the project's IDNA profile has STD3 rules off, so '_' is allowed in labels after an explicit scheme"
	noTLDRule      = "rule 4: after an explicit scheme any host whose labels pass IDNA is real; no top-level-domain list is applied"
	cjkPathRule    = "rule 3 / Section 8.3: a non-ASCII character does not end an IRI; CJK letters end an ASCII path only in CJK prose (CJK text before the match), so a match at the start of the text keeps them, and a bare domain may take in CJK labels before an ideographic full stop"
	markdownRule   = "Markdown syntax is not parsed: the scanner works on plain text"
	emailTLDRule   = "rule 4: an e-mail domain needs an ICANN top-level domain (golang.org/x/net/publicsuffix); .baz, .example, .b, .c are not"
)

var twitterDifferences = map[string]string{
	"DO NOT extract invalid URL: http://no-tld":                                                                          noTLDRule,
	"DO NOT extract invalid URL: http://tld-too-short.x":                                                                 noTLDRule,
	"Extract long URL without protocol surrounded by CJK characters":                                                     cjkPathRule,
	"Extract URLs with and without protocol surrounded by CJK characters":                                                cjkPathRule,
	"Extract domain followed by Japanese characters":                                                                     "rule 4: a Japanese label glued to Japanese text cannot be told apart from it without a longest-match TLD list; twitter.みんなです is not a real host",
	"DO NOT Extract URL with domain preceeded by underscore: http://domain-begin_dash_2314352345_dfasd.foo-cow_4352.com": underscoreRule,
	"DO NOT extract URLs containing leading underscores in the subdomain":                                                underscoreRule,
	"DO NOT extract URLs containing leading underscores in the domain with a subdomain":                                  underscoreRule,
	"DO NOT extract URLs containing trailing underscores in the subdomain":                                               underscoreRule,
	"DO NOT extract URLs containing trailing underscores in the domain with a subdomain":                                 underscoreRule,
	"DO NOT extract URLs containing underscores in the domain name":                                                      underscoreRule,
	"DO NOT extract URLs in hashtag or @mention":                                                                         rule2,
	"DO NOT extract URL if preceded by $":                                                                                rule2,
	"Extract a t.co URL with a trailing apostrophe":                                                                      "rule 5: an apostrophe followed by letters is inside the match (only trailing punctuation is left out); twitter special-cases t.co slugs",
	"Extract a t.co URL with a trailing hyphen":                                                                          "rule 5: '-' is not sentence punctuation; twitter special-cases t.co slugs",
	"DO NOT extract URLs with > 40 characters in a t.co slug":                                                            "twitter-specific rule for t.co slugs; the limit here is the configurable maximum length (rule 7)",
	"Extract t.co URLs skipping trailing characters and adjusting indices correctly":                                     "rule 5: ' + . # - followed by more IRI characters are inside the match; twitter special-cases t.co slugs",
}

var gfmDifferences = map[string]map[string]string{
	"gfm/spec-autolinks.txt": {
		"#5 <a+b+c:d>":                                 schemeListRule,
		"#6 <made-up-scheme://foo,bar>":                schemeListRule,
		"#8 <localhost:5001/foo>":                      schemeListRule + "; CommonMark takes localhost: as a scheme",
		"#7 <http://../>":                              "rule 4: the host must be real",
		"#9 <http://foo.bar/baz bim>":                  "rule 6: inside <…> whitespace is line wrapping and is removed from the IRI",
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
