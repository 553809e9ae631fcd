package main

import (
	"bufio"
	"encoding/json"
	"io"
	"mime/quotedprintable"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

type lintRecord struct {
	File    string `json:"file"`
	Part    string `json:"part"`
	Message *int   `json:"message"`
	Kind    string `json:"kind"`
	Offset  int64  `json:"offset"`
	Length  int64  `json:"length"`
	Text    string `json:"text"`
	Reason  string `json:"reason"`
}

func runLintTest(t *testing.T, stdin string, args ...string) (recs []lintRecord, stdout, stderr string, status int) {
	t.Helper()
	stdout, stderr, status = runCmd(t, stdin, append([]string{"lint"}, args...)...)
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		var r lintRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		if r.Reason == "" {
			t.Errorf("no reason: %s", sc.Text())
		}
		recs = append(recs, r)
	}
	return recs, stdout, stderr, status
}

func TestLintText(t *testing.T) {
	in := "Watch http://4pm.asia/\u202Eaisa.mp4 or https://accounts.example.com@evil.example/ now"
	recs, out, stderr, status := runLintTest(t, in)
	want := []lintRecord{
		{Kind: "bidi-control", Offset: 6, Length: 16, Text: "http://4pm.asia/"},
		{Kind: "userinfo-host", Offset: int64(strings.Index(in, "https")), Length: 42, Text: "https://accounts.example.com@evil.example/"},
	}
	for i := range recs {
		recs[i].Reason = ""
	}
	if status != 1 || stderr != "" || !reflect.DeepEqual(recs, want) {
		t.Errorf("status %d %s\n got  %+v\n want %+v", status, stderr, recs, want)
	}
	// The invisible character is written as an escape, not as itself: a
	// terminal shows the JSON as it is; JSON readers get it back.
	recs, out, _, _ = runLintTest(t, "<a href=\"http://4pm.asia/\u202Eaisa.mp4\">x</a>", "--format", "html")
	if strings.ContainsRune(out, '\u202E') || !strings.Contains(out, `\u202e`) || len(recs) != 1 || recs[0].Text != "http://4pm.asia/\u202Eaisa.mp4" {
		t.Errorf("RLO not escaped: %q", out)
	}
	// Nothing found: status 0, no output.
	if recs, out, _, status := runLintTest(t, "see https://example.com/ and www.пример.рф\n"); status != 0 || out != "" || recs != nil {
		t.Errorf("clean input: status %d, %q", status, out)
	}
}

func TestLintHTMLAndFormats(t *testing.T) {
	doc := `<!DOCTYPE html><a href="http://evil.example/">https://www.paypal.com/</a> <a href="javascript:x()">y</a>`
	recs, _, _, status := runLintTest(t, doc)
	if status != 1 || len(recs) != 2 || recs[0].Kind != "anchor-host-mismatch" || recs[0].Text != "https://www.paypal.com/" ||
		recs[0].Offset != int64(strings.Index(doc, "https")) || recs[1].Kind != "script-scheme" || recs[1].Offset != int64(strings.Index(doc, "javascript")) {
		t.Errorf("html: status %d %+v", status, recs)
	}
	// As text, the markup is text: no attribute is looked at.
	if recs, _, _, status := runLintTest(t, doc, "--format", "text"); status != 0 || len(recs) != 0 {
		t.Errorf("--format text: status %d %+v", status, recs)
	}
	for _, args := range [][]string{{"--format", "pdf"}, {"--max-length", "0"}, {"--charset", "klingon"}, {"--bogus"}} {
		if _, _, stderr, status := runLintTest(t, "", args...); status != 2 || !strings.Contains(stderr, "lint") {
			t.Errorf("%v: status %d, %q", args, status, stderr)
		}
	}
	if out, _, status := runCmd(t, "", "lint", "-h"); status != 0 || !strings.Contains(out, "anchor-host-mismatch") {
		t.Errorf("-h: status %d", status)
	}
}

func TestLintFilesAndMail(t *testing.T) {
	dir := t.TempDir()
	clean := filepath.Join(dir, "clean.txt")
	writeFile(t, clean, "https://example.com/\n", 0o644)
	phish := filepath.Join("..", "..", "testdata", "sample-phish.eml")
	recs, _, stderr, status := runLintTest(t, "", clean, phish)
	if status != 1 || stderr != "" {
		t.Fatalf("status %d %s", status, stderr)
	}
	kinds := map[string]bool{}
	body, err := os.ReadFile(phish)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		kinds[r.Kind] = true
		if r.File != phish || r.Message == nil || *r.Message != 0 || (r.Part != "1" && r.Part != "2") {
			t.Errorf("record %+v", r)
		}
	}
	for _, k := range []string{"userinfo-host", "anchor-host-mismatch", "confusable-host", "mixed-script-host", "script-scheme", "bidi-control"} {
		if !kinds[k] {
			t.Errorf("sample-phish.eml: no %s", k)
		}
	}
	// Part 1 is 8bit text: its offsets count the bytes of its body.
	start := strings.Index(string(body), "Dear customer")
	for _, r := range recs {
		if r.Part == "1" && string(body[start+int(r.Offset):start+int(r.Offset+r.Length)]) != r.Text {
			t.Errorf("part 1 offset %d: %q", r.Offset, r.Text)
		}
	}
	// Part 2 is quoted-printable HTML: offsets count its body decoded
	// from quoted-printable (RFC 2045), as extract's do.
	qp := string(body)
	qp = qp[strings.Index(qp, "quoted-printable\r\n\r\n")+len("quoted-printable\r\n\r\n"):]
	qp = qp[:strings.Index(qp, "--b1--")]
	html, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(qp)))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Part == "2" && r.Kind != "anchor-host-mismatch" && string(html[r.Offset:r.Offset+r.Length]) != r.Text {
			t.Errorf("part 2 offset %d: %q, the body has %q", r.Offset, r.Text, html[r.Offset:r.Offset+r.Length])
		}
	}
	// A missing file: status 2, whatever else was found.
	if _, _, stderr, status := runLintTest(t, "", phish, filepath.Join(dir, "missing")); status != 2 || !strings.Contains(stderr, "missing") {
		t.Errorf("missing: status %d %q", status, stderr)
	}
	// A flowed part: an IRI across a soft line break is one IRI, and its
	// offsets count the body as written.
	flowed := "From: a@example.org\r\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n\r\n" +
		"Go to https://www.bank.example@evil.example/ \r\nlogin now\r\n"
	recs, _, _, status = runLintTest(t, flowed, "--format", "mail")
	if status != 1 || len(recs) != 1 || recs[0].Kind != "userinfo-host" || recs[0].Offset != 6 ||
		recs[0].Length != int64(len("https://www.bank.example@evil.example/ \r\nlogin")) {
		t.Errorf("flowed: status %d %+v", status, recs)
	}
}

// appendVisibleJSON writes JSON that reads back as the string, with the
// invisible characters escaped.
func TestAppendVisibleJSON(t *testing.T) {
	for _, s := range []string{"", "plain", "a\u202Eb\u2066c\u200Fd\u061Ce", "\u200B\u200C\u200D\u2060\uFEFF\u00AD",
		"\"quote\\ \n\u2028", "日本語 😀", "x\u2069"} {
		b := appendVisibleJSON(nil, s)
		var back string
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Errorf("%q: %s reads back as %q, %v", s, b, back, err)
		}
		for _, r := range string(b) {
			if invisible(r) {
				t.Errorf("%q: %s holds U+%04X", s, b, r)
			}
		}
	}
}

// A Markdown document and a style sheet are linted as their text: a
// Cyrillic look-alike host in a Markdown link is found, with its byte offset.
func TestLintMarkdownAndCSS(t *testing.T) {
	for _, c := range []struct{ format, doc string }{
		{"markdown", "see [x](https://www.раypal.com/)\n"},
		{"css", "a{background:url(https://www.раypal.com/)}\n"},
	} {
		out, errOut, status := runCmd(t, c.doc, "lint", "--format", c.format)
		off := strings.Index(c.doc, "https://")
		if status != 1 || !strings.Contains(out, `"kind":"confusable-host","offset":`+strconv.Itoa(off)+`,`) {
			t.Errorf("--format %s: status %d\n%s%s", c.format, status, out, errOut)
		}
	}
}
