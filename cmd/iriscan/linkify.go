package main

import (
	"io"

	"github.com/iriscan/iriscan/rewrite"
)

const linkifyUsage = `Usage: iriscan linkify [--format auto|text|html|css|mail|markdown] [--charset LABEL] [--target NAME] [--rel VALUE]
                       [--class NAME] [--title] [--href-template T] [--schemes LIST] [--default-scheme https|http]
                       [--hosts-allow PATTERN,...] [--hosts-deny PATTERN,...] [--shorten N] [--strip-scheme]
                       [--fuzzy] [--refang] [--defang] [--max-length N] [-o FILE | -w] [-l] [-d] [-v] [FILE...]

Turns the IRIs found in each FILE (standard input when there is none, or for
"-") into HTML links:

  <a href="URI">IRI</a>

where URI is the URI form of the IRI (RFC 3987bis Section 3.6, "&" written
&amp;) and the link text its display form (Section 4), www. and e-mail
addresses keeping their shape (the href gets https:// or mailto:). The link of
a right-to-left IRI gets dir="ltr", which keeps its components in order.

  text   becomes an HTML fragment: "&", "<" and ">" are escaped, each IRI is
         a link, and every other byte is copied as it was (line breaks too:
         put the fragment in a <pre> or style it white-space: pre-wrap)
  html   the IRIs of text nodes become links in place, except inside a,
         script, style, textarea, title, code and pre; attributes and every
         other byte are copied as they were
  css    is copied as it is: no link is written into CSS (nor into style
         attributes or <style> elements of HTML)
  mail   the text and HTML parts of a message or an mbox, each in its own
         charset (--charset does not apply)
  markdown  stays Markdown: each IRI of prose becomes [IRI as written](URI)
         (an e-mail address [addr](mailto:...)), its text escaped only where
         Markdown would read markup; code, raw HTML, existing links and image
         alt text stay as they are (docs/markdown.md). --target and --rel do
         not apply

With --refang, links written defanged (hxxps://evil[.]example/) are found
too and become links like any other: the href and the text are the real link.
With --defang, no IRI becomes a link: each is written as <a dir="ltr">TEXT</a>
without href, target or rel, TEXT its display form defanged (hxxps://evil[.]example/:
hxxp, hxxps or fxp for the scheme, "[.]" for each dot of the host), so that a
report can show links nobody follows by mistake. See docs/refang.md.

--format auto reads a file as mail when its name ends in .eml, .mbox or .mbx
or it starts like a message, as HTML when its name ends in .html, .htm or
.xhtml or it starts like HTML, as CSS when its name ends in .css, as
Markdown when its name ends in .md, .markdown, .mdown or .mkd, and as text
otherwise. The output is in the
input's charset: --charset, else a byte order mark, else for HTML the <meta
charset> prescan, else UTF-8; a character the charset cannot represent
becomes a character reference.

Link policy (docs/linkify.md):

  --schemes LIST        link only these schemes (comma-separated); javascript:,
                        vbscript: and data: are never linked
  --default-scheme S    https (default) or http: added to the href of www. and
                        --fuzzy matches; the text stays as written
  --hosts-allow P,...   link only these hosts; --hosts-deny P,...: never these.
                        A pattern is a host (example.com, 例え.jp, 192.0.2.1,
                        [2001:db8::1]) or *.NAME, every subdomain of NAME at
                        any depth but not NAME itself; compared on A-labels,
                        ignoring case and a final dot. A denial wins.
  --href-template T     the href is T with {uri} replaced by the link's URI
                        escaped as a query value; {uri} must be in T's query
                        or fragment
  --class NAME, --title a class attribute; a title showing the full URI
  --shorten N           at most N user-perceived characters of link text: the
                        scheme dropped, the host kept whole, the path and
                        query cut in the middle with …; the href is whole
  --strip-scheme        drop http:// and https:// from the link text

A match the policy does not link stays text, as written.

An IRI that cannot be converted (a host that fails IDNA, say) is left as
text, not linked, and reported on standard error as

  FILE:OFFSET: "IRI" left unchanged: REASON

The output goes to standard output, one file after the other, unless -o
FILE names a file (one input only; written to a temporary file renamed over
FILE when complete). -w writes each result back to its file, atomically and
only if it changes, as iriscan rewrite -w does, but only for HTML, mail and
Markdown: it refuses a text file, which would become HTML under its old name. -w and
-o refuse symbolic links, hard-linked, read-only and foreign files unless
--follow-symlinks, --break-hardlinks or --force says what to do, as with
iriscan rewrite. -l lists the files that would change, and -d prints a
unified diff of each, as with iriscan rewrite.

Exit status: 0 when every IRI found could be converted; 1 when some IRI was
left unchanged; 2 on a usage error, or when a file or standard output
cannot be read or written (or is text under -w); 130, 143 or 129 after
SIGINT, SIGTERM or SIGHUP; 141 when standard output is a closed pipe. -l
and -d leave the status 0.

Flags:
`

func runLinkify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &docCmd{name: "linkify", stdin: stdin, stderr: stderr}
	c.opts.To = rewrite.Link
	fs := newFlagSet("linkify", linkifyUsage)
	c.addFlags(fs)
	fs.StringVar(&c.opts.Target, "target", "", "the target attribute of the links, such as `_blank`")
	fs.StringVar(&c.opts.Rel, "rel", "", "the rel attribute of the links, such as `noopener`")
	var lf linkFlags
	lf.add(fs, true)
	fs.BoolVar(&c.opts.Defang, "defang", false, "write each IRI defanged (hxxps://evil[.]example/) in an <a> without href: not a link")
	files, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	l, msg := lf.linker()
	if msg != "" {
		return c.usageError(msg)
	}
	c.opts.Links = l
	return c.run(files, stdout)
}
