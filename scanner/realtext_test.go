package scanner_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/scanner"
)

// The real-text sample: excerpts of Debian man pages (rendered by groff),
// manuals, changelogs and NEWS files in several languages, with the links a
// reader of each language sees labelled by hand (testdata/realtext; how it is
// built and the labelling rules: docs/realtext.md; bench -realtext prints the
// same scores for linkify-it too).
// realtextSets are the two samples: the one the detection rules were
// developed on, and a held-out one cut later, by the same method, from
// documents the first does not quote (its scores are the honest ones).
var realtextSets = []string{"../testdata/realtext", "../testdata/realtext2"}

type realtextLabel struct {
	file       string
	start, end int
	kind, iri  string
	hyphenated bool // groff hyphenated the IRI at a line end (note column)
	line       int
}

func loadRealtextSample(t *testing.T, set string) (map[string][]byte, []realtextLabel) {
	t.Helper()
	dir := filepath.Join(set, "excerpts")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	text := map[string][]byte{}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		text[e.Name()] = b
	}
	f, err := os.Open(filepath.Join(set, "labels.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var labels []realtextLabel
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) < 5 {
			t.Fatalf("labels.tsv:%d: want 5 tab-separated columns, have %d", n, len(c))
		}
		start, err1 := strconv.Atoi(c[1])
		end, err2 := strconv.Atoi(c[2])
		b, ok := text[c[0]]
		if err1 != nil || err2 != nil || !ok || start < 0 || end <= start || end > len(b) {
			t.Fatalf("labels.tsv:%d: bad span %s [%s,%s)", n, c[0], c[1], c[2])
		}
		hyph := len(c) > 5 && c[5] == "hyphenated"
		labels = append(labels, realtextLabel{c[0], start, end, c[3], c[4], hyph, n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return text, labels
}

// readerJoin is the IRI a reader takes from the text of a labelled span:
// groff's U+2010 HYPHEN is the ASCII hyphen-minus the page's author wrote,
// and a line break with the indentation after it (inside <…>, where groff
// wraps a long URL) is no part of the IRI. When groff hyphenated the IRI
// (hyphenated: the man page's source has no hyphen there, as its .UR or
// <…> text shows), the U+2010 before the line break is no part of it either.
func readerJoin(s string, hyphenated bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case hyphenated && strings.HasPrefix(s[i:], "\u2010\n"):
			i += len("\u2010")
		case strings.HasPrefix(s[i:], "\u2010"):
			b.WriteByte('-')
			i += len("\u2010")
		case s[i] == '\n':
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}

// TestRealtextLabels checks the sample against itself: every label's IRI is
// its span read by the joining rule above, its kind is one of the four, and
// there are enough of them.
func TestRealtextLabels(t *testing.T) {
	for i, set := range realtextSets {
		t.Run(filepath.Base(set), func(t *testing.T) {
			text, labels := loadRealtextSample(t, set)
			if min := []int{300, 100}[i]; len(labels) < min {
				t.Errorf("%d labels, want at least %d", len(labels), min)
			}
			checkRealtextLabels(t, text, labels)
		})
	}
}

func checkRealtextLabels(t *testing.T, text map[string][]byte, labels []realtextLabel) {
	for _, l := range labels {
		span := string(text[l.file][l.start:l.end])
		if got := readerJoin(span, l.hyphenated); got != l.iri {
			t.Errorf("labels.tsv:%d: span %q reads as %q, label says %q", l.line, span, got, l.iri)
		}
		switch l.kind {
		case "url", "www", "email", "domain":
		default:
			t.Errorf("labels.tsv:%d: kind %q", l.line, l.kind)
		}
	}
}

// TestRealtext scores scanner.Find, with the CLI's default options and with
// Fuzzy, on the sample. Bare domains (kind domain) are expected only with
// Fuzzy; without it, finding one is neither right nor wrong. A match is
// right when its span and IRI are a label's.
//
// It always logs the scores and every miss. Issue 13 asks for precision and
// recall ≥ 0.999 with the default options (fuzzy mode, opt-in, is logged
// only); its detection rules are not all in yet, so the test asserts that
// only with IRISCAN_REALTEXT_STRICT=1 and skips otherwise.
func TestRealtext(t *testing.T) {
	strict := os.Getenv("IRISCAN_REALTEXT_STRICT") == "1"
	var low []string
	for _, set := range realtextSets {
		low = append(low, scoreRealtext(t, set)...)
	}
	if len(low) == 0 {
		return
	}
	if !strict {
		t.Skipf("below 0.999 (%s); IRISCAN_REALTEXT_STRICT=1 makes this a failure", strings.Join(low, "; "))
	}
	t.Errorf("want precision and recall ≥ 0.999: %s", strings.Join(low, "; "))
}

// scoreRealtext scores one sample in both modes, logs the scores and the
// misses, and returns the default-mode scores below 0.999.
func scoreRealtext(t *testing.T, set string) (low []string) {
	text, labels := loadRealtextSample(t, set)
	for _, fuzzy := range []bool{false, true} {
		name := filepath.Base(set) + " default"
		if fuzzy {
			name = filepath.Base(set) + " fuzzy"
		}
		type key struct {
			file       string
			start, end int
			iri        string
		}
		want, ignore := map[key]int{}, map[key]bool{}
		for _, l := range labels {
			k := key{l.file, l.start, l.end, l.iri}
			if l.kind == "domain" && !fuzzy {
				ignore[k] = true
			} else {
				want[k] = l.line
			}
		}
		tp, fp := 0, 0
		found := map[key]bool{}
		for file, b := range text {
			for _, m := range scanner.Find(b, &scanner.Options{Fuzzy: fuzzy}) {
				k := key{file, int(m.Offset), int(m.Offset + m.Length), m.IRI}
				if ignore[k] {
					continue
				}
				found[k] = true
				if _, ok := want[k]; ok {
					tp++
				} else {
					fp++
					t.Logf("%s: false positive %s:%d-%d %s %q", name, file, m.Offset, m.Offset+m.Length, m.Kind, m.IRI)
				}
			}
		}
		fn := 0
		for k, line := range want {
			if !found[k] {
				fn++
				t.Logf("%s: false negative %s:%d-%d %q (labels.tsv:%d)", name, k.file, k.start, k.end, k.iri, line)
			}
		}
		p, r := realtextRatio(tp, tp+fp), realtextRatio(tp, tp+fn)
		t.Logf("%s: %d labels, %d found, %d right: precision %.4f, recall %.4f", name, len(want), tp+fp, tp, p, r)
		if !fuzzy && (p < 0.999 || r < 0.999) {
			low = append(low, fmt.Sprintf("%s: precision %.4f, recall %.4f", name, p, r))
		}
	}
	return low
}

func realtextRatio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}
