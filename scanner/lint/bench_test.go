package lint

import (
	"strings"
	"testing"

	"github.com/iriscan/iriscan/charset"
)

// benchHTML is HTML with a link or two a line, some of them spoofy.
var benchHTML = []byte(strings.Repeat(`<p>Reading list 読書リスト <a href="http://例え.テスト/資料?q=東京">資料</a> and https://example.com/a/b?c=d </p>
<p>plain words here <b>bold</b> text without links at all</p>
<a href="https://www.paypal.com/x">https://www.paypal.com/</a> <img src="data:image/png;base64,AAAA">
<p>café crème 😀 www.пример.рф/ü and https://аpple.com/</p>
`, 500))

func BenchmarkLintHTML(b *testing.B) {
	b.SetBytes(int64(len(benchHTML)))
	b.ReportAllocs()
	for b.Loop() {
		l := New(charset.NewReaderBytes(benchHTML, charset.UTF8), &Options{HTML: true})
		for l.Scan() {
		}
	}
}
