package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func writeFile(t *testing.T, name, data string, perm fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, perm); err != nil { // whatever the umask
		t.Fatal(err)
	}
}

func checkFile(t *testing.T, name, data string, perm fs.FileMode) {
	t.Helper()
	got, err := os.ReadFile(name)
	if err != nil || string(got) != data {
		t.Errorf("%s: %q, %v; want %q", name, got, err, data)
	}
	fi, err := os.Stat(name)
	if err != nil || fi.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky) != perm {
		t.Errorf("%s: mode %v, %v; want %v", name, fi.Mode(), err, perm)
	}
}

// checkNoTemp checks that dir holds exactly the entries want, and no
// temporary file.
func checkNoTemp(t *testing.T, dir string, want ...string) {
	t.Helper()
	es, _ := os.ReadDir(dir)
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	if strings.Join(names, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s holds %q, want %q", dir, names, want)
	}
}

// replace gives the file name the content data through Replace, in
// writes of at most chunk bytes.
func replace(name, data string, o Options, chunk int) error {
	f, err := Replace(name, o)
	if err != nil {
		return err
	}
	defer f.Close()
	for p := []byte(data); len(p) > 0; {
		n := min(chunk, len(p))
		if _, err := f.Write(p[:n]); err != nil {
			return err
		}
		p = p[n:]
	}
	return f.Commit()
}

func TestReplace(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		perm     fs.FileMode
		written  bool
	}{
		{"changed", "http://例え.jp/\n", "http://xn--r8jz45g.jp/\n", 0o640, true},
		{"unchanged", "same\n", "same\n", 0o644, false},
		{"executable", "#!/bin/sh\n", "#!/bin/sh -e\n", 0o755, true},
		{"private", "a", "b", 0o600, true},
		{"sticky and setgid kept for the same owner", "a", "b", 0o755 | fs.ModeSetgid | fs.ModeSticky, true},
		{"shorter: a prefix of the old", "abcdef", "abc", 0o644, true},
		{"longer: the old is a prefix", "abc", "abcdef", 0o644, true},
		{"to empty", "abc", "", 0o644, true},
		{"empty unchanged", "", "", 0o644, false},
		{"from empty", "", "x", 0o644, true},
		{"change at the end", strings.Repeat("x", 100000) + "a", strings.Repeat("x", 100000) + "b", 0o644, true},
	}
	for _, tt := range tests {
		for _, chunk := range []int{1, 7, 1 << 20} {
			t.Run(tt.name, func(t *testing.T) {
				dir := t.TempDir()
				name := filepath.Join(dir, "f.txt")
				perm := tt.perm
				writeFile(t, name, tt.old, perm&fs.ModePerm)
				if perm != perm&fs.ModePerm {
					os.Chmod(name, perm)
				}
				old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
				os.Chtimes(name, old, old)
				before, _ := os.Stat(name)
				if err := replace(name, tt.new, Options{}, chunk); err != nil {
					t.Fatal(err)
				}
				checkFile(t, name, tt.new, perm)
				after, _ := os.Stat(name)
				if same := os.SameFile(before, after) && after.ModTime().Equal(old); same == tt.written {
					t.Errorf("chunk %d: written %v, want %v", chunk, !same, tt.written)
				}
				checkNoTemp(t, dir, "f.txt")
			})
		}
	}
}

// Targets that are refused, and the options that let them be written.
func TestReplaceRefused(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	link := filepath.Join(dir, "link")
	hard := filepath.Join(dir, "hard")
	hard2 := filepath.Join(dir, "hard2")
	ro := filepath.Join(dir, "ro")
	writeFile(t, target, "old", 0o644)
	writeFile(t, hard, "old", 0o644)
	writeFile(t, ro, "old", 0o444)
	if err := os.Symlink("target", link); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(hard, hard2); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		want error
		opt  Options
	}{
		{link, ErrSymlink, Options{FollowSymlinks: true}},
		{hard, ErrHardLinks, Options{BreakHardLinks: true}},
		{ro, ErrReadOnly, Options{Force: true}},
	} {
		t.Run(filepath.Base(tt.name), func(t *testing.T) {
			err := replace(tt.name, "new", Options{}, 10)
			var e *Error
			if !errors.Is(err, tt.want) || !errors.As(err, &e) || e.Path != tt.name {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
			if got, _ := os.ReadFile(tt.name); string(got) != "old" {
				t.Errorf("refused, but now %q", got)
			}
			if err := replace(tt.name, "new", tt.opt, 10); err != nil {
				t.Fatalf("with %+v: %v", tt.opt, err)
			}
			if got, _ := os.ReadFile(tt.name); string(got) != "new" {
				t.Errorf("with %+v: %q", tt.opt, got)
			}
		})
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v", err)
	}
	checkFile(t, target, "new", 0o644)
	checkFile(t, hard2, "old", 0o644) // the other name keeps the old content
	checkFile(t, ro, "new", 0o444)
	checkNoTemp(t, dir, "hard", "hard2", "link", "ro", "target")
}

// Not regular files are refused at once, and a FIFO is not waited on.
func TestReplaceNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	// A link to a FIFO, followed: the FIFO is still refused.
	if err := os.Symlink("fifo", filepath.Join(dir, "fifolink")); err != nil {
		t.Fatal(err)
	}
	done := make(chan bool)
	go func() {
		defer close(done)
		for _, name := range []string{fifo, filepath.Join(dir, "fifolink"), "/dev/null", dir} {
			for _, o := range []Options{{}, {FollowSymlinks: true, BreakHardLinks: true, Force: true}} {
				if name == filepath.Join(dir, "fifolink") && !o.FollowSymlinks {
					continue
				}
				_, err := Replace(name, o)
				if !errors.Is(err, ErrNotRegular) {
					t.Errorf("%s: %v, want %v", name, err, ErrNotRegular)
				}
				_, err = Create(name, o)
				if !errors.Is(err, ErrNotRegular) {
					t.Errorf("Create %s: %v, want %v", name, err, ErrNotRegular)
				}
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("blocked on a FIFO")
	}
}

// A file changed or replaced by someone else during the rewrite is left
// as they made it.
func TestReplaceChanged(t *testing.T) {
	for _, tt := range []struct {
		name   string
		change func(t *testing.T, name string)
		want   string
	}{
		{"appended", func(t *testing.T, name string) {
			f, _ := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
			f.WriteString(" edit")
			f.Close()
		}, "old content edit"},
		{"same size, new time", func(t *testing.T, name string) {
			os.WriteFile(name, []byte("OLD content"), 0)
		}, "OLD content"},
		{"renamed over", func(t *testing.T, name string) {
			writeFile(t, name+".new", "saved by an editor", 0o644)
			os.Rename(name+".new", name)
		}, "saved by an editor"},
		{"removed", func(t *testing.T, name string) { os.Remove(name) }, ""},
		{"chmod", func(t *testing.T, name string) { os.Chmod(name, 0o600) }, "old content"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "f")
			writeFile(t, name, "old content", 0o644)
			f, err := Replace(name, Options{})
			if err != nil {
				t.Fatal(err)
			}
			io.WriteString(f, "new content")
			time.Sleep(10 * time.Millisecond) // a new mtime even on coarse clocks
			tt.change(t, name)
			if err := f.Commit(); !errors.Is(err, ErrChanged) {
				t.Fatalf("Commit: %v, want %v", err, ErrChanged)
			}
			if got, _ := os.ReadFile(name); string(got) != tt.want {
				t.Errorf("%q, want %q", got, tt.want)
			}
			want := []string{"f"}
			if tt.want == "" {
				want = nil
			}
			checkNoTemp(t, dir, want...)
		})
	}
	// Create: an output file made meanwhile by someone else is kept.
	dir := t.TempDir()
	name := filepath.Join(dir, "out")
	f, err := Create(name, Options{})
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "ours")
	writeFile(t, name, "theirs", 0o644)
	if err := f.Commit(); !errors.Is(err, ErrChanged) {
		t.Fatalf("Create: %v, want %v", err, ErrChanged)
	}
	checkFile(t, name, "theirs", 0o644)
	checkNoTemp(t, dir, "out")
}

func TestCreate(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	name := filepath.Join(dir, "new")
	for _, content := range []string{"", "content"} {
		os.Remove(name)
		f, err := Create(name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(f, content)
		if err := f.Commit(); err != nil {
			t.Fatal(err)
		}
		checkFile(t, name, content, 0o640)
	}
	// An existing file is replaced even with the same content, and keeps
	// its mode.
	os.Chmod(name, 0o604)
	before, _ := os.Stat(name)
	f, _ := Create(name, Options{})
	io.WriteString(f, "content")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(name)
	if os.SameFile(before, after) {
		t.Error("not replaced")
	}
	checkFile(t, name, "content", 0o604)
	// A dangling link is refused, or followed.
	link := filepath.Join(dir, "link")
	os.Symlink("target", link)
	if _, err := Create(link, Options{}); !errors.Is(err, ErrSymlink) {
		t.Errorf("dangling link: %v", err)
	}
	f, err := Create(link, Options{FollowSymlinks: true})
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "via the link")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	checkFile(t, filepath.Join(dir, "target"), "via the link", 0o640)
	// Abandoned: nothing left.
	f, _ = Create(filepath.Join(dir, "abandoned"), Options{})
	io.WriteString(f, "x")
	f.Close()
	checkNoTemp(t, dir, "link", "new", "target")
}

// Root rewriting a setuid file of another user keeps its owner and
// group: the result is never a root-owned setuid file with that user's
// content.
func TestReplaceOwnerAsRoot(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	for _, tt := range []struct {
		uid, gid int
		perm     fs.FileMode
	}{
		{65534, 65534, 0o755 | fs.ModeSetuid},
		{65534, 0, 0o755 | fs.ModeSetuid | fs.ModeSetgid},
		{0, 65534, 0o755 | fs.ModeSetgid},
		{12345, 54321, 0o750},
	} {
		dir := t.TempDir()
		name := filepath.Join(dir, "prog")
		writeFile(t, name, "#!/bin/sh\necho old\n", 0o755)
		if err := os.Chown(name, tt.uid, tt.gid); err != nil {
			t.Fatal(err)
		}
		os.Chmod(name, tt.perm)
		if err := replace(name, "#!/bin/sh\necho new\n", Options{}, 100); err != nil {
			t.Fatal(err)
		}
		checkFile(t, name, "#!/bin/sh\necho new\n", tt.perm)
		fi, _ := os.Stat(name)
		st := fi.Sys().(*syscall.Stat_t)
		if int(st.Uid) != tt.uid || int(st.Gid) != tt.gid {
			t.Errorf("%v: owner %d:%d, want %d:%d", tt, st.Uid, st.Gid, tt.uid, tt.gid)
		}
		checkNoTemp(t, dir, "prog")
	}
}

// A user who may write a file of another user but cannot give the new
// file its owner is refused; with Force the new file is theirs, without
// setuid and setgid. The test runs itself as nobody.
func TestReplaceOwnerAsUser(t *testing.T) {
	if os.Getenv("ATOMICFILE_AS_NOBODY") != "" {
		name := os.Getenv("ATOMICFILE_AS_NOBODY")
		err := replace(name, "new", Options{}, 100)
		if !errors.Is(err, ErrOwner) {
			t.Fatalf("without Force: %v, want %v", err, ErrOwner)
		}
		if err := replace(name, "new", Options{Force: true}, 100); err != nil {
			t.Fatalf("with Force: %v", err)
		}
		return
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root to run as nobody")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o777)
	os.Chmod(filepath.Dir(dir), 0o755)
	name := filepath.Join(dir, "prog")
	writeFile(t, name, "old", 0o757)
	os.Chmod(name, 0o757|fs.ModeSetuid|fs.ModeSetgid) // root's, writable by all
	// A copy of the test binary that nobody may run.
	bin := filepath.Join(t.TempDir(), "atomicfile.test")
	os.Chmod(filepath.Dir(bin), 0o755)
	os.Chmod(filepath.Dir(filepath.Dir(bin)), 0o755)
	if data, err := os.ReadFile(os.Args[0]); err != nil {
		t.Fatal(err)
	} else {
		writeFile(t, bin, string(data), 0o755)
	}
	cmd := exec.Command(bin, "-test.run=^TestReplaceOwnerAsUser$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ATOMICFILE_AS_NOBODY="+name)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("cannot run as nobody: %v\n%s", err, out)
	}
	checkFile(t, name, "new", 0o757)
	fi, _ := os.Stat(name)
	if st := fi.Sys().(*syscall.Stat_t); st.Uid != 65534 {
		t.Errorf("owner %d, want 65534", st.Uid)
	}
	checkNoTemp(t, dir, "prog")
}

// Extended attributes come along where the file system has them.
func TestReplaceXattrs(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	writeFile(t, name, "old", 0o644)
	attrs := map[string]string{"user.origin": "https://例え.jp/", "user.empty": "", "user.bin": "\x00\xff"}
	for k, v := range attrs {
		if err := syscall.Setxattr(name, k, []byte(v), 0); err != nil {
			t.Skipf("no extended attributes here: %v", err)
		}
	}
	if err := replace(name, "new", Options{}, 100); err != nil {
		t.Fatal(err)
	}
	checkFile(t, name, "new", 0o644)
	for k, v := range attrs {
		buf := make([]byte, 100)
		n, err := syscall.Getxattr(name, k, buf)
		if err != nil || string(buf[:n]) != v {
			t.Errorf("%s = %q, %v; want %q", k, buf[:max(n, 0)], err, v)
		}
	}
}

// Cleanup removes the temporary files of writes under way; they cannot
// be committed afterwards.
func TestCleanup(t *testing.T) {
	defer func() { mu.Lock(); cleaned = false; mu.Unlock() }()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	writeFile(t, a, "old", 0o644)
	fa, err := Replace(a, Options{})
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(fa, "new")
	fb, _ := Create(b, Options{})
	io.WriteString(fb, "new")
	if es, _ := os.ReadDir(dir); len(es) != 3 {
		t.Fatalf("%d entries, want a and two temporary files", len(es))
	}
	Cleanup()
	checkNoTemp(t, dir, "a")
	if err := fa.Commit(); !errors.Is(err, ErrCleanedUp) {
		t.Errorf("Commit after Cleanup: %v", err)
	}
	checkFile(t, a, "old", 0o644)
	fc, _ := Create(filepath.Join(dir, "c"), Options{})
	if _, err := io.WriteString(fc, "x"); !errors.Is(err, ErrCleanedUp) {
		t.Errorf("Write after Cleanup: %v", err)
	}
	checkNoTemp(t, dir, "a")
}

// Content reads back what was written, for a diff before Commit.
func TestContent(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	writeFile(t, name, "line 1\nline 2\n", 0o644)
	f, _ := Replace(name, Options{})
	defer f.Close()
	io.WriteString(f, "line 1\n")
	if got, _ := io.ReadAll(f.Content()); string(got) != "line 1\n" || !f.Changed() {
		t.Errorf("a prefix of the original: Content = %q, Changed %v", got, f.Changed())
	}
	io.WriteString(f, "line 2\n")
	if got, _ := io.ReadAll(f.Content()); string(got) != "line 1\nline 2\n" || f.Changed() {
		t.Errorf("all of the original: Content = %q, Changed %v", got, f.Changed())
	}
	f.Close()
	f, _ = Replace(name, Options{})
	defer f.Close()
	io.WriteString(f, "line 1\n")
	io.WriteString(f, "line two\n")
	got, _ := io.ReadAll(f.Content())
	if string(got) != "line 1\nline two\n" || !f.Changed() {
		t.Errorf("Content = %q", got)
	}
	if !bytes.Equal(must(io.ReadAll(io.NewSectionReader(f.Original(), 0, f.OriginalSize()))), []byte("line 1\nline 2\n")) {
		t.Error("Original changed")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// FuzzReplace gives files of any name (a newline, a leading dot or dash,
// ".iriscan-" inside, 200 bytes long) an old and a new content, written
// in chunks: the file ends up with the new content and its mode, in the
// same inode if nothing changed, and nothing else is left in the
// directory.
func FuzzReplace(f *testing.F) {
	f.Add("f.txt", []byte("http://例え.jp/\n"), []byte("http://xn--r8jz45g.jp/\n"), uint8(3))
	f.Add("a\nb", []byte("same"), []byte("same"), uint8(0))
	f.Add(".hidden.iriscan-abc", []byte("abc"), []byte("ab"), uint8(1))
	f.Add("-"+strings.Repeat("é", 99), []byte(""), []byte("x"), uint8(200))
	f.Fuzz(func(t *testing.T, name string, old, new []byte, chunk uint8) {
		name = strings.Map(func(r rune) rune {
			if r == '/' || r == 0 {
				return '_'
			}
			return r
		}, name)
		if len(name) > 200 {
			name = name[:200]
		}
		if name == "" || name == "." || name == ".." {
			return
		}
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, old, 0o640); err != nil {
			t.Skip(err) // a name the file system refuses
		}
		os.Chmod(path, 0o640)
		before, _ := os.Stat(path)
		if err := replace(path, string(new), Options{}, int(chunk)+1); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, new) {
			t.Fatalf("%q: %q, %v; want %q", name, got, err, new)
		}
		after, _ := os.Stat(path)
		if after.Mode() != 0o640 {
			t.Errorf("mode %v", after.Mode())
		}
		if os.SameFile(before, after) != bytes.Equal(old, new) {
			t.Errorf("old %q new %q: same file %v", old, new, os.SameFile(before, after))
		}
		checkNoTemp(t, dir, name)
	})
}
