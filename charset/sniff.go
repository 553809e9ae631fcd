package charset

import (
	"bytes"
	"encoding/binary"
	"hash/fnv"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

//go:generate go run gen_sniff.go

// SniffLen is how many bytes [Sniff] looks at; a longer prefix is cut.
// Guesses grow surer with more text; below a few hundred bytes of
// non-ASCII text they are often weak.
const SniffLen = 64 << 10

// A Confidence says how sure a guess of [Sniff] is.
type Confidence uint8

const (
	// ConfidenceWeak: the chosen charset sees invalid bytes, or another
	// charset reads the prefix as different text that is almost as
	// plausible, or the prefix holds too little non-ASCII text to tell.
	ConfidenceWeak Confidence = iota
	// ConfidenceStrong: the chosen charset reads the whole prefix without
	// error, and it is by far the most plausible.
	ConfidenceStrong
)

func (c Confidence) String() string {
	if c == ConfidenceStrong {
		return "strong"
	}
	return "weak"
}

// A Guess is what [Sniff] makes of a document's first bytes.
type Guess struct {
	Charset    *Charset
	Confidence Confidence

	// Invalid is how many invalid byte sequences Charset finds in the
	// bytes looked at; a sequence cut by the end of the prefix is not
	// counted.
	Invalid int

	// Len is how many bytes were looked at: the prefix, or its first
	// SniffLen bytes.
	Len int
}

// Candidates of Sniff for 8-bit text, most common first (ties go to the
// earlier), with the languages each serves: a candidate's text is scored
// with the language model that fits it best.
//
// A prior, in bits, is added once to a candidate's cost: short texts with
// little evidence go to the charsets most often met, windows-1252 first, as
// browsers fall back to it for unlabelled Western pages.
var sniffCandidates = []struct {
	name  string
	prior int
	langs []string
}{
	{"windows-1252", 0, []string{"en_GB", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "fi", "ca"}},
	{"shift_jis", 4, []string{"ja"}},
	{"euc-jp", 4, []string{"ja"}},
	{"gb18030", 4, []string{"zh_CN"}},
	{"big5", 4, []string{"zh_TW"}},
	{"euc-kr", 4, []string{"ko"}},
	{"windows-1251", 4, []string{"ru", "uk", "bg", "sr", "mk", "be"}},
	{"koi8-r", 6, []string{"ru", "bg"}},
	{"koi8-u", 10, []string{"uk", "ru", "be"}},
	{"iso-8859-5", 10, []string{"ru", "uk", "bg", "sr", "mk", "be"}},
	{"ibm866", 10, []string{"ru", "uk", "bg", "be"}},
	{"windows-1250", 6, []string{"cs", "pl", "hu", "sk", "sl", "hr", "ro"}},
	{"iso-8859-2", 8, []string{"cs", "pl", "hu", "sk", "sl", "hr", "ro"}},
	{"windows-1253", 8, []string{"el"}},
	{"iso-8859-7", 10, []string{"el"}},
	{"windows-1254", 8, []string{"tr"}},
	{"windows-1255", 8, []string{"he"}},
	{"iso-8859-8", 10, []string{"he"}},
	{"windows-1256", 8, []string{"ar", "fa"}},
	{"windows-1257", 8, []string{"lt", "lv", "et"}},
	{"windows-1258", 10, []string{"vi"}},
	{"windows-874", 10, []string{"th"}},
	// UTF-8 with a few invalid bytes (a Latin-1 word pasted into UTF-8
	// text, a cut file) is still UTF-8: its text scores in any language.
	{"utf-8", 0, nil},
}

// SniffCandidates returns the charsets [Sniff] chooses among: UTF-16LE
// and UTF-16BE, ISO-2022-JP, and the ones it scores, UTF-8 among them.
func SniffCandidates() []*Charset {
	all := []*Charset{UTF16LE, UTF16BE, byName("iso-2022-jp")}
	for _, c := range sniffCandidates {
		all = append(all, byName(c.name))
	}
	return all
}

// sniffLangs returns every language of sniffTables.
func sniffLangs() []string {
	var all []string
	for _, t := range sniffTables {
		all = append(all, t.lang)
	}
	return all
}

type sniffCost struct {
	cost  uint8
	chars string
}

type sniffTable struct {
	lang   string
	unseen uint8
	costs  []sniffCost
}

// A sniffModel is a sniffTable made ready for scoring.
type sniffModel struct {
	other  map[rune]uint32
	unseen uint32
}

// Costs are in quarter bits. Every language's model gives the
// probability of a non-ASCII character among the non-ASCII ones, so that
// how much ASCII text a document has, the same in every 8-bit reading,
// favours none. An ASCII character costs sniffASCIICost in every
// language: it matters only where a multi-byte charset reads ASCII bytes
// as second bytes. A letter of an alphabet other than Latin costs
// sniffMixedCost more next to an ASCII letter: words of Greek, Cyrillic,
// Hebrew, Arabic or Thai do not mix in Latin letters, but a Latin text read
// in the wrong charset does ("Mαs informaciσn"). An invalid sequence costs
// far more than any character, so that validity comes first; in UTF-8,
// whose sequences cannot be misread, a stray byte (a Latin-1 word pasted
// into UTF-8 text) costs sniffStrayCost, still more than any character.
const (
	sniffASCIICost   = 4 * 6
	sniffCaseCost    = 4 * 4
	sniffMixedCost   = 4 * 8
	sniffSignCost    = 4 * 10
	sniffInvalidCost = 4 * 255
	sniffStrayCost   = 4 * 40
)

// sniffSigns are the signs and punctuation that cost at most sniffSignCost
// in every language: those of Latin-1 (¡ … ¿, × and ÷), general
// punctuation (dashes, quotes, bullets, …), currency signs and ™. Box
// drawing and mathematical signs, which a wrong code page makes of
// letters, are not among them.
var sniffSigns = [][2]rune{{0xa1, 0xbf}, {0xd7, 0xd7}, {0xf7, 0xf7}, {0x2010, 0x2044}, {0x20a0, 0x20bf}, {0x2122, 0x2122}}

var sniffModels = sync.OnceValue(func() map[string]*sniffModel {
	ms := map[string]*sniffModel{}
	for _, t := range sniffTables {
		m := &sniffModel{other: map[rune]uint32{}, unseen: uint32(t.unseen)}
		for _, c := range t.costs {
			for _, r := range c.chars {
				m.other[r] = uint32(c.cost)
			}
		}
		// Signs and punctuation of running text belong to no language:
		// user-interface strings, the training text, seldom have them.
		for _, rg := range sniffSigns {
			for r := rg[0]; r <= rg[1]; r++ {
				if k, ok := m.other[r]; !ok || k > sniffSignCost {
					m.other[r] = sniffSignCost
				}
			}
		}
		// Capitals are rare in training text, but whole words in capitals
		// are common in headings: a capital costs at most its small
		// letter and sniffCaseCost.
		for _, c := range t.costs {
			for _, r := range c.chars {
				k := uint32(c.cost) + sniffCaseCost
				if u := unicode.ToUpper(r); u != r && u >= utf8.RuneSelf {
					if ku, ok := m.other[u]; !ok || ku > k {
						m.other[u] = k
					}
				}
			}
		}
		ms[t.lang] = m
	}
	return ms
})

// A sniffByteTable scores a single-byte candidate of Sniff: the rune of
// each byte, its cost in each language of the candidate (an invalid byte
// costs sniffInvalidCost), and whether it is a letter of an alphabet other
// than Latin.
type sniffByteTable struct {
	runes    [256]rune
	costs    [][256]uint32
	alphabet [256]bool
}

// sniffByteTables holds a table for each single-byte candidate but
// windows-1258, whose text is normalized before it is scored; nil for the
// others.
var sniffByteTables = sync.OnceValue(func() []*sniffByteTable {
	models := sniffModels()
	tables := make([]*sniffByteTable, len(sniffCandidates))
	for k, c := range sniffCandidates {
		cs := byName(c.name)
		if cs.kind != kindSingleByte || c.name == "windows-1258" {
			continue
		}
		t := &sniffByteTable{costs: make([][256]uint32, len(c.langs))}
		dec := cs.enc.NewDecoder()
		for b := range 256 {
			out, _ := dec.Bytes([]byte{byte(b)})
			t.runes[b], _ = utf8.DecodeRune(out)
			t.alphabet[b] = b >= utf8.RuneSelf && isAlphabetNotLatin(t.runes[b])
		}
		for i, lang := range c.langs {
			m := models[lang]
			for b, r := range t.runes {
				switch {
				case b < utf8.RuneSelf:
					t.costs[i][b] = sniffASCIICost
				case cs.sbInvalid[b]:
					t.costs[i][b] = sniffInvalidCost
				default:
					k, ok := m.other[r]
					if !ok {
						k = m.unseen
					}
					t.costs[i][b] = k
				}
			}
		}
		tables[k] = t
	}
	return tables
})

// Thresholds of a strong guess: how much cheaper, in bits, the best
// reading must be than any different one, and how much non-ASCII text it
// must rest on.
const (
	sniffStrongMargin = 40
	sniffStrongChars  = 6
)

// Sniff guesses the charset of a document that declares none from its
// first bytes, as a browser does for an unlabelled page. It looks at no
// more than SniffLen of them; a character cut by the end of the prefix is
// ignored.
//
// Validity comes first, then plausibility:
//
//  1. a prefix that is valid UTF-8 is UTF-8, unless it is 7-bit and holds
//     an ISO-2022-JP escape sequence (ESC $ B, ESC $ @, ESC ( J, ESC ( I,
//     ESC $ ( D): then it is ISO-2022-JP;
//  2. a prefix with NUL bytes, which no 8-bit text has, that decodes
//     without error as UTF-16 is UTF-16, little- or big-endian by the side
//     the NULs of ASCII characters fall on;
//  3. otherwise each 8-bit candidate of [SniffCandidates] decodes the
//     prefix, and the text is scored with character frequencies of the
//     languages the charset serves (learnt from translations in those
//     languages; see gen_sniff.go): the cost of the text is the sum of
//     −log2 of each non-ASCII character's frequency among the non-ASCII
//     characters of the language, of a small fixed cost per ASCII
//     character, of a large cost per invalid sequence, of a cost per
//     letter of a non-Latin alphabet glued to an ASCII letter, and of a
//     prior by how common the charset is. The cheapest reading wins.
//     UTF-8 is one of the candidates, its text scored in every language:
//     a few stray bytes in UTF-8 text leave it UTF-8.
//
// Pure ASCII is UTF-8, with a strong confidence. Charsets that read the
// prefix as the same text (windows-1252 and windows-1254 for German, say)
// are equally right; the earlier of the list wins.
func Sniff(prefix []byte) Guess {
	p := prefix[:min(len(prefix), SniffLen)]
	g := Guess{Charset: UTF8, Confidence: ConfidenceStrong, Len: len(p)}
	if validUTF8Prefix(p) {
		if isISO2022JP(p) {
			cs := byName("iso-2022-jp")
			g.Charset, g.Invalid = cs, sniffDecode(cs, p, nil)
			if g.Invalid > 0 {
				g.Confidence = ConfidenceWeak
			}
		}
		return g
	}
	if cs := sniffUTF16(p); cs != nil {
		g.Charset, g.Invalid = cs, sniffDecode(cs, p, nil)
		if g.Invalid > 0 {
			g.Confidence = ConfidenceWeak
		}
		return g
	}
	// Single-byte charsets are scored from one histogram of the prefix's
	// bytes, and of its high bytes next to an ASCII letter; the others
	// decode it.
	var hist, glued [256]uint64
	ascii := uint64(0)
	for i, c := range p {
		hist[c]++
		if c < utf8.RuneSelf {
			ascii++
		}
		if c >= utf8.RuneSelf && (i > 0 && isASCIILetter(p[i-1]) || i+1 < len(p) && isASCIILetter(p[i+1])) {
			glued[c]++
		}
	}
	models, tables := sniffModels(), sniffByteTables()
	type result struct {
		cs       *Charset
		cost     uint64
		invalid  int
		nonASCII int
		sum      uint64 // tells readings as different text apart
	}
	var best, second *result
	var text []byte
	for k, c := range sniffCandidates {
		cs := byName(c.name)
		r := &result{cs: cs, cost: ^uint64(0)}
		prior := uint64(4 * c.prior)
		if t := tables[k]; t != nil {
			h := fnv.New64a()
			var buf [8]byte
			for b := utf8.RuneSelf; b < 256; b++ {
				if n := hist[b]; n > 0 {
					r.nonASCII += int(n)
					if cs.sbInvalid[b] {
						r.invalid += int(n)
					}
					binary.LittleEndian.PutUint32(buf[:], uint32(b))
					binary.LittleEndian.PutUint32(buf[4:], uint32(t.runes[b]))
					h.Write(buf[:])
				}
			}
			r.sum = h.Sum64()
			for _, costs := range t.costs {
				var sum uint64
				for b, n := range hist[utf8.RuneSelf:] {
					sum += n * uint64(costs[utf8.RuneSelf+b])
				}
				r.cost = min(r.cost, prior+sum+ascii*sniffASCIICost)
			}
			for b := utf8.RuneSelf; b < 256; b++ {
				if t.alphabet[b] {
					r.cost += glued[b] * sniffMixedCost
				}
			}
		} else {
			text = text[:0]
			r.invalid = sniffDecode(cs, p, &text)
			invalidCost := sniffInvalidCost
			if cs == UTF8 {
				invalidCost = sniffStrayCost
			}
			if best != nil && uint64(r.invalid*invalidCost) >= best.cost+4*sniffStrongMargin {
				continue // far worse whatever its text
			}
			if cs.name == "windows-1258" {
				text = norm.NFC.Bytes(text)
			}
			langs := c.langs
			if langs == nil {
				langs = sniffLangs()
			}
			for _, lang := range langs {
				m := models[lang]
				sum, nonASCII := int(prior)+r.invalid*invalidCost, 0
				for i := 0; i < len(text); {
					if text[i] < utf8.RuneSelf {
						sum += sniffASCIICost
						i++
						continue
					}
					ru, n := utf8.DecodeRune(text[i:])
					k, ok := m.other[ru]
					if !ok {
						k = m.unseen
					}
					sum += int(k)
					nonASCII++
					if i > 0 && isASCIILetter(text[i-1]) || i+n < len(text) && isASCIILetter(text[i+n]) {
						if isAlphabetNotLatin(ru) {
							sum += sniffMixedCost
						}
					}
					i += n
				}
				r.cost = min(r.cost, uint64(sum))
				r.nonASCII = nonASCII
			}
			h := fnv.New64a()
			h.Write(text)
			r.sum = h.Sum64()
		}
		switch {
		case best == nil || r.cost < best.cost:
			if best != nil && best.sum != r.sum {
				second = best
			}
			best = r
		case r.sum != best.sum && (second == nil || r.cost < second.cost):
			second = r
		}
	}
	g.Charset, g.Invalid = best.cs, best.invalid
	if best.invalid > 0 || best.nonASCII < sniffStrongChars ||
		second != nil && second.cost-best.cost < 4*sniffStrongMargin {
		g.Confidence = ConfidenceWeak
	}
	return g
}

// validUTF8Prefix reports whether p is valid UTF-8 but for a sequence cut
// by its end.
func validUTF8Prefix(p []byte) bool {
	n := validUTF8(p)
	if n == len(p) {
		return true
	}
	k, short := invalidUTF8(p[n:])
	return short && n+k == len(p)
}

// isISO2022JP reports whether 7-bit p holds an ISO-2022-JP escape
// sequence that selects a character set other than ASCII.
func isISO2022JP(p []byte) bool {
	for i := 0; ; {
		k := bytes.IndexByte(p[i:], 0x1b)
		if k < 0 {
			return false
		}
		i += k + 1
		rest := p[i:]
		if len(rest) >= 2 && (rest[0] == '$' && (rest[1] == 'B' || rest[1] == '@') ||
			rest[0] == '(' && (rest[1] == 'J' || rest[1] == 'I')) ||
			bytes.HasPrefix(rest, []byte("$(D")) {
			return true
		}
	}
}

// sniffUTF16 returns UTF-16LE or UTF-16BE for a prefix with NUL bytes
// that decodes as such without error, or nil. The NUL bytes of ASCII
// characters in UTF-16LE are at odd offsets.
func sniffUTF16(p []byte) *Charset {
	var zeros [2]int
	for i, c := range p {
		if c == 0 {
			zeros[i&1]++
		}
	}
	var cs *Charset
	switch {
	case zeros[1] > 2*zeros[0]:
		cs = UTF16LE
	case zeros[0] > 2*zeros[1]:
		cs = UTF16BE
	default:
		return nil
	}
	if sniffDecode(cs, p, nil) > 0 {
		return nil
	}
	return cs
}

// sniffDecode decodes p as the start of a document in cs, appending the
// text to *text if text is not nil, and returns the number of invalid
// sequences. A sequence cut by the end of p is left out.
func sniffDecode(cs *Charset, p []byte, text *[]byte) int {
	d := cs.NewDecoder()
	d.MaxReport = 1
	var buf [4096]byte
	for {
		nDst, nSrc, err := d.Transform(buf[:], p, false)
		if text != nil {
			*text = append(*text, buf[:nDst]...)
		}
		p = p[nSrc:]
		d.Map().Discard(d.Map().DecodedEnd())
		if err != transform.ErrShortDst {
			return int(d.InvalidCount())
		}
	}
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isAlphabetNotLatin reports whether r is a letter of an alphabet or abjad
// other than Latin: not Latin, not a CJK ideograph, kana or Hangul, which
// mix with Latin words in running text.
func isAlphabetNotLatin(r rune) bool {
	return unicode.IsLetter(r) && !unicode.In(r, unicode.Latin, unicode.Han, unicode.Hiragana,
		unicode.Katakana, unicode.Hangul) && r != 'ー'
}
