// Package corpus converts whole collections of documents: directory trees
// of text, HTML, mail messages and mbox archives, and gzip files of these.
// It is the engine of "iriscan corpus"; Run is the whole API.
//
// Each input file is one unit of work, converted by the same library code
// as "iriscan rewrite" or "iriscan linkify" for that file alone, into a
// tree under Options.Out that mirrors the input: an output's path depends
// on its input's path only.
//
// A unit is done if and only if its output exists. Each output is written
// to Out/.iriscan/tmp/, synced, and renamed into place, and the directory
// is synced: the rename is the only commit. A run killed at any moment
// (even by SIGKILL) leaves complete outputs and temporary files; running
// it again removes the temporary files and converts exactly the units
// whose output does not exist. A journal in Out/.iriscan/ records what
// each run converted (input path, size, modification time, output digest)
// for auditing; it never decides what is done.
//
// Work is split among machines by Shard: a stable hash of each input's
// relative path picks its shard, so that adding files or changing the
// number of shards never moves finished work; a lock keeps two runs of the
// same shard of one output tree apart.
package corpus
