package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/iriscan/iriscan/rewrite"
)

// The tests of how iriscan writes files and output (docs/writing.md).

// TestMain removes the command that buildIriscan built.
func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// failWriter fails every write, as a full disk does.
type failWriter struct{}

func (failWriter) Write(p []byte) (int, error) { return 0, syscall.ENOSPC }

// Every command whose standard output cannot be written exits 2 and says
// why, in process (any writer) and as a process writing to /dev/full.
func TestStdoutErrors(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "a.txt")
	writeFile(t, text, "See "+idnIRI+" now.\n", 0o644)
	page := filepath.Join(dir, "b.html")
	writeFile(t, page, `<a href="`+idnIRI+`">x</a>`+"\n", 0o644)
	cases := [][]string{
		{"convert", "--to", "uri", idnIRI},
		{"convert", "--to", "iri", idnURI},
		{"extract", text},
		{"extract", "--print", "uri", page},
		{"rewrite", "--to", "uri", text},
		{"rewrite", "--to", "uri", "-l", text},
		{"rewrite", "--to", "uri", "-d", page},
		{"linkify", text},
		{"linkify", "-d", text},
		{"version"},
		{"help"},
		{"--help"},
		{"help", "rewrite"},
		{"extract", "--help"},
		{"corpus", "--help"},
	}
	for _, args := range cases {
		t.Run(strings.Join(args[:min(len(args), 3)], " "), func(t *testing.T) {
			var stderr bytes.Buffer
			status := run(args, strings.NewReader(""), failWriter{}, &stderr)
			if status != 2 || !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("in process: status %d, stderr %q", status, stderr.String())
			}
		})
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	bin := buildIriscan(t)
	for _, args := range cases {
		t.Run("/dev/full "+strings.Join(args[:min(len(args), 3)], " "), func(t *testing.T) {
			full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer full.Close()
			cmd := exec.Command(bin, args...)
			cmd.Stdout = full
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			cmd.Run()
			if status := cmd.ProcessState.ExitCode(); status != 2 || !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("status %d, stderr %q", status, stderr.String())
			}
		})
	}
}

// A closed pipe on standard output ends iriscan quietly with status 141,
// as SIGPIPE ends other tools (what a shell reports for them).
func TestStdoutClosedPipe(t *testing.T) {
	bin := buildIriscan(t)
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	writeFile(t, big, strings.Repeat("See "+idnIRI+" now.\n", 100000), 0o644)
	for _, args := range [][]string{
		{"rewrite", "--to", "uri", big},
		{"extract", big},
		{"rewrite", "--to", "uri", "-d", big},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		cmd := exec.Command(bin, args...)
		cmd.Stdout = w
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Run()
		w.Close()
		if status := cmd.ProcessState.ExitCode(); status != 141 || stderr.Len() != 0 {
			t.Errorf("%q: status %d, stderr %q; want 141 and nothing", args, status, stderr.String())
		}
	}
}

// SIGINT, SIGTERM and SIGHUP during -o remove the temporary file and
// exit 128 plus the signal number. The input is a FIFO that the test
// holds open, so that the signal comes while the output is half written.
func TestSignalsRemoveTemporaryFile(t *testing.T) {
	bin := buildIriscan(t)
	for _, sig := range []struct {
		s    syscall.Signal
		want int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}} {
		t.Run(sig.s.String(), func(t *testing.T) {
			dir := t.TempDir()
			fifo := filepath.Join(dir, "in.txt")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skip(err)
			}
			out := filepath.Join(dir, "out.txt")
			writeFile(t, out, "the old output", 0o644)
			cmd := exec.Command(bin, "rewrite", "--to", "uri", "-o", out, fifo)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				cmd.Process.Kill()
				t.Fatal(err)
			}
			defer w.Close()
			// Enough text that the output reaches the temporary file.
			chunk := strings.Repeat("See "+idnIRI+" now.\n", 20000)
			deadline := time.Now().Add(processPatience)
			for !hasTemp(dir) {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("no temporary file appeared")
				}
				if _, err := io.WriteString(w, chunk); err != nil {
					t.Fatal(err)
				}
				time.Sleep(10 * time.Millisecond)
			}
			cmd.Process.Signal(sig.s)
			cmd.Wait()
			if status := cmd.ProcessState.ExitCode(); status != sig.want {
				t.Errorf("status %d, want %d; stderr %q", status, sig.want, stderr.String())
			}
			checkFile(t, out, "the old output", 0o644)
			checkNoTemp(t, dir, 2)
		})
	}
}

func hasTemp(dir string) bool {
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if strings.Contains(e.Name(), ".iriscan-") {
			return true
		}
	}
	return false
}

// Files -w and -o may not simply replace are reported and left as they
// are (status 2), unless a flag says what to do; a FIFO or a device is
// never opened.
func TestWriteRefuses(t *testing.T) {
	dir := t.TempDir()
	hard := filepath.Join(dir, "hard.txt")
	hard2 := filepath.Join(dir, "hard2.txt")
	ro := filepath.Join(dir, "ro.txt")
	link := filepath.Join(dir, "link.txt")
	target := filepath.Join(dir, "target.txt")
	fifo := filepath.Join(dir, "fifo.txt")
	for _, f := range []string{hard, ro, target} {
		writeFile(t, f, "x "+idnIRI+"\n", 0o644)
	}
	os.Chmod(ro, 0o444)
	if err := os.Link(hard, hard2); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string // after rewrite --to uri
		msg  string
		flag string // that lets the file be written
		file string // that it writes
	}{
		{[]string{"-w", hard}, hard + ": has other hard links; not written (--break-hardlinks gives this name the new content, the other names keep the old)", "--break-hardlinks", hard},
		{[]string{"-w", ro}, ro + ": is read-only; not written (--force writes it anyway)", "--force", ro},
		{[]string{"-w", link}, link + ": is a symbolic link; not written (--follow-symlinks writes the file it points to)", "--follow-symlinks", target},
		{[]string{"-w", fifo}, fifo + ": is not a regular file (a FIFO); not written", "", ""},
		{[]string{"-w", "/dev/null"}, "/dev/null: is not a regular file (a character device); not written", "", ""},
		{[]string{"-o", fifo, target}, fifo + ": is not a regular file (a FIFO); not written", "", ""},
		{[]string{"-l", "-w", ro}, ro + ": is read-only; not written (--force writes it anyway)", "", ""},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			done := make(chan bool)
			var out, stderr string
			var status int
			go func() {
				defer close(done)
				out, stderr, status = runCmd(t, "", append([]string{"rewrite", "--to", "uri"}, tt.args...)...)
			}()
			select {
			case <-done:
			case <-time.After(processPatience):
				t.Fatal("hung")
			}
			if want := "iriscan: " + tt.msg + "\n"; status != 2 || stderr != want || out != "" && tt.args[0] != "-l" {
				t.Errorf("status %d, stdout %q, stderr %q; want 2 and %q", status, out, stderr, want)
			}
			for _, f := range []string{hard, hard2, ro, target} {
				if got, _ := os.ReadFile(f); string(got) != "x "+idnIRI+"\n" {
					t.Errorf("%s was written: %q", f, got)
				}
			}
			if tt.flag == "" {
				return
			}
			args := append([]string{"rewrite", "--to", "uri", tt.flag}, tt.args...)
			if _, stderr, status := runCmd(t, "", args...); status != 0 || stderr != "" {
				t.Errorf("%q: status %d, stderr %q", args, status, stderr)
			}
			if got, _ := os.ReadFile(tt.file); string(got) != "x "+idnURI+"\n" {
				t.Errorf("%q: %s is %q", args, tt.file, got)
			}
			writeFile(t, tt.file, "x "+idnIRI+"\n", 0o644)
			if tt.file == ro {
				os.Chmod(ro, 0o444)
			}
		})
	}
	if got, _ := os.ReadFile(hard2); string(got) != "x "+idnIRI+"\n" {
		t.Errorf("the other name of a broken hard link was written: %q", got)
	}
	checkNoTemp(t, dir, 6)
}

// As root, -w on another user's setuid file keeps its owner and group:
// the result is never a root-owned setuid file with that user's content.
func TestWriteKeepsOwner(t *testing.T) {
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
		{12345, 54321, 0o640},
	} {
		t.Run(fmt.Sprintf("%d:%d %v", tt.uid, tt.gid, tt.perm), func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "prog.sh")
			writeFile(t, name, "#!/bin/sh\necho "+idnIRI+"\n", 0o755)
			if err := os.Chown(name, tt.uid, tt.gid); err != nil {
				t.Fatal(err)
			}
			os.Chmod(name, tt.perm)
			if _, stderr, status := runCmd(t, "", "rewrite", "--to", "uri", "-w", name); status != 0 || stderr != "" {
				t.Fatalf("status %d, stderr %q", status, stderr)
			}
			got, _ := os.ReadFile(name)
			fi, _ := os.Stat(name)
			st := fi.Sys().(*syscall.Stat_t)
			if string(got) != "#!/bin/sh\necho "+idnURI+"\n" || int(st.Uid) != tt.uid || int(st.Gid) != tt.gid ||
				fi.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid) != tt.perm {
				t.Errorf("%q owned by %d:%d, mode %v", got, st.Uid, st.Gid, fi.Mode())
			}
			checkNoTemp(t, dir, 1)
		})
	}
}

// A user who may write another user's file but cannot give the new file
// its owner is refused; --force writes it, as the user's, without
// setuid and setgid. Run as nobody on a world-writable setuid file of
// root's.
func TestWriteForeignOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to run as nobody")
	}
	bin := buildIriscan(t)
	dir := t.TempDir()
	os.Chmod(dir, 0o777)
	os.Chmod(filepath.Dir(dir), 0o755)
	name := filepath.Join(dir, "prog.sh")
	writeFile(t, name, "#!/bin/sh\necho "+idnIRI+"\n", 0o757)
	os.Chmod(name, 0o757|fs.ModeSetuid|fs.ModeSetgid)
	asNobody := func(args ...string) (int, string) {
		cmd := exec.Command(bin, args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil && cmd.ProcessState == nil {
			t.Skipf("cannot run as nobody: %v", err)
		}
		return cmd.ProcessState.ExitCode(), stderr.String()
	}
	status, stderr := asNobody("rewrite", "--to", "uri", "-w", name)
	if want := "iriscan: " + name + ": belongs to another user or group, which the new file could not keep; not written (--force writes it anyway)\n"; status != 2 || stderr != want {
		t.Errorf("status %d, stderr %q; want 2 and %q", status, stderr, want)
	}
	if got, _ := os.ReadFile(name); string(got) != "#!/bin/sh\necho "+idnIRI+"\n" {
		t.Errorf("refused, but written: %q", got)
	}
	if fi, _ := os.Stat(name); fi.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid) != 0o757|fs.ModeSetuid|fs.ModeSetgid {
		t.Errorf("refused, but mode %v", fi.Mode())
	}
	if status, stderr := asNobody("rewrite", "--to", "uri", "-w", "--force", name); status != 0 || stderr != "" {
		t.Errorf("--force: status %d, stderr %q", status, stderr)
	}
	checkFile(t, name, "#!/bin/sh\necho "+idnURI+"\n", 0o757)
	if fi, _ := os.Stat(name); fi.Sys().(*syscall.Stat_t).Uid != 65534 || fi.Mode()&(fs.ModeSetuid|fs.ModeSetgid) != 0 {
		t.Errorf("owner %d, mode %v; want 65534 and no setuid or setgid", fi.Sys().(*syscall.Stat_t).Uid, fi.Mode())
	}
	checkNoTemp(t, dir, 1)
}

// A file that someone else changes while iriscan rewrites it is left as
// they made it. The mail stand-in edits the file halfway.
func TestWriteChangedMeanwhile(t *testing.T) {
	defer func(f func(io.Writer, io.Reader, mailOptions) (rewrite.Result, error)) { mailRewrite = f }(mailRewrite)
	dir := t.TempDir()
	msg := filepath.Join(dir, "a.eml")
	mailRewrite = func(w io.Writer, r io.Reader, o mailOptions) (rewrite.Result, error) {
		io.WriteString(w, "From: y\n")
		f, _ := os.OpenFile(msg, os.O_WRONLY|os.O_APPEND, 0)
		f.WriteString("an edit\n")
		f.Close()
		_, err := io.Copy(w, r)
		return rewrite.Result{}, err
	}
	for _, args := range [][]string{{"-w", msg}, {"-w", "-d", msg}} {
		writeFile(t, msg, "From: x\n\n"+idnIRI+"\n", 0o600)
		_, stderr, status := runCmd(t, "", append([]string{"rewrite", "--to", "uri"}, args...)...)
		if want := "iriscan: " + msg + ": changed while it was being rewritten; left as it is\n"; status != 2 || stderr != want {
			t.Errorf("%q: status %d, stderr %q, want %q", args, status, stderr, want)
		}
		checkFile(t, msg, "From: x\n\n"+idnIRI+"\nan edit\n", 0o600)
		checkNoTemp(t, dir, 1)
	}
}

// File names are data: a name with a newline or an escape sequence is
// quoted in -l lists as ls quotes it, in -d headers as GNU diff does, and
// in messages.
func TestNamesQuoted(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	names := []string{"a\nb.txt", "c\x1b[31md.txt", "tab\there.txt", "plain.txt", "it's.txt"}
	for _, n := range names {
		writeFile(t, n, "x "+idnIRI+"\n", 0o644)
	}
	out, stderr, status := runCmd(t, "", append([]string{"rewrite", "--to", "uri", "-l"}, names...)...)
	want := `'a'$'\n''b.txt'
'c'$'\033''[31md.txt'
'tab'$'\t''here.txt'
plain.txt
"it's.txt"
`
	if out != want || stderr != "" || status != 0 {
		t.Errorf("-l: status %d, stderr %q\n got %s\nwant %s", status, stderr, out, want)
	}
	out, _, _ = runCmd(t, "", "rewrite", "--to", "uri", "-d", "a\nb.txt", "c\x1b[31md.txt")
	want = `--- "a\nb.txt.orig"
+++ "a\nb.txt"
@@ -1,1 +1,1 @@
-x ` + idnIRI + `
+x ` + idnURI + `
--- "c\033[31md.txt.orig"
+++ "c\033[31md.txt"
@@ -1,1 +1,1 @@
-x ` + idnIRI + `
+x ` + idnURI + `
`
	if out != want {
		t.Errorf("-d:\n got %s\nwant %s", out, want)
	}
	// extract names files in messages the same way.
	writeFile(t, "bin\n.txt", "\x00\x01binary", 0o644)
	_, stderr, _ = runCmd(t, "", "extract", "bin\n.txt", "no\nsuch")
	if want := "iriscan: 'bin'$'\\n''.txt': binary file skipped (give --format to read it anyway)\n"; !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 2 {
		t.Errorf("extract messages: %q, want %q first", stderr, want)
	}
	os.Symlink("plain.txt", "l\nk")
	_, stderr, _ = runCmd(t, "", "rewrite", "--to", "uri", "-w", "l\nk", "no\nsuch")
	if strings.Count(stderr, "\n") != 2 || !strings.HasPrefix(stderr, `iriscan: 'l'$'\n''k': is a symbolic link`) || !strings.Contains(stderr, `no\nsuch`) {
		t.Errorf("messages: %q", stderr)
	}
}

// --max-length has a ceiling, 2 MiB: past it a usage error, not an
// out-of-memory crash.
func TestMaxLengthCeiling(t *testing.T) {
	for _, cmd := range [][]string{{"extract"}, {"rewrite", "--to", "uri"}, {"linkify"}} {
		for _, n := range []string{"99999999999", "2097153", "9223372036854775807"} {
			out, stderr, status := runCmd(t, idnIRI, append(cmd, "--max-length", n)...)
			want := "iriscan: " + cmd[0] + ": --max-length must be at most 2097152 (2 MiB), not " + n + "\nRun 'iriscan " + cmd[0] + " --help' for usage.\n"
			if status != 2 || out != "" || stderr != want {
				t.Errorf("%s --max-length %s: status %d, stderr %q, want %q", cmd[0], n, status, stderr, want)
			}
		}
		if out, stderr, status := runCmd(t, idnIRI+"\n", append(cmd, "--max-length", "2097152")...); status != 0 || out == "" || stderr != "" {
			t.Errorf("%s --max-length 2097152: status %d, stderr %q", cmd[0], status, stderr)
		}
	}
	// corpus, whose every job holds scanners, has the same ceiling.
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "a.txt"), []byte(idnIRI+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"99999999999", "2097153", "0"} {
		out := filepath.Join(t.TempDir(), "out")
		_, stderr, status := runCmd(t, "", "corpus", "--to", "uri", "--max-length", n, "--out", out, src)
		if status != 2 || !strings.Contains(stderr, "--max-length must be") {
			t.Errorf("corpus --max-length %s: status %d, stderr %q", n, status, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("corpus --max-length %s: %s made", n, out)
		}
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, stderr, status := runCmd(t, "", "corpus", "--to", "uri", "--max-length", "2097152", "--out", out, src); status != 0 || !strings.Contains(stderr, "1 converted") {
		t.Errorf("corpus --max-length 2097152: status %d, stderr %q", status, stderr)
	}
}

// -l and -d read a FIFO (or any input that is not a regular file) once,
// and compare and diff it all the same.
func TestListDiffFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "in.txt")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			io.WriteString(w, "x "+idnIRI+"\n")
			w.Close()
		}
	}()
	out, stderr, status := runCmd(t, "", "rewrite", "--to", "uri", "-l", "-d", fifo)
	want := fifo + "\n--- " + fifo + ".orig\n+++ " + fifo + "\n@@ -1,1 +1,1 @@\n-x " + idnIRI + "\n+x " + idnURI + "\n"
	if out != want || stderr != "" || status != 0 {
		t.Errorf("status %d, stderr %q\n got %s\nwant %s", status, stderr, out, want)
	}
}
