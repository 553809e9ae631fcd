// Package textdiff writes the unified diff (diff -u) of two texts in
// memory bounded by a constant, whatever their size: the texts are read
// twice from an io.ReaderAt (a file, a bytes.Reader), once to hash their
// lines and once to print the lines of the hunks, and only a window of
// line hashes and the hunk being printed are held.
//
// The diff is correct for any input: applied with patch, it turns the
// old text into the new one. It is the shortest where the changes are
// local, which is what a rewriter makes (the new text is the old one
// with spans replaced): within a window of Window lines the lines are
// matched by the patience method (lines that occur once in each text,
// matched in order) with a longest common subsequence for small parts,
// and the window slides on from a matched line. Lines are compared by a
// 64-bit hash with a seed chosen afresh for each diff, so that no input
// can be made to collide on purpose.
package textdiff
