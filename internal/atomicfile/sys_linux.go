package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"
	"unsafe"
)

func statOf(fi fs.FileInfo) (stat, bool) {
	st := stat{fi: fi, mode: fi.Mode(), size: fi.Size(), mtime: fi.ModTime().UnixNano(), nlink: 1, uid: -1, gid: -1}
	s, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return st, false
	}
	st.ctime = s.Ctim.Nano()
	st.nlink = uint64(s.Nlink)
	st.uid, st.gid = int(s.Uid), int(s.Gid)
	return st, true
}

// writable reports whether the file may be written: its mode has a write
// bit, and the process may open it for writing (access(2), which also
// says no on a read-only file system).
func writable(path string, st stat) bool {
	const wOK = 2
	return st.mode&0o222 != 0 && syscall.Access(path, wOK) == nil
}

// canOwn reports whether the process can give a new file the owner and
// group of st: root can, another user only its own uid and groups.
func canOwn(st stat) bool {
	uid := os.Geteuid()
	if uid == 0 || st.uid < 0 {
		return true
	}
	if st.uid != uid {
		return false
	}
	if st.gid == os.Getegid() {
		return true
	}
	groups, _ := os.Getgroups()
	return slices.Contains(groups, st.gid)
}

// chown gives the temporary file t the owner and group of st and reports
// whether it has them. A refusal (EPERM) is not an error: kept is false,
// and the group is kept if it can be.
func chown(t *os.File, st stat) (kept bool, err error) {
	now, err := statFile(t)
	if err != nil {
		return false, err
	}
	if now.uid == st.uid && now.gid == st.gid {
		return true, nil
	}
	err = t.Chown(st.uid, st.gid)
	if err == nil {
		return true, nil
	}
	if !errors.Is(err, syscall.EPERM) && !errors.Is(err, syscall.EINVAL) {
		return false, err
	}
	t.Chown(-1, st.gid) // the group alone, if the process is in it
	return false, nil
}

// copyXattrs copies the extended attributes of src to dst: user.* and
// the POSIX ACLs (system.posix_acl_*) must be copied; the others
// (security.*, trusted.*) are copied where the process may set them.
// security.capability, which grants privileges as setuid does, is copied
// only if the owner was kept.
func copyXattrs(dst, src *os.File, ownerKept bool) error {
	names, err := listxattr(src)
	if err != nil {
		if errors.Is(err, syscall.ENOTSUP) || errors.Is(err, syscall.ENOSYS) {
			return nil
		}
		return err
	}
	for _, name := range names {
		if name == "security.capability" && !ownerKept {
			continue
		}
		value, err := getxattr(src, name)
		if errors.Is(err, syscall.ENODATA) {
			continue // removed meanwhile
		}
		if err == nil {
			err = setxattr(dst, name, value)
		}
		if err != nil && (strings.HasPrefix(name, "user.") || strings.HasPrefix(name, "system.posix_acl_")) {
			return &os.PathError{Op: "copying extended attribute " + name, Path: dst.Name(), Err: err}
		}
	}
	return nil
}

// fdCall runs the system call number trap with the descriptor of f as its
// first argument.
func fdCall(f *os.File, trap uintptr, a2, a3, a4, a5 uintptr) (int, error) {
	c, err := f.SyscallConn()
	if err != nil {
		return 0, err
	}
	var r uintptr
	var errno syscall.Errno
	if err := c.Control(func(fd uintptr) {
		r, _, errno = syscall.Syscall6(trap, fd, a2, a3, a4, a5, 0)
	}); err != nil {
		return 0, err
	}
	if errno != 0 {
		return 0, errno
	}
	return int(r), nil
}

func listxattr(f *os.File) ([]string, error) {
	for range 5 { // the list may grow between the two calls
		n, err := fdCall(f, syscall.SYS_FLISTXATTR, 0, 0, 0, 0)
		if err != nil || n == 0 {
			return nil, err
		}
		buf := make([]byte, n)
		n, err = fdCall(f, syscall.SYS_FLISTXATTR, uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0, 0)
		if errors.Is(err, syscall.ERANGE) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var names []string
		for _, s := range strings.Split(string(buf[:n]), "\x00") {
			if s != "" {
				names = append(names, s)
			}
		}
		return names, nil
	}
	return nil, syscall.ERANGE
}

func getxattr(f *os.File, name string) ([]byte, error) {
	p, err := syscall.BytePtrFromString(name)
	if err != nil {
		return nil, err
	}
	for range 5 {
		n, err := fdCall(f, syscall.SYS_FGETXATTR, uintptr(unsafe.Pointer(p)), 0, 0, 0)
		if err != nil {
			return nil, err
		}
		buf := make([]byte, n+1) // never empty, for &buf[0]
		n, err = fdCall(f, syscall.SYS_FGETXATTR, uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0)
		if errors.Is(err, syscall.ERANGE) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return buf[:n], nil
	}
	return nil, syscall.ERANGE
}

func setxattr(f *os.File, name string, value []byte) error {
	p, err := syscall.BytePtrFromString(name)
	if err != nil {
		return err
	}
	v := unsafe.Pointer(nil)
	if len(value) > 0 {
		v = unsafe.Pointer(&value[0])
	}
	_, err = fdCall(f, syscall.SYS_FSETXATTR, uintptr(unsafe.Pointer(p)), uintptr(v), uintptr(len(value)), 0)
	return err
}
