package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/internal/quote"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/detect"
	"github.com/iriscan/iriscan/rewrite/mail"
	"github.com/iriscan/iriscan/rewrite/markdown"
	"github.com/iriscan/iriscan/scanner"
)

const extractUsage = `Usage: iriscan extract [--print json|uri|iri|text] [--format auto|text|html|css|mail|markdown] [--charset LABEL]
                       [--schemes LIST] [--default-scheme https|http] [--hosts-allow PATTERN,...]
                       [--hosts-deny PATTERN,...] [--fuzzy] [--refang] [--max-length N] [FILE|DIR...]

Finds the IRIs in each FILE (standard input when there is none, or for "-";
the regular files below a DIR, hidden ones and symbolic links left out) and
prints them in document order. --print json, the default, prints one JSON
object per match (JSON Lines) with:

  offset, length  the match in bytes of the input as given
  cp_offset, cp_length
                  the match in code points of the decoded text (Python
                  str indices), a byte order mark not counted and
                  character references counted as written
  utf16_offset, utf16_length
                  the same in UTF-16 code units (JavaScript, Java, C#
                  string indices: a character past U+FFFF counts 2)
  text            the match as written (UTF-8)
  iri             the IRI form: delimiters and wrapping whitespace removed,
                  character references decoded, "https://" (--default-scheme)
                  added to www. and bare domains and "mailto:" to e-mail
                  addresses, converted per RFC 3987bis Section 3.7
  uri             the URI form (Section 3.6; an http(s) query of a legacy-charset
                  document is encoded in that charset, Section 3.5); absent
                  when there is an error
  kind            scheme, www, email, fuzzy, attr (an HTML attribute value) or
                  css (a URL in CSS: url(...), @import "...", image-set(...));
                  in Markdown where the IRI stands: prose, link, image (their
                  destinations), autolink or definition (of a reference)
  detected        in Markdown prose: scheme, www, email or fuzzy
  element, attr   for attr matches: the element and attribute, lower case; for
                  css matches in HTML, attr "style" and the element of a style
                  attribute, or element "style" for a <style> element
  decoded         true when character references or CSS escapes were decoded
  file            the file name, when several files are given
  part, message   for mail: the MIME part path (RFC 3501: 1, 2, 2.1, …) and
                  the index of the message in an mbox (from 0); offset and
                  length then count bytes of the part's body with its
                  quoted-printable or base64 undone, in the part's charset,
                  and the cp_ and utf16_ fields that body decoded
  error           why there is no uri

With --refang, links written defanged (hxxps://evil[.]example/a[.]exe,
user[at]evil(dot)example) are found too: text, offset and length are the span
as written, iri and uri the link it stands for (docs/refang.md). A defanged
name without a scheme (evil[.]example) counts only with --fuzzy; in HTML only
text is refanged, not attribute values.

--print uri, iri and text print one field per line instead, for shell
pipelines (a match without a URI form prints nothing with --print uri).

--schemes LIST (comma-separated) reports only IRIs with these schemes (a www.
or bare-domain match has the --default-scheme, an e-mail address mailto);
javascript:, vbscript: and data: are reported only when LIST names them. A
relative reference in an HTML attribute has no scheme and is always
reported. --hosts-allow and --hosts-deny PATTERN,... report only, or never,
IRIs with these hosts, as for iriscan linkify (docs/linkify.md).

The input is decoded from its charset: --charset, else a byte order mark,
else for HTML the <meta charset> prescan and for CSS a first @charset rule,
else UTF-8. --format auto reads a file as mail when its name ends in .eml,
.mbox or .mbx or it starts with a mail header block or an mbox "From " line,
as HTML when its name ends in .html, .htm or .xhtml or it starts like HTML,
as CSS when its name ends in .css, as Markdown when its name ends in .md,
.markdown, .mdown or .mkd, and as text otherwise. Markdown is read
whole: IRIs are found in prose (never in code, raw HTML, link text or titles)
and in the destinations of links, images, autolinks and reference
definitions; text is the IRI as written, iri has escapes and character
references resolved (docs/markdown.md). Mail is
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
	CPOff   int64  `json:"cp_offset"`
	CPLen   int64  `json:"cp_length"`
	U16Off  int64  `json:"utf16_offset"`
	U16Len  int64  `json:"utf16_length"`
	Text    string `json:"text"`
	IRI     string `json:"iri"`
	URI     string `json:"uri,omitempty"`
	Kind    string `json:"kind"`
	Found   string `json:"detected,omitempty"`
	Element string `json:"element,omitempty"`
	Attr    string `json:"attr,omitempty"`
	Decoded bool   `json:"decoded,omitempty"`
	Error   string `json:"error,omitempty"`
	// Charset and CharsetRule name the charset the file was decoded from
	// and the rule of charset.Detect that chose it (label, bom, meta,
	// xml-declaration, sniffed); both are absent when nothing chose one
	// and the file was read as UTF-8 (rule default), and for mail, whose
	// parts name their charsets.
	Charset     string `json:"charset,omitempty"`
	CharsetRule string `json:"charset_rule,omitempty"`
}

func runExtract(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("extract", extractUsage)
	print := fs.String("print", "json", "what to print of each match: `json` (JSON Lines), uri, iri or text (one per line)")
	format := fs.String("format", "auto", "input `format`: auto (by name and content), text, html, css, mail or markdown")
	label := fs.String("charset", "", "input charset `LABEL` (any WHATWG label); default: BOM, then for HTML <meta charset>, then UTF-8 if valid, else guessed (docs/charset.md)")
	fuzzy := fs.Bool("fuzzy", false, "also match bare domains with a known public suffix (example.com/path) and IPv4 addresses")
	refang := fs.Bool("refang", false, "also find links written defanged (hxxps://evil[.]example); see docs/refang.md")
	maxLen := fs.Int("max-length", scanner.DefaultMaxLength, "longest match in bytes, at most 2097152 (2 MiB); a longer candidate is skipped")
	var lf linkFlags
	lf.add(fs, false)
	files, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	l, msg := lf.linker()
	if msg != "" {
		return usageError(stderr, "extract", msg)
	}
	x := extractor{opts: scanner.Options{Fuzzy: *fuzzy, MaxLength: *maxLen, Refang: *refang, Schemes: l.ScannerSchemes()}, policy: l, stderr: stderr}
	switch *print {
	case "json", "uri", "iri", "text":
		x.print = *print
	default:
		return usageError(stderr, "extract", fmt.Sprintf("unknown --print %q (want json, uri, iri or text)", *print))
	}
	if x.detect, msg = detectOptions(*format, *label); msg != "" {
		return usageError(stderr, "extract", msg)
	}
	if msg := checkMaxLength(*maxLen); msg != "" {
		return usageError(stderr, "extract", msg)
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	sw := &watchedWriter{w: stdout}
	out := bufio.NewWriterSize(sw, 64<<10) // a match is a line of ~200 bytes
	x.out = out
	status = 1
	several := len(files) > 1
	stdoutShown := false // a message already told why standard output failed
	report := func(err error) {
		if ferr := out.Flush(); ferr != nil && strings.Contains(err.Error(), ferr.Error()) {
			stdoutShown = true
		}
		fmt.Fprintf(stderr, "iriscan: %s\n", quote.Line(err.Error()))
		status = 2
	}
	walkOperands(files, func(name string) bool {
		if several || name != files[0] {
			x.file = name // a file found in a directory is named too
		}
		n, err := x.extractFile(name, stdin)
		if n > 0 && status == 1 {
			status = 0
		}
		if sw.err != nil {
			report(fmt.Errorf("%s: writing standard output: %w", showName(name), sw.err))
			return false
		}
		if err != nil {
			report(err)
		}
		return true
	}, report)
	if err := out.Flush(); err != nil && !stdoutShown {
		fmt.Fprintf(stderr, "iriscan: writing standard output: %v\n", err)
		return 2
	}
	return status
}

// extractor prints the matches of one or more files.
type extractor struct {
	opts     scanner.Options
	policy   *rewrite.Linker // --schemes, --default-scheme, --hosts-allow, --hosts-deny
	detect   detect.Options  // --format and --charset
	print    string          // --print
	file     string
	part     string         // the MIME part path of a mail match
	message  *int           // and the index of its message
	unflowed *mail.Unflowed // the part being scanned, if format=flowed
	out      *bufio.Writer
	buf      []byte // the JSON line being written
	units    charset.Units
	stderr   io.Writer
	conv     iri.Converter  // Charset set per file: Section 3.5 queries
	forms    iri.FormsCache // the forms of the references met last

	// Reused from one input to the next: the detection buffer, a
	// charset reader per charset, a scanner per format.
	head    *bufio.Reader
	readers map[*charset.Charset]*charset.Reader
	dec     chunkReader
	text    *scanner.Scanner
	html    *scanner.HTMLScanner
	css     *scanner.CSSScanner

	charset, charsetRule string // the file's charset decision, when a rule made one
}

// extractFile prints the matches of the named file ("-" for stdin) and
// returns how many there were. The file is decoded to UTF-8 by its charset
// (--charset, else a byte order mark, else for HTML the <meta> prescan,
// else UTF-8) in chunks; the charset map turns match offsets back into
// offsets in the file's bytes.
func (x *extractor) extractFile(name string, stdin io.Reader) (int, error) {
	if x.head == nil {
		x.head = bufio.NewReaderSize(nil, detect.HeadLen)
	}
	in, err := openDetected(name, stdin, x.detect, x.head)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	br, d, show := in.r, in.d, in.show
	if in.notice(x.out, x.stderr) {
		return 0, nil
	}
	if d.Format == detect.Mail {
		return x.extractMail(br, show)
	}
	x.conv.Charset = d.Charset
	x.charset, x.charsetRule = "", ""
	if d.Rule != charset.RuleDefault {
		x.charset, x.charsetRule = d.Charset.Name(), d.Rule.String()
	}
	defer func() { x.charset, x.charsetRule = "", "" }()
	if d.Format == detect.Markdown {
		return x.extractMarkdown(br, d.Charset, show)
	}
	return x.scan(x.reader(in.body(), d.Charset), d.Format, show)
}

// reader returns a charset.Reader of src in charset cs: one per charset,
// made for the first input in it and reset for the next, so that a run
// over many files does not allocate a read buffer each.
func (x *extractor) reader(src io.Reader, cs *charset.Charset) *charset.Reader {
	if r := x.readers[cs]; r != nil {
		r.Reset(src)
		return r
	}
	r := charset.NewReader(src, cs)
	if x.readers == nil {
		x.readers = make(map[*charset.Charset]*charset.Reader)
	}
	x.readers[cs] = r
	return r
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
			skippedPart(x.stderr, show, p)
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
				return partError(x.stderr, x.out.Flush, &readError{where, err})
			}
			u := mail.Unflow(body, delSp)
			x.unflowed = u
			defer func() { x.unflowed = nil }()
			k, err := x.scan(charset.NewReaderBytes(u.Text, p.Charset), detect.Text, where)
			n += k
			return partError(x.stderr, x.out.Flush, err)
		}
		f := detect.Text
		if p.MediaType == "text/html" {
			f = detect.HTML
		}
		k, err := x.scan(x.reader(p.Body, p.Charset), f, where)
		n += k
		return partError(x.stderr, x.out.Flush, err)
	})
	if err != nil {
		return n, fmt.Errorf("%s: %w", show, err)
	}
	return n, nil
}

// extractMarkdown prints the IRIs of a Markdown document, read whole.
func (x *extractor) extractMarkdown(r io.Reader, cs *charset.Charset, show string) (int, error) {
	src, err := io.ReadAll(io.LimitReader(r, markdown.MaxSize+1))
	if err != nil {
		return 0, fmt.Errorf("%s: byte %d: %w", show, len(src), err)
	}
	ms, err := markdown.Find(src, cs, &x.opts)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", show, err)
	}
	// Code points and UTF-16 units of the decoded document: counted over
	// the text as the scanner reads it (byte order mark dropped).
	x.units.Reset()
	if cs == nil || cs == charset.UTF8 {
		x.units.Add(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")))
	} else {
		r := charset.NewReaderBytes(src, cs)
		r.SetKeep(0)
		for {
			b, err := r.Next()
			x.units.Add(b)
			if err != nil {
				break
			}
		}
	}
	for i := range ms {
		m := &ms[i]
		rec := x.record(m.Match, x.policy.Target(&m.Match), m.Offset, m.Offset+m.Length)
		cs, us, ok1 := x.units.At(m.TextOffset)
		ce, ue, ok2 := x.units.At(m.TextOffset + m.TextLength)
		if !ok1 || !ok2 {
			return i, fmt.Errorf("%s: no code point offset for the match at byte %d", show, m.Offset)
		}
		rec.CPOff, rec.CPLen, rec.U16Off, rec.U16Len = cs, ce-cs, us, ue-us
		rec.Kind = m.Where.String()
		if m.Where == markdown.Prose {
			rec.Found = m.Kind.String()
		}
		if err := x.emit(&rec); err != nil {
			return i, err
		}
	}
	return len(ms), nil
}

// scan prints the matches of the text decoded by cr, read as f (Text,
// HTML or CSS); show names the input in errors.
func (x *extractor) scan(cr *charset.Reader, f detect.Format, show string) (int, error) {
	dec := &x.dec
	*dec = chunkReader{r: cr}
	if x.print == "json" {
		x.units.Reset()
		dec.units = &x.units
		cr.SetUnits(&x.units) // counted as it is validated or decoded
		defer cr.SetUnits(nil)
	}
	var s interface {
		Scan() bool
		Match() scanner.Match
		Err() error
		Retained() int64
	}
	switch f {
	case detect.HTML:
		if x.html == nil {
			x.html = scanner.NewHTMLScanner(dec, &scanner.HTMLOptions{Options: x.opts})
		} else {
			x.html.Reset(dec)
		}
		s = x.html
	case detect.CSS:
		if x.css == nil {
			x.css = scanner.NewCSSScanner(dec, &x.opts)
		} else {
			x.css.Reset(dec)
		}
		s = x.css
	default:
		if x.text == nil {
			x.text = scanner.NewScanner(dec, &x.opts)
		} else {
			x.text.Reset(dec)
		}
		s = x.text
	}
	dec.retained = s.Retained
	n := 0
	m := cr.Map()
	for s.Scan() {
		match := s.Match()
		target := x.policy.Target(&match)
		if !x.policy.ReportsTarget(&match, target) {
			continue
		}
		start, end := m.SourceOffset(match.Offset), m.SourceOffset(match.Offset+match.Length)
		if start < 0 || end < start {
			return n, fmt.Errorf("%s: no source offset for the match at decoded byte %d", show, match.Offset)
		}
		rec := x.record(match, target, start, end)
		if dec.units != nil {
			cs, us, ok1 := dec.units.At(match.Offset)
			ce, ue, ok2 := dec.units.At(match.Offset + match.Length)
			if !ok1 || !ok2 {
				return n, fmt.Errorf("%s: no code point offset for the match at decoded byte %d", show, match.Offset)
			}
			rec.CPOff, rec.CPLen, rec.U16Off, rec.U16Len = cs, ce-cs, us, ue-us
		}
		if x.unflowed != nil {
			s, e := x.unflowed.Span(int(start), int(end))
			// The bytes unflowing took out (soft line breaks, quote
			// marks, stuffed spaces) are ASCII: one code point and one
			// UTF-16 unit each in the decoded body.
			ds, de := int64(s)-start, int64(e)-end
			rec.CPOff += ds
			rec.U16Off += ds
			rec.CPLen += de - ds
			rec.U16Len += de - ds
			start, end = int64(s), int64(e)
			rec.Offset, rec.Length = start, end-start
		}
		n++
		if err := x.emit(&rec); err != nil {
			return n, err
		}
	}
	if err := s.Err(); err != nil {
		return n, &readError{show, err}
	}
	return n, nil
}

// emit prints one match as --print says.
func (x *extractor) emit(rec *extractRecord) error {
	var field string
	switch x.print {
	case "json":
		x.buf = appendRecord(x.buf[:0], rec)
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

// chunkReader reads the decoded text of a charset.Reader. Before each
// read it tells the charset reader to keep its offset map from the
// scanner's earliest possible match on, so that memory stays bounded.
//
// With units set (the Units the charset reader counts the decoded text
// into, see charset.Reader.SetUnits), it drops the counts of the code
// points and UTF-16 code units before the same offset.
type chunkReader struct {
	r        *charset.Reader
	retained func() int64
	units    *charset.Units
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if c.retained != nil {
		keep := c.retained()
		c.r.SetKeep(keep)
		if c.units != nil {
			c.units.Discard(keep)
		}
	}
	return c.r.Read(p) // counted into c.units by the reader
}

// record builds the output line of a match found at source bytes
// [start, end), whose target (Linker.Target) is given.
func (x *extractor) record(m scanner.Match, target string, start, end int64) extractRecord {
	rec := extractRecord{
		File: x.file, Part: x.part, Message: x.message, Offset: start, Length: end - start, Text: m.Text,
		Kind: m.Kind.String(), Element: m.Element, Attr: m.Attr, Decoded: m.Decoded,
		Charset: x.charset, CharsetRule: x.charsetRule,
	}
	// Only the forms printed are made, both from one parse.
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
		iri, iriErr, uri, uriErr = x.forms.Forms(&x.conv, target)
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
