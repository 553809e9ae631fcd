// Command bench compares the iriscan scanner with peer linkifiers —
// mvdan.cc/xurls/v2 (Relaxed and Strict) and, through node, linkify-it from
// npm — on the same generated inputs, and scores all of them on the peer
// conformance suites in ../testdata/conformance. It prints one table.
//
// Run it from this directory after "npm ci": go run .
//
// With -corpus DIR it measures iriscan corpus on a 1 GB generated tree with
// 1 and 2 workers (see corpus.go): go run . -corpus /tmp/corpus-bench
// With -realtext ../testdata/realtext it instead prints the precision and
// recall of iriscan and linkify-it on the labelled sample of real documents
// there, and each false positive and negative (see docs/realtext.md).
//
// With -e2e DIR it instead measures the whole iriscan rewrite command on
// 100 MB corpora of HTML, text and mail written to DIR, and its peak memory
// on 1 GB single-file inputs (see e2e.go): go run . -e2e /tmp/e2e
//
// Speeds are MB/s of process CPU time (getrusage), the best of three rounds,
// so that a loaded machine slows the wall clock but not the comparison;
// -wall prints wall-clock speeds instead.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
	"unicode/utf16"

	"github.com/iriscan/iriscan/scanner"
	"github.com/iriscan/iriscan/scanner/scantest"
	xhtml "golang.org/x/net/html"
	"mvdan.cc/xurls/v2"
)

var (
	size     = flag.Int("size", 4<<20, "bytes per generated input")
	slowSize = flag.Int("slow-size", 256<<10, "bytes of each input given to xurls (it runs near 1 MB/s)")
	minTime  = flag.Duration("min", 300*time.Millisecond, "CPU time per measurement round")
	nodeBin  = flag.String("node", "node", "node binary for linkify-it")
	wall     = flag.Bool("wall", false, "report wall-clock MB/s instead of CPU-time MB/s")
	peers    = flag.Bool("peers", true, "also measure and score the peers (false: iriscan speeds only)")
	only     = flag.String("only", "", "measure only the inputs whose name contains this")
	cpuProf  = flag.String("cpuprofile", "", "write a CPU profile of the iriscan measurements to `file`")
	e2eDir   = flag.String("e2e", "", "run the end-to-end benchmark of iriscan rewrite instead, with corpora written to (and reused from) `dir`")
	e2eSize  = flag.Int("e2e-size", 100, "MB of each end-to-end corpus")
	e2eBig   = flag.Int("e2e-big", 1024, "MB of the single-file inputs whose peak memory -e2e also measures (0: none)")
	realtext = flag.String("realtext", "", "score iriscan and linkify-it on the labelled real-text sample in `dir` (../testdata/realtext) and list their errors")
	pass     = flag.String("pass", "", "internal to -e2e: run one baseline `pass` (scan, scan-html or raw-html) over the files named as arguments, as a process of its own")
)

func main() {
	log.SetFlags(0)
	flag.Parse()
	runtime.GOMAXPROCS(1)
	if *pass != "" {
		runPass(*pass, flag.Args())
		return
	}
	if *realtext != "" {
		runRealtext(*realtext)
		return
	}
	if *e2eDir != "" {
		runE2E()
		return
	}
	if *allDir != "" {
		runAll()
		return
	}
	if *corpusDir != "" {
		runCorpus()
		return
	}
	ins := scantest.Inputs(*size)
	if *only != "" {
		ins = slices.DeleteFunc(ins, func(in scantest.Input) bool { return !strings.Contains(in.Name, *only) })
	}
	if *cpuProf != "" {
		f, err := os.Create(*cpuProf)
		if err != nil {
			log.Fatal(err)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}

	relaxed, strict := xurls.Relaxed(), xurls.Strict()
	var lk map[string]float64
	if *peers {
		var err error
		if lk, err = linkifySpeeds(ins); err != nil {
			log.Printf("linkify-it: %v (run npm ci in this directory)", err)
		}
	}

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	unit := "CPU"
	if *wall {
		unit = "wall"
	}
	fmt.Fprintf(tw, "MB/s (%s time) / cases passed\tiriscan\txurls Strict\txurls Relaxed\tlinkify-it\tx/net/html Raw\t× xurls Strict\t× linkify-it\tallocs/match\t\n", unit)
	for _, in := range ins {
		ours, allocs := measureOurs(in)
		slow := in.Data[:min(len(in.Data), *slowSize)]
		xs, xr, l, lr := "-", "-", "-", "-"
		if *peers {
			s := measure(len(slow), func() { strict.FindAllIndex(slow, -1) })
			xs = fmt.Sprintf("%.2f", s)
			xr = fmt.Sprintf("%.2f", measure(len(slow), func() { relaxed.FindAllIndex(slow, -1) }))
			lr = fmt.Sprintf("%.0f×", ours/s)
		}
		base := "-"
		if in.HTML {
			base = fmt.Sprintf("%.0f", measure(len(in.Data), func() { tokenizeRaw(in.Data) }))
		}
		xl := "-"
		if v, ok := lk[in.Name]; ok {
			l = fmt.Sprintf("%.0f", v)
			xl = fmt.Sprintf("%.0f×", ours/v)
		}
		fmt.Fprintf(tw, "%s\t%.0f\t%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t\n", in.Name, ours, xs, xr, l, base, lr, xl, allocs)
	}
	if *peers {
		suites, err := scantest.Load("../testdata/conformance")
		if err != nil {
			log.Fatal(err)
		}
		lkLinks, err := linkifySuites(suites)
		if err != nil {
			log.Printf("linkify-it suites: %v", err)
		}
		for i := range suites {
			s := &suites[i]
			o := &scanner.Options{Fuzzy: s.Fuzzy}
			ours, _ := scantest.Score(s, func(text string) []scantest.Link { return scan(text, o) })
			xs, _ := scantest.Score(s, func(text string) []scantest.Link { return regexLinks(strict, text) })
			xr, _ := scantest.Score(s, func(text string) []scantest.Link { return regexLinks(relaxed, text) })
			l := "-"
			if lkLinks != nil {
				p, _ := scantest.Score(s, func(text string) []scantest.Link { return lkLinks[s.Name+"\x00"+text] })
				l = fmt.Sprint(p)
			}
			fmt.Fprintf(tw, "%s (%d cases)\t%d\t%d\t%d\t%s\t-\t-\t-\t-\t\n", s.Name, len(s.Cases), ours, xs, xr, l)
		}
	}
	tw.Flush()
	scale := ins[0].Data
	idx := measure(len(scale), func() { bytes.IndexByte(scale, 0) })
	fmt.Printf("\n%s/%s, %d CPU, GOMAXPROCS=1; inputs %d KiB (xurls: first %d KiB); for scale, bytes.IndexByte: %.0f MB/s; %s\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), *size>>10, *slowSize>>10, idx, loadNote())
}

// measureOurs returns the scanner's speed on in and its allocations per match.
func measureOurs(in scantest.Input) (mbps, allocsPerMatch float64) {
	run := func() int {
		n := 0
		if in.HTML {
			s := scanner.NewHTMLScanner(bytes.NewReader(in.Data), nil)
			for s.Scan() {
				n++
			}
		} else {
			s := scanner.NewScanner(bytes.NewReader(in.Data), nil)
			for s.Scan() {
				n++
			}
		}
		return n
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	n := run()
	runtime.ReadMemStats(&m1)
	return measure(len(in.Data), func() { run() }), float64(m1.Mallocs-m0.Mallocs) / float64(max(n, 1))
}

// tokenizeRaw is x/net/html's own pass over a document: every token's Raw.
func tokenizeRaw(b []byte) {
	z := xhtml.NewTokenizer(bytes.NewReader(b))
	for z.Next() != xhtml.ErrorToken {
		_ = z.Raw()
	}
}

// measure returns the best MB/s of three rounds of running f (over n bytes)
// for at least -min of CPU time.
func measure(n int, f func()) float64 {
	best := 0.0
	for round := 0; round < 3; round++ {
		runtime.GC()
		c0, w0 := cpuTime(), time.Now()
		reps := 0
		for {
			f()
			reps++
			if cpuTime()-c0 >= *minTime {
				break
			}
		}
		d := cpuTime() - c0
		if *wall {
			d = time.Since(w0)
		}
		best = max(best, float64(reps)*float64(n)/1e6/d.Seconds())
	}
	return best
}

// cpuTime returns the CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		log.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadNote describes the machine's load at the end of the run.
func loadNote() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "load unknown"
	}
	f := strings.Fields(string(b))
	return "load average " + strings.Join(f[:3], " ") + " (shared machine)"
}

func scan(text string, o *scanner.Options) []scantest.Link {
	var out []scantest.Link
	for _, m := range scanner.Find([]byte(text), o) {
		out = append(out, scantest.Link{Start: int(m.Offset), End: int(m.Offset + m.Length), Text: m.Text, Email: m.Kind == scanner.KindEmail})
	}
	return out
}

func regexLinks(re *regexp.Regexp, text string) []scantest.Link {
	var out []scantest.Link
	for _, ix := range re.FindAllStringIndex(text, -1) {
		t := text[ix[0]:ix[1]]
		email := strings.Contains(t, "@") && !strings.Contains(t, "://") && !strings.HasPrefix(strings.ToLower(t), "mailto:")
		out = append(out, scantest.Link{Start: ix[0], End: ix[1], Text: t, Email: email})
	}
	return out
}

// runNode runs linkify.mjs with a JSON request and decodes its answer.
func runNode(req, resp any) error {
	body, err := json.Marshal(req)
	if err != nil {
		return err
	}
	cmd := exec.Command(*nodeBin, "linkify.mjs")
	cmd.Stdin = bytes.NewReader(body)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return err
	}
	return json.Unmarshal(out, resp)
}

// linkifySpeeds measures linkify-it on every input (written to temporary files).
func linkifySpeeds(ins []scantest.Input) (map[string]float64, error) {
	dir, err := os.MkdirTemp("", "iriscan-bench")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	var files []string
	byFile := map[string]string{}
	for i, in := range ins {
		f := filepath.Join(dir, fmt.Sprintf("%d.txt", i))
		if err := os.WriteFile(f, in.Data, 0o644); err != nil {
			return nil, err
		}
		files = append(files, f)
		byFile[f] = in.Name
	}
	var resp map[string]struct{ CPU, Wall float64 }
	if err := runNode(map[string]any{"mode": "bench", "files": files, "minSeconds": minTime.Seconds()}, &resp); err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for f, v := range resp {
		out[byFile[f]] = v.CPU
		if *wall {
			out[byFile[f]] = v.Wall
		}
	}
	return out, nil
}

// linkifySuites runs linkify-it on every suite input, with the options each
// suite was written for, and returns its links by suite name and input.
func linkifySuites(suites []scantest.Suite) (map[string][]scantest.Link, error) {
	type req struct {
		Input   string `json:"input"`
		Fuzzy   bool   `json:"fuzzy"`
		FuzzyIP bool   `json:"fuzzyIP"`
	}
	var reqs []req
	var keys []string
	for _, s := range suites {
		for _, in := range scantest.SuiteInputs([]scantest.Suite{s}) {
			reqs = append(reqs, req{in, s.Fuzzy, s.Name == "linkify-it links.txt"})
			keys = append(keys, s.Name+"\x00"+in)
		}
	}
	var resp [][]struct {
		Index, LastIndex int
		Raw, Schema      string
	}
	if err := runNode(map[string]any{"mode": "suite", "cases": reqs}, &resp); err != nil {
		return nil, err
	}
	if len(resp) != len(reqs) {
		return nil, io.ErrUnexpectedEOF
	}
	out := map[string][]scantest.Link{}
	for i, ms := range resp {
		var links []scantest.Link
		for _, m := range ms {
			start := byteOffset(reqs[i].Input, m.Index)
			links = append(links, scantest.Link{Start: start, End: start + len(m.Raw), Text: m.Raw,
				Email: m.Schema == "mailto:" && !strings.HasPrefix(strings.ToLower(m.Raw), "mailto:")})
		}
		out[keys[i]] = links
	}
	return out, nil
}

// byteOffset converts a JavaScript string index (UTF-16 code units) to a
// byte offset in s.
func byteOffset(s string, units int) int {
	for i, r := range s {
		if units <= 0 {
			return i
		}
		units -= len(utf16.Encode([]rune{r}))
	}
	return len(s)
}
