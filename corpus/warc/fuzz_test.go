package warc

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// FuzzReader: the reader never panics; the records it returns tile the
// input (each header is the input's bytes at its offset, followed by the
// block and CRLF CRLF), and an error is a *FormatError whose offset is the
// start of the record it is about.
func FuzzReader(f *testing.F) {
	f.Add([]byte(rec("WARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:1>\r\n", "abc")))
	f.Add([]byte(rec("WARC-Type: response\r\nX: a\r\n b\r\n", "HTTP/1.1 200 OK\r\n\r\nx") + "WARC/1.0\r\nContent-Length: 5\r\n\r\nab"))
	f.Add([]byte("WARC/1.1\r\nContent-Length: 0\r\n\r\n\r\n\r\n"))
	f.Add([]byte("WARC/1.1\nContent-Length: 2\n\nab\r\n\r\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := NewReader(bytes.NewReader(in))
		next, prev := int64(0), int64(0)
		for {
			rc, err := r.Next()
			if err == io.EOF {
				if next != int64(len(in)) {
					t.Fatalf("EOF at %d of %d", next, len(in))
				}
				return
			}
			if err != nil {
				var fe *FormatError
				if !errors.As(err, &fe) {
					t.Fatalf("error %v is not a *FormatError", err)
				}
				// A missing CRLF CRLF is the previous record's error.
				if fe.Offset != next && (fe.Offset != prev || !errors.Is(err, ErrTrailer) && !errors.Is(err, ErrTruncated)) {
					t.Fatalf("error %v at %d, record started at %d (previous %d)", err, fe.Offset, next, prev)
				}
				return
			}
			if rc.Offset != next || !bytes.HasPrefix(in[next:], rc.Raw) {
				t.Fatalf("record at %d (want %d), header %q not the input's", rc.Offset, next, rc.Raw)
			}
			blk, err := io.ReadAll(rc.Block)
			if err != nil {
				var fe *FormatError
				if !errors.As(err, &fe) || !errors.Is(err, ErrTruncated) {
					t.Fatalf("block error %v", err)
				}
				return
			}
			end := next + int64(len(rc.Raw))
			if int64(len(blk)) != rc.Length || !bytes.Equal(in[end:end+rc.Length], blk) {
				t.Fatalf("block of %d bytes, Content-Length %d", len(blk), rc.Length)
			}
			prev, next = next, end+rc.Length+4
		}
	})
}
