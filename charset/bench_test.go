package charset

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"
)

// The benchmark inputs are generated, not committed: 20+ MB of text made
// of words drawn from a small vocabulary, with sentence punctuation and
// now and then a URL, then encoded by x/text. The English text is ASCII
// but for a few words with é, ï and curly quotes every thousand words.

const benchSize = 20 << 20

var (
	englishWords = strings.Fields(`the of and to in is was that for it with as his on be at by
		this had not are but from or have an they which one you were her all she there would
		their we him been has when who will more no if out so said what up its about into than
		them can only other new some could time these two may then do first any my now such like
		our over man me even most made after also did many before must through back years where
		much your way well down should because each just those people how too little state good
		very make world still own see men work long get here between both life being under never
		day same another know while last might us great old year off come since against go came
		right used take three`)
	japaneseWords = strings.Fields(`日本 東京 大阪 京都 情報 技術 文書 文字 符号 変換 国際化 資源
		識別子 世界 言語 標準 規格 検索 表示 送信 受信 電子 郵便 会社 学校 先生 学生 今日 明日
		わたし あなた これ それ あれ ここ そこ する いる ある なる できる ます です でした
		カタカナ ひらがな コンピュータ インターネット ホームページ メール サーバ ネットワーク`)
	chineseWords = strings.Fields(`中国 北京 上海 信息 技术 文档 字符 编码 转换 国际化 资源 标识符
		世界 语言 标准 规范 搜索 显示 发送 接收 电子 邮件 公司 学校 老师 学生 今天 明天 我们 你们
		他们 这个 那个 什么 可以 没有 因为 所以 但是 如果 已经 还是 网络 服务器 计算机 互联网`)
)

func genText(words []string, sep, stop, rare string, n int) string {
	r := rand.New(rand.NewSource(1))
	var b strings.Builder
	b.Grow(n + 100)
	for k := 0; b.Len() < n; k++ {
		b.WriteString(words[r.Intn(len(words))])
		switch {
		case k%97 == 96:
			b.WriteString(" http://www.example.com/path/" + words[r.Intn(len(words))] + "?q=1 ")
		case k%1009 == 1008 && rare != "":
			b.WriteString(rare)
		case k%13 == 12:
			b.WriteString(stop)
		default:
			b.WriteString(sep)
		}
	}
	return b.String()
}

type benchInput struct {
	name string
	cs   *Charset
	src  []byte
}

var benchInputs = sync.OnceValue(func() []benchInput {
	en := genText(englishWords, " ", ".\n", " café “naïve” ", benchSize)
	ja := genText(japaneseWords, "", "。\n", "", benchSize*2/3)
	zh := genText(chineseWords, "", "。\n", "", benchSize*2/3)
	enc := func(name, s string) benchInput {
		cs, _ := Lookup(name)
		b, err := cs.enc.NewEncoder().Bytes([]byte(s))
		if err != nil {
			panic(err)
		}
		return benchInput{name: "", cs: cs, src: b}
	}
	ins := []benchInput{
		{"english/utf-8", UTF8, []byte(en)},
		{"english/windows-1252", Windows1252, enc("windows-1252", en).src},
		{"japanese/shift_jis", nil, enc("shift_jis", ja).src},
		{"japanese/euc-jp", nil, enc("euc-jp", ja).src},
		{"japanese/iso-2022-jp", nil, enc("iso-2022-jp", ja).src},
		{"chinese/gb18030", nil, enc("gb18030", zh).src},
	}
	for i := range ins {
		if ins[i].cs == nil {
			ins[i].cs, _ = Lookup(ins[i].name[strings.IndexByte(ins[i].name, '/')+1:])
		}
	}
	return ins
})

const benchChunk = 64 << 10

// cpuTime returns the CPU time the process has used. On a machine shared
// with other work, wall-clock MB/s swings with the load; CPU time per
// operation (reported as cpu-ns/op, with GOMAXPROCS 1) does much less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measure runs f b.N times and reports its CPU time per operation and the
// MB/s that gives.
func measure(b *testing.B, size int, f func()) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	t0 := cpuTime()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	cpu := float64(cpuTime()-t0) / float64(n)
	b.ReportMetric(cpu, "cpu-ns/op")
	b.ReportMetric(float64(size)/cpu*1e3, "cpu-MB/s")
}

// transformAll runs t over src in benchChunk pieces into dst, as a
// streaming consumer does.
// After each chunk it calls done, if not nil.
func transformAll(b *testing.B, t transform.Transformer, src, dst []byte, done func()) {
	t.Reset()
	for len(src) > 0 {
		n := min(len(src), benchChunk)
		nDst, nSrc, err := t.Transform(dst, src[:n], n == len(src))
		if err != nil && err != transform.ErrShortSrc || nDst == 0 && nSrc == 0 {
			b.Fatalf("transform: %v after %d", err, nSrc)
		}
		src = src[nSrc:]
		if done != nil {
			done()
		}
	}
}

// drain reads r to the end, as a consumer of the text would.
func drain(b *testing.B, r *Reader) {
	for {
		_, err := r.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecode compares, on each input, the bare x/text decoder
// ("xtext"; for UTF-8, utf8.Valid) with the Decoder and its offset map
// under the same chunking ("decoder"), and the Reader over the document in
// memory ("bytes") and over an io.Reader ("reader"). Each drops the map of
// a chunk once past it, as a streaming consumer does.
func BenchmarkDecode(b *testing.B) {
	for _, in := range benchInputs() {
		dst := make([]byte, 4*benchChunk+16)
		b.Run(in.name+"/xtext", func(b *testing.B) {
			if in.cs == UTF8 {
				// UTF-8 is only validated: utf8.Valid is the reference.
				measure(b, len(in.src), func() {
					if !utf8.Valid(in.src) {
						b.Fatal("invalid")
					}
				})
				return
			}
			t := in.cs.enc.NewDecoder()
			measure(b, len(in.src), func() { transformAll(b, t, in.src, dst, nil) })
		})
		b.Run(in.name+"/decoder", func(b *testing.B) {
			d := in.cs.NewDecoder()
			measure(b, len(in.src), func() {
				transformAll(b, d, in.src, dst, func() { d.Map().Discard(d.Map().DecodedEnd()) })
			})
		})
		b.Run(in.name+"/bytes", func(b *testing.B) {
			r := NewReaderBytes(nil, in.cs)
			measure(b, len(in.src), func() {
				r.ResetBytes(in.src)
				drain(b, r)
			})
		})
		b.Run(in.name+"/reader", func(b *testing.B) {
			var br bytes.Reader
			r := NewReader(&br, in.cs)
			measure(b, len(in.src), func() {
				br.Reset(in.src)
				r.Reset(&br)
				drain(b, r)
			})
		})
	}
}

// BenchmarkDecodeSideBySide alternates, within each iteration, the bare
// x/text decoder (utf8.Valid for UTF-8), the Decoder with its map, and the
// Reader over the document in memory, and reports each one's CPU MB/s and
// the pipelines' CPU time as a multiple of the bare decoder's. Alternating
// cancels most of the drift of a machine shared with other work.
func BenchmarkDecodeSideBySide(b *testing.B) {
	for _, in := range benchInputs() {
		dst := make([]byte, 4*benchChunk+16)
		b.Run(in.name, func(b *testing.B) {
			var bare transform.Transformer
			if in.cs != UTF8 {
				bare = in.cs.enc.NewDecoder()
			}
			d := in.cs.NewDecoder()
			r := NewReaderBytes(nil, in.cs)
			var tb, td, tr time.Duration
			b.SetBytes(int64(len(in.src)))
			for b.Loop() {
				t0 := cpuTime()
				if bare == nil {
					if !utf8.Valid(in.src) {
						b.Fatal("invalid")
					}
				} else {
					transformAll(b, bare, in.src, dst, nil)
				}
				t1 := cpuTime()
				transformAll(b, d, in.src, dst, func() { d.Map().Discard(d.Map().DecodedEnd()) })
				t2 := cpuTime()
				r.ResetBytes(in.src)
				drain(b, r)
				t3 := cpuTime()
				tb, td, tr = tb+t1-t0, td+t2-t1, tr+t3-t2
			}
			mbs := func(t time.Duration) float64 { return float64(len(in.src)) * float64(b.N) / t.Seconds() / 1e6 }
			b.ReportMetric(mbs(tb), "bare-MB/s")
			b.ReportMetric(mbs(td), "decoder-MB/s")
			b.ReportMetric(mbs(tr), "reader-MB/s")
			b.ReportMetric(float64(td)/float64(tb), "decoder-x")
			b.ReportMetric(float64(tr)/float64(tb), "reader-x")
		})
	}
}

// BenchmarkSniff guesses the charset of KOI8-R prose (testdata/sniff) from
// prefixes of several lengths.
func BenchmarkSniff(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join("testdata", "sniff", "ru.txt"))
	if err != nil {
		b.Fatal(err)
	}
	src := encodeLossy(b, mustGet("koi8-r"), strings.Repeat(string(raw), 2*SniffLen/len(raw)+1))
	for _, n := range []int{300, 3000, SniffLen} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(n))
			var t0 time.Duration
			start := cpuTime()
			for b.Loop() {
				Sniff(src[:n])
			}
			t0 = cpuTime() - start
			b.ReportMetric(float64(t0.Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}

// BenchmarkISO2022JPDecoders alternates, within each iteration, the x/text
// ISO-2022-JP decoder and the package's, on the same Japanese text, and
// reports each one's CPU MB/s and the package's time as a multiple of
// x/text's.
func BenchmarkISO2022JPDecoders(b *testing.B) {
	var src []byte
	for _, in := range benchInputs() {
		if in.name == "japanese/iso-2022-jp" {
			src = in.src
		}
	}
	dst := make([]byte, 4*benchChunk+16)
	xt := japanese.ISO2022JP.NewDecoder()
	own := new(iso2022JPDecoder)
	var tx, to time.Duration
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		t0 := cpuTime()
		transformAll(b, xt, src, dst, nil)
		t1 := cpuTime()
		transformAll(b, own, src, dst, nil)
		t2 := cpuTime()
		tx, to = tx+t1-t0, to+t2-t1
	}
	mbs := func(t time.Duration) float64 { return float64(len(src)) * float64(b.N) / t.Seconds() / 1e6 }
	b.ReportMetric(mbs(tx), "xtext-MB/s")
	b.ReportMetric(mbs(to), "own-MB/s")
	b.ReportMetric(float64(to)/float64(tx), "own-x")
}
