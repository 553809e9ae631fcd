package corpus

import (
	"bufio"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/iriscan/iriscan/corpus/warc"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/detect"
	"github.com/iriscan/iriscan/rewrite/mail"
	"github.com/iriscan/iriscan/rewrite/markdown"
)

// A worker converts one unit at a time, reusing its buffers, gzip state and
// Rewriter from one to the next: its memory is bounded by them, not by
// the files.
type worker struct {
	r     *run
	rw    rewrite.Rewriter
	md    markdown.Rewriter
	raw   *bufio.Reader // the file
	dec   *bufio.Reader // the document (after gzip)
	zr    *gzip.Reader
	zw    *gzip.Writer
	bw    *bufio.Writer
	out   outFile
	in    inFile
	res   *FileResult
	spill spill
}

func newWorker(r *run) *worker {
	w := &worker{
		r:   r,
		raw: bufio.NewReaderSize(nil, 64<<10),
		dec: bufio.NewReaderSize(nil, detect.HeadLen),
		bw:  bufio.NewWriterSize(nil, 64<<10),
	}
	w.out.h = sha256.New()
	return w
}

// inFile reads an input file, counting its bytes, and stops with the run's
// context.
type inFile struct {
	f   *os.File
	ctx context.Context
	n   int64
}

func (f *inFile) Read(p []byte) (int, error) {
	if err := f.ctx.Err(); err != nil {
		return 0, errInterrupted
	}
	n, err := f.f.Read(p)
	f.n += int64(n)
	return n, err
}

var errInterrupted = errors.New("interrupted")

// gzipErrors names gzip as the source of the errors of a gzip.Reader.
type gzipErrors struct{ r io.Reader }

func (g gzipErrors) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	if err != nil && err != io.EOF && !errors.Is(err, errInterrupted) {
		err = fmt.Errorf("gzip: %w", err)
	}
	return n, err
}

// outFile writes the temporary output file, counting and hashing its
// bytes; its errors are *OutputErrors.
type outFile struct {
	f    *os.File
	name string
	h    hash.Hash
	n    int64
}

func (f *outFile) Write(p []byte) (int, error) {
	n, err := f.f.Write(p)
	f.h.Write(p[:n])
	f.n += int64(n)
	if err != nil {
		return n, &OutputError{"write", f.name, err}
	}
	return n, nil
}

// convert converts one unit and returns its result.
func (w *worker) convert(u *unit) *FileResult {
	start := time.Now()
	res := &FileResult{Path: u.show, Output: u.out, size: u.size}
	w.res = res
	err := w.convertErr(u)
	res.MS = time.Since(start).Milliseconds()
	res.BytesIn = w.in.n
	if err != nil {
		var oe *OutputError
		switch {
		case errors.Is(err, errInterrupted):
			res.Status, res.Reason = Interrupted, "the run was stopped"
		case errors.As(err, &oe):
			res.Status, res.Reason = Failed, oe.Error()
			w.r.cancel(oe) // the output tree is shared: stop the run
		default:
			res.Status, res.Reason = Failed, err.Error()
			var re *rewrite.Error
			var fe *warc.FormatError
			if errors.As(err, &fe) {
				res.Reason = fe.Error()
				w.addRecordError(fe.Offset, fe.RecordID, fe.Err.Error())
			} else if errors.As(err, &re) {
				res.Reason = re.Err.Error()
				w.addError(re.Offset, re.Err.Error())
			}
		}
		if res.Status != Converted {
			res.BytesOut = 0
		}
	}
	w.res = nil
	return res
}

func (w *worker) addError(off int64, msg string) {
	if len(w.res.Errors) >= MaxErrors {
		w.res.ErrorsOmitted++
		return
	}
	w.res.Errors = append(w.res.Errors, FileError{Offset: off, Message: msg})
}

func (w *worker) convertErr(u *unit) error {
	w.in = inFile{ctx: w.r.ctx}
	if !w.r.o.Force {
		if _, err := w.r.st.root.Lstat(u.out); err == nil {
			w.res.Status = Done
			return nil
		}
	}
	if w.r.o.To == rewrite.Link && u.out != u.rel {
		if _, err := u.root.Lstat(u.out); err == nil {
			return fmt.Errorf("its output %s would replace the output of the input of that name", u.out)
		}
	}
	// O_NONBLOCK: a FIFO put in the file's place since the walk must not
	// block the worker; O_NOFOLLOW: nor may a symbolic link.
	f, err := u.root.OpenFile(u.rel, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return unwrapPath(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		w.res.Status, w.res.Reason = Skipped, "not a regular file ("+fi.Mode().Type().String()+")"
		return nil
	}
	w.res.size, w.res.mtime = fi.Size(), fi.ModTime().UTC()
	w.in.f = f
	w.raw.Reset(&w.in)
	name, gz := cutGz(u.rel)
	var doc io.Reader = w.raw
	if gz {
		w.res.Gzip = true
		if w.zr == nil {
			w.zr, err = gzip.NewReader(w.raw)
		} else {
			err = w.zr.Reset(w.raw)
		}
		if err != nil {
			if errors.Is(err, errInterrupted) {
				return err
			}
			return &rewrite.Error{Offset: 0, Err: fmt.Errorf("gzip: %w", err)}
		}
		doc = gzipErrors{w.zr}
	}
	w.dec.Reset(doc)
	if isWARC(name) {
		return w.commitWith(u, func(sink io.Writer) error {
			return w.convertWARC(w.dec, sink, gz, u)
		})
	}
	head, err := w.dec.Peek(detect.HeadLen)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		if errors.Is(err, errInterrupted) {
			return err
		}
		return &rewrite.Error{Offset: int64(len(head)), Err: err}
	}
	d, err := detect.Document(name, head, detect.Options{Format: w.r.o.Format})
	if err != nil {
		return err
	}
	o := w.r.o
	onError := func(e *rewrite.ConvertError) {
		w.addError(e.Offset, fmt.Sprintf("%q left unchanged: %v", e.Text, e.Err))
	}
	opts := rewrite.Options{
		To: o.To, Charset: d.Charset, Scanner: o.Scanner, TextNodes: o.TextNodes,
		Bidi: o.Bidi, Target: o.Target, Rel: o.Rel, Links: o.Links, OnError: onError,
	}
	w.res.Format = d.Format.String()
	switch d.Format {
	case detect.Binary:
		w.res.Status, w.res.Reason = Skipped, binaryReason(head)
		return nil
	case detect.HTML:
		opts.Format = rewrite.HTML
	case detect.CSS:
		opts.Format = rewrite.CSS
	}
	if d.Charset != nil {
		w.res.Charset, w.res.CharsetRule = d.Charset.Name(), d.Rule.String()
	}

	return w.commitWith(u, func(sink io.Writer) error {
		if gz {
			if w.zw == nil {
				w.zw = gzip.NewWriter(sink)
			} else {
				w.zw.Reset(sink)
			}
			sink = w.zw
		}
		w.bw.Reset(sink)
		var res rewrite.Result
		var err error
		if d.Format == detect.Mail {
			res, err = mail.Rewrite(w.bw, w.dec, mail.Options{
				To: o.To, Scanner: o.Scanner, TextNodes: o.TextNodes,
				Bidi: o.Bidi, Target: o.Target, Rel: o.Rel, Links: o.Links, OnError: onError,
			})
		} else if d.Format == detect.Markdown {
			w.md.Options = opts
			res, err = w.md.Rewrite(w.bw, w.dec)
		} else {
			w.rw.Options = opts
			res, err = w.rw.Rewrite(w.bw, w.dec)
		}
		w.res.Found, w.res.Changed, w.res.Left, w.res.Invalid = res.Matches, res.Edits, res.Failed, res.Invalid
		if err != nil {
			return err
		}
		if err := w.bw.Flush(); err != nil {
			return err
		}
		if gz {
			return w.zw.Close()
		}
		return nil
	})
}

// commitWith writes the output of u through write into a temporary file,
// and commits it: sync, rename into place, sync the directory.
func (w *worker) commitWith(u *unit, write func(sink io.Writer) error) error {
	tmp, tmpName, err := w.r.st.createTemp()
	if err != nil {
		return err
	}
	committed := false
	defer func() {
		if !committed {
			tmp.Close()
			w.r.st.root.Remove(tmpName)
		}
	}()
	w.out.f, w.out.name, w.out.n = tmp, tmpName, 0
	w.out.h.Reset()
	if err := write(&w.out); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return &OutputError{"sync", tmpName, err}
	}
	committed = true
	if err := tmp.Close(); err != nil {
		w.r.st.root.Remove(tmpName)
		return &OutputError{"close", tmpName, err}
	}
	if err := w.r.st.commit(tmpName, u.out); err != nil {
		w.r.st.root.Remove(tmpName)
		return err
	}
	w.res.Status = Converted
	w.res.BytesOut = w.out.n
	w.res.sha256 = hex.EncodeToString(w.out.h.Sum(nil))
	return nil
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
