package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/scanner"
)

// Options configure a mail rewrite. The zero value rewrites the IRIs of
// every text part to URIs. Each field means what the field of the same
// name in rewrite.Options means, applied to each text part; a part's
// format, charset and transfer encoding come from its own header.
//
// OnError receives, besides the IRIs that cannot be converted, one
// ConvertError with an empty Text and a *PartError for each text part that
// is left as it was because it cannot be read (see PartError). Offsets are
// byte offsets in the whole input file, except where a transfer encoding or
// a change of charset stands between the file and the text: see Rewrite.
type Options struct {
	To           rewrite.Form
	Scanner      scanner.Options
	SkipElements []string
	TextNodes    bool
	Bidi         iri.BidiMode
	Target, Rel  string
	Links        *rewrite.Linker // the link policy of rewrite.Link
	OnError      func(*rewrite.ConvertError)

	// TempDir is where a text part larger than InMemoryLimit is held
	// while it is rewritten; "" means os.TempDir().
	TempDir string
}

// document returns the rewrite.Options of a text part in format f and
// charset cs, with OnEdit and OnError left for the caller to set.
func (o *Options) document(f rewrite.Format, cs *charset.Charset) rewrite.Options {
	return rewrite.Options{
		To: o.To, Format: f, Charset: cs, StrictCharset: true,
		Scanner: o.Scanner, SkipElements: o.SkipElements, TextNodes: o.TextNodes,
		Bidi: o.Bidi, Target: o.Target, Rel: o.Rel, Links: o.Links,
	}
}

// MaxHeader is the largest header of a message or part that Rewrite and
// Walk read, in bytes (go-message's message.Read has the same limit). A
// larger header is read no further: its entity is copied byte for byte and
// reported as a PartError, so that a header of any size takes bounded
// memory (go-message keeps a header whole, at about twenty times its size).
const MaxHeader = 1 << 20

// A PartError is a MIME entity that could not be read—a bad base64 or
// quoted-printable body, an unknown charset, a malformed header, a
// quoted-printable line or format=flowed paragraph over 32 MiB in a large
// text part—and that was therefore copied byte for byte, or a
// multipart without its close delimiter (see the package documentation).
// It reaches Options.OnError as the Err of a ConvertError whose
// Offset and Length are the entity's bytes in the input and whose Text is
// empty; it is not an error of Rewrite.
type PartError struct {
	Offset int64 // the entity's first byte in the input
	Err    error
}

// Error says what and where.
func (e *PartError) Error() string {
	return "mail: part at byte " + itoa(e.Offset) + " copied unchanged: " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *PartError) Unwrap() error { return e.Err }

// errMissingClose and friends are the causes of a PartError.
var (
	errNoClose    = errors.New("multipart without its closing delimiter")
	errNoBoundary = errors.New("multipart without a boundary parameter")
	errDepth      = errors.New("MIME structure nested too deep")
	errHeaderSize = errors.New("header larger than 1 MiB")
)

// Rewrite reads one RFC 5322 message, or an mbox archive of many ("From "
// separator lines, detected by the first line), from r and writes it to w.
//
// The text/plain and text/html parts that are not attachments are decoded
// from their transfer encoding and charset and rewritten as
// o.To says; see the package documentation for what changes
// and what does not. The returned Result sums the counts of the parts
// (Read and Written are bytes of the whole input and output);
// Result.Changed reports whether the output differs from the input.
//
// The offsets passed to OnError are byte offsets in the input file. For a
// part whose body is quoted-printable or base64, or that had to be
// rewritten in UTF-8, the offset is that of the part's body, the first byte
// after its header, since no byte of the file corresponds to a decoded
// character there.
//
// The input is streamed: memory is bounded, not by the message, its text
// parts, its attachments, its number of parts or the archive (a text part
// over InMemoryLimit goes through a temporary file, see the package
// documentation). The error returned is the first read or write error, a
// failure of the temporary file (naming the part's offset), or an option
// error (rewrite.ErrOptions); a malformed message or part is not an error,
// it is copied as it is.
func Rewrite(w io.Writer, r io.Reader, o Options) (rewrite.Result, error) {
	if o.To > rewrite.Link {
		return rewrite.Result{}, &rewrite.Error{Err: fmt.Errorf("%w: %v", rewrite.ErrOptions, o.To)}
	}
	j := newJob(&o)
	bw := bufio.NewWriterSize(w, 64<<10)
	j.w = bw
	err := j.run(r)
	if ferr := bw.Flush(); err == nil && ferr != nil {
		err = &rewrite.Error{Offset: j.res.Read, Err: ferr}
	}
	return j.res, err
}

// run reads the input: one message, or an mbox.
func (j *job) run(r io.Reader) error {
	j.in = countReader{r: r}
	br := bufio.NewReaderSize(recorder{j}, 64<<10)
	err := j.walk(br)
	if err == nil {
		err = j.in.err
	}
	if err != nil {
		if j.in.err != nil {
			err = &rewrite.Error{Offset: j.res.Read, Err: j.in.err}
		}
		return err
	}
	j.hold = -1
	return j.flushTo(j.winOff + int64(len(j.live())))
}

func (j *job) walk(br *bufio.Reader) error {
	if !startsMessage(br, true, nil) {
		if j.onMessage != nil {
			j.onMessage()
		}
		_, err := j.entity(br, 0, 0, true, false)
		return err
	}
	// mbox: a message starts after each "From " line that begins the file
	// or follows an empty line and is followed by a header block; the
	// empty line belongs to the separator.
	j.mbox = true
	off := int64(0)
	for {
		s, err := br.ReadSlice('\n')
		off += int64(len(s))
		if err != bufio.ErrBufferFull {
			break
		}
	}
	var m mboxReader
	for {
		if j.onMessage != nil {
			j.onMessage()
		}
		m.reset(br)
		if err := j.flushTo(off); err != nil {
			return err
		}
		if _, err := j.entity(&m, off, 0, true, false); err != nil {
			return err
		}
		if _, err := io.Copy(io.Discard, &m); err != nil {
			return err
		}
		off += m.n + m.extra + int64(len(m.sep))
		if !m.end {
			return m.err
		}
	}
}

// startsMessage reports whether the next line of br (first), or the
// "From " line just read from it (line), is an mbox separator: a line "From "
// followed by a header block (see scanHeader) of at least one field whose
// empty line comes within the reader's buffer, or that fills it. When the
// separator line was read (not first), the block must also have a field
// only mail has (see isAnchor) or the separator a time of day, as the
// "From sender date" lines of mbox writers do: a body line such as "From
// here to there" followed by a line that happens to look like a field is
// not a new message.
func startsMessage(br *bufio.Reader, first bool, line []byte) bool {
	skip := 0
	if first {
		b, _ := br.Peek(5)
		if string(b) != "From " {
			return false
		}
	}
	for n := 4096; ; n *= 2 {
		b, err := br.Peek(min(n, br.Size()))
		if first {
			nl := bytes.IndexByte(b, '\n')
			if nl < 0 {
				if err != nil || len(b) == br.Size() {
					return false
				}
				continue
			}
			line, skip = b[:nl], nl+1
		}
		h := scanHeader(b[skip:])
		if h.valid && !h.complete && err == nil && len(b) < br.Size() {
			continue // undecided: read more
		}
		if !h.valid || h.fields == 0 {
			return false
		}
		return first || h.anchor || hasTime(line)
	}
}

// hasTime reports whether b has a time of day, "hh:mm".
func hasTime(b []byte) bool {
	for i := 0; i+5 <= len(b); i++ {
		if b[i+2] == ':' && isDigit(b[i]) && isDigit(b[i+1]) && isDigit(b[i+3]) && isDigit(b[i+4]) {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isBlankLine(l []byte) bool {
	return len(l) == 1 && l[0] == '\n' || len(l) == 2 && l[0] == '\r' && l[1] == '\n'
}

// write writes b to the output.
func (j *job) write(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	n, err := j.w.Write(b)
	j.res.Written += int64(n)
	if err != nil {
		return &rewrite.Error{Offset: j.res.Read, Err: err}
	}
	return nil
}

func itoa(n int64) string {
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
