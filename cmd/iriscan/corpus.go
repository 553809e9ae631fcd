package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/iriscan/iriscan/corpus"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/detect"
	"github.com/iriscan/iriscan/scanner"
)

const corpusUsage = `Usage: iriscan corpus --to uri|iri|display|linkify --out DIR [--jobs N] [--shard I/N|auto] [--shards N]
                      [--files-from FILE|-] [--include GLOB] [--exclude GLOB] [--report FILE] [--force]
                      [--format auto|text|html|css|mail|markdown] [--warc-output all|conversions-only]
                      [link policy flags] SRC...

Converts every file under each SRC (a directory, walked recursively, or a
file) into the tree DIR, which mirrors the input: SRC/a/b.txt becomes
DIR/a/b.txt. Each file is converted as "iriscan rewrite --to FORM FILE" (or
"iriscan linkify FILE") would print it: text, HTML, a style sheet, Markdown,
a mail message or an mbox, each found as --format auto finds it (or all read
in the format --format names), or a WARC file (.warc), and a .gz file of one
of these is read through gzip and written gzipped again (a .warc.gz file with
one gzip member per record). With --to linkify a file whose name does not end
in .html, .htm, .xhtml, .eml, .mbox, .mbx, .css, .md, .markdown, .mdown or
.mkd (before a .gz) is written to NAME.html, since it becomes HTML; a style
sheet is copied as it is, and Markdown stays Markdown, with Markdown links.
Binary files are skipped; symbolic links and special files are reported and
not followed.

A WARC file is copied record by record, byte for byte; after each response
or resource record whose payload is text, HTML or CSS (text/plain,
text/html, application/xhtml+xml, text/css; HTTP chunking and gzip or
deflate content coding undone, the charset from the HTTP Content-Type, then
a byte order mark, <meta> or @charset), a conversion record (WARC 1.1) holds the
rewritten document, refers to the original and points to a warcinfo record
added at the start. Other records pass through; a truncated file fails.

A file is done when its output exists: each output is written to
DIR/.iriscan/tmp/, synced and renamed into place. Running the same command
again, after an interruption or a crash, converts only the files whose
output does not exist (--force: all of them). SIGINT and SIGTERM stop the
run cleanly: the files being converted are abandoned and their temporary
files removed, the report and summary are written, and the exit status is
130 or 143.

--shard I/N converts only the files whose relative path hashes to I (from 0)
modulo N; --shard auto takes I and N from a Slurm job array, a Kubernetes
Indexed Job (JOB_COMPLETION_INDEX, with --shards N), an AWS Batch array job
or a Cloud Run job. Shards of one tree may run at once, on several machines
sharing DIR; two runs of one shard may not.

--report FILE writes one JSON object per input (JSON Lines): path, output,
status (converted, done, skipped, failed, interrupted), reason, format,
charset and the rule that chose it, bytes in and out, IRIs found and
rewritten, errors with their byte offsets, milliseconds.

With --to linkify, the link policy flags of iriscan linkify apply (--schemes,
--default-scheme, --hosts-allow, --hosts-deny, --href-template, --class,
--title, --shorten, --strip-scheme; docs/linkify.md); with another --to they
are usage errors.

On a terminal, a progress line is kept on standard error; the summary is
printed at the end in any case.

Exit status: 0 when every file was converted, done, or skipped; 1 when a
file failed or the output tree could not be written; 2 on a usage error;
130 or 143 after SIGINT or SIGTERM.

Flags:
`

// stringList is a flag that may be given several times.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

func runCorpus(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("corpus", corpusUsage)
	var o corpus.Options
	var include, exclude stringList
	to := fs.String("to", "", "target form: `uri`, iri, display or linkify (required)")
	fs.StringVar(&o.Out, "out", "", "the output `DIR` (required)")
	fs.IntVar(&o.Jobs, "jobs", 0, "files converted at once (default: the number of CPUs)")
	shard := fs.String("shard", "", "convert shard `I/N` only, or auto: from the job engine's environment")
	shards := fs.Int("shards", 0, "with --shard auto, the number of shards `N` where the engine does not say (Kubernetes)")
	filesFrom := fs.String("files-from", "", "read the input paths from `FILE` (- for standard input), one a line, relative to SRC")
	fs.Var(&include, "include", "convert only files matching `GLOB` (on the base name, or the relative path if it has a /); repeatable")
	fs.Var(&exclude, "exclude", "skip files and directories matching `GLOB`; repeatable")
	report := fs.String("report", "", "write a JSON Lines report to `FILE` (- for standard output)")
	warcOut := fs.String("warc-output", "all", "what a WARC file becomes: `all` its records, each text or HTML one followed by a conversion record, or conversions-only")
	fs.BoolVar(&o.Force, "force", false, "convert every file, even those whose output exists")
	format := fs.String("format", "auto", "the `format` of every file but WARC ones: auto (by name and content), text, html, css, mail or markdown")
	fs.BoolVar(&o.TextNodes, "text", false, "in HTML, also rewrite the IRIs of text nodes, not only URL-valued attributes")
	bidiFlag := fs.String("bidi", "isolate", "with --to display, how right-to-left IRIs in text are wrapped: `isolate`, embed, marks, none")
	fs.BoolVar(&o.Scanner.Fuzzy, "fuzzy", false, "also match bare domains with a known public suffix and IPv4 addresses")
	fs.BoolVar(&o.Scanner.Refang, "refang", false, "also find links written defanged (hxxps://evil[.]example); see docs/refang.md")
	fs.IntVar(&o.Scanner.MaxLength, "max-length", scanner.DefaultMaxLength, "longest match in bytes, at most 2097152 (2 MiB); a longer candidate is left alone")
	var lf linkFlags
	lf.add(fs, true)
	srcs, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	usageErr := func(format string, a ...any) int {
		return usageError(stderr, "corpus", fmt.Sprintf(format, a...))
	}
	for _, name := range linkFlagNames {
		if flagSet(fs, name) && *to != "linkify" {
			return usageErr("--%s applies to --to linkify only", name)
		}
	}
	links, msg := lf.linker()
	if msg != "" {
		return usageErr("%s", msg)
	}
	o.Links = links
	form, ok := rewrite.ParseForm(*to)
	switch {
	case *to == "":
		return usageErr("--to is required (uri, iri, display or linkify)")
	case !ok:
		return usageErr("unknown --to %q (want uri, iri, display or linkify)", *to)
	case o.Out == "":
		return usageErr("--out is required")
	case len(srcs) == 0 && *filesFrom == "":
		return usageErr("no SRC to convert")
	case *filesFrom != "" && len(srcs) > 1:
		return usageErr("--files-from takes at most one SRC, the directory its paths are relative to")
	case o.Jobs < 0:
		return usageErr("--jobs must be positive")
	case checkMaxLength(o.Scanner.MaxLength) != "":
		return usageErr("%s", checkMaxLength(o.Scanner.MaxLength))
	case *shards < 0:
		return usageErr("--shards must be positive")
	}
	switch *warcOut {
	case "all":
	case "conversions-only":
		o.WARCOutput = corpus.WARCConversionsOnly
	default:
		return usageErr("unknown --warc-output %q (want all or conversions-only)", *warcOut)
	}
	if f, ok := detect.ParseFormat(*format); ok {
		o.Format = f
	} else {
		return usageErr("unknown --format %q (want auto, text, html, css, mail or markdown)", *format)
	}
	jobs := o.Jobs
	if jobs == 0 {
		jobs = runtime.NumCPU()
	}
	setMemoryLimit(jobs)
	o.Version = versionString(debug.ReadBuildInfo())
	o.To, o.Sources = form, srcs
	mode, ok := iri.ParseBidiMode(*bidiFlag)
	if !ok {
		return usageErr("unknown --bidi %q (want isolate, embed, marks or none)", *bidiFlag)
	}
	o.Bidi = mode
	o.Include, o.Exclude = include, exclude
	for _, p := range append(include, exclude...) {
		if _, err := path.Match(p, ""); err != nil {
			return usageErr("bad pattern %q: %v", p, err)
		}
	}
	switch *shard {
	case "":
		if *shards > 0 {
			return usageErr("--shards goes with --shard auto")
		}
	case "auto":
		s, err := corpus.ShardFromEnv(os.Getenv, *shards)
		if err != nil {
			return usageErr("--shard auto: %v", err)
		}
		o.Shard = s
	default:
		s, err := corpus.ParseShard(*shard)
		if err != nil {
			return usageErr("--shard: %v", err)
		}
		o.Shard = s
	}
	switch *filesFrom {
	case "":
	case "-":
		o.FilesFrom = stdin
	default:
		f, err := os.Open(*filesFrom)
		if err != nil {
			return usageErr("--files-from: %v", err)
		}
		defer f.Close()
		o.FilesFrom = f
	}

	var rep *bufio.Writer
	var repFile *os.File
	switch *report {
	case "":
	case "-":
		rep = bufio.NewWriter(stdout)
	default:
		f, err := os.Create(*report)
		if err != nil {
			fmt.Fprintf(stderr, "iriscan: corpus: --report: %v\n", err)
			return 1
		}
		repFile = f
		rep = bufio.NewWriter(f)
	}
	var repErr error
	var enc *json.Encoder
	if rep != nil {
		enc = json.NewEncoder(rep)
		enc.SetEscapeHTML(false)
	}

	live := isTerminal(stderr)
	shown := false
	o.OnFile = func(r *corpus.FileResult) {
		if enc != nil && repErr == nil {
			repErr = enc.Encode(r)
		}
		if r.Status == corpus.Failed && !live {
			fmt.Fprintf(stderr, "iriscan: corpus: %s: %s\n", r.Path, r.Reason)
		}
	}
	if live {
		o.ProgressEvery = 200 * time.Millisecond
		o.OnProgress = func(p corpus.Progress) {
			fmt.Fprintf(stderr, "\r\x1b[K%s", progressLine(p))
			shown = true
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	caughtCh := make(chan os.Signal, 1)
	stopped := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs) // a second signal kills at once
			caughtCh <- s
			cancel()
		case <-stopped:
		}
	}()
	sum, err := corpus.Run(ctx, o)
	signal.Stop(sigs)
	close(stopped)
	var caught os.Signal
	select {
	case caught = <-caughtCh:
	default:
	}

	if shown {
		fmt.Fprint(stderr, "\r\x1b[K")
	}
	if rep != nil {
		if ferr := rep.Flush(); repErr == nil {
			repErr = ferr
		}
	}
	if repFile != nil {
		if cerr := repFile.Close(); repErr == nil {
			repErr = cerr
		}
	}
	fmt.Fprintf(stderr, "iriscan: corpus: %s\n", summaryLine(sum))
	status = 0
	if sum.Failed > 0 {
		status = 1
	}
	if repErr != nil {
		fmt.Fprintf(stderr, "iriscan: corpus: writing the report: %v\n", repErr)
		status = 1
	}
	switch {
	case caught == syscall.SIGINT:
		fmt.Fprintln(stderr, "iriscan: corpus: interrupted; run the same command again to finish")
		return 130
	case caught == syscall.SIGTERM:
		fmt.Fprintln(stderr, "iriscan: corpus: terminated; run the same command again to finish")
		return 143
	case err != nil:
		var oe *corpus.OutputError
		if errors.As(err, &oe) {
			fmt.Fprintf(stderr, "iriscan: corpus: stopped: cannot write the output tree %s: %v\n", o.Out, err)
		} else {
			fmt.Fprintf(stderr, "iriscan: corpus: %v\n", err)
		}
		return 1
	}
	return status
}

// isTerminal reports whether w is a terminal (a character device other
// than /dev/null).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

// progressLine is the live line: files and bytes done of the total so far,
// speed, time left, failures.
func progressLine(p corpus.Progress) string {
	secs := p.Elapsed.Seconds()
	var rate float64
	if secs > 0 {
		rate = float64(p.Bytes) / secs
	}
	total := ""
	if !p.WalkDone {
		total = "+"
	}
	eta := "?"
	if p.WalkDone && rate > 0 {
		eta = (time.Duration(float64(p.BytesTotal-p.Bytes)/rate) * time.Second).Round(time.Second).String()
	}
	return fmt.Sprintf("%d/%d%s files, %s/%s%s, %.1f MB/s, ETA %s, %d failed",
		p.Files, p.FilesTotal, total, sizeString(p.Bytes), sizeString(p.BytesTotal), total,
		rate/1e6, eta, p.Failed)
}

// summaryLine is the final summary.
func summaryLine(p corpus.Progress) string {
	return fmt.Sprintf("%d files: %d converted, %d already done, %d skipped, %d failed, %d interrupted; %s in, %s out; %d IRIs found, %d rewritten; %s",
		p.Files, p.Converted, p.Done, p.Skipped, p.Failed, p.Interrupted,
		sizeString(p.Bytes), sizeString(p.BytesOut), p.Found, p.Changed, p.Elapsed.Round(time.Millisecond))
}

func sizeString(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}
