package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
)

// Options say which targets may be replaced beyond plain regular files
// that the process may write.
type Options struct {
	// FollowSymlinks: a symbolic link is followed and the file it
	// points to is written; the link stays a link. Otherwise a link is
	// refused (ErrSymlink).
	FollowSymlinks bool
	// BreakHardLinks: a file with other hard links is replaced under the
	// name given; its other names keep the old content. Otherwise it is
	// refused (ErrHardLinks).
	BreakHardLinks bool
	// Force: a read-only file is replaced, and a file whose owner or
	// group the process cannot give the new file is replaced by one that
	// belongs to the process, without setuid and setgid bits. Otherwise
	// they are refused (ErrReadOnly, ErrOwner).
	Force bool
}

// The reasons for refusing a target; an *Error wraps them.
var (
	ErrSymlink    = errors.New("is a symbolic link")
	ErrHardLinks  = errors.New("has other hard links")
	ErrReadOnly   = errors.New("is read-only")
	ErrOwner      = errors.New("belongs to another user or group, which the new file could not keep")
	ErrNotRegular = errors.New("is not a regular file")
	ErrChanged    = errors.New("changed while it was being rewritten; left as it is")
	ErrCleanedUp  = errors.New("interrupted")
)

// An Error records a target that was refused or could not be written.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// A File is a new content being written for a target file.
type File struct {
	path    string // the target, symbolic links resolved if followed
	opts    Options
	orig    *os.File // the target opened for reading; nil if it does not exist
	st      stat     // the target when it was opened
	compare bool     // Replace: write only from the first byte that differs

	tmp     *os.File
	tmpName string
	n       int64 // bytes written
	same    int64 // Replace: bytes equal to the original so far, until tmp
	buf     []byte
	done    bool
}

// Replace opens the existing file name to give it a new content: the
// target is checked (see the package documentation) and opened for
// reading, without blocking if it is a FIFO. Its content is read from
// Original. Writes are compared with the original; the temporary file is
// created at the first byte that differs, so that a file whose content
// does not change is never written.
func Replace(name string, o Options) (*File, error) {
	f, err := open(name, o, true)
	if err != nil {
		return nil, err
	}
	f.compare = true
	return f, nil
}

// Create prepares to write the file name, which need not exist. If it
// exists it is checked as by Replace, must still be the same file at
// Commit, and is replaced even if its content does not change. A new
// file gets the mode 0666 less the umask.
func Create(name string, o Options) (*File, error) {
	return open(name, o, false)
}

func open(name string, o Options, must bool) (*File, error) {
	f := &File{path: name, opts: o}
	fi, err := os.Lstat(name)
	if err != nil {
		if !must && errors.Is(err, fs.ErrNotExist) {
			return f, nil
		}
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		if !o.FollowSymlinks {
			return nil, &Error{name, ErrSymlink}
		}
		if f.path, err = filepath.EvalSymlinks(name); err != nil {
			if !must && errors.Is(err, fs.ErrNotExist) {
				// A link to a file yet to be made: the link is
				// followed when the file is created.
				if f.path, err = resolveDangling(name); err == nil {
					return f, nil
				}
			}
			return nil, err
		}
		if fi, err = os.Lstat(f.path); err != nil {
			return nil, err
		}
	}
	if !fi.Mode().IsRegular() {
		return nil, &Error{name, fmt.Errorf("%w (%s)", ErrNotRegular, kind(fi.Mode()))}
	}
	// O_NONBLOCK: if the file became a FIFO since Lstat, open returns
	// at once; the type is checked again below. It does nothing to a
	// regular file.
	r, err := os.OpenFile(f.path, os.O_RDONLY|oNoFollow|oNonblock, 0)
	if err != nil {
		return nil, err
	}
	st, err := statFile(r)
	if err != nil {
		r.Close()
		return nil, err
	}
	lst, _ := statOf(fi)
	if !st.mode.IsRegular() || !st.sameFile(lst) {
		r.Close()
		return nil, &Error{name, ErrChanged}
	}
	f.orig, f.st = r, st
	var refuse error
	switch {
	case st.nlink > 1 && !o.BreakHardLinks:
		refuse = ErrHardLinks
	case !o.Force && !writable(f.path, st):
		refuse = ErrReadOnly
	case !o.Force && !canOwn(st):
		refuse = ErrOwner
	}
	if refuse != nil {
		r.Close()
		return nil, &Error{name, refuse}
	}
	return f, nil
}

// resolveDangling returns the path a symbolic link to a missing file
// points to, its directory resolved.
func resolveDangling(name string) (string, error) {
	target, err := os.Readlink(name)
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(name), target)
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(target))
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, filepath.Base(target)), nil
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

// Name returns the path of the file written: the name given, or with
// FollowSymlinks the file it points to.
func (f *File) Name() string { return f.path }

// Original returns the target opened for reading (Replace, or Create of
// an existing file), or nil. Its offset is the caller's: the comparison
// of Replace reads it with ReadAt.
func (f *File) Original() *os.File { return f.orig }

// OriginalSize is the size of the target when it was opened.
func (f *File) OriginalSize() int64 { return f.st.size }

// Changed reports whether the content written so far differs from the
// original (always true for Create): whether Commit would write now.
func (f *File) Changed() bool { return !f.compare || f.tmp != nil || f.same != f.st.size }

// Write adds p to the new content.
func (f *File) Write(p []byte) (int, error) {
	if f.done {
		return 0, os.ErrClosed
	}
	if f.compare && f.tmp == nil {
		k, err := f.equalPrefix(p)
		if err != nil {
			return 0, err
		}
		f.same += int64(k)
		f.n += int64(k)
		if k == len(p) {
			return len(p), nil
		}
		if err := f.createTemp(); err != nil {
			return k, err
		}
		// The bytes equal so far come from the original.
		if _, err := io.Copy(f.tmp, io.NewSectionReader(f.orig, 0, f.same)); err != nil {
			return k, f.named(err)
		}
		m, err := f.tmp.Write(p[k:])
		f.n += int64(m)
		return k + m, f.named(err)
	}
	if f.tmp == nil {
		if err := f.createTemp(); err != nil {
			return 0, err
		}
	}
	m, err := f.tmp.Write(p)
	f.n += int64(m)
	return m, f.named(err)
}

// named returns err with the target's name where it names the temporary
// file: the user knows the file they asked for, not the hidden one beside
// it ("write out.txt: no space left on device").
func (f *File) named(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case err == nil || f.tmpName == "":
	case errors.As(err, &pe) && pe.Path == f.tmpName:
		return &fs.PathError{Op: pe.Op, Path: f.path, Err: pe.Err}
	case errors.As(err, &le) && le.Old == f.tmpName:
		return &fs.PathError{Op: "rename to", Path: f.path, Err: le.Err}
	}
	return err
}

// equalPrefix returns how many bytes at the start of p equal the
// original's at the current offset.
func (f *File) equalPrefix(p []byte) (int, error) {
	if f.buf == nil {
		f.buf = make([]byte, 32<<10)
	}
	k := 0
	for k < len(p) {
		n := min(len(p)-k, len(f.buf))
		m, err := f.orig.ReadAt(f.buf[:n], f.n+int64(k))
		if err != nil && err != io.EOF {
			return k, err
		}
		for i := 0; i < m; i++ {
			if f.buf[i] != p[k+i] {
				return k + i, nil
			}
		}
		k += m
		if m < n {
			return k, nil // the original ends here
		}
	}
	return k, nil
}

// Content returns a reader of the new content written so far, valid
// until Commit or Close.
func (f *File) Content() *io.SectionReader {
	if f.tmp == nil {
		if f.compare {
			return io.NewSectionReader(f.orig, 0, f.same) // equal so far
		}
		return io.NewSectionReader(f.orig, 0, 0)
	}
	return io.NewSectionReader(f.tmp, 0, f.n)
}

// Commit puts the new content in place of the target, unless it does not
// differ from the original (Replace: a shorter content differs). On
// error the target is left as it was and the temporary file removed.
func (f *File) Commit() error {
	if f.done {
		return os.ErrClosed
	}
	if f.compare && f.tmp == nil {
		if f.same == f.st.size {
			f.Close()
			return nil
		}
		if err := f.createTemp(); err != nil { // the new content is a prefix
			f.Close()
			return err
		}
		if _, err := io.Copy(f.tmp, io.NewSectionReader(f.orig, 0, f.same)); err != nil {
			err = f.named(err)
			f.Close()
			return err
		}
	}
	if f.tmp == nil {
		if err := f.createTemp(); err != nil { // an empty file
			f.Close()
			return err
		}
	}
	err := f.finish()
	if err == nil {
		err = f.rename()
	}
	if err != nil {
		err = f.named(err)
		f.Close()
		return err
	}
	f.done = true
	if f.orig != nil {
		f.orig.Close()
	}
	f.tmp.Close()
	return syncDir(filepath.Dir(f.path))
}

// finish gives the temporary file the owner, group, extended attributes
// and mode of the original, and syncs it.
func (f *File) finish() error {
	if f.orig != nil {
		mode := f.st.mode & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
		kept, err := chown(f.tmp, f.st)
		if err != nil {
			return err
		}
		if !kept {
			if !f.opts.Force {
				return &Error{f.path, ErrOwner}
			}
			mode &^= fs.ModeSetuid | fs.ModeSetgid
		}
		if err := copyXattrs(f.tmp, f.orig, kept); err != nil {
			return &Error{f.path, err}
		}
		if err := f.tmp.Chmod(mode); err != nil {
			return err
		}
	}
	return f.tmp.Sync()
}

// rename checks that the target is still the file that was read, and
// renames the temporary file over it.
func (f *File) rename() error {
	mu.Lock()
	defer mu.Unlock()
	if cleaned {
		return &Error{f.path, ErrCleanedUp}
	}
	if f.orig != nil {
		now, err := statFile(f.orig)
		if err != nil {
			return err
		}
		fi, err := os.Lstat(f.path)
		if err != nil {
			return &Error{f.path, ErrChanged}
		}
		at, _ := statOf(fi)
		if !now.sameFile(f.st) || !now.sameContent(f.st) || !at.sameFile(f.st) {
			return &Error{f.path, ErrChanged}
		}
	} else if _, err := os.Lstat(f.path); !errors.Is(err, fs.ErrNotExist) {
		return &Error{f.path, ErrChanged} // made by someone else meanwhile
	}
	if err := os.Rename(f.tmpName, f.path); err != nil {
		return err
	}
	delete(temps, f.tmpName)
	f.tmpName = ""
	return nil
}

// Close abandons the new content if it was not committed: the temporary
// file is removed, the target left as it was.
func (f *File) Close() error {
	if f.done {
		return nil
	}
	f.done = true
	if f.orig != nil {
		f.orig.Close()
	}
	if f.tmp != nil {
		f.tmp.Close()
		mu.Lock()
		if f.tmpName != "" {
			os.Remove(f.tmpName)
			delete(temps, f.tmpName)
		}
		mu.Unlock()
	}
	return nil
}

// The temporary files being written, for Cleanup.
var (
	mu      sync.Mutex
	temps   = map[string]bool{}
	cleaned bool
)

// createTemp creates the temporary file beside the target: mode 0600
// until Commit gives it the target's mode, or for a new target 0666 less
// the umask.
func (f *File) createTemp() error {
	dir, base := filepath.Split(f.path)
	if dir == "" {
		dir = "."
	}
	if len(base) > 64 {
		base = base[:64] // leave room in the name for the suffix
	}
	perm := fs.FileMode(0o600)
	if f.orig == nil {
		perm = 0o666
	}
	mu.Lock()
	defer mu.Unlock()
	if cleaned {
		return &Error{f.path, ErrCleanedUp}
	}
	for range 10000 {
		name := filepath.Join(dir, "."+base+".iriscan-"+strconv.FormatUint(uint64(rand.Uint32()), 36))
		t, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL|oNoFollow, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return &fs.PathError{Op: "create a temporary file beside", Path: f.path, Err: unwrapPath(err)}
		}
		f.tmp, f.tmpName = t, name
		temps[name] = true
		return nil
	}
	return fmt.Errorf("%s: cannot find a free temporary file name", dir)
}

// Cleanup removes the temporary file of every write under way and makes
// every later Write and Commit fail with ErrCleanedUp: for a signal
// handler, before the program exits. A rename under way finishes first.
func Cleanup() {
	mu.Lock()
	defer mu.Unlock()
	cleaned = true
	for name := range temps {
		os.Remove(name)
		delete(temps, name)
	}
}

// syncDir syncs the directory dir, so that a rename in it survives a
// crash; file systems that cannot sync a directory are let be.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return fmt.Errorf("syncing the directory %s: %w", dir, err)
	}
	return nil
}

// unwrapPath returns the cause of a *fs.PathError, or err.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
