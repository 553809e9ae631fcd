package charset

import (
	"errors"
	"strings"
	"testing"
)

// Expected results follow the WHATWG HTML "prescan a byte stream to
// determine its encoding" algorithm, the WHATWG Encoding Standard labels,
// XML 1.0 (4.3.3, Appendix F) and RFC 2045/2231 Content-Type syntax.
func TestDetect(t *testing.T) {
	pad := strings.Repeat("x", 1024)
	for _, c := range []struct {
		name   string
		prefix string
		hint   Hint
		want   string
		rule   Rule
	}{
		{"empty", "", Hint{}, "utf-8", RuleDefault},
		{"label wins over BOM", "\xef\xbb\xbf", Hint{Label: "Shift_JIS"}, "shift_jis", RuleLabel},
		{"label latin1", "", Hint{Label: "latin1"}, "windows-1252", RuleLabel},
		{"bom utf-8", "\xef\xbb\xbf<meta charset=sjis>", Hint{Format: FormatHTML}, "utf-8", RuleBOM},
		{"bom utf-16le", "\xff\xfe<\x00", Hint{Format: FormatHTML}, "utf-16le", RuleBOM},
		{"bom utf-16be", "\xfe\xff\x00<", Hint{}, "utf-16be", RuleBOM},
		{"bom beats content-type", "\xfe\xff", Hint{ContentType: "text/plain; charset=euc-jp"}, "utf-16be", RuleBOM},
		{"content-type mail", "", Hint{Format: FormatMail, ContentType: `text/plain; charset="ISO-2022-JP"`}, "iso-2022-jp", RuleContentType},
		{"content-type unquoted", "", Hint{Format: FormatMail, ContentType: "text/plain;charset=koi8-r; format=flowed"}, "koi8-r", RuleContentType},
		{"content-type rfc2231", "", Hint{Format: FormatMail, ContentType: "text/plain; charset*=us-ascii'en'big5"}, "big5", RuleContentType},
		{"content-type sloppy", "", Hint{Format: FormatMail, ContentType: "text/plain; charset = euc-kr; name=a b"}, "euc-kr", RuleContentType},
		{"content-type without charset", "", Hint{Format: FormatMail, ContentType: "text/plain"}, "utf-8", RuleDefault},
		{"content-type beats meta", "<meta charset=big5>", Hint{Format: FormatHTML, ContentType: "text/html; charset=gbk"}, "gbk", RuleContentType},
		{"mail ignores meta", "<meta charset=big5>", Hint{Format: FormatMail}, "utf-8", RuleDefault},
		{"text ignores meta", "<meta charset=big5>", Hint{}, "utf-8", RuleDefault},

		{"meta charset double", `<html><head><meta charset="Shift_JIS">`, Hint{Format: FormatHTML}, "shift_jis", RuleMeta},
		{"meta charset single", `<meta charset='euc-jp'>`, Hint{Format: FormatHTML}, "euc-jp", RuleMeta},
		{"meta charset bare", `<META CHARSET=Windows-1251>`, Hint{Format: FormatHTML}, "windows-1251", RuleMeta},
		{"meta charset spaces", "<meta\tcharset = \"koi8-r\" >", Hint{Format: FormatHTML}, "koi8-r", RuleMeta},
		{"meta slash", `<meta/charset=big5>`, Hint{Format: FormatHTML}, "big5", RuleMeta},
		{"meta http-equiv", `<meta http-equiv="Content-Type" content="text/html; charset=EUC-KR">`, Hint{Format: FormatHTML}, "euc-kr", RuleMeta},
		{"meta content first", `<meta content='text/html;charset=gb2312' http-equiv=content-type>`, Hint{Format: FormatHTML}, "gbk", RuleMeta},
		{"meta content quoted label", `<meta http-equiv=content-type content="text/html; charset='iso-8859-2'">`, Hint{Format: FormatHTML}, "iso-8859-2", RuleMeta},
		{"meta content without pragma", `<meta content="text/html; charset=big5">`, Hint{Format: FormatHTML}, "utf-8", RuleDefault},
		{"meta charset= spaces in content", `<meta http-equiv=content-type content="text/html; charset = sjis ">`, Hint{Format: FormatHTML}, "shift_jis", RuleMeta},
		{"meta charset wins over content", `<meta http-equiv=content-type content="charset=big5" charset=euc-kr>`, Hint{Format: FormatHTML}, "euc-kr", RuleMeta},
		{"meta first charset attribute counts", `<meta charset=euc-kr charset=big5>`, Hint{Format: FormatHTML}, "euc-kr", RuleMeta},
		{"meta unknown label skipped", `<meta charset=x-klingon><meta charset=koi8-u>`, Hint{Format: FormatHTML}, "koi8-u", RuleMeta},
		{"meta utf-16 means utf-8", `<meta charset=utf-16le>`, Hint{Format: FormatHTML}, "utf-8", RuleMeta},
		{"meta x-user-defined", `<meta charset=x-user-defined>`, Hint{Format: FormatHTML}, "windows-1252", RuleMeta},
		{"meta in comment", `<!-- <meta charset=big5> --><meta charset=euc-jp>`, Hint{Format: FormatHTML}, "euc-jp", RuleMeta},
		{"meta in short comment", `<!--><meta charset=big5>`, Hint{Format: FormatHTML}, "big5", RuleMeta},
		{"unterminated comment", `<!-- <meta charset=big5>`, Hint{Format: FormatHTML}, "utf-8", RuleDefault},
		{"meta in attribute value", `<p title="<meta charset=big5>"><meta charset=gbk>`, Hint{Format: FormatHTML}, "gbk", RuleMeta},
		{"meta after doctype", `<!DOCTYPE html><?php x ?></p><meta charset=euc-kr>`, Hint{Format: FormatHTML}, "euc-kr", RuleMeta},
		{"metadata is no meta", `<metadata charset=big5>`, Hint{Format: FormatHTML}, "utf-8", RuleDefault},
		{"meta past 1024 ignored", "<p>" + pad + `<meta charset=big5>`, Hint{Format: FormatHTML}, "utf-8", RuleDefault},
		{"meta across 1024 ignored", "<p>" + pad[:1010] + `<meta charset=big5>`, Hint{Format: FormatHTML}, "utf-8", RuleDefault},
		{"meta just inside 1024", pad[:1024-len(`<meta charset=big5>`)] + `<meta charset=big5>`, Hint{Format: FormatHTML}, "big5", RuleMeta},

		{"xml decl", `<?xml version="1.0" encoding="Shift_JIS"?><a/>`, Hint{Format: FormatXML}, "shift_jis", RuleXMLDecl},
		{"xml decl single quotes", "<?xml version='1.0' encoding = 'euc-jp' standalone='yes'?>", Hint{Format: FormatXML}, "euc-jp", RuleXMLDecl},
		{"xml decl without encoding", `<?xml version="1.0"?><a/>`, Hint{Format: FormatXML}, "utf-8", RuleDefault},
		{"xml decl utf-16 in ascii", `<?xml version="1.0" encoding="UTF-16"?>`, Hint{Format: FormatXML}, "utf-8", RuleXMLDecl},
		{"xml utf-16le without bom", "<\x00?\x00x\x00m\x00l\x00", Hint{Format: FormatXML}, "utf-16le", RuleXMLDecl},
		{"xml utf-16be without bom", "\x00<\x00?\x00x\x00m\x00l", Hint{Format: FormatXML}, "utf-16be", RuleXMLDecl},
		{"xml not a decl", `<?xml-stylesheet href="a" encoding="big5"?>`, Hint{Format: FormatXML}, "utf-8", RuleDefault},
		{"xml content-type first", `<?xml version="1.0" encoding="big5"?>`, Hint{Format: FormatXML, ContentType: "application/xml; charset=euc-kr"}, "euc-kr", RuleContentType},
		{"xml ignores meta", `<meta charset=big5>`, Hint{Format: FormatXML}, "utf-8", RuleDefault},

		// CSS Syntax §3.2 "determine the fallback encoding": BOM, then the
		// transport's label, then exactly `@charset "label";` at byte 0.
		{"css @charset", `@charset "Shift_JIS";a{}`, Hint{Format: FormatCSS}, "shift_jis", RuleCSSCharset},
		{"css @charset label alias", `@charset "latin1";`, Hint{Format: FormatCSS}, "windows-1252", RuleCSSCharset},
		{"css @charset label with spaces", `@charset " euc-kr ";`, Hint{Format: FormatCSS}, "euc-kr", RuleCSSCharset},
		{"css @charset utf-16 means utf-8", `@charset "utf-16le";`, Hint{Format: FormatCSS}, "utf-8", RuleCSSCharset},
		{"css @charset utf-16be means utf-8", `@charset "UTF-16BE";`, Hint{Format: FormatCSS}, "utf-8", RuleCSSCharset},
		{"css @charset unknown label passed over", `@charset "x-klingon";`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css @charset single quotes", `@charset 'big5';`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css @charset two spaces", `@charset  "big5";`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css @charset upper case", `@CHARSET "big5";`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css @charset space before ;", `@charset "big5" ;`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css @charset not first", ` @charset "big5";`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css @charset after a comment", `/* x */@charset "big5";`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css @charset unterminated", `@charset "big5`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css @charset ; in label", `@charset "big;5";`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css @charset past 1024", `@charset "` + pad[:1020] + `";`, Hint{Format: FormatCSS}, "utf-8", RuleDefault},
		{"css BOM beats @charset", "\xef\xbb\xbf@charset \"big5\";", Hint{Format: FormatCSS}, "utf-8", RuleBOM},
		{"css content-type beats @charset", `@charset "big5";`, Hint{Format: FormatCSS, ContentType: "text/css; charset=euc-jp"}, "euc-jp", RuleContentType},
		{"text ignores @charset", `@charset "big5";`, Hint{}, "utf-8", RuleDefault},
		{"html ignores @charset", `@charset "big5";`, Hint{Format: FormatHTML}, "utf-8", RuleDefault},
	} {
		cs, rule, err := Detect([]byte(c.prefix), c.hint)
		if err != nil || cs.Name() != c.want || rule != c.rule {
			t.Errorf("%s: Detect = %v, %v, %v; want %s, %v", c.name, cs, rule, err, c.want, c.rule)
		}
	}
}

func TestDetectUnknownLabel(t *testing.T) {
	for _, c := range []struct {
		prefix string
		hint   Hint
		label  string
	}{
		{"", Hint{Label: "x-klingon"}, "x-klingon"},
		{"", Hint{Format: FormatMail, ContentType: "text/plain; charset=utf-7"}, "utf-7"},
		{`<?xml version="1.0" encoding="ebcdic-cp-us"?>`, Hint{Format: FormatXML}, "ebcdic-cp-us"},
	} {
		_, _, err := Detect([]byte(c.prefix), c.hint)
		var le *LabelError
		if !errors.As(err, &le) || le.Label != c.label || !strings.Contains(err.Error(), c.label) {
			t.Errorf("%+v: err = %v, want a LabelError naming %q", c.hint, err, c.label)
		}
	}
}

func TestBOM(t *testing.T) {
	for _, c := range []struct {
		prefix string
		cs     *Charset
		n      int
	}{
		{"\xef\xbb\xbfa", UTF8, 3}, {"\xff\xfe", UTF16LE, 2}, {"\xfe\xff\x00a", UTF16BE, 2},
		{"\xef\xbb", nil, 0}, {"a", nil, 0}, {"", nil, 0},
	} {
		if cs, n := BOM([]byte(c.prefix)); cs != c.cs || n != c.n {
			t.Errorf("BOM(%x) = %v, %d; want %v, %d", c.prefix, cs, n, c.cs, c.n)
		}
	}
}

func TestRuleString(t *testing.T) {
	want := map[Rule]string{RuleDefault: "default", RuleLabel: "label", RuleBOM: "bom",
		RuleContentType: "content-type", RuleMeta: "meta", RuleXMLDecl: "xml-declaration", RuleCSSCharset: "css-charset"}
	for r, s := range want {
		if r.String() != s {
			t.Errorf("%d.String() = %q, want %q", r, r.String(), s)
		}
	}
}
