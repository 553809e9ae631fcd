package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/internal/quote"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite/detect"
	"github.com/iriscan/iriscan/rewrite/mail"
	"github.com/iriscan/iriscan/scanner/lint"
)

const lintUsage = `Usage: iriscan lint [--format auto|text|html|css|mail|markdown] [--charset LABEL] [--fuzzy]
                    [--max-length N] [FILE|DIR...]

Reports the links in each FILE (standard input when there is none, or for
"-"; the regular files below a DIR) that lie about where they go, as the
tricks of phishing mail do, one JSON object per line (docs/lint.md):

  file            the file name, when several files are given
  part, message   for mail: the MIME part path and the message's index
  kind            what is wrong:
                    bidi-control          a bidi formatting character in
                                          the link or right before or after it
                    confusable-host       a host label that passes for an
                                          ASCII one, or holds a look-alike
                                          of "/", "." or ":"
                    mixed-script-host     a host label mixing Latin with
                                          Cyrillic, Greek, …
                    userinfo-host         user information that reads as a
                                          host: https://bank.example@evil.example/
                    anchor-host-mismatch  HTML: an <a> whose text names
                                          another host than its href
                    script-scheme         HTML: javascript: or vbscript: in a
                                          URL attribute, data: in a link,
                                          form action or frame
  offset, length  the link (for anchor-host-mismatch, the <a> element's
                  content) in bytes of the input as given; in mail, of the
                  part's body, as for extract
  text            the link as written (the link's visible text)
  reason          what is wrong, for a person

Strings are JSON with the invisible formatting characters written as
\uXXXX escapes, so that a terminal shows them rather than obeys them.
--format, --charset and the reading of mail are as for extract; mail
parts are linted as text or HTML, and a style sheet or a Markdown document
as its text. --max-length bounds the links looked at
(default 65536: a data: URL of a few pages is still seen).

Exit status: 1 when something was found, 0 when nothing, 2 on error.

Flags:
`

func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("lint", lintUsage)
	format := fs.String("format", "auto", "input `format`: auto (by name and content), text, html, css, mail or markdown")
	label := fs.String("charset", "", "input charset `LABEL` (any WHATWG label); default: BOM, then for HTML <meta charset>, then UTF-8 if valid, else guessed")
	fuzzy := fs.Bool("fuzzy", false, "also look at bare domains in running text (example.com/path)")
	maxLen := fs.Int("max-length", lint.DefaultMaxLength, "longest link in bytes looked at, at most 2097152 (2 MiB)")
	files, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	x := linter{opts: lint.Options{Fuzzy: *fuzzy, MaxLength: *maxLen}, stderr: stderr,
		linters: map[bool]*lint.Linter{}, readers: map[*charset.Charset]*charset.Reader{}}
	var msg string
	if x.detect, msg = detectOptions(*format, *label); msg != "" {
		return usageError(stderr, "lint", msg)
	}
	if msg := checkMaxLength(*maxLen); msg != "" {
		return usageError(stderr, "lint", msg)
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	sw := &watchedWriter{w: stdout}
	out := bufio.NewWriter(sw)
	x.out = out
	found, failed := false, false
	several := len(files) > 1
	fail := func(err error) {
		out.Flush()
		fmt.Fprintf(stderr, "iriscan: %s\n", quote.Line(err.Error()))
		failed = true
	}
	walkOperands(files, func(name string) bool {
		if several || name != files[0] {
			x.file = name
		}
		n, err := x.lintFile(name, stdin)
		found = found || n > 0
		if sw.err != nil {
			fail(fmt.Errorf("%s: writing standard output: %w", showName(name), sw.err))
			return false
		}
		if err != nil {
			fail(err)
		}
		return true
	}, fail)
	shown := sw.err != nil // told by the file whose output met it
	if err := out.Flush(); err != nil {
		if !shown {
			fmt.Fprintf(stderr, "iriscan: writing standard output: %v\n", err)
		}
		return 2
	}
	switch {
	case failed:
		return 2
	case found:
		return 1
	}
	return 0
}

// linter prints the findings of one or more files.
type linter struct {
	opts     lint.Options
	detect   detect.Options
	file     string
	part     string
	message  *int
	unflowed *mail.Unflowed
	out      *bufio.Writer
	buf      []byte
	stderr   io.Writer
	linters  map[bool]*lint.Linter                // by HTML, reused from one document to the next
	readers  map[*charset.Charset]*charset.Reader // of mail parts, by charset (up to eight)
}

// lintFile prints the findings of the named file ("-" for stdin) and
// returns how many there were.
func (x *linter) lintFile(name string, stdin io.Reader) (int, error) {
	in, err := openDetected(name, stdin, x.detect, nil)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	br, d, show := in.r, in.d, in.show
	if in.notice(x.out, x.stderr) {
		return 0, nil
	}
	if d.Format == detect.Mail {
		return x.lintMail(br, show)
	}
	return x.scan(charset.NewReader(br, d.Charset), d.Format == detect.HTML, show)
}

// lintMail prints the findings of the text and HTML parts of a message or
// an mbox, with offsets in each part's decoded body, as extract does.
func (x *linter) lintMail(r io.Reader, show string) (int, error) {
	n := 0
	defer func() { x.part, x.message = "", nil }()
	err := mail.Walk(r, func(p *mail.Part) error {
		x.part, x.message = p.Path, &p.Message
		if p.Err != nil {
			x.out.Flush()
			skippedPart(x.stderr, show, p)
			return nil
		}
		where := fmt.Sprintf("%s: message %d part %s", show, p.Message, p.Path)
		if flowed, delSp := p.IsFlowed(); flowed {
			body, err := io.ReadAll(p.Body)
			if err != nil {
				return partError(x.stderr, x.out.Flush, &readError{where, err})
			}
			x.unflowed = mail.Unflow(body, delSp)
			defer func() { x.unflowed = nil }()
			k, err := x.scan(charset.NewReaderBytes(x.unflowed.Text, p.Charset), false, where)
			n += k
			return partError(x.stderr, x.out.Flush, err)
		}
		cr := x.readers[p.Charset]
		if cr == nil {
			cr = p.Text()
			if len(x.readers) < 8 {
				x.readers[p.Charset] = cr
			}
		} else {
			cr.Reset(p.Body)
		}
		k, err := x.scan(cr, p.MediaType == "text/html", where)
		n += k
		return partError(x.stderr, x.out.Flush, err)
	})
	if err != nil {
		return n, fmt.Errorf("%s: %w", show, err)
	}
	return n, nil
}

// scan prints the findings of the text cr decodes.
func (x *linter) scan(cr *charset.Reader, html bool, show string) (int, error) {
	l := x.linters[html]
	if l == nil {
		o := x.opts
		o.HTML = html
		l = lint.New(cr, &o)
		x.linters[html] = l
	} else {
		l.Reset(cr) // a new Linter is a 260 KB window: one per mail part was most of the time
	}
	n := 0
	for l.Scan() {
		f := l.Finding()
		if x.unflowed != nil {
			s, e := x.unflowed.Span(int(f.Offset), int(f.Offset+f.Length))
			f.Offset, f.Length = int64(s), int64(e-s)
		}
		n++
		x.buf = x.appendFinding(x.buf[:0], &f)
		if _, err := x.out.Write(x.buf); err != nil {
			return n, err
		}
	}
	if err := l.Err(); err != nil {
		return n, &readError{show, err}
	}
	return n, nil
}

// appendFinding appends f as one line of JSON.
func (x *linter) appendFinding(b []byte, f *lint.Finding) []byte {
	b = append(b, '{')
	if x.file != "" {
		b = append(b, `"file":`...)
		b = appendVisibleJSON(b, x.file)
		b = append(b, ',')
	}
	if x.part != "" {
		b = append(b, `"part":`...)
		b = appendVisibleJSON(b, x.part)
		b = append(b, ',')
	}
	if x.message != nil {
		b = append(b, `"message":`...)
		b = strconv.AppendInt(b, int64(*x.message), 10)
		b = append(b, ',')
	}
	b = append(b, `"kind":`...)
	b = appendVisibleJSON(b, f.Kind.String())
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, f.Offset, 10)
	b = append(b, `,"length":`...)
	b = strconv.AppendInt(b, f.Length, 10)
	b = append(b, `,"text":`...)
	b = appendVisibleJSON(b, f.Text)
	b = append(b, `,"reason":`...)
	b = appendVisibleJSON(b, f.Reason)
	return append(b, "}\n"...)
}

// appendVisibleJSON appends s as a JSON string, as appendJSONString does,
// with the bidi formatting characters and the other invisible format
// characters a spoofed link hides behind (zero width space and joiners,
// word joiner, invisible operators, byte order mark) as \uXXXX escapes.
func appendVisibleJSON(b []byte, s string) []byte {
	start := len(b)
	b = appendJSONString(b, s)
	has := false
	for _, r := range s {
		if invisible(r) {
			has = true
			break
		}
	}
	if !has {
		return b
	}
	out := append([]byte(nil), b[start:]...)
	b = b[:start]
	for i := 0; i < len(out); {
		r, n := utf8.DecodeRune(out[i:])
		if invisible(r) {
			b = append(b, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
		} else {
			b = append(b, out[i:i+n]...)
		}
		i += n
	}
	return b
}

func invisible(r rune) bool {
	return iri.IsBidiFormatting(r) || r >= 0x200B && r <= 0x200D || r >= 0x2060 && r <= 0x2064 || r == 0xFEFF || r == 0x00AD
}
