package main

import (
	"encoding/hex"
	"encoding/json"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
)

// u16le and u16be encode s in UTF-16 with a byte order mark.
func u16le(s string) string {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

func u16be(s string) string {
	b := []byte{0xFE, 0xFF}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u>>8), byte(u))
	}
	return string(b)
}

// unitsCase is an input for the code point and UTF-16 offsets of extract.
type unitsCase struct {
	name  string
	in    string // the input
	args  []string
	body  string // the bytes the offsets count (the input, or a mail part's body)
	codec string // Python codec of body (a BOM-stripping one where there is a BOM)
	label string // WHATWG label for a JavaScript TextDecoder
	want  []unitsWant
}

type unitsWant struct {
	off, len, cpOff, cpLen, u16Off, u16Len int64
	text                                   string
}

// unitsCases: expected values counted by hand, as the comments show.
// A character past U+FFFF (😀 U+1F600) is one code point and two UTF-16
// units; a combining mark is a code point of its own; a byte order mark
// is not counted; CR and LF count one each; character references count
// as written.
var unitsCases = []unitsCase{
	{
		// "😀😀 " = 2+1 code points, 2·2+1 UTF-16 units, 2·4+1 bytes;
		// the IRI: 17 ASCII + é + 😀 + x = 20 code points, 21 units, 24 bytes.
		name: "utf-8 emoji", in: "😀😀 http://a.example/é😀x done", codec: "utf-8", label: "utf-8",
		want: []unitsWant{{9, 24, 3, 20, 5, 21, "http://a.example/é😀x"}},
	},
	{
		// BOM (3 bytes, not counted) + "é " (3 bytes, 2 code points).
		name: "utf-8 bom", in: "\xEF\xBB\xBFé http://b.example/", codec: "utf-8-sig", label: "utf-8",
		want: []unitsWant{{6, 17, 2, 17, 2, 17, "http://b.example/"}},
	},
	{
		// BOM 2 bytes + "ü " 4 bytes; the IRI 17 ASCII + 😀: 18 code points,
		// 19 units, 17·2+4 bytes.
		name: "utf-16le bom", in: u16le("ü http://c.example/😀"), codec: "utf-16", label: "utf-16le",
		want: []unitsWant{{6, 38, 2, 18, 2, 19, "http://c.example/😀"}},
	},
	{
		name: "utf-16be bom", in: u16be("ü http://c.example/😀"), codec: "utf-16", label: "utf-16be",
		want: []unitsWant{{6, 38, 2, 18, 2, 19, "http://c.example/😀"}},
	},
	{
		// 資料 + space: 5 bytes, 3 code points; the IRI http:// 7 + 例え 2
		// (4 bytes) + .jp/ 4 + パス 2 (4 bytes): 15 code points, 19 bytes.
		name: "shift_jis", in: "\x8e\x91\x97\xbf http://\x97\xe1\x82\xa6.jp/\x83\x70\x83\x58", args: []string{"--charset", "shift_jis"},
		codec: "cp932", label: "shift_jis",
		want: []unitsWant{{5, 19, 3, 15, 3, 15, "http://例え.jp/パス"}},
	},
	{
		// "cafe" U+0301 space: 6 code points, 7 bytes; the IRI 17 + e + U+0301.
		name: "combining", in: "cafe\u0301 http://d.example/e\u0301", codec: "utf-8", label: "utf-8",
		want: []unitsWant{{7, 20, 6, 19, 6, 19, "http://d.example/e\u0301"}},
	},
	{
		// Past many chunks of the reader: "😀é x " is 9 bytes, 5 code
		// points, 6 UTF-16 units; 40000 of them before the IRI.
		name: "long", in: strings.Repeat("😀é x ", 40000) + "http://h.example/", codec: "utf-8", label: "utf-8",
		want: []unitsWant{{360000, 17, 200000, 17, 240000, 17, "http://h.example/"}},
	},
	{
		// Invalid UTF-8: a cut sequence E2 82 and a stray FF are one
		// U+FFFD each (the WHATWG decoder's maximal subparts, as
		// TextDecoder and Python's "replace" read them): 4 code points
		// before the IRI, 5 bytes. (Without --charset, such input is guessed.)
		name: "invalid utf-8", in: "\xe2\x82 \xff http://i.example/ x", codec: "utf-8", label: "utf-8", args: []string{"--charset", "utf-8"},
		want: []unitsWant{{5, 17, 4, 17, 4, 17, "http://i.example/"}},
	},
	{
		// "line1" CR LF "line2 ": 13 code points.
		name: "crlf", in: "line1\r\nline2 http://e.example/\r\n", codec: "utf-8", label: "utf-8",
		want: []unitsWant{{13, 17, 13, 17, 13, 17, "http://e.example/"}},
	},
	{
		// "<p>😀 ": 5 code points, 6 units, 8 bytes; the reference
		// "&#x1F600;" counts 9 as written: 17+9 = 26.
		name: "html reference", in: "<!DOCTYPE html><p>😀 http://f.example/&#x1F600;</p>", codec: "utf-8", label: "utf-8",
		want: []unitsWant{{15 + 8, 26, 15 + 5, 26, 15 + 6, 26, "http://f.example/&#x1F600;"}},
	},
	{
		// A flowed part (DelSp=yes): the soft line break " CRLF" inside
		// the IRI counts, in the body, as its 3 characters. "See " 4;
		// http://g.example/ 17 + é + / + " \r\n" + x = 23 code points, 24 bytes.
		name: "mail flowed",
		in: "From: a@example.org\r\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n\r\n" +
			"See http://g.example/é/ \r\nx done\r\n",
		body: "See http://g.example/é/ \r\nx done\r\n", codec: "utf-8", label: "utf-8", args: []string{"--format", "mail"},
		want: []unitsWant{{4, 24, 4, 23, 4, 23, "http://g.example/é/x"}},
	},
}

func TestExtractUnitOffsets(t *testing.T) {
	for _, tc := range unitsCases {
		t.Run(tc.name, func(t *testing.T) {
			got, stderr, status := runExtractTest(t, tc.in, tc.args...)
			var g []unitsWant
			for _, r := range got {
				g = append(g, unitsWant{r.Offset, r.Length, r.CPOff, r.CPLen, r.U16Off, r.U16Len, r.Text})
			}
			if status != 0 || !reflect.DeepEqual(g, tc.want) {
				t.Errorf("status %d %s\n got  %+v\n want %+v", status, stderr, g, tc.want)
			}
		})
	}
}

// TestExtractUnitOffsetsPeers slices the decoded text with the offsets in
// Python (str indices and UTF-16 via encode('utf-16-le')) and in
// JavaScript (TextDecoder, String.prototype.slice and code point arrays):
// each slice must be the decoding of the match's source bytes. It is
// skipped when python3 or node is not installed.
func TestExtractUnitOffsetsPeers(t *testing.T) {
	type job struct {
		Body   string     `json:"body"` // hex
		Codec  string     `json:"codec"`
		Label  string     `json:"label"`
		Off    [][6]int64 `json:"off"`
		Name   string     `json:"name"`
		Bodies []string   `json:"-"`
	}
	var jobs []job
	for _, tc := range unitsCases {
		body := tc.body
		if body == "" {
			body = tc.in
		}
		j := job{Body: hex.EncodeToString([]byte(body)), Codec: tc.codec, Label: tc.label, Name: tc.name}
		for _, w := range tc.want {
			j.Off = append(j.Off, [6]int64{w.off, w.len, w.cpOff, w.cpLen, w.u16Off, w.u16Len})
		}
		jobs = append(jobs, j)
	}
	input, _ := json.Marshal(jobs)
	const py = `
import json, sys
bad = 0
for j in json.load(sys.stdin):
    b = bytes.fromhex(j["body"])
    s = b.decode(j["codec"], "replace")
    u = s.encode("utf-16-le")
    plain = j["codec"].replace("-sig", "").replace("utf-16", "utf-16-be" if b[:2] == b"\xfe\xff" else "utf-16-le")
    for off, n, cp, cpn, u16, u16n in j["off"]:
        want = b[off:off+n].decode(plain, "replace")
        if s[cp:cp+cpn] != want or u[2*u16:2*(u16+u16n)].decode("utf-16-le") != want:
            print(j["name"], repr(s[cp:cp+cpn]), repr(want)); bad = 1
sys.exit(bad)
`
	const js = `
let bad = 0;
for (const j of JSON.parse(require("fs").readFileSync(0, "utf8"))) {
  const b = Buffer.from(j.body, "hex");
  const s = new TextDecoder(j.label).decode(b);
  const cps = [...s];
  for (const [off, n, cp, cpn, u16, u16n] of j.off) {
    const want = new TextDecoder(j.label, {ignoreBOM: true}).decode(b.subarray(off, off + n));
    if (s.slice(u16, u16 + u16n) !== want || cps.slice(cp, cp + cpn).join("") !== want) {
      console.log(j.name, JSON.stringify(s.slice(u16, u16 + u16n)), JSON.stringify(want)); bad = 1;
    }
  }
}
process.exit(bad);
`
	for _, peer := range []struct{ name, prog, flag, code string }{{"python3", "python3", "-c", py}, {"node", "node", "-e", js}} {
		t.Run(peer.name, func(t *testing.T) {
			path, err := exec.LookPath(peer.prog)
			if err != nil {
				t.Skipf("%s not installed", peer.prog)
			}
			cmd := exec.Command(path, peer.flag, peer.code)
			cmd.Stdin = strings.NewReader(string(input))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Errorf("%s: %v\n%s", peer.prog, err, out)
			}
		})
	}
}
