package corpus

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iriscan/iriscan/rewrite"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Run calls OnFile once per input and OnProgress at the end with the
// totals; the outputs are the rewritten documents.
func TestRun(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	writeFiles(t, src, map[string]string{
		"a.txt":        "go to http://例え.テスト/ now\n",
		"sub/b.html":   `<a href="http://bücher.example/ä">x</a>`,
		"sub/c.bin":    "\x00\x01",
		"sub/deep/d.x": "mailto:用户@例子.广告\n",
	})
	var mu sync.Mutex
	results := map[string]*FileResult{}
	var last Progress
	calls := 0
	sum, err := Run(context.Background(), Options{
		To: rewrite.URI, Sources: []string{src}, Out: out, Jobs: 2,
		OnFile: func(r *FileResult) {
			mu.Lock()
			defer mu.Unlock()
			rel, _ := filepath.Rel(src, r.Path)
			results[filepath.ToSlash(rel)] = r
		},
		OnProgress: func(p Progress) { last = p; calls++ },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 4 || calls == 0 || last != sum {
		t.Fatalf("%d results, %d progress calls (last %+v), summary %+v", len(results), calls, last, sum)
	}
	if sum.Files != 4 || sum.Converted != 3 || sum.Skipped != 1 || !sum.WalkDone || sum.FilesTotal != 4 {
		t.Errorf("summary %+v", sum)
	}
	for rel, want := range map[string]string{
		"a.txt":        "go to http://xn--r8jz45g.xn--zckzah/ now\n",
		"sub/b.html":   `<a href="http://xn--bcher-kva.example/%C3%A4">x</a>`,
		"sub/deep/d.x": "mailto:%E7%94%A8%E6%88%B7@xn--fsqu00a.xn--4rr70v\n",
	} {
		got, err := os.ReadFile(filepath.Join(out, rel))
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", rel, got, err, want)
		}
		if r := results[rel]; r == nil || r.Status != Converted || r.BytesOut != int64(len(want)) || r.Found != 1 || r.Changed != 1 {
			t.Errorf("%s: result %+v", rel, r)
		}
	}
	if r := results["sub/c.bin"]; r.Status != Skipped || !strings.HasPrefix(r.Reason, "binary") {
		t.Errorf("c.bin: %+v", r)
	}
	journal, err := os.ReadFile(filepath.Join(out, StateDir, "journal-all.jsonl"))
	if err != nil || strings.Count(string(journal), "\n") != 3 || !strings.Contains(string(journal), `"sha256":"`) {
		t.Errorf("journal %q, %v", journal, err)
	}
}

// A cancelled context stops the run with its error; nothing is left in
// the temporary directory.
func TestRunCancel(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	files := map[string]string{}
	for i := range 200 {
		files[filepath.Join("d", string(rune('a'+i%26)), time.Duration(i).String()+".txt")] = strings.Repeat("see http://例え.テスト/パス and more text\n", 2000)
	}
	writeFiles(t, src, files)
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	sum, err := Run(ctx, Options{
		Sources: []string{src}, Out: out, Jobs: 2,
		OnFile: func(*FileResult) {
			if n++; n == 3 {
				cancel()
			}
		},
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	if sum.Files >= 200 {
		t.Errorf("summary %+v: the run did not stop", sum)
	}
	ents, _ := os.ReadDir(filepath.Join(out, StateDir, "tmp"))
	if len(ents) != 0 {
		t.Errorf("%d temporary files left", len(ents))
	}
}
