// Package rewrite parses IRIs and converts them between their forms.
package rewrite

import (
	_ "golang.org/x/net/idna"
	_ "golang.org/x/text/encoding/htmlindex"
)
