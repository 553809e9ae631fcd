package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/detect"
	"github.com/iriscan/iriscan/scanner"
)

const rewriteUsage = `Usage: iriscan rewrite --to uri|iri|display [--format auto|text|html|mail] [--charset LABEL]
                       [--text] [--bidi MODE] [--fuzzy] [--max-length N] [-o FILE | -w] [-l] [-d] [FILE...]

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
attributes (href, src, action, ...) are rewritten, escaped for their quotes
("&" as &amp;), and with --text the IRIs of text nodes too (never inside a,
script, style, textarea, title, code or pre). Mail: the text and HTML parts of
a message or an mbox, each in its own charset (--charset does not apply).
--format auto reads a file as mail when its name ends in .eml, .mbox or .mbx
or it starts like a message, as HTML when its name ends in .html, .htm or
.xhtml or it starts like HTML, and as text otherwise.

The output stays in the input's charset: --charset, else a byte order mark,
else for HTML the <meta charset> prescan, else UTF-8. A character that the
charset cannot represent becomes a character reference in HTML and
percent-encoded UTF-8 in text.

An IRI that cannot be converted (a host that fails IDNA, say) is left exactly
as it was and reported on standard error as

  FILE:OFFSET: "IRI" left unchanged: REASON

where OFFSET is the byte offset of the IRI in the file.

The output goes to standard output, one file after the other, unless:

  -o FILE   it goes to FILE (one input only), written to a temporary file
            that is renamed over FILE when complete
  -w        each result is written back to its file: to a temporary file in
            the same directory, with the file's permission bits, synced and
            renamed over the original; a file whose bytes do not change is not
            written at all, and a file that fails midway is left untouched
  -l        the names of the files whose output differs from their input are
            printed, one per line, instead of the output
  -d        a unified diff (diff -u) of each changed file is printed instead

-l and -d may be combined with each other and with -w, which then writes the
files listed or diffed. A file that changes is not a failure: unlike diff,
-l and -d leave the exit status 0 (as gofmt does).

Exit status: 0 when every IRI found could be converted; 1 when some IRI was
left unchanged (the files are still written, with the other IRIs
rewritten); 2 on a usage error, or when a file cannot be read or written
(then that file is not written, but standard output may already hold part
of its output).

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
	name   string          // rewrite or linkify
	opts   rewrite.Options // Format and Charset are set per input
	format string          // --format
	detect detect.Options  // --format and --charset, checked
	output string          // -o
	write  bool            // -w
	list   bool            // -l
	diff   bool            // -d

	stdin  io.Reader
	stdout *bufio.Writer
	stderr io.Writer

	rw     rewrite.Rewriter
	status int
}

// addFlags defines the flags rewrite and linkify share.
func (c *docCmd) addFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.format, "format", "auto", "input `format`: auto, text, html or mail")
	fs.StringVar(&c.detect.Charset, "charset", "", "input and output charset `LABEL` (any WHATWG label); default: BOM, then for HTML <meta charset>, then UTF-8")
	fs.BoolVar(&c.opts.Scanner.Fuzzy, "fuzzy", false, "also match bare domains with a known public suffix (example.com/path) and IPv4 addresses")
	fs.IntVar(&c.opts.Scanner.MaxLength, "max-length", scanner.DefaultMaxLength, "longest match in bytes; a longer candidate is left alone")
	fs.StringVar(&c.output, "o", "", "write the output to `FILE` (atomically; one input only)")
	fs.BoolVar(&c.write, "w", false, "write the output back to each file (atomically), if it differs")
	fs.BoolVar(&c.list, "l", false, "list the files whose output differs from their input")
	fs.BoolVar(&c.diff, "d", false, "print a unified diff of each file's input and output")
}

func (c *docCmd) usageError(msg string) int {
	return usageError(c.stderr, c.name, msg)
}

// errorf reports an error that is not about one IRI: exit status 2.
func (c *docCmd) errorf(format string, args ...any) {
	c.stdout.Flush()
	fmt.Fprintf(c.stderr, "iriscan: %s\n", fmt.Sprintf(format, args...))
	c.status = 2
}

// run checks the flags shared by rewrite and linkify and rewrites each
// file.
func (c *docCmd) run(files []string, stdout io.Writer) int {
	f, ok := detect.ParseFormat(c.format)
	if !ok {
		return c.usageError(fmt.Sprintf("unknown --format %q (want auto, text, html or mail)", c.format))
	}
	c.detect.Format = f
	if c.opts.Scanner.MaxLength <= 0 {
		return c.usageError(fmt.Sprintf("--max-length must be positive, not %d", c.opts.Scanner.MaxLength))
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
	c.stdout = bufio.NewWriterSize(stdout, 64<<10)
	walkOperands(files, c.file, func(err error) { c.errorf("%v", err) })
	if err := c.stdout.Flush(); err != nil {
		c.errorf("writing standard output: %v", err)
	}
	return c.status
}

// An input is a file being rewritten.
type input struct {
	name string // as given; "-" is standard input
	show string // in messages
	r    *bufio.Reader
	mail bool
	opts rewrite.Options
}

// file rewrites one input as the flags say.
func (c *docCmd) file(name string) {
	in := &input{name: name, show: name}
	var r io.Reader = c.stdin
	if name == "-" {
		in.show = "<standard input>"
	} else {
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
			c.errorf("%s: is a directory", name)
			return
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
		fmt.Fprintf(c.stderr, "iriscan: %s:%d: %q left unchanged: %v\n", in.show, e.Offset, e.Text, e.Err)
		c.status = max(c.status, 1)
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
	default:
		in.opts.Format, in.opts.Charset = rewrite.Text, d.Charset
	}
	if c.write && c.opts.To == rewrite.Link && !in.mail && in.opts.Format == rewrite.Text {
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
		if err := c.stdout.Flush(); err != nil {
			c.errorf("writing standard output: %v", err)
		}
	}
}

// rewrite rewrites src, the content of in, to w.
func (c *docCmd) rewrite(w io.Writer, src io.Reader, in *input) (rewrite.Result, error) {
	if in.mail {
		o := &in.opts
		return mailRewrite(w, src, mailOptions{
			To: o.To, Scanner: o.Scanner, SkipElements: o.SkipElements, TextNodes: o.TextNodes,
			Bidi: o.Bidi, Target: o.Target, Rel: o.Rel, OnError: o.OnError,
		})
	}
	c.rw.Options = in.opts
	return c.rw.Rewrite(w, src)
}

// compare serves -l and -d (and -w with them): the input and its output
// are held in memory, compared, listed, diffed and written back.
func (c *docCmd) compare(in *input) {
	old, err := io.ReadAll(in.r)
	if err != nil {
		c.errorf("%s: %v", in.show, err)
		return
	}
	var out bytes.Buffer
	if _, err := c.rewrite(&out, bytes.NewReader(old), in); err != nil {
		c.errorf("%s: %v", in.show, err)
		return
	}
	if bytes.Equal(old, out.Bytes()) {
		return
	}
	if c.list {
		fmt.Fprintln(c.stdout, in.show)
	}
	if c.diff {
		unifiedDiff(c.stdout, in.show+".orig", in.show, old, out.Bytes())
	}
	if c.write {
		path, perm, keep, err := target(in.name, true)
		if err == nil {
			err = writeAtomic(path, perm, keep, func(w io.Writer) (bool, error) {
				_, err := w.Write(out.Bytes())
				return true, err
			})
		}
		if err != nil {
			c.errorf("%v", err)
		}
	}
}

// writeBack serves -w alone: the output streams to a temporary file, and
// is compared on the way with the original, read a second time. The
// temporary file replaces the original only if they differ.
func (c *docCmd) writeBack(in *input) {
	path, perm, keep, err := target(in.name, true)
	if err != nil {
		c.errorf("%v", err)
		return
	}
	orig, err := os.Open(path)
	if err != nil {
		c.errorf("%v", err)
		return
	}
	defer orig.Close()
	cw := &compareWriter{orig: bufio.NewReader(orig)}
	err = writeAtomic(path, perm, keep, func(w io.Writer) (bool, error) {
		cw.w = w
		if _, err := c.rewrite(cw, in.r, in); err != nil {
			return false, fmt.Errorf("%s: %w", in.show, err)
		}
		return cw.differs(), nil
	})
	var te *tempError
	if errors.As(err, &te) {
		// No temporary file: that matters only if the file changes.
		cw.w = nil
		if _, err := c.rewrite(cw, in.r, in); err != nil {
			c.errorf("%s: %v", in.show, err)
		} else if cw.differs() {
			c.errorf("%v", te.err)
		}
		return
	}
	if err != nil {
		c.errorf("%v", err)
	}
}

// writeOutput serves -o: the output streams to a temporary file renamed to
// the -o file when complete.
func (c *docCmd) writeOutput(in *input) {
	path, perm, keep, err := target(c.output, false)
	if err == nil {
		err = writeAtomic(path, perm, keep, func(w io.Writer) (bool, error) {
			if _, err := c.rewrite(w, in.r, in); err != nil {
				return false, fmt.Errorf("%s: %w", in.show, err)
			}
			return true, nil
		})
	}
	if err != nil {
		c.errorf("%v", err)
	}
}

// target returns the file a result named name is written to (symbolic
// links followed, so that the link stays a link), and the permission bits
// the new file gets: those of the existing file, kept exactly (keep), or
// for a new one 0666 less the umask. It must exist if must.
func target(name string, must bool) (path string, perm fs.FileMode, keep bool, err error) {
	path, err = filepath.EvalSymlinks(name)
	if err != nil {
		if !must && errors.Is(err, fs.ErrNotExist) {
			if _, lerr := os.Lstat(name); lerr != nil { // not a dangling link
				return name, 0o666, false, nil
			}
		}
		return "", 0, false, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return "", 0, false, err
	}
	if !fi.Mode().IsRegular() {
		return "", 0, false, fmt.Errorf("%s: not a regular file", name)
	}
	return path, fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky), true, nil
}

// A tempError is a failure to create the temporary file.
type tempError struct{ err error }

func (e *tempError) Error() string { return e.err.Error() }
func (e *tempError) Unwrap() error { return e.err }

// writeAtomic writes the file path through a temporary file in the same
// directory: fill writes the content and says whether to keep it; then the
// file gets its permission bits (exactly perm if keep, else perm less the
// umask), is synced, closed and renamed over path. On any error, or when
// fill says no, the temporary file is removed and path is left as it was.
func writeAtomic(path string, perm fs.FileMode, keep bool, fill func(w io.Writer) (bool, error)) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if len(base) > 64 {
		base = base[:64] // leave room in the name for the suffix
	}
	f, err := createTemp(dir, "."+base+".iriscan-", perm&fs.ModePerm)
	if err != nil {
		return &tempError{err}
	}
	tmp := f.Name()
	ok, err := fill(f)
	if err == nil && ok && keep {
		err = f.Chmod(perm)
	}
	if err == nil && ok {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && ok {
		err = os.Rename(tmp, path)
	}
	if err != nil || !ok {
		os.Remove(tmp)
	}
	return err
}

// createTemp creates a new file in dir whose name starts with prefix, as
// os.CreateTemp does, but with the permission bits perm less the umask.
func createTemp(dir, prefix string, perm fs.FileMode) (*os.File, error) {
	for range 10000 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("%s: cannot find a free temporary file name", dir)
}

// compareWriter passes what it is written to w (nothing if w is nil) and
// compares it with what it reads from orig.
type compareWriter struct {
	w      io.Writer
	orig   io.Reader
	buf    []byte
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
		return len(p), nil
	}
	return c.w.Write(p)
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
