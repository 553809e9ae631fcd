package corpus

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/sha1"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"

	"github.com/iriscan/iriscan/corpus/warc"
	"github.com/iriscan/iriscan/rewrite"
)

var update = flag.Bool("update", false, "rewrite the WARC samples in testdata/warc")

// warcRecord formats one record as WARC 1.1 Section 4 lays it out.
func warcRecord(typ, id string, fields []string, block string) string {
	h := "WARC/1.1\r\nWARC-Type: " + typ + "\r\nWARC-Record-ID: <urn:uuid:" + id + ">\r\nWARC-Date: 2026-01-02T03:04:05Z\r\n"
	for _, f := range fields {
		h += f + "\r\n"
	}
	return h + "Content-Length: " + strconv.Itoa(len(block)) + "\r\n\r\n" + block + "\r\n\r\n"
}

func gz(b string) string {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(b))
	zw.Close()
	return buf.String()
}

func chunked(b string, size int) string {
	var s strings.Builder
	for len(b) > 0 {
		n := min(size, len(b))
		fmt.Fprintf(&s, "%x\r\n%s\r\n", n, b[:n])
		b = b[n:]
	}
	s.WriteString("0\r\n\r\n")
	return s.String()
}

const target = "WARC-Target-URI: http://example.org/"

// sampleWARC returns a WARC file with every kind of record, and the IDs of
// the records that get a conversion record.
func sampleWARC(t *testing.T) (string, []string) {
	sjis, err := japanese.ShiftJIS.NewEncoder().String(`<html><head><meta charset="shift_jis"></head><body><a href="http://例え.テスト/パス?q=値">日本</a></body></html>`)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	io.WriteString(zw, "deflated http://例え.テスト/ text")
	zw.Close()
	text := "See http://例え.テスト/パス and https://bücher.example/.\n"
	html := `<p><a href="http://例え.テスト/">x</a> http://例え.テスト/ text</p>`
	recs := []string{
		warcRecord("warcinfo", "00000000-0000-4000-8000-000000000000", []string{"Content-Type: application/warc-fields"}, "software: test\r\n"),
		warcRecord("request", "00000000-0000-4000-8000-000000000001", []string{target + "a", "Content-Type: application/http; msgtype=request"}, "GET /a HTTP/1.1\r\nHost: example.org\r\n\r\n"),
		// Shift_JIS by its HTTP charset, gzip content coding, chunked.
		warcRecord("response", "00000000-0000-4000-8000-000000000002", []string{target + "a", "Content-Type: application/http; msgtype=response"},
			"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=Shift_JIS\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"+chunked(gz(sjis), 7)),
		warcRecord("response", "00000000-0000-4000-8000-000000000003", []string{target + "b.txt", "Content-Type: application/http;msgtype=response"},
			"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: "+strconv.Itoa(len(text))+"\r\n\r\n"+text),
		warcRecord("response", "00000000-0000-4000-8000-000000000004", []string{target + "c.png", "Content-Type: application/http; msgtype=response"},
			"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\x00\x00"),
		warcRecord("resource", "00000000-0000-4000-8000-000000000005", []string{target + "d.html", "Content-Type: text/html"}, html),
		warcRecord("revisit", "00000000-0000-4000-8000-000000000006", []string{target + "d.html", "WARC-Refers-To: <urn:uuid:00000000-0000-4000-8000-000000000005>", "WARC-Profile: http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"}, ""),
		warcRecord("metadata", "00000000-0000-4000-8000-000000000007", []string{"Content-Type: application/warc-fields"}, "via: http://example.org/\r\n"),
		warcRecord("response", "00000000-0000-4000-8000-000000000008", []string{target + "e", "Content-Type: application/http; msgtype=response", "WARC-Truncated: length"},
			"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=\"http://例え.テスト/\">"),
		warcRecord("response", "00000000-0000-4000-8000-000000000009", []string{target + "f", "Content-Type: application/http; msgtype=response"},
			"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: br\r\n\r\n\x0b\x02\x80"),
		warcRecord("response", "00000000-0000-4000-8000-00000000000a", []string{target + "g", "Content-Type: application/http; msgtype=response"},
			"HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Encoding: deflate\r\n\r\n"+z.String()),
	}
	return strings.Join(recs, ""), []string{"2", "3", "5", "a"}
}

// gzipMembers compresses each record in its own gzip member.
func gzipMembers(t *testing.T, plain string) []byte {
	var out bytes.Buffer
	r := warc.NewReader(strings.NewReader(plain))
	w := warc.NewWriter(&out, true)
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return out.Bytes()
		}
		if err != nil {
			t.Fatal(err)
		}
		w.Begin(rec.Raw)
		io.Copy(w, rec.Block)
		w.End()
	}
}

type readRec struct {
	raw    string
	header warc.Header
	block  []byte
}

func readAll(t *testing.T, b []byte) []readRec {
	t.Helper()
	var recs []readRec
	r := warc.NewReader(bytes.NewReader(b))
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return recs
		}
		if err != nil {
			t.Fatal(err)
		}
		blk, err := io.ReadAll(rec.Block)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, readRec{string(rec.Raw), rec.Header, blk})
	}
}

// TestWARC converts a WARC file: every input record comes out byte for
// byte, in order, and after each text or HTML response or resource record
// comes a conversion record whose fields WARC 1.1 defines: its own ID,
// WARC-Refers-To the original, the original's target URI and date, the
// warcinfo record added at the start, digests and length of its block.
func TestWARC(t *testing.T) {
	plain, converted := sampleWARC(t)
	for _, c := range []struct {
		name, file string
		data       []byte
	}{
		{"warc", "crawl.warc", []byte(plain)},
		{"warc.gz", "crawl.warc.gz", gzipMembers(t, plain)},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, out := t.TempDir(), t.TempDir()
			if *update {
				os.WriteFile(filepath.Join("testdata", "warc", c.file), c.data, 0o644)
			}
			os.WriteFile(filepath.Join(src, c.file), c.data, 0o644)
			var res *FileResult
			_, err := Run(context.Background(), Options{
				To: rewrite.URI, Sources: []string{src}, Out: out, Version: "iriscan test",
				OnFile: func(r *FileResult) { res = r },
			})
			if err != nil || res.Status != Converted {
				t.Fatalf("%v, %+v", err, res)
			}
			got, _ := os.ReadFile(filepath.Join(out, c.file))
			if strings.HasSuffix(c.file, ".gz") {
				members := 0
				br := bytes.NewReader(got)
				zr, _ := gzip.NewReader(br)
				var plain bytes.Buffer
				for {
					zr.Multistream(false)
					io.Copy(&plain, zr)
					members++
					if zr.Reset(br) == io.EOF {
						break
					}
				}
				got = plain.Bytes()
				if want := 1 + 11 + len(converted); members != want {
					t.Errorf("%d gzip members, want one per record, %d", members, want)
				}
			}
			recs := readAll(t, got)
			in := readAll(t, []byte(plain))
			info := recs[0]
			if info.header.Get("WARC-Type") != "warcinfo" || !bytes.Contains(info.block, []byte("software: iriscan test\r\n")) {
				t.Errorf("first record %q", info.raw)
			}
			infoID := info.header.Get("WARC-Record-ID")
			i := 1
			for _, orig := range in {
				if i >= len(recs) || recs[i].raw != orig.raw || !bytes.Equal(recs[i].block, orig.block) {
					t.Fatalf("record %d is not the input's %q", i, orig.raw)
				}
				i++
				id := orig.header.Get("WARC-Record-ID")
				want := false
				for _, c := range converted {
					want = want || strings.HasSuffix(id, c+">")
				}
				if !want {
					if i < len(recs) && recs[i].header.Get("WARC-Type") == "conversion" {
						t.Errorf("conversion record after %s", id)
					}
					continue
				}
				conv := recs[i]
				i++
				h := conv.header
				sum := sha1.Sum(conv.block)
				for _, f := range []struct{ name, want string }{
					{"WARC-Type", "conversion"},
					{"WARC-Refers-To", id},
					{"WARC-Target-URI", orig.header.Get("WARC-Target-URI")},
					{"WARC-Date", orig.header.Get("WARC-Date")},
					{"WARC-Warcinfo-ID", infoID},
					{"WARC-Block-Digest", warc.Digest(sum[:])},
					{"WARC-Payload-Digest", warc.Digest(sum[:])},
					{"Content-Length", strconv.Itoa(len(conv.block))},
				} {
					if got := h.Get(f.name); got != f.want {
						t.Errorf("conversion of %s: %s %q, want %q", id, f.name, got, f.want)
					}
				}
				if cid := h.Get("WARC-Record-ID"); cid == id || !strings.HasPrefix(cid, "<urn:uuid:") {
					t.Errorf("conversion of %s has ID %s", id, cid)
				}
			}
			if i != len(recs) {
				t.Errorf("%d records, read %d", len(recs), i)
			}
			// The documents, decoded and rewritten (Section 3.6 URIs; a
			// Shift_JIS query in Shift_JIS, Section 3.5).
			for _, w := range []struct{ refers, ct, block string }{
				{"2", "text/html; charset=shift_jis", `<a href="http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9?q=%92l">`},
				{"3", "text/plain; charset=utf-8", "See http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9 and https://xn--bcher-kva.example/.\n"},
				{"5", "text/html; charset=utf-8", `<p><a href="http://xn--r8jz45g.xn--zckzah/">x</a> http://例え.テスト/ text</p>`},
				{"a", "text/plain; charset=utf-8", "deflated http://xn--r8jz45g.xn--zckzah/ text"},
			} {
				found := false
				for _, r := range recs {
					if r.header.Get("WARC-Type") == "conversion" && strings.HasSuffix(r.header.Get("WARC-Refers-To"), w.refers+">") {
						found = true
						if r.header.Get("Content-Type") != w.ct || !bytes.Contains(r.block, []byte(w.block)) {
							t.Errorf("conversion of %s: %s %q, want %s with %q", w.refers, r.header.Get("Content-Type"), r.block, w.ct, w.block)
						}
					}
				}
				if !found {
					t.Errorf("no conversion of %s", w.refers)
				}
			}
			// Records passed through for a reason are reported with their IDs.
			var ids []string
			for _, e := range res.Errors {
				ids = append(ids, e.RecordID)
			}
			if fmt.Sprint(ids) != "[<urn:uuid:00000000-0000-4000-8000-000000000008> <urn:uuid:00000000-0000-4000-8000-000000000009>]" {
				t.Errorf("errors name records %v", ids)
			}
			if res.Records["response"] != 6 || res.Records["conversion (added)"] != 4 {
				t.Errorf("records %v", res.Records)
			}
		})
	}
}

// A truncated last record fails the file, with its offset and ID in the
// report; no output is written. Conversions-only writes only warcinfo and
// conversion records.
func TestWARCTruncatedAndConversionsOnly(t *testing.T) {
	plain, _ := sampleWARC(t)
	last := strings.LastIndex(plain, "WARC/1.1\r\n")
	src, out := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(src, "cut.warc"), []byte(plain[:len(plain)-20]), 0o644)
	os.WriteFile(filepath.Join(src, "cut.warc.gz"), gzipMembers(t, plain)[:len(gzipMembers(t, plain))-30], 0o644)
	os.WriteFile(filepath.Join(src, "whole.warc"), []byte(plain), 0o644)
	results := map[string]*FileResult{}
	Run(context.Background(), Options{
		Sources: []string{src}, Out: out, WARCOutput: WARCConversionsOnly,
		OnFile: func(r *FileResult) { results[filepath.Base(r.Path)] = r },
	})
	r := results["cut.warc"]
	if r.Status != Failed || len(r.Errors) == 0 || r.Errors[len(r.Errors)-1].Offset != int64(last) ||
		r.Errors[len(r.Errors)-1].RecordID != "<urn:uuid:00000000-0000-4000-8000-00000000000a>" || !strings.Contains(r.Reason, "truncated") {
		t.Errorf("cut.warc: %+v", r)
	}
	if r := results["cut.warc.gz"]; r.Status != Failed {
		t.Errorf("cut.warc.gz: %+v", r)
	}
	for _, f := range []string{"cut.warc", "cut.warc.gz"} {
		if _, err := os.Stat(filepath.Join(out, f)); err == nil {
			t.Errorf("%s written", f)
		}
	}
	got, _ := os.ReadFile(filepath.Join(out, "whole.warc"))
	var types []string
	for _, r := range readAll(t, got) {
		types = append(types, r.header.Get("WARC-Type"))
	}
	if fmt.Sprint(types) != "[warcinfo conversion conversion conversion conversion]" {
		t.Errorf("conversions-only: %v", types)
	}
}

// An HTTP header over 1 MiB is not parsed: the record is copied and
// reported, not converted.
func TestWARCLongHTTPHeader(t *testing.T) {
	block := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Long: " + strings.Repeat("a", 2<<20) + "\r\n\r\n<a href=\"http://例え.テスト/\">x</a>"
	in := warcRecord("response", "1", []string{target, "Content-Type: application/http; msgtype=response"}, block)
	src, out := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(src, "long.warc"), []byte(in), 0o644)
	var res *FileResult
	Run(context.Background(), Options{Sources: []string{src}, Out: out, OnFile: func(r *FileResult) { res = r }})
	if res.Status != Converted || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, "longer than 1 MiB") || res.Records["conversion (added)"] != 0 {
		t.Errorf("%+v", res)
	}
	got, _ := os.ReadFile(filepath.Join(out, "long.warc"))
	if !bytes.Contains(got, []byte(in)) {
		t.Error("the record was not copied")
	}
}
