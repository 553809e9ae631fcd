package corpus

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/iriscan/iriscan/rewrite"
)

// When the journal line of a converted file cannot be written (a full
// disk), the run stops, as for any failure to write the output tree, and
// the report says why: the file's line names the journal and the cause.
// Without it a run stopped by a full disk had a report of converted files
// and nothing that said what had stopped it. The journal is /dev/full,
// bind-mounted over the journal file (needs root).
func TestJournalFullReported(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "a.txt"), []byte("See http://例え.テスト/ now.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	journal := filepath.Join(out, StateDir, "journal-all.jsonl")
	os.MkdirAll(filepath.Dir(journal), 0o755)
	if err := os.WriteFile(journal, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("/dev/full", journal, "", syscall.MS_BIND, ""); err != nil {
		t.Skipf("cannot bind-mount /dev/full (needs root): %v", err)
	}
	defer syscall.Unmount(journal, 0)
	var got []*FileResult
	_, err := Run(context.Background(), Options{To: rewrite.URI, Sources: []string{src}, Out: out, Jobs: 1,
		OnFile: func(r *FileResult) { got = append(got, r) }})
	var oe *OutputError
	if !errors.As(err, &oe) || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Run: %v, want an *OutputError for the full disk", err)
	}
	if msg := err.Error(); strings.Count(msg, "journal-all.jsonl") != 1 {
		t.Errorf("error %q: want the journal named once", msg)
	}
	if len(got) != 1 || got[0].Status != Converted || !strings.Contains(got[0].Reason, "journal") ||
		!strings.Contains(got[0].Reason, "no space left on device") {
		t.Fatalf("report %+v: want a.txt converted, with the journal's failure as its reason", got)
	}
	if b, err := os.ReadFile(filepath.Join(out, "a.txt")); err != nil || !strings.Contains(string(b), "xn--r8jz45g") {
		t.Errorf("output %q, %v", b, err)
	}
}

// An OutputError around an *os.File's error names the file once: the
// file's error already carries the operation and the path.
func TestOutputErrorNamesFileOnce(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	_, werr := f.Write([]byte("x"))
	for _, tt := range []struct {
		err  *OutputError
		want string
	}{
		{&OutputError{"write", f.Name(), werr}, "write /dev/full: no space left on device"},
		{&OutputError{"rename to", "a/b.txt", syscall.EROFS}, "rename to a/b.txt: read-only file system"},
		{&OutputError{"write", "journal.jsonl", &os.PathError{Op: "write", Path: "other", Err: syscall.EIO}}, "write journal.jsonl: write other: input/output error"},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}
