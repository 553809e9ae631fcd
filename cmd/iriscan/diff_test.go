package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
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
		var b bytes.Buffer
		unifiedDiff(&b, "x.orig", "x", []byte(tt.old), []byte(tt.new))
		if b.String() != tt.want {
			t.Errorf("%s:\n got\n%s\nwant\n%s", tt.name, b.String(), tt.want)
		}
	}
}

// Random texts over a few lines: applying the diff to the old text must
// give the new one, and every hunk's header must count its lines.
func TestUnifiedDiffApplies(t *testing.T) {
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
	for i := range 3000 {
		old := text(r.IntN(30))
		var new []byte
		if r.IntN(2) == 0 {
			new = text(r.IntN(30))
		} else { // the old text with a few lines replaced
			ls := splitLines(old)
			for _, l := range ls {
				if r.IntN(5) == 0 {
					new = append(new, full[r.IntN(len(full))]...)
				} else {
					new = append(new, l...)
				}
			}
		}
		var d bytes.Buffer
		if i%2 == 1 {
			maxLCS = 0 // the diagonals instead
		}
		unifiedDiff(&d, "o", "n", old, new)
		maxLCS = 1 << 18
		got, err := applyDiff(old, d.String())
		if err != nil || !bytes.Equal(got, new) {
			t.Fatalf("case %d: old %q new %q\ndiff\n%s\napplied: %q, %v", i, old, new, d.String(), got, err)
		}
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

// The diff of a long file with scattered changes stays linear: every
// tenth of 200,000 unique lines changed.
func TestUnifiedDiffLarge(t *testing.T) {
	var old, new bytes.Buffer
	for i := range 200000 {
		fmt.Fprintf(&old, "line %d http://example.com/%d\n", i, i)
		if i%10 == 0 {
			fmt.Fprintf(&new, "line %d http://example.org/%d\n", i, i)
		} else {
			fmt.Fprintf(&new, "line %d http://example.com/%d\n", i, i)
		}
	}
	var d bytes.Buffer
	unifiedDiff(&d, "o", "n", old.Bytes(), new.Bytes())
	if n := strings.Count(d.String(), "\n-line"); n != 20000 {
		t.Errorf("%d lines removed, want 20000", n)
	}
	if got, err := applyDiff(old.Bytes(), d.String()); err != nil || !bytes.Equal(got, new.Bytes()) {
		t.Errorf("the diff does not apply: %v", err)
	}
}

// Without unique lines, a long file whose changed lines sit between
// repeated ones still gets a diff of the changed lines only, also when a
// line was removed.
func TestUnifiedDiffRepeatedLines(t *testing.T) {
	var old, new bytes.Buffer
	for i := range 2000 {
		old.WriteString("<li>\nhttp://例え.テスト/\n</li>\n")
		if i == 1000 {
			new.WriteString("<li>\n</li>\n")
			continue
		}
		new.WriteString("<li>\nhttp://xn--r8jz45g.xn--zckzah/\n</li>\n")
	}
	var d bytes.Buffer
	unifiedDiff(&d, "o", "n", old.Bytes(), new.Bytes())
	if n, m := strings.Count(d.String(), "\n-"), strings.Count(d.String(), "\n+"); n != 2000 || m != 1999+1 {
		t.Errorf("%d lines removed, %d added (with the header), want 2000 and 2000", n, m)
	}
	if got, err := applyDiff(old.Bytes(), d.String()); err != nil || !bytes.Equal(got, new.Bytes()) {
		t.Errorf("the diff does not apply: %v", err)
	}
}
