package corpus

import (
	"bufio"
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/detect"
)

// run is the state Run shares with the walker and the workers.
type run struct {
	o      *Options
	st     *state
	ctx    context.Context
	cancel context.CancelCauseFunc

	files, bytes atomic.Int64 // inputs found so far, and their size

	rootsMu sync.Mutex
	roots   []*os.Root // the sources, open until the workers are done
}

// keep holds root open until the end of the run.
func (r *run) keep(root *os.Root) {
	r.rootsMu.Lock()
	r.roots = append(r.roots, root)
	r.rootsMu.Unlock()
}

func (r *run) closeRoots() {
	r.rootsMu.Lock()
	for _, root := range r.roots {
		root.Close()
	}
	r.roots = nil
	r.rootsMu.Unlock()
}

func (r *run) fillTotals(p *Progress) {
	if !p.WalkDone {
		p.FilesTotal, p.BytesTotal = r.files.Load(), r.bytes.Load()
	}
}

// A unit is one input file of the shard.
type unit struct {
	root *os.Root // the source directory
	rel  string   // slash-separated path in root
	show string   // the path as the user names it
	out  string   // output path, relative to Out
	size int64
}

type walkTotals struct{ files, bytes int64 }

// walk finds the inputs of the shard and sends them to units; inputs that
// are reported without being converted (links, special files, unreadable
// directories) go straight to results. It stops early when the run's
// context is done.
func (r *run) walk(units chan<- *unit, results chan<- *FileResult) walkTotals {
	w := &walker{r: r, units: units, results: results}
	if len(r.o.Sources) > 1 {
		w.seen = map[string]string{}
	}
	if r.o.FilesFrom != nil {
		src := "."
		if len(r.o.Sources) == 1 {
			src = r.o.Sources[0]
		}
		w.list(src)
	} else {
		for _, src := range r.o.Sources {
			if r.ctx.Err() != nil {
				break
			}
			w.source(src)
		}
	}
	return walkTotals{r.files.Load(), r.bytes.Load()}
}

type walker struct {
	r       *run
	units   chan<- *unit
	results chan<- *FileResult
	seen    map[string]string // output path → input, with several sources
	outRel  string            // Out inside the current source, or ""
}

// report sends the result of an input that is not converted.
func (w *walker) report(show string, st Status, reason string) {
	if w.r.ctx.Err() != nil {
		return
	}
	w.r.files.Add(1)
	select {
	case w.results <- &FileResult{Path: show, Status: st, Reason: reason}:
	case <-w.r.ctx.Done():
	}
}

// source walks one source operand: a directory or a file.
func (w *walker) source(src string) {
	fi, err := os.Stat(src)
	if err != nil {
		w.report(src, Failed, err.Error())
		return
	}
	if !fi.IsDir() {
		dir, base := filepath.Split(src)
		if dir == "" {
			dir = "."
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			w.report(src, Failed, err.Error())
			return
		}
		w.r.keep(root)
		w.outRel = ""
		w.file(root, src, base, fi)
		return
	}
	root, err := os.OpenRoot(src)
	if err != nil {
		w.report(src, Failed, err.Error())
		return
	}
	w.r.keep(root)
	w.outRel = outInside(src, w.r.o.Out)
	w.dir(root, src, ".")
}

// outInside returns the path of out relative to the directory src when out
// is inside it (then the walk leaves it out), or "".
func outInside(src, out string) string {
	s, err1 := filepath.EvalSymlinks(src)
	o, err2 := filepath.EvalSymlinks(out)
	if err1 != nil || err2 != nil {
		return ""
	}
	s, err1 = filepath.Abs(s)
	o, err2 = filepath.Abs(o)
	if err1 != nil || err2 != nil {
		return ""
	}
	rel, err := filepath.Rel(s, o)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return ""
	}
	return filepath.ToSlash(rel) // "." when out is src itself
}

// dir walks the directory rel of root. Symbolic links are not followed.
func (w *walker) dir(root *os.Root, src, rel string) {
	fs.WalkDir(root.FS(), rel, func(p string, d fs.DirEntry, err error) error {
		if w.r.ctx.Err() != nil {
			return fs.SkipAll
		}
		show := filepath.Join(src, filepath.FromSlash(p))
		if !w.r.o.Shard.Has(p) && (err != nil || !d.IsDir()) {
			return nil // another shard reports it
		}
		if err != nil {
			w.report(show, Failed, unwrapPath(err).Error())
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != "." && (p == w.outRel || w.outRel == "." && p == StateDir) {
				return fs.SkipDir
			}
			if p != "." && w.excluded(p) {
				return fs.SkipDir
			}
			return nil
		}
		if !w.selected(p) {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			w.report(show, Skipped, "symbolic link, not followed")
			return nil
		}
		if !d.Type().IsRegular() {
			w.report(show, Skipped, "not a regular file ("+d.Type().String()+")")
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			w.report(show, Failed, unwrapPath(err).Error())
			return nil
		}
		w.file(root, show, p, fi)
		return nil
	})
}

// list reads the paths of FilesFrom, relative to src.
func (w *walker) list(src string) {
	root, err := os.OpenRoot(src)
	if err != nil {
		w.report(src, Failed, err.Error())
		return
	}
	w.r.keep(root)
	w.outRel = outInside(src, w.r.o.Out)
	sc := bufio.NewScanner(w.r.o.FilesFrom)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && w.r.ctx.Err() == nil {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line == "" {
			continue
		}
		show := filepath.Join(src, line)
		rel := path.Clean(filepath.ToSlash(line))
		if !fs.ValidPath(rel) {
			if !w.r.o.Shard.Has(line) {
				continue
			}
			w.report(line, Failed, "not a path inside "+src)
			continue
		}
		fi, err := root.Lstat(rel)
		switch {
		case err == nil && fi.IsDir():
			w.dir(root, src, rel)
		case !w.r.o.Shard.Has(rel):
		case err != nil:
			w.report(show, Failed, unwrapPath(err).Error())
		case !w.selected(rel):
		case fi.Mode()&fs.ModeSymlink != 0:
			w.report(show, Skipped, "symbolic link, not followed")
		case !fi.Mode().IsRegular():
			w.report(show, Skipped, "not a regular file ("+fi.Mode().Type().String()+")")
		default:
			w.file(root, show, rel, fi)
		}
	}
	if err := sc.Err(); err != nil {
		w.report("-", Failed, "reading the list of files: "+err.Error())
	}
}

// file sends the regular file rel of root to the workers if it is in the
// shard.
func (w *walker) file(root *os.Root, show, rel string, fi fs.FileInfo) {
	if !w.r.o.Shard.Has(rel) {
		return
	}
	u := &unit{root: root, rel: rel, show: show, out: outputName(rel, w.r.o.To, w.r.o.Format), size: fi.Size()}
	w.r.files.Add(1)
	w.r.bytes.Add(fi.Size())
	if u.out == StateDir || strings.HasPrefix(u.out, StateDir+"/") {
		w.report(show, Failed, "its output would be in "+StateDir+"/, which holds the state of runs")
		return
	}
	if w.seen != nil {
		if other, ok := w.seen[u.out]; ok {
			w.report(show, Failed, "same output path "+u.out+" as "+other)
			return
		}
		w.seen[u.out] = show
	}
	select {
	case w.units <- u:
	case <-w.r.ctx.Done():
	}
}

// selected reports whether the file rel passes Include and Exclude.
func (w *walker) selected(rel string) bool {
	if w.excluded(rel) {
		return false
	}
	if len(w.r.o.Include) == 0 {
		return true
	}
	for _, p := range w.r.o.Include {
		if ok, _ := pathMatch(p, rel); ok {
			return true
		}
	}
	return false
}

func (w *walker) excluded(rel string) bool {
	for _, p := range w.r.o.Exclude {
		if ok, _ := pathMatch(p, rel); ok {
			return true
		}
	}
	return false
}

// pathMatch matches a pattern without "/" against the base name of rel,
// and one with "/" against all of it.
func pathMatch(pattern, rel string) (bool, error) {
	if !strings.Contains(pattern, "/") {
		rel = path.Base(rel)
	}
	return path.Match(pattern, rel)
}

// unwrapPath drops the operation and path of an *fs.PathError, which
// fs.FS reports relative to the root, for the message's sake.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// outputName returns the output path of the input rel: rel itself, except
// that with rewrite.Link a file whose name does not say HTML, mail, CSS or
// Markdown (.html, .htm, .xhtml, .eml, .mbox, .mbx, .css, .md, .markdown,
// .mdown, .mkd, before an optional .gz) gets ".html" added before the .gz,
// since it becomes an HTML document (Link leaves a style sheet as it is, and
// Markdown stays Markdown). The
// name alone decides, so that an output's path is a function of its
// input's path and the format forced on every input (f; detect.Auto when
// none is: a forced HTML, mail, CSS or Markdown never changes a name).
func outputName(rel string, to rewrite.Form, f detect.Format) string {
	if to != rewrite.Link || f == detect.HTML || f == detect.Mail || f == detect.CSS || f == detect.Markdown {
		return rel
	}
	base, gz := cutGz(rel)
	ext := strings.ToLower(path.Ext(base))
	if htmlExt(ext) || mailExt(ext) || markdownExt(ext) || ext == ".warc" || ext == ".css" {
		return rel
	}
	if gz {
		return base + ".html" + rel[len(base):]
	}
	return rel + ".html"
}

// cutGz returns rel without a final ".gz" (in any case), and whether it
// had one.
func cutGz(rel string) (string, bool) {
	if n := len(rel) - 3; n > 0 && strings.EqualFold(rel[n:], ".gz") {
		return rel[:n], true
	}
	return rel, false
}
