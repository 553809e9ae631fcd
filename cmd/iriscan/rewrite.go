package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/internal/atomicfile"
	"github.com/iriscan/iriscan/internal/quote"
	"github.com/iriscan/iriscan/internal/textdiff"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/detect"
	"github.com/iriscan/iriscan/rewrite/markdown"
	"github.com/iriscan/iriscan/scanner"
)

const rewriteUsage = `Usage: iriscan rewrite --to uri|iri|display [--format auto|text|html|css|mail|markdown] [--charset LABEL]
                       [--text] [--bidi MODE] [--fuzzy] [--refang] [--max-length N] [-o FILE | -w] [-l] [-d] [-v] [FILE...]

Replaces every IRI found in each FILE (standard input when there is none, or
for "-") by the form --to names, and copies every other byte of the file as it
was: the output differs from the input only inside rewritten IRIs.

  --to uri       the URI form (RFC 3987bis Section 3.6): UTF-8 percent-encoding,
                 IDNA ToASCII for the host; the query of an http(s) IRI in a
                 legacy-charset document is encoded in that charset (Section 3.5)
  --to iri       the IRI form (Section 3.7): percent-encoded UTF-8 decoded where
                 the characters are allowed, A-labels shown as Unicode
  --to display   the form to show to people (Section 4): bidi-unsafe components
                 percent-encoded, spoofable host labels as A-labels, and in text
                 right-to-left IRIs wrapped as --bidi says

Text: IRIs are found by the running-text rules; delimiters and trailing
punctuation stay outside the IRI, and www. and e-mail addresses keep their
shape (no http:// or mailto: is added). HTML: the values of URL-valued
attributes (href, src, action, ...) and the URLs of the CSS in style
attributes and <style> elements are rewritten, escaped for their quotes
("&" as &amp;), and with --text the IRIs of text nodes too (never inside a,
script, style, textarea, title, code or pre). CSS: the URLs of a style sheet
(url(...), @import "...", image-set("...")), found by the CSS Syntax
tokenizer, never in comments or other strings, and written back with CSS
escapes where needed (docs/css.md). Mail: the text and HTML parts of a
message or an mbox, each in its own charset (--charset does not apply).
Markdown: the IRIs of prose and the destinations of inline links, images,
autolinks and reference definitions (<…> destinations stay bracketed), each
escaped where Markdown would read a character as markup; code, raw HTML,
link text and titles stay as they are (docs/markdown.md).
--format auto reads a file as mail when its name ends in .eml, .mbox or .mbx
or it starts like a message, as HTML when its name ends in .html, .htm or
.xhtml or it starts like HTML, as CSS when its name ends in .css, as
Markdown when its name ends in .md, .markdown, .mdown or .mkd, and as text
otherwise.

With --refang, links written defanged (hxxps://evil[.]example/a[.]exe) are
found too, converted, and kept defanged as written: each marker stays where
it was and only the converted parts change (hxxp://例え[.]jp/資料 becomes
hxxp://xn--r8jz45g[.]jp/%E8%B3%87%E6%96%99 with --to uri). A link whose
markers have no certain place in the new form is left unchanged and reported
(docs/refang.md).

The output stays in the input's charset: --charset, else a byte order mark,
else for HTML the <meta charset> prescan and for CSS a first @charset rule,
else UTF-8. A character that the charset cannot represent becomes a
character reference in HTML, a CSS escape in <style> and style sheets, and
percent-encoded UTF-8 in text.

An IRI that cannot be converted (a host that fails IDNA, say) is left exactly
as it was and reported on standard error as

  FILE:OFFSET: "IRI" left unchanged: REASON

where OFFSET is the byte offset of the IRI in the file.

The output goes to standard output, one file after the other, unless:

  -o FILE   it goes to FILE (one input only), written to a temporary file
            that is renamed over FILE when complete
  -w        each result is written back to its file: to a temporary file in
            the same directory, with the file's owner, group, mode and
            extended attributes, synced and renamed over the original; a file
            whose bytes do not change is not written at all, and a file that
            fails midway, or that someone else changes meanwhile, is left as
            it was
  -l        the names of the files whose output differs from their input are
            printed, one per line (quoted as ls quotes them if need be),
            instead of the output
  -d        a unified diff (diff -u) of each changed file is printed instead

-l and -d may be combined with each other and with -w, which then writes the
files listed or diffed. A file that changes is not a failure: unlike diff,
-l and -d leave the exit status 0 (as gofmt does).

-w and -o leave alone, and report, a symbolic link (--follow-symlinks writes
the file it points to), a file with other hard links (--break-hardlinks
replaces this name only), a read-only file or one whose owner the new file
could not keep (--force writes it as yours, without setuid and setgid), and
always a FIFO, a device or a socket.

Exit status: 0 when every IRI found could be converted; 1 when some IRI was
left unchanged (the files are still written, with the other IRIs
rewritten); 2 on a usage error, or when a file cannot be read or written
(then that file is not written, but standard output may already hold part
of its output), or standard output cannot be written; 130, 143 or 129 after
SIGINT, SIGTERM or SIGHUP, which remove the temporary file; 141 when
standard output is a closed pipe.

Flags:
`

func runRewrite(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &docCmd{name: "rewrite", stdin: stdin, stderr: stderr}
	fs := newFlagSet("rewrite", rewriteUsage)
	to := fs.String("to", "", "target form: `uri`, iri or display (required)")
	c.addFlags(fs)
	fs.BoolVar(&c.opts.TextNodes, "text", false, "in HTML, also rewrite the IRIs of text nodes, not only URL-valued attributes")
	bidiFlag := fs.String("bidi", "isolate", "with --to display, how right-to-left IRIs in text are wrapped: `isolate` (LRI/PDI), embed (LRE/PDF), marks (LRM around delimiters), none")
	files, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	switch f, ok := rewrite.ParseForm(*to); {
	case *to == "":
		return c.usageError("--to is required (uri, iri or display)")
	case !ok || f == rewrite.Link:
		return c.usageError(fmt.Sprintf("unknown --to %q (want uri, iri or display)", *to))
	default:
		c.opts.To = f
	}
	mode, ok := iri.ParseBidiMode(*bidiFlag)
	switch {
	case !ok:
		return c.usageError(fmt.Sprintf("unknown --bidi %q (want isolate, embed, marks or none)", *bidiFlag))
	case c.opts.To != rewrite.Display && flagSet(fs, "bidi"):
		return c.usageError("--bidi applies to --to display only")
	}
	c.opts.Bidi = mode
	return c.run(files, stdout)
}

// docCmd is what rewrite and linkify share: how each input is read,
// rewritten and written out.
type docCmd struct {
	stdoutShown bool               // a message already told why standard output failed
	name        string             // rewrite or linkify
	opts        rewrite.Options    // Format and Charset are set per input
	format      string             // --format
	detect      detect.Options     // --format and --charset, checked
	output      string             // -o
	write       bool               // -w
	list        bool               // -l
	diff        bool               // -d
	verbose     bool               // -v
	safety      atomicfile.Options // what -w and -o may replace

	stdin  io.Reader
	stdout *bufio.Writer
	stderr io.Writer

	rw     rewrite.Rewriter
	md     markdown.Rewriter
	status int
}

// addFlags defines the flags rewrite and linkify share.
func (c *docCmd) addFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.format, "format", "auto", "input `format`: auto, text, html, css, mail or markdown")
	fs.StringVar(&c.detect.Charset, "charset", "", "input and output charset `LABEL` (any WHATWG label); default: BOM, then for HTML <meta charset>, then UTF-8 if valid, else guessed (docs/charset.md)")
	fs.BoolVar(&c.opts.Scanner.Fuzzy, "fuzzy", false, "also match bare domains with a known public suffix (example.com/path) and IPv4 addresses")
	fs.BoolVar(&c.opts.Scanner.Refang, "refang", false, "also find links written defanged (hxxps://evil[.]example); see docs/refang.md")
	fs.IntVar(&c.opts.Scanner.MaxLength, "max-length", scanner.DefaultMaxLength, "longest match in bytes, at most 2097152 (2 MiB); a longer candidate is left alone")
	fs.StringVar(&c.output, "o", "", "write the output to `FILE` (atomically; one input only)")
	fs.BoolVar(&c.write, "w", false, "write the output back to each file (atomically), if it differs")
	fs.BoolVar(&c.list, "l", false, "list the files whose output differs from their input")
	fs.BoolVar(&c.diff, "d", false, "print a unified diff of each file's input and output")
	fs.BoolVar(&c.verbose, "v", false, "report on standard error how each file is read: its format, and its charset with the rule that chose it")
	fs.BoolVar(&c.safety.FollowSymlinks, "follow-symlinks", false, "with -w or -o, write the file a symbolic link points to (the link stays); without it a link is refused")
	fs.BoolVar(&c.safety.BreakHardLinks, "break-hardlinks", false, "with -w or -o, replace a file that has other hard links under this name only; without it such a file is refused")
	fs.BoolVar(&c.safety.Force, "force", false, "with -w or -o, also replace read-only files and files whose owner cannot be kept (they become yours, without setuid/setgid)")
}

func (c *docCmd) usageError(msg string) int {
	return usageError(c.stderr, c.name, msg)
}

// errorf reports an error that is not about one IRI: exit status 2. The
// message stays on one line whatever file names it holds.
func (c *docCmd) errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if err := c.stdout.Flush(); err != nil && strings.Contains(msg, err.Error()) {
		c.stdoutShown = true // no second message for the same failure
	}
	fmt.Fprintf(c.stderr, "iriscan: %s\n", quote.Line(msg))
	c.status = 2
}

// run checks the flags shared by rewrite and linkify and rewrites each
// file.
func (c *docCmd) run(files []string, stdout io.Writer) int {
	f, ok := detect.ParseFormat(c.format)
	if !ok {
		return c.usageError(fmt.Sprintf("unknown --format %q (want auto, text, html, css, mail or markdown)", c.format))
	}
	c.detect.Format = f
	if msg := checkMaxLength(c.opts.Scanner.MaxLength); msg != "" {
		return c.usageError(msg)
	}
	if c.detect.Charset != "" {
		if _, err := charset.Lookup(c.detect.Charset); err != nil {
			return c.usageError(fmt.Sprintf("--charset: %v", err))
		}
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	if c.output == "-" {
		c.output = "" // -o - is standard output
	}
	switch {
	case c.output != "" && (c.write || c.list || c.diff):
		return c.usageError("-o cannot be combined with -w, -l or -d")
	case c.output != "" && len(files) > 1:
		return c.usageError("-o takes one input file")
	case c.write:
		for _, f := range files {
			if f == "-" {
				return c.usageError("-w cannot rewrite standard input")
			}
		}
	}
	sw := &watchedWriter{w: stdout}
	c.stdout = bufio.NewWriterSize(sw, 64<<10)
	defer cleanupOnSignals()()
	walkOperands(files, func(name string) bool {
		c.file(name)
		return sw.err == nil // nothing more can be written
	}, func(err error) { c.errorf("%v", err) })
	if err := c.stdout.Flush(); err != nil && !c.stdoutShown {
		c.errorf("writing standard output: %v", err)
	}
	return c.status
}

// An input is a file being rewritten.
type input struct {
	name string            // as given; "-" is standard input
	show string            // in messages and -l lists: quoted as ls quotes
	old  *io.SectionReader // the input, to read again for -l and -d
	dst  *atomicfile.File  // -w: the file being rewritten
	r    *bufio.Reader
	mail bool
	md   bool // Markdown
	opts rewrite.Options
}

// file rewrites one input as the flags say.
func (c *docCmd) file(name string) {
	in := &input{name: name, show: quote.Shell(name)}
	var r io.Reader = c.stdin
	switch {
	case name == "-":
		in.show = "<standard input>"
		if c.list || c.diff {
			// Read twice, to compare and diff: kept in a temporary file.
			f, size, err := spill(c.stdin)
			if err != nil {
				c.errorf("%s: %v", in.show, err)
				return
			}
			defer f.Close()
			in.old = io.NewSectionReader(f, 0, size)
			r = io.NewSectionReader(f, 0, size)
		}
	case c.write:
		f, err := atomicfile.Replace(name, c.safety)
		if err != nil {
			c.fail(err)
			return
		}
		defer f.Close()
		in.dst = f
		in.old = io.NewSectionReader(f.Original(), 0, f.OriginalSize())
		r = f.Original()
	default:
		f, err := os.Open(name)
		if err != nil {
			c.errorf("%v", err)
			return
		}
		defer f.Close()
		if fi, err := f.Stat(); err != nil {
			c.errorf("%v", err)
			return
		} else if fi.IsDir() {
			c.errorf("%s: is a directory", in.show)
			return
		} else if fi.Mode().IsRegular() {
			in.old = io.NewSectionReader(f, 0, fi.Size())
		} else if c.list || c.diff {
			// A FIFO or a device: read once, kept to be read again.
			sf, size, err := spill(f)
			if err != nil {
				c.errorf("%s: %v", in.show, err)
				return
			}
			defer sf.Close()
			in.old = io.NewSectionReader(sf, 0, size)
			r = io.NewSectionReader(sf, 0, size)
			break
		}
		r = f
	}
	in.r = bufio.NewReaderSize(r, detect.HeadLen)
	head, err := in.r.Peek(detect.HeadLen)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		c.errorf("%s: %v", in.show, err)
		return
	}
	d, err := detect.Document(name, head, c.detect)
	if err != nil {
		c.errorf("%s: %v", in.show, err)
		return
	}
	in.opts = c.opts
	in.opts.OnError = func(e *rewrite.ConvertError) {
		c.stdout.Flush()
		fmt.Fprintf(c.stderr, "iriscan: %s:%d: %q left unchanged: %s\n", in.show, e.Offset, e.Text, quote.Line(e.Err.Error()))
		c.status = max(c.status, 1)
	}
	if w := d.Warning(in.show); w != "" {
		c.stdout.Flush()
		fmt.Fprintf(c.stderr, "iriscan: %s\n", w)
	}
	if c.verbose {
		c.stdout.Flush()
		fmt.Fprintf(c.stderr, "iriscan: %s: %s\n", in.show, describe(d))
	}
	switch d.Format {
	case detect.Binary:
		c.stdout.Flush()
		fmt.Fprintf(c.stderr, "iriscan: %s: binary file skipped (give --format to read it anyway)\n", in.show)
		return
	case detect.Mail:
		in.mail = true
	case detect.HTML:
		in.opts.Format, in.opts.Charset = rewrite.HTML, d.Charset
	case detect.CSS:
		in.opts.Format, in.opts.Charset = rewrite.CSS, d.Charset
	case detect.Markdown:
		in.md, in.opts.Charset = true, d.Charset
	default:
		in.opts.Format, in.opts.Charset = rewrite.Text, d.Charset
	}
	if c.write && c.opts.To == rewrite.Link && !in.mail && !in.md && in.opts.Format == rewrite.Text {
		c.errorf("%s: -w would replace a text file by HTML; write it to standard output or -o FILE", in.show)
		return
	}
	switch {
	case c.list || c.diff:
		c.compare(in)
	case c.write:
		c.writeBack(in)
	case c.output != "":
		c.writeOutput(in)
	default:
		if _, err := c.rewrite(c.stdout, in.r, in); err != nil {
			c.errorf("%s: %v", in.show, err)
			return
		}
		if err := c.stdout.Flush(); err != nil && !c.stdoutShown {
			c.errorf("%s: writing standard output: %v", in.show, err)
		}
	}
}

// rewrite rewrites src, the content of in, to w.
func (c *docCmd) rewrite(w io.Writer, src io.Reader, in *input) (rewrite.Result, error) {
	if in.mail {
		o := &in.opts
		return mailRewrite(w, src, mailOptions{
			To: o.To, Scanner: o.Scanner, SkipElements: o.SkipElements, TextNodes: o.TextNodes,
			Bidi: o.Bidi, Target: o.Target, Rel: o.Rel, Links: o.Links, OnError: o.OnError,
		})
	}
	if in.md {
		c.md.Options = in.opts
		return c.md.Rewrite(w, src)
	}
	c.rw.Options = in.opts
	return c.rw.Rewrite(w, src)
}

// compare serves -l and -d (and -w with them). The output is compared
// with the input while it is written: to the temporary file of -w, or for
// -d to a temporary file of its own, from which the diff is made; memory
// stays bounded whatever the size of the file.
func (c *docCmd) compare(in *input) {
	var out io.Writer
	var cw *compareWriter
	var newText func() textdiff.Text
	switch {
	case in.dst != nil:
		out = in.dst // compares on its own
		newText = func() textdiff.Text { return in.dst.Content() }
	case c.diff:
		f, _, err := spill(strings.NewReader(""))
		if err != nil {
			c.errorf("%v", err)
			return
		}
		defer f.Close()
		cw = &compareWriter{w: f, orig: io.NewSectionReader(in.old, 0, in.old.Size())}
		out = cw
		newText = func() textdiff.Text { return io.NewSectionReader(f, 0, cw.n) }
	default:
		cw = &compareWriter{orig: io.NewSectionReader(in.old, 0, in.old.Size())}
		out = cw
	}
	if _, err := c.rewrite(out, in.r, in); err != nil {
		c.errorf("%s: %v", in.show, err)
		return
	}
	if in.dst != nil && !in.dst.Changed() || cw != nil && !cw.differs() {
		return
	}
	if c.list {
		fmt.Fprintln(c.stdout, in.show)
	}
	if c.diff {
		oldLabel, newLabel := quote.C(in.name+".orig"), quote.C(in.name)
		if in.name == "-" {
			oldLabel, newLabel = in.show+".orig", in.show
		}
		if _, err := textdiff.Unified(c.stdout, oldLabel, newLabel, in.old, newText()); err != nil {
			c.errorf("%s: %v", in.show, err)
			return
		}
	}
	if in.dst != nil {
		if err := in.dst.Commit(); err != nil {
			c.fail(err)
		}
	}
}

// writeBack serves -w alone: the output streams to the temporary file,
// compared on the way with the original; the temporary file is made at
// the first byte that differs, and replaces the original only then.
func (c *docCmd) writeBack(in *input) {
	if _, err := c.rewrite(in.dst, in.r, in); err != nil {
		c.errorf("%s: %v", in.show, err)
		return
	}
	if err := in.dst.Commit(); err != nil {
		c.fail(err)
	}
}

// writeOutput serves -o: the output streams to a temporary file renamed to
// the -o file when complete.
func (c *docCmd) writeOutput(in *input) {
	f, err := atomicfile.Create(c.output, c.safety)
	if err != nil {
		c.fail(err)
		return
	}
	defer f.Close()
	if _, err := c.rewrite(f, in.r, in); err != nil {
		c.errorf("%s: %v", in.show, err)
		return
	}
	if err := f.Commit(); err != nil {
		c.fail(err)
	}
}

// fail reports an error of -w or -o, with the flag that would let the
// file be written where there is one.
func (c *docCmd) fail(err error) {
	var hint string
	switch {
	case errors.Is(err, atomicfile.ErrSymlink):
		hint = "; not written (--follow-symlinks writes the file it points to)"
	case errors.Is(err, atomicfile.ErrHardLinks):
		hint = "; not written (--break-hardlinks gives this name the new content, the other names keep the old)"
	case errors.Is(err, atomicfile.ErrReadOnly), errors.Is(err, atomicfile.ErrOwner):
		hint = "; not written (--force writes it anyway)"
	case errors.Is(err, atomicfile.ErrNotRegular):
		hint = "; not written"
	}
	var ae *atomicfile.Error
	if errors.As(err, &ae) {
		c.errorf("%s: %v%s", quote.Shell(ae.Path), ae.Err, hint)
		return
	}
	c.errorf("%v", err)
}

// spill copies r to a new temporary file, removed at once so that nothing
// is left behind whatever happens, and returns the file and its size.
func spill(r io.Reader) (*os.File, int64, error) {
	f, err := os.CreateTemp("", "iriscan-")
	if err != nil {
		return nil, 0, err
	}
	os.Remove(f.Name())
	n, err := io.Copy(f, r)
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, n, nil
}

// compareWriter passes what it is written to w (nothing if w is nil) and
// compares it with what it reads from orig.
type compareWriter struct {
	w      io.Writer
	orig   io.Reader
	buf    []byte
	n      int64 // bytes written
	differ bool
}

func (c *compareWriter) Write(p []byte) (int, error) {
	for q := p; !c.differ && len(q) > 0; {
		n := min(len(q), 32<<10)
		if len(c.buf) < n {
			c.buf = make([]byte, 32<<10)
		}
		m, _ := io.ReadFull(c.orig, c.buf[:n])
		if m < n || !bytes.Equal(c.buf[:n], q[:n]) {
			c.differ = true
		}
		q = q[n:]
	}
	if c.w == nil {
		c.n += int64(len(p))
		return len(p), nil
	}
	m, err := c.w.Write(p)
	c.n += int64(m)
	return m, err
}

// differs reports whether what was written differs from orig: at the end,
// orig must be at its end too.
func (c *compareWriter) differs() bool {
	if !c.differ {
		var b [1]byte
		if n, _ := io.ReadFull(c.orig, b[:]); n > 0 {
			c.differ = true
		}
	}
	return c.differ
}

// describe says how a document is read, for -v: its format, and for a
// document with one charset that charset and the rule that chose it
// (label, bom, content-type, meta, css-charset, xml-declaration,
// sniffed with how sure the guess is, or default).
func describe(d detect.Result) string {
	if d.Format == detect.Mail || d.Format == detect.Binary || d.Charset == nil {
		return d.Format.String()
	}
	rule := d.Rule.String()
	if d.Rule == charset.RuleSniffed {
		rule = fmt.Sprintf("%s, %s guess", rule, d.Guess.Confidence)
	}
	return fmt.Sprintf("%s, %s (%s)", d.Format, d.Charset.Name(), rule)
}
