package main

// The -realtext evaluation: precision and recall of iriscan and linkify-it on
// the labelled sample of real documents in ../testdata/realtext (see
// docs/realtext.md for how it is built and labelled).

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/iriscan/iriscan/scanner"
)

// rtLabel is one line of labels.tsv (an expected link) or traps.tsv (a span
// that a reader does not take for a link, or not in the form a detector may
// propose).
type rtLabel struct {
	File       string
	Start, End int
	Kind       string // labels: url, www, email, domain; traps: the trap's class
	IRI        string // labels: the IRI a reader clicks; traps: a note
	Line       int    // line in the .tsv file, for messages
}

// rtSample is the loaded sample.
type rtSample struct {
	Files  []string          // excerpt names, sorted
	Text   map[string][]byte // by name
	Labels []rtLabel
	Traps  []rtLabel
}

// rtLink is one link a detector proposes.
type rtLink struct {
	Start, End int
	IRI        string // the identifier it stands for, without an added scheme
	Kind       string // url, www, email or domain
}

func loadRealtext(dir string) (*rtSample, error) {
	s := &rtSample{Text: map[string][]byte{}}
	ents, err := os.ReadDir(filepath.Join(dir, "excerpts"))
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, "excerpts", e.Name()))
		if err != nil {
			return nil, err
		}
		s.Files = append(s.Files, e.Name())
		s.Text[e.Name()] = b
	}
	if s.Labels, err = readRealtextTSV(filepath.Join(dir, "labels.tsv"), s.Text); err != nil {
		return nil, err
	}
	if s.Traps, err = readRealtextTSV(filepath.Join(dir, "traps.tsv"), s.Text); err != nil {
		return nil, err
	}
	return s, nil
}

// readRealtextTSV reads file, start, end, kind, text columns, checking that
// each span lies in its excerpt.
func readRealtextTSV(path string, text map[string][]byte) ([]rtLabel, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []rtLabel
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) < 5 {
			return nil, fmt.Errorf("%s:%d: want 5 tab-separated columns, have %d", path, n, len(c))
		}
		start, err1 := strconv.Atoi(c[1])
		end, err2 := strconv.Atoi(c[2])
		b, ok := text[c[0]]
		if err1 != nil || err2 != nil || !ok || start < 0 || end <= start || end > len(b) {
			return nil, fmt.Errorf("%s:%d: bad span %s [%s,%s)", path, n, c[0], c[1], c[2])
		}
		out = append(out, rtLabel{File: c[0], Start: start, End: end, Kind: c[3], IRI: c[4], Line: n})
	}
	return out, sc.Err()
}

// rtScore compares found links with the labels. fuzzy says whether bare
// domains (kind domain) are expected; when not, a found link equal to a
// domain label is neither right nor wrong.
type rtScore struct {
	Expected, Found, TP int
	FP, FN              []string
}

func (r rtScore) precision() float64 { return ratio(r.TP, r.TP+len(r.FP)) }
func (r rtScore) recall() float64    { return ratio(r.TP, r.TP+len(r.FN)) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

func scoreRealtext(s *rtSample, fuzzy bool, find func(name string, text []byte) []rtLink) rtScore {
	var r rtScore
	for _, name := range s.Files {
		text := s.Text[name]
		type key struct {
			start, end int
			iri        string
		}
		want := map[key]rtLabel{}
		ignore := map[key]bool{}
		for _, l := range s.Labels {
			if l.File != name {
				continue
			}
			k := key{l.Start, l.End, l.IRI}
			if l.Kind == "domain" && !fuzzy {
				ignore[k] = true
				continue
			}
			want[k] = l
			r.Expected++
		}
		found := map[key]bool{}
		for _, m := range find(name, text) {
			k := key{m.Start, m.End, m.IRI}
			if ignore[k] {
				continue
			}
			r.Found++
			found[k] = true
			if _, ok := want[k]; ok {
				r.TP++
				continue
			}
			r.FP = append(r.FP, fmt.Sprintf("%s:%d-%d %s %q%s", name, m.Start, m.End, m.Kind, m.IRI, trapNote(s, name, m.Start, m.End)))
		}
		var fn []rtLabel
		for k, l := range want {
			if !found[k] {
				fn = append(fn, l)
			}
		}
		slices.SortFunc(fn, func(a, b rtLabel) int { return a.Start - b.Start })
		for _, l := range fn {
			r.FN = append(r.FN, fmt.Sprintf("%s:%d-%d %s %q (labels.tsv:%d)%s", name, l.Start, l.End, l.Kind, l.IRI, l.Line, trapNote(s, name, l.Start, l.End)))
		}
	}
	return r
}

// trapNote names the trap classes a span overlaps.
func trapNote(s *rtSample, name string, start, end int) string {
	var cs []string
	for _, t := range s.Traps {
		if t.File == name && t.Start < end && start < t.End && !slices.Contains(cs, t.Kind) {
			cs = append(cs, t.Kind)
		}
	}
	if cs == nil {
		return ""
	}
	return " [" + strings.Join(cs, ",") + "]"
}

func iriscanLinks(o *scanner.Options) func(string, []byte) []rtLink {
	return func(_ string, text []byte) []rtLink {
		var out []rtLink
		for _, m := range scanner.Find(text, o) {
			k := map[scanner.Kind]string{scanner.KindScheme: "url", scanner.KindWWW: "www", scanner.KindEmail: "email", scanner.KindFuzzy: "domain"}[m.Kind]
			out = append(out, rtLink{int(m.Offset), int(m.Offset + m.Length), m.IRI, k})
		}
		return out
	}
}

// linkifyRealtext runs linkify-it on every excerpt, fuzzy links on or off
// (fuzzy e-mail on, fuzzy IP off: its defaults), and returns its links.
func linkifyRealtext(s *rtSample, fuzzy bool) (map[string][]rtLink, error) {
	type req struct {
		Input   string `json:"input"`
		Fuzzy   bool   `json:"fuzzy"`
		FuzzyIP bool   `json:"fuzzyIP"`
	}
	var reqs []req
	for _, name := range s.Files {
		reqs = append(reqs, req{string(s.Text[name]), fuzzy, false})
	}
	var resp [][]struct {
		Index, LastIndex int
		Raw, Schema      string
	}
	if err := runNode(map[string]any{"mode": "suite", "cases": reqs}, &resp); err != nil {
		return nil, err
	}
	if len(resp) != len(reqs) {
		return nil, fmt.Errorf("linkify-it answered %d of %d inputs", len(resp), len(reqs))
	}
	out := map[string][]rtLink{}
	for i, ms := range resp {
		in := reqs[i].Input
		for _, m := range ms {
			start, end := byteOffset(in, m.Index), byteOffset(in, m.LastIndex)
			kind := "url"
			switch {
			case m.Schema == "mailto:" && !strings.HasPrefix(strings.ToLower(m.Raw), "mailto:"):
				kind = "email"
			case m.Schema == "" && strings.HasPrefix(strings.ToLower(m.Raw), "www."):
				kind = "www"
			case m.Schema == "":
				kind = "domain"
			}
			out[s.Files[i]] = append(out[s.Files[i]], rtLink{start, end, in[start:end], kind})
		}
	}
	return out, nil
}

// runRealtext prints the scores of each detector on the sample in dir and
// every false positive and negative.
func runRealtext(dir string) {
	s, err := loadRealtext(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "realtext:", err)
		os.Exit(1)
	}
	type det struct {
		name  string
		fuzzy bool
		find  func(string, []byte) []rtLink
	}
	dets := []det{
		{"iriscan", false, iriscanLinks(&scanner.Options{})},
		{"iriscan --fuzzy", true, iriscanLinks(&scanner.Options{Fuzzy: true})},
	}
	if *peers {
		for _, fuzzy := range []bool{false, true} {
			name := "linkify-it"
			if fuzzy {
				name += " fuzzyLink"
			}
			links, err := linkifyRealtext(s, fuzzy)
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v (run npm ci in bench/)\n", name, err)
				continue
			}
			dets = append(dets, det{name, fuzzy, func(n string, _ []byte) []rtLink { return links[n] }})
		}
	}
	langs := map[string]bool{}
	for _, f := range s.Files {
		langs[strings.SplitN(f, "-", 2)[0]] = true
	}
	fmt.Printf("realtext sample: %d excerpts (%d languages), %d labelled links (%d bare domains, expected only in fuzzy modes), %d traps\n\n",
		len(s.Files), len(langs), len(s.Labels), countKind(s.Labels, "domain"), len(s.Traps))
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "detector\texpected\tfound\tcorrect\tfalse pos.\tfalse neg.\tprecision\trecall\t\n")
	var scores []rtScore
	for _, d := range dets {
		r := scoreRealtext(s, d.fuzzy, d.find)
		scores = append(scores, r)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%.4f\t%.4f\t\n", d.name, r.Expected, r.Found, r.TP, len(r.FP), len(r.FN), r.precision(), r.recall())
	}
	tw.Flush()
	for i, d := range dets {
		r := scores[i]
		fmt.Printf("\n== %s: %d false positives\n", d.name, len(r.FP))
		for _, x := range r.FP {
			fmt.Println("  FP", x)
		}
		fmt.Printf("== %s: %d false negatives\n", d.name, len(r.FN))
		for _, x := range r.FN {
			fmt.Println("  FN", x)
		}
	}
}

func countKind(ls []rtLabel, kind string) int {
	n := 0
	for _, l := range ls {
		if l.Kind == kind {
			n++
		}
	}
	return n
}
