package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/iriscan/iriscan/rewrite"
)

// linkFlags are the link-policy flags: --schemes, --default-scheme and
// --hosts-allow/--hosts-deny for extract, linkify and corpus, and the rest
// for linkify and corpus only (see rewrite.LinkOptions).
type linkFlags struct {
	schemes, defScheme, allow, deny string
	tpl, class                      string
	title, strip                    bool
	shorten                         int
	linkify                         bool // the flags that shape links are defined
}

// linkFlagNames are the flags add defines for linkify.
var linkFlagNames = []string{"schemes", "default-scheme", "hosts-allow", "hosts-deny", "href-template", "class", "title", "shorten", "strip-scheme"}

// add defines the flags on fs; linkify adds those that shape the links.
func (f *linkFlags) add(fs *flag.FlagSet, linkify bool) {
	f.linkify = linkify
	what, script := "reported", "javascript, vbscript and data only when named"
	if linkify {
		what, script = "linked", "javascript, vbscript and data never"
	}
	fs.StringVar(&f.schemes, "schemes", "", "only IRIs with these schemes are "+what+": a comma-separated `LIST` such as https,mailto ("+script+")")
	fs.StringVar(&f.defScheme, "default-scheme", "https", "the scheme added to www. and --fuzzy matches: `https` or http")
	fs.StringVar(&f.allow, "hosts-allow", "", "only IRIs with these hosts are "+what+": comma-separated `PATTERN`s, a host or *.host (every subdomain)")
	fs.StringVar(&f.deny, "hosts-deny", "", "IRIs with these hosts are not "+what+": comma-separated `PATTERN`s, a host or *.host (every subdomain)")
	if !linkify {
		return
	}
	fs.StringVar(&f.tpl, "href-template", "", "the href of each link: `T` with {uri} replaced by the link's URI escaped as a query value, such as https://example.com/out?to={uri}")
	fs.StringVar(&f.class, "class", "", "the class attribute of the links, such as `external`")
	fs.BoolVar(&f.title, "title", false, "give each link a title attribute showing its full URI form")
	fs.IntVar(&f.shorten, "shorten", 0, "show at most `N` user-perceived characters of each link text, cut in the middle with …; the whole host is kept (0: no limit)")
	fs.BoolVar(&f.strip, "strip-scheme", false, "drop http:// and https:// from the link text")
}

// linker checks the flags and returns the policy they ask for, or the
// usage error message.
func (f *linkFlags) linker() (*rewrite.Linker, string) {
	var o rewrite.LinkOptions
	type check struct {
		flag string
		set  func(*rewrite.LinkOptions)
	}
	var checks []check
	list := func(name, v string, dst func(*rewrite.LinkOptions) *[]string) string {
		if v == "" {
			return ""
		}
		items := strings.Split(v, ",")
		for i, it := range items {
			items[i] = strings.TrimSpace(it)
			if items[i] == "" {
				return fmt.Sprintf("--%s: empty item in %q", name, v)
			}
		}
		checks = append(checks, check{name, func(o *rewrite.LinkOptions) { *dst(o) = items }})
		return ""
	}
	if msg := list("schemes", f.schemes, func(o *rewrite.LinkOptions) *[]string { return &o.Schemes }); msg != "" {
		return nil, msg
	}
	if msg := list("hosts-allow", f.allow, func(o *rewrite.LinkOptions) *[]string { return &o.HostsAllow }); msg != "" {
		return nil, msg
	}
	if msg := list("hosts-deny", f.deny, func(o *rewrite.LinkOptions) *[]string { return &o.HostsDeny }); msg != "" {
		return nil, msg
	}
	checks = append(checks,
		check{"default-scheme", func(o *rewrite.LinkOptions) { o.DefaultScheme = f.defScheme }},
		check{"href-template", func(o *rewrite.LinkOptions) { o.HrefTemplate = f.tpl }},
		check{"shorten", func(o *rewrite.LinkOptions) { o.Shorten = f.shorten }},
	)
	// Each flag is checked alone, so that the message names it.
	for _, c := range checks {
		var one rewrite.LinkOptions
		c.set(&one)
		if _, err := rewrite.NewLinker(one); err != nil {
			return nil, fmt.Sprintf("--%s: %s", c.flag, optionsMessage(err))
		}
		c.set(&o)
	}
	o.Class, o.Title, o.StripScheme = f.class, f.title, f.strip
	l, err := rewrite.NewLinker(o)
	if err != nil {
		return nil, optionsMessage(err)
	}
	return l, ""
}

// optionsMessage returns the text of an options error without the
// "rewrite: bad options: " that ErrOptions puts before it.
func optionsMessage(err error) string {
	s := err.Error()
	if errors.Is(err, rewrite.ErrOptions) {
		s = strings.TrimPrefix(s, rewrite.ErrOptions.Error()+": ")
	}
	return s
}
