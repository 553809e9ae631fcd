package mail

import (
	"bufio"
	"io"
	"os"
	"syscall"
)

// A spill is the temporary file that holds a large text part while it is
// rewritten (see big.go): the part as read, its transfer-decoded body and
// its new body, each in a region of the file. On Linux the file has no
// name (O_TMPFILE), so that no path—error, signal, crash—can leave it
// behind; elsewhere it is removed as soon as it is created where the
// system allows it (Unix), or else when the part is done.
type spill struct {
	f       *os.File
	name    string // not "" if the file could not be removed at once
	end     int64  // the end of the last region
	scratch []byte
	max     int64 // for tests: the file cannot grow beyond (a full disk); 0: no bound
}

func newSpill(dir string) (*spill, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	if f, err := unnamed(dir); err == nil {
		return &spill{f: f}, nil
	}
	// No unnamed files here (not Linux, or a file system without them):
	// a named file, removed at once.
	f, err := os.CreateTemp(dir, "iriscan-mail-*")
	if err != nil {
		return nil, err
	}
	s := &spill{f: f}
	if os.Remove(f.Name()) != nil {
		s.name = f.Name()
	}
	return s, nil
}

func (s *spill) close() {
	s.f.Close()
	if s.name != "" {
		os.Remove(s.name)
	}
}

// unnamed is openUnnamed; tests replace it.
var unnamed = openUnnamed

// A region is a run of bytes of the spill file.
type region struct {
	off, n int64
}

// writer returns a buffered writer that appends a new region at the end
// of the file; done returns the region once the writer is flushed.
func (s *spill) writer() *regionWriter {
	rw := &regionWriter{s: s, off: s.end}
	rw.bw = bufio.NewWriterSize(rawRegionWriter{rw}, 64<<10)
	return rw
}

// reader returns a buffered reader of the region.
func (s *spill) reader(r region) *bufio.Reader {
	return bufio.NewReaderSize(io.NewSectionReader(s.f, r.off, r.n), 64<<10)
}

// buf returns the spill's scratch buffer.
func (s *spill) buf() []byte {
	if s.scratch == nil {
		s.scratch = make([]byte, 64<<10)
	}
	return s.scratch
}

// copyRegion writes the bytes of the region to w.
func (s *spill) copyRegion(w io.Writer, r region) error {
	_, err := io.CopyBuffer(w, onlyReader{io.NewSectionReader(s.f, r.off, r.n)}, s.buf())
	return err
}

// onlyReader hides the WriterTo of a reader, so that io.CopyBuffer uses
// the buffer it is given.
type onlyReader struct{ io.Reader }

// A regionWriter writes a new region at the end of the spill file.
type regionWriter struct {
	s   *spill
	off int64 // the region's start
	n   int64 // bytes written to the file
	bw  *bufio.Writer
}

type rawRegionWriter struct{ rw *regionWriter }

func (w rawRegionWriter) Write(b []byte) (int, error) {
	if s := w.rw.s; s.max > 0 && w.rw.off+w.rw.n+int64(len(b)) > s.max {
		return 0, &os.PathError{Op: "write", Path: s.f.Name(), Err: syscall.ENOSPC}
	}
	n, err := w.rw.s.f.WriteAt(b, w.rw.off+w.rw.n)
	w.rw.n += int64(n)
	return n, err
}

func (rw *regionWriter) Write(b []byte) (int, error) { return rw.bw.Write(b) }

// reset forgets what was written.
func (rw *regionWriter) reset() {
	rw.bw.Reset(rawRegionWriter{rw})
	rw.n = 0
}

// done flushes the writer and returns its region, which now ends the file.
func (rw *regionWriter) done() (region, error) {
	err := rw.bw.Flush()
	r := region{rw.off, rw.n}
	rw.s.end = rw.off + rw.n
	return r, err
}
