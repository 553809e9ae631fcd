package scanner

import (
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// DefaultMaxLength is the default limit on the length of a match in bytes.
const DefaultMaxLength = 8 << 10

// A Scheme is a URI scheme that starts a match in running text.
type Scheme struct {
	Name string // lower case, without ':'
	// Hierarchical schemes need "//" after the ':' (http://…); others do
	// not (mailto:…).
	Hierarchical bool
}

// DefaultSchemes are the schemes recognised when Options.Schemes is nil:
// every name of the IANA URI scheme registry, historical entries included
// (gopher, wais, prospero …), as hierarchical schemes that need "//" after
// the ':', except the non-hierarchical ones of nonHierarchical, which also
// match without "//" when what follows passes their syntax check.
// javascript:, vbscript: and data: are deliberately absent, and so are
// hxxp: and hxxps:, registered (provisionally) to write a link defanged so
// that nobody follows it: they are no links, and a reader who wants them
// read as http and https sets Options.Refang.
var DefaultSchemes = func() []Scheme {
	list := make([]Scheme, 0, len(registeredSchemes))
	for _, n := range registeredSchemes {
		switch n {
		case "javascript", "vbscript", "data", "hxxp", "hxxps":
			continue
		}
		list = append(list, Scheme{Name: n, Hierarchical: !nonHierarchical[n]})
	}
	return list
}()

// SchemesNamed returns the schemes named in names (any letter case) for
// Options.Schemes: a registered scheme is hierarchical or not as in
// DefaultSchemes; javascript, vbscript and data, which DefaultSchemes leaves
// out, and any unregistered name are non-hierarchical, so that
// "javascript:alert(1)" and "data:text/plain,x" are found when named. A name
// that is not a valid scheme name (RFC 3986 Section 3.1) is left out.
func SchemesNamed(names ...string) []Scheme {
	list := make([]Scheme, 0, len(names))
	for _, n := range names {
		n = strings.ToLower(n)
		if n == "" || !validSchemeName(n) {
			continue
		}
		_, registered := defaultSchemeTable().schemes[n]
		list = append(list, Scheme{Name: n, Hierarchical: registered && !nonHierarchical[n]})
	}
	return list
}

// nonHierarchical are the registered schemes written without "//" that
// start a match in running text, each checked against its own syntax
// (see finder.opaque).
var nonHierarchical = map[string]bool{
	"mailto": true, "urn": true, "tel": true, "sms": true, "sip": true, "sips": true,
	"xmpp": true, "news": true, "geo": true, "magnet": true,
}

// Options configure detection. The zero value (or a nil *Options) uses
// DefaultSchemes, no fuzzy matching and DefaultMaxLength.
type Options struct {
	// Schemes replaces DefaultSchemes when not nil.
	Schemes []Scheme
	// Fuzzy also matches bare domains whose top-level domain is an ICANN
	// public suffix (golang.org/x/net/publicsuffix), such as "example.com/a",
	// and IPv4 addresses with a port or a path (192.0.2.1:8080; a bare one
	// too with Refang, as indicator lists write them). Two-label names whose
	// top-level domain is also a common file extension or file suffix
	// (README.md, sed.info, multi-user.target) need a path or port.
	Fuzzy bool
	// MaxLength is the longest match in bytes; a longer candidate is not a
	// match and is passed over whole. Zero means DefaultMaxLength; a
	// value above math.MaxInt/8 (no text is that long on a 64-bit
	// system) counts as math.MaxInt/8. A Scanner holds a window of up to
	// about twice MaxLength, made as the text comes: Find, which holds
	// none, is the way to scan a text in memory without a limit.
	MaxLength int
	// Refang also reads links written defanged (hxxps://evil[.]example,
	// user[at]evil(dot)example; package scanner/refang lists the markers):
	// the text is refanged before it is scanned, so a match reports its
	// Offset, Length and Text as written and its IRI refanged. A defanged
	// name without a scheme is found only with Fuzzy, as it would be
	// refanged. In HTML only text nodes are refanged, not attribute values.
	Refang bool
}

// finder holds the state derived from Options.
type finder struct {
	*schemeTable
	fuzzy  bool
	ioc    bool // Fuzzy with Refang: a bare IPv4 address is an indicator too
	maxLen int
	tlds   map[string]tldEntry // cache of ICANN top-level-domain answers
	// tldSlots caches the answers for the top-level labels of up to
	// eight bytes in front of tlds (see icannTLD).
	tldSlots [1 << tldSlotBits]tldSlot
	// The scheme schemeStart found during the current call of at:
	// w[schemeS:schemeT] of the window starting at schemeW, hierarchical or
	// not. parse reuses the answer for the same name of the same window
	// instead of looking it up a second time (schemeOK is reset at every
	// call of at, whose window does not change during the call).
	schemeOK   bool
	schemeW    *byte
	schemeS    int
	schemeT    int
	schemeHier bool
	hosts      map[string]hostInfo         // cache of host answers
	hostSlots  [1 << hostSlotBits]hostSlot // recent host answers, in front of hosts
	// bodyEsc: the last call of body scanned a character that iriForm
	// escapes (one of needsEscape, or a second '#'). clean: the candidate
	// of the last call of parse is its own IRI form, as far as parse
	// knows (false when it does not).
	bodyEsc, clean bool
	// mapped: the IRI form of the last candidate tryAngle made that
	// differs from its text (candidate.mapped), valid until the next call
	// of at.
	mapped []byte
	// slow turns the fast paths off (plainHost, clean): tests and fuzz
	// targets hold the fast paths to the general ones with it.
	slow bool
}

// schemeTable is a scheme list ready for lookup; never changed once made.
type schemeTable struct {
	schemes    map[string]bool // lower-case name → hierarchical
	slots      []schemeSlot    // the same names, open-addressed by schemeHash
	mask       uint32          // len(slots)-1, a power of two less one
	schemeLast [256]bool       // last bytes of the scheme names (lower case)
	maxScheme  int             // bytes scanned back from a ':'
	// http and https are in the table, hierarchical: schemeStart then
	// knows them without a lookup.
	http, https bool
}

func newSchemeTable(list []Scheme) *schemeTable {
	t := &schemeTable{schemes: make(map[string]bool, len(list))}
	for _, s := range list {
		name := strings.ToLower(s.Name)
		if name == "" || len(name) > maxSchemeLen || !validSchemeName(name) {
			continue
		}
		t.schemes[name] = s.Hierarchical
		t.schemeLast[name[len(name)-1]] = true
		t.maxScheme = max(t.maxScheme, len(name))
	}
	t.buildSlots()
	t.http = t.schemes["http"]
	t.https = t.schemes["https"]
	if t.maxScheme > 0 {
		// A compound scheme (svn+ssh) ends in a known one: allow a prefix.
		t.maxScheme = min(maxSchemeLen, t.maxScheme+maxCompoundPrefix)
	}
	return t
}

// defaultSchemeTable is the table of DefaultSchemes, made once: a Scanner
// made per document does not rebuild a map of some 400 names.
var defaultSchemeTable = sync.OnceValue(func() *schemeTable { return newSchemeTable(DefaultSchemes) })

func newFinder(o *Options) *finder {
	f := &finder{tlds: map[string]tldEntry{}, hosts: map[string]hostInfo{}}
	f.configure(o)
	return f
}

// configure sets the options of f. Its caches stay: they depend on no
// option.
func (f *finder) configure(o *Options) {
	f.schemeTable = schemeTableFor(o)
	if o == nil {
		o = &Options{}
	}
	f.fuzzy, f.ioc, f.maxLen = o.Fuzzy, o.Fuzzy && o.Refang, maxLength(o)
}

// schemeTableFor returns the table of o's scheme list: the default one,
// or the table of the last list of its own a finder was made for when o
// has the same, else a new one (which is then the last). A caller with
// a list of its own that calls Find for each line or message so builds
// its table once (4 schemes: 8 µs a call of Find over a line before).
func schemeTableFor(o *Options) *schemeTable {
	if o == nil || o.Schemes == nil {
		return defaultSchemeTable()
	}
	if last := lastSchemeTable.Load(); last != nil && slices.Equal(last.list, o.Schemes) {
		return last.table
	}
	t := newSchemeTable(o.Schemes)
	lastSchemeTable.Store(&listTable{slices.Clone(o.Schemes), t})
	return t
}

// lastSchemeTable is the last scheme list of its own schemeTableFor made
// a table for: a copy of the list (the caller may change its own), and
// the table.
var lastSchemeTable atomic.Pointer[listTable]

// A listTable is a scheme list and its table.
type listTable struct {
	list  []Scheme
	table *schemeTable
}

// maxLength returns the maximum length of a match under o (not nil).
func maxLength(o *Options) int {
	if o.MaxLength <= 0 {
		return DefaultMaxLength
	}
	// The scanner adds the maximum length to positions in the text (and
	// multiplies it by a few): bounded so, those sums do not overflow.
	return min(o.MaxLength, maxMaxLength)
}

// maxMaxLength bounds Options.MaxLength.
const maxMaxLength = math.MaxInt / 8

// maxCompoundPrefix bounds the part before the last '+' of a compound
// scheme such as "git+https".
const maxCompoundPrefix = 16

// maxSchemeLen bounds the scheme names considered (and the look-behind from
// a ':').
const maxSchemeLen = 64

func validSchemeName(s string) bool {
	if !isLetter(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isSchemeChar(s[i]) {
			return false
		}
	}
	return true
}

func isLetter(b byte) bool     { return b|0x20 >= 'a' && b|0x20 <= 'z' }
func isDigit(b byte) bool      { return b >= '0' && b <= '9' }
func isAlnum(b byte) bool      { return isLetter(b) || isDigit(b) }
func isSchemeChar(b byte) bool { return isAlnum(b) || b == '+' || b == '-' || b == '.' }
func lower(b byte) byte        { return b | 0x20 }
func isASCIISpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

// schemeSlot is one entry of schemeTable.slots; name is empty when free.
type schemeSlot struct {
	name string
	hier bool
}

// schemeHash is FNV-1a over the bytes of a lower-case scheme name: lookup
// folds and hashes a candidate in one pass, where a Go map lookup first
// needs the folded copy and then hashes it again (the map lookup was 5–6%
// of the scanner's time on English prose).
func schemeHash(h uint32, c byte) uint32 { return (h ^ uint32(c)) * 16777619 }

const schemeHashInit = 2166136261

// buildSlots fills slots from schemes, at most one name in four slots, so
// that a probe for an unknown name (most of them, in prose: "Note:") ends at
// a free slot after about one step.
func (t *schemeTable) buildSlots() {
	n := 16
	for n < 4*len(t.schemes) {
		n *= 2
	}
	t.slots = make([]schemeSlot, n)
	t.mask = uint32(n - 1)
	for name, hier := range t.schemes {
		h := uint32(schemeHashInit)
		for i := 0; i < len(name); i++ {
			h = schemeHash(h, name[i])
		}
		i := h & t.mask
		for t.slots[i].name != "" {
			i = (i + 1) & t.mask
		}
		t.slots[i] = schemeSlot{name, hier}
	}
}

// find looks up the lower-case name key with hash h.
func (t *schemeTable) find(key []byte, h uint32) (hier, ok bool) {
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		sl := &t.slots[i]
		if sl.name == "" {
			return false, false
		}
		if len(sl.name) == len(key) && sl.name == string(key) {
			return sl.hier, true
		}
	}
}
