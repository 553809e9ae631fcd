package mail

import (
	"bufio"
	"bytes"
	"io"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"

	"github.com/iriscan/iriscan/rewrite"
)

// maxDepth bounds the nesting of multiparts and message/rfc822 parts.
const maxDepth = 32

// job is the state of one Rewrite call; its buffers are reused from one
// message of an mbox to the next.
type job struct {
	o    *Options
	w    io.Writer
	res  rewrite.Result
	buf  []byte // the message being read
	mbox bool   // the input is an mbox

	msgOff  int64    // input offset of the message
	splices []splice // changes of the message, in order

	onMessage func(msg []byte, s []splice) // for tests

	rd  bytes.Reader
	br  *bufio.Reader // reads headers
	doc rewrite.Rewriter
	out bytes.Buffer // document output
	qp  qpWriter

	// per run of the document rewriter
	edits   []edit
	arena   []byte
	errs    []rewrite.ConvertError
	links   int
	linkPfx []byte
	u       []byte
	dels    []deletion
}

// A splice replaces the message bytes [start, end) by b.
type splice struct {
	start, end int
	b          []byte
}

func newJob(o *Options) *job {
	return &job{o: o, br: bufio.NewReaderSize(nil, 4096)}
}

// message rewrites one message, msg, which starts at input offset off, and
// writes it.
func (j *job) message(msg []byte, off int64) error {
	j.msgOff = off
	j.splices = j.splices[:0]
	j.entity(msg, 0, len(msg), 0, true, false)
	if j.onMessage != nil {
		j.onMessage(msg, j.splices)
	}
	last := 0
	for _, s := range j.splices {
		if err := j.write(msg[last:s.start]); err != nil {
			return err
		}
		if err := j.write(s.b); err != nil {
			return err
		}
		last = s.end
	}
	return j.write(msg[last:])
}

// partError reports the entity msg[s:e] as copied unchanged because of err.
func (j *job) partError(s, e int, err error) {
	if f := j.o.OnError; f != nil {
		f(&rewrite.ConvertError{
			Offset: j.msgOff + int64(s),
			Length: int64(e - s),
			Err:    &PartError{Offset: j.msgOff + int64(s), Err: err},
		})
	}
}

// entity rewrites the MIME entity msg[s:e]: its header, then its body by
// media type. digest says that it is a part of a multipart/digest, whose
// default type is message/rfc822.
func (j *job) entity(msg []byte, s, e, depth int, top, digest bool) {
	if depth > maxDepth {
		j.partError(s, e, errDepth)
		return
	}
	b := msg[s:e]
	j.rd.Reset(b)
	j.br.Reset(&j.rd)
	th, err := textproto.ReadHeader(j.br)
	if err == io.EOF {
		return // a header and no body: nothing to rewrite
	}
	if err != nil {
		j.partError(s, e, err)
		return
	}
	bs := s + len(b) - j.rd.Len() - j.br.Buffered()
	h := message.Header{Header: th}
	mt, params := "text/plain", map[string]string(nil)
	if digest {
		mt = "message/rfc822"
	}
	if h.Has("Content-Type") {
		mt, params, err = h.ContentType()
		if err != nil {
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(h.Get("Content-Type"))), "text/") {
				j.partError(s, e, err)
			}
			return
		}
	}
	if disp, _, _ := h.ContentDisposition(); strings.EqualFold(disp, "attachment") {
		return
	}
	switch {
	case strings.HasPrefix(mt, "multipart/"):
		bd := params["boundary"]
		if bd == "" {
			j.partError(s, e, errNoBoundary)
			return
		}
		j.multipart(msg, bs, e, bd, depth, mt == "multipart/digest")
	case mt == "message/rfc822" || mt == "message/global":
		if isIdentity(cteOf(h)) {
			j.entity(msg, bs, e, depth+1, false, false)
		}
	case mt == "text/plain" || mt == "text/html":
		j.textPart(msg, s, bs, e, h, mt, params, top)
	}
}

// multipart rewrites the parts of the multipart body msg[s:e].
//
// The delimiter lines are found here rather than with go-message's
// multipart reader because that reader gives the parts' content, not where
// they lie in the message: to copy every unchanged byte (preamble, epilogue,
// delimiters with their transport padding, the line ending style) and
// splice only the changed parts, the byte offsets are needed. The rules are
// those of RFC 2046 Section 5.1.1: a delimiter is "--" boundary at the
// start of a line, followed by optional "--" (the close delimiter) and
// linear white space up to the end of the line, and the line break before
// it belongs to it. Without a close delimiter the whole multipart is
// copied unchanged and reported.
func (j *job) multipart(msg []byte, s, e int, boundary string, depth int, digest bool) {
	b := msg[s:e]
	delim := "--" + boundary
	type span struct{ s, e int }
	var parts []span
	pos, cur, closed := 0, -1, false
	for !closed {
		i := bytes.Index(b[pos:], []byte(delim))
		if i < 0 {
			break
		}
		i += pos
		pos = i + 1
		if i > 0 && b[i-1] != '\n' {
			continue
		}
		k := i + len(delim)
		cl := false
		if bytes.HasPrefix(b[k:], []byte("--")) {
			cl = true
			k += 2
		}
		for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
			k++
		}
		next := k
		switch {
		case k == len(b):
		case b[k] == '\n':
			next = k + 1
		case b[k] == '\r' && k+1 < len(b) && b[k+1] == '\n':
			next = k + 2
		default:
			continue // "--boundary" followed by more: not a delimiter
		}
		pe := i
		if pe > 0 && b[pe-1] == '\n' {
			pe--
			if pe > 0 && b[pe-1] == '\r' {
				pe--
			}
		}
		if cur >= 0 {
			parts = append(parts, span{cur, max(pe, cur)})
		}
		closed = cl
		cur, pos = next, next
	}
	if !closed {
		j.partError(s, e, errNoClose)
		return
	}
	for _, p := range parts {
		j.entity(msg, s+p.s, s+p.e, depth+1, false, digest)
	}
}

// cteOf returns the Content-Transfer-Encoding of h, lowercased.
func cteOf(h message.Header) string {
	return strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding")))
}

// isIdentity reports whether the transfer encoding cte leaves the body as
// it is.
func isIdentity(cte string) bool {
	switch cte {
	case "", "7bit", "8bit", "binary":
		return true
	}
	return false
}
