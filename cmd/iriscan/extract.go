package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/scanner"
)

const extractUsage = `Usage: iriscan extract [--format auto|text|html] [--charset LABEL] [--fuzzy] [--max-length N] [FILE...]

Finds the IRIs in each FILE (standard input when there is none, or for "-")
and prints one JSON object per match, in document order (JSON Lines). The
input is decoded from its charset: --charset, else a byte order mark, else
for HTML the <meta charset> prescan, else UTF-8. Each object has:

  offset, length  the match in bytes of the input as given
  text            the match as written (UTF-8)
  iri             the IRI form: delimiters and wrapping whitespace removed,
                  character references decoded, "http://" added to www. and
                  bare domains and "mailto:" to e-mail addresses, converted
                  per RFC 3987bis Section 3.7
  uri             the URI form (Section 3.6; an http(s) query of a legacy-charset
                  document is encoded in that charset, Section 3.5)
  kind            scheme, www, email, fuzzy, or attr (an HTML attribute value)
  element, attr   for attr matches: the element and attribute, lower case
  decoded         true when character references were decoded
  file            the file name, when several files are given
  error           why there is no uri (attribute values only)

Exit status: 0 when something was found, 1 when nothing, 2 on error.

Flags:
`

// extractRecord is one line of iriscan extract's output.
type extractRecord struct {
	File    string `json:"file,omitempty"`
	Offset  int64  `json:"offset"`
	Length  int    `json:"length"`
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
	fs := newFlagSet("extract", extractUsage, stderr)
	format := fs.String("format", "auto", "input `format`: auto (HTML if the name ends in .html/.htm/.xhtml or the content starts like HTML), text or html")
	label := fs.String("charset", "", "input charset `LABEL` (any WHATWG label); default: BOM, then for HTML <meta charset>, then UTF-8")
	fuzzy := fs.Bool("fuzzy", false, "also match bare domains with a known public suffix (example.com/path) and IPv4 addresses")
	maxLen := fs.Int("max-length", scanner.DefaultMaxLength, "longest match in bytes; a longer candidate is skipped")
	if status, done := parseFlags(fs, args, stdout); done {
		return status
	}
	switch *format {
	case "auto", "text", "html":
	default:
		fmt.Fprintf(stderr, "iriscan extract: unknown --format %q (want auto, text or html)\n", *format)
		return 2
	}
	if *maxLen <= 0 {
		fmt.Fprintf(stderr, "iriscan extract: --max-length must be positive, not %d\n", *maxLen)
		return 2
	}
	if *label != "" {
		if _, err := charset.Lookup(*label); err != nil {
			fmt.Fprintf(stderr, "iriscan extract: --charset: %v\n", err)
			return 2
		}
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	x := extractor{opts: scanner.Options{Fuzzy: *fuzzy, MaxLength: *maxLen}, format: *format, label: *label, enc: enc}
	status := 1
	for _, name := range files {
		if len(files) > 1 {
			x.file = name
		}
		n, err := x.extractFile(name, stdin)
		if n > 0 && status == 1 {
			status = 0
		}
		if err != nil {
			fmt.Fprintf(stderr, "iriscan extract: %v\n", err)
			status = 2
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "iriscan extract: %v\n", err)
		return 2
	}
	return status
}

// extractor prints the matches of one or more files.
type extractor struct {
	opts   scanner.Options
	format string
	label  string // --charset
	file   string
	enc    *json.Encoder
	conv   iri.Converter // Charset set per file: Section 3.5 queries
}

// extractFile prints the matches of the named file ("-" for stdin) and
// returns how many there were. The file is decoded to UTF-8 by its charset
// (--charset, else a byte order mark, else for HTML the <meta> prescan,
// else UTF-8) in chunks; the charset map turns match offsets back into
// offsets in the file's bytes.
func (x *extractor) extractFile(name string, stdin io.Reader) (int, error) {
	var r io.Reader = stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		r = f
	}
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(charset.PrescanLen)
	html, cs, err := detectDocument(name, head, x.format, x.label)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", name, err)
	}
	x.conv.Charset = cs
	dec := &chunkReader{r: charset.NewReader(br, cs)}
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
	m := dec.r.Map()
	for s.Scan() {
		match := s.Match()
		start, end := m.SourceOffset(match.Offset), m.SourceOffset(match.Offset+match.Length)
		if start < 0 || end < start {
			return n, fmt.Errorf("%s: no source offset for the match at decoded byte %d", name, match.Offset)
		}
		n++
		if err := x.enc.Encode(x.record(match, start, end)); err != nil {
			return n, err
		}
	}
	if err := s.Err(); err != nil {
		return n, fmt.Errorf("%s: %w", name, err)
	}
	return n, nil
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
		File: x.file, Offset: start, Length: int(end - start), Text: m.Text,
		Kind: m.Kind.String(), Element: m.Element, Attr: m.Attr, Decoded: m.Decoded,
	}
	target := m.Target()
	iri, err := x.conv.ToIRI(target)
	if err != nil {
		iri = target
	}
	rec.IRI = iri
	if rec.URI, err = x.conv.ToURI(target); err != nil {
		rec.Error = err.Error()
	}
	return rec
}

// detectDocument decides whether the input called name, whose first bytes
// (charset.PrescanLen of them, or all) are head, is HTML, and finds its
// charset. format is the --format flag (auto, text or html; anything else
// means text) and label the --charset flag. The charset is label if given,
// else the byte order mark, else for HTML the <meta charset> prescan, else
// UTF-8.
func detectDocument(name string, head []byte, format, label string) (html bool, cs *charset.Charset, err error) {
	html = format == "html" || format == "auto" && looksHTML(name, head)
	hint := charset.Hint{Format: charset.FormatText, Label: label}
	if html {
		hint.Format = charset.FormatHTML
	}
	cs, _, err = charset.Detect(head, hint)
	return html, cs, err
}

// looksHTML reports whether the input is HTML: by the file name's
// extension, or by its first bytes (a doctype, a comment, or an html, head
// or body tag after optional BOM and whitespace).
func looksHTML(name string, head []byte) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm", ".xhtml":
		return true
	}
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n\f")
	for _, p := range []string{"<!doctype html", "<html", "<head", "<body", "<!--"} {
		if len(head) >= len(p) && bytes.EqualFold(head[:len(p)], []byte(p)) {
			return true
		}
	}
	return false
}
