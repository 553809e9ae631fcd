package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"
)

func runExtractTest(t *testing.T, stdin string, args ...string) (recs []extractRecord, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	status = runExtract(args, strings.NewReader(stdin), &out, &errb)
	dec := json.NewDecoder(&out)
	for dec.More() {
		var r extractRecord
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("output is not JSON Lines: %v\n%s", err, out.String())
		}
		recs = append(recs, r)
	}
	return recs, errb.String(), status
}

func TestExtractText(t *testing.T) {
	in := "See http://例え.テスト/パス。 and <URL:www.example.com/a\n b> or jane@example.com."
	got, stderr, status := runExtractTest(t, in)
	want := []extractRecord{
		// Code points: "See " is 4; the IRI 7+2+1+3+1+2 = 16, all in the BMP (UTF-16 the same).
		{Offset: 4, Length: int64(len("http://例え.テスト/パス")), CPOff: 4, CPLen: 16, U16Off: 4, U16Len: 16,
			Text: "http://例え.テスト/パス", IRI: "http://例え.テスト/パス",
			URI: "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9", Kind: "scheme"},
		// 4 + 16 + "。" 1 + " and <URL:" 10 = 31; the match is ASCII: 20.
		{Offset: int64(strings.Index(in, "www.")), Length: int64(len("www.example.com/a\n b")), CPOff: 31, CPLen: 20, U16Off: 31, U16Len: 20, Text: "www.example.com/a\n b",
			IRI: "https://www.example.com/ab", URI: "https://www.example.com/ab", Kind: "www"},
		{Offset: int64(strings.Index(in, "jane")), Length: 16, CPOff: 31 + 20 + 5, CPLen: 16, U16Off: 56, U16Len: 16, Text: "jane@example.com", IRI: "mailto:jane@example.com",
			URI: "mailto:jane@example.com", Kind: "email"},
	}
	if status != 0 || stderr != "" || !reflect.DeepEqual(got, want) {
		t.Errorf("status %d, stderr %q\n got  %+v\n want %+v", status, stderr, got, want)
	}
}

func TestExtractURIForms(t *testing.T) {
	// Section 3.7: percent-encoded UTF-8 is shown as characters in the IRI
	// form; Section 3.6: characters are percent-encoded in the URI form.
	got, _, _ := runExtractTest(t, "http://example.com/%E4%B8%AD and www.пример.рф/ü")
	if len(got) != 2 || got[0].IRI != "http://example.com/中" || got[0].URI != "http://example.com/%E4%B8%AD" ||
		got[1].URI != "https://www.xn--e1afmkfd.xn--p1ai/%C3%BC" {
		t.Errorf("got %+v", got)
	}
}

func TestExtractFuzzyAndMaxLength(t *testing.T) {
	if got, _, status := runExtractTest(t, "see example.com/x"); len(got) != 0 || status != 1 {
		t.Errorf("without --fuzzy: %+v, status %d", got, status)
	}
	got, _, status := runExtractTest(t, "see example.com/x", "--fuzzy")
	if status != 0 || len(got) != 1 || got[0].Kind != "fuzzy" || got[0].URI != "https://example.com/x" {
		t.Errorf("--fuzzy: %+v, status %d", got, status)
	}
	got, _, status = runExtractTest(t, "http://example.com/abcdef http://e.example/", "--max-length", "20")
	if status != 0 || len(got) != 1 || got[0].Text != "http://e.example/" {
		t.Errorf("--max-length: %+v", got)
	}
}

func TestExtractHTML(t *testing.T) {
	doc := `<!DOCTYPE html><p><a href="/x?a=1&amp;b=2">x</a> http://e.example/&#x4E2D;</p>`
	want := []extractRecord{
		// ASCII: code points and UTF-16 units are bytes; references count as written.
		{Offset: int64(strings.Index(doc, "/x?")), Length: int64(len("/x?a=1&amp;b=2")), CPOff: 27, CPLen: 14, U16Off: 27, U16Len: 14, Text: "/x?a=1&amp;b=2", IRI: "/x?a=1&b=2",
			URI: "/x?a=1&b=2", Kind: "attr", Element: "a", Attr: "href", Decoded: true},
		{Offset: int64(strings.Index(doc, "http://e")), Length: int64(len("http://e.example/&#x4E2D;")), CPOff: 49, CPLen: 25, U16Off: 49, U16Len: 25, Text: "http://e.example/&#x4E2D;",
			IRI: "http://e.example/中", URI: "http://e.example/%E4%B8%AD", Kind: "scheme", Decoded: true},
	}
	for _, args := range [][]string{nil, {"--format", "html"}} {
		got, _, status := runExtractTest(t, doc, args...)
		if status != 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("%v: status %d\n got  %+v\n want %+v", args, status, got, want)
		}
	}
	// --format text reads the markup as text.
	got, _, _ := runExtractTest(t, doc, "--format", "text")
	if len(got) != 1 || got[0].Kind != "scheme" || got[0].Text != "http://e.example/&#x4E2D" { // rule 5: the final ; is punctuation
		t.Errorf("--format text: %+v", got)
	}
}

func TestExtractFiles(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	b := filepath.Join(dir, "b.html")
	os.WriteFile(a, []byte("x http://a.example/"), 0o644)
	os.WriteFile(b, []byte(`<img src="i.png">`), 0o644)
	got, _, status := runExtractTest(t, "stdin www.example.com", a, "-", b)
	want := []extractRecord{
		{File: a, Offset: 2, Length: 17, CPOff: 2, CPLen: 17, U16Off: 2, U16Len: 17, Text: "http://a.example/", IRI: "http://a.example/", URI: "http://a.example/", Kind: "scheme"},
		{File: "-", Offset: 6, Length: 15, CPOff: 6, CPLen: 15, U16Off: 6, U16Len: 15, Text: "www.example.com", IRI: "https://www.example.com", URI: "https://www.example.com", Kind: "www"},
		{File: b, Offset: 10, Length: 5, CPOff: 10, CPLen: 5, U16Off: 10, U16Len: 5, Text: "i.png", IRI: "i.png", URI: "i.png", Kind: "attr", Element: "img", Attr: "src"},
	}
	if status != 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("status %d\n got  %+v\n want %+v", status, got, want)
	}
	// A missing file is an error (status 2) even when others had matches.
	_, stderr, status := runExtractTest(t, "", a, filepath.Join(dir, "missing"))
	if status != 2 || !strings.Contains(stderr, "missing") {
		t.Errorf("missing file: status %d, stderr %q", status, stderr)
	}
}

func TestExtractUsage(t *testing.T) {
	for _, args := range [][]string{{"--format", "pdf"}, {"--max-length", "0"}, {"--bogus"}, {"--charset", "klingon"}} {
		if _, stderr, status := runExtractTest(t, "", args...); status != 2 || stderr == "" {
			t.Errorf("%v: status %d, stderr %q", args, status, stderr)
		}
	}
	if _, _, status := runExtractTest(t, "http://a.example/", "--charset", "UTF-8"); status != 0 {
		t.Errorf("--charset UTF-8: status %d", status)
	}
	var out bytes.Buffer
	if status := runExtract([]string{"-h"}, nil, &out, &out); status != 0 || !strings.Contains(out.String(), "Usage: iriscan extract") {
		t.Errorf("-h: status %d, %q", status, out.String())
	}
}

// Offsets and lengths count the bytes of the input as given, whatever its
// charset; text and iri are UTF-8; the URI form encodes the query of an
// http(s) IRI from a legacy document in that charset (Section 3.5).
func TestExtractCharsets(t *testing.T) {
	// Shift_JIS: 詳細は is 6 bytes; 例え, パス 4 bytes each, テスト 6.
	sjis := "\x8f\xda\x8d\xd7\x82\xcd" + "http://" + "\x97\xe1\x82\xa6" + "." + "\x83\x65\x83\x58\x83\x67" + "/" + "\x83\x70\x83\x58" + "\x81\x42"
	got, stderr, status := runExtractTest(t, sjis, "--charset", "shift_jis")
	// 詳細は: 3 code points; the IRI 16.
	want := []extractRecord{{Offset: 6, Length: 23, CPOff: 3, CPLen: 16, U16Off: 3, U16Len: 16, Text: "http://例え.テスト/パス", IRI: "http://例え.テスト/パス",
		URI: "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9", Kind: "scheme", Charset: "shift_jis", CharsetRule: "label"}}
	if status != 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("shift_jis: status %d %s\n got  %+v\n want %+v", status, stderr, got, want)
	}

	// windows-1252: é is one byte; the path is UTF-8 in the URI form, the query windows-1252.
	w1252 := "see http://example.com/caf\xe9?q=\xe9 now"
	got, _, _ = runExtractTest(t, w1252, "--charset", "windows-1252")
	want = []extractRecord{{Offset: 4, Length: 27, CPOff: 4, CPLen: 27, U16Off: 4, U16Len: 27, Text: "http://example.com/café?q=é", IRI: "http://example.com/café?q=é",
		URI: "http://example.com/caf%C3%A9?q=%E9", Kind: "scheme", Charset: "windows-1252", CharsetRule: "label"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("windows-1252:\n got  %+v\n want %+v", got, want)
	}

	// UTF-16LE found by its byte order mark: two bytes per character after the BOM.
	var u16 []byte
	u16 = append(u16, 0xFF, 0xFE)
	for _, c := range "x http://a.example/ y" {
		u16 = append(u16, byte(c), 0)
	}
	got, _, _ = runExtractTest(t, string(u16))
	// The byte order mark is not counted in code points or UTF-16 units
	// (a JavaScript TextDecoder drops it).
	if len(got) != 1 || got[0].Offset != 2+2*2 || got[0].Length != 2*17 || got[0].Text != "http://a.example/" ||
		got[0].CPOff != 2 || got[0].CPLen != 17 || got[0].U16Off != 2 || got[0].U16Len != 17 {
		t.Errorf("UTF-16LE: %+v", got)
	}

	// HTML: the charset declared by <meta> (WHATWG prescan) decodes the document.
	doc := "<!DOCTYPE html><meta charset=windows-1252><a href=\"/caf\xe9\">x</a> http://example.com/\xe9"
	got, _, _ = runExtractTest(t, doc)
	if len(got) != 2 || got[0].Text != "/café" || got[0].Offset != int64(strings.Index(doc, "/caf")) || got[0].Length != 5 ||
		got[1].Text != "http://example.com/é" || got[1].Length != 20 || got[1].URI != "http://example.com/%C3%A9" {
		t.Errorf("HTML with <meta charset>: %+v", got)
	}
}

// On inputs far longer than the decoding and scanning windows, every
// offset still maps to the source: the charset map is kept from the
// scanner's Retained offset on, not dropped with each chunk.
func TestExtractLongLegacyInput(t *testing.T) {
	unit := "<p>caf\xe9 " + strings.Repeat("lorem ipsum ", 40) + "http://example.com/caf\xe9</p>\n"
	for _, format := range []string{"text", "html"} {
		doc := strings.Repeat(unit, 2000) // about 1 MB
		got, _, status := runExtractTest(t, doc, "--charset", "windows-1252", "--format", format)
		if status != 0 || len(got) != 2000 {
			t.Fatalf("%s: status %d, %d matches, want 2000", format, status, len(got))
		}
		for i, r := range got {
			want := int64(i*len(unit) + strings.Index(unit, "http"))
			if r.Offset != want || r.Length != int64(len("http://example.com/caf\xe9")) || r.Text != "http://example.com/café" {
				t.Fatalf("%s: match %d at %d length %d, want %d length 23", format, i, r.Offset, r.Length, want)
			}
		}
	}
}

// The README's first command: extract on the shipped Shift_JIS page. Each
// match's offset and length must cover source bytes that decode (with
// x/text's Shift_JIS decoder, not this project's) to its text, and the page's
// IRIs must all be found, in order, with the skipped elements left out.
func TestExtractSample(t *testing.T) {
	src, err := os.ReadFile("../../testdata/sample-sjis.html")
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, status := runCmd(t, "", "extract", "../../testdata/sample-sjis.html")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	var texts []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r extractRecord
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		raw := src[r.Offset : r.Offset+int64(r.Length)]
		dec, err := japanese.ShiftJIS.NewDecoder().Bytes(raw)
		if err != nil || string(dec) != r.Text {
			t.Errorf("bytes %d+%d decode to %q, text is %q", r.Offset, r.Length, dec, r.Text)
		}
		texts = append(texts, r.Text)
	}
	want := []string{
		"/スタイル/基本.css",
		"http://例え.テスト/資料?q=東京",
		"https://ja.wikipedia.org/wiki/東京都?action=history&amp;limit=5",
		"画像/地図.png", "画像/地図@2x.png", "画像/地図@3x.png",
		"info@例え.jp",
		"www.example.jp/案内",
	}
	if !slices.Equal(texts, want) {
		t.Errorf("texts\n got %q\nwant %q", texts, want)
	}
}

// TestExtractCharsetRule checks that each JSON record names the charset and
// the rule of charset.Detect that chose it (issue 13 item 14), and that a
// file read as UTF-8 because nothing said otherwise carries neither field.
func TestExtractCharsetRule(t *testing.T) {
	dir := t.TempDir()
	files := []struct {
		name, body, args, charset, rule string
	}{
		{"plain.txt", "See http://example.org/ now\n", "", "", ""},
		{"bom.txt", "\ufeffSee http://example.org/ now\n", "", "utf-8", "bom"},
		{"sjis.txt", "See http://example.org/ \x82\xa0\x82\xa2\x82\xa4\x82\xa6\x82\xa8\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x95\xb6\x8f\xcd\x82\xc5\x82\xb7\x81\x42\n", "", "shift_jis", "sniffed"},
		{"meta.html", "<meta charset=\"euc-jp\"><p>http://example.org/</p>\n", "", "euc-jp", "meta"},
		{"label.txt", "See http://example.org/ now\n", "--charset=latin1", "windows-1252", "label"},
	}
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			path := filepath.Join(dir, f.name)
			if err := os.WriteFile(path, []byte(f.body), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"extract"}
			if f.args != "" {
				args = append(args, f.args)
			}
			out, _, status := runCmd(t, "", append(args, path)...)
			if status != 0 {
				t.Fatalf("status %d", status)
			}
			var r extractRecord
			if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &r); err != nil {
				t.Fatalf("%q: %v", out, err)
			}
			if r.Charset != f.charset || r.CharsetRule != f.rule {
				t.Errorf("charset %q, charset_rule %q; want %q, %q", r.Charset, r.CharsetRule, f.charset, f.rule)
			}
			if f.rule == "" && strings.Contains(out, "charset") {
				t.Errorf("%q names a charset", out)
			}
		})
	}
}

// A mail part whose transfer encoding stops decoding part-way is reported
// with the message, the part and the byte, and passed over: the matches
// before the bad byte and those of the later parts and messages are still
// printed, by extract and by lint.
func TestMailBadPartGoesOn(t *testing.T) {
	mbox := "From a@b Mon Mar  4 10:00:00 2024\nContent-Transfer-Encoding: base64\n\n" +
		"aHR0cHM6Ly9leGFtcGxlLmNvbS9hIA==\n!!!!\n\n" + // "https://example.com/a " then a bad line
		"From c@d Mon Mar  4 10:00:00 2024\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"see https://example.org/x=\n and =ZZ then https://example.net/y\n\n" +
		"From e@f Mon Mar  4 10:00:00 2024\n\nlast http://example.edu/z\n"
	for _, tt := range []struct {
		cmd  string
		want []string // in stdout
	}{
		{"extract", []string{`"text":"https://example.com/a"`, `"text":"https://example.org/x"`, `"text":"http://example.edu/z"`}},
		{"lint", nil}, // nothing to find; status 0 says no error ended the run
	} {
		t.Run(tt.cmd, func(t *testing.T) {
			out, stderr, status := runCmd(t, mbox, tt.cmd, "--format", "mail")
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %s:\n%s", w, out)
				}
			}
			if !strings.Contains(stderr, "message 0 part 1: ") || !strings.Contains(stderr, "rest of the part skipped") {
				t.Errorf("stderr %q: want message 0 part 1 named and skipped", stderr)
			}
			if status != 0 {
				t.Errorf("status %d, want 0", status)
			}
		})
	}
}

// A mail part that cannot be opened at all (an unknown transfer encoding
// or charset) is named with the byte where its entity starts, the header
// right after the mbox "From " line (34 bytes), and the run goes on to the
// next message. extract and lint scan nothing of the part, so the message
// does not say "copied unchanged", which is what rewrite does with it.
func TestMailUnreadablePartSkipped(t *testing.T) {
	const from = "From a@b Mon Mar  4 10:00:00 2024\n" // 34 bytes
	next := from + "Subject: next\n\nlast http://example.edu/z\n"
	for _, header := range []string{
		"Content-Transfer-Encoding: x-nonesuch\n",
		"Content-Type: text/plain; charset=x-nonesuch\n",
	} {
		mbox := from + header + "\nhttps://example.com/a\n\n" + next
		for _, cmd := range []string{"extract", "lint"} {
			t.Run(cmd+"/"+header[:len(header)-1], func(t *testing.T) {
				out, stderr, status := runCmd(t, mbox, cmd, "--format", "mail")
				if want := "message 0 part 1 skipped: byte 34: "; !strings.Contains(stderr, want) {
					t.Errorf("stderr %q lacks %q", stderr, want)
				}
				if strings.Contains(stderr, "copied unchanged") {
					t.Errorf("stderr %q says the part was copied", stderr)
				}
				if cmd == "extract" && (strings.Contains(out, "example.com") || !strings.Contains(out, `"text":"http://example.edu/z"`)) {
					t.Errorf("stdout %q: want only the second message's IRI", out)
				}
				if status != 0 {
					t.Errorf("status %d, want 0", status)
				}
			})
		}
	}
}
