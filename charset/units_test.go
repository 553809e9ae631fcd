package charset

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// refUnits counts code points and UTF-16 code units of s[:d] with the
// standard library.
func refUnits(s string, d int) (cp, u16 int64) {
	for _, r := range s[:d] {
		cp++
		u16 += int64(len(utf16.Encode([]rune{r})))
	}
	return cp, u16
}

func TestUnits(t *testing.T) {
	// Expected counts by hand: "é" is one code point and one UTF-16 unit
	// in two bytes, "日" one and one in three, "😀" (U+1F600) one code
	// point and two UTF-16 units (a surrogate pair) in four bytes, "é" written as
	// "e" and U+0301 two code points.
	tests := []struct {
		name   string
		text   string
		d      int
		cp, u6 int64
	}{
		{"ascii", "http://example.com/", 7, 7, 7},
		{"latin1", "café http://x", 6, 5, 5},
		{"cjk", "日本語 http://x", 10, 4, 4},
		{"emoji", "😀 http://x", 5, 2, 3},
		{"two emoji", "😀😀x", 8, 2, 4},
		{"combining", "cafe\u0301 x", 7, 6, 6},
		{"crlf", "a\r\nb", 3, 3, 3},
		{"end", "😀", 4, 1, 2},
		{"empty", "", 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for split := 0; split <= len(tt.text); split++ {
				var u Units
				u.Add([]byte(tt.text[:split]))
				u.Add([]byte(tt.text[split:]))
				cp, u6, ok := u.At(int64(tt.d))
				if !ok || cp != tt.cp || u6 != tt.u6 {
					t.Fatalf("split %d: At(%d) = %d, %d, %v; want %d, %d", split, tt.d, cp, u6, ok, tt.cp, tt.u6)
				}
			}
		})
	}
}

func TestUnitsLong(t *testing.T) {
	// Text over many blocks and groups, added in uneven pieces, with
	// Discard as a streaming consumer calls it.
	var s []byte
	for i := 0; len(s) < 20000; i++ {
		switch i % 7 {
		case 0:
			s = append(s, "http://例え.テスト/"...)
		case 1:
			s = append(s, "😀🇯🇵"...)
		case 2:
			s = append(s, "e\u0301é\r\n"...)
		default:
			s = append(s, "plain ascii text "...)
		}
	}
	text := string(s)
	var u Units
	kept := 0
	for i := 0; i < len(s); {
		n := min(len(s)-i, 1+(i*7919)%3000)
		u.Add(s[i : i+n])
		i += n
		for d := kept; d <= i; d += 1 + d%97 {
			if !utf8.RuneStart(text[min(d, len(text)-1)]) && d < len(text) {
				continue
			}
			cp, u6, ok := u.At(int64(d))
			wcp, wu6 := refUnits(text, d)
			if !ok || cp != wcp || u6 != wu6 {
				t.Fatalf("At(%d) = %d, %d, %v; want %d, %d", d, cp, u6, ok, wcp, wu6)
			}
		}
		kept = max(0, i-4000)
		u.Discard(int64(kept))
		if _, _, ok := u.At(int64(kept)); !ok {
			t.Fatalf("At(%d) after Discard(%d) not ok", kept, kept)
		}
	}
	if _, _, ok := u.At(int64(len(s) + 1)); ok {
		t.Error("At past the end is ok")
	}
}

func FuzzUnits(f *testing.F) {
	f.Add([]byte("http://例え.テスト/😀 e\u0301\r\n"), uint16(3), uint16(70))
	f.Add([]byte("\xff\xfe\xf0\x9f"), uint16(1), uint16(0))
	f.Fuzz(func(t *testing.T, b []byte, step, keep uint16) {
		// Valid UTF-8 only, as a Reader returns.
		s := []byte(string([]rune(string(b))))
		for len(s) < 300 && len(s) > 0 {
			s = append(s, s...)
		}
		text := string(s)
		// Reference counts before every byte offset, from the standard library.
		wantCP, wantU6 := make([]int64, len(s)+1), make([]int64, len(s)+1)
		for i, r := range text {
			n := utf8.RuneLen(r)
			wantCP[i+n], wantU6[i+n] = wantCP[i]+1, wantU6[i]+int64(utf16.RuneLen(r))
		}
		var u Units
		st := int(step)%200 + 1
		kept := 0
		for i := 0; i < len(s); {
			n := min(st, len(s)-i)
			u.Add(s[i : i+n])
			i += n
			for d := kept; d <= i; d++ {
				if d < len(text) && !utf8.RuneStart(text[d]) {
					continue
				}
				cp, u6, ok := u.At(int64(d))
				if !ok || cp != wantCP[d] || u6 != wantU6[d] {
					t.Fatalf("At(%d) = %d, %d, %v; want %d, %d", d, cp, u6, ok, wantCP[d], wantU6[d])
				}
			}
			kept = max(kept, i-int(keep))
			u.Discard(int64(kept))
		}
	})
}

func BenchmarkUnitsAdd(b *testing.B) {
	for _, bc := range []struct{ name, unit string }{
		{"ascii", "plain ascii words and http://example.com/a?b=c "},
		{"mixed", "読書リスト http://例え.テスト/資料 café 😀 مصر "},
	} {
		text := []byte(strings.Repeat(bc.unit, (64<<10)/len(bc.unit)))
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			var u Units
			for b.Loop() {
				u.Add(text)
				u.Discard(u.End())
			}
		})
	}
}

func BenchmarkUnitsAddValid(b *testing.B) {
	for _, bc := range []struct{ name, unit string }{
		{"ascii", "plain ascii words and http://example.com/a?b=c "},
		{"mixed", "読書リスト http://例え.テスト/資料 café 😀 مصر "},
		{"quotes", "Words of English prose, and “a quotation” now and then. "},
		// As the bench's English prose (bench/): about one block in
		// four has a non-ASCII character, most often a quotation mark.
		{"prose", "Into could, will after more get down her and, been so, after than into, three since out or time get because after him. " +
			"Company must him than “history” three should these they. Must make state against him then if after man we of his of much, " +
			"see network only, than company has back when must. Another they she just no came data could software be before also this " +
			"not culture first into world which. At language research made company people little out see, company only should man year " +
			"through own said his own more from his. An down society where is now long there (come) only life were can, has little, on.\n\n" +
			"Your, which may then came own year day not such there time, where me. Network “have” still also under just how more about " +
			"have must an, should much be could (you) year go in between. Had old about many an, we they. Day most Москва great years " +
			"being “history” only too network, well than between year the them, years from between if.\n\n"},
	} {
		text := []byte(strings.Repeat(bc.unit, (64<<10)/len(bc.unit)))
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			var u Units
			for b.Loop() {
				if u.AddValid(text) != len(text) {
					b.Fatal("not valid")
				}
				u.Discard(u.End())
			}
		})
	}
}
