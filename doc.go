// Package iriscan is the root of the iriscan module: it holds no code, only
// this overview and the test that keeps the layers below in order.
//
// iriscan finds Internationalized Resource Identifiers (IRIs) in documents
// and rewrites them as URIs, IRIs or a bidi-safe display form, following
// draft-duerst-iri-bis-07. Data flows one way through five floors of
// packages, each importing only those below it:
//
//	charset   bytes ↔ UTF-8: sniffing, decoding with a map back to source offsets, encoding
//	iri       one identifier: parse, validate, ToURI, ToIRI, Display, Normalize, IDNA
//	scanner   find IRIs in running text and HTML, streaming
//	rewrite   rewrite or linkify whole documents (rewrite/mail for mail and mbox)
//	corpus    many documents: trees and archives, in parallel, resumable
//
// and the command iriscan (cmd/iriscan) maps flags onto them.
package iriscan
