package main

import (
	"io"

	"github.com/iriscan/iriscan/rewrite"
)

const linkifyUsage = `Usage: iriscan linkify [--format auto|text|html|mail] [--charset LABEL] [--target NAME] [--rel VALUE]
                       [--fuzzy] [--refang] [--defang] [--max-length N] [-o FILE | -w] [-l] [-d] [FILE...]

Turns the IRIs found in each FILE (standard input when there is none, or for
"-") into HTML links:

  <a href="URI">IRI</a>

where URI is the URI form of the IRI (RFC 3987bis Section 3.6, "&" written
&amp;) and the link text its display form (Section 4), www. and e-mail
addresses keeping their shape (the href gets http:// or mailto:). The link of
a right-to-left IRI gets dir="ltr", which keeps its components in order.

  text   becomes an HTML fragment: "&", "<" and ">" are escaped, each IRI is
         a link, and every other byte is copied as it was (line breaks too:
         put the fragment in a <pre> or style it white-space: pre-wrap)
  html   the IRIs of text nodes become links in place, except inside a,
         script, style, textarea, title, code and pre; attributes and every
         other byte are copied as they were
  mail   the text and HTML parts of a message or an mbox, each in its own
         charset (--charset does not apply)

With --refang, links written defanged (hxxps://evil[.]example/) are found
too and become links like any other: the href and the text are the real link.
With --defang, no IRI becomes a link: each is written as <a dir="ltr">TEXT</a>
without href, target or rel, TEXT its display form defanged (hxxps://evil[.]example/:
hxxp, hxxps or fxp for the scheme, "[.]" for each dot of the host), so that a
report can show links nobody follows by mistake. See docs/refang.md.

--format auto reads a file as mail when its name ends in .eml, .mbox or .mbx
or it starts like a message, as HTML when its name ends in .html, .htm or
.xhtml or it starts like HTML, and as text otherwise. The output is in the
input's charset: --charset, else a byte order mark, else for HTML the <meta
charset> prescan, else UTF-8; a character the charset cannot represent
becomes a character reference.

An IRI that cannot be converted (a host that fails IDNA, say) is left as
text, not linked, and reported on standard error as

  FILE:OFFSET: "IRI" left unchanged: REASON

The output goes to standard output, one file after the other, unless -o
FILE names a file (one input only; written to a temporary file renamed over
FILE when complete). -w writes each result back to its file, atomically and
only if it changes, as iriscan rewrite -w does, but only for HTML and mail:
it refuses a text file, which would become HTML under its old name. -w and
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
	fs.BoolVar(&c.opts.Defang, "defang", false, "write each IRI defanged (hxxps://evil[.]example/) in an <a> without href: not a link")
	files, status, done := parseFlags(fs, args, stdout, stderr)
	if done {
		return status
	}
	return c.run(files, stdout)
}
