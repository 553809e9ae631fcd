package scanner

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
)

// prose generates about n bytes of text from words, with one of links about
// every linkEvery bytes.
func prose(n, linkEvery int, words, links []string, sep string, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	var b bytes.Buffer
	next := linkEvery
	for b.Len() < n {
		if b.Len() >= next {
			b.WriteString(links[rng.Intn(len(links))])
			b.WriteString(sep)
			next += linkEvery
		}
		b.WriteString(words[rng.Intn(len(words))])
		b.WriteString(sep)
	}
	return b.Bytes()
}

var englishWords = strings.Fields(`the of and to in is was that for it with as his on be at by I this had
	not are but from or have an they which one you were her all she there would their we him been has
	when who will more no if out so said what up its about into than them can only other new some could
	time these two may then do first any my now such like our over man me even most made after also did
	many before must through back years where much your way well down should because each just those
	people Mr. how too little state good very make world still own see men work long get here between
	both life being under never day same another know while last might us great old year off come since
	against go came right used take three. world, however; example: (note) "quoted" it's e.g. i.e.`)

var japaneseWords = strings.Fields(`日本語の 文章です。 これは 東京都 大阪 京都 技術 情報 について、 詳細は
	以下の 通りです。 私たちは 毎日 新しい ことを 学び、 世界を 変える ために 働いています。 「重要」 （注） 例えば
	ソフトウェア 開発者 データ ネットワーク 検索 エンジン 言語 処理 研究 会社 社会 経済 政治 文化 歴史`)

var benchLinks = []string{
	"https://example.com/path/to/page.html", "http://www.example.org/a?b=c&d=e.", "(see https://en.wikipedia.org/wiki/Go_(programming_language))",
	"www.example.net/x", "jane.doe@example.com", "https://例え.テスト/パス", "<http://example.com/wrapped>",
}

func benchScan(b *testing.B, text []byte, o *Options) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	r := bytes.NewReader(text)
	for b.Loop() {
		r.Reset(text)
		s := NewScanner(r, o)
		for s.Scan() {
		}
	}
}

func BenchmarkEnglishProse(b *testing.B) {
	benchScan(b, prose(4<<20, 2048, englishWords, benchLinks, " ", 1), nil)
}

func BenchmarkJapaneseProse(b *testing.B) {
	benchScan(b, prose(4<<20, 2048, japaneseWords, benchLinks, "", 2), nil)
}

func BenchmarkEnglishProseFuzzy(b *testing.B) {
	benchScan(b, prose(4<<20, 2048, englishWords, benchLinks, " ", 1), &Options{Fuzzy: true})
}

func BenchmarkLinkDense(b *testing.B) {
	benchScan(b, prose(4<<20, 1, englishWords, benchLinks, " ", 3), nil)
}

// BenchmarkIndexByte is the scale: one SIMD pass for a byte that is absent.
func BenchmarkIndexByte(b *testing.B) {
	text := prose(4<<20, 1<<30, englishWords, benchLinks, " ", 1)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if bytes.IndexByte(text, 0) >= 0 {
			b.Fatal("unexpected NUL")
		}
	}
}
