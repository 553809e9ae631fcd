package scanner

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"
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

// htmlPage generates about n bytes of HTML shaped like bench/gen.go's pages:
// posts with a heading link, a paragraph of English prose (a bare IRI per
// ~2 KB) with an inline link, sometimes an image with srcset and a script,
// and a code block.
func htmlPage(n int, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	text := prose(n, 2048, englishWords, benchLinks, " ", seed)
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=utf-8><title>Bench page</title>\n")
	b.WriteString(`<link rel="stylesheet" href="/css/site.css"><script src="/js/app.js"></script></head><body>` + "\n")
	for i := 0; b.Len() < n; i++ {
		size := 200 + rng.Intn(1200)
		if len(text) < size {
			text = prose(n, 2048, englishWords, benchLinks, " ", seed+int64(i))
		}
		p := bytes.ReplaceAll(text[:size], []byte("<"), []byte("&lt;"))
		text = text[size:]
		fmt.Fprintf(&b, `<div class="post" id="p%d"><h2><a href="/posts/%d?ref=home&amp;page=2">Post %d</a></h2>`+"\n", i, i, i)
		b.WriteString("<p>")
		if k := bytes.IndexByte(p, '.'); k > 0 {
			b.Write(p[:k])
			fmt.Fprintf(&b, ` (<a href="https://example.org/ref/%d" title="reference %d">see the reference</a>)`, i, i)
			p = p[k:]
		}
		b.Write(p)
		b.WriteString("</p>\n")
		if rng.Intn(3) == 0 {
			fmt.Fprintf(&b, `<img src="/img/%d.jpg" srcset="/img/%d.jpg 1x, /img/%d@2x.jpg 2x" alt="picture %d">`+"\n", i, i, i, i)
		}
		if rng.Intn(5) == 0 {
			b.WriteString("<script>var u = 'http://in.script.example/x'; function f(a, b) { return a < b && b > 0; }</script>\n")
		}
		b.WriteString("<pre><code>go get golang.org/x/net/html</code></pre></div>\n")
	}
	b.WriteString("</body></html>\n")
	return b.Bytes()
}

// BenchmarkHTML compares HTMLScanner with x/net/html's own tokenize-and-Raw
// pass over the same page (the target: at most 1.5× its time).
func BenchmarkHTML(b *testing.B) {
	page := htmlPage(4<<20, 7)
	b.Run("Raw", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		b.ReportAllocs()
		r := bytes.NewReader(page)
		for b.Loop() {
			r.Reset(page)
			z := xhtml.NewTokenizer(r)
			for z.Next() != xhtml.ErrorToken {
				_ = z.Raw()
			}
		}
	})
	b.Run("Scanner", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		b.ReportAllocs()
		r := bytes.NewReader(page)
		for b.Loop() {
			r.Reset(page)
			s := NewHTMLScanner(r, nil)
			for s.Scan() {
			}
		}
	})
}
