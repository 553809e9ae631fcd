package main

import (
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// A base64 part that stops decoding is reported by extract and lint with
// one offset: the byte of the file where the bad data is, not the
// scanner's offset in the decoded text beside the base64 decoder's offset
// in its own chunk.
func TestMailBadBase64NamesTheByte(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ name, in string }{
		{"second line", "From: a@example.com\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n" +
			"aHR0cDovL2V4YW1wbGUuY29tLyBzZWUK\naHR0cDovL+S+i+OBiC7jg4bjgrnjg4gv⟨!!!!\nmore\n"},
		{"second message, CRLF", "From a@b Mon Mar  4 10:00:00 2024\r\nFrom: a@b\r\n\r\nfirst\r\n\r\n" +
			"From c@d Mon Mar  4 10:00:01 2024\r\nFrom: c@d\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
			"aHR0cHM6Ly9leGFtcGxlLmNvbS9hIGFu\r\nZCB0aGVu⟨#AAA\r\n"},
	} {
		want := strings.Index(tt.in, "⟨")
		name := filepath.Join(dir, strconv.Itoa(want)+".eml")
		writeFile(t, name, strings.Replace(tt.in, "⟨", "", 1), 0o644)
		for _, cmd := range []string{"extract", "lint"} {
			t.Run(tt.name+"/"+cmd, func(t *testing.T) {
				_, stderr, _ := runCmd(t, "", cmd, name)
				msg := "0"
				if strings.HasPrefix(tt.in, "From a@b") {
					msg = "1"
				}
				if w := "iriscan: " + name + ": message " + msg + " part 1: byte " + strconv.Itoa(want) + ": base64: illegal data; rest of the part skipped\n"; stderr != w {
					t.Errorf("stderr %q\nwant   %q", stderr, w)
				}
			})
		}
	}
}

// extract and lint read a message of many small text parts with one
// scanner (or linter) and one charset reader per charset, not new ones
// (142 KB or 260 KB, and 64 KB) per part: a message of 125,000 parts took 35 s (0.94 s for 31,250 parts at
// 40 MB RSS, mostly clearing new buffers); now 2.3 s. Checked as the bytes
// allocated per part, which do not depend on the machine's speed.
func TestExtractManyPartsAllocs(t *testing.T) {
	const parts = 2000
	var b strings.Builder
	b.WriteString("From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n")
	for i := range parts {
		cs := []string{"utf-8", "iso-8859-1", "shift_jis"}[i%3]
		typ := []string{"plain", "html"}[i%2]
		fmt.Fprintf(&b, "--b\nContent-Type: text/%s; charset=%s\n\nhttp://example.org/%d\n", typ, cs, i)
	}
	b.WriteString("--b--\n")
	name := filepath.Join(t.TempDir(), "parts.eml")
	writeFile(t, name, b.String(), 0o644)
	for _, tt := range []struct {
		args   []string
		status int
		lines  int
	}{
		{[]string{"extract", "--print", "uri", name}, 0, parts},
		{[]string{"lint", name}, 0, 0},
	} {
		t.Run(tt.args[0], func(t *testing.T) {
			var out strings.Builder
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			status := run(tt.args, strings.NewReader(""), &out, io.Discard)
			runtime.ReadMemStats(&after)
			if status != tt.status || strings.Count(out.String(), "\n") != tt.lines {
				t.Fatalf("status %d, %d lines, want %d, %d", status, strings.Count(out.String(), "\n"), tt.status, tt.lines)
			}
			per := (after.TotalAlloc - before.TotalAlloc) / parts
			t.Logf("%d bytes allocated per part", per)
			if per > 16<<10 {
				t.Errorf("%d bytes allocated per part, want at most 16 KiB", per)
			}
		})
	}
}

// Once standard output has failed, nothing more can be written: a command
// given several files, or a directory, stops at the file whose output met
// the failure and says so once, naming that file. extract, rewrite and
// linkify went on and said it again for every further file, and extract
// named no file.
func TestStdoutErrorStopsWalk(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "a-big.txt") // first in the directory's order
	writeFile(t, big, strings.Repeat("See http://例え.jp/ now.\n", 20000), 0o644)
	for _, name := range []string{"b.txt", "c.txt"} {
		writeFile(t, filepath.Join(dir, name), "See http://例え.jp/ now.\n", 0o644)
	}
	small := filepath.Join(dir, "b.txt")
	for _, args := range [][]string{
		{"rewrite", "--to", "uri"},
		{"rewrite", "--to", "uri", "-d"},
		{"linkify"},
		{"extract"},
	} {
		for _, operands := range [][]string{{big, small, small}, {dir}} {
			name := strings.Join(args, " ") + " " + filepath.Base(operands[0])
			t.Run(name, func(t *testing.T) {
				var stderr strings.Builder
				status := run(append(args[:len(args):len(args)], operands...), strings.NewReader(""), failWriter{}, &stderr)
				msg := stderr.String()
				if status != 2 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "no space left on device") {
					t.Fatalf("status %d, stderr:\n%s; want 2 and one line", status, msg)
				}
				if !strings.HasPrefix(msg, "iriscan: "+big+": ") {
					t.Errorf("stderr %q does not name %s first", msg, big)
				}
			})
		}
	}
}

// A standard output that fails (a full disk) is reported once: by the file
// whose output met it, or, when that output was all buffered, as "writing
// standard output". rewrite, -d, linkify and extract said it twice.
func TestStdoutErrorOnce(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	writeFile(t, big, strings.Repeat("See http://例え.jp/ now.\n", 20000), 0o644)
	small := filepath.Join(dir, "small.txt")
	writeFile(t, small, "See http://例え.jp/ now.\n", 0o644)
	for _, args := range [][]string{
		{"rewrite", "--to", "uri"},
		{"rewrite", "--to", "uri", "-d"},
		{"rewrite", "--to", "uri", "-l"},
		{"linkify"},
		{"extract"},
	} {
		for _, f := range []string{big, small} {
			t.Run(strings.Join(args, " ")+" "+filepath.Base(f), func(t *testing.T) {
				var stderr strings.Builder
				status := run(append(args[:len(args):len(args)], f), strings.NewReader(""), failWriter{}, &stderr)
				if status != 2 || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "no space left on device") {
					t.Errorf("status %d, stderr:\n%s; want 2 and one line", status, stderr.String())
				}
			})
		}
	}
}
