// Package warc reads and writes WARC files (ISO 28500, WARC 1.1): a
// sequence of records, each a version line, named header fields, an empty
// line, a block of Content-Length bytes and two CRLFs.
//
// The Reader keeps each record's header exactly as it was (field order,
// case, spacing, continuation lines) and streams its block, so that a
// record can be copied byte for byte whatever its size. It reads an
// uncompressed stream; a .warc.gz file (one gzip member per record) is
// read through compress/gzip, which joins the members. The Writer writes
// records, each in its own gzip member when asked, as the WARC standard's
// Annex D recommends, so that CDX offsets give random access.
package warc

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxHeader bounds the size of a record header, in bytes.
const MaxHeader = 1 << 20

// Errors of the Reader; each is wrapped in a *FormatError with its offset.
var (
	ErrVersion   = errors.New("no WARC version line")
	ErrHeader    = errors.New("malformed header field")
	ErrTooLong   = errors.New("record header too long")
	ErrLength    = errors.New("missing or malformed Content-Length")
	ErrTruncated = errors.New("record truncated: the file ends inside it")
	ErrTrailer   = errors.New("record not followed by CRLF CRLF")
)

// A FormatError is a malformed or truncated record.
type FormatError struct {
	Offset   int64  // of the record's first byte
	RecordID string // its WARC-Record-ID, when the header was read
	Err      error
}

func (e *FormatError) Error() string {
	if e.RecordID != "" {
		return fmt.Sprintf("WARC record %s at byte %d: %v", e.RecordID, e.Offset, e.Err)
	}
	return fmt.Sprintf("WARC record at byte %d: %v", e.Offset, e.Err)
}

func (e *FormatError) Unwrap() error { return e.Err }

// A Field is one named field of a record header.
type Field struct {
	Name, Value string
}

// A Header is the named fields of a record, in order.
type Header []Field

// Get returns the value of the first field called name (case-insensitive),
// or "".
func (h Header) Get(name string) string {
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// A Record is one record of a WARC file.
type Record struct {
	Offset  int64  // of its first byte in the (uncompressed) stream
	Version string // "WARC/1.1", "WARC/1.0"…
	Header  Header
	// Raw is the header exactly as read: version line, fields, empty
	// line. Valid until the next call of Next.
	Raw []byte
	// Length is the block's length, from Content-Length.
	Length int64
	// Block reads the block; at its end, a truncated file is
	// ErrTruncated (in a *FormatError). Next skips what is not read.
	Block io.Reader
}

// Type returns the WARC-Type of the record.
func (r *Record) Type() string { return r.Header.Get("WARC-Type") }

// ID returns the WARC-Record-ID of the record.
func (r *Record) ID() string { return r.Header.Get("WARC-Record-ID") }

// A Reader reads the records of a WARC stream.
type Reader struct {
	br   *bufio.Reader
	off  int64
	raw  []byte
	blk  blockReader
	cur  *Record
	err  error
	next int64 // offset of the next record
}

// NewReader returns a Reader of the uncompressed WARC stream r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10)}
}

// Next returns the next record, or io.EOF at the clean end of the stream.
// The previous record's block is skipped if not read.
func (r *Reader) Next() (*Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.cur != nil {
		if _, err := io.Copy(io.Discard, &r.blk); err != nil {
			r.err = err
			return nil, err
		}
		if err := r.trailer(); err != nil {
			r.err = err
			return nil, err
		}
		r.cur = nil
	}
	rec, err := r.header()
	if err != nil {
		r.err = err
		return nil, err
	}
	r.cur = rec
	return rec, nil
}

// trailer reads the CRLF CRLF after the current block.
func (r *Reader) trailer() error {
	var b [4]byte
	n, err := io.ReadFull(r.br, b[:])
	r.off += int64(n)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return &FormatError{r.cur.Offset, r.cur.ID(), ErrTruncated}
	}
	if err != nil {
		return err
	}
	if string(b[:]) != "\r\n\r\n" {
		return &FormatError{r.cur.Offset, r.cur.ID(), ErrTrailer}
	}
	return nil
}

// line reads one line, with its end, appending it to r.raw.
func (r *Reader) line(start int64) ([]byte, error) {
	begin := len(r.raw)
	for {
		b, err := r.br.ReadSlice('\n')
		r.raw = append(r.raw, b...)
		r.off += int64(len(b))
		if len(r.raw) > MaxHeader {
			return nil, &FormatError{Offset: start, Err: ErrTooLong}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return r.raw[begin:], err
		}
		return r.raw[begin:], nil
	}
}

func (r *Reader) header() (*Record, error) {
	start := r.off
	r.raw = r.raw[:0]
	l, err := r.line(start)
	if err == io.EOF && len(l) == 0 {
		return nil, io.EOF
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	v := trimEOL(l)
	if !bytes.HasPrefix(v, []byte("WARC/")) || err == io.EOF {
		if err == io.EOF {
			return nil, &FormatError{Offset: start, Err: ErrTruncated}
		}
		return nil, &FormatError{Offset: start, Err: ErrVersion}
	}
	rec := &Record{Offset: start, Version: string(v)}
	for {
		l, err := r.line(start)
		if err == io.EOF {
			return nil, &FormatError{start, rec.ID(), ErrTruncated}
		}
		if err != nil {
			return nil, err
		}
		t := trimEOL(l)
		if len(t) == 0 {
			break
		}
		if t[0] == ' ' || t[0] == '\t' { // continuation (LWS)
			if len(rec.Header) == 0 {
				return nil, &FormatError{start, "", ErrHeader}
			}
			f := &rec.Header[len(rec.Header)-1]
			f.Value += " " + string(bytes.TrimSpace(t))
			continue
		}
		name, value, ok := bytes.Cut(t, []byte(":"))
		if !ok || len(name) == 0 || bytes.ContainsAny(name, " \t") {
			return nil, &FormatError{start, rec.ID(), ErrHeader}
		}
		rec.Header = append(rec.Header, Field{string(name), string(bytes.TrimSpace(value))})
	}
	n, err := strconv.ParseInt(rec.Header.Get("Content-Length"), 10, 64)
	if err != nil || n < 0 {
		return nil, &FormatError{start, rec.ID(), ErrLength}
	}
	rec.Length = n
	rec.Raw = r.raw
	r.blk = blockReader{r: r, rec: rec, left: n}
	rec.Block = &r.blk
	return rec, nil
}

func trimEOL(l []byte) []byte {
	l = bytes.TrimSuffix(l, []byte("\n"))
	return bytes.TrimSuffix(l, []byte("\r"))
}

// blockReader reads the block of the current record.
type blockReader struct {
	r    *Reader
	rec  *Record
	left int64
}

func (b *blockReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.br.Read(p)
	b.left -= int64(n)
	b.r.off += int64(n)
	if err == io.EOF {
		if b.left > 0 {
			return n, &FormatError{b.rec.Offset, b.rec.ID(), ErrTruncated}
		}
		err = nil
	}
	return n, err
}

// Digest returns a WARC digest of data read from h: "sha1:" and the
// base32 SHA-1, as WARC 1.1 Section 5.8 shows and crawlers write.
func Digest(sum []byte) string {
	return "sha1:" + base32.StdEncoding.EncodeToString(sum)
}

// NewDigest returns the hash Digest expects.
var NewDigest = sha1.New
