package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Errors name the target, never the temporary file beside it: a full disk
// (a 64 KiB tmpfs) and a read-only file system, for a new file (Create)
// and, on the full disk, for one rewritten in place (Replace; a file on
// a read-only file system is refused before). Needs root to mount.
func TestErrorsNameTheTarget(t *testing.T) {
	full, ro := t.TempDir(), t.TempDir()
	if err := syscall.Mount("tmpfs", full, "tmpfs", 0, "size=64k"); err != nil {
		t.Skipf("cannot mount a tmpfs (needs root): %v", err)
	}
	defer syscall.Unmount(full, 0)
	if err := os.WriteFile(filepath.Join(ro, "old.txt"), []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount(ro, ro, "", syscall.MS_BIND, ""); err != nil {
		t.Skip(err)
	}
	defer syscall.Unmount(ro, 0)
	if err := syscall.Mount("", ro, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
		t.Skip(err)
	}
	if err := os.WriteFile(filepath.Join(full, "old.txt"), []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := []byte(strings.Repeat("new content\n", 20000)) // 240 KB
	for _, tt := range []struct {
		name, target, want string
		replace            bool
		errno              syscall.Errno
	}{
		{"full disk, new file", filepath.Join(full, "new.txt"), "write " + filepath.Join(full, "new.txt") + ": no space left on device", false, syscall.ENOSPC},
		{"full disk, in place", filepath.Join(full, "old.txt"), "write " + filepath.Join(full, "old.txt") + ": no space left on device", true, syscall.ENOSPC},
		{"read-only, new file", filepath.Join(ro, "new.txt"), "create a temporary file beside " + filepath.Join(ro, "new.txt") + ": read-only file system", false, syscall.EROFS},
	} {
		t.Run(tt.name, func(t *testing.T) {
			open := Create
			if tt.replace {
				open = Replace
			}
			f, err := open(tt.target, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			_, err = f.Write(big)
			if err == nil {
				err = f.Commit()
			}
			if err == nil || err.Error() != tt.want || !errors.Is(err, tt.errno) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
			if b, _ := os.ReadFile(filepath.Join(filepath.Dir(tt.target), "old.txt")); string(b) != "old\n" {
				t.Errorf("the original was changed: %.20q", b)
			}
		})
	}
	ents, _ := os.ReadDir(full)
	if len(ents) != 1 {
		t.Errorf("left in the full directory: %v", ents)
	}
}
