// Package markdown finds, rewrites and links the IRIs of Markdown
// documents (CommonMark 0.31 with the GFM tables, strikethrough and task
// lists), changing nothing else.
//
// A document is parsed with github.com/yuin/goldmark, which keeps the
// source position of every node, and edited in its source bytes: it is
// never rendered again, so every byte outside a changed IRI is kept.
//
// IRIs are found, by the running-text rules of package scanner, only in
// text a reader sees as prose: never in code spans, fenced or indented code
// blocks, raw HTML and HTML blocks, autolinks, the text of a link (or the
// alt text of an image), link destinations and titles, or link reference
// definitions. Prose is read as a reader sees it: backslash escapes and
// character references are resolved, and an IRI never runs across
// emphasis, a code span, a line break or other markup. Text inside inline
// raw HTML elements such as <a>…</a> (scanner.DefaultSkipElements) is not
// prose either.
//
// Find reports the IRIs of prose and the destinations of inline links,
// images, autolinks and reference definitions, each with its Kind.
// Rewrite converts them (rewrite.URI, IRI or Display), escaped for where
// they stand; with rewrite.Link it makes each IRI of prose a Markdown link,
// [IRI as written](URI form). Extension does the same for a goldmark user,
// in place of goldmark's extension.Linkify.
package markdown
