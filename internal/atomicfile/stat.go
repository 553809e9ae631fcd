package atomicfile

import (
	"io/fs"
	"os"
)

// A stat is what is known of a file: enough to tell whether it is the
// same file with the same content as before, and whom it belongs to.
type stat struct {
	fi           fs.FileInfo
	mode         fs.FileMode
	size         int64
	mtime, ctime int64  // nanoseconds; ctime 0 where unknown
	nlink        uint64 // 1 where unknown
	uid, gid     int    // -1 where unknown
}

func statFile(f *os.File) (stat, error) {
	fi, err := f.Stat()
	if err != nil {
		return stat{}, err
	}
	st, _ := statOf(fi)
	return st, nil
}

// sameFile reports whether a and b are the same file (device and inode).
func (a stat) sameFile(b stat) bool { return a.fi != nil && b.fi != nil && os.SameFile(a.fi, b.fi) }

// sameContent reports whether the file was left alone between a and b:
// same size, modification and change times.
func (a stat) sameContent(b stat) bool {
	return a.size == b.size && a.mtime == b.mtime && a.ctime == b.ctime
}
