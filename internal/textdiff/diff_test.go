package textdiff

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// setWindow sets the tunables for one test.
func setWindow(t testing.TB, w, lcs, hunk int) {
	ow, ol, oh := window, maxLCS, maxHunk
	window, maxLCS, maxHunk = w, lcs, hunk
	t.Cleanup(func() { window, maxLCS, maxHunk = ow, ol, oh })
}

// diff returns the unified diff of old and new.
func diff(t testing.TB, oldName, newName, old, new string) (string, bool) {
	t.Helper()
	var b strings.Builder
	differ, err := Unified(&b, oldName, newName, strings.NewReader(old), strings.NewReader(new))
	if err != nil {
		t.Fatal(err)
	}
	return b.String(), differ
}

// splitLines splits b after each "\n"; the last line lacks it if b does
// not end in one.
func splitLines(b []byte) [][]byte {
	var lines [][]byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n') + 1
		if i == 0 {
			i = len(b)
		}
		lines = append(lines, b[:i:i])
		b = b[i:]
	}
	return lines
}

func TestUnified(t *testing.T) {
	lines := func(from, to int) string { // "1\n2\n"... for the lines from..to
		var b strings.Builder
		for i := from; i <= to; i++ {
			fmt.Fprintf(&b, "%d\n", i)
		}
		return b.String()
	}
	tests := []struct {
		name     string
		old, new string
		want     string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"both empty", "", "", ""},
		{"one line in the middle",
			lines(1, 4) + "five\n" + lines(6, 10),
			lines(1, 4) + "FIVE\n" + lines(6, 10), `--- x.orig
+++ x
@@ -2,7 +2,7 @@
 2
 3
 4
-five
+FIVE
 6
 7
 8
`},
		{"first and last lines, short file", "a\nb\nc\n", "A\nb\nC\n", `--- x.orig
+++ x
@@ -1,3 +1,3 @@
-a
+A
 b
-c
+C
`},
		// Six unchanged lines between two changes: one hunk; seven: two.
		{"six lines apart", "a\n" + lines(1, 6) + "b\n", "A\n" + lines(1, 6) + "B\n", `--- x.orig
+++ x
@@ -1,8 +1,8 @@
-a
+A
 1
 2
 3
 4
 5
 6
-b
+B
`},
		{"seven lines apart", "a\n" + lines(1, 7) + "b\n", "A\n" + lines(1, 7) + "B\n", `--- x.orig
+++ x
@@ -1,4 +1,4 @@
-a
+A
 1
 2
 3
@@ -6,4 +6,4 @@
 5
 6
 7
-b
+B
`},
		{"no newline at end", "a\nb", "a\nc", `--- x.orig
+++ x
@@ -1,2 +1,2 @@
 a
-b
\ No newline at end of file
+c
\ No newline at end of file
`},
		{"newline added at end", "a\nb", "a\nb\n", `--- x.orig
+++ x
@@ -1,2 +1,2 @@
 a
-b
\ No newline at end of file
+b
`},
		{"unchanged last line without newline", "a\nb\nc", "A\nb\nc", `--- x.orig
+++ x
@@ -1,3 +1,3 @@
-a
+A
 b
 c
\ No newline at end of file
`},
		{"from empty", "", "a\nb\n", `--- x.orig
+++ x
@@ -0,0 +1,2 @@
+a
+b
`},
		{"to empty", "a\n", "", `--- x.orig
+++ x
@@ -1,1 +0,0 @@
-a
`},
		// Two lines joined into one: the counts differ.
		{"lines joined", "x\n<URL:http://a.example/a\n b>\ny\n", "x\n<URL:http://a.example/ab>\ny\n", `--- x.orig
+++ x
@@ -1,4 +1,3 @@
 x
-<URL:http://a.example/a
- b>
+<URL:http://a.example/ab>
 y
`},
		// Lines repeated around the change (no unique line to anchor
		// on) are still matched as context.
		{"repeated lines", "<p>\n</p>\n<p>\nhttp://a\n</p>\n<p>\n</p>\n", "<p>\n</p>\n<p>\nhttp://b\n</p>\n<p>\n</p>\n", `--- x.orig
+++ x
@@ -1,7 +1,7 @@
 <p>
 </p>
 <p>
-http://a
+http://b
 </p>
 <p>
 </p>
`},
		// An inserted line among unique ones.
		{"insertion", lines(1, 8), lines(1, 4) + "new\n" + lines(5, 8), `--- x.orig
+++ x
@@ -2,6 +2,7 @@
 2
 3
 4
+new
 5
 6
 7
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, w := range []int{1 << 14, 16} {
				setWindow(t, w, 1<<18, 1<<16)
				got, differ := diff(t, "x.orig", "x", tt.old, tt.new)
				if got != tt.want || differ != (tt.old != tt.new) {
					t.Errorf("window %d: differ %v\n got\n%s\nwant\n%s", w, differ, got, tt.want)
				}
			}
		})
	}
}

// checkApplies fails unless the diff of old and new, applied to old,
// gives new.
func checkApplies(t testing.TB, old, new []byte) string {
	t.Helper()
	d, differ := diff(t, "o", "n", string(old), string(new))
	if differ != !bytes.Equal(old, new) || (d == "") == differ {
		t.Fatalf("old %q new %q: differ %v, diff %q", old, new, differ, d)
	}
	got, err := applyDiff(old, d)
	if err != nil || !bytes.Equal(got, new) {
		t.Fatalf("old %q new %q\ndiff\n%s\napplied: %q, %v", old, new, d, got, err)
	}
	return d
}

// Random texts over a few lines, with windows of every size and hunks
// cut short: applying the diff to the old text must give the new one,
// and every hunk's header must count its lines.
func TestUnifiedApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	full := []string{"a\n", "b\n", "c\n", "\n", "http://x\n"}
	text := func(n int) []byte {
		var b []byte
		for range n {
			b = append(b, full[r.IntN(len(full))]...)
		}
		if r.IntN(3) == 0 {
			b = append(b, "d"...) // a last line without newline
		}
		return b
	}
	for i := range 6000 {
		old := text(r.IntN(30))
		var new []byte
		if r.IntN(2) == 0 {
			new = text(r.IntN(30))
		} else { // the old text with a few lines replaced
			for _, l := range splitLines(old) {
				if r.IntN(5) == 0 {
					new = append(new, full[r.IntN(len(full))]...)
				} else {
					new = append(new, l...)
				}
			}
		}
		w, lcs, hunk := 1<<14, 1<<18, 1<<16
		switch i % 4 {
		case 1:
			lcs = 0 // the diagonals instead
		case 2:
			w = 1 + r.IntN(8)
		case 3:
			w, hunk = 1+r.IntN(8), 1+r.IntN(5)
		}
		setWindow(t, w, lcs, hunk)
		checkApplies(t, old, new)
	}
}

// applyDiff applies a unified diff made by unifiedDiff to old, checking
// the context and the hunk headers.
func applyDiff(old []byte, diff string) ([]byte, error) {
	if diff == "" {
		return old, nil
	}
	a := splitLines(old)
	var out []byte
	dl := strings.SplitAfter(diff, "\n")
	if len(dl) < 2 || !strings.HasPrefix(dl[0], "--- ") || !strings.HasPrefix(dl[1], "+++ ") {
		return nil, fmt.Errorf("no headers")
	}
	dl = dl[2:]
	next := 0     // next line of a to copy
	outLines := 0 // lines in out
	for len(dl) > 0 && dl[0] != "" {
		var as, al, bs, bl int
		if _, err := fmt.Sscanf(dl[0], "@@ -%d,%d +%d,%d @@\n", &as, &al, &bs, &bl); err != nil {
			return nil, fmt.Errorf("hunk header %q: %v", dl[0], err)
		}
		dl = dl[1:]
		start := as - 1
		if al == 0 {
			start = as
		}
		if start < next {
			return nil, fmt.Errorf("hunk at %d overlaps", as)
		}
		for _, l := range a[next:start] {
			out = append(out, l...)
			outLines++
		}
		if bs-1 != outLines && bl > 0 {
			return nil, fmt.Errorf("hunk +%d but the new text is at line %d", bs, outLines+1)
		}
		i := start
		na, nb := 0, 0
		for len(dl) > 0 && dl[0] != "" && dl[0][0] != '@' {
			l := dl[0]
			dl = dl[1:]
			if len(dl) > 0 && dl[0] == "\\ No newline at end of file\n" {
				l = strings.TrimSuffix(l, "\n")
				dl = dl[1:]
			}
			switch l[0] {
			case ' ', '-':
				if i >= len(a) || string(a[i]) != l[1:] {
					return nil, fmt.Errorf("line %d is not %q", i+1, l)
				}
				i++
				na++
				if l[0] == ' ' {
					out = append(out, l[1:]...)
					nb++
					outLines++
				}
			case '+':
				out = append(out, l[1:]...)
				nb++
				outLines++
			default:
				return nil, fmt.Errorf("bad line %q", l)
			}
		}
		if na != al || nb != bl {
			return nil, fmt.Errorf("hunk -%d,%d +%d,%d has %d and %d lines", as, al, bs, bl, na, nb)
		}
		next = i
	}
	for _, l := range a[next:] {
		out = append(out, l...)
	}
	return out, nil
}

// The diff of a long text with scattered changes finds them all, with a
// window of any size: every tenth of 200,000 unique lines changed.
func TestUnifiedLarge(t *testing.T) {
	var old, new bytes.Buffer
	for i := range 200000 {
		fmt.Fprintf(&old, "line %d http://example.com/%d\n", i, i)
		if i%10 == 0 {
			fmt.Fprintf(&new, "line %d http://example.org/%d\n", i, i)
		} else {
			fmt.Fprintf(&new, "line %d http://example.com/%d\n", i, i)
		}
	}
	for _, w := range []int{1 << 14, 100, 7} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			setWindow(t, w, 1<<18, 1<<16)
			d := checkApplies(t, old.Bytes(), new.Bytes())
			if n := strings.Count(d, "\n-line"); n != 20000 {
				t.Errorf("%d lines removed, want 20000", n)
			}
		})
	}
}

// Without unique lines, a long text whose changed lines sit between
// repeated ones still gets a diff of the changed lines only, also when a
// line was removed.
func TestUnifiedRepeatedLines(t *testing.T) {
	var old, new bytes.Buffer
	for i := range 2000 {
		old.WriteString("<li>\nhttp://例え.テスト/\n</li>\n")
		if i == 1000 {
			new.WriteString("<li>\n</li>\n")
			continue
		}
		new.WriteString("<li>\nhttp://xn--r8jz45g.xn--zckzah/\n</li>\n")
	}
	d := checkApplies(t, old.Bytes(), new.Bytes())
	if n, m := strings.Count(d, "\n-"), strings.Count(d, "\n+"); n != 2000 || m != 1999+1 {
		t.Errorf("%d lines removed, %d added (with the header), want 2000 and 2000", n, m)
	}
}

// Lines longer than every buffer are compared and printed whole.
func TestUnifiedLongLines(t *testing.T) {
	long := strings.Repeat("0123456789", 30000) // 300 kB
	for _, tt := range []struct{ old, new string }{
		{long, long + "x"},
		{"a\n" + long + "\nb\n", "a\n" + long + "\nc\n"},
		{long + "\n" + long, long + "\n" + long + "\n"},
		{"a\n" + long[1:] + "\n", "a\n" + long + "\n"},
	} {
		checkApplies(t, []byte(tt.old), []byte(tt.new))
	}
	d, _ := diff(t, "o", "n", long, long+"x")
	want := "--- o\n+++ n\n@@ -1,1 +1,1 @@\n-" + long + "\n\\ No newline at end of file\n+" + long + "x\n\\ No newline at end of file\n"
	if d != want {
		t.Errorf("one long line: got %d bytes, want %d", len(d), len(want))
	}
}

// A run of changes longer than a hunk may hold is printed as hunks that
// touch, which patch applies one after the other.
func TestUnifiedLongHunk(t *testing.T) {
	setWindow(t, 1<<14, 1<<18, 10)
	var old, new strings.Builder
	for i := range 100 {
		fmt.Fprintf(&old, "%d\n", i)
		fmt.Fprintf(&new, "%d!\n", i)
	}
	d := checkApplies(t, []byte(old.String()), []byte(new.String()))
	if n := strings.Count(d, "\n@@ "); n != 20 {
		t.Errorf("%d hunks, want 20:\n%s", n, d)
	}
}

// Errors of the writer and of the texts are returned.
func TestUnifiedErrors(t *testing.T) {
	w := &failWriter{n: 20}
	if _, err := Unified(w, "o", "n", strings.NewReader("a\nb\n"), strings.NewReader("a\nc\n")); err == nil || err.Error() != "disk full" {
		t.Errorf("write error: %v", err)
	}
	var b strings.Builder
	if _, err := Unified(&b, "o", "n", failReader{}, strings.NewReader("a\n")); err == nil || err.Error() != "read error" {
		t.Errorf("read error: %v", err)
	}
}

type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

type failReader struct{}

func (failReader) ReadAt(p []byte, off int64) (int, error) { return 0, errors.New("read error") }
func (failReader) Size() int64                             { return 100 }

func FuzzUnified(f *testing.F) {
	f.Add([]byte("a\nb\nc\n"), []byte("a\nB\nc\n"), uint8(0), uint8(0))
	f.Add([]byte("x\n<URL:http://a.example/a\n b>\ny\n"), []byte("x\n<URL:http://a.example/ab>\ny\n"), uint8(2), uint8(3))
	f.Add([]byte("1\n2\n3\n4\n5\n6\n7\n8\n"), []byte("1\n2\n3\n4\nnew\n5\n6\n7\n8\n"), uint8(1), uint8(1))
	f.Add([]byte("a\nb"), []byte("a\nb\n"), uint8(5), uint8(0))
	f.Fuzz(func(t *testing.T, old, new []byte, w, hunk uint8) {
		win, h := 1<<14, 1<<16
		if w > 0 {
			win = int(w%16) + 1
		}
		if hunk > 0 {
			h = int(hunk%8) + 1
		}
		setWindow(t, win, 1<<12, h)
		checkApplies(t, old, new)
	})
}
