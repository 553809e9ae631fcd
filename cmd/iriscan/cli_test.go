package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// -h, --help and help CMD print the usage once, on standard output, and
// exit 0; nothing goes to standard error.
func TestHelpOnce(t *testing.T) {
	for _, args := range [][]string{
		{"--help"}, {"-h"}, {"help"},
		{"convert", "--help"}, {"extract", "-h"}, {"rewrite", "--help"}, {"linkify", "-help"},
		{"help", "convert"}, {"help", "extract"}, {"help", "rewrite"}, {"help", "linkify"}, {"help", "version"},
		{"rewrite", "--to", "uri", "file-that-does-not-exist", "--help"},
	} {
		out, stderr, status := runCmd(t, "", args...)
		if status != 0 || stderr != "" || strings.Count(out, "Usage:") != 1 {
			t.Errorf("%q: status %d, stderr %q, %d usages in stdout %q", args, status, stderr, strings.Count(out, "Usage:"), out)
		}
	}
}

// A usage error is one line naming the problem and one pointing to the
// help, on standard error only, with status 2.
func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{nil, "iriscan: no command given"},
		{[]string{"frobnicate"}, `iriscan: unknown command "frobnicate"`},
		{[]string{"convert", "--frobnicate"}, "iriscan: convert: flag provided but not defined: -frobnicate"},
		{[]string{"convert", "--to", "uri", "--bidi", "embed", "x"}, "iriscan: convert: --bidi applies to --to display only"},
		{[]string{"rewrite", "--to", "iri", "--bidi", "none"}, "iriscan: rewrite: --bidi applies to --to display only"},
		{[]string{"rewrite", "--to", "linkify"}, `iriscan: rewrite: unknown --to "linkify" (want uri, iri or display)`},
		{[]string{"rewrite"}, "iriscan: rewrite: --to is required (uri, iri or display)"},
		{[]string{"extract", "--print", "csv"}, `iriscan: extract: unknown --print "csv" (want json, uri, iri or text)`},
		{[]string{"extract", "--format", "mail2"}, `iriscan: extract: unknown --format "mail2" (want auto, text, html, css, mail or markdown)`},
		{[]string{"linkify", "--max-length", "0"}, "iriscan: linkify: --max-length must be positive, not 0"},
		{[]string{"help", "nope"}, `iriscan: help: unknown command "nope"`},
		{[]string{"version", "extra"}, "iriscan: version: takes no arguments"},
	} {
		out, stderr, status := runCmd(t, "", c.args...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if status != 2 || out != "" || len(lines) != 2 || lines[0] != c.msg || !regexp.MustCompile(`^Run 'iriscan( \w+)? --help' for usage\.$`).MatchString(lines[1]) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %q and a pointer to --help", c.args, status, out, stderr, c.msg)
		}
	}
}

// Flags may follow operands, as GNU tools and xurls allow; "--" ends the
// flags, so that a file called "--fuzzy" can be read.
func TestFlagsAfterOperands(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.txt")
	writeFile(t, page, "See example.com/a and http://例え.jp/\n", 0o644)
	out, stderr, status := runCmd(t, "", "extract", page, "--fuzzy", "--print", "iri")
	if want := "https://example.com/a\nhttp://例え.jp/\n"; out != want || stderr != "" || status != 0 {
		t.Errorf("flags after the file: status %d, stderr %q, out %q, want %q", status, stderr, out, want)
	}
	out, _, _ = runCmd(t, "", "convert", "http://例え.jp/", "--to", "uri")
	if out != "http://xn--r8jz45g.jp/\n" {
		t.Errorf("convert REF --to uri: %q", out)
	}
	odd := filepath.Join(dir, "--fuzzy")
	writeFile(t, odd, "http://a.example/\n", 0o644)
	t.Chdir(dir)
	out, stderr, status = runCmd(t, "", "extract", "--print", "uri", "--", "--fuzzy")
	if out != "http://a.example/\n" || status != 0 {
		t.Errorf("-- then a file named --fuzzy: status %d, stderr %q, out %q", status, stderr, out)
	}
	// A flag's value may look like a flag or an operand.
	out, _, status = runCmd(t, "http://例え.jp/\n", "rewrite", "-", "--to", "uri", "-o", "-")
	if out != "http://xn--r8jz45g.jp/\n" || status != 0 {
		t.Errorf("-o - is standard output: status %d, out %q", status, out)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, stderr, status := runCmd(t, "", args...)
		if status != 0 || stderr != "" || !strings.HasPrefix(out, "iriscan ") || !strings.Contains(out, " go1.") || strings.Count(out, "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q, out %q", args, status, stderr, out)
		}
	}
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.3.0"}}
	if got, want := versionString(bi, true), "iriscan v0.3.0 go1.26.8"; got != want {
		t.Errorf("module build: %q, want %q", got, want)
	}
	bi = &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.time", Value: "2026-11-25T02:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	if got, want := versionString(bi, true), "iriscan (devel) (0123abcd, 2026-11-25T02:00:00Z, modified) go1.26.8"; got != want {
		t.Errorf("clone build: %q, want %q", got, want)
	}
}

// The version of a real binary built in this clone names its revision.
func TestVersionBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	bin := filepath.Join(t.TempDir(), "iriscan")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^iriscan \S+ (\([0-9a-f]{40}, \S+(, modified)?\) )?go1\.\d+`).Match(out) {
		t.Errorf("--version: %q", out)
	}
}

// Directories are walked: regular files in lexical order, hidden files and
// directories and symbolic links left out; each match names its file.
func TestDirectoryOperand(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"b.txt":          "http://b.example/\n",
		"a/z.txt":        "http://z.example/\n",
		"a/c.html":       `<a href="http://c.example/">c</a>`,
		".hidden/h.txt":  "http://hidden.example/\n",
		"a/.h.txt":       "http://hidden2.example/\n",
		"outside/o.txt":  "http://outside.example/\n",
		"d/image.png":    "\x89PNG\r\n\x1a\n\x00\x00http://in.binary.example/",
		"d/deep/e/f.txt": "http://f.example/\n",
	} {
		p := filepath.Join(dir, "tree", name)
		if strings.HasPrefix(name, "outside/") {
			p = filepath.Join(dir, name)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, p, data, 0o644)
	}
	if err := os.Symlink(filepath.Join(dir, "outside"), filepath.Join(dir, "tree", "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "outside", "o.txt"), filepath.Join(dir, "tree", "link.txt")); err != nil {
		t.Fatal(err)
	}
	tree := filepath.Join(dir, "tree")
	out, stderr, status := runCmd(t, "", "extract", "--print", "uri", tree)
	want := "http://c.example/\nhttp://z.example/\nhttp://b.example/\nhttp://f.example/\n"
	binMsg := "iriscan: " + filepath.Join(tree, "d", "image.png") + ": binary file skipped (give --format to read it anyway)\n"
	if out != want || stderr != binMsg || status != 0 {
		t.Errorf("extract DIR: status %d, stderr %q\n got  %q\n want %q", status, stderr, out, want)
	}
	out, _, _ = runCmd(t, "", "rewrite", "--to", "uri", "-l", tree)
	if out != "" {
		t.Errorf("rewrite -l DIR of URIs only: %q", out)
	}
	// JSON Lines name the file of each match.
	out, _, _ = runCmd(t, "", "extract", filepath.Join(tree, "b.txt"))
	if strings.Contains(out, `"file"`) {
		t.Errorf("one file operand: %q has a file field", out)
	}
	out, _, _ = runCmd(t, "", "extract", filepath.Join(tree, "a"))
	if strings.Count(out, `"file":"`+filepath.Join(tree, "a")) != 2 {
		t.Errorf("files found in a directory are named: %q", out)
	}
}

// A binary file (a NUL byte in the first 8 KiB) is skipped with a message
// unless --format says how to read it.
func TestBinarySkipped(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "data.bin")
	writeFile(t, bin, "GIF89a\x00\x01 http://in.binary.example/ \x00", 0o644)
	for _, cmd := range [][]string{{"extract"}, {"rewrite", "--to", "uri"}, {"linkify"}} {
		out, stderr, status := runCmd(t, "", append(cmd, bin)...)
		if out != "" || !strings.Contains(stderr, bin+": binary file skipped") || status == 2 {
			t.Errorf("%q: status %d, stdout %q, stderr %q", cmd, status, out, stderr)
		}
	}
	out, stderr, status := runCmd(t, "", "extract", "--format", "text", "--print", "uri", bin)
	if out != "http://in.binary.example/\n" || stderr != "" || status != 0 {
		t.Errorf("--format text: status %d, stdout %q, stderr %q", status, out, stderr)
	}
	// UTF-16 text is full of NUL bytes but has a byte order mark.
	u16 := filepath.Join(dir, "u16.txt")
	writeFile(t, u16, "\xff\xfeh\x00t\x00t\x00p\x00:\x00/\x00/\x00a\x00.\x00e\x00x\x00a\x00m\x00p\x00l\x00e\x00/\x00", 0o644)
	out, stderr, _ = runCmd(t, "", "extract", "--print", "uri", u16)
	if out != "http://a.example/\n" || stderr != "" {
		t.Errorf("UTF-16 with BOM: stdout %q, stderr %q", out, stderr)
	}
}

// --print uri|iri|text print one field per line; a match with an error
// has no uri in JSON and prints nothing with --print uri.
func TestExtractPrint(t *testing.T) {
	in := `<p>Read http://例え.jp/資料?q=東京 and www.example.org, not <a href="http://-bad-.例え/">this</a>.`
	for _, c := range []struct{ print, want string }{
		{"uri", "http://xn--r8jz45g.jp/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC\nhttps://www.example.org\n"},
		{"iri", "http://例え.jp/資料?q=東京\nhttps://www.example.org\nhttp://-bad-.例え/\n"},
		{"text", "http://例え.jp/資料?q=東京\nwww.example.org\nhttp://-bad-.例え/\n"},
	} {
		out, _, status := runCmd(t, in, "extract", "--format", "html", "--print", c.print)
		if out != c.want || status != 0 {
			t.Errorf("--print %s: status %d\n got  %q\n want %q", c.print, status, out, c.want)
		}
	}
	out, _, _ := runCmd(t, in, "extract", "--format", "html")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.Contains(lines[2], `"error":`) || strings.Contains(lines[2], `"uri"`) {
		t.Errorf("JSON with an error must have no uri: %q", lines)
	}
}

// extract --format mail reports the IRIs of the decoded text and HTML
// parts, each with its message index, MIME part path (RFC 3501) and offset
// in the part's body after the transfer encoding is undone (in the part's
// charset); attachments' IRIs too, since extract reads, and never quoted-
// printable soft breaks or =XX bytes.
func TestExtractMail(t *testing.T) {
	sjis := "\x8e\x91\x97\xbf: http://\x97\xe1\x82\xa6.jp/\x8e\x91\x97\xbf"                                 // 資料: http://例え.jp/資料 in Shift_JIS
	sjisB64 := "jpGXvzogaHR0cDovL5fhgqYuanAvjpGXvw=="                                                       // base64 of sjis
	qpBody := "Docs: http://=E4=BE=8B=E3=81=88.=E3=83=86=E3=82=B9=E3=83=88/=E8=B3=87=\r\n=E6=96=99 now\r\n" // soft break inside the IRI
	decoded := "Docs: http://例え.テスト/資料 now\r\n"
	msg := "From: a@example.org\r\nMessage-ID: <1@example.org>\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/alternative; boundary=b\r\n\r\n" +
		"--b\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qpBody +
		"--b\r\nContent-Type: text/html; charset=shift_jis\r\nContent-Transfer-Encoding: base64\r\n\r\n" + sjisB64 + "\r\n" +
		"--b--\r\n"
	mbox := "From a@example.org Mon Jan  1 00:00:00 2024\nFrom: a@example.org\nMessage-ID: <0@example.org>\n\nfirst http://first.example/\n\n" +
		"From b@example.org Mon Jan  1 00:00:00 2024\nFrom: b@example.org\nMessage-ID: <2@example.org>\n\nsecond http://second.example/\n"
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "m.eml"), msg, 0o644)
	writeFile(t, filepath.Join(dir, "box"), mbox, 0o644)
	out, stderr, status := runCmd(t, "", "extract", filepath.Join(dir, "m.eml"))
	// Code points: "Docs: " 6, the IRI 16; in part 2 "資料: " 4, the IRI 15.
	want := fmt.Sprintf(`{"part":"1","message":0,"offset":%d,"length":%d,"cp_offset":6,"cp_length":16,"utf16_offset":6,"utf16_length":16,"text":"http://例え.テスト/資料","iri":"http://例え.テスト/資料","uri":"http://xn--r8jz45g.xn--zckzah/%%E8%%B3%%87%%E6%%96%%99","kind":"scheme"}`+"\n"+
		`{"part":"2","message":0,"offset":%d,"length":%d,"cp_offset":4,"cp_length":15,"utf16_offset":4,"utf16_length":15,"text":"http://例え.jp/資料","iri":"http://例え.jp/資料","uri":"http://xn--r8jz45g.jp/%%E8%%B3%%87%%E6%%96%%99","kind":"scheme"}`+"\n",
		strings.Index(decoded, "http"), len("http://例え.テスト/資料"), strings.Index(sjis, "http"), len(sjis)-strings.Index(sjis, "http"))
	if out != want || stderr != "" || status != 0 {
		t.Errorf("message: status %d, stderr %q\n got  %s\n want %s", status, stderr, out, want)
	}
	out, _, _ = runCmd(t, "", "extract", "--format", "mail", "--print", "uri", filepath.Join(dir, "box"))
	if out != "http://first.example/\nhttp://second.example/\n" {
		t.Errorf("mbox: %q", out)
	}
	out, _, _ = runCmd(t, "", "extract", "--format", "mail", filepath.Join(dir, "box"))
	if !strings.Contains(out, `"part":"1","message":1,`) {
		t.Errorf("mbox: the second message is message 1: %s", out)
	}
}
