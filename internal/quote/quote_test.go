package quote

import (
	"bytes"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The expected values are what GNU ls 9.1 (LC_ALL=C.UTF-8 ls
// --quoting-style=shell-escape) printed for files of these names, except
// where a comment says that Shell is stricter.
var shellTests = []struct{ name, want string }{
	{"plain.txt", "plain.txt"},
	{"a%b", "a%b"}, {"a+b", "a+b"}, {"a,b", "a,b"}, {"-b", "-b"}, {"a.b", "a.b"},
	{"a:b", "a:b"}, {"a@b", "a@b"}, {"a]b", "a]b"}, {"a_b", "a_b"}, {"a{b", "a{b"},
	{"a}b", "a}b"}, {"{b", "{b"}, {"]b", "]b"},
	{"a#b", "a#b"}, {"a~b", "a~b"}, {"#b", "'#b'"}, {"~b", "'~b'"}, {"#", "'#'"}, {"~", "'~'"},
	{"a b", "'a b'"}, {"a!b", "'a!b'"}, {`a"b`, `'a"b'`}, {"a$b", "'a$b'"},
	{"a&b", "'a&b'"}, {"a(b", "'a(b'"}, {"a)b", "'a)b'"}, {"a*b", "'a*b'"},
	{"a;b", "'a;b'"}, {"a<b", "'a<b'"}, {"a=b", "'a=b'"}, {"=", "'='"}, {"a>b", "'a>b'"},
	{"a?b", "'a?b'"}, {"a[b", "'a[b'"}, {`a\b`, `'a\b'`}, {"a^b", "'a^b'"},
	{"a`b", "'a`b'"}, {"a|b", "'a|b'"},
	{"a'b", `"a'b"`}, {"'", `"'"`}, {"a'", `"a'"`}, {"'a'", `"'a'"`}, {"a'b c", `"a'b c"`},
	{"a'b!c", `'a'\''b!c'`}, {`a'b"c`, `'a'\''b"c'`}, {"a'b$c", `'a'\''b$c'`},
	{`a'b\c`, `'a'\''b\c'`}, {"a'b`c", `'a'\''b` + "`" + `c'`},
	{"a\nb", `'a'$'\n''b'`},
	{"tab\there", `'tab'$'\t''here'`},
	{"\x1b[31mred", `''$'\033''[31mred'`},
	{"\x01", `''$'\001'`},
	{"a\n\n\x01b\x7f", `'a'$'\n\n\001''b'$'\177'`},
	{"a\a\b\f\r\vb", `'a'$'\a\b\f\r\v''b'`},
	{"\n'", `''$'\n'\'''`},
	{"'\nx", `''\'''$'\n''x'`},
	{"a'b\nc", `'a'\''b'$'\n''c'`},
	{"aあb", "aあb"},
	{"x\xe3\x81", `'x'$'\343\201'`},     // a cut UTF-8 sequence
	{"\u2028x", `''$'\342\200\250''x'`}, // LINE SEPARATOR
	{"q\u0085", `'q'$'\302\205'`},       // NEXT LINE, a C1 control
	// Stricter than ls, which prints U+202E raw: a format character
	// reorders what follows it on screen.
	{"\u202eq", `''$'\342\200\256''q'`},
	{"a\u200db", `'a'$'\342\200\215''b'`},
	{"", "''"},
}

func TestShell(t *testing.T) {
	for _, tt := range shellTests {
		t.Run(strconv.Quote(tt.name), func(t *testing.T) {
			if got := Shell(tt.name); got != tt.want {
				t.Errorf("Shell(%q) = %s, want %s", tt.name, got, tt.want)
			}
		})
	}
}

// The expected values are what GNU diff 3.8 (diff -u) wrote in its
// "+++" line for files of these names, under LC_ALL=C.UTF-8.
var cTests = []struct{ name, want string }{
	{"plain.txt", "plain.txt"},
	{"a'b", "a'b"}, {"q#x", "q#x"}, {"q$x", "q$x"}, {"q*x", "q*x"}, {"q~x", "q~x"},
	{"c d", `"c d"`},
	{`q"x`, `"q\"x"`},
	{`q\x`, `"q\\x"`},
	{"a\nb", `"a\nb"`},
	{"a\tb", `"a\tb"`},
	{"a\a\b\f\r\v\x1bb", `"a\a\b\f\r\v\033b"`},
	{"qéx", `"q\303\251x"`},
	{"q\u202ex", `"q\342\200\256x"`},
	{"x\u2028", `"x\342\200\250"`},
	{"q\xffx", `"q\377x"`},
	{"q\u0085x", `"q\302\205x"`},
	{"a\x7f", `"a\177"`},
	{"", `""`},
}

func TestC(t *testing.T) {
	for _, tt := range cTests {
		t.Run(strconv.Quote(tt.name), func(t *testing.T) {
			if got := C(tt.name); got != tt.want {
				t.Errorf("C(%q) = %s, want %s", tt.name, got, tt.want)
			}
		})
	}
}

// unshell reads s as a POSIX shell word with bash's $'...' strings, the
// subset Shell writes: unquoted characters, '...', "..." (holding no $ `
// \ or !), \' and $'...' with the escapes of writeEscape.
func unshell(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return "", fmt.Errorf("unterminated ' at %d", i)
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 2
		case s[i] == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return "", fmt.Errorf(`unterminated " at %d`, i)
			}
			if strings.ContainsAny(s[i+1:i+1+j], "$`\\!") {
				return "", fmt.Errorf("special character in double quotes at %d", i)
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 2
		case strings.HasPrefix(s[i:], `\'`):
			b.WriteByte('\'')
			i += 2
		case strings.HasPrefix(s[i:], "$'"):
			i += 2
			for {
				if i >= len(s) {
					return "", fmt.Errorf("unterminated $'")
				}
				if s[i] == '\'' {
					i++
					break
				}
				if s[i] != '\\' || i+1 >= len(s) {
					return "", fmt.Errorf("unescaped %q in $'' at %d", s[i], i)
				}
				c, n, err := unescape(s[i+1:])
				if err != nil {
					return "", err
				}
				b.WriteByte(c)
				i += 1 + n
			}
		default:
			if strings.IndexByte(" !\"$&'()*;<=>?[\\^`|\t\n", s[i]) >= 0 || i == 0 && (s[i] == '#' || s[i] == '~') {
				return "", fmt.Errorf("unquoted special %q at %d", s[i], i)
			}
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String(), nil
}

// unescape reads one C escape after its backslash.
func unescape(s string) (c byte, n int, err error) {
	if i := strings.IndexByte("abtnvfr\"\\", s[0]); i >= 0 {
		return "\a\b\t\n\v\f\r\"\\"[i], 1, nil
	}
	if len(s) >= 3 {
		if v, err := strconv.ParseUint(s[:3], 8, 8); err == nil {
			return byte(v), 3, nil
		}
	}
	return 0, 0, fmt.Errorf("bad escape \\%q", s[:min(3, len(s))])
}

// unC reads a name as C writes it.
func unC(s string) (string, error) {
	if !strings.HasPrefix(s, `"`) {
		return s, nil
	}
	if len(s) < 2 || !strings.HasSuffix(s, `"`) {
		return "", fmt.Errorf("unterminated")
	}
	s = s[1 : len(s)-1]
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '"' {
			return "", fmt.Errorf(`unescaped " at %d`, i)
		}
		if s[i] != '\\' {
			b.WriteByte(s[i])
			i++
			continue
		}
		if i+1 >= len(s) {
			return "", fmt.Errorf("trailing backslash")
		}
		c, n, err := unescape(s[i+1:])
		if err != nil {
			return "", err
		}
		b.WriteByte(c)
		i += 1 + n
	}
	return b.String(), nil
}

// checkPrintable fails if s holds a character that Shell or C must not
// write raw.
func checkPrintable(t *testing.T, f, name, s string) {
	t.Helper()
	for i, r := range s {
		if r == utf8.RuneError || r < ' ' || r == 0x7f || r >= 0x80 && (!unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r)) {
			t.Fatalf("%s(%q) = %q holds %U at %d", f, name, s, r, i)
		}
	}
}

func checkRoundTrip(t *testing.T, name string) {
	t.Helper()
	s := Shell(name)
	checkPrintable(t, "Shell", name, s)
	if got, err := unshell(s); err != nil || got != name {
		t.Fatalf("Shell(%q) = %s reads back as %q, %v", name, s, got, err)
	}
	checkPrintable(t, "Line", name, Line(name))
	c := C(name)
	checkPrintable(t, "C", name, c)
	for i := 0; i < len(c); i++ {
		if c[i] >= 0x80 {
			t.Fatalf("C(%q) = %s holds a non-ASCII byte", name, c)
		}
	}
	if got, err := unC(c); err != nil || got != name {
		t.Fatalf("C(%q) = %s reads back as %q, %v", name, c, got, err)
	}
	if c == name && strings.HasPrefix(name, `"`) {
		t.Fatalf("C(%q) left a leading quote unquoted", name)
	}
}

func TestLine(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"open a.txt: no such file", "open a.txt: no such file"},
		{"open a\nb: no such file", `open a\nb: no such file`},
		{"例え \x1b[31m", `例え \033[31m`},
		{"\u202e\xff\t", `\342\200\256\377\t`},
		{"", ""},
	} {
		if got := Line(tt.in); got != tt.want {
			t.Errorf("Line(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, tt := range shellTests {
		checkRoundTrip(t, tt.name)
	}
	for _, tt := range cTests {
		checkRoundTrip(t, tt.name)
	}
}

// bash itself reads each quoted name back to the name (skipped where
// there is no bash).
func TestShellBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	var script strings.Builder
	var names []string
	for _, tt := range shellTests {
		if tt.name == "" {
			continue
		}
		names = append(names, tt.name)
		fmt.Fprintf(&script, "printf '%%s\\0' %s\n", Shell(tt.name))
	}
	for c := 1; c < 256; c++ {
		name := "x" + string(rune(c))
		if c >= 0x80 {
			name = "x" + string([]byte{byte(c)})
		}
		names = append(names, name, string([]byte{byte(c)}))
		fmt.Fprintf(&script, "printf '%%s\\0' %s %s\n", Shell(name), Shell(string([]byte{byte(c)})))
	}
	cmd := exec.Command(bash, "--norc", "--noprofile")
	cmd.Stdin = strings.NewReader(script.String())
	cmd.Env = []string{"LC_ALL=C"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(got) != len(names) {
		t.Fatalf("bash printed %d names, want %d", len(got), len(names))
	}
	for i := range names {
		if !bytes.Equal([]byte(got[i]), []byte(names[i])) {
			t.Errorf("bash reads %s as %q, want %q", Shell(names[i]), got[i], names[i])
		}
	}
}

func FuzzQuote(f *testing.F) {
	for _, tt := range shellTests {
		f.Add(tt.name)
	}
	for _, tt := range cTests {
		f.Add(tt.name)
	}
	f.Fuzz(func(t *testing.T, name string) {
		checkRoundTrip(t, name)
		if s := Shell(name); s == name {
			// Left as it is: nothing in it a shell would read specially.
			if _, err := unshell(name); err != nil {
				t.Fatalf("Shell(%q) left it unquoted: %v", name, err)
			}
		}
	})
}
