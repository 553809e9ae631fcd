package markdown

import (
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/rewrite"
)

// TestRealMarkdown runs every form over the Markdown files (.md, .markdown,
// .mdown, .mkd, gzipped or not) under $IRISCAN_MARKDOWN_DIR, such as
// /usr/share/doc on Debian, with the oracle checks of run. It is skipped
// when the variable is not set.
func TestRealMarkdown(t *testing.T) {
	dir := os.Getenv("IRISCAN_MARKDOWN_DIR")
	if dir == "" {
		t.Skip("IRISCAN_MARKDOWN_DIR not set")
	}
	n := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		name := strings.TrimSuffix(path, ".gz")
		switch filepath.Ext(name) {
		case ".md", ".markdown", ".mdown", ".mkd":
		default:
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return nil
		}
		defer f.Close()
		var r io.Reader = f
		if name != path {
			zr, err := gzip.NewReader(f)
			if err != nil {
				return nil
			}
			r = zr
		}
		b, err := io.ReadAll(r)
		if err != nil {
			return nil
		}
		n++
		t.Run(path, func(t *testing.T) {
			for _, to := range []rewrite.Form{rewrite.URI, rewrite.IRI, rewrite.Display, rewrite.Link} {
				run(t, string(b), rewrite.Options{To: to})
			}
		})
		return nil
	})
	t.Logf("%d files", n)
}
