package corpus

import (
	"bytes"
	"context"
	"crypto/sha1"
	"errors"
	"io"
	"testing"

	"github.com/iriscan/iriscan/corpus/warc"
)

// FuzzWARC converts arbitrary WARC input. It never panics; a failure is a
// *warc.FormatError; a success copies every input record byte for byte, in
// order, and each record it adds (the warcinfo first, then conversion
// records, each after the record it refers to) has a correct block digest
// and length.
func FuzzWARC(f *testing.F) {
	plain, _ := sampleWARC(&testing.T{})
	f.Add([]byte(plain))
	f.Add([]byte(warcRecord("response", "1", []string{target, "Content-Type: application/http; msgtype=response"},
		"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1252\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<a hr\r\n0\r\n\r\n")))
	f.Add([]byte(warcRecord("resource", "2", []string{"Content-Type: text/plain"}, "http://例え.テスト/")))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := &run{o: &Options{Version: "fuzz"}, ctx: context.Background()}
		w := newWorker(r)
		w.res = &FileResult{}
		var out bytes.Buffer
		err := w.convertWARC(bytes.NewReader(in), &out, false, &unit{rel: "f.warc", out: "f.warc"})
		if err != nil {
			var fe *warc.FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *warc.FormatError", err)
			}
			return
		}
		// The input records, whole, in order.
		type rec struct {
			raw, blk string
			id       string
		}
		var want []rec
		src := warc.NewReader(bytes.NewReader(in))
		for {
			r, err := src.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("input read again: %v", err)
			}
			b, _ := io.ReadAll(r.Block)
			want = append(want, rec{string(r.Raw), string(b), r.ID()})
		}
		dst := warc.NewReader(&out)
		next := 0
		for i := 0; ; i++ {
			got, err := dst.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("output record %d: %v", i, err)
			}
			blk, err := io.ReadAll(got.Block)
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 && next < len(want) && want[next].raw == string(got.Raw) && want[next].blk == string(blk) {
				next++
				continue
			}
			// An added record: the warcinfo first, or a conversion of the
			// record just copied.
			if i == 0 && got.Type() != "warcinfo" || i > 0 && (got.Type() != "conversion" || next == 0 || got.Header.Get("WARC-Refers-To") != want[next-1].id) {
				t.Fatalf("output record %d %q is neither the next input record nor an added one", i, got.Raw)
			}
			sum := sha1.Sum(blk)
			if got.Header.Get("WARC-Block-Digest") != warc.Digest(sum[:]) {
				t.Fatalf("added record %d: digest %s", i, got.Header.Get("WARC-Block-Digest"))
			}
		}
		if next != len(want) {
			t.Fatalf("%d of %d input records copied", next, len(want))
		}
	})
}
