package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"mime/quotedprintable"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/iriscan/iriscan/scanner"
	"github.com/iriscan/iriscan/scanner/scantest"
	"mvdan.cc/xurls/v2"
)

// The one-run benchmark of issue 14 (-all): each path of the table
// side by side with its baseline, interleaved round by round (A B A B …) so
// that a change in the machine's load moves both, with the ratio taken
// pair by pair. Processes are timed by their own rusage (user + system CPU
// time, peak RSS) as wait4 reports them; output goes to /dev/null.

var (
	allDir    = flag.String("all", "", "run the issue 14 table: every path against its baseline, inputs written to (and reused from) `dir`")
	allRounds = flag.Int("all-rounds", 5, "rounds of -all: each runs A and B once, in turn")
	allOnly   = flag.String("all-only", "", "-all: run only the rows whose name contains this")
	allBase   = flag.String("all-base", "", "-all: after each row that runs iriscan, the same row with the iriscan `binary` given (an older build), in the same run")
)

// A row of the table: a command A and its baseline B (a command, or a
// measurement of this process).
type row struct {
	name  string
	bytes int64
	a     []string // iriscan command
	b     []string // baseline command, or nil
	bName string
	// inA and inB measure in this process instead, returning the time of
	// one pass (the best of several).
	inA, inB func() time.Duration
	goal     string
}

func runAll() {
	dir := *allDir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	// iriscan is built with this process's GOEXPERIMENT and GOFLAGS (the
	// trigger search is amd64 assembly in every build; -tags=purego for
	// the portable one).
	bin, err := filepath.Abs(filepath.Join(dir, "iriscan"))
	if err != nil {
		log.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", bin, "./cmd/iriscan")
	build.Dir = ".."
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		log.Fatalf("building iriscan: %v", err)
	}
	self, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}

	en := genFile(dir, "english.txt", 100<<20, func(i int) []byte { return scantest.Prose(1<<20, 2048, &scantest.English, int64(200+i)) })
	distinctSerial := 0
	enDistinct := genFile(dir, "english-distinct.txt", 100<<20, func(i int) []byte {
		return distinctProse(scantest.Prose(1<<20, 2048, &scantest.English, int64(200+i)), &distinctSerial)
	})
	ja := genFile(dir, "japanese.txt", 100<<20, func(i int) []byte { return scantest.Prose(1<<20, 2048, &scantest.Japanese, int64(300+i)) })
	// The same proses with only the links Rust linkify finds too (no
	// "www." link, no host under a non-ASCII top-level domain): the two
	// finders on the same links.
	enSame := genFile(dir, "english-scheme-links.txt", 100<<20, func(i int) []byte {
		return scantest.ProseWith(scantest.SchemeLinks, 1<<20, 2048, &scantest.English, int64(200+i))
	})
	jaSame := genFile(dir, "japanese-scheme-links.txt", 100<<20, func(i int) []byte {
		return scantest.ProseWith(scantest.SchemeLinks, 1<<20, 2048, &scantest.Japanese, int64(300+i))
	})
	pages := genFile(dir, "pages.html", 60<<20, func(i int) []byte { return scantest.Page(1<<20, int64(100+i)) })
	mboxDir := filepath.Join(dir, "mbox")
	os.MkdirAll(mboxDir, 0o755)
	mbox := writeMbox(mboxDir, "mbox", 60<<20).files[0]
	bigMsg := genBigMessage(dir)
	manyParts := genManyParts(dir)
	htmlPart := genHTMLPart(dir)

	var rows []row
	want := func(name string) bool { return *allOnly == "" || strings.Contains(name, *allOnly) }
	add := func(r row) {
		if *allOnly == "" || strings.Contains(r.name, *allOnly) {
			rows = append(rows, r)
			if *allBase != "" && len(r.a) > 0 && r.a[0] == bin {
				base := r
				base.name += " [" + filepath.Base(*allBase) + "]"
				base.a = append([]string{*allBase}, r.a[1:]...)
				rows = append(rows, base)
			}
		}
	}
	add(row{name: "extract --format text, 100 MB English prose", bytes: fileSize(en),
		a: []string{bin, "extract", "--format", "text", en}, b: []string{"wc", "-l", en}, bName: "wc -l",
		goal: "≤ 4× wc -l; ≥ 500× xurls"})
	// The same prose with no IRI twice: what extract's cache of conversions
	// costs when it never hits.
	add(row{name: "extract --format text, 100 MB English prose, every IRI distinct", bytes: fileSize(enDistinct),
		a: []string{bin, "extract", "--format", "text", enDistinct}, b: []string{"wc", "-l", enDistinct}, bName: "wc -l",
		goal: "(no goal: the cache's cost when it misses)"})
	// The in-memory scanner against Rust linkify, each over the same file
	// held in memory: scanner.Find (a Match with its strings each) and
	// scanner.AppendSpans (where each match is, into a slice reused from
	// pass to pass: what linkify's iterator of links gives) here,
	// linkify-bench (its own timing of one pass) as a process.
	lk := linkifyBin(dir)
	type linkCount struct {
		input            string
		iriscan, linkify int
	}
	var linkCounts []linkCount
	for _, in := range []struct {
		name, file, goal string
		apis             []string
	}{
		{"English prose", en, "≥ Rust linkify", []string{"Find", "AppendSpans"}},
		{"Japanese prose", ja, "≥ Rust linkify", []string{"Find", "AppendSpans"}},
		{"English prose, links both find", enSame, "(no goal: the same links)", []string{"AppendSpans"}},
		{"Japanese prose, links both find", jaSame, "(no goal: the same links)", []string{"AppendSpans"}},
	} {
		wanted := false
		for _, api := range in.apis {
			wanted = wanted || want("scanner in memory ("+api+"), 100 MB "+in.name)
		}
		if !wanted {
			continue
		}
		data, err := os.ReadFile(in.file)
		if err != nil {
			log.Fatal(err)
		}
		var spans []scanner.Span
		passes := map[string]func(){
			"Find":        func() { scanner.Find(data, nil) },
			"AppendSpans": func() { spans = scanner.AppendSpans(spans[:0], data, nil) },
		}
		for _, api := range in.apis {
			pass := passes[api]
			r := row{name: "scanner in memory (" + api + "), 100 MB " + in.name, bytes: int64(len(data)),
				inA: func() time.Duration { return bestPass(pass) }, goal: in.goal}
			if lk != "" {
				r.bName = "Rust linkify"
				file := in.file
				r.inB = func() time.Duration { d, _ := linkifyPass(lk, file); return d }
			}
			add(r)
		}
		c := linkCount{input: in.name, iriscan: len(scanner.AppendSpans(nil, data, nil)), linkify: -1}
		if lk != "" {
			_, c.linkify = linkifyPass(lk, in.file)
		}
		linkCounts = append(linkCounts, c)
	}
	add(row{name: "rewrite --to uri --format html, 60 MB pages", bytes: fileSize(pages),
		a: []string{bin, "rewrite", "--to", "uri", "--format", "html", pages}, b: []string{self, "-pass", "raw-html", pages},
		bName: "x/net/html Next+Raw", goal: "≤ 0.7× x/net/html"})
	add(row{name: "rewrite --to uri --format mail, 60 MB mbox", bytes: fileSize(mbox),
		a: []string{bin, "rewrite", "--to", "uri", "--format", "mail", mbox}, b: []string{"wc", "-l", mbox}, bName: "wc -l",
		goal: "≤ 20× wc -l"})
	add(row{name: "peak RSS: rewrite, one 100 MB message (75 MB attachment)", bytes: fileSize(bigMsg),
		a: []string{bin, "rewrite", "--to", "uri", "--format", "mail", bigMsg}, b: []string{"wc", "-l", bigMsg}, bName: "wc -l",
		goal: "≤ 64 MB"})
	add(row{name: "peak RSS: rewrite, one message of 10^6 parts", bytes: fileSize(manyParts),
		a: []string{bin, "rewrite", "--to", "uri", "--format", "mail", manyParts}, b: []string{"wc", "-l", manyParts}, bName: "wc -l",
		goal: "≤ 64 MB"})
	add(row{name: "peak RSS: rewrite, one message with a 25 MB base64 HTML part", bytes: fileSize(htmlPart),
		a: []string{bin, "rewrite", "--to", "uri", "--format", "mail", htmlPart}, b: []string{"wc", "-l", htmlPart}, bName: "wc -l",
		goal: "≤ 64 MB"})
	// Text parts too large to hold: a 200 MB quoted-printable text/plain
	// part, and a 100 MB base64 text/html part inside an mbox.
	if want("quoted-printable text part") {
		qp := genQPTextPart(dir)
		add(row{name: "peak RSS: rewrite, one message with a 200 MB quoted-printable text part", bytes: fileSize(qp),
			a: []string{bin, "rewrite", "--to", "uri", "--format", "mail", qp}, b: []string{"wc", "-l", qp}, bName: "wc -l",
			goal: "≤ 64 MB"})
	}
	if want("mbox with a 100 MB base64 HTML part") {
		hm := genHTMLPartMbox(dir)
		add(row{name: "peak RSS: rewrite, mbox with a 100 MB base64 HTML part", bytes: fileSize(hm),
			a: []string{bin, "rewrite", "--to", "uri", "--format", "mail", hm}, b: []string{"wc", "-l", hm}, bName: "wc -l",
			goal: "≤ 64 MB"})
	}
	add(row{name: "peak RSS: rewrite -l, 100 MB prose", bytes: fileSize(en),
		a: []string{bin, "rewrite", "--to", "uri", "-l", en}, b: []string{"wc", "-l", en}, bName: "wc -l", goal: "≤ 64 MB"})
	add(row{name: "peak RSS: rewrite -d, 100 MB prose", bytes: fileSize(en),
		a: []string{bin, "rewrite", "--to", "uri", "-d", en}, b: []string{"wc", "-l", en}, bName: "wc -l", goal: "≤ 64 MB"})

	// xurls Strict, in this process, over the first 64 KiB of the English
	// prose (it runs near 1 MB/s): the yardstick of the extract row.
	enHead, err := os.ReadFile(en)
	if err != nil {
		log.Fatal(err)
	}
	enHead = enHead[:64<<10]
	strict := xurls.Strict()
	xurlsMBps := float64(len(enHead)) / 1e6 / bestPass(func() { strict.FindAllIndex(enHead, -1) }).Seconds()

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "path\tbaseline\tA/B median\tA/B range\tA MB/s\tB MB/s\tA peak RSS MB\tgoal\t")
	for _, r := range rows {
		var ratios, aMBps, bMBps []float64
		var rss int64
		for round := 0; round < *allRounds; round++ {
			ta, ra := r.measureA()
			tb := r.measureB()
			rss = max(rss, ra)
			aMBps = append(aMBps, float64(r.bytes)/1e6/ta.Seconds())
			if tb > 0 {
				ratios = append(ratios, ta.Seconds()/tb.Seconds())
				bMBps = append(bMBps, float64(r.bytes)/1e6/tb.Seconds())
			}
		}
		ratio, rng, bs := "-", "-", "-"
		if len(ratios) > 0 {
			ratio = fmt.Sprintf("%.2f", median(ratios))
			rng = fmt.Sprintf("%.2f–%.2f", slices.Min(ratios), slices.Max(ratios))
			bs = fmt.Sprintf("%.0f", median(bMBps))
		}
		rssCol := "-"
		if rss > 0 {
			rssCol = fmt.Sprintf("%.1f", float64(rss)/1024)
		}
		bName := r.bName
		if bName == "" {
			bName = "(not built)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.0f\t%s\t%s\t%s\t\n", r.name, bName, ratio, rng, median(aMBps), bs, rssCol, r.goal)
		if strings.HasPrefix(r.name, "extract") {
			fmt.Fprintf(tw, "  the same, against xurls Strict (in memory, first 64 KiB)\txurls Strict\t\t\t\t%.2f\t\t× xurls: %.0f\t\n",
				xurlsMBps, median(aMBps)/xurlsMBps)
		}
		tw.Flush()
	}
	exp := "GOEXPERIMENT unset"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "GOEXPERIMENT" && s.Value != "" {
				exp = "GOEXPERIMENT=" + s.Value
			}
		}
	}
	fmt.Printf("\n%s/%s, %d CPU, %s; %d rounds, A and B in turn; processes: user+system CPU time from wait4, peak RSS from /usr/bin/time, output to /dev/null;\n"+
		"in memory (scanner rows, xurls): the least CPU time of one pass among the passes of ~200 ms, for both; %s\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), exp, *allRounds, loadNote())
	if len(linkCounts) > 0 {
		fmt.Println("links found over each scanner row's input (linkify: -1 when not built):")
		for _, c := range linkCounts {
			fmt.Printf("  %s: iriscan %d, Rust linkify %d\n", c.input, c.iriscan, c.linkify)
		}
	}
}

func (r *row) measureA() (time.Duration, int64) {
	if r.inA != nil {
		return r.inA(), 0
	}
	return runRusage(r.a)
}

func (r *row) measureB() time.Duration {
	switch {
	case r.inB != nil:
		return r.inB()
	case r.b != nil:
		t, _ := runRusage(r.b)
		return t
	}
	return 0
}

// runRusage runs argv with its output to /dev/null and returns its CPU
// time (user + system, from wait4) and peak RSS in KiB. The command runs
// under /usr/bin/time, whose report gives the peak RSS: a child of this
// process would inherit this process's high-water mark at exec (Linux
// keeps it across exec), the child of /usr/bin/time does not. The few
// hundred microseconds of /usr/bin/time's own are in A and B alike.
func runRusage(argv []string) (time.Duration, int64) {
	rep, err := os.CreateTemp("", "bench-time-*")
	if err != nil {
		log.Fatal(err)
	}
	rep.Close()
	defer os.Remove(rep.Name())
	cmd := exec.Command("/usr/bin/time", append([]string{"-o", rep.Name(), "-f", "%M"}, argv...)...)
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		log.Fatal(err)
	}
	defer null.Close()
	cmd.Stdout = null
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 1 {
			log.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, tail(stderr.String()))
		}
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	b, err := os.ReadFile(rep.Name())
	if err != nil {
		log.Fatal(err)
	}
	f := strings.Fields(string(b))
	var rss int64
	if len(f) > 0 {
		rss, _ = strconv.ParseInt(f[len(f)-1], 10, 64)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), rss
}

// bestPass returns the least CPU time of this process for one call of f,
// over the calls made in about 200 ms of CPU time (at least two): CPU
// time, as linkify-bench measures its passes, so that a pass that waited
// for a core does not count the wait. A garbage collection before each
// call, outside its time, gives it the memory the call before used, as
// in a program that calls it again and again: without it, with the
// 200 MB of the inputs live, no collection came within the 200 ms, every
// scanner.Find over 100 MB took its 7 MB of results from memory the
// process had not touched, and the page faults (costly on this project's
// virtual machines) made its passes 25 ms instead of 8 (docs/performance.md,
// "Fresh memory").
func bestPass(f func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	var spent time.Duration
	for n := 0; n < 2 || spent < 200*time.Millisecond; n++ {
		runtime.GC()
		t := cpuTime()
		f()
		d := cpuTime() - t
		best, spent = min(best, d), spent+d
	}
	return best
}

// linkifyBin builds bench/linkify-rs (Rust linkify, from Debian's
// librust-linkify-dev) under dir, or returns "" with a note when it cannot.
func linkifyBin(dir string) string {
	out, err := filepath.Abs(filepath.Join(dir, "linkify-rs"))
	if err != nil {
		log.Fatal(err)
	}
	cmd := exec.Command("sh", "linkify-rs/build.sh", out)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: Rust linkify not built (%v): apt-get install cargo librust-linkify-dev\n", err)
		return ""
	}
	return strings.TrimSpace(string(b))
}

// linkifyPass runs linkify-bench on file for one round and returns its
// best pass and the number of links it found.
func linkifyPass(bin, file string) (time.Duration, int) {
	out, err := exec.Command(bin, "--rounds", "1", "--min-ms", "200", file).Output()
	if err != nil {
		log.Fatalf("%s: %v", bin, err)
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\t")
	if len(f) < 4 {
		log.Fatalf("%s: unexpected output %q", bin, out)
	}
	ns, err := strconv.ParseInt(f[3], 10, 64)
	if err != nil {
		log.Fatal(err)
	}
	links, err := strconv.Atoi(f[2])
	if err != nil {
		log.Fatal(err)
	}
	return time.Duration(ns), links
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func fileSize(name string) int64 {
	fi, err := os.Stat(name)
	if err != nil {
		log.Fatal(err)
	}
	return fi.Size()
}

// genFile writes dir/name from pieces made by gen until it holds n bytes,
// unless it is there already, and returns its path.
func genFile(dir, name string, n int64, gen func(i int) []byte) string {
	path := filepath.Join(dir, name)
	if fi, err := os.Stat(path); err == nil && fi.Size() >= n {
		return path
	}
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var written int64
	for i := 0; written < n; i++ {
		b := gen(i)
		w.Write(b)
		written += int64(len(b))
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	return path
}

// genBigMessage writes one 100 MB message: a 1 MB quoted-printable text
// part with IRIs and a 75 MB attachment (100 MB in base64).
func genBigMessage(dir string) string {
	const name = "message-100mb.eml"
	return genFile(dir, name, 100e6, func(i int) []byte {
		var m bytes.Buffer
		if i == 0 {
			m.WriteString("From: a@example.org\nTo: b@example.org\nSubject: big\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b\"\n\n" +
				"--b\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n")
			writeQP(&m, scantest.Prose(1e6, 2048, &scantest.English, 7))
			m.WriteString("\n--b\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n")
			return m.Bytes()
		}
		writeBase64(&m, scantest.Prose(1<<20, 1<<30, &scantest.Japanese, int64(i)))
		return m.Bytes()
	}) + closeMessage(dir, name, "--b--\n")
}

// genHTMLPart writes one message whose text/html part is about 25 MB of
// base64 (18 MiB of pages with dense attributes, as one document): the
// message that needed the most memory when text parts up to 32 MiB were
// held whole while rewritten (docs/mail.md, Memory).
func genHTMLPart(dir string) string {
	path := filepath.Join(dir, "html-part-25mb.eml")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	var page bytes.Buffer
	for i := 0; page.Len() < 18<<20; i++ {
		page.Write(scantest.Page(1<<20, int64(500+i)))
	}
	var m bytes.Buffer
	m.WriteString("From: a@example.org\nTo: b@example.org\nSubject: big page\nMIME-Version: 1.0\n" +
		"Content-Type: multipart/alternative; boundary=\"b\"\n\n" +
		"--b\nContent-Type: text/plain; charset=utf-8\n\nsee http://例え.jp/\n" +
		"--b\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n")
	writeBase64(&m, page.Bytes())
	m.WriteString("--b--\n")
	if err := os.WriteFile(path, m.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	return path
}

// genQPTextPart writes one message whose text/plain part is about 200 MB
// of quoted-printable (English and Japanese prose with an IRI every 2 KB),
// far over what a text part may take in memory (docs/mail.md, Memory).
func genQPTextPart(dir string) string {
	path := filepath.Join(dir, "text-qp-200mb.eml")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	writeLarge(path, func(w *bufio.Writer) {
		w.WriteString("From: a@example.org\nTo: b@example.org\nSubject: big text\nMIME-Version: 1.0\n" +
			"Content-Type: multipart/mixed; boundary=\"b\"\n\n" +
			"--b\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n")
		cw := &countWriter{w: w}
		q := quotedprintable.NewWriter(cw)
		for i := 0; cw.n < 200e6; i++ {
			lang := &scantest.English
			if i%2 == 1 {
				lang = &scantest.Japanese
			}
			q.Write(scantest.Prose(1<<20, 2048, lang, int64(700+i)))
		}
		q.Close()
		w.WriteString("\n--b--\n")
	})
	return path
}

// writeLarge writes the file path through fill, under a temporary name
// renamed when it is complete, so that an interrupted run leaves no
// partial input for the next to reuse.
func writeLarge(path string, fill func(w *bufio.Writer)) {
	f, err := os.Create(path + ".tmp")
	if err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	fill(w)
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		log.Fatal(err)
	}
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

// genHTMLPartMbox writes an mbox of three messages, the second with a
// text/html part of about 100 MB of base64 (72 MiB of pages as one
// document).
func genHTMLPartMbox(dir string) string {
	path := filepath.Join(dir, "html-part-100mb.mbox")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	writeLarge(path, func(w *bufio.Writer) {
		small := func(n int) {
			fmt.Fprintf(w, "From a@example.org Mon Jan  1 00:00:0%d 2024\nFrom: a@example.org\nSubject: small %d\n"+
				"Content-Type: text/plain; charset=utf-8\n\nsee http://例え.jp/%d\n\n", n, n, n)
		}
		small(1)
		w.WriteString("From a@example.org Mon Jan  1 00:00:02 2024\nFrom: a@example.org\nSubject: big page\nMIME-Version: 1.0\n" +
			"Content-Type: multipart/alternative; boundary=\"b\"\n\n" +
			"--b\nContent-Type: text/plain; charset=utf-8\n\nsee http://例え.jp/\n" +
			"--b\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n")
		// base64 in lines of 76, across pages (a multiple of 57 bytes a line).
		var carry []byte
		for i := 0; i < 72; i++ {
			carry = append(carry, scantest.Page(1<<20, int64(900+i))...)
			n := len(carry) / 57 * 57
			if i == 71 {
				n = len(carry)
			}
			var m bytes.Buffer
			writeBase64(&m, carry[:n])
			w.Write(m.Bytes())
			carry = append(carry[:0], carry[n:]...)
		}
		w.WriteString("--b--\n\n")
		small(3)
	})
	return path
}

// closeMessage appends tail to dir/name once (genFile writes only the
// body), and returns "".
func closeMessage(dir, name, tail string) string {
	path := filepath.Join(dir, name)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		log.Fatal(err)
	}
	last := make([]byte, len(tail))
	if fi, err := f.Stat(); err == nil && fi.Size() >= int64(len(tail)) {
		f.ReadAt(last, fi.Size()-int64(len(tail)))
	}
	if string(last) == tail {
		f.Close()
		return ""
	}
	f.Seek(0, io.SeekEnd)
	f.WriteString(tail)
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	return ""
}

// genManyParts writes one message of 10^6 small text parts, each with an
// IRI.
func genManyParts(dir string) string {
	const parts = 1000000
	return genFile(dir, "many-parts.eml", 1, func(i int) []byte {
		var m bytes.Buffer
		m.WriteString("From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b\"\n\n")
		for k := range parts {
			fmt.Fprintf(&m, "--b\nContent-Type: text/plain; charset=utf-8\n\nsee http://例え.jp/%d\n", k)
		}
		m.WriteString("--b--\n")
		return m.Bytes()
	})
}

// writeQP writes b quoted-printable.
func writeQP(m *bytes.Buffer, b []byte) {
	w := quotedprintable.NewWriter(m)
	w.Write(b)
	w.Close()
}
