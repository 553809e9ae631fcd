package warc

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

// rec builds a record as WARC 1.1 Section 4 lays it out.
func rec(fields, block string) string {
	return "WARC/1.1\r\n" + fields + "Content-Length: " + itoa(len(block)) + "\r\n\r\n" + block + "\r\n\r\n"
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestReader(t *testing.T) {
	info := rec("WARC-Type: warcinfo\r\nWARC-Record-ID: <urn:uuid:1>\r\nContent-Type: application/warc-fields\r\n", "software: test\r\n")
	resp := rec("WARC-Type: response\r\nWARC-Record-ID: <urn:uuid:2>\r\nWARC-Target-URI: http://example.org/\r\n"+
		"X-Folded: a\r\n  b\r\n", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>hi</p>")
	empty := rec("WARC-Type: metadata\r\nWARC-Record-ID: <urn:uuid:3>\r\n", "")
	in := info + resp + empty
	r := NewReader(strings.NewReader(in))
	type got struct {
		off          int64
		typ, id, blk string
	}
	var all []got
	for {
		rc, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var b []byte
		if rc.Type() != "metadata" { // left unread: Next skips it
			b, err = io.ReadAll(rc.Block)
			if err != nil {
				t.Fatal(err)
			}
		}
		if rc.Type() == "response" && rc.Header.Get("x-folded") != "a b" {
			t.Errorf("folded field %q", rc.Header.Get("x-folded"))
		}
		if !bytes.HasSuffix(rc.Raw, []byte("\r\n\r\n")) || !strings.HasPrefix(in[rc.Offset:], string(rc.Raw)) {
			t.Errorf("Raw %q is not the header at %d", rc.Raw, rc.Offset)
		}
		all = append(all, got{rc.Offset, rc.Type(), rc.ID(), string(b)})
	}
	want := []got{
		{0, "warcinfo", "<urn:uuid:1>", "software: test\r\n"},
		{int64(len(info)), "response", "<urn:uuid:2>", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>hi</p>"},
		{int64(len(info + resp)), "metadata", "<urn:uuid:3>", ""},
	}
	if len(all) != len(want) {
		t.Fatalf("%d records, want %d", len(all), len(want))
	}
	for i := range want {
		if all[i] != want[i] {
			t.Errorf("record %d: %+v, want %+v", i, all[i], want[i])
		}
	}
}

func TestReaderErrors(t *testing.T) {
	ok := rec("WARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:1>\r\n", "0123456789")
	for _, c := range []struct {
		name string
		in   string
		err  error
		off  int64
		id   string
	}{
		{"truncated block", ok + ok[:len(ok)-8], ErrTruncated, int64(len(ok)), "<urn:uuid:1>"},
		{"truncated trailer", ok + ok[:len(ok)-2], ErrTruncated, int64(len(ok)), "<urn:uuid:1>"},
		{"truncated header", ok + "WARC/1.1\r\nWARC-Type: x\r\n", ErrTruncated, int64(len(ok)), ""},
		{"no version", "HTTP/1.1 200 OK\r\n\r\n", ErrVersion, 0, ""},
		{"no length", "WARC/1.1\r\nWARC-Type: x\r\n\r\n\r\n\r\n", ErrLength, 0, ""},
		{"negative length", "WARC/1.1\r\nContent-Length: -1\r\n\r\n", ErrLength, 0, ""},
		{"bad field", "WARC/1.1\r\nno colon here\r\n\r\n", ErrHeader, 0, ""},
		{"bad trailer", strings.Replace(ok, "0123456789\r\n\r\n", "0123456789XXXX", 1), ErrTrailer, 0, "<urn:uuid:1>"},
		{"header too long", "WARC/1.1\r\nX: " + strings.Repeat("a", MaxHeader) + "\r\n\r\n", ErrTooLong, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(c.in))
			var err error
			for err == nil {
				var rc *Record
				rc, err = r.Next()
				if err == nil {
					_, err = io.Copy(io.Discard, rc.Block)
				}
			}
			var fe *FormatError
			if !errors.As(err, &fe) || !errors.Is(err, c.err) || fe.Offset != c.off || fe.RecordID != c.id {
				t.Errorf("error %v, want %v at %d for %q", err, c.err, c.off, c.id)
			}
		})
	}
}

// Records written are read back the same; with gzip, each is one member.
func TestWriterRoundTrip(t *testing.T) {
	for _, gz := range []bool{false, true} {
		var buf bytes.Buffer
		w := NewWriter(&buf, gz)
		blocks := []string{"first block", "", strings.Repeat("x", 100000)}
		for i, b := range blocks {
			h := FormatHeader("WARC/1.1", Header{{"WARC-Type", "resource"}, {"WARC-Record-ID", "<urn:uuid:" + itoa(i) + ">"}, {"Content-Length", itoa(len(b))}})
			if err := w.Begin(h); err != nil {
				t.Fatal(err)
			}
			io.WriteString(w, b)
			if err := w.End(); err != nil {
				t.Fatal(err)
			}
		}
		var src io.Reader = &buf
		members := 0
		if gz {
			data := buf.Bytes()
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			zr.Multistream(false)
			br := bytes.NewReader(data)
			zr.Reset(br)
			zr.Multistream(false)
			var plain bytes.Buffer
			for {
				members++
				io.Copy(&plain, zr)
				if err := zr.Reset(br); err == io.EOF {
					break
				}
				zr.Multistream(false)
			}
			src = &plain
		}
		r := NewReader(src)
		for i, want := range blocks {
			rc, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(rc.Block)
			if string(got) != want || rc.ID() != "<urn:uuid:"+itoa(i)+">" {
				t.Errorf("gzip %v record %d: %q", gz, i, got)
			}
		}
		if _, err := r.Next(); err != io.EOF {
			t.Errorf("after the last record: %v", err)
		}
		if gz && members != len(blocks) {
			t.Errorf("%d gzip members, want one per record (%d)", members, len(blocks))
		}
	}
}
