package mail

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime/quotedprintable"
	"strings"
	"testing"
)

// The expected values come from RFC 2045 Section 6.7 (quoted-printable)
// and 6.8 (base64), and, where the RFC leaves a choice, from what
// mime/quotedprintable and encoding/base64 do (go-message's decoding,
// which the package used before).
func TestDecodeQP(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		bad            bool
	}{
		{"plain", "abc def", "abc def", false},
		{"hex upper", "caf=C3=A9", "café", false},
		{"hex lower tolerated", "caf=c3=a9", "café", false},
		{"soft break LF", "long=\nline", "longline", false},
		{"soft break CRLF", "long=\r\nline", "longline", false},
		{"soft break then spaces", "long=  \r\nline", "longline", false},
		{"hard break CRLF kept", "a\r\nb", "a\r\nb", false},
		{"hard break LF kept", "a\nb", "a\nb", false},
		{"trailing white space dropped", "a \t\nb  ", "a\nb", false},
		{"final soft break", "abc=", "abc", false},
		{"equals not hex is literal", "a=zz b", "a=zz b", false},
		{"equals one hex then text", "x=4g", "x=4g", false},
		{"equals one char at end", "x=4", "x=4", false},
		{"encoded equals and space", "=3D=20x", "= x", false},
		{"8bit passes", "\xe4\xbd\xa0", "\xe4\xbd\xa0", false},
		{"tab passes", "a\tb", "a\tb", false},
		{"empty lines", "\n\n", "\n\n", false},
		{"line over 4095 bytes", "a=3D" + strings.Repeat("x", 5000) + "\n", "a=" + strings.Repeat("x", 5000) + "\n", false},
		{"control byte", "a\x01b", "", true},
		{"DEL", "a\x7fb", "", true},
		{"equals before hard break", "a=\rb", "", true},
		{"lone final equals", "=", "", true},
		{"equals then space is literal", "a= x\nb", "a= x\nb", false},
		{"double equals soft", "a==\nb", "", true},
		{"equals CR CR LF", "a=\r\r\nb", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := decodeQP(nil, []byte(tc.in))
			if tc.bad {
				var de *DecodeError
				if !errors.As(err, &de) {
					t.Fatalf("%q: err %v, want a *DecodeError", tc.in, err)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("%q: %q, %v; want %q", tc.in, got, err, tc.want)
			}
		})
	}
}

// TestDecodeBase64: RFC 2045 Section 6.8 and RFC 4648 Section 4. Line
// breaks and white space are ignored; "=" pads only the last group, in its
// third and fourth places or its fourth; the padding ends the data, so
// anything but white space after it is an error, however much white space
// stands between (go-message's stream decoder took "QQ==" + 600 line
// breaks + "QQ==" as "AA" and "QQ==QQ==" as an error); so is a final
// group of fewer than four characters. The error is at the first
// character that cannot stand where it does, or at the padding of a group
// that data follows.
func TestDecodeBase64(t *testing.T) {
	crlf600 := strings.Repeat("\r\n", 600)
	for _, tc := range []struct {
		name, in, want string
		bad            int // the error's offset, or -1
	}{
		{"lines", "aHR0cDovL+S+i+OBiC5q\r\ncC8=", "http://例え.jp/", -1},
		{"LF lines", "YWJj\nZGVm\n", "abcdef", -1},
		{"padding one", "YWI=", "ab", -1},
		{"padding two", "YQ==", "a", -1},
		{"padding split by a line break", "YQ=\r\n=", "a", -1},
		{"white space after the padding", "YQ==\r\n \t\r\n", "a", -1},
		{"unused bits of a padded group ignored", "YR==", "a", -1},
		{"spaces and tabs ignored", " YW Jj\tZA== ", "abcd", -1},
		{"a group split across lines", "YW\r\nJj", "abc", -1},
		{"empty", "", "", -1},
		{"only white space", " \r\n\t", "", -1},
		{"bad byte", "!!!!", "", 0},
		{"bad byte later", "YWJj\r\nYW!j", "", 8},
		{"URL-safe alphabet", "YW_j", "", 2},
		{"missing padding", "YQ", "", 0},
		{"one character short", "YWJjZA=", "", 4},
		{"a lone character", "YWJjZ", "", 4},
		{"data after padding", "YQ==YQ==", "", 4},
		{"data after padding and a line break", "YQ==\r\nYQ==", "", 6},
		{"data after padding and 600 line breaks", "QQ==" + crlf600 + "QQ==", "", 4 + 1200},
		{"data after padding and 673 spaces", "000=" + strings.Repeat(" ", 673) + "0000", "", 4 + 673},
		{"padding after padding", "YQ===", "", 4},
		{"padding first", "=QUJ", "", 0},
		{"padding second", "Q===", "", 1},
		{"padding inside a group", "QU=D", "", 2},
		{"padding inside a group across a line break", "QU=\r\nD", "", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := decodeBase64(nil, []byte(tc.in))
			if tc.bad >= 0 {
				var de *DecodeError
				if !errors.As(err, &de) || de.Offset != int64(tc.bad) {
					t.Fatalf("%q: err %v, want a *DecodeError at byte %d", tc.in, err, tc.bad)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("%q: %q, %v; want %q", tc.in, got, err, tc.want)
			}
		})
	}
}

// stdQP decodes as go-message did: mime/quotedprintable's reader. ok is
// false when the input has a line too long for its buffer (4096 bytes),
// where decodeQP decodes and it fails.
func stdQP(in []byte) (out []byte, err error, ok bool) {
	for l := range bytes.SplitSeq(in, []byte("\n")) {
		if len(l) >= 4095 {
			return nil, nil, false
		}
	}
	out, err = io.ReadAll(quotedprintable.NewReader(bytes.NewReader(in)))
	return out, err, true
}

// stdBase64 decodes as base64.StdEncoding.Decode does the whole body with
// its spaces and tabs removed (it ignores CR and LF itself).
func stdBase64(in []byte) ([]byte, error) {
	r := strings.NewReplacer(" ", "", "\t", "").Replace(string(in))
	out := make([]byte, base64.StdEncoding.DecodedLen(len(r)))
	n, err := base64.StdEncoding.Decode(out, []byte(r))
	return out[:n], err
}

// decodeQPLines decodes with qpLineSlow alone, the line decoder that
// takes every form: decodeQP, which takes the common lines a faster way,
// must give the same bytes and the same error.
func decodeQPLines(dst, src []byte) ([]byte, error) {
	for ls := 0; ls < len(src); {
		var err error
		if dst, ls, err = qpLineSlow(dst, src, ls); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

func checkQP(t *testing.T, in []byte) {
	got, err := decodeQP([]byte("prefix"), in)
	want, werr := decodeQPLines([]byte("prefix"), in)
	if !bytes.Equal(got, want) || fmt.Sprint(err) != fmt.Sprint(werr) {
		t.Fatalf("%q: %q, %v; line by line %q, %v", in, got, err, want, werr)
	}
	checkQPStd(t, in)
}

func checkQPStd(t *testing.T, in []byte) {
	want, werr, ok := stdQP(in)
	if !ok {
		return
	}
	got, err := decodeQP(nil, in)
	if (err != nil) != (werr != nil) {
		t.Fatalf("%q: error %v, mime/quotedprintable %v", in, err, werr)
	}
	if err == nil && !bytes.Equal(got, want) {
		t.Fatalf("%q: %q, mime/quotedprintable %q", in, got, want)
	}
	if err != nil {
		var de *DecodeError
		if !errors.As(err, &de) || de.Offset < 0 || de.Offset > int64(len(in)) {
			t.Fatalf("%q: error %v without an offset in the input", in, err)
		}
	}
}

// checkBase64 holds decodeBase64 to encoding/base64 on the whole body,
// and to itself on the body given in two pieces and a byte at a time: the
// same bytes, the same error at the same offset, wherever it is cut.
func checkBase64(t *testing.T, in []byte) {
	want, werr := stdBase64(in)
	got, err := decodeBase64([]byte("prefix"), in)
	if (err != nil) != (werr != nil) {
		t.Fatalf("%q: error %v, encoding/base64 %v", in, err, werr)
	}
	if err == nil && string(got) != "prefix"+string(want) {
		t.Fatalf("%q: %q, encoding/base64 %q", in, got, want)
	}
	var de *DecodeError
	if err != nil && (!errors.As(err, &de) || de.Offset < 0 || de.Offset >= int64(len(in)) || isSpaceByte(in[de.Offset])) {
		t.Fatalf("%q: error %v is not at a character of the body", in, err)
	}
	bytewise := make([][]byte, len(in))
	for i := range in {
		bytewise[i] = in[i : i+1]
	}
	splits := [][][]byte{bytewise}
	for cut := 1; cut < len(in); cut += 1 + len(in)/64 {
		splits = append(splits, [][]byte{in[:cut], in[cut:]})
	}
	for _, pieces := range splits {
		var d b64Decoder
		var out []byte
		var perr error
		for _, p := range pieces {
			if out, perr = d.decode(out, p); perr != nil {
				break
			}
		}
		if perr == nil {
			perr = d.end()
		}
		if fmt.Sprint(perr) != fmt.Sprint(err) || err == nil && string(out) != string(got[len("prefix"):]) {
			t.Fatalf("%q in %d pieces: %q, %v; whole %q, %v", in, len(pieces), out, perr, got, err)
		}
	}
}

var qpSeeds = []string{
	// The common lines qpLineFast takes, and their edges.
	"The quick brown fox jumps=\r\n over the lazy dog.\r\nna=C3=AFve caf=c3=a9\r\n",
	"eight by=\nte runs\nand more=20\n\t tab\t=\n=3D\r\n\r\n",
	"abcdefgh \nabcdefgh\t\r\nabcdefgh\r\r\nabcdefg=\r \n", "abcdefghij\rk\n", "abcdefgh=4\n",
	"abcdefgh\x7fijk\n", "abcdefgh=\n", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e=E6=97=A5\n",
	"", "=", "==", "=\n", "a=\n", "a=\r\n", "a= \n", "a=\t\r\n", "=4", "=4\n", "=41", "=4g=\n",
	"a \r\nb\t", "a\r\r\n", "x=\r", "=\r\n=", "caf=C3=A9 =3d", "\x00", "\x7f\x80",
	"From =46rom\n=46rom x\n", "line  =  \nnext", " = ", "=\n=\n", "a\rb=\rc",
}

func TestDecodeQPAgainstStd(t *testing.T) {
	for _, s := range qpSeeds {
		checkQP(t, []byte(s))
	}
	// Every string of up to 4 bytes over a small alphabet.
	alpha := []byte("=a4F \t\r\n\x01")
	var rec func(b []byte)
	rec = func(b []byte) {
		checkQP(t, b)
		if len(b) == 4 {
			return
		}
		for _, c := range alpha {
			rec(append(b, c))
		}
	}
	rec(nil)
}

var b64Seeds = []string{
	"", "YQ==", "YWI=", "YWJj", "YQ", "YQ=", "Y", "YQ==\n", "YQ==YQ==", "YQ==\nYQ==", " YQ\t==",
	"YW\r\nJj", "!!!!", "YWJj====", "YQ=\n=", "YWJjZGVm\nZ2hp\n", "YQ==\r\n\r\n",
	// What b64Decoder's whole-group loop takes, and its edges: the unused
	// bits of a padded group, a line break inside a group or after
	// padding, a character outside the alphabet in each place.
	"QR==", "QUJ=", "QUJD\r\nREVG\r\nRw==\r\n", "QUJD\nREVGRw==\n\n", "QUJD\r\n\r\nREVG",
	"QUJDRE\nVG", "QUJD\nRw==x", "QUJD\nRw==\n=", "QUJD-EVG", "QUJDR-VG", "QUJDRE-G", "QUJDREV-",
	"\n\n", "\r", "QUJD\rREVG", "=QUJ", "Q===", "QU=D", "+/+/", "_-_-",
	// Data after the padding, beyond a run of white space: go-message's
	// stream decoder took some of these and not others.
	"000=" + strings.Repeat(" ", 673) + "0000", "QQ==" + strings.Repeat("\r\n", 600) + "QQ==",
	"QQ==" + strings.Repeat("\n", 1100) + "=",
}

func TestDecodeBase64AgainstStd(t *testing.T) {
	for _, s := range b64Seeds {
		checkBase64(t, []byte(s))
	}
	alpha := []byte("YQ=\n \r!")
	var rec func(b []byte)
	rec = func(b []byte) {
		checkBase64(t, b)
		if len(b) == 5 {
			return
		}
		for _, c := range alpha {
			rec(append(b, c))
		}
	}
	rec(nil)
}

func FuzzDecodeQP(f *testing.F) {
	for _, s := range qpSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) { checkQP(t, in) })
}

func FuzzDecodeBase64(f *testing.F) {
	for _, s := range b64Seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) { checkBase64(t, in) })
}

// BenchmarkDecodeBase64 decodes 1 MiB of text encoded as senders write
// it: lines of 76 characters and CRLF.
func BenchmarkDecodeBase64(b *testing.B) {
	raw := bytes.Repeat([]byte("http://例え.jp/ some text of a mail part, encoded in base64.\r\n"), 1<<20/64)
	enc := base64.StdEncoding.EncodeToString(raw)
	var body []byte
	for len(enc) > 76 {
		body = append(append(body, enc[:76]...), "\r\n"...)
		enc = enc[76:]
	}
	body = append(append(body, enc...), "\r\n"...)
	b.SetBytes(int64(len(body)))
	var dst []byte
	for b.Loop() {
		dst, _ = decodeBase64(dst[:0], body)
	}
}
