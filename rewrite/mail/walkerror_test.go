package mail

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// A base64 body that does not decode gives, when read through Part.Body, a
// *BodyError whose Offset is the byte of the input where the bad data is
// (RFC 2045 Section 6.8: the alphabet, groups of four characters, "="
// only at the end), whatever the line breaks and white space before it,
// however far into the part and however the input is read. Each row marks
// that byte with "⟨" before it; the marker is removed from the input.
func TestWalkBase64ErrorOffset(t *testing.T) {
	// 100 lines of 76 characters, 57 bytes each, as a sender writes them.
	long := strings.Repeat(b64("A line of text encoded in base64 by the sender, 57 bytes\n")+"\n", 100)
	const hdr = "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n"
	for _, tt := range []struct {
		name, in string
		short    bool // the error is a final group of fewer than four
	}{
		{"bad byte on the second line", hdr + b64("http://example.com/ see\n") + "\n" + "aHR0cDovL+S+i+OBiC7jg4bjgrnjg4gv⟨!!!!\nmore\n", false},
		{"CRLF line ends", strings.ReplaceAll(hdr, "\n", "\r\n") + "aGVs\r\nbG8g\r\n⟨*d29y\r\n", false},
		{"after 6 KB, past the decoder's first chunks", hdr + long + "aGVs⟨_bG8g\n", false},
		{"after spaces and tabs", hdr + " aGVs\n\tbG8g \t d2⟨.9y\n", false},
		{"padding inside a group", hdr + "aGVsbG⟨=g\n", false},
		{"data after the padding", hdr + "aGVsbG8=⟨aGVs\n", false},
		{"only padding", hdr + "⟨====\n", false},
		{"a final group of three", hdr + "aGVs\n⟨bG8\n", true},
		{"a final group of one after 6 KB", hdr + long + "⟨a\n\n", true},
		{"second message of an mbox", "From a@example.org Mon Mar  4 10:00:00 2024\nFrom: a@example.org\n\nfirst\n\n" +
			"From b@example.org Mon Mar  4 10:00:01 2024\nFrom: b@example.org\n" + hdr + "aGVs⟨$bG8g\n", false},
		{"part of a multipart", "From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n--b\n" + hdr + "aGVs\n\n--b\n" +
			hdr + "aGVsbG8g\n⟨-d29y\n--b--\n", false},
	} {
		want := int64(strings.Index(tt.in, "⟨"))
		in := strings.Replace(tt.in, "⟨", "", 1)
		for name, r := range map[string]func() io.Reader{
			"whole":    func() io.Reader { return strings.NewReader(in) },
			"one byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(in)) },
		} {
			t.Run(tt.name+"/"+name, func(t *testing.T) {
				var got []error
				err := Walk(r(), func(p *Part) error {
					_, err := io.Copy(io.Discard, p.Body)
					if err != nil {
						got = append(got, err)
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != 1 {
					t.Fatalf("body errors %v, want one", got)
				}
				var be *BodyError
				if !errors.As(got[0], &be) {
					t.Fatalf("%v (%T), want a *BodyError", got[0], got[0])
				}
				if be.Offset != want || errors.Is(be, errB64Short) != tt.short {
					t.Errorf("%v: offset %d (%.10q), want %d (%.10q), short %v", be, be.Offset, in[be.Offset:], want, in[want:], tt.short)
				}
				if s := be.Error(); strings.Count(s, "byte") != 1 || !strings.HasPrefix(s, "byte "+itoa(want)+": base64: ") {
					t.Errorf("message %q, want one offset, %d", s, want)
				}
			})
		}
	}
}

// A quoted-printable body with a control byte (RFC 2045 Section 6.7: only
// printable characters, tab, and line breaks) gives a *BodyError at the
// input byte of the control character, however long its line and however
// far into the part; the bytes before it are decoded.
func TestWalkQPErrorOffset(t *testing.T) {
	const hdr = "Content-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n"
	long := strings.Repeat("0123456789", 20000) // a 200 KB line
	for _, tt := range []struct{ name, in, before string }{
		{"NUL on the second line", hdr + "ab\ncd⟨\x00ef\n", "ab\ncd"},
		{"DEL after a soft line break", hdr + "ab=\ncd⟨\x7fef\n", "abcd"},
		{"CRLF", strings.ReplaceAll(hdr, "\n", "\r\n") + "ab\r\ncd=3D⟨\x01\r\n", "ab\r\ncd="},
		{"at the end of a 200 KB line", hdr + long + "⟨\x00\n", long},
		{"after 200 KB of lines", hdr + strings.Repeat("caf=C3=A9 au lait\n", 12000) + "⟨\x02\n", strings.Repeat("café au lait\n", 12000)},
	} {
		want := int64(strings.Index(tt.in, "⟨"))
		in := strings.Replace(tt.in, "⟨", "", 1)
		for name, r := range map[string]func() io.Reader{
			"whole":    func() io.Reader { return strings.NewReader(in) },
			"one byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(in)) },
		} {
			t.Run(tt.name+"/"+name, func(t *testing.T) {
				n := 0
				err := Walk(r(), func(p *Part) error {
					n++
					body, err := io.ReadAll(p.Body)
					var be *BodyError
					if !errors.As(err, &be) || be.Offset != want || !strings.HasPrefix(be.Error(), "byte "+itoa(want)+": quoted-printable: ") {
						t.Errorf("error %v, want a *BodyError at byte %d", err, want)
					}
					if string(body) != tt.before {
						t.Errorf("decoded %.40q…, want %.40q…", body, tt.before)
					}
					return nil
				})
				if err != nil || n != 1 {
					t.Fatalf("%d parts, %v", n, err)
				}
			})
		}
	}
}

// Walk decodes quoted-printable lines of any length, as Rewrite does:
// mime/quotedprintable stopped at a line over 4095 bytes ("bufio: buffer
// full"), so extract and lint skipped the rest of such a part.
func TestWalkQPLongLine(t *testing.T) {
	for _, n := range []int{4095, 4096, 100000, 5 << 20} {
		line := strings.Repeat("word=20", n/7) + "http://=E4=BE=8B=E3=81=88.jp/=\n" + strings.Repeat("=E3=81=82", n/9) + " end"
		want := strings.Repeat("word ", n/7) + "http://例え.jp/" + strings.Repeat("あ", n/9) + " end"
		in := "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n" + line + "\n"
		t.Run(itoa(int64(n)), func(t *testing.T) {
			err := Walk(strings.NewReader(in), func(p *Part) error {
				body, err := io.ReadAll(p.Body)
				if err != nil || string(body) != want+"\n" {
					t.Errorf("%d bytes decoded (%v), want %d", len(body), err, len(want)+1)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
