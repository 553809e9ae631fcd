package iri

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/iriscan/iriscan/charset"
)

// The draft's own examples (testdata/conformance/iri/iri-bis-examples.json):
// every "spec" and "derived" case must pass; each "choice" case is pinned to
// the documented recommendation in "expected", except where pinnedChoices
// records the alternative this package chose and why.
type exampleCase struct {
	Op              string            `json:"op"`
	Input           string            `json:"input"`
	Expected        *string           `json:"expected"`
	Error           bool              `json:"error"`
	Status          string            `json:"status"`
	Source          string            `json:"source"`
	DocumentCharset string            `json:"document_charset"`
	Alternatives    map[string]string `json:"alternatives"`
	Forbidden       []string          `json:"forbidden"`
	A, B            string
	Equivalent      *bool `json:"equivalent"`
}

func loadExamples(t *testing.T) []exampleCase {
	t.Helper()
	data, err := os.ReadFile("../testdata/conformance/iri/iri-bis-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []exampleCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Cases
}

func TestDraftExamples(t *testing.T) {
	counts := map[string]int{}
	for _, c := range loadExamples(t) {
		name := c.Op + "/" + c.Input + c.A
		t.Run(name, func(t *testing.T) {
			var conv Converter
			if c.DocumentCharset != "" {
				enc, err := charset.Lookup(c.DocumentCharset)
				if err != nil {
					t.Fatal(err)
				}
				conv.Charset = enc
			}
			var got string
			var err error
			switch c.Op {
			case "uri_to_iri":
				got, err = conv.ToIRI(c.Input)
			case "iri_to_uri":
				got, err = conv.ToURI(c.Input)
			case "leiri_to_uri":
				got, err = conv.ToURI(LEIRIToIRI(c.Input))
			case "web_address_to_uri":
				got, err = conv.ToURI(WebAddressToIRI(c.Input))
			case "compare":
				if eq := conv.Equivalent(c.A, c.B); eq != *c.Equivalent {
					t.Errorf("Equivalent(%q, %q) = %v, want %v (%s)", c.A, c.B, eq, *c.Equivalent, c.Source)
				}
				if eq := conv.Equivalent(c.B, c.A); eq != *c.Equivalent {
					t.Errorf("Equivalent(%q, %q) = %v, want %v (symmetry)", c.B, c.A, eq, *c.Equivalent)
				}
				counts[c.Status]++
				return
			case "display_wrap":
				conv.Bidi = BidiEmbed
				got, err = conv.Display(c.Input)
				if iso, ok := c.Alternatives["isolate"]; ok && err == nil {
					conv.Bidi = BidiIsolate
					if g, _ := conv.Display(c.Input); g != iso {
						t.Errorf("Display isolate = %+q, want %+q", g, iso)
					}
				}
			default:
				t.Fatalf("unknown op %q", c.Op)
			}
			if c.Error {
				if err == nil {
					t.Errorf("%s(%+q) = %+q, want an error (%s)", c.Op, c.Input, got, c.Source)
				}
				counts[c.Status]++
				return
			}
			if err != nil {
				t.Fatalf("%s(%+q): %v (%s)", c.Op, c.Input, err, c.Source)
			}
			if got != *c.Expected {
				t.Errorf("%s(%+q)\n got %+q\nwant %+q (%s, %s)", c.Op, c.Input, got, *c.Expected, c.Status, c.Source)
			}
			for _, f := range c.Forbidden {
				if got == f {
					t.Errorf("%s(%+q) = forbidden %+q", c.Op, c.Input, got)
				}
			}
			counts[c.Status]++
		})
	}
	t.Logf("draft examples passed: %v", counts)
}
