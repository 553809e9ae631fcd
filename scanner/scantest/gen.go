package scantest

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"unicode"
	"unicode/utf8"
)

// An Input is one generated benchmark document.
type Input struct {
	Name string
	HTML bool
	Data []byte
}

// A Language describes how its prose is generated: words, the separator
// between words, and sentence and clause punctuation.
type Language struct {
	words         []string
	sep           string // between words
	stop, comma   string // end of sentence, clause separator
	colon         string
	openQ, closeQ string
	openP, closeP string
	capitalize    bool
	abbreviations []string // occasional words with dots
}

// The languages of the generated prose.
var (
	English = Language{
		words: strings.Fields(`the of and to in is was that for it with as his on be at by this had not are
			but from or have an they which one you were her all she there would their we him been has when who
			will more no if out so said what up its about into than them can only other new some could time these
			two may then do first any my now such like our over man me even most made after also did many before
			must through back years where much your way well down should because each just those people how too
			little state good very make world still own see men work long get here between both life being under
			never day same another know while last might us great old year off come since against go came right
			used take three network software data language research company society history culture`),
		sep: " ", stop: ".", comma: ",", colon: ":", openQ: "“", closeQ: "”", openP: "(", closeP: ")",
		capitalize: true, abbreviations: []string{"Mr.", "e.g.", "i.e.", "a.m.", "U.S."},
	}
	Japanese = Language{
		words: strings.Fields(`日本語の 文章です これは 東京都 大阪 京都 技術 情報 について 詳細は 以下の 通りです
			私たちは 毎日 新しい ことを 学び 世界を 変える ために 働いています 例えば ソフトウェア 開発者
			データ ネットワーク 検索 エンジン 言語 処理 研究 会社 社会 経済 政治 文化 歴史 午前十時`),
		stop: "。", comma: "、", colon: "：", openQ: "「", closeQ: "」", openP: "（", closeP: "）",
	}
	Chinese = Language{
		words: strings.Fields(`中文 文本 这是 一个 关于 技术 信息 的 例子 我们 每天 学习 新的 知识 为了 改变 世界
			而 努力 工作 例如 软件 开发者 数据 网络 搜索 引擎 语言 处理 研究 公司 社会 经济 政治 文化 历史`),
		stop: "。", comma: "，", colon: "：", openQ: "“", closeQ: "”", openP: "（", closeP: "）",
	}
	Arabic = Language{
		words: strings.Fields(`هذا نص عربي عن التقنية والمعلومات ونحن نتعلم كل يوم شيئا جديدا من أجل تغيير العالم
			البرمجيات المطور البيانات الشبكة البحث المحرك اللغة المعالجة البحث الشركة المجتمع الاقتصاد السياسة الثقافة التاريخ`),
		sep: " ", stop: ".", comma: "،", colon: ":", openQ: "«", closeQ: "»", openP: "(", closeP: ")",
	}
	Russian = Language{
		words: strings.Fields(`это русский текст о технологиях и информации мы каждый день узнаём что-то новое чтобы
			изменить мир программное обеспечение разработчик данные сеть поиск движок язык обработка исследование
			компания общество экономика политика культура история`),
		sep: " ", stop: ".", comma: ",", colon: ":", openQ: "«", closeQ: "»", openP: "(", closeP: ")",
		capitalize: true, abbreviations: []string{"т.е.", "т.д.", "г."},
	}
	// Links are the IRIs put into generated text.
	Links = []string{
		"https://example.com/path/to/page.html", "http://www.example.org/a?b=c&d=e", "https://en.wikipedia.org/wiki/Go_(programming_language)",
		"www.example.net/x", "jane.doe@example.com", "https://例え.テスト/パス", "<http://example.com/wrapped>",
		"https://ru.wikipedia.org/wiki/Москва", "http://пример.рф/путь", "https://ar.wikipedia.org/wiki/مصر",
		"https://zh.wikipedia.org/wiki/北京",
	}
	// SchemeLinks are the Links that a finder which wants a scheme (or an
	// e-mail address) and an ASCII top-level domain finds too, as Rust
	// linkify's defaults do: all but "www.example.net/x" and the two hosts
	// under .テスト and .рф. Prose made with them measures two finders on
	// the same links.
	SchemeLinks = []string{
		"https://example.com/path/to/page.html", "http://www.example.org/a?b=c&d=e", "https://en.wikipedia.org/wiki/Go_(programming_language)",
		"jane.doe@example.com", "<http://example.com/wrapped>",
		"https://ru.wikipedia.org/wiki/Москва", "https://ar.wikipedia.org/wiki/مصر",
		"https://zh.wikipedia.org/wiki/北京",
	}
)

// Prose generates about n bytes of sentences of 6 to 24 words in lang:
// commas, an occasional colon, quotation or parenthesis, abbreviations, a
// paragraph break every few sentences, and one of links about every
// linkEvery bytes (put where a word would be, so that sentence punctuation
// may follow it). The same seed gives the same text.
func Prose(n, linkEvery int, lang *Language, seed int64) []byte {
	return ProseWith(Links, n, linkEvery, lang, seed)
}

// ProseWith is Prose with its links drawn from links instead of Links.
func ProseWith(links []string, n, linkEvery int, lang *Language, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	var b bytes.Buffer
	next := linkEvery
	for b.Len() < n {
		words := 6 + rng.Intn(19)
		for i := 0; i < words; i++ {
			if i > 0 {
				b.WriteString(lang.sep)
			}
			var w string
			switch {
			case b.Len() >= next:
				w = links[rng.Intn(len(links))]
				next += linkEvery
				if lang.sep == "" {
					w = " " + w + " "
				}
			case len(lang.abbreviations) > 0 && rng.Intn(150) == 0:
				w = lang.abbreviations[rng.Intn(len(lang.abbreviations))]
			default:
				w = lang.words[rng.Intn(len(lang.words))]
				if i == 0 && lang.capitalize {
					r, size := utf8.DecodeRuneInString(w)
					w = string(unicode.ToUpper(r)) + w[size:]
				}
			}
			switch k := rng.Intn(100); {
			case k < 2:
				w = lang.openQ + w + lang.closeQ
			case k < 3:
				w = lang.openP + w + lang.closeP
			}
			b.WriteString(w)
			if i < words-1 {
				switch k := rng.Intn(100); {
				case k < 8:
					b.WriteString(lang.comma)
				case k < 9 && rng.Intn(4) == 0:
					b.WriteString(lang.colon)
				}
			}
		}
		b.WriteString(lang.stop)
		if rng.Intn(6) == 0 {
			b.WriteString("\n\n")
		} else {
			b.WriteString(lang.sep)
		}
	}
	return b.Bytes()
}

// Page generates about n bytes of HTML: posts with a heading link, a
// paragraph of English prose (its bare IRIs one per ~2 KB of text, as in the
// prose inputs) with an inline link, sometimes an image with srcset and a
// script, and a code block.
func Page(n int, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	paras := bytes.Split(Prose(n, 2048, &English, seed), []byte("\n\n"))
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=utf-8><title>Bench page</title>\n")
	b.WriteString(`<link rel="stylesheet" href="/css/site.css"><script src="/js/app.js"></script></head><body>` + "\n")
	for i := 0; b.Len() < n; i++ {
		p := paras[i%len(paras)]
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

// Inputs returns the benchmark documents of about size bytes each: prose in
// five languages with one IRI per ~2 KB, link-dense text, and HTML pages.
func Inputs(size int) []Input {
	return []Input{
		{Name: "English prose", Data: Prose(size, 2048, &English, 1)},
		{Name: "Japanese prose", Data: Prose(size, 2048, &Japanese, 2)},
		{Name: "Chinese prose", Data: Prose(size, 2048, &Chinese, 3)},
		{Name: "Arabic prose", Data: Prose(size, 2048, &Arabic, 4)},
		{Name: "Russian prose", Data: Prose(size, 2048, &Russian, 5)},
		{Name: "link-dense", Data: Prose(size, 1, &English, 6)},
		{Name: "HTML pages", HTML: true, Data: Page(size, 7)},
	}
}
