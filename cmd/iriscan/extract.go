package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/internal/quote"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite/detect"
	"github.com/iriscan/iriscan/rewrite/mail"
	"github.com/iriscan/iriscan/scanner"
)

const extractUsage = `Usage: iriscan extract [--print json|uri|iri|text] [--format auto|text|html|mail] [--charset LABEL]
                       [--fuzzy] [--max-length N] [FILE|DIR...]

Finds the IRIs in each FILE (standard input when there is none, or for "-";
the regular files below a DIR, hidden ones and symbolic links left out) and
prints them in document order. --print json, the default, prints one JSON
object per match (JSON Lines) with:

  offset, length  the match in bytes of the input as given
  text            the match as written (UTF-8)
  iri             the IRI form: delimiters and wrapping whitespace removed,
                  character references decoded, "http://" added to www. and
                  bare domains and "mailto:" to e-mail addresses, converted
                  per RFC 3987bis Section 3.7
  uri             the URI form (Section 3.6; an http(s) query of a legacy-charset
                  document is encoded in that charset, Section 3.5); absent
                  when there is an error
  kind            scheme, www, email, fuzzy, or attr (an HTML attribute value)
  element, attr   for attr matches: the element and attribute, lower case
  decoded         true when character references were decoded
  file            the file name, when several files are given
  part, message   for mail: the MIME part path (RFC 3501: 1, 2, 2.1, …) and
                  the index of the message in an mbox (from 0); offset and
                  length then count bytes of the part's body with its
                  quoted-printable or base64 undone, in the part's charset
  error           why there is no uri

--print uri, iri and text print one field per line instead, for shell
pipelines (a match without a URI form prints nothing with --print uri).

The input is decoded from its charset: --charset, else a byte order mark,
else for HTML the <meta charset> prescan, else UTF-8. --format auto reads a
file as mail when its name ends in .eml, .mbox or .mbx or it starts with a
mail header block or an mbox "From " line, as HTML when its name ends in
.html, .htm or .xhtml or it starts like HTML, and as text otherwise. Mail is
read part by part: the text/plain and text/html parts, each decoded from its
transfer encoding and charset (a format=flowed part unflowed, so that a link
wrapped by a soft line break is one link); a binary file (a NUL byte in its first 8 KiB)
is skipped with a message unless --format names a format.

Exit status: 0 when something was found, 1 when nothing, 2 on error.

Flags:
`

// extractRecord is one line of iriscan extract's output.
type extractRecord struct {
	File    string `json:"file,omitempty"`
	Part    string `json:"part,omitempty"`
	Message *int   `json:"message,omitempty"`
	Offset  int64  `json:"offset"`
	Length  int64  `json:"length"`
	Text    string `json:"text"`
	IRI     string `json:"iri"`
	URI     string `json:"uri,omitempty"`
	Kind    string `json:"kind"`
	Element string `json:"element,omitempty"`
	Attr    string `json:"attr,omitempty"`
	Decoded bool   `json:"decoded,omitempty"`
	Error   string `json:"error,omitempty"`
}

func runExtract(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("extract", extractUsage)
	print := fs.String("print", "json", "what to print of each match: `json` (JSON Lines), uri, iri or text (one per line)")
	format := fs.String("format", "auto", "input `format`: auto (by name and content), text, html or mail")
	label := fs.String("charset", "", "input charset `LABEL` (any WHATWG label); default: BOM, then for HTML <meta charset>, then UTF-8 if valid, else guessed (docs/charset.md)")
	fuzzy := fs.Bool("fuzzy", false, "also match bare domains with a known public suffix (example.com/path) and IPv4 addresses")
	maxLen := fs.Int("max-length", scanner.DefaultMaxLength, "longest match in bytes, at most 2097152 (2 MiB); a longer candidate is skipped")
	files, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	x := extractor{opts: scanner.Options{Fuzzy: *fuzzy, MaxLength: *maxLen}, stderr: stderr}
	switch *print {
	case "json", "uri", "iri", "text":
		x.print = *print
	default:
		return usageError(stderr, "extract", fmt.Sprintf("unknown --print %q (want json, uri, iri or text)", *print))
	}
	switch *format {
	case "auto":
	case "text":
		x.detect.Format = detect.Text
	case "html":
		x.detect.Format = detect.HTML
	case "mail":
		x.detect.Format = detect.Mail
	default:
		return usageError(stderr, "extract", fmt.Sprintf("unknown --format %q (want auto, text, html or mail)", *format))
	}
	if msg := checkMaxLength(*maxLen); msg != "" {
		return usageError(stderr, "extract", msg)
	}
	if *label != "" {
		if _, err := charset.Lookup(*label); err != nil {
			return usageError(stderr, "extract", fmt.Sprintf("--charset: %v", err))
		}
		x.detect.Charset = *label
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	out := bufio.NewWriter(stdout)
	x.out = out
	status = 1
	several := len(files) > 1
	walkOperands(files, func(name string) {
		if several || name != files[0] {
			x.file = name // a file found in a directory is named too
		}
		n, err := x.extractFile(name, stdin)
		if n > 0 && status == 1 {
			status = 0
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "iriscan: %s\n", quote.Line(err.Error()))
			status = 2
		}
	}, func(err error) {
		out.Flush()
		fmt.Fprintf(stderr, "iriscan: %s\n", quote.Line(err.Error()))
		status = 2
	})
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "iriscan: writing standard output: %v\n", err)
		return 2
	}
	return status
}

// extractor prints the matches of one or more files.
type extractor struct {
	opts     scanner.Options
	detect   detect.Options // --format and --charset
	print    string         // --print
	file     string
	part     string         // the MIME part path of a mail match
	message  *int           // and the index of its message
	unflowed *mail.Unflowed // the part being scanned, if format=flowed
	out      *bufio.Writer
	buf      []byte // the JSON line being written
	stderr   io.Writer
	conv     iri.Converter // Charset set per file: Section 3.5 queries
}

// extractFile prints the matches of the named file ("-" for stdin) and
// returns how many there were. The file is decoded to UTF-8 by its charset
// (--charset, else a byte order mark, else for HTML the <meta> prescan,
// else UTF-8) in chunks; the charset map turns match offsets back into
// offsets in the file's bytes.
func (x *extractor) extractFile(name string, stdin io.Reader) (int, error) {
	var r io.Reader = stdin
	show := quote.Shell(name)
	if name == "-" {
		show = "<standard input>"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		if fi, err := f.Stat(); err != nil {
			return 0, err
		} else if fi.IsDir() {
			return 0, fmt.Errorf("%s: is a directory", name)
		}
		r = f
	}
	br := bufio.NewReaderSize(r, detect.HeadLen)
	head, err := br.Peek(detect.HeadLen)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return 0, fmt.Errorf("%s: %w", show, err)
	}
	d, err := detect.Document(name, head, x.detect)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", show, err)
	}
	switch d.Format {
	case detect.Binary:
		x.out.Flush()
		fmt.Fprintf(x.stderr, "iriscan: %s: binary file skipped (give --format to read it anyway)\n", show)
		return 0, nil
	case detect.Mail:
		return x.extractMail(br, show)
	}
	if w := d.Warning(show); w != "" {
		x.out.Flush()
		fmt.Fprintf(x.stderr, "iriscan: %s\n", w)
	}
	x.conv.Charset = d.Charset
	return x.scan(charset.NewReader(br, d.Charset), d.Format == detect.HTML, show)
}

// extractMail prints the matches of the text and HTML parts of a message
// or an mbox: each part decoded from its transfer encoding and charset,
// each match with its part path and its offset in the part's decoded
// body (after quoted-printable or base64, before the charset).
func (x *extractor) extractMail(r io.Reader, show string) (int, error) {
	n := 0
	defer func() { x.part, x.message = "", nil }()
	err := mail.Walk(r, func(p *mail.Part) error {
		x.part, x.message = p.Path, &p.Message
		if p.Err != nil {
			x.out.Flush()
			fmt.Fprintf(x.stderr, "iriscan: %s: message %d part %s skipped: %v\n", show, p.Message, p.Path, p.Err)
			return nil
		}
		x.conv.Charset = p.Charset
		where := fmt.Sprintf("%s: message %d part %s", show, p.Message, p.Path)
		if flowed, delSp := p.IsFlowed(); flowed {
			// An IRI wrapped by a soft line break is one IRI: the part is
			// unflowed in memory (a flowed part is plain text written by a
			// person), and offsets are mapped back to its body.
			body, err := io.ReadAll(p.Body)
			if err != nil {
				return fmt.Errorf("%s: %w", where, err)
			}
			u := mail.Unflow(body, delSp)
			x.unflowed = u
			defer func() { x.unflowed = nil }()
			k, err := x.scan(charset.NewReaderBytes(u.Text, p.Charset), false, where)
			n += k
			return err
		}
		k, err := x.scan(p.Text(), p.MediaType == "text/html", where)
		n += k
		return err
	})
	if err != nil {
		return n, fmt.Errorf("%s: %w", show, err)
	}
	return n, nil
}

// scan prints the matches of the text decoded by cr, HTML if html; show
// names the input in errors.
func (x *extractor) scan(cr *charset.Reader, html bool, show string) (int, error) {
	dec := &chunkReader{r: cr}
	var s interface {
		Scan() bool
		Match() scanner.Match
		Err() error
		Retained() int64
	}
	if html {
		s = scanner.NewHTMLScanner(dec, &scanner.HTMLOptions{Options: x.opts})
	} else {
		s = scanner.NewScanner(dec, &x.opts)
	}
	dec.retained = s.Retained
	n := 0
	m := cr.Map()
	for s.Scan() {
		match := s.Match()
		start, end := m.SourceOffset(match.Offset), m.SourceOffset(match.Offset+match.Length)
		if start < 0 || end < start {
			return n, fmt.Errorf("%s: no source offset for the match at decoded byte %d", show, match.Offset)
		}
		if x.unflowed != nil {
			s, e := x.unflowed.Span(int(start), int(end))
			start, end = int64(s), int64(e)
		}
		n++
		if err := x.emit(x.record(match, start, end)); err != nil {
			return n, err
		}
	}
	if err := s.Err(); err != nil {
		return n, fmt.Errorf("%s: %w", show, err)
	}
	return n, nil
}

// emit prints one match as --print says.
func (x *extractor) emit(rec extractRecord) error {
	var field string
	switch x.print {
	case "json":
		x.buf = appendRecord(x.buf[:0], &rec)
		_, err := x.out.Write(x.buf)
		return err
	case "uri":
		if rec.URI == "" {
			return nil
		}
		field = rec.URI
	case "iri":
		field = rec.IRI
	case "text":
		field = rec.Text
	}
	x.out.WriteString(field)
	return x.out.WriteByte('\n')
}

// chunkReader reads the decoded chunks of a charset.Reader. Before each
// chunk it tells the charset reader to keep its offset map from the
// scanner's earliest possible match on, so that memory stays bounded.
type chunkReader struct {
	r        *charset.Reader
	retained func() int64
	buf      []byte // rest of the last chunk
}

func (c *chunkReader) Read(p []byte) (int, error) {
	for len(c.buf) == 0 {
		if c.retained != nil {
			c.r.SetKeep(c.retained())
		}
		b, err := c.r.Next()
		c.buf = b
		if len(b) == 0 && err != nil {
			return 0, err
		}
	}
	n := copy(p, c.buf)
	c.buf = c.buf[n:]
	return n, nil
}

// record builds the output line of a match found at source bytes
// [start, end).
func (x *extractor) record(m scanner.Match, start, end int64) extractRecord {
	rec := extractRecord{
		File: x.file, Part: x.part, Message: x.message, Offset: start, Length: end - start, Text: m.Text,
		Kind: m.Kind.String(), Element: m.Element, Attr: m.Attr, Decoded: m.Decoded,
	}
	// Only the forms printed are made, both from one parse.
	target := m.Target()
	var iri, uri string
	var iriErr, uriErr error
	switch x.print {
	case "text":
		return rec
	case "iri":
		iri, iriErr = x.conv.ToIRI(target)
	case "uri":
		uri, uriErr = x.conv.ToURI(target)
	default:
		iri, iriErr, uri, uriErr = x.conv.Forms(target)
	}
	rec.IRI = iri
	if iriErr != nil {
		rec.IRI = target
	}
	rec.URI = uri
	if uriErr != nil {
		rec.URI, rec.Error = "", uriErr.Error()
	}
	return rec
}
