package scanner

import (
	"math/rand"
	"strings"
	"testing"
)

// TestSchemeLookup holds the open-addressed scheme table to what a Go map
// of the lower-case names answers (the table it replaced on the hot path):
// every registered name in three letter cases, compound names (RFC 3986
// Section 3.1 allows '+'), near misses, and random names. Names start with
// a letter, as at every call of lookup.
func TestSchemeLookup(t *testing.T) {
	tables := map[string]*schemeTable{
		"default": defaultSchemeTable(),
		"custom":  newSchemeTable(SchemesNamed("web+demo", "x-my.app", "javascript", "a")),
		"empty":   newSchemeTable(nil),
	}
	for tname, tab := range tables {
		t.Run(tname, func(t *testing.T) {
			f := &finder{schemeTable: tab}
			want := func(name string) (bool, bool) {
				key := strings.ToLower(name)
				if h, ok := tab.schemes[key]; ok {
					return h, true
				}
				p := strings.LastIndexByte(key, '+')
				if p <= 0 || p == len(key)-1 || p > maxCompoundPrefix {
					return false, false
				}
				if _, ok := tab.schemes[key[p+1:]]; !ok || !isAlnum(key[p-1]) {
					return false, false
				}
				for i := 0; i < p; i++ {
					if c := key[i]; !isAlnum(c) && (c != '+' || key[i-1] == '+') {
						return false, false
					}
				}
				return true, true
			}
			var names []string
			for n := range tab.schemes {
				names = append(names, n, strings.ToUpper(n), strings.ToUpper(n[:1])+n[1:],
					n+"x", n[:len(n)-1], "svn+"+n, "c++"+n, "+"+n, n+"+", "a+b+"+n)
			}
			names = append(names, "", "note", "http", "HTTPS", "svn+ssh", "git+https", "10", "a", "mailto", "nope")
			rng := rand.New(rand.NewSource(58))
			const alpha = "abcdefghijklmnopqrstuvwxyzABZ0189+-."
			for range 20000 {
				b := make([]byte, 1+rng.Intn(12))
				for i := range b {
					b[i] = alpha[rng.Intn(len(alpha))]
				}
				names = append(names, string(b))
			}
			for _, n := range names {
				if len(n) > maxSchemeLen || n == "" || !isLetter(n[0]) {
					continue // every caller starts a name at a letter
				}
				gh, gok := f.lookup([]byte(n))
				wh, wok := want(n)
				if gh != wh || gok != wok {
					t.Fatalf("lookup(%q) = %v, %v; want %v, %v", n, gh, gok, wh, wok)
				}
			}
		})
	}
}
