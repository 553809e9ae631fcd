package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

const (
	refangReport   = "testdata/refang/report.txt"
	refangAdvisory = "testdata/refang/advisory.eml"
)

// refangRecord is what extract --refang must print for a link: text as
// written, the link it stands for (iri, uri) and the kind, written by hand
// from the sample. Its offset is where text stands in the input.
type refangRecord struct {
	text, iri, uri, kind string
}

func readSample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkRecords compares JSON Lines from extract with want; the offset of
// each is that of its text in src, after the text of the one before.
func checkRecords(t *testing.T, out, src string, want []refangRecord) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) != len(want) {
		t.Fatalf("%d records, want %d:\n%s", len(lines), len(want), out)
	}
	from := 0
	for i, w := range want {
		var rec extractRecord
		if err := json.Unmarshal([]byte(lines[i]), &rec); err != nil {
			t.Fatal(err)
		}
		off := int64(-1)
		if k := strings.Index(src[from:], w.text); k >= 0 {
			off = int64(from + k)
			from += k + len(w.text)
		}
		if rec.Text != w.text || rec.IRI != w.iri || rec.URI != w.uri || rec.Kind != w.kind ||
			rec.Offset != off || rec.Length != int64(len(w.text)) {
			t.Errorf("record %d = %s\nwant text %q iri %q uri %q kind %s offset %d length %d",
				i, lines[i], w.text, w.iri, w.uri, w.kind, off, len(w.text))
		}
	}
}

var reportLinks = []refangRecord{
	{"hxxp://update-check[.]xyz/wp-content/plugins/cache[.]php", "http://update-check.xyz/wp-content/plugins/cache.php",
		"http://update-check.xyz/wp-content/plugins/cache.php", "scheme"},
	{"https[://]cdn-static[.]evil-updates[.]com/api/v2/ping", "https://cdn-static.evil-updates.com/api/v2/ping",
		"https://cdn-static.evil-updates.com/api/v2/ping", "scheme"},
	{"hxxps://update-check[.]xyz/dl/stage2[.]bin", "https://update-check.xyz/dl/stage2.bin",
		"https://update-check.xyz/dl/stage2.bin", "scheme"},
	{"hXXp://例え[.]jp/資料/report(.)pdf", "http://例え.jp/資料/report.pdf",
		"http://xn--r8jz45g.jp/%E8%B3%87%E6%96%99/report.pdf", "scheme"},
	{"invoices(at)evil-updates(dot)com", "mailto:invoices@evil-updates.com", "mailto:invoices@evil-updates.com", "email"},
	{"https://vendor.example.com/advisories/2024-001", "https://vendor.example.com/advisories/2024-001",
		"https://vendor.example.com/advisories/2024-001", "scheme"},
}

func TestExtractRefang(t *testing.T) {
	src := readSample(t, refangReport)
	t.Run("refang", func(t *testing.T) {
		out, errOut, status := runCmd(t, "", "extract", "--refang", refangReport)
		if status != 0 || errOut != "" {
			t.Fatalf("status %d, %q", status, errOut)
		}
		checkRecords(t, out, src, reportLinks)
	})
	t.Run("refang fuzzy", func(t *testing.T) {
		out, _, _ := runCmd(t, "", "extract", "--refang", "--fuzzy", refangReport)
		want := append(append([]refangRecord{}, reportLinks[:4]...),
			refangRecord{"evil-updates[.]com", "https://evil-updates.com", "https://evil-updates.com", "fuzzy"},
			refangRecord{"198[.]51[.]100[.]23", "https://198.51.100.23", "https://198.51.100.23", "fuzzy"})
		want = append(want, reportLinks[4:]...)
		checkRecords(t, out, src, want)
	})
	// Without --refang nothing defanged is reported, not even in part.
	t.Run("off", func(t *testing.T) {
		out, _, _ := runCmd(t, "", "extract", refangReport)
		checkRecords(t, out, src, reportLinks[5:])
		out, _, _ = runCmd(t, "", "extract", "--fuzzy", refangReport)
		checkRecords(t, out, src, reportLinks[5:])
	})
	t.Run("print", func(t *testing.T) {
		out, _, _ := runCmd(t, "hxxps://evil[.]example/a ok\n", "extract", "--refang", "--print", "uri")
		if out != "https://evil.example/a\n" {
			t.Errorf("--print uri: %q", out)
		}
		out, _, _ = runCmd(t, "hxxps://evil[.]example/a ok\n", "extract", "--refang", "--print", "text")
		if out != "hxxps://evil[.]example/a\n" {
			t.Errorf("--print text: %q", out)
		}
	})
}

// TestExtractRefangMail: a threat-intelligence mail in quoted-printable;
// offsets count the part's decoded body.
func TestExtractRefangMail(t *testing.T) {
	raw := readSample(t, refangAdvisory)
	body := raw[strings.Index(raw, "\r\n\r\n")+4:]
	body = strings.NewReplacer("=3D", "=", "=D0=B0", "а", "=20", " ").Replace(body)
	out, errOut, status := runCmd(t, "", "extract", "--refang", refangAdvisory)
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, %q", status, errOut)
	}
	checkRecords(t, out, body, []refangRecord{
		{"hxxps://payroll-update[.]com/login[.]php?id=4711", "https://payroll-update.com/login.php?id=4711",
			"https://payroll-update.com/login.php?id=4711", "scheme"},
		{"hXXp://short-link[.]ru/r/9f3a", "http://short-link.ru/r/9f3a", "http://short-link.ru/r/9f3a", "scheme"},
		// A Cyrillic а (U+0430) in the look-alike host.
		{"hxxps://pаypal[.]com/signin", "https://pаypal.com/signin", "https://xn--pypal-4ve.com/signin", "scheme"},
		{"hr-notice[at]payroll-update[.]com", "mailto:hr-notice@payroll-update.com", "mailto:hr-notice@payroll-update.com", "email"},
		{"h**p://c2(dot)evil-cdn(dot)net/gate", "http://c2.evil-cdn.net/gate", "http://c2.evil-cdn.net/gate", "scheme"},
		{"fxp://files[.]evil-cdn[.]net/inv_2024[.]zip", "ftp://files.evil-cdn.net/inv_2024.zip", "ftp://files.evil-cdn.net/inv_2024.zip", "scheme"},
		{"https://portal.example.org/", "https://portal.example.org/", "https://portal.example.org/", "scheme"},
	})
}

func TestRewriteRefangCLI(t *testing.T) {
	src := readSample(t, refangReport)
	// Only the IDN link changes: its host becomes A-labels and its path
	// percent-encoded UTF-8, every marker where it was.
	want := strings.Replace(src, "hXXp://例え[.]jp/資料/report(.)pdf",
		"hXXp://xn--r8jz45g[.]jp/%E8%B3%87%E6%96%99/report(.)pdf", 1)
	out, errOut, status := runCmd(t, "", "rewrite", "--to", "uri", "--refang", refangReport)
	if status != 0 || errOut != "" || out != want {
		t.Errorf("status %d, %q\n got %q\nwant %q", status, errOut, out, want)
	}
	// Back to the IRI form: the input again.
	out, _, status = runCmd(t, want, "rewrite", "--to", "iri", "--refang")
	if status != 0 || out != src {
		t.Errorf("--to iri: status %d\n got %q\nwant %q", status, out, src)
	}
	// Without --refang the report is not touched.
	out, _, _ = runCmd(t, "", "rewrite", "--to", "uri", refangReport)
	if out != src {
		t.Errorf("without --refang the report changed:\n%s", out)
	}
	out, _, _ = runCmd(t, "", "rewrite", "--to", "uri", "-l", refangReport)
	if out != "" {
		t.Errorf("without --refang -l lists %q", out)
	}
	// A mail: the quoted-printable part is rewritten, the rest kept.
	raw := readSample(t, refangAdvisory)
	out, _, status = runCmd(t, "", "rewrite", "--to", "uri", "--refang", refangAdvisory)
	wantMail := strings.Replace(raw, "hxxps://p=D0=B0ypal[.]com/signin", "hxxps://xn--pypal-4ve[.]com/signin", 1)
	if status != 0 || out != wantMail {
		t.Errorf("mail: status %d\n got %q\nwant %q", status, out, wantMail)
	}
	// A link whose markers cannot be kept is left and reported.
	out, errOut, status = runCmd(t, "hxxp://a[.]example/x%2Ey\n", "rewrite", "--to", "iri", "--refang")
	if status != 1 || out != "hxxp://a[.]example/x%2Ey\n" || !strings.Contains(errOut, "defang markers") {
		t.Errorf("lost markers: status %d, out %q, stderr %q", status, out, errOut)
	}
}

func TestLinkifyRefangCLI(t *testing.T) {
	const in = "C2 hxxps://c2[.]evil-cdn[.]net/gate & https://ok.example/a.b\n"
	tests := []struct {
		name string
		args []string
		out  string
	}{
		{"off", nil,
			`C2 hxxps://c2[.]evil-cdn[.]net/gate &amp; <a href="https://ok.example/a.b" dir="ltr">https://ok.example/a.b</a>` + "\n"},
		{"refang", []string{"--refang"},
			`C2 <a href="https://c2.evil-cdn.net/gate" dir="ltr">https://c2.evil-cdn.net/gate</a> &amp; <a href="https://ok.example/a.b" dir="ltr">https://ok.example/a.b</a>` + "\n"},
		{"defang", []string{"--defang", "--rel", "noopener"},
			`C2 hxxps://c2[.]evil-cdn[.]net/gate &amp; <a dir="ltr">hxxps://ok[.]example/a.b</a>` + "\n"},
		{"refang defang", []string{"--refang", "--defang"},
			`C2 <a dir="ltr">hxxps://c2[.]evil-cdn[.]net/gate</a> &amp; <a dir="ltr">hxxps://ok[.]example/a.b</a>` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, in, append([]string{"linkify", "--format", "text"}, tt.args...)...)
			if out != tt.out || status != 0 || errOut != "" {
				t.Errorf("status %d, stderr %q\n got %q\nwant %q", status, errOut, out, tt.out)
			}
		})
	}
}
