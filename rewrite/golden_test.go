package rewrite

import (
	"bytes"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"

	"github.com/iriscan/iriscan/charset"
)

// The golden files in testdata/golden are made from the table below, never
// from the program's output: -update writes the inputs (*.in), and
// -update-want writes the expected outputs (*.want) from the hand-written
// expectations of the table. TestGolden checks that the files on disk are
// what the table says, then that Rewrite turns each input into its
// expected output.
var (
	update     = flag.Bool("update", false, "write the golden inputs testdata/golden/*.in from the table")
	updateWant = flag.Bool("update-want", false, "write the golden expected outputs testdata/golden/*.want from the hand-written table (never from the program's output)")
)

// A goldenDoc is one document in one charset. Its text is written in UTF-8
// with slots {1}, {2}… for the IRIs; each mode's expected output is the
// same text with the slots filled by that mode's forms, derived by hand
// from draft-duerst-iri-bis-07. In Link mode of a plain text document
// the text around the slots is escaped for HTML ("&", "<", ">").
//
// In the text, ⟦hex⟧ stands for raw bytes put into the encoded document
// as they are (an invalid sequence, say), and ⟦⟧ ends a piece: the pieces
// are encoded one by one, so that a stateful charset (ISO-2022-JP) returns
// to ASCII at the end of each, as a replacement does.
type goldenDoc struct {
	name   string
	format Format
	cs     string // charset label
	opts   func(*Options)
	text   string
	slots  []string          // the slots as they are in the input
	want   map[Form][]string // per mode the slots in the output

	// fails are the IRIs that URI cannot convert (left as they were).
	// In running text the scanner takes only hosts that pass IDNA, so a
	// bad host there is no match at all (the text documents check that it
	// is left alone); in an attribute value it is a match that fails.
	fails []string

	invalid int64 // invalid byte sequences in the input
}

// The IRIs of the documents and their forms, by hand:
//
//	例え.テスト  → xn--r8jz45g.xn--zckzah (IDNA ToASCII, RFC 3492 examples)
//	例え.jp      → xn--r8jz45g.jp
//	münchen.de  → xn--mnchen-3ya.de
//	bücher.de   → xn--bcher-kva.de
//	資料 = U+8CC7 U+6599 → UTF-8 E8 B3 87 E6 96 99
//	東京 = U+6771 U+4EAC → UTF-8 E6 9D B1 E4 BA AC; Shift_JIS 93 8C 8B 9E;
//	                      ISO-2022-JP ESC $ B 45 6C 35 7E ESC ( B
//	節 = U+7BC0 → E7 AF 80; 画像 = U+753B U+50CF → E7 94 BB E5 83 8F
//	北京 → GB18030 B1 B1 BE A9;  ü = U+00FC → C3 BC, windows-1252 FC
//	ß = U+00DF → C3 9F;  مصر = U+0645 U+0635 U+0631 → D9 85 D8 B5 D8 B1
//	日 = U+65E5 → E6 97 A5
//
// Section 3.5: the query of an http(s) IRI in a non-UCS document is encoded
// in the document's charset, every byte but unreserved ASCII
// percent-encoded. In the text of a document, a character the charset
// lacks is percent-encoded UTF-8; in HTML it is a numeric character
// reference (Section 6.3).
const (
	iriJa    = "http://例え.テスト/資料?q=東京#節"
	uriJaU8  = "http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC#%E7%AF%80"
	uriJaSJ  = "http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%93%8C%8B%9E#%E7%AF%80"
	iriAr    = "https://ar.wikipedia.org/wiki/مصر"
	uriAr    = "https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1"
	dispAr   = "\u2066" + iriAr + "\u2069" // BidiIsolate: LRI … PDI
	lrm      = "\u200e"
	linkAr   = "https" + lrm + ":" + lrm + lrm + "/" + lrm + lrm + "/" + lrm + "ar.wikipedia.org" + lrm + "/" + lrm + "wiki" + lrm + "/" + lrm + "مصر"
	iriMu    = "https://münchen.de/straße?x=ü"
	uriMuU8  = "https://xn--mnchen-3ya.de/stra%C3%9Fe?x=%C3%BC"
	uriMu125 = "https://xn--mnchen-3ya.de/stra%C3%9Fe?x=%FC"
	uriDu    = "http://www.example.org/D%C3%BCrst"
	iriDu    = "http://www.example.org/Dürst"
	badJa    = "http://例え-.jp/" // a label ending in a hyphen fails IDNA
	badDe    = "http://bü-.de/"
)

// a is a link as Link writes it: every link gets dir="ltr" (Section 4.1;
// see TestBrowserBidiLinks for why even a left-to-right IRI needs it).
func a(href, text string) string { return `<a href="` + href + `" dir="ltr">` + text + `</a>` }

// The plain text of the UCS documents (UTF-8, UTF-16LE, UTF-16BE), after
// an invalid sequence.
const ucsText = "Doc: {1} & a<b; ({2}) mail {3}.\nOld: {4}, {5}\nArabic: {6} end\nBad: {7} stays.\n"

var ucsSlots = []string{iriJa, "www.例え.jp", "info@例え.jp", uriDu, iriMu, iriAr, badJa}

var ucsTextWant = map[Form][]string{
	URI:     {uriJaU8, "www.xn--r8jz45g.jp", "info@xn--r8jz45g.jp", uriDu, uriMuU8, uriAr, badJa},
	IRI:     {iriJa, "www.例え.jp", "info@例え.jp", iriDu, iriMu, iriAr, badJa},
	Display: {iriJa, "www.例え.jp", "info@例え.jp", iriDu, iriMu, dispAr, badJa},
	Link: {a(uriJaU8, iriJa), a("https://www.xn--r8jz45g.jp", "www.例え.jp"), a("mailto:info@xn--r8jz45g.jp", "info@例え.jp"),
		a(uriDu, iriDu), a(uriMuU8, iriMu), a(uriAr, linkAr), badJa},
}

// The HTML of the UCS documents. Attribute values in double quotes, single
// quotes and unquoted; "&amp;" in queries; a value written with character
// references that needs no change (kept as it is); text nodes (rewritten only
// with TextNodes or Link) and a <code> element (never).
const ucsHTML = "<!DOCTYPE html>\n<p class=\"x\"><a href=\"{1}\">例え</a> <a href='{2}'>m</a> <img src={3} alt=x>\n" +
	"<a href=\"{4}\">d</a> <a href=\"http&#x3A;&#x2F;&#x2F;www.example.org&#x2F;a\">keep</a>\n" +
	"<a href=\"{5}\">bad</a> <a href=\"{6}\">ar</a>\n" +
	"Text: {7} &amp; {8}, <code>http://例え.jp/コード</code></p>\n"

var ucsHTMLSlots = []string{"http://例え.テスト/資料?q=東京&amp;x=1#節", "https://münchen.de/?a=1&amp;b=ü", "http://例え.jp/画像.png?a=b",
	uriDu, badJa, iriAr, "http://例え.jp/資料?a=1&amp;b=2", "www.例え.jp"}

// htmlKeepText is ucsHTMLSlots[6:]: text nodes as they are.
var htmlKeepText = ucsHTMLSlots[6:]

var ucsHTMLWant = map[Form][]string{
	URI: append([]string{"http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC&amp;x=1#%E7%AF%80",
		"https://xn--mnchen-3ya.de/?a=1&amp;b=%C3%BC",
		// Unquoted: "=" would be a parse error there, so it is a reference.
		"http://xn--r8jz45g.jp/%E7%94%BB%E5%83%8F.png?a&#61;b",
		uriDu, badJa, uriAr}, htmlKeepText...),
	IRI: append(slices.Clone(ucsHTMLSlots[:3]), append([]string{iriDu, badJa, iriAr}, htmlKeepText...)...),
	// Display in an attribute value: no bidi marks (they would be part of the URL).
	Display: append(slices.Clone(ucsHTMLSlots[:3]), append([]string{iriDu, badJa, iriAr}, htmlKeepText...)...),
	Link: append(slices.Clone(ucsHTMLSlots[:6]),
		a("http://xn--r8jz45g.jp/%E8%B3%87%E6%96%99?a=1&amp;b=2", "http://例え.jp/資料?a=1&amp;b=2"),
		a("https://www.xn--r8jz45g.jp", "www.例え.jp")),
}

func ucsDocs(cs string) []goldenDoc {
	invalid := map[string]string{"utf-8": "⟦FF⟧", "utf-16le": "⟦00D8⟧", "utf-16be": "⟦D800⟧"}[cs] // 0xFF, a lone surrogate
	// UTF-8 is not decoded, so its invalid bytes are not counted (see
	// Result.Invalid); they are copied all the same.
	counted := map[string]int64{"utf-8": 0}[cs]
	if cs != "utf-8" {
		counted = 1
	}
	return []goldenDoc{
		{name: "text", format: Text, cs: cs, text: invalid + ucsText, slots: ucsSlots, want: ucsTextWant, invalid: counted},
		{name: "html", format: HTML, cs: cs, text: ucsHTML, slots: ucsHTMLSlots, want: ucsHTMLWant, fails: []string{badJa}},
	}
}

var goldenDocs = slices.Concat(
	ucsDocs("utf-8"),
	[]goldenDoc{{
		// TextNodes: the IRIs of text nodes are rewritten too, outside <code>.
		name: "html-textnodes", format: HTML, cs: "utf-8", opts: func(o *Options) { o.TextNodes = true },
		text: ucsHTML, slots: ucsHTMLSlots, fails: []string{badJa},
		want: map[Form][]string{
			URI: append(slices.Clone(ucsHTMLWant[URI][:6]), "http://xn--r8jz45g.jp/%E8%B3%87%E6%96%99?a=1&amp;b=2", "www.xn--r8jz45g.jp"),
		},
	}},
	ucsDocs("utf-16le"),
	ucsDocs("utf-16be"),
	[]goldenDoc{
		{
			name: "text", format: Text, cs: "shift_jis", invalid: 1,
			text:  "資料は {1} にあります & a<b。\n({2}) と {3} です。\n旧: {4}\nアラビア語: {5} 終⟦FF⟧\n不正: {6} です\n",
			slots: []string{iriJa, "www.例え.jp", "info@例え.jp", uriDu, "http://example.com/%D9%85%D8%B5%D8%B1", badJa},
			want: map[Form][]string{
				URI: {uriJaSJ, "www.xn--r8jz45g.jp", "info@xn--r8jz45g.jp", uriDu, "http://example.com/%D9%85%D8%B5%D8%B1", badJa},
				// ü and مصر are not in Shift_JIS: percent-encoded UTF-8 in
				// text, which is what the document has (no edit).
				IRI: {iriJa, "www.例え.jp", "info@例え.jp", uriDu, "http://example.com/%D9%85%D8%B5%D8%B1", badJa},
				// The bidi marks are not in Shift_JIS: left out.
				Display: {iriJa, "www.例え.jp", "info@例え.jp", uriDu, "http://example.com/%D9%85%D8%B5%D8%B1", badJa},
				// A link is HTML: characters Shift_JIS lacks are references.
				Link: {a(uriJaSJ, iriJa), a("https://www.xn--r8jz45g.jp", "www.例え.jp"), a("mailto:info@xn--r8jz45g.jp", "info@例え.jp"),
					a(uriDu, "http://www.example.org/D&#xFC;rst"),
					a("http://example.com/%D9%85%D8%B5%D8%B1", "http&#x200E;:&#x200E;&#x200E;/&#x200E;&#x200E;/&#x200E;example.com&#x200E;/&#x200E;&#x645;&#x635;&#x631;"),
					badJa},
			},
		},
		{
			name: "html", format: HTML, cs: "shift_jis", fails: []string{badJa},
			text: "<meta charset=\"shift_jis\">\n<p><a href=\"{1}\">資料</a> <a href='{2}'>x</a> <img src={3} alt=x>\n" +
				"<a href=\"{4}\">d</a> <a href=\"http&#x3A;&#x2F;&#x2F;www.example.org&#x2F;a\">keep</a>\n<a href=\"{5}\">bad</a>\n本文: {6} と {7}</p>\n",
			slots: []string{"http://例え.テスト/資料?q=東京&amp;x=1#節", "http://example.com/%D9%85%D8%B5%D8%B1", "http://例え.jp/画像.png", uriDu, badJa,
				"http://例え.jp/資料", "www.例え.jp"},
			want: map[Form][]string{
				URI: {"http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%93%8C%8B%9E&amp;x=1#%E7%AF%80", "http://example.com/%D9%85%D8%B5%D8%B1",
					"http://xn--r8jz45g.jp/%E7%94%BB%E5%83%8F.png", uriDu, badJa, "http://例え.jp/資料", "www.例え.jp"},
				// The Arabic IRI of the --to iri example: references in HTML.
				IRI: {"http://例え.テスト/資料?q=東京&amp;x=1#節", "http://example.com/&#x645;&#x635;&#x631;", "http://例え.jp/画像.png",
					"http://www.example.org/D&#xFC;rst", badJa, "http://例え.jp/資料", "www.例え.jp"},
				Display: {"http://例え.テスト/資料?q=東京&amp;x=1#節", "http://example.com/&#x645;&#x635;&#x631;", "http://例え.jp/画像.png",
					"http://www.example.org/D&#xFC;rst", badJa, "http://例え.jp/資料", "www.例え.jp"},
				Link: {"http://例え.テスト/資料?q=東京&amp;x=1#節", "http://example.com/%D9%85%D8%B5%D8%B1", "http://例え.jp/画像.png", uriDu, badJa,
					a("http://xn--r8jz45g.jp/%E8%B3%87%E6%96%99", "http://例え.jp/資料"), a("https://www.xn--r8jz45g.jp", "www.例え.jp")},
			},
		},
		{
			// ISO-2022-JP: an IRI right after Japanese text, one in corner
			// brackets (the text after it is in JIS X 0208: a replacement
			// that ends in ASCII is followed by ESC $ B again, ⟦⟧).
			name: "text", format: Text, cs: "iso-2022-jp",
			text:  "資料は{1} にあります & a<b。\n「{2}」です。\n不正:{3} です\n",
			slots: []string{"http://例え.テスト/資料?q=東京", "http://xn--r8jz45g.jp/%E8%B3%87", badJa},
			want: map[Form][]string{
				URI:     {"http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%1B%24BEl5~%1B%28B", "http://xn--r8jz45g.jp/%E8%B3%87", badJa},
				IRI:     {"http://例え.テスト/資料?q=東京", "⟦⟧http://例え.jp/資⟦⟧", badJa},
				Display: {"http://例え.テスト/資料?q=東京", "⟦⟧http://例え.jp/資⟦⟧", badJa},
				Link: {a("http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%1B%24BEl5~%1B%28B", "http://例え.テスト/資料?q=東京"),
					a("http://xn--r8jz45g.jp/%E8%B3%87", "http://例え.jp/資"), badJa},
			},
		},
		{
			name: "html", format: HTML, cs: "iso-2022-jp",
			text:  "<p><a href=\"{1}\">資料</a>\n本文「{2}」です</p>\n",
			slots: []string{"http://例え.テスト/資料?q=東京", "http://xn--r8jz45g.jp/%E8%B3%87"},
			want: map[Form][]string{
				URI:     {"http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%1B%24BEl5~%1B%28B", "http://xn--r8jz45g.jp/%E8%B3%87"},
				IRI:     {"http://例え.テスト/資料?q=東京", "http://xn--r8jz45g.jp/%E8%B3%87"},
				Display: {"http://例え.テスト/資料?q=東京", "http://xn--r8jz45g.jp/%E8%B3%87"},
				Link:    {"http://例え.テスト/資料?q=東京", a("http://xn--r8jz45g.jp/%E8%B3%87", "http://例え.jp/資")},
			},
		},
		{
			// GB18030 represents every character: the query is in GB18030,
			// the display form keeps its isolates, a link its marks.
			name: "text", format: Text, cs: "gb18030", invalid: 1,
			text:  "资料 {1} 和 {2}、{3} 。\n旧: {4} & a<b\n阿拉伯语 {5} 结束⟦FF⟧\n错误 {6} 。\n",
			slots: []string{"http://例え.テスト/资料?q=北京#节", "www.例え.jp", "info@例え.jp", uriDu, iriAr, badJa},
			want: map[Form][]string{
				URI:     {"http://xn--r8jz45g.xn--zckzah/%E8%B5%84%E6%96%99?q=%B1%B1%BE%A9#%E8%8A%82", "www.xn--r8jz45g.jp", "info@xn--r8jz45g.jp", uriDu, uriAr, badJa},
				IRI:     {"http://例え.テスト/资料?q=北京#节", "www.例え.jp", "info@例え.jp", iriDu, iriAr, badJa},
				Display: {"http://例え.テスト/资料?q=北京#节", "www.例え.jp", "info@例え.jp", iriDu, dispAr, badJa},
				Link: {a("http://xn--r8jz45g.xn--zckzah/%E8%B5%84%E6%96%99?q=%B1%B1%BE%A9#%E8%8A%82", "http://例え.テスト/资料?q=北京#节"),
					a("https://www.xn--r8jz45g.jp", "www.例え.jp"), a("mailto:info@xn--r8jz45g.jp", "info@例え.jp"), a(uriDu, iriDu), a(uriAr, linkAr), badJa},
			},
		},
		{
			name: "html", format: HTML, cs: "gb18030", fails: []string{badJa},
			text:  "<p><a href=\"{1}\">资料</a> <a href='{2}'>d</a> <img src={3} alt=x> <a href=\"{4}\">bad</a>\n正文 {5}</p>\n",
			slots: []string{"http://例え.テスト/资料?q=北京&amp;x=1", uriDu, "http://example.com/%D9%85%D8%B5%D8%B1", badJa, "http://例え.jp/资料"},
			want: map[Form][]string{
				URI:     {"http://xn--r8jz45g.xn--zckzah/%E8%B5%84%E6%96%99?q=%B1%B1%BE%A9&amp;x=1", uriDu, "http://example.com/%D9%85%D8%B5%D8%B1", badJa, "http://例え.jp/资料"},
				IRI:     {"http://例え.テスト/资料?q=北京&amp;x=1", iriDu, "http://example.com/مصر", badJa, "http://例え.jp/资料"},
				Display: {"http://例え.テスト/资料?q=北京&amp;x=1", iriDu, "http://example.com/مصر", badJa, "http://例え.jp/资料"},
				Link:    {"http://例え.テスト/资料?q=北京&amp;x=1", uriDu, "http://example.com/%D9%85%D8%B5%D8%B1", badJa, a("http://xn--r8jz45g.jp/%E8%B5%84%E6%96%99", "http://例え.jp/资料")},
			},
		},
		{
			name: "text", format: Text, cs: "windows-1252",
			text:  "Café: {1} & a<b\n({2}) and {3} here.\nOld: {4}, {5}\nBad: {6} stays.\n",
			slots: []string{iriMu, "www.bücher.de", "info@bücher.de", uriDu, "http://example.com/%E6%97%A5", badDe},
			want: map[Form][]string{
				URI:     {uriMu125, "www.xn--bcher-kva.de", "info@xn--bcher-kva.de", uriDu, "http://example.com/%E6%97%A5", badDe},
				IRI:     {iriMu, "www.bücher.de", "info@bücher.de", iriDu, "http://example.com/%E6%97%A5", badDe},
				Display: {iriMu, "www.bücher.de", "info@bücher.de", iriDu, "http://example.com/%E6%97%A5", badDe},
				Link: {a(uriMu125, iriMu), a("https://www.xn--bcher-kva.de", "www.bücher.de"), a("mailto:info@xn--bcher-kva.de", "info@bücher.de"),
					a(uriDu, iriDu), a("http://example.com/%E6%97%A5", "http://example.com/&#x65E5;"), badDe},
			},
		},
		{
			name: "html", format: HTML, cs: "windows-1252", fails: []string{badDe},
			text: "<p><a href=\"{1}\">m</a> <a href='{2}'>d</a> <img src={3} alt=x>\n" +
				"<a href=\"http&#x3A;&#x2F;&#x2F;www.example.org&#x2F;a\">keep</a> <a href=\"{4}\">bad</a>\nCafé: {5} &amp; {6}</p>\n",
			slots: []string{"https://münchen.de/straße?x=ü&amp;y=1", uriDu, "http://example.com/%E6%97%A5", badDe, "https://münchen.de/", "www.bücher.de"},
			want: map[Form][]string{
				URI:     {"https://xn--mnchen-3ya.de/stra%C3%9Fe?x=%FC&amp;y=1", uriDu, "http://example.com/%E6%97%A5", badDe, "https://münchen.de/", "www.bücher.de"},
				IRI:     {"https://münchen.de/straße?x=ü&amp;y=1", iriDu, "http://example.com/&#x65E5;", badDe, "https://münchen.de/", "www.bücher.de"},
				Display: {"https://münchen.de/straße?x=ü&amp;y=1", iriDu, "http://example.com/&#x65E5;", badDe, "https://münchen.de/", "www.bücher.de"},
				Link: {"https://münchen.de/straße?x=ü&amp;y=1", uriDu, "http://example.com/%E6%97%A5", badDe,
					a("https://xn--mnchen-3ya.de/", "https://münchen.de/"), a("https://www.xn--bcher-kva.de", "www.bücher.de")},
			},
		},
	},
)

// xEncoding returns the x/text encoding of a charset label, to make the
// golden files independently of the charset package, and the byte order
// mark the documents start with.
func xEncoding(t testing.TB, label string) (encoding.Encoding, []byte) {
	switch label {
	case "utf-8":
		return encoding.Nop, nil
	case "utf-16le":
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), []byte{0xFF, 0xFE}
	case "utf-16be":
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), []byte{0xFE, 0xFF}
	case "shift_jis":
		return japanese.ShiftJIS, nil
	case "iso-2022-jp":
		return japanese.ISO2022JP, nil
	case "gb18030":
		return simplifiedchinese.GB18030, nil
	case "windows-1252":
		return charmap.Windows1252, nil
	}
	t.Fatalf("no encoding for %q", label)
	return nil, nil
}

// encodeDoc encodes s, written as a goldenDoc's text, in the charset label:
// byte order mark, pieces encoded one by one, ⟦hex⟧ raw bytes.
func encodeDoc(t testing.TB, label, s string) []byte {
	e, bom := xEncoding(t, label)
	out := slices.Clone(bom)
	for s != "" {
		i := strings.Index(s, "⟦")
		piece := s
		if i >= 0 {
			piece = s[:i]
		}
		if piece != "" {
			b, err := e.NewEncoder().String(piece)
			if err != nil {
				t.Fatalf("%s: cannot encode %q: %v", label, piece, err)
			}
			out = append(out, b...)
		}
		if i < 0 {
			break
		}
		s = s[i+len("⟦"):]
		j := strings.Index(s, "⟧")
		raw, err := hex.DecodeString(s[:j])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, raw...)
		s = s[j+len("⟧"):]
	}
	return out
}

// fill puts the slot values into text; escape escapes the text around them
// for HTML.
func fill(text string, slots []string, escape bool) string {
	if escape {
		text = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(text)
	}
	for i, s := range slots {
		text = strings.Replace(text, fmt.Sprintf("{%d}", i+1), s, 1)
	}
	return text
}

var goldenModes = []Form{URI, IRI, Display, Link}

func (d *goldenDoc) base() string { return d.name + "." + d.cs }

func (d *goldenDoc) input(t testing.TB) []byte {
	return encodeDoc(t, d.cs, fill(d.text, d.slots, false))
}

func (d *goldenDoc) expected(t testing.TB, m Form) []byte {
	return encodeDoc(t, d.cs, fill(d.text, d.want[m], m == Link && d.format == Text))
}

func (d *goldenDoc) options(t testing.TB, m Form) *Options {
	cs, err := charset.Lookup(d.cs)
	if err != nil {
		t.Fatal(err)
	}
	o := &Options{To: m, Format: d.format, Charset: cs}
	if d.opts != nil {
		d.opts(o)
	}
	return o
}

// wantFails returns the ConvertErrors a mode reports: the IRIs URI fails
// on, at their source offsets (the length of the encoded text before them).
// IRI checks hosts as URI does (it must write a valid IRI); in HTML, Link
// sees text nodes only, and the failing IRIs are in attributes.
func (d *goldenDoc) wantFails(t testing.TB, m Form) []ConvertError {
	if m == Link && d.format == HTML {
		return nil
	}
	var errs []ConvertError
	in := fill(d.text, d.slots, false)
	for _, f := range d.fails {
		i := strings.Index(in, f)
		errs = append(errs, ConvertError{
			Offset: int64(len(encodeDoc(t, d.cs, in[:i]))),
			Length: int64(len(encodeDoc(t, d.cs, f)) - len(encodeDoc(t, d.cs, ""))),
			Text:   f,
		})
	}
	return errs
}

func readGolden(t *testing.T, name string, want []byte, write bool) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if write {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestGolden -update -update-want)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the table says (run go test -run TestGolden -update -update-want)", path)
	}
}

// rewriteChecked rewrites in with o and checks, through OnEdit, that the
// edits are in order, do not overlap, and turn the input into the output,
// which equals the input outside them.
func rewriteChecked(t testing.TB, in []byte, o *Options) ([]byte, Result, []ConvertError, error) {
	t.Helper()
	var edits []Edit
	var fails []ConvertError
	oo := *o
	oo.OnEdit = func(e Edit) { e.New = bytes.Clone(e.New); edits = append(edits, e) }
	oo.OnError = func(e *ConvertError) { c := *e; c.Err = nil; fails = append(fails, c) }
	var out bytes.Buffer
	res, err := Document(&out, bytes.NewReader(in), oo)
	if err != nil {
		return out.Bytes(), res, fails, err
	}
	if err := checkEdits(in, out.Bytes(), edits); err != nil {
		t.Fatal(err)
	}
	if res.Edits != int64(len(edits)) || res.Read != int64(len(in)) || res.Written != int64(out.Len()) {
		t.Fatalf("result %+v: %d edits, %d bytes in, %d out", res, len(edits), len(in), out.Len())
	}
	return out.Bytes(), res, fails, nil
}

// checkEdits checks that edits, applied to in, give out: in increasing order,
// not overlapping, within the input, every other byte copied.
func checkEdits(in, out []byte, edits []Edit) error {
	var b []byte
	var done int64
	for i, e := range edits {
		if e.Offset < done || e.Length < 0 || e.Offset+e.Length > int64(len(in)) {
			return fmt.Errorf("edit %d at %d+%d: out of order, overlapping or past the input (%d bytes, %d done)", i, e.Offset, e.Length, len(in), done)
		}
		if bytes.Equal(in[e.Offset:e.Offset+e.Length], e.New) {
			return fmt.Errorf("edit %d at %d+%d changes nothing (%q)", i, e.Offset, e.Length, e.New)
		}
		b = append(b, in[done:e.Offset]...)
		b = append(b, e.New...)
		done = e.Offset + e.Length
	}
	b = append(b, in[done:]...)
	if !bytes.Equal(b, out) {
		i := 0
		for i < len(b) && i < len(out) && b[i] == out[i] {
			i++
		}
		return fmt.Errorf("the edits applied to the input differ from the output at byte %d:\nedits:  %q\noutput: %q", i, tail(b, i), tail(out, i))
	}
	return nil
}

func tail(b []byte, i int) []byte {
	lo, hi := max(0, i-20), min(len(b), i+40)
	return b[lo:hi]
}

func TestGolden(t *testing.T) {
	for i := range goldenDocs {
		d := &goldenDocs[i]
		in := d.input(t)
		readGolden(t, d.base()+".in", in, *update)
		for _, m := range goldenModes {
			if d.want[m] == nil {
				continue
			}
			t.Run(d.base()+"/"+m.String(), func(t *testing.T) {
				want := d.expected(t, m)
				name := d.base() + "." + m.String() + ".want"
				readGolden(t, name, want, *updateWant)
				got, res, fails, err := rewriteChecked(t, in, d.options(t, m))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					i := 0
					for i < len(got) && i < len(want) && got[i] == want[i] {
						i++
					}
					t.Fatalf("output differs from %s at byte %d:\n got %q\nwant %q", name, i, tail(got, i), tail(want, i))
				}
				if res.Invalid != d.invalid {
					t.Errorf("Invalid = %d, want %d", res.Invalid, d.invalid)
				}
				if res.Changed() != !bytes.Equal(in, want) {
					t.Errorf("Changed() = %v for a document that changes: %v", res.Changed(), !bytes.Equal(in, want))
				}
				wf := d.wantFails(t, m)
				if !slices.Equal(fails, wf) || res.Failed != int64(len(wf)) {
					t.Errorf("failures %+v (Failed %d), want %+v", fails, res.Failed, wf)
				}
			})
		}
	}
}

// TestGoldenOffsets checks, with offsets counted by hand, that an IRI that
// cannot be converted is reported at its source byte offset in Shift_JIS,
// UTF-16 and ISO-2022-JP documents, not at its offset in the decoded text.
func TestGoldenOffsets(t *testing.T) {
	for _, c := range []struct {
		cs          string
		off, length int64
	}{
		// "<p>" 3, "不正" 2×2, ": " 2, `<a href="` 9; the IRI 7 + 2×2 + 5.
		{"shift_jis", 18, 16},
		// BOM 2, then 3+2+2+9 units of 2 bytes; the IRI 14 units.
		{"utf-16le", 34, 28},
		{"utf-16be", 34, 28},
		// ESC $ B and ESC ( B around 不正; the IRI has them around 例え.
		{"iso-2022-jp", 3 + 3 + 4 + 3 + 2 + 9, 7 + 3 + 4 + 3 + 5},
		{"utf-8", 3 + 6 + 2 + 9, 7 + 6 + 5},
	} {
		d := goldenDoc{cs: c.cs, format: HTML}
		in := encodeDoc(t, c.cs, "<p>不正: <a href=\""+badJa+"\">x</a> です")
		for _, m := range []Form{URI, Display} {
			_, _, fails, err := rewriteChecked(t, in, d.options(t, m))
			if err != nil {
				t.Fatal(err)
			}
			if len(fails) != 1 || fails[0].Offset != c.off || fails[0].Length != c.length || fails[0].Text != badJa {
				t.Errorf("%s %v: failures %+v, want one at %d+%d", c.cs, m, fails, c.off, c.length)
			}
		}
	}
}

// TestInvalidUTF8Attribute checks that an attribute value with invalid
// UTF-8 in a UTF-8 document is left as it is and reported, since what its
// bytes mean is unknown.
func TestInvalidUTF8Attribute(t *testing.T) {
	in := "<a href=\"http://example.com/\xff/ü\">x</a> <img src=\"/ü\">"
	var fails []*ConvertError
	var out bytes.Buffer
	res, err := Document(&out, strings.NewReader(in), Options{To: URI, Format: HTML,
		OnError: func(e *ConvertError) { c := *e; fails = append(fails, &c) }})
	if err != nil {
		t.Fatal(err)
	}
	if want := "<a href=\"http://example.com/\xff/ü\">x</a> <img src=\"/%C3%BC\">"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	if res.Failed != 1 || len(fails) != 1 || fails[0].Offset != 9 || fails[0].Length != 23 {
		t.Errorf("failures %+v (result %+v), want one at byte 9, 23 bytes", fails, res)
	}
}
