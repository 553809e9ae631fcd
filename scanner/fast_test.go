package scanner

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/iriscan/iriscan/scanner/scantest"
)

// findSlow is Find with the fast paths off (finder.slow): the general
// parsing they stand in for.
func findSlow(text []byte, o *Options) []Match {
	f := newFinder(o)
	f.slow = true
	s := newBytesScanner(text, f)
	var ms []Match
	for s.Scan() {
		ms = append(ms, s.Match())
	}
	return ms
}

// TestFastPaths holds the fast paths (plainHost, and Match.IRI without
// iriForm for a clean match) to the general parsing: the same matches, in
// every mode, on the repository's test texts and the bench prose.
func TestFastPaths(t *testing.T) {
	inputs := map[string][]byte{
		"english":  scantest.Prose(1<<20, 700, &scantest.English, 3),
		"japanese": scantest.Prose(1<<20, 700, &scantest.Japanese, 4),
		"dense":    scantest.Prose(256<<10, 1, &scantest.English, 5),
	}
	filepath.WalkDir("../testdata", func(name string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if b, err := os.ReadFile(name); err == nil {
				inputs[name] = b
			}
		}
		return nil
	})
	if len(inputs) < 100 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	for name, text := range inputs {
		for _, o := range []*Options{nil, {Fuzzy: true}, {MaxLength: 40}} {
			t.Run(name, func(t *testing.T) {
				got, want := Find(text, o), findSlow(text, o)
				if !sameMatches(got, want) {
					t.Fatalf("options %+v: %s", o, firstDiff(got, want))
				}
			})
		}
	}
}

// TestFastPathHosts lists authorities at the edges of plainHost: each
// must give what the general parsing gives.
func TestFastPathHosts(t *testing.T) {
	hosts := []string{
		"example.com", "example.com.", "example.com./x", "example.com.?q", "example.com-", "example.com-/x",
		"a.b.c.d.example.org", "localhost", "local_host", "local_host/x", "my_host.example.com", "ex-ample.com",
		"-example.com", "example-.com", "ab--cd.example.com", "xn--bcher-kva.example", "example.xn--p1ai/x",
		"192.0.2.1", "192.0.2.1/x", "192.0.2", "1.2.3.4.5", "999.1.1.1", "example.123", "example.c_m", "example.c-m",
		"user@example.com", "user:pw@example.com/x", "example.com:8080/x", "example.com:port/", "example.com\\.x",
		"[2001:db8::1]/x", "example.com/a@b", "example.com?a@b", "example.com#a@b", "example.com!x", "example.com)",
		"пример.рф/x", "example.рф", "example.comです", "a" + string(make([]byte, 0)) + ".." + "b.com",
		"..example.com", ".example.com", "example..com", "e.x.a.m.p.l.e", "com", "example.com\u3002jp",
		"www.example.com", "wwww.example.com", "example.com%20x", "example.com'x'", "example.com\"x", "example.co.uk/x",
		"example.museum", "example.notatld", "example.md", "a.md/x", "EXAMPLE.COM", "example.COM/X",
		"пример.рф@example.com/x", "юзер:пароль@example.com", "пример.рф:8080/x", "例え.テスト?q", "пример.рф#x",
		"пример.рф(x)@example.org", "пример.рф!@example.org", "пример.рф/@x", longHost(250) + "пример.рф@example.org",
		"example.xn--", "xn--.com", "a.xn--b.", "xn--abc", "a.XN--p1ai.", "ab-.cd", "a-b.c-d.com", "a--b.com", "a.b.", "a.1", "1.2.3.4.",
		"1.2.3.4..", "a.com.-", "a.com-.", "-a.com", longLabel(64), longLabel(250) + ".com", longHost(253) + ".", longHost(252) + "-",
		longLabel(63) + ".com", longLabel(64) + ".com", longHost(253), longHost(254), longHost(300),
	}
	for _, h := range hosts {
		for _, form := range []string{"see http://%s ok", "see https://%s/path ok", "www.%s", "mail jane@%s now",
			"mailto:jane@%s", "(http://%s)", "<http://%s>", "\"http://%s\"", "http://%s", "sip:%s", "%s"} {
			text := []byte(sprintf(form, h))
			for _, o := range []*Options{nil, {Fuzzy: true}} {
				t.Run(string(text), func(t *testing.T) {
					if got, want := Find(text, o), findSlow(text, o); !sameMatches(got, want) {
						t.Fatalf("%s", firstDiff(got, want))
					}
				})
			}
		}
	}
}

func sprintf(form, h string) string {
	out := []byte{}
	for i := 0; i < len(form); i++ {
		if form[i] == '%' && i+1 < len(form) && form[i+1] == 's' {
			out = append(out, h...)
			i++
			continue
		}
		out = append(out, form[i])
	}
	return string(out)
}

func longLabel(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a'
	}
	return string(b)
}

// longHost returns a host of n bytes of 9-letter labels ending in ".com".
func longHost(n int) string {
	var b []byte
	for len(b) < n-4 {
		b = append(b, "abcdefghi."...)
	}
	return string(b[:n-4]) + ".com"
}

// TestFastPathSchemes lists scheme starts at the edges of schemeStart's
// shortcuts (a blank after the ':', http and https without a lookup):
// each must give what the general parsing gives, also with maximum
// lengths shorter than the scheme.
func TestFastPathSchemes(t *testing.T) {
	texts := []string{
		"Note: see", "note:", "http: x", "https:\t//example.com", "<http:\n  //example.com/a>", "<URL:http:\n //example.com>",
		"\u27e8https:\n //example.com/\u27e9", "x<https: //example.com>", "mailto: jane@example.com", "urn: isbn:1", "tel: +1",
		"news: comp.lang", "sip: example.com", "geo: 1,2", "magnet: ?xt=1", "x-custom: y", "http:", "https:\n",
		"http://example.com", "HTTPS://example.com", "Https://example.com/x", "xhttp://example.com", "xhttps://example.com",
		"%22http://example.com", "%22https://example.com", "a%22http://example.com", "2http://example.com", "-http://example.com",
		"+http://example.com", ".https://example.com", "git+https://example.com/r", "svn+ssh://example.com/r", "httpss://example.com",
		"http:example.com", "https:/example.com", "http://", "https://:80", "http:/ /example.com", "<http: x>", "<http:>",
	}
	for _, text := range texts {
		for _, o := range []*Options{nil, {MaxLength: 3}, {MaxLength: 6}, {MaxLength: 9}, {Schemes: SchemesNamed("http", "mailto")}} {
			for _, w := range []string{text, "word " + text + " end", "(" + text + ")"} {
				t.Run(w, func(t *testing.T) {
					if got, want := Find([]byte(w), o), findSlow([]byte(w), o); !sameMatches(got, want) {
						t.Fatalf("options %+v: %s", o, firstDiff(got, want))
					}
				})
			}
		}
	}
}

// TestScanBackTables: the ASCII tables scanBack reads hold what the rune
// predicates say.
func TestScanBackTables(t *testing.T) {
	for c := 0; c < 0x80; c++ {
		if atextASCII[c] != isLocalRune(rune(c)) {
			t.Errorf("atextASCII[%q] = %v, isLocalRune %v", rune(c), atextASCII[c], isLocalRune(rune(c)))
		}
		if labelASCII[c] != isLabelRune(rune(c)) {
			t.Errorf("labelASCII[%q] = %v, isLabelRune %v", rune(c), labelASCII[c], isLabelRune(rune(c)))
		}
	}
}
