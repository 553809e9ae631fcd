package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"log"
	"mime/quotedprintable"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/iriscan/iriscan/scanner"
	"github.com/iriscan/iriscan/scanner/scantest"
	xhtml "golang.org/x/net/html"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

// The end-to-end benchmark (-e2e): it builds the iriscan command, writes
// corpora to disk, and runs "iriscan rewrite --to uri" over each under
// /usr/bin/time -v, which reports the CPU time and the peak resident memory
// of the whole process. The scanner alone and x/net/html's tokenize-and-Raw
// pass run in this process over the same bytes, for comparison.

// corpus is a set of files rewritten by one iriscan run.
type corpus struct {
	name   string
	format string // --format
	files  []string
	size   int64
	html   bool // the scanner baseline is the HTML scanner
}

func runE2E() {
	dir := *e2eDir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	bin := filepath.Join(dir, "iriscan")
	abs, err := filepath.Abs(bin)
	if err != nil {
		log.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", abs, "./cmd/iriscan")
	build.Dir = ".." // the iriscan module, whose go.sum covers the command
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		log.Fatalf("building iriscan: %v", err)
	}
	size := int64(*e2eSize) << 20
	cs := []corpus{
		writeFiles(dir, "HTML pages", "html", size, func(i int) []byte { return scantest.Page(1<<20, int64(100+i)) }),
		writeFiles(dir, "English prose", "text", size, func(i int) []byte { return scantest.Prose(1<<20, 2048, &scantest.English, int64(200+i)) }),
		writeFiles(dir, "Japanese prose", "text", size, func(i int) []byte { return scantest.Prose(1<<20, 2048, &scantest.Japanese, int64(300+i)) }),
		writeMbox(dir, "mail archive (mbox)", size),
	}
	if *e2eBig > 0 {
		cs = append(cs, concat(dir, cs[0], int64(*e2eBig)<<20), concat(dir, cs[1], int64(*e2eBig)<<20), concat(dir, cs[3], int64(*e2eBig)<<20))
	}
	self, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "corpus\tMB\tfiles\trewrite --to uri MB/s (CPU)\tpeak RSS MB\tscanner alone, process\tin memory\tx/net/html Raw, process\tin memory\t")
	for _, c := range cs {
		mb := float64(c.size) / 1e6
		speed := func(argv ...string) string {
			cpu, _ := bestRun(append(argv, c.files...), c.name)
			return fmt.Sprintf("%.0f", mb/cpu.Seconds())
		}
		cpu, rss := bestRun(append([]string{bin, "rewrite", "--to", "uri", "--format", c.format}, c.files...), c.name)
		scan, scanMem, raw, rawMem := "-", "-", "-", "-"
		if c.size <= 200<<20 && c.format != "mail" {
			p := "scan"
			if c.html {
				p = "scan-html"
			}
			scan = speed(self, "-pass", p)
			data := readAll(c.files)
			scanMem = fmt.Sprintf("%.0f", measure(len(data), func() { passOver(bytes.NewReader(data), p) }))
			if c.html {
				raw = speed(self, "-pass", "raw-html")
				rawMem = fmt.Sprintf("%.0f", measure(len(data), func() { passOver(bytes.NewReader(data), "raw-html") }))
			}
		}
		fmt.Fprintf(tw, "%s\t%.0f\t%d\t%.0f\t%.1f\t%s\t%s\t%s\t%s\t\n", c.name, mb, len(c.files), mb/cpu.Seconds(), float64(rss)/1024, scan, scanMem, raw, rawMem)
	}
	tw.Flush()
	fmt.Printf("\nMB/s of CPU time (user+system), best of 3 runs. Process: a command over the files (in the page cache), under /usr/bin/time -v, output to /dev/null;\n"+
		"in memory: this process over the bytes read before, GOMAXPROCS=1, best of 3. %s\n", loadNote())
}

// runPass runs one baseline over files, reading each as iriscan does
// (buffered, 64 KiB), for -e2e to time as a process.
func runPass(pass string, files []string) {
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			log.Fatal(err)
		}
		passOver(bufio.NewReaderSize(f, 64<<10), pass)
		f.Close()
	}
}

// passOver runs one baseline pass over r: the scanner over text ("scan"),
// the HTML scanner over attributes as an attribute rewriter runs it
// ("scan-html"), or x/net/html's tokenize-and-Raw ("raw-html").
func passOver(r io.Reader, pass string) {
	switch pass {
	case "scan":
		s := scanner.NewScanner(r, nil)
		for s.Scan() {
		}
	case "scan-html":
		s := scanner.NewHTMLScanner(r, &scanner.HTMLOptions{SkipText: true})
		for s.Scan() {
		}
	case "raw-html":
		z := xhtml.NewTokenizer(r)
		for z.Next() != xhtml.ErrorToken {
			_ = z.Raw()
		}
	default:
		log.Fatalf("unknown -pass %q", pass)
	}
}

// bestRun runs the command argv three times, after reading its files once
// so that they come from the page cache, and returns the least CPU time and
// the largest peak RSS.
func bestRun(argv []string, name string) (cpu time.Duration, rssKiB int64) {
	for _, f := range argv[1:] {
		if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 && !strings.HasPrefix(f, "-") {
			if fh, err := os.Open(f); err == nil {
				io.Copy(io.Discard, fh)
				fh.Close()
			}
		}
	}
	for i := 0; i < 3; i++ {
		c, _, r := timeRun(argv, name)
		if i == 0 || c < cpu {
			cpu = c
		}
		rssKiB = max(rssKiB, r)
	}
	return cpu, rssKiB
}

// timeRun runs the command argv (for the corpus called name), output to
// /dev/null, and returns its CPU time (user+system), wall time and peak RSS in KiB.
func timeRun(argv []string, name string) (cpu, wall time.Duration, rssKiB int64) {
	cmd := exec.Command("/usr/bin/time", append([]string{"-v"}, argv...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// Straight to /dev/null: a pipe to this process would add the cost of
	// the pipe and of the reader's scheduling to the measurement.
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		log.Fatal(err)
	}
	defer null.Close()
	cmd.Stdout = null
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start)
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 1 {
			log.Fatalf("%s: %v\n%s", name, err, tail(stderr.String()))
		}
	}
	var user, sys float64
	for _, line := range strings.Split(stderr.String(), "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok {
			continue
		}
		switch k {
		case "User time (seconds)":
			user, _ = strconv.ParseFloat(v, 64)
		case "System time (seconds)":
			sys, _ = strconv.ParseFloat(v, 64)
		case "Maximum resident set size (kbytes)":
			rssKiB, _ = strconv.ParseInt(v, 10, 64)
		}
	}
	return time.Duration((user + sys) * float64(time.Second)), wall, rssKiB
}

func tail(s string) string {
	if len(s) > 2000 {
		s = s[len(s)-2000:]
	}
	return s
}

func readAll(files []string) []byte {
	var b []byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			log.Fatal(err)
		}
		b = append(b, d...)
	}
	return b
}

// writeFiles writes files of about 1 MiB made by gen until they hold size
// bytes, unless they are there already.
func writeFiles(dir, name, format string, size int64, gen func(i int) []byte) corpus {
	c := corpus{name: name, format: format, html: format == "html"}
	sub := filepath.Join(dir, strings.Fields(name)[0])
	os.MkdirAll(sub, 0o755)
	for i := 0; c.size < size; i++ {
		f := filepath.Join(sub, fmt.Sprintf("%04d.%s", i, map[string]string{"html": "html", "text": "txt"}[format]))
		fi, err := os.Stat(f)
		if err != nil {
			if err := os.WriteFile(f, gen(i), 0o644); err != nil {
				log.Fatal(err)
			}
			fi, _ = os.Stat(f)
		}
		c.files = append(c.files, f)
		c.size += fi.Size()
	}
	return c
}

// concat writes one file of at least size bytes by repeating the corpus c.
func concat(dir string, c corpus, size int64) corpus {
	ext := map[string]string{"html": ".html", "text": ".txt", "mail": ".mbox"}[c.format]
	name := filepath.Join(dir, "big-"+strings.Fields(c.name)[0]+ext)
	big := corpus{name: fmt.Sprintf("%s, one %d MB file", c.name, size>>20), format: c.format, files: []string{name}, html: c.html}
	if fi, err := os.Stat(name); err == nil && fi.Size() >= size {
		big.size = fi.Size()
		return big
	}
	f, err := os.Create(name)
	if err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	for big.size < size {
		for _, in := range c.files {
			d, err := os.ReadFile(in)
			if err != nil {
				log.Fatal(err)
			}
			w.Write(d)
			big.size += int64(len(d))
			if big.size >= size {
				break
			}
		}
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	return big
}

// writeMbox writes an mbox archive of about size bytes: messages of a few
// KiB to a few tens of KiB, with text/plain parts in UTF-8 (quoted-printable),
// windows-1252 (quoted-printable), ISO-2022-JP (7bit) and Shift_JIS
// (base64), text/html parts in base64, and attachments,
// their text from the scanner's prose generators.
func writeMbox(dir, name string, size int64) corpus {
	path := filepath.Join(dir, "archive.mbox")
	c := corpus{name: name, format: "mail", files: []string{path}}
	if fi, err := os.Stat(path); err == nil && fi.Size() >= size {
		c.size = fi.Size()
		return c
	}
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	en := scantest.Prose(4<<20, 1024, &scantest.English, 11)
	ja := scantest.Prose(4<<20, 1024, &scantest.Japanese, 12)
	jis := japanese.ISO2022JP.NewEncoder()
	sjis := japanese.ShiftJIS.NewEncoder()
	cp1252 := encoding.ReplaceUnsupported(charmap.Windows1252.NewEncoder())
	var n int64
	for i := 0; n < size; i++ {
		var m bytes.Buffer
		fmt.Fprintf(&m, "From sender%d@example.com Sat Nov 21 08:%02d:00 2026\n", i, i%60)
		fmt.Fprintf(&m, "From: Sender %d <sender%d@example.com>\nTo: list@example.org\nSubject: message %d\nDate: Sat, 21 Nov 2026 08:%02d:00 +0000\nMessage-ID: <%d@example.com>\nMIME-Version: 1.0\n", i, i, i, i%60, i)
		piece := func(src []byte, k int) []byte {
			l := 2000 + (i*7919)%12000
			start := (i * 104729 * (k + 1)) % (len(src) - l)
			for start > 0 && src[start]&0xC0 == 0x80 {
				start--
			}
			end := start + l
			for end < len(src) && src[end]&0xC0 == 0x80 {
				end++
			}
			return src[start:end]
		}
		switch i % 4 {
		case 0: // UTF-8 quoted-printable text/plain
			m.WriteString("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n")
			qp := quotedprintable.NewWriter(&m)
			qp.Write(piece(en, 0))
			qp.Close()
			m.WriteString("\n")
		case 1: // ISO-2022-JP 7bit text/plain, or Shift_JIS base64
			if i%8 == 5 {
				m.WriteString("Content-Type: text/plain; charset=Shift_JIS\nContent-Transfer-Encoding: base64\n\n")
				b, _ := sjis.Bytes(piece(ja, 1))
				writeBase64(&m, b)
				break
			}
			m.WriteString("Content-Type: text/plain; charset=ISO-2022-JP\nContent-Transfer-Encoding: 7bit\n\n")
			b, _ := jis.Bytes(piece(ja, 1))
			m.Write(b)
			m.WriteString("\n")
		case 2: // multipart/alternative: plain 8bit + HTML base64
			m.WriteString("Content-Type: multipart/alternative; boundary=\"b1\"\n\n--b1\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n")
			p := piece(ja, 2)
			m.Write(p)
			m.WriteString("\n--b1\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n")
			h := scantest.Page(len(p), int64(i))
			writeBase64(&m, h)
			m.WriteString("--b1--\n")
		case 3: // multipart/mixed with a text part and a binary attachment
			m.WriteString("Content-Type: multipart/mixed; boundary=\"b2\"\n\n--b2\nContent-Type: text/plain; charset=windows-1252\nContent-Transfer-Encoding: quoted-printable\n\n")
			b, _ := cp1252.Bytes(piece(en, 3)) // the few characters it lacks become SUB (0x1A)
			qp := quotedprintable.NewWriter(&m)
			qp.Write(b)
			qp.Close()
			m.WriteString("\n--b2\nContent-Type: application/octet-stream\nContent-Disposition: attachment; filename=\"data.bin\"\nContent-Transfer-Encoding: base64\n\n")
			writeBase64(&m, piece(en, 4))
			m.WriteString("--b2--\n")
		}
		m.WriteString("\n")
		// mbox "From " quoting of body lines.
		b := bytes.ReplaceAll(m.Bytes()[bytes.IndexByte(m.Bytes(), '\n')+1:], []byte("\nFrom "), []byte("\n>From "))
		w.Write(m.Bytes()[:bytes.IndexByte(m.Bytes(), '\n')+1])
		w.Write(b)
		n += int64(len(b)) + int64(bytes.IndexByte(m.Bytes(), '\n')+1)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	c.size = n
	return c
}

// writeBase64 writes b in base64 lines of 76 characters.
func writeBase64(w *bytes.Buffer, b []byte) {
	s := base64.StdEncoding.EncodeToString(b)
	for len(s) > 76 {
		w.WriteString(s[:76])
		w.WriteByte('\n')
		s = s[76:]
	}
	w.WriteString(s)
	w.WriteByte('\n')
}
