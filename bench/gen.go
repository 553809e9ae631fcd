package main

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
)

// An input is one generated benchmark document.
type input struct {
	name string
	html bool
	data []byte
}

var (
	englishWords = strings.Fields(`the of and to in is was that for it with as his on be at by this had not are
		but from or have an they which one you were her all she there would their we him been has when who
		will more no if out so said what up its about into than them can only other new some could time these
		two may then do first any my now such like our over man me even most made after also did many before
		must through back years where much your way well down should because each just those people how too
		little state good very make world still own see men work long get here between both life being under
		never day same another know while last might us great old year off come since against go came right
		used take three. world, however; example: (note) "quoted" it's Mr. Smith e.g. i.e. 10:30 a.m.`)
	japaneseWords = strings.Fields(`日本語の 文章です。 これは 東京都 大阪 京都 技術 情報 について、 詳細は 以下の 通りです。
		私たちは 毎日 新しい ことを 学び、 世界を 変える ために 働いています。 「重要」 （注） 例えば ソフトウェア 開発者
		データ ネットワーク 検索 エンジン 言語 処理 研究 会社 社会 経済 政治 文化 歴史 午前10時30分`)
	chineseWords = strings.Fields(`中文 文本 这是 一个 关于 技术 信息 的 例子。 我们 每天 学习 新的 知识， 为了 改变 世界
		而 努力 工作。 「重要」 （注） 例如 软件 开发者 数据 网络 搜索 引擎 语言 处理 研究 公司 社会 经济 政治 文化 历史`)
	arabicWords = strings.Fields(`هذا نص عربي عن التقنية والمعلومات، ونحن نتعلم كل يوم شيئا جديدا من أجل تغيير العالم.
		البرمجيات المطور البيانات الشبكة البحث المحرك اللغة المعالجة البحث الشركة المجتمع الاقتصاد السياسة الثقافة التاريخ؟`)
	russianWords = strings.Fields(`это русский текст о технологиях и информации, мы каждый день узнаём что-то новое, чтобы
		изменить мир. программное обеспечение разработчик данные сеть поиск движок язык обработка исследование
		компания общество экономика политика культура история «важно» (примечание) например: 10:30.`)
	links = []string{
		"https://example.com/path/to/page.html", "http://www.example.org/a?b=c&d=e.", "(see https://en.wikipedia.org/wiki/Go_(programming_language))",
		"www.example.net/x", "jane.doe@example.com", "https://例え.テスト/パス", "<http://example.com/wrapped>",
		"https://ru.wikipedia.org/wiki/Москва,", "http://пример.рф/путь", "https://ar.wikipedia.org/wiki/مصر.",
		"https://zh.wikipedia.org/wiki/北京。",
	}
)

// prose generates about n bytes of words separated by sep, with one of
// links about every linkEvery bytes.
func prose(n, linkEvery int, words []string, sep string, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	var b bytes.Buffer
	next := linkEvery
	for b.Len() < n {
		if b.Len() >= next {
			b.WriteString(links[rng.Intn(len(links))])
			b.WriteString(" ")
			next += linkEvery
		}
		b.WriteString(words[rng.Intn(len(words))])
		b.WriteString(sep)
		if rng.Intn(40) == 0 {
			b.WriteString("\n\n")
		}
	}
	return b.Bytes()
}

// page generates about n bytes of HTML: paragraphs of prose with links in
// attributes and text, images with srcset, scripts and styles.
func page(n int, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html>\n<html><head><meta charset=utf-8><title>Bench page</title>\n")
	b.WriteString(`<link rel="stylesheet" href="/css/site.css"><script src="/js/app.js"></script></head><body>` + "\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, `<div class="post" id="p%d"><h2><a href="/posts/%d?ref=home&amp;page=2">Post %d</a></h2>`+"\n", i, i, i)
		b.WriteString("<p>")
		b.Write(prose(1500, 700, englishWords, " ", seed+int64(i)))
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

// inputs returns the benchmark documents.
func inputs(size int) []input {
	return []input{
		{name: "English prose", data: prose(size, 2048, englishWords, " ", 1)},
		{name: "Japanese prose", data: prose(size, 2048, japaneseWords, "", 2)},
		{name: "Chinese prose", data: prose(size, 2048, chineseWords, "", 3)},
		{name: "Arabic prose", data: prose(size, 2048, arabicWords, " ", 4)},
		{name: "Russian prose", data: prose(size, 2048, russianWords, " ", 5)},
		{name: "link-dense", data: prose(size, 1, englishWords, " ", 6)},
		{name: "HTML pages", html: true, data: page(size, 7)},
	}
}
