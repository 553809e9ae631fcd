package mail

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"

	"github.com/iriscan/iriscan/charset"
)

// A Part is a text part of a message, as Walk finds it: a text/plain or
// text/html entity, with its transfer encoding undone.
type Part struct {
	// Message is the index of the message in an mbox, from 0; a lone
	// message is 0.
	Message int

	// Path is the part's number in its message as IMAP gives it (RFC
	// 3501 Section 6.4.5): "1" for the body of a message that is not
	// multipart, "1", "2", … for the parts of a multipart message,
	// "2.1" for the first part of part 2, and for a message/rfc822
	// part "3", "3.1" for its body or the first part of its multipart.
	Path string

	// MediaType is text/plain or text/html, in lower case.
	MediaType string

	// Params are the Content-Type parameters, names in lower case
	// (charset, format, delsp, …).
	Params map[string]string

	// Attachment says that the part has Content-Disposition: attachment
	// (Rewrite leaves such parts alone).
	Attachment bool

	// Offset is the input byte offset of the first byte of the part's
	// body (after its header), as it is in the input: before transfer
	// decoding.
	Offset int64

	// Charset is the charset of Body: the charset parameter (read as
	// the WHATWG Encoding Standard does), UTF-8 when there is none or
	// it names US-ASCII, a byte order mark winning.
	Charset *charset.Charset

	// Body reads the body with its quoted-printable or base64 transfer
	// encoding undone, in Charset, as a stream: it is valid only until
	// the function given to Walk returns. A body that is not valid in
	// its transfer encoding gives an error when read there: a *BodyError
	// with the input offset of the bad data.
	Body io.Reader

	// Err, when not nil, says why the part cannot be read as text (an
	// unknown charset or transfer encoding, a header that cannot be
	// read, a multipart without its close delimiter) as a *PartError;
	// Body then reads its raw bytes, or nothing, and Charset is nil.
	Err error
}

// Text returns a reader of Body decoded to UTF-8 from Charset, whose Map
// gives, for an offset in the UTF-8 text, the offset in Body's bytes (the
// decoded part): see charset.Reader. It is nil when Err is set.
func (p *Part) Text() *charset.Reader {
	if p.Charset == nil {
		return nil
	}
	return charset.NewReader(p.Body, p.Charset)
}

// Walk reads a message or an mbox from r, as Rewrite does (see the package
// documentation), and calls fn for each text part, in input order, while
// it reads it: memory stays bounded whatever the size of the message or
// the number of its parts, and the part's Body must be read before fn
// returns. Parts that are not text are skipped unread. Walk calls fn, with
// Err set, also for an entity that cannot be read, so that nothing is
// skipped silently.
//
// Walk returns fn's first error, which stops it, or the first error
// reading r.
func Walk(r io.Reader, fn func(p *Part) error) error {
	w := &walker{fn: fn}
	w.in.r = r
	br := bufio.NewReaderSize(&w.in, 64<<10)
	if !startsMessage(br, true, nil) {
		return w.result(w.entity(br, 0, 0, "", true, false))
	}
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
		m.reset(br)
		if err := w.entity(&m, off, 0, "", true, false); err != nil {
			return w.result(err)
		}
		if _, err := io.Copy(io.Discard, &m); err != nil {
			return w.result(err)
		}
		off += m.n + m.extra + int64(len(m.sep))
		if !m.end {
			return w.result(nil)
		}
		w.msg++
	}
}

// A walker is the state of a Walk.
type walker struct {
	fn     func(*Part) error
	in     countReader
	levels []*level
	msg    int
	part   Part
	qp     qpBody     // the decoder of the quoted-printable part being read
	b64    base64Body // the decoder of the base64 part being read
}

// A level reads the entities at one depth of nesting.
type level struct {
	src   countReader // the entity's bytes
	br    *bufio.Reader
	dec   *bufio.Reader // the decoded body of a text part
	pr    partReader    // the current part of a multipart
	start int64         // input offset of src's first byte
	hr    headerReader  // reads the entity's header (Rewrite)
	delim []byte        // "--" boundary of the entity's multipart (Rewrite)
}

// pos returns the input offset of the next byte br returns.
func (l *level) pos() int64 { return l.start + l.src.n - int64(l.br.Buffered()) }

// A countReader counts the bytes read through it and keeps the first
// error that is not io.EOF.
type countReader struct {
	r   io.Reader
	n   int64
	err error
	max int64 // when not 0, reading stops with errHeaderSize at this count (see MaxHeader)
}

func (c *countReader) Read(b []byte) (int, error) {
	if c.max > 0 {
		if c.n >= c.max {
			return 0, errHeaderSize
		}
		b = b[:min(int64(len(b)), c.max-c.n)]
	}
	n, err := c.r.Read(b)
	c.n += int64(n)
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
	return n, err
}

// result returns err, or the input's read error.
func (w *walker) result(err error) error {
	if err != nil {
		return err
	}
	return w.in.err
}

func (w *walker) level(depth int) *level {
	for len(w.levels) <= depth {
		w.levels = append(w.levels, &level{
			br:  bufio.NewReaderSize(nil, 16<<10),
			dec: bufio.NewReaderSize(nil, 16<<10),
		})
	}
	return w.levels[depth]
}

// join returns the path of part i of the entity at path.
func join(path string, i int) string {
	if path == "" {
		return strconv.Itoa(i)
	}
	return path + "." + strconv.Itoa(i)
}

// fail reports an entity that cannot be read.
func (w *walker) fail(path string, off int64, body io.Reader, err error) error {
	w.part = Part{Message: w.msg, Path: path, Offset: off, Body: body, Err: &PartError{Offset: off, Err: err}}
	return w.fn(&w.part)
}

// entity walks the entity that src reads, which starts at input offset
// start. path is its IMAP part path ("" for a message); msg says that it
// is a message (top level or message/rfc822), digest that it is a part of
// a multipart/digest. It returns fn's error or a read error.
func (w *walker) entity(src io.Reader, start int64, depth int, path string, msg, digest bool) error {
	leaf := path
	if msg {
		leaf = join(path, 1)
	}
	if depth > maxDepth {
		return w.fail(leaf, start, eofReader{}, errDepth)
	}
	l := w.level(depth)
	l.src = countReader{r: src}
	l.start = start
	l.br.Reset(&l.src)
	l.src.max = MaxHeader + int64(l.br.Size()) + 1
	th, err := textproto.ReadHeader(l.br)
	l.src.max = 0
	if err == nil && l.pos()-start > MaxHeader {
		err = errHeaderSize
	}
	if err == io.EOF {
		return w.in.err // a header and no body
	}
	if err != nil {
		if w.in.err != nil {
			return w.in.err
		}
		return w.fail(leaf, start, l.br, err)
	}
	h := message.Header{Header: th}
	mt, params := "text/plain", map[string]string(nil)
	if digest {
		mt = "message/rfc822"
	}
	if h.Has("Content-Type") {
		if mt, params, err = h.ContentType(); err != nil {
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(h.Get("Content-Type"))), "text/") {
				return w.fail(leaf, start, l.br, err)
			}
			return w.in.err
		}
	}
	disp, _, _ := h.ContentDisposition()
	att := strings.EqualFold(disp, "attachment")
	switch {
	case strings.HasPrefix(mt, "multipart/"):
		bd := params["boundary"]
		if bd == "" {
			return w.fail(leaf, start, l.br, errNoBoundary)
		}
		return w.multipart(l, []byte("--"+bd), depth, path, mt == "multipart/digest")
	case (mt == "message/rfc822" || mt == "message/global") && !att && isIdentity(cteOf(h)):
		return w.entity(l.br, l.pos(), depth+1, leaf, true, false)
	case mt == "text/plain" || mt == "text/html":
		return w.text(l, h, mt, params, leaf, att)
	}
	return w.in.err
}

// multipart walks the parts of the multipart body that l.br reads.
func (w *walker) multipart(l *level, delim []byte, depth int, path string, digest bool) error {
	start := l.pos()
	pr := &l.pr
	pr.reset(l.br, delim, true)
	if _, err := io.Copy(io.Discard, pr); err != nil { // the preamble
		return err
	}
	for i := 1; !pr.eof && !pr.closing; i++ {
		off := l.pos()
		pr.reset(l.br, delim, false)
		if err := w.entity(pr, off, depth+1, join(path, i), false, digest); err != nil {
			return err
		}
		if _, err := io.Copy(io.Discard, pr); err != nil {
			return err
		}
	}
	if pr.eof {
		if w.in.err != nil {
			return w.in.err
		}
		return w.fail(path, start, eofReader{}, errNoClose)
	}
	_, err := io.Copy(io.Discard, l.br) // the epilogue
	return err
}

// text calls fn for a text part whose header is h, whose body l.br reads.
func (w *walker) text(l *level, h message.Header, mt string, params map[string]string, path string, att bool) error {
	p := &w.part
	*p = Part{Message: w.msg, Path: path, MediaType: mt, Params: params, Attachment: att, Offset: l.pos()}
	var body io.Reader = l.br
	if cte := cteOf(h); cte == "base64" {
		w.b64.reset(fullReader{l.br}, p.Offset)
		body = &w.b64
	} else if cte == "quoted-printable" {
		w.qp.reset(l.br, p.Offset)
		body = &w.qp
	} else if !isIdentity(cte) {
		var th textproto.Header
		th.Set("Content-Transfer-Encoding", cte)
		ent, err := message.New(message.Header{Header: th}, fullReader{l.br})
		if err != nil {
			return w.fail(path, l.start, l.br, err)
		}
		body = ent.Body
	}
	l.dec.Reset(body)
	prefix, _ := l.dec.Peek(charset.PrescanLen)
	if label := params["charset"]; label == "" || isASCIILabel([]byte(label)) {
		if p.Charset, _ = charset.BOM(prefix); p.Charset == nil {
			p.Charset = charset.UTF8
		}
	} else {
		cs, _, err := charset.Detect(prefix, charset.Hint{Format: charset.FormatMail, ContentType: h.Get("Content-Type")})
		if err != nil {
			return w.fail(path, l.start, l.dec, err)
		}
		p.Charset = cs
	}
	p.Body = l.dec
	if err := w.fn(p); err != nil {
		return err
	}
	_, err := io.Copy(io.Discard, l.br)
	return err
}

// fullReader reads as much as it is asked for, up to the end of r: the
// transfer decoders above it (encoding/base64's through go-message) then
// see the same reads whatever sizes the source delivers, and decode the
// same bytes, also where the body is bad (padding inside it) and a decoder's
// output would depend on where its reads were cut.
type fullReader struct{ r io.Reader }

func (f fullReader) Read(p []byte) (int, error) {
	n, err := io.ReadFull(f.r, p)
	if err == io.ErrUnexpectedEOF {
		err = nil // the next Read returns io.EOF
	}
	return n, err
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
