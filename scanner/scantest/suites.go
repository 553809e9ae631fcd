// Package scantest is test support for the scanner, shared by its tests and
// the bench command: it loads the peer link-detection test suites kept in
// testdata/conformance (UTS #58, linkify-it, twitter-text, GFM) as uniform cases,
// so that the scanner's conformance tests and the bench command score any
// linkifier the same way.
package scantest

import (
	"bufio"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Link is a detected link: byte offsets in the case's input and its text.
type Link struct {
	Start, End int
	Text       string
	Email      bool // an e-mail address (scored as no link by twitter-text)
}

// A Case is one test of a suite.
type Case struct {
	Key   string // unique within the suite: the input line, description or example number
	Input string
	// Want lists the expected link texts in order. With FirstOnly only the
	// first detected link is compared (linkify-it's harness).
	Want      []string
	FirstOnly bool
	// Spans, when not nil, are the expected byte offsets of Want.
	Spans [][2]int
	// RuneSpans, when not nil, are the expected code point offsets of Want.
	RuneSpans [][2]int
	// NoEmail: e-mail addresses are not links for this suite.
	NoEmail bool
	// Wrap: the same answer is expected for "\n" + Input + "\n".
	Wrap bool
}

// A Suite is a named list of cases. Fuzzy tells whether the suite expects
// bare domains to be detected.
type Suite struct {
	Name  string
	Fuzzy bool
	Cases []Case
}

// Pass reports whether links (in order) is the expected answer for c.
func (c *Case) Pass(links []Link) bool {
	if c.NoEmail {
		links = slices.DeleteFunc(slices.Clone(links), func(l Link) bool { return l.Email })
	}
	if c.FirstOnly {
		if len(links) == 0 || len(c.Want) == 0 {
			return len(links) == 0 && len(c.Want) == 0
		}
		return links[0].Text == c.Want[0]
	}
	if len(links) != len(c.Want) {
		return false
	}
	for i, l := range links {
		if l.Text != c.Want[i] {
			return false
		}
		if c.Spans != nil && (l.Start != c.Spans[i][0] || l.End != c.Spans[i][1]) {
			return false
		}
		if c.RuneSpans != nil {
			s := utf8.RuneCountInString(c.Input[:l.Start])
			if s != c.RuneSpans[i][0] || s+utf8.RuneCountInString(l.Text) != c.RuneSpans[i][1] {
				return false
			}
		}
	}
	return true
}

// A Failure is a case a linkifier fails, with what it found.
type Failure struct {
	Key string
	Got []string
}

// Score runs find on every case of s (and its wrapped variant) and returns
// the number of passing cases and the failures.
func Score(s *Suite, find func(string) []Link) (pass int, fails []Failure) {
	for i := range s.Cases {
		c := &s.Cases[i]
		links := find(c.Input)
		ok := c.Pass(links)
		if ok && c.Wrap {
			wrapped := find("\n" + c.Input + "\n")
			ok = c.Pass(wrapped)
			if !ok {
				links = wrapped
			}
		}
		if ok {
			pass++
			continue
		}
		f := Failure{Key: c.Key}
		for _, l := range links {
			f.Got = append(f.Got, l.Text)
		}
		fails = append(fails, f)
	}
	return pass, fails
}

// SuiteInputs returns every input find is called with by Score for the suites.
func SuiteInputs(suites []Suite) []string {
	var in []string
	for _, s := range suites {
		for _, c := range s.Cases {
			in = append(in, c.Input)
			if c.Wrap {
				in = append(in, "\n"+c.Input+"\n")
			}
		}
	}
	return in
}

// Load reads all suites from dir (the repository's testdata/conformance
// directory: uts58/ and linkify/).
func Load(dir string) ([]Suite, error) {
	var suites []Suite
	for _, load := range []func(string) ([]Suite, error){loadUTS58, loadLinkifyIt, loadTwitter, loadGFM} {
		s, err := load(dir)
		if err != nil {
			return nil, err
		}
		suites = append(suites, s...)
	}
	return suites, nil
}

func readLines(name string) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}

// loadUTS58 reads LinkDetectionTest.txt: links are marked ⸠…⸡ in each line.
func loadUTS58(dir string) ([]Suite, error) {
	lines, err := readLines(filepath.Join(dir, "uts58/LinkDetectionTest.txt"))
	if err != nil {
		return nil, err
	}
	s := Suite{Name: "UTS #58 LinkDetectionTest", Fuzzy: true}
	for _, line := range lines {
		if line == "" || line[0] == '#' {
			continue
		}
		c := Case{Key: line, Spans: [][2]int{}}
		var b strings.Builder
		start := -1
		for _, r := range line {
			switch r {
			case '⸠':
				start = b.Len()
			case '⸡':
				c.Want = append(c.Want, b.String()[start:])
				c.Spans = append(c.Spans, [2]int{start, b.Len()})
			default:
				b.WriteRune(r)
			}
		}
		c.Input = b.String()
		s.Cases = append(s.Cases, c)
	}
	return []Suite{s}, nil
}

// loadLinkifyIt reads links.txt (first link of each block, fuzzy mode, also
// inside "\n…\n") and not_links.txt (no link).
func loadLinkifyIt(dir string) ([]Suite, error) {
	lines, err := readLines(filepath.Join(dir, "linkify/linkify-it/links.txt"))
	if err != nil {
		return nil, err
	}
	links := Suite{Name: "linkify-it links.txt", Fuzzy: true}
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
		links.Cases = append(links.Cases, Case{Key: line, Input: line, Want: []string{want}, FirstOnly: true, Wrap: true})
	}
	lines, err = readLines(filepath.Join(dir, "linkify/linkify-it/not_links.txt"))
	if err != nil {
		return nil, err
	}
	not := Suite{Name: "linkify-it not_links.txt", Fuzzy: true}
	for _, line := range lines {
		if line == "" || line[0] == '%' {
			continue
		}
		not.Cases = append(not.Cases, Case{Key: line, Input: line})
	}
	return []Suite{links, not}, nil
}

// loadTwitter reads the subset of YAML used by extract_urls.yml.
func loadTwitter(dir string) ([]Suite, error) {
	lines, err := readLines(filepath.Join(dir, "linkify/twitter-text/extract_urls.yml"))
	if err != nil {
		return nil, err
	}
	s := Suite{Name: "twitter-text extract_urls.yml", Fuzzy: true}
	last := func() *Case { return &s.Cases[len(s.Cases)-1] }
	for _, line := range lines {
		t := strings.TrimSpace(line)
		q, err := unquoteAll(t)
		if err != nil {
			return nil, err
		}
		switch {
		case strings.HasPrefix(t, "- description:"):
			s.Cases = append(s.Cases, Case{Key: q[0], NoEmail: true})
		case strings.HasPrefix(t, "text:"):
			last().Input = q[0]
		case strings.HasPrefix(t, "expected:"), strings.HasPrefix(t, "- url:"):
			last().Want = append(last().Want, q...)
		case strings.HasPrefix(t, "indices:"):
			var a, b int
			if _, err := fmt.Sscanf(t, "indices: [%d, %d]", &a, &b); err != nil {
				return nil, fmt.Errorf("%q: %v", t, err)
			}
			last().RuneSpans = append(last().RuneSpans, [2]int{a, b})
		}
	}
	return []Suite{s}, nil
}

// unquoteAll returns the double-quoted strings in s.
func unquoteAll(s string) ([]string, error) {
	var out []string
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			return out, nil
		}
		q, err := strconv.QuotedPrefix(s[i:])
		if err != nil {
			return nil, fmt.Errorf("%q: %v", s, err)
		}
		u, _ := strconv.Unquote(q)
		out = append(out, u)
		s = s[i+len(q):]
	}
}

var gfmLinkRE = regexp.MustCompile(`<a href="[^"]*">([^<]*)</a>`)

// loadGFM reads the autolink examples of the GFM spec files: the links of
// the expected HTML are compared with the links found in the Markdown
// source (the Markdown syntax itself is not interpreted).
func loadGFM(dir string) ([]Suite, error) {
	var suites []Suite
	for _, file := range []string{"linkify/gfm/spec-autolinks.txt", "linkify/gfm/extensions-autolinks.txt"} {
		lines, err := readLines(filepath.Join(dir, file))
		if err != nil {
			return nil, err
		}
		s := Suite{Name: "GFM " + filepath.Base(file)}
		fence := strings.Repeat("`", 32)
		n := 0
		for i := 0; i < len(lines); i++ {
			if !strings.HasPrefix(lines[i], fence+" example") {
				continue
			}
			n++
			var md, out []string
			j := i + 1
			for ; j < len(lines) && lines[j] != "."; j++ {
				md = append(md, strings.ReplaceAll(lines[j], "→", "\t"))
			}
			for j++; j < len(lines) && !strings.HasPrefix(lines[j], fence); j++ {
				out = append(out, lines[j])
			}
			i = j
			if len(out) == 1 && out[0] == "<IGNORE>" {
				continue // upstream checks only that it does not crash
			}
			c := Case{Key: fmt.Sprintf("#%d %s", n, md[0]), Input: strings.Join(md, "\n") + "\n"}
			for _, m := range gfmLinkRE.FindAllStringSubmatch(strings.Join(out, "\n"), -1) {
				c.Want = append(c.Want, html.UnescapeString(m[1]))
			}
			s.Cases = append(s.Cases, c)
		}
		suites = append(suites, s)
	}
	return suites, nil
}
