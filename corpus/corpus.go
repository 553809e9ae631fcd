package corpus

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/iriscan/iriscan/iri"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/detect"
	"github.com/iriscan/iriscan/scanner"
)

// Options configure a Run.
type Options struct {
	// To is the form IRIs are rewritten to; rewrite.Link makes links, and
	// then a text file becomes an HTML document (see Output names).
	To rewrite.Form

	// Sources are the files and directories to convert. A directory's
	// files are found recursively; its inputs' relative paths start
	// inside it. A file's relative path is its base name.
	Sources []string

	// FilesFrom, if not nil, lists the inputs instead, one path a line,
	// relative to the only Source (the current directory when there is
	// none); a directory listed is walked.
	FilesFrom io.Reader

	// Include and Exclude filter inputs by path.Match patterns: a pattern
	// without "/" is matched against the base name, one with "/" against
	// the whole relative path. A file is converted if it matches some
	// Include pattern (or there is none) and no Exclude pattern; an
	// excluded directory is not walked.
	Include, Exclude []string

	// Out is the directory of the output tree.
	Out string

	// Jobs is the number of files converted at once; 0 means
	// runtime.NumCPU().
	Jobs int

	// Shard is the part of the inputs this run converts; the zero Shard
	// is all of them.
	Shard Shard

	// Force converts every input again, even those whose output exists.
	Force bool

	// Format, if not detect.Auto, is the format of every input other
	// than a WARC file: no detection, no binary check.
	Format detect.Format

	// Document options, as for rewrite.Options.
	Scanner     scanner.Options
	TextNodes   bool
	Bidi        iri.BidiMode
	Target, Rel string
	Links       *rewrite.Linker // the link policy of rewrite.Link

	// WARCOutput says what a WARC input becomes.
	WARCOutput WARCOutput

	// Version names the software in the warcinfo records of WARC
	// outputs, such as "iriscan v1.2.0".
	Version string

	// OnFile, if not nil, is called with the result of each input, one
	// call at a time.
	OnFile func(*FileResult)

	// OnProgress, if not nil, is called every ProgressEvery (default one
	// second) and once at the end, from the goroutine that calls OnFile.
	OnProgress    func(Progress)
	ProgressEvery time.Duration
}

// A Status is what became of one input.
type Status string

const (
	Converted   Status = "converted"   // its output was written
	Done        Status = "done"        // its output existed already
	Skipped     Status = "skipped"     // not converted, for Reason: binary, a link, a special file
	Failed      Status = "failed"      // not converted because of an error
	Interrupted Status = "interrupted" // stopped by the end of the run
)

// A FileResult is what a run did with one input: one line of the report.
type FileResult struct {
	Path   string `json:"path"`             // the input, as Sources name it
	Output string `json:"output,omitempty"` // the output, relative to Out
	Status Status `json:"status"`
	Reason string `json:"reason,omitempty"` // why skipped, failed or interrupted; for a converted file, why its journal line is missing

	Format      string `json:"format,omitempty"` // text, html, css, mail or markdown
	Gzip        bool   `json:"gzip,omitempty"`   // read and written through gzip
	Charset     string `json:"charset,omitempty"`
	CharsetRule string `json:"charset_rule,omitempty"` // bom, meta, default… (text and HTML)

	BytesIn  int64 `json:"bytes_in"`
	BytesOut int64 `json:"bytes_out"`
	Found    int64 `json:"iris_found"`
	Changed  int64 `json:"iris_rewritten"`
	Left     int64 `json:"iris_left,omitempty"` // IRIs that could not be converted, left as they were
	Invalid  int64 `json:"invalid_sequences,omitempty"`

	// Errors are the IRIs left unchanged and the error that failed the
	// file, each with its byte offset (in the decompressed document for
	// gzip inputs); at most MaxErrors, then ErrorsOmitted counts the rest.
	Errors        []FileError `json:"errors,omitempty"`
	ErrorsOmitted int64       `json:"errors_omitted,omitempty"`

	// Records counts the records of a WARC input by WARC-Type, and the
	// records added ("warcinfo (added)", "conversion (added)").
	Records map[string]int64 `json:"warc_records,omitempty"`

	MS int64 `json:"ms"`

	size   int64 // of the input file
	mtime  time.Time
	sha256 string
}

// MaxErrors bounds FileResult.Errors.
const MaxErrors = 100

// A FileError is one error in an input.
type FileError struct {
	Offset   int64  `json:"offset"`
	RecordID string `json:"record_id,omitempty"` // the WARC record
	Message  string `json:"message"`
}

// Progress is how far a run is.
type Progress struct {
	Files, FilesTotal int64 // inputs finished and found so far
	Bytes, BytesTotal int64 // input bytes of those
	WalkDone          bool  // all inputs found: the totals are final
	Found, Changed    int64 // IRIs
	Converted, Done   int64 // inputs by status
	Skipped, Failed   int64
	Interrupted       int64
	BytesOut          int64
	Elapsed           time.Duration
}

// A Summary is what a whole run did: its final Progress.
type Summary = Progress

// Run converts the inputs of o into the tree o.Out. It returns when every
// input of the shard has a result, when ctx is done (then the files being
// converted are abandoned, their temporary outputs removed, and the error
// is ctx's), or when writing the output tree fails (an *OutputError).
// Inputs that fail are reported through OnFile and counted in the summary,
// and are not errors of Run.
func Run(ctx context.Context, o Options) (Summary, error) {
	start := time.Now()
	if err := o.Shard.valid(); err != nil {
		return Summary{}, err
	}
	if o.Out == "" {
		return Summary{}, errors.New("corpus: no output directory")
	}
	if o.To > rewrite.Link {
		return Summary{}, fmt.Errorf("corpus: %w: %v", rewrite.ErrOptions, o.To)
	}
	if o.FilesFrom != nil && len(o.Sources) > 1 {
		return Summary{}, errors.New("corpus: a list of files is read relative to one source directory")
	}
	for _, p := range append(o.Include[:len(o.Include):len(o.Include)], o.Exclude...) {
		if _, err := pathMatch(p, "x"); err != nil {
			return Summary{}, fmt.Errorf("corpus: pattern %q: %v", p, err)
		}
	}
	if ofi, err := os.Stat(o.Out); err == nil {
		for _, src := range o.Sources {
			if sfi, err := os.Stat(src); err == nil && os.SameFile(sfi, ofi) {
				return Summary{}, fmt.Errorf("corpus: the output directory %s is the source %s: give another --out", o.Out, src)
			}
		}
	}
	jobs := o.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	st, err := openState(o.Out, o.Shard.label())
	if err != nil {
		return Summary{}, err
	}
	defer st.close()

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	r := &run{o: &o, st: st, ctx: ctx, cancel: cancel}
	units := make(chan *unit, 4*jobs)
	results := make(chan *FileResult, 4*jobs)

	// The walker may block reading FilesFrom: a run whose context is done
	// does not wait for it. It sends with a select on ctx, and results is
	// never closed, so that a late send cannot panic.
	walkDone := make(chan walkTotals, 1)
	go func() {
		walkDone <- r.walk(units, results)
		close(units)
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(r)
			for {
				select {
				case <-ctx.Done():
					return
				case u, ok := <-units:
					if !ok {
						return
					}
					results <- w.convert(u)
				}
			}
		}()
	}
	// Workers stop when units is closed, after the walker has sent its
	// last report, or when ctx is done: then every result is in the
	// channel.
	workersDone := make(chan struct{})
	go func() {
		wg.Wait()
		close(workersDone)
	}()

	var p Progress
	every := o.ProgressEvery
	if every <= 0 {
		every = time.Second
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	handle := func(res *FileResult) {
		p.add(res)
		if res.Status == Converted {
			if err := st.record(&journalEntry{
				Path: res.Path, Size: res.size, MTime: res.mtime, Output: res.Output,
				SHA256: res.sha256, Time: time.Now().UTC(),
			}); err != nil {
				// The output is complete; the report says why the run
				// stops here, as it does for a file that fails.
				res.Reason = "converted, but its journal line was not written: " + err.Error()
				cancel(err)
			}
		}
		if o.OnFile != nil {
			o.OnFile(res)
		}
	}
loop:
	for {
		select {
		case res := <-results:
			handle(res)
		case t := <-walkDone:
			p.FilesTotal, p.BytesTotal, p.WalkDone = t.files, t.bytes, true
		case <-tick.C:
			if o.OnProgress != nil {
				r.fillTotals(&p)
				p.Elapsed = time.Since(start)
				o.OnProgress(p)
			}
		case <-workersDone:
			for {
				select {
				case res := <-results:
					handle(res)
				default:
					break loop
				}
			}
		}
	}
	r.closeRoots()
	select {
	case t := <-walkDone:
		p.FilesTotal, p.BytesTotal, p.WalkDone = t.files, t.bytes, true
	default:
		r.fillTotals(&p)
	}
	p.Elapsed = time.Since(start)
	if o.OnProgress != nil {
		o.OnProgress(p)
	}
	return p, context.Cause(ctx)
}

func (p *Progress) add(r *FileResult) {
	p.Files++
	p.Bytes += r.size
	p.BytesOut += r.BytesOut
	p.Found += r.Found
	p.Changed += r.Changed
	switch r.Status {
	case Converted:
		p.Converted++
	case Done:
		p.Done++
	case Skipped:
		p.Skipped++
	case Failed:
		p.Failed++
	case Interrupted:
		p.Interrupted++
	}
}
