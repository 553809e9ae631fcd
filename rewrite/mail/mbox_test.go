package mail

import (
	"bytes"
	"io"
	"mime/quotedprintable"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/rewrite"
)

// fromLines counts the lines of b that start with "From ": the messages
// an mboxo reader that splits at every such line (Python's mailbox.mbox,
// mutt for a line with a date) sees.
func fromLines(b []byte) int {
	n := 0
	for _, l := range strings.SplitAfter(string(b), "\n") {
		if strings.HasPrefix(l, "From ") {
			n++
		}
	}
	return n
}

// mbox joins messages as an mbox writer does: a "From " line before each,
// an empty line after each.
func mbox(msgs ...string) string {
	var b strings.Builder
	for i, m := range msgs {
		b.WriteString("From sender" + string(rune('a'+i)) + "@example.org Mon Mar  4 10:00:0" + string(rune('0'+i)) + " 2024\n")
		b.WriteString(m)
		b.WriteString("\n")
	}
	return b.String()
}

const (
	plainHdr = "From: alice@example.org\nSubject: notes\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
	qpHdr    = "From: alice@example.org\nSubject: qp\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
	flowHdr  = "From: alice@example.org\nSubject: flowed\nContent-Type: text/plain; charset=utf-8; format=flowed\nContent-Transfer-Encoding: 8bit\n\n"
	other    = "From: bob@example.org\nSubject: other\n\nNothing here.\n"
)

// TestMboxBodyFrom: a body line that starts with "From " but is not
// followed by a header block is text of the message it is in (issue 13
// item 15), and no rewritten message gets a line that starts with "From ":
// the rewritten part is quoted-printable with the "F" written "=46", so
// that it decodes to the same text and an mboxo reader sees the messages
// that were written. The expected message counts are those of the
// construction; the expected decoded bodies are the input's text with
// its IRI as a URI (RFC 3987 Section 3.1).
func TestMboxBodyFrom(t *testing.T) {
	for _, tc := range []struct {
		name  string
		msgs  []string
		mode  rewrite.Form
		body  string // the decoded body of the first message afterwards
		count int    // "From " lines in the output
	}{
		{"unquoted body line after a blank line",
			[]string{plainHdr + "Hello,\n\nFrom here to http://例え.jp/ is a short walk.\n", other},
			rewrite.URI, "Hello,\n\nFrom here to http://xn--r8jz45g.jp/ is a short walk.\n", 2},
		{"body From line followed by a field-like line",
			[]string{plainHdr + "Hi\n\nFrom the minutes:\nNote: see http://例え.jp/\n\nBye\n", other},
			rewrite.URI, "Hi\n\nFrom the minutes:\nNote: see http://xn--r8jz45g.jp/\n\nBye\n", 2},
		{"quoted-printable =46rom decoded and re-encoded",
			[]string{qpHdr + "See http://=E4=BE=8B=E3=81=88.jp/\n=46rom the archive.\n", other},
			rewrite.URI, "See http://xn--r8jz45g.jp/\nFrom the archive.\n", 2},
		{"soft line break before From",
			[]string{qpHdr + "http://=E4=BE=8B=E3=81=88.jp/ " + strings.Repeat("x", 40) + "From me to you\n", other},
			rewrite.URI, "http://xn--r8jz45g.jp/ " + strings.Repeat("x", 40) + "From me to you\n", 2},
		{"space-stuffed From in format=flowed, linkified",
			[]string{flowHdr + "See http://example.org/a\n From my notes.\n", other},
			rewrite.Link, "", 2},
		{"mboxrd quoting kept",
			[]string{plainHdr + "Go to http://例え.jp/\n>From the archive.\n", other},
			rewrite.URI, "Go to http://xn--r8jz45g.jp/\n>From the archive.\n", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := []byte(mbox(tc.msgs...))
			var msgs int
			var out bytes.Buffer
			j := newJob(&Options{To: tc.mode})
			j.w = &out
			j.onMessage = func() { msgs++ }
			if err := j.run(bytes.NewReader(in)); err != nil {
				t.Fatal(err)
			}
			if msgs != len(tc.msgs) {
				t.Errorf("read %d messages, want %d", msgs, len(tc.msgs))
			}
			if n := fromLines(out.Bytes()); n != tc.count {
				t.Errorf("%d From lines in\n%s", n, out.Bytes())
			}
			if !j.res.Changed() {
				t.Fatalf("unchanged")
			}
			if tc.body == "" {
				return
			}
			first := out.String()[:strings.Index(out.String(), "\nFrom sender")]
			hdr, body, _ := strings.Cut(first, "\n\n")
			if !strings.Contains(hdr, "Content-Transfer-Encoding: quoted-printable") && strings.Contains(tc.body, "\nFrom ") {
				t.Errorf("header %q", hdr)
			}
			if strings.Contains(hdr, "quoted-printable") {
				b, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(body)))
				if err != nil {
					t.Fatal(err)
				}
				body = string(b)
			}
			if body != tc.body+"\n" && body != tc.body {
				t.Errorf("body %q, want %q", body, tc.body)
			}
		})
	}
}

// TestMboxSeparators: which "From " lines start a message. The counts are
// those of the construction.
func TestMboxSeparators(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want int
	}{
		{"three messages", mbox(other, other, other), 3},
		{"separator without an anchor field but with a date", mbox(other) + "From x@example.org Mon Mar  4 10:00:09 2024\nSubject: y\n\nz\n", 2},
		{"prose From line then a field-like line", mbox(plainHdr + "a\n\nFrom now on:\nTodo: x\n\nb\n"), 1},
		{"prose From line at the end", mbox(plainHdr+"a\n") + "From me\n", 1},
		{"From line not after an empty line", "From a@example.org Mon Mar  4 10:00:00 2024\n" + plainHdr + "x\nFrom b@example.org Mon Mar  4 10:00:01 2024\nFrom: b@example.org\n\ny\n", 1},
		{"crlf", strings.ReplaceAll(mbox(other, other), "\n", "\r\n"), 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var msgs int
			var out bytes.Buffer
			j := newJob(&Options{To: rewrite.URI})
			j.w = &out
			j.onMessage = func() { msgs++ }
			if err := j.run(strings.NewReader(tc.in)); err != nil {
				t.Fatal(err)
			}
			if msgs != tc.want {
				t.Errorf("%d messages, want %d", msgs, tc.want)
			}
			if out.String() != tc.in {
				t.Errorf("output changed")
			}
		})
	}
}
