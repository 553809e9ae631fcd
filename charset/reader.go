package charset

import (
	"errors"
	"io"
	"unsafe"

	"golang.org/x/text/transform"
)

// A Reader decodes a stream chunk by chunk in constant memory: each call
// to Next returns the next piece of UTF-8 text, and Map maps offsets in it
// (and in any earlier text the caller keeps, see SetKeep) back to source
// byte offsets. UTF-8 input that is valid is returned straight from the
// read buffer, without a copy.
type Reader struct {
	d    *Decoder
	r    io.Reader
	src  []byte // read buffer; src[s0:s1] is read but not decoded
	s0   int
	s1   int
	dst  []byte
	rerr error  // the error of the last read, io.EOF at the end
	err  error  // the error to return from the next Next
	keep int64  // see SetKeep; -1 when unset
	u    *Units // see SetUnits
	rest []byte // with Read: what Read has not yet copied of Next's chunk

	inMemory bool // src is the whole document, not a buffer
}

// ReaderBufSize is the size of a Reader's read buffer, which bounds the
// source bytes in one chunk.
const ReaderBufSize = 64 << 10

// NewReader returns a Reader that decodes r from charset cs.
func NewReader(r io.Reader, cs *Charset) *Reader {
	return &Reader{
		d:    cs.NewDecoder(),
		r:    r,
		src:  make([]byte, ReaderBufSize),
		keep: -1,
	}
}

// NewReaderBytes returns a Reader that decodes a document held in memory.
// It reads nothing and copies nothing it need not: valid UTF-8 text is
// returned as slices of src. Chunks are at most ReaderBufSize source
// bytes, as with NewReader.
func NewReaderBytes(src []byte, cs *Charset) *Reader {
	return &Reader{d: cs.NewDecoder(), src: src, s1: len(src), rerr: io.EOF, keep: -1, inMemory: true}
}

// Reset makes the reader decode src from the start, with an empty map and
// report; it keeps the buffers, the charset and the decoder's settings.
func (r *Reader) Reset(src io.Reader) {
	r.d.Reset()
	buf := r.src
	if r.inMemory {
		buf = make([]byte, ReaderBufSize)
	}
	*r = Reader{d: r.d, r: src, src: buf, dst: r.dst, keep: -1, u: r.u}
}

// ResetBytes makes the reader decode the document src, held in memory,
// as NewReaderBytes does.
func (r *Reader) ResetBytes(src []byte) {
	r.d.Reset()
	*r = Reader{d: r.d, src: src, s1: len(src), rerr: io.EOF, dst: r.dst, keep: -1, inMemory: true, u: r.u}
}

// Decoder returns the reader's decoder: set its Strict and MaxReport
// fields before the first Next, and read its report of invalid sequences.
func (r *Reader) Decoder() *Decoder { return r.d }

// Map returns the offset map. It holds the chunk Next returned last, and
// from SetKeep's offset on if that is earlier.
func (r *Reader) Map() *Map { return &r.d.m }

// SetKeep asks Next to keep the map from decoded offset d on, for a
// consumer that looks at text across chunks; by default Next drops the
// map of earlier chunks. The consumer moves d forward as it advances.
func (r *Reader) SetKeep(d int64) { r.keep = d }

// SetUnits makes Next count each chunk it returns into u, as u.Add would
// (nil: no counting). For UTF-8 input this is one pass over the bytes
// with the validation Next does anyway, cheaper than Add after Next. The
// caller resets u for a new stream and calls its Discard.
func (r *Reader) SetUnits(u *Units) { r.u = u }

// Next returns the next chunk of decoded text. Its offsets start at
// Map().DecodedEnd() before the call. The text is valid until the next
// call. At the end of the stream Next returns (nil, io.EOF). If decoding
// or reading fails, Next returns the text decoded before the failure with
// the error.
func (r *Reader) Next() ([]byte, error) {
	if r.err != nil {
		return nil, r.err
	}
	m := &r.d.m
	drop := m.decEnd
	if r.keep >= 0 && r.keep < drop {
		drop = r.keep
	}
	m.Discard(drop)
	for {
		if r.s1-r.s0 < len(r.src)/2 && r.rerr == nil {
			r.fill()
		}
		if r.s0 == r.s1 && r.rerr != nil {
			if r.rerr == io.EOF {
				r.err = io.EOF
			} else {
				r.err = r.rerr
			}
			return nil, r.err
		}
		end := r.s1
		if r.inMemory {
			end = min(end, r.s0+ReaderBufSize)
		}
		atEOF := r.rerr != nil && end == r.s1
		// UTF-8 fast path: the valid prefix is the text.
		if r.d.cs.kind == kindUTF8 && r.d.started {
			var n int
			if r.u != nil {
				n = r.u.AddValid(r.src[r.s0:end])
			} else {
				n = validUTF8(r.src[r.s0:end])
			}
			if n > 0 {
				text := r.src[r.s0 : r.s0+n]
				m.add(n, 1, 1, stASCII)
				r.s0 += n
				return text, nil
			}
		}
		if need := 4*(end-r.s0) + 16; len(r.dst) < need {
			r.dst = make([]byte, need)
		}
		nDst, nSrc, err := r.d.Transform(r.dst, r.src[r.s0:end], atEOF)
		r.s0 += nSrc
		switch err {
		case nil, transform.ErrShortDst:
		case transform.ErrShortSrc:
			if atEOF {
				err = errors.New("charset: internal error: short source at EOF")
			} else if nDst == 0 && nSrc == 0 && (r.inMemory || r.s0 == 0 && r.s1 == len(r.src)) {
				err = errors.New("charset: internal error: no progress")
			} else {
				err = nil
				if nDst == 0 {
					r.fill()
					continue
				}
			}
		}
		if r.u != nil {
			r.u.Add(r.dst[:nDst])
		}
		if err != nil {
			r.err = err
			return r.dst[:nDst], err
		}
		if nDst > 0 {
			return r.dst[:nDst], nil
		}
	}
}

// Read reads decoded text into p: the text Next returns, in pieces, with
// the same Map, SetKeep and SetUnits, so that a Reader is an io.Reader of
// UTF-8 text. Do not mix calls of Read and Next.
//
// For UTF-8 input (after its byte order mark) that is valid, Read reads
// the source straight into p and validates it there: nothing is copied
// but by the kernel, into an address aligned to 64 bytes (a read into an
// unaligned one costs the kernel three times as much on common x86
// processors), the bytes before it read first on their own. The bytes of
// a sequence cut off at the end of p, and anything from an invalid byte
// on, are kept and decoded by the next call.
func (r *Reader) Read(p []byte) (int, error) {
	if len(r.rest) == 0 && len(p) >= minDirectRead && r.direct() {
		if n := r.readDirect(p); n > 0 {
			return n, nil
		}
	}
	for len(r.rest) == 0 {
		b, err := r.Next()
		r.rest = b
		if len(b) == 0 && err != nil {
			return 0, err
		}
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}

// minDirectRead is the least room in p for which Read reads the source
// into p.
const minDirectRead = 4 << 10

// direct reports whether Read may read the source straight into the
// caller's buffer: UTF-8 input past its byte order mark, read from an
// io.Reader, nothing pending but a few bytes of a sequence cut off.
func (r *Reader) direct() bool {
	return r.d.cs.kind == kindUTF8 && r.d.started && !r.inMemory &&
		r.err == nil && r.rerr == nil && r.s1-r.s0 < utf8MaxLen
}

const utf8MaxLen = 4

// readDirect is Read's path for valid UTF-8: it returns the length of the
// text read into p, or 0 when Next must go on (an invalid sequence, the
// end of the input, an error), the bytes not returned being left in the
// read buffer for it.
func (r *Reader) readDirect(p []byte) int {
	m := &r.d.m
	drop := m.decEnd
	if r.keep >= 0 && r.keep < drop {
		drop = r.keep
	}
	m.Discard(drop)
	// The bytes of a sequence the last call cut off come first.
	c := copy(p, r.src[r.s0:r.s1])
	r.s0, r.s1 = 0, 0
	limit := min(len(p), len(r.src)) // what stays in the caller's cache
	a := c + int(-uintptr(unsafe.Pointer(&p[c]))&63)
	total := c
	if a > c {
		k, err := r.r.Read(p[c:a])
		total += k
		if err != nil {
			r.rerr = err
		}
	}
	if total == a && r.rerr == nil {
		k, err := r.r.Read(p[a:limit])
		total += k
		if err != nil {
			r.rerr = err
		}
	}
	var n int
	if r.u != nil {
		n = r.u.AddValid(p[:total])
	} else {
		n = validUTF8(p[:total])
	}
	// The rest, for the next call or for Next.
	r.s1 = copy(r.src, p[n:total])
	if n > 0 {
		m.add(n, 1, 1, stASCII)
	}
	return n
}

// fill moves the undecoded bytes to the front and reads more.
func (r *Reader) fill() {
	if r.rerr != nil {
		return
	}
	if r.s0 > 0 {
		r.s1 = copy(r.src, r.src[r.s0:r.s1])
		r.s0 = 0
	}
	for tries := 0; r.s1 < len(r.src); tries++ {
		if tries == 100 {
			r.rerr = io.ErrNoProgress
			return
		}
		n, err := r.r.Read(r.src[r.s1:])
		r.s1 += n
		if err != nil {
			r.rerr = err
			return
		}
		if n > 0 {
			return
		}
	}
}
