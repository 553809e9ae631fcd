package mail

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
)

// chunks splits b at the cut points given by seed.
func chunks(b []byte, seed int) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		n := min(len(b), 1+seed%7)
		seed = (seed*31 + 7) % 1000003
		out = append(out, b[:n])
		b = b[n:]
	}
	return out
}

// The statistics of a body given in pieces are those of the whole:
// a "From " line start (RFC 4155's separator), a line over 998 octets or
// a NUL (RFC 5322 2.1.1, RFC 2045 2.7), a byte outside US-ASCII.
func TestBodyStats(t *testing.T) {
	for _, tc := range []struct {
		name            string
		in              string
		from, long, non bool
	}{
		{"plain", "hello\nworld\n", false, false, false},
		{"from first line", "From here\nx", true, false, false},
		{"from later line", "a\nFrom b", true, false, false},
		{"from not at start", "a From b", false, false, false},
		{"From without space", "a\nFromage", false, false, false},
		{"line of 998", strings.Repeat("x", 998) + "\n", false, false, false},
		{"line of 999", strings.Repeat("x", 999), false, true, false},
		{"CR counts in line", strings.Repeat("x", 998) + "\r\n", false, true, false},
		{"NUL", "a\x00b", false, true, false},
		{"non-ASCII", "caf\xc3\xa9", false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range 20 {
				var s bodyStats
				for _, c := range chunks([]byte(tc.in), seed) {
					s.add(c)
				}
				if s.from != tc.from || s.long != tc.long || s.nonASCII != tc.non {
					t.Fatalf("seed %d: from %v long %v nonASCII %v", seed, s.from, s.long, s.nonASCII)
				}
			}
		})
	}
}

// b64Writer writes base64 in lines of 76 characters (RFC 2045 6.8), the
// encoding of the whole, whatever the pieces.
func TestB64Writer(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 56, 57, 58, 114, 1000, 57 * 32, 57*32 + 1, 20000} {
		in := make([]byte, n)
		for i := range in {
			in[i] = byte(i*7 + i>>8)
		}
		enc := base64.StdEncoding.EncodeToString(in)
		var lines []string
		for len(enc) > 76 {
			lines = append(lines, enc[:76])
			enc = enc[76:]
		}
		want := strings.Join(append(lines, enc), "\r\n")
		for seed := range 5 {
			var out bytes.Buffer
			e := b64Writer{w: &out, eol: "\r\n"}
			for _, c := range chunks(in, seed*1000+seed) {
				e.write(c)
			}
			e.close()
			if out.String() != want {
				t.Fatalf("n=%d seed %d: %q, want %q", n, seed, out.String(), want)
			}
		}
	}
}
