package charset

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
	"unicode/utf8"
)

// validPrefix returns the length of the longest prefix of p made of
// complete, valid UTF-8 sequences, by the standard library's decoder.
func validPrefix(p []byte) int {
	i := 0
	for i < len(p) {
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n == 1 {
			break
		}
		i += n
	}
	return i
}

// addValidAll feeds p to u.AddValid in pieces of at most step bytes, as a
// Reader does: a piece that ends inside a sequence is offered again with
// more bytes. It returns the bytes counted, where the first invalid byte
// stopped it, and checks u.At at every code point boundary against the
// standard library's counts, dropping all but the last keep bytes.
func addValidAll(t *testing.T, u *Units, p []byte, step, keep int) int {
	t.Helper()
	cps, u16s := make([]int64, len(p)+1), make([]int64, len(p)+1)
	bound := make([]bool, len(p)+1)
	bound[0] = true
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n == 1 {
			break
		}
		cps[i+n], u16s[i+n] = cps[i]+1, u16s[i]+int64(utf16.RuneLen(r))
		bound[i+n] = true
		i += n
	}
	done, kept := 0, 0
	for done < len(p) {
		end := min(done+step, len(p))
		n := u.AddValid(p[done:end])
		if n == 0 && end < len(p) {
			n = u.AddValid(p[done:]) // the piece ended inside a sequence
		}
		if n == 0 {
			break
		}
		if !bound[done+n] {
			t.Fatalf("AddValid stopped at byte %d, inside a code point", done+n)
		}
		done += n
		for d := kept; d <= done; d++ {
			if !bound[d] {
				continue
			}
			cp, u6, ok := u.At(int64(d))
			if !ok || cp != cps[d] || u6 != u16s[d] {
				t.Fatalf("At(%d) = %d, %d, %v; want %d, %d", d, cp, u6, ok, cps[d], u16s[d])
			}
		}
		kept = max(kept, done-keep)
		u.Discard(int64(kept))
	}
	if u.End() != int64(done) {
		t.Fatalf("End() = %d after %d bytes counted", u.End(), done)
	}
	return done
}

// eachBlockPath runs f with each way the machine has of taking whole
// blocks (utf8Blocks: SSE2, AVX2 and AVX-512BW on amd64, as the processor
// has them).
func eachBlockPath(f func(path string)) {
	defer func(v2, v512 bool) { useAVX2, useAVX512 = v2, v512 }(useAVX2, useAVX512)
	useAVX2, useAVX512 = false, false
	f("")
	if haveAVX2 {
		useAVX2 = true
		f("AVX2 ")
	}
	if haveAVX512 {
		useAVX512 = true
		f("AVX-512 ")
	}
}

func TestUnitsAddValid(t *testing.T) {
	// want: the bytes before the first that is not part of a complete,
	// valid UTF-8 sequence (RFC 3629 Section 4, UTF8-octets), by hand.
	long := strings.Repeat("plain text ", 7) // 77 bytes, ASCII words over a block
	tests := []struct {
		name string
		in   string
		want int
	}{
		{"empty", "", 0},
		{"ascii", "http://example.com/", 19},
		{"ascii over blocks", long + long, 154},
		{"two bytes", "café", 5},
		{"three bytes", "“quoted”", 12},
		{"four bytes", "😀x", 5},
		{"replacement character as written", "\uFFFD", 3},
		{"highest code point", "\U0010FFFF", 4},
		{"lone continuation byte", "ab\x80cd", 2},
		{"0xff", long + "\xff", 77},
		{"overlong two bytes", "a\xc0\xafb", 1},
		{"overlong C1", "\xc1\xbf", 0},
		{"overlong three bytes", "x\xe0\x9f\xbf", 1},
		{"overlong four bytes", "\xf0\x8f\xbf\xbf", 0},
		{"surrogate", "a\xed\xa0\x80", 1},
		{"last before surrogates", "\xed\x9f\xbf", 3},
		{"past U+10FFFF", "\xf4\x90\x80\x80", 0},
		{"F5 lead", "é\xf5\x80\x80\x80", 2},
		{"truncated three at the end", "a“b\xe2\x80", 5},
		{"truncated four at the end", "\xf0\x9f\x98", 0},
		{"three-byte lead then ASCII", "\xe3\x81a", 0},
		{"four-byte lead then ASCII", "é\xf0\x9fab", 2},
		{"invalid after a long ASCII run", long + "“" + long + "\xe2\x28\xa1", 157},
		{"sequence across a 64-byte block", strings.Repeat("a", 62) + "日本" + "b\xc3", 69},
		{"four bytes across a block", strings.Repeat("a", 61) + "😀😀" + "c", 70},
		{"dense CJK", strings.Repeat("日本語の文章、", 30), 30 * 21},
		{"dense CJK then invalid", strings.Repeat("日本語", 30) + "\xe6\x97", 270},
		{"dense CJK, invalid in the third block", strings.Repeat("日本語", 50) + "\xe6\x97a" + strings.Repeat("x", 100), 450},
		{"Cyrillic over blocks", strings.Repeat("путь ", 40), 360},
		{"E0 and ED leads over blocks", strings.Repeat("\u0915\ud55c", 40), 240},
		{"surrogate after blocks of CJK", strings.Repeat("日本", 40) + "\xed\xa0\x80", 240},
		{"emoji after blocks of quotes", strings.Repeat("“a”", 40) + "😀" + strings.Repeat("b", 70), 354},
		{"C0 after blocks of ASCII", strings.Repeat("a", 130) + "\xc0\x80", 130},
		{"lone continuation at a block start", strings.Repeat("é", 32) + "\x80", 64},
		{"lead at the end of a block, no continuation", strings.Repeat("a", 63) + "\xe3" + strings.Repeat("b", 64), 63},
		{"two-byte sequence across a block", strings.Repeat("a", 63) + "é" + strings.Repeat("b", 64), 129},
		{"three-byte sequence across a block", strings.Repeat("a", 62) + "日" + strings.Repeat("b", 64), 129},
		{"three-byte sequence ending a block, then ASCII", strings.Repeat("a", 61) + "日" + strings.Repeat("b", 64), 128},
		{"E0 lead after blocks of quotes", strings.Repeat("“a” ", 40) + "\u0915" + strings.Repeat("c", 130), 453},
		{"ED lead at a block edge", strings.Repeat("“a” ", 15) + "\ud55c" + strings.Repeat("c", 130), 253},
		{"F0 lead straddling a block edge", strings.Repeat("é", 31) + "a😀" + strings.Repeat("c", 70), 137},
		{"F4 lead ending a block", strings.Repeat("a", 124) + "\U0010FFFF" + "é", 130},
		{"C1 in the second block of quotes", strings.Repeat("“a” ", 20) + "\xc1\xbf" + strings.Repeat("d", 64), 160},
		{"invalid last byte of the last block", strings.Repeat("“a” ", 31) + "abcdefg\xe3", 255},
		{"two-byte lead ending the last whole block", strings.Repeat("x", 127) + "\xc3", 127},
		{"valid last block, a short tail", strings.Repeat("ж", 64) + "“q”", 135},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := validPrefix([]byte(tt.in)); got != tt.want {
				t.Fatalf("test row wrong: the standard library's decoder says %d", got)
			}
			eachBlockPath(func(path string) {
				for _, step := range []int{1, 2, 3, 7, 64, 1 << 20} {
					var u Units
					if got := addValidAll(t, &u, []byte(tt.in), step, 5); got != tt.want {
						t.Errorf("%sstep %d: AddValid counted %d bytes, want %d", path, step, got, tt.want)
					}
				}
			})
			if got := validUTF8([]byte(tt.in)); got != tt.want {
				t.Errorf("validUTF8 = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestUnitsAddValidEveryPosition puts each byte or sequence that ends a
// vector block's run, valid or not, at every position of the first three
// blocks of text with quotation marks in every block (so that the blocks
// around it are ones the vector loops take), and compares the prefix
// AddValid counts, and its units, with the standard library's.
func TestUnitsAddValidEveryPosition(t *testing.T) {
	base := []byte(strings.Repeat("Some “quoted” words and ascii ", 9)) // 288 bytes
	for _, bad := range []string{"\x80", "\xbf", "\xc0", "\xc1", "\xe0\xa0\x80", "\xe0\x9f\x80", "\xed\x9f\xbf", "\xed\xa0\x80",
		"\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5", "\xff", "\xe3\x81", "\xc3"} {
		for pos := 0; pos < 192; pos++ {
			p := append([]byte(nil), base...)
			copy(p[pos:], bad)
			want := validPrefix(p)
			eachBlockPath(func(path string) {
				for _, step := range []int{64, 1 << 20} {
					var u Units
					if got := addValidAll(t, &u, p, step, 5); got != want {
						t.Fatalf("%q at %d: %sstep %d: AddValid counted %d bytes, want %d", bad, pos, path, step, got, want)
					}
				}
			})
		}
	}
}

// TestUnitsAddValidAfterAdd checks that AddValid continues what Add
// began, in the middle of a block.
func TestUnitsAddValidAfterAdd(t *testing.T) {
	var u Units
	u.Add([]byte("日本 😀 "))                                  // 12 bytes: 5 code points, 6 UTF-16 units
	if n := u.AddValid([]byte("é http://x\xff")); n != 11 { // 10 code points
		t.Fatalf("AddValid = %d, want 11", n)
	}
	cp, u6, ok := u.At(23)
	if !ok || cp != 15 || u6 != 16 {
		t.Errorf("At(23) = %d, %d, %v; want 15, 16", cp, u6, ok)
	}
}

// FuzzUnitsAddValid compares AddValid, the one-pass validation and
// count, with the standard library (and each vector loop with
// utf8BlocksRef): the same valid prefix as
// unicode/utf8's decoder and as validUTF8, and the code point and UTF-16
// counts of unicode/utf8 and unicode/utf16 at every boundary; and a
// Reader counting as it decodes (SetUnits) with the same Reader that does
// not and with the standard library's counts over its text.
func FuzzUnitsAddValid(f *testing.F) {
	f.Add([]byte("plain text “quoted” http://例え.テスト/😀"), uint16(5), uint16(9))
	f.Add([]byte(strings.Repeat("a", 63)+"日\xed\xa0\x80"), uint16(64), uint16(0))
	f.Add([]byte("\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\xe0\xa0\x80\xc2\x80\xef\xbf\xbd"), uint16(1), uint16(100))
	f.Fuzz(func(t *testing.T, b []byte, step, keep uint16) {
		// The input as it is, and repeated to a few blocks of 64 bytes
		// (the whole blocks go another way on amd64).
		long := b
		for len(long) > 0 && len(long) < 400 {
			long = append(long[:len(long):len(long)], b...)
		}
		for _, b := range [][]byte{b, long} {
			checkBlockLoops(t, b)
			want := validPrefix(b)
			if got := validUTF8(b); got != want {
				t.Fatalf("validUTF8 = %d, want %d", got, want)
			}
			eachBlockPath(func(path string) {
				var u Units
				if got := addValidAll(t, &u, b, int(step)%1000+1, int(keep)); got != want {
					t.Fatalf("%sAddValid counted %d bytes, want %d", path, got, want)
				}
			})
			// And through a Reader, which decodes the invalid bytes.
			eachBlockPath(func(string) {
				checkReaderUnits(t, UTF8, b, func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) })
			})
		}
	})
}

// checkReaderUnits decodes src from cs with a Reader that counts into a
// Units (SetUnits) and checks that the text is what a Reader without
// counting returns, and the counts at every code point boundary those of
// unicode/utf8 and unicode/utf16 over that text.
func checkReaderUnits(t *testing.T, cs *Charset, src []byte, rd func([]byte) io.Reader) {
	t.Helper()
	read := func(r *Reader) []byte {
		var text []byte
		for {
			b, err := r.Next()
			text = append(text, b...)
			if err != nil {
				return text
			}
		}
	}
	want := read(NewReader(rd(src), cs))
	var u Units
	r := NewReader(rd(src), cs)
	r.SetUnits(&u)
	got := read(r)
	if !bytes.Equal(got, want) {
		t.Fatalf("text with SetUnits %q, without %q", got, want)
	}
	if u.End() != int64(len(got)) {
		t.Fatalf("End() = %d, want %d", u.End(), len(got))
	}
	var cp, u16 int64
	for i, c := range string(got) {
		if gcp, g16, ok := u.At(int64(i)); !ok || gcp != cp || g16 != u16 {
			t.Fatalf("At(%d) = %d, %d, %v; want %d, %d", i, gcp, g16, ok, cp, u16)
		}
		cp++
		u16 += int64(utf16.RuneLen(c))
	}
}

func TestReaderSetUnits(t *testing.T) {
	long := strings.Repeat("plain “quoted” 日本語 ", 300)
	for _, tt := range []struct{ name, label, src string }{
		{"UTF-8", "utf-8", long + "😀 http://例え.テスト/"},
		{"UTF-8 with a byte order mark", "utf-8", "\uFEFF" + long},
		{"UTF-8 with invalid bytes", "utf-8", long + "a\xffb\xe3\x81c\xed\xa0\x80d\xf0\x9f\x98" + long + "\xc0"},
		{"windows-1252", "windows-1252", strings.Repeat("caf\xe9 \x93q\x94 ", 2000)},
		{"Shift_JIS", "shift_jis", strings.Repeat("\x93\xfa\x96\x7b abc ", 2000)},
		{"UTF-16LE", "utf-16le", strings.Repeat("a\x00\x3d\xd8\x00\xde", 3000)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := Lookup(tt.label)
			if err != nil {
				t.Fatal(err)
			}
			for _, rd := range []func([]byte) io.Reader{
				func(b []byte) io.Reader { return bytes.NewReader(b) },
				func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) },
				func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
			} {
				eachBlockPath(func(string) { checkReaderUnits(t, cs, []byte(tt.src), rd) })
			}
		})
	}
}

// TestUnitsAddValidAstralBefore: a four-byte sequence counted before, in
// the block AddValid goes on in, still counts two UTF-16 units at every
// offset after it when what AddValid adds has none (its groups are then
// summed without the astral bits), whether Add or AddValid counted it.
func TestUnitsAddValidAstralBefore(t *testing.T) {
	for _, tt := range []struct {
		name  string
		first func(u *Units, b []byte)
		head  string
	}{
		{"Add", func(u *Units, b []byte) { u.Add(b) }, "ab😀c"},
		{"AddValid", func(u *Units, b []byte) { u.AddValid(b) }, "ab😀c"},
		{"Add, block end", func(u *Units, b []byte) { u.Add(b) }, strings.Repeat("x", 58) + "😀"},
		{"AddValid, two", func(u *Units, b []byte) { u.AddValid(b) }, "😀" + strings.Repeat("y", 20) + "😀"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var u Units
			tt.first(&u, []byte(tt.head))
			tail := strings.Repeat("plain “text” é ", 300) // 5,400 bytes: several groups
			if n := u.AddValid([]byte(tail)); n != len(tail) {
				t.Fatalf("AddValid = %d, want %d", n, len(tail))
			}
			all := tt.head + tail
			for d := len(tt.head); d <= len(all); d++ {
				if !utf8.RuneStart(all[d%len(all)]) && d < len(all) {
					continue
				}
				wantCP := utf8.RuneCountInString(all[:d])
				want16 := len(utf16.Encode([]rune(all[:d])))
				cp, u16, ok := u.At(int64(d))
				if !ok || cp != int64(wantCP) || u16 != int64(want16) {
					t.Fatalf("At(%d) = %d, %d, %v; want %d, %d", d, cp, u16, ok, wantCP, want16)
				}
			}
		})
	}
}
