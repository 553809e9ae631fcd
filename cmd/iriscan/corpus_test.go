package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
)

// Documents of the generated corpus. The IRIs are the IANA IDN test domain
// 例え.テスト (xn--r8jz45g.xn--zckzah), an Arabic one, and an e-mail address.
const (
	textDoc = "Notes\n\nSee http://例え.テスト/パス?q=値 and www.例え.テスト/x,\n" +
		"write to 用户@例子.广告, or read <https://مثال.إختبار/مسار>.\n" +
		"Plain http://example.org/ stays.\n"
	htmlDoc = "<!doctype html><html><head><meta charset=\"utf-8\"><title>t</title></head><body>\n" +
		"<a href=\"http://例え.テスト/パス\">link</a> <img src=\"https://bücher.example/böse.png\">\n" +
		"<p>text http://例え.テスト/ and https://مثال.إختبار/ here</p></body></html>\n"
	emlDoc = "From: a@example.org\r\nTo: b@example.org\r\nSubject: links\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" +
		"see http://例え.テスト/パス today\r\n"
	mboxDoc = "From a@example.org Thu Jan  1 00:00:00 2026\n" +
		"From: a@example.org\nSubject: one\nContent-Type: text/plain; charset=utf-8\n\n" +
		"first http://例え.テスト/一\n\n" +
		"From b@example.org Thu Jan  1 00:00:01 2026\n" +
		"From: b@example.org\nSubject: two\nMIME-Version: 1.0\n" +
		"Content-Type: text/html; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"<a href=3D\"http://example.org/caf=E9\">caf=E9</a>\n"
)

func gzipBytes(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// truncated cuts b in the middle.
func truncated(b []byte) []byte { return b[:len(b)/2] }

func encode(t *testing.T, enc interface{ Bytes([]byte) ([]byte, error) }, s string) []byte {
	t.Helper()
	b, err := enc.Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// want is what a corpus run must report for one generated input.
type want struct {
	status string
	reason string // a substring of the reason
	format string
	cs     string
}

// makeCorpus writes the test corpus into src and returns what each input
// (by relative path) must become.
func makeCorpus(t *testing.T, src string) map[string]want {
	t.Helper()
	sjis := encode(t, japanese.ShiftJIS.NewEncoder(),
		"<html><head><meta charset=\"shift_jis\"></head><body><a href=\"http://例え.テスト/パス?q=値\">日本</a></body></html>\n")
	latin := encode(t, charmap.Windows1252.NewEncoder(),
		"<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\"></head>"+
			"<body><a href=\"http://example.org/?q=café\">café</a> <a href=\"http://bücher.example/\">b</a></body></html>\n")
	utf16 := encode(t, unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder(), textDoc)
	files := map[string][]byte{
		"notes.txt":                []byte(textDoc),
		"README":                   []byte(textDoc),
		"a/b/deep/page.html":       []byte(htmlDoc),
		"a/b/sjis.html":            sjis,
		"a/latin.htm":              latin,
		"a/utf16.txt":              utf16,
		"mail/msg.eml":             []byte(emlDoc),
		"mail/archive.mbox":        []byte(mboxDoc),
		"mail/noext":               []byte(emlDoc),
		"gz/notes.txt.gz":          gzipBytes(t, []byte(textDoc)),
		"gz/page.html.gz":          gzipBytes(t, []byte(htmlDoc)),
		"gz/sjis.html.gz":          gzipBytes(t, sjis),
		"gz/msg.eml.gz":            gzipBytes(t, []byte(emlDoc)),
		"gz/archive.mbox.gz":       gzipBytes(t, []byte(mboxDoc)),
		"broken/invalid.txt":       []byte("bad \xff\xfe\xc3 bytes http://例え.テスト/\x80パス end\n"),
		"broken/invalid-sjis.html": append(append([]byte{}, sjis[:60]...), append([]byte{0x81, 0x20, 0xa0, 0xff}, sjis[60:]...)...),
		"broken/binary.png":        []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR http://例え.テスト/"),
		"broken/empty.txt":         nil,
		"broken/trunc.txt.gz":      truncated(gzipBytes(t, []byte(strings.Repeat(textDoc, 50)))),
		"broken/notgzip.txt.gz":    []byte(textDoc),
		"broken/trailing.html.gz":  append(gzipBytes(t, []byte(htmlDoc)), "this is not a gzip member"...),
		"spaces and\nnewline.txt":  []byte(textDoc),
		"deep/" + strings.Repeat("d/", 20) + "leaf.txt": []byte(textDoc),
	}
	for name, data := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(src, "broken/link-out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../..", filepath.Join(src, "broken/dirlink-out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../notes.txt", filepath.Join(src, "broken/link-in")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(src, "broken/fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := map[string]want{
		"notes.txt":                {"converted", "", "text", "utf-8"},
		"README":                   {"converted", "", "text", "utf-8"},
		"a/b/deep/page.html":       {"converted", "", "html", "utf-8"},
		"a/b/sjis.html":            {"converted", "", "html", "shift_jis"},
		"a/latin.htm":              {"converted", "", "html", "windows-1252"},
		"a/utf16.txt":              {"converted", "", "text", "utf-16le"},
		"mail/msg.eml":             {"converted", "", "mail", ""},
		"mail/archive.mbox":        {"converted", "", "mail", ""},
		"mail/noext":               {"converted", "", "mail", ""},
		"gz/notes.txt.gz":          {"converted", "", "text", "utf-8"},
		"gz/page.html.gz":          {"converted", "", "html", "utf-8"},
		"gz/sjis.html.gz":          {"converted", "", "html", "shift_jis"},
		"gz/msg.eml.gz":            {"converted", "", "mail", ""},
		"gz/archive.mbox.gz":       {"converted", "", "mail", ""},
		"broken/invalid.txt":       {"converted", "", "text", "utf-8"},
		"broken/invalid-sjis.html": {"converted", "", "html", "shift_jis"},
		"broken/binary.png":        {"skipped", "binary", "", ""},
		"broken/empty.txt":         {"converted", "", "text", "utf-8"},
		"broken/trunc.txt.gz":      {"failed", "gzip: unexpected EOF", "", ""},
		"broken/notgzip.txt.gz":    {"failed", "gzip: invalid header", "", ""},
		"broken/trailing.html.gz":  {"failed", "gzip: invalid header", "", ""},
		"broken/link-out":          {"skipped", "symbolic link", "", ""},
		"broken/dirlink-out":       {"skipped", "symbolic link", "", ""},
		"broken/link-in":           {"skipped", "symbolic link", "", ""},
		"broken/fifo":              {"skipped", "not a regular file", "", ""},
		"spaces and\nnewline.txt":  {"converted", "", "text", "utf-8"},
		"deep/" + strings.Repeat("d/", 20) + "leaf.txt": {"converted", "", "text", "utf-8"},
	}
	return w
}

// readReport reads a JSON Lines report into a map by path relative to
// src, and fails on a path reported twice.
func readReport(t *testing.T, file, src string) map[string]map[string]any {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]any{}
	for _, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatalf("report line %q: %v", line, err)
		}
		rel, err := filepath.Rel(src, rec["path"].(string))
		if err != nil {
			t.Fatal(err)
		}
		rel = filepath.ToSlash(rel)
		if _, dup := got[rel]; dup {
			t.Errorf("report: %s twice", rel)
		}
		got[rel] = rec
	}
	return got
}

// treeDigests returns the SHA-256 of every file under dir but the state
// directory, by slash-separated relative path.
func treeDigests(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		return got
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if rel == ".iriscan" {
				return filepath.SkipDir
			}
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		got[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// cliOutput is what "iriscan rewrite --to FORM FILE" (or linkify) prints
// for the input at rel in src, decompressed first if it is gzip, under the
// same name without ".gz" (the name decides the format).
func cliOutput(t *testing.T, src, rel, form string) []byte {
	t.Helper()
	file := filepath.Join(src, filepath.FromSlash(rel))
	if base, ok := strings.CutSuffix(rel, ".gz"); ok {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		var plain bytes.Buffer
		if _, err := plain.ReadFrom(zr); err != nil {
			t.Fatal(err)
		}
		file = filepath.Join(t.TempDir(), filepath.Base(base))
		if err := os.WriteFile(file, plain.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"rewrite", "--to", form, file}
	if form == "linkify" {
		args = []string{"linkify", file}
	}
	out, stderr, status := runCmd(t, "", args...)
	if status == 2 {
		t.Fatalf("%q: status 2: %s", args, stderr)
	}
	return []byte(out)
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestCorpus converts the generated corpus in each mode: every output is
// byte for byte what iriscan rewrite (or linkify) prints for its file
// alone, every input is reported once with the right status, and the run
// exits 1 because some inputs failed.
func TestCorpus(t *testing.T) {
	src := t.TempDir()
	wants := makeCorpus(t, src)
	for _, form := range []string{"uri", "iri", "display", "linkify"} {
		t.Run(form, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			rep := filepath.Join(t.TempDir(), "report.jsonl")
			_, stderr, status := runCmd(t, "", "corpus", "--to", form, "--out", out, "--report", rep, "--jobs", "3", src)
			if status != 1 {
				t.Errorf("status %d, want 1 (some inputs failed); stderr:\n%s", status, stderr)
			}
			if !strings.Contains(stderr, "converted") || !strings.Contains(stderr, "3 failed") {
				t.Errorf("summary: %s", stderr)
			}
			report := readReport(t, rep, src)
			tree := treeDigests(t, out)
			for rel, w := range wants {
				t.Run(strings.ReplaceAll(rel, "/", "_"), func(t *testing.T) {
					rec, ok := report[rel]
					if !ok {
						t.Fatalf("not in the report")
					}
					if rec["status"] != w.status || !strings.Contains(fmt.Sprint(rec["reason"]), w.reason) {
						t.Errorf("status %v (%v), want %s (%s)", rec["status"], rec["reason"], w.status, w.reason)
					}
					if w.format != "" && rec["format"] != w.format {
						t.Errorf("format %v, want %s", rec["format"], w.format)
					}
					if w.cs != "" && rec["charset"] != w.cs {
						t.Errorf("charset %v, want %s", rec["charset"], w.cs)
					}
					outRel := rel
					if form == "linkify" {
						outRel = linkifyName(rel)
					}
					if rec["status"] == "converted" && rec["output"] != outRel {
						t.Errorf("output %v, want %s", rec["output"], outRel)
					}
					_, exists := tree[outRel]
					if w.status != "converted" {
						if exists && outRel != rel {
							t.Errorf("output %s exists", outRel)
						}
						return
					}
					got, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(outRel)))
					if err != nil {
						t.Fatal(err)
					}
					if strings.HasSuffix(rel, ".gz") {
						got = gunzip(t, got)
					}
					if want := cliOutput(t, src, rel, form); !bytes.Equal(got, want) {
						t.Errorf("output differs from iriscan %s:\n got %q\nwant %q", form, got, want)
					}
				})
			}
			for rel := range report {
				if _, ok := wants[rel]; !ok {
					t.Errorf("report names %q, not an input", rel)
				}
			}
			for rel := range tree {
				if form != "linkify" {
					if w, ok := wants[rel]; !ok || w.status != "converted" {
						t.Errorf("output %q has no converted input", rel)
					}
				}
			}
		})
	}
}

// linkifyName is the output name of an input under --to linkify, as the
// usage states it.
func linkifyName(rel string) string {
	base, gz := strings.CutSuffix(rel, ".gz")
	switch strings.ToLower(filepath.Ext(base)) {
	case ".html", ".htm", ".xhtml", ".eml", ".mbox", ".mbx":
		return rel
	}
	if gz {
		return base + ".html.gz"
	}
	return rel + ".html"
}

// Outputs checked against values derived by hand from the standards, not
// only against the command.
func TestCorpusValues(t *testing.T) {
	src := t.TempDir()
	makeCorpus(t, src)
	out := filepath.Join(t.TempDir(), "out")
	runCmd(t, "", "corpus", "--to", "uri", "--out", out, src)
	for _, c := range []struct{ file, want string }{
		// IDNA ToASCII of the IANA test domain; パス and 値 as percent-encoded UTF-8 (Section 3.6).
		{"notes.txt", "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9?q=%E5%80%A4 "},
		// A query in a windows-1252 page is encoded in windows-1252 (Section 3.5): é is 0xE9.
		{"a/latin.htm", `href="http://example.org/?q=caf%E9"`},
		{"a/latin.htm", `href="http://xn--bcher-kva.example/"`},
		// Shift_JIS page: the query in Shift_JIS (値 is 0x926C), the path in UTF-8.
		{"a/b/sjis.html", `href="http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9?q=%92l"`},
	} {
		got, err := os.ReadFile(filepath.Join(out, c.file))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(got, []byte(c.want)) {
			t.Errorf("%s: no %q in\n%s", c.file, c.want, got)
		}
	}
	gz, err := os.ReadFile(filepath.Join(out, "gz/notes.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := os.ReadFile(filepath.Join(out, "notes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(gunzip(t, gz), plain) {
		t.Errorf("gz/notes.txt.gz does not hold the output of notes.txt")
	}
	// The symbolic links out of SRC were not followed: nothing of
	// /etc/passwd, nothing under the link to SRC's grandparent.
	for rel := range treeDigests(t, out) {
		if strings.HasPrefix(rel, "broken/dirlink-out") || strings.HasPrefix(rel, "broken/link") {
			t.Errorf("%s written", rel)
		}
	}
}

// A second run converts nothing, reports every output done, and exits as
// the first did; --force converts again to the same tree; --include,
// --exclude, --files-from and a file operand choose inputs.
func TestCorpusRerunAndSelect(t *testing.T) {
	src := t.TempDir()
	makeCorpus(t, src)
	out := filepath.Join(t.TempDir(), "out")
	runCmd(t, "", "corpus", "--to", "iri", "--out", out, src)
	first := treeDigests(t, out)
	rep := filepath.Join(t.TempDir(), "r.jsonl")
	_, stderr, status := runCmd(t, "", "corpus", "--to", "iri", "--out", out, "--report", rep, src)
	if status != 1 || !strings.Contains(stderr, " 0 converted, 19 already done") {
		t.Errorf("rerun: status %d, %s", status, stderr)
	}
	for rel, rec := range readReport(t, rep, src) {
		if _, ok := first[rel]; ok && rec["status"] != "done" {
			t.Errorf("rerun: %s %v", rel, rec["status"])
		}
	}
	_, stderr, _ = runCmd(t, "", "corpus", "--to", "iri", "--out", out, "--force", src)
	if !strings.Contains(stderr, " 19 converted, 0 already done") {
		t.Errorf("--force: %s", stderr)
	}
	if again := treeDigests(t, out); fmt.Sprint(again) != fmt.Sprint(first) {
		t.Errorf("--force changed the tree")
	}

	for _, c := range []struct {
		name  string
		args  []string
		stdin string
		want  []string
	}{
		{"include base name", []string{"--include", "*.html"}, "", []string{"a/b/deep/page.html", "a/b/sjis.html", "broken/invalid-sjis.html"}},
		{"include path", []string{"--include", "gz/*.html.gz"}, "", []string{"gz/page.html.gz", "gz/sjis.html.gz"}},
		{"exclude dirs", []string{"--exclude", "broken", "--exclude", "deep", "--exclude", "a", "--exclude", "mail", "--exclude", "*.gz"}, "", []string{"README", "notes.txt", "spaces and\nnewline.txt"}},
		{"files-from", []string{"--files-from", "-"}, "notes.txt\n./a/latin.htm\n\nmail\n../escape.txt\n/etc/passwd\n", []string{"a/latin.htm", "mail/archive.mbox", "mail/msg.eml", "mail/noext", "notes.txt"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := filepath.Join(t.TempDir(), "o")
			args := append([]string{"corpus", "--to", "uri", "--out", o}, c.args...)
			runCmd(t, c.stdin, append(args, src)...)
			var got []string
			for rel := range treeDigests(t, o) {
				got = append(got, rel)
			}
			if fmt.Sprint(sortStrings(got)) != fmt.Sprint(c.want) {
				t.Errorf("converted %q, want %q", sortStrings(got), c.want)
			}
		})
	}
	// Paths that leave SRC are failures, and nothing is read.
	o := filepath.Join(t.TempDir(), "o")
	rep = filepath.Join(t.TempDir(), "r.jsonl")
	_, _, status = runCmd(t, "../escape.txt\n/etc/passwd\n", "corpus", "--to", "uri", "--out", o, "--report", rep, "--files-from", "-", src)
	data, _ := os.ReadFile(rep)
	if status != 1 || bytes.Count(data, []byte(`"failed"`)) != 2 || !bytes.Contains(data, []byte("not a path inside")) {
		t.Errorf("escaping paths: status %d, report %s", status, data)
	}
	// The output directory cannot be the source.
	_, stderr, status = runCmd(t, "", "corpus", "--to", "uri", "--out", src, src)
	if status != 1 || !strings.Contains(stderr, "is the source") {
		t.Errorf("--out SRC: status %d, %s", status, stderr)
	}
	// A file operand: its output is its base name.
	o = filepath.Join(t.TempDir(), "o")
	runCmd(t, "", "corpus", "--to", "uri", "--out", o, filepath.Join(src, "a/latin.htm"), filepath.Join(src, "README"))
	if got := fmt.Sprint(sortStrings(keys(treeDigests(t, o)))); got != "[README latin.htm]" {
		t.Errorf("file operands: %s", got)
	}
	// Two sources that give one output path: the second fails.
	o = filepath.Join(t.TempDir(), "o")
	_, stderr, status = runCmd(t, "", "corpus", "--to", "uri", "--out", o, filepath.Join(src, "notes.txt"), filepath.Join(src, "gz/../notes.txt"))
	if status != 1 || !strings.Contains(stderr, "same output path notes.txt") {
		t.Errorf("colliding sources: status %d, %s", status, stderr)
	}
}

func keys(m map[string]string) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	return k
}

func sortStrings(s []string) []string {
	s = append([]string(nil), s...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}

func TestCorpusUsage(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"corpus", "--out", dir, dir}, "iriscan: corpus: --to is required (uri, iri, display or linkify)"},
		{[]string{"corpus", "--to", "url", "--out", dir, dir}, `iriscan: corpus: unknown --to "url" (want uri, iri, display or linkify)`},
		{[]string{"corpus", "--to", "uri", dir}, "iriscan: corpus: --out is required"},
		{[]string{"corpus", "--to", "uri", "--out", dir}, "iriscan: corpus: no SRC to convert"},
		{[]string{"corpus", "--to", "uri", "--out", dir, "--shard", "4/4", dir}, "iriscan: corpus: --shard: shard 4/4: want 0 <= I < N"},
		{[]string{"corpus", "--to", "uri", "--out", dir, "--shard", "1", dir}, `iriscan: corpus: --shard: shard "1": want I/N`},
		{[]string{"corpus", "--to", "uri", "--out", dir, "--include", "[", dir}, `iriscan: corpus: bad pattern "[": syntax error in pattern`},
		{[]string{"corpus", "--to", "uri", "--out", dir, "--files-from", "-", dir, dir}, "iriscan: corpus: --files-from takes at most one SRC, the directory its paths are relative to"},
	} {
		out, stderr, status := runCmd(t, "", c.args...)
		lines := strings.Split(stderr, "\n")
		if status != 2 || out != "" || lines[0] != c.msg {
			t.Errorf("%q: status %d, stderr %q, want %q", c.args, status, stderr, c.msg)
		}
	}
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// buildIriscan builds the command once, into a directory every user may
// read, for the tests that need a real process.
// processPatience is how long a test waits for a child process to reach a
// state (an output written, a lock taken) before it fails: far longer than
// any run takes, so that a machine loaded by other work cannot fail a test
// whose process is merely slow.
const processPatience = 2 * time.Minute

func buildIriscan(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "iriscan-corpus-test-")
		if err != nil {
			binErr = err
			return
		}
		os.Chmod(dir, 0o755)
		binPath = filepath.Join(dir, "iriscan")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// makeBigCorpus writes n documents of every kind, big enough that a run
// takes a while.
func makeBigCorpus(t *testing.T, src string, n int) {
	t.Helper()
	text := strings.Repeat(textDoc, 60)
	html := strings.Replace(htmlDoc, "</body>", strings.Repeat("<p><a href=\"http://例え.テスト/パス\">x</a> http://例え.テスト/ y</p>\n", 200)+"</body>", 1)
	for i := range n {
		var name string
		var data []byte
		switch i % 5 {
		case 0:
			name, data = "t.txt", []byte(text)
		case 1:
			name, data = "p.html", []byte(html)
		case 2:
			name, data = "m.mbox", []byte(strings.Repeat(mboxDoc, 40))
		case 3:
			name, data = "t.txt.gz", gzipBytes(t, []byte(text))
		case 4:
			name, data = "p.html.gz", gzipBytes(t, []byte(html))
		}
		p := filepath.Join(src, strconv.Itoa(i%7), strconv.Itoa(i)+name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// tmpFiles lists the temporary files left in out's state directory.
func tmpFiles(t *testing.T, out string) []string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(out, ".iriscan", "tmp"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestCorpusKill kills runs with SIGKILL at random moments, many times.
// After each kill, every output that exists is complete (equal to the
// output of an uninterrupted run); running the command again removes the
// temporary files, converts exactly the files without output, and ends
// with the same tree as the uninterrupted run.
func TestCorpusKill(t *testing.T) {
	const killFiles = 50
	bin := buildIriscan(t)
	src := t.TempDir()
	makeBigCorpus(t, src, killFiles)
	ref := filepath.Join(t.TempDir(), "ref")
	start := time.Now()
	if out, err := exec.Command(bin, "corpus", "--to", "uri", "--out", ref, "--jobs", "2", src).CombinedOutput(); err != nil {
		t.Fatalf("reference run: %v\n%s", err, out)
	}
	full := time.Since(start)
	want := treeDigests(t, ref)
	if len(want) != killFiles {
		t.Fatalf("reference run wrote %d files, want %d", len(want), killFiles)
	}
	kills := 30
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 12))
	t.Logf("uninterrupted run: %v; random kills in [0, %v]", full, full)
	var out string
	for i := range kills {
		if i%5 == 0 {
			out = filepath.Join(t.TempDir(), "out")
		}
		cmd := exec.Command(bin, "corpus", "--to", "uri", "--out", out, "--jobs", "2", src)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(full) + 1)))
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		got := treeDigests(t, out)
		for rel, sum := range got {
			if want[rel] != sum {
				t.Fatalf("kill %d: %s is not the complete output", i, rel)
			}
		}
		if i%5 != 4 {
			continue
		}
		// Finish: exactly the missing outputs are converted.
		rep := filepath.Join(t.TempDir(), "r.jsonl")
		res, err := exec.Command(bin, "corpus", "--to", "uri", "--out", out, "--jobs", "2", "--report", rep, src).CombinedOutput()
		if err != nil {
			t.Fatalf("rerun after kill %d: %v\n%s", i, err, res)
		}
		wantLine := fmt.Sprintf("%d files: %d converted, %d already done,", killFiles, killFiles-len(got), len(got))
		if !strings.Contains(string(res), wantLine) {
			t.Errorf("rerun after kill %d: %s; want %q", i, res, wantLine)
		}
		if tmp := tmpFiles(t, out); len(tmp) > 0 {
			t.Errorf("rerun after kill %d left %q", i, tmp)
		}
		if fin := treeDigests(t, out); fmt.Sprint(fin) != fmt.Sprint(want) {
			t.Errorf("after kill %d and a rerun, the tree differs from an uninterrupted run", i)
		}
	}
}

// SIGINT and SIGTERM stop a run: exit 130 and 143, no temporary file left,
// the report and summary written; the next run finishes the tree.
func TestCorpusSignals(t *testing.T) {
	bin := buildIriscan(t)
	src := t.TempDir()
	makeBigCorpus(t, src, 20)
	ref := filepath.Join(t.TempDir(), "ref")
	if out, err := exec.Command(bin, "corpus", "--to", "iri", "--out", ref, src).CombinedOutput(); err != nil {
		t.Fatalf("reference run: %v\n%s", err, out)
	}
	for _, c := range []struct {
		sig    syscall.Signal
		status int
		msg    string
	}{
		{syscall.SIGINT, 130, "interrupted"},
		{syscall.SIGTERM, 143, "terminated"},
	} {
		t.Run(c.sig.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			rep := filepath.Join(t.TempDir(), "r.jsonl")
			// The list of files comes from a pipe that stays open: the
			// run cannot end before the signal.
			cmd := exec.Command(bin, "corpus", "--to", "iri", "--out", out, "--report", rep, "--files-from", "-", src)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(stdin, "0\n1\n")
			deadline := time.Now().Add(processPatience)
			for len(treeDigests(t, out)) == 0 {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("no output after %v; stderr:\n%s", processPatience, stderr.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			cmd.Process.Signal(c.sig)
			err = cmd.Wait()
			stdin.Close()
			if code := cmd.ProcessState.ExitCode(); code != c.status {
				t.Errorf("exit %d (%v), want %d; stderr:\n%s", code, err, c.status, stderr.String())
			}
			if !strings.Contains(stderr.String(), c.msg) || !strings.Contains(stderr.String(), " files: ") {
				t.Errorf("stderr:\n%s", stderr.String())
			}
			if tmp := tmpFiles(t, out); len(tmp) > 0 {
				t.Errorf("left %q", tmp)
			}
			data, err := os.ReadFile(rep)
			if err != nil || !bytes.Contains(data, []byte(`"converted"`)) {
				t.Errorf("report %q, %v", data, err)
			}
			if res, err := exec.Command(bin, "corpus", "--to", "iri", "--out", out, src).CombinedOutput(); err != nil {
				t.Fatalf("rerun: %v\n%s", err, res)
			}
			if fmt.Sprint(treeDigests(t, out)) != fmt.Sprint(treeDigests(t, ref)) {
				t.Errorf("after the signal and a rerun, the tree differs")
			}
		})
	}
}

// A file or directory the user cannot read fails with the reason; the run
// goes on. As root, the check runs the command as nobody.
func TestCorpusUnreadable(t *testing.T) {
	bin := buildIriscan(t)
	base, err := os.MkdirTemp("", "iriscan-corpus-perm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	os.Chmod(base, 0o755)
	src, out := filepath.Join(base, "src"), filepath.Join(base, "out")
	for name, mode := range map[string]fs.FileMode{"ok.txt": 0o644, "secret.txt": 0o000, "locked/inner.txt": 0o644} {
		p := filepath.Join(src, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(textDoc), mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(p, mode)
	}
	os.Chmod(filepath.Join(src, "locked"), 0o000)
	os.Mkdir(out, 0o777)
	os.Chmod(out, 0o777)
	rep := filepath.Join(out, "report.jsonl")
	cmd := exec.Command(bin, "corpus", "--to", "uri", "--out", filepath.Join(out, "tree"), "--report", rep, src)
	if os.Geteuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			t.Skipf("running as root and no user nobody to drop to: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
	}
	res, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit %d, want 1:\n%s", code, res)
	}
	got := readReport(t, rep, src)
	for rel, w := range map[string]string{"ok.txt": "converted", "secret.txt": "failed", "locked": "failed"} {
		if got[rel]["status"] != w || (w == "failed" && !strings.Contains(fmt.Sprint(got[rel]["reason"]), "permission denied")) {
			t.Errorf("%s: %v (%v), want %s (permission denied)", rel, got[rel]["status"], got[rel]["reason"], w)
		}
	}
}

// mountTmpfs mounts a small tmpfs at dir, or skips the test.
func mountTmpfs(t *testing.T, dir string, flags uintptr, size string) {
	t.Helper()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", flags, "size="+size); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (needs root): %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, 0) })
}

// A full disk fails the file it hits, with the reason in the report, and
// stops the run with a clear message: no partial output, no temporary
// file. An --out that cannot be created stops the run at once.
func TestCorpusFullDisk(t *testing.T) {
	bin := buildIriscan(t)
	src := t.TempDir()
	makeBigCorpus(t, src, 40)
	ref := filepath.Join(t.TempDir(), "ref")
	if out, err := exec.Command(bin, "corpus", "--to", "uri", "--out", ref, src).CombinedOutput(); err != nil {
		t.Fatalf("reference run: %v\n%s", err, out)
	}
	want := treeDigests(t, ref)

	mnt := t.TempDir()
	mountTmpfs(t, mnt, 0, "300k")
	out := filepath.Join(mnt, "out")
	rep := filepath.Join(t.TempDir(), "r.jsonl")
	res, _ := exec.Command(bin, "corpus", "--to", "uri", "--out", out, "--report", rep, "--jobs", "2", src).CombinedOutput()
	if !strings.Contains(string(res), "stopped: cannot write the output tree") || !strings.Contains(string(res), "no space left on device") {
		t.Errorf("full disk: %s", res)
	}
	data, _ := os.ReadFile(rep)
	if !bytes.Contains(data, []byte("no space left on device")) {
		t.Errorf("report says nothing of the full disk:\n%s", data)
	}
	for rel, sum := range treeDigests(t, out) {
		if want[rel] != sum {
			t.Errorf("%s is not a complete output", rel)
		}
	}
	if tmp := tmpFiles(t, out); len(tmp) > 0 {
		t.Errorf("left %q", tmp)
	}

	ro := t.TempDir()
	mountTmpfs(t, ro, syscall.MS_RDONLY, "1m")
	cmd := exec.Command(bin, "corpus", "--to", "uri", "--out", filepath.Join(ro, "out"), src)
	res, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(res), "read-only file system") {
		t.Errorf("read-only --out: exit %d: %s", cmd.ProcessState.ExitCode(), res)
	}
}

// Two runs of one shard exclude each other; runs of other shards do not.
func TestCorpusLock(t *testing.T) {
	bin := buildIriscan(t)
	src := t.TempDir()
	makeBigCorpus(t, src, 10)
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(bin, "corpus", "--to", "uri", "--out", out, "--shard", "0/2", "--files-from", "-", src)
	stdin, _ := cmd.StdinPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		cmd.Wait()
	}()
	deadline := time.Now().Add(processPatience)
	for {
		if _, err := os.Stat(filepath.Join(out, ".iriscan", "journal-0-of-2.jsonl")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the first run wrote no journal in %v", processPatience)
		}
		time.Sleep(10 * time.Millisecond)
	}
	c2 := exec.Command(bin, "corpus", "--to", "uri", "--out", out, "--shard", "0/2", src)
	res, _ := c2.CombinedOutput()
	if c2.ProcessState.ExitCode() != 1 || !strings.Contains(string(res), "another run holds this shard") {
		t.Errorf("same shard: exit %d: %s", c2.ProcessState.ExitCode(), res)
	}
	c3 := exec.Command(bin, "corpus", "--to", "uri", "--out", out, "--shard", "1/2", src)
	if res, err := c3.CombinedOutput(); err != nil {
		t.Errorf("other shard: %v: %s", err, res)
	}
}

// N processes, one per shard, run together write exactly the unsharded
// tree, each file converted by exactly one of them.
func TestCorpusShards(t *testing.T) {
	bin := buildIriscan(t)
	src := t.TempDir()
	makeBigCorpus(t, src, 60)
	makeCorpus(t, filepath.Join(src, "mixed"))
	ref := filepath.Join(t.TempDir(), "ref")
	exec.Command(bin, "corpus", "--to", "display", "--out", ref, src).Run()
	want := treeDigests(t, ref)
	for _, n := range []int{1, 3, 4} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			var cmds []*exec.Cmd
			reps := make([]string, n)
			for i := range n {
				reps[i] = filepath.Join(t.TempDir(), "r.jsonl")
				c := exec.Command(bin, "corpus", "--to", "display", "--out", out, "--jobs", "1", "--report", reps[i], "--shard", fmt.Sprintf("%d/%d", i, n), src)
				if err := c.Start(); err != nil {
					t.Fatal(err)
				}
				cmds = append(cmds, c)
			}
			for _, c := range cmds {
				c.Wait()
			}
			if got := treeDigests(t, out); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%d shards: %d files, want the unsharded %d", n, len(got), len(want))
			}
			seen := map[string]int{}
			for _, r := range reps {
				f, err := os.Open(r)
				if err != nil {
					t.Fatal(err)
				}
				sc := bufio.NewScanner(f)
				for sc.Scan() {
					var rec struct{ Path, Status string }
					json.Unmarshal(sc.Bytes(), &rec)
					seen[rec.Path]++
					if rec.Status == "converted" {
						seen["converted "+rec.Path]++
					}
				}
				f.Close()
			}
			for p, k := range seen {
				if k != 1 {
					t.Errorf("%s reported %d times", p, k)
				}
			}
		})
	}
}
