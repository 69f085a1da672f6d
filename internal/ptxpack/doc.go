// Package ptxpack stores the PTX modules of a generated file compressed:
// gocuda compile -gpu writes one pack per source file (Encode), and a
// launch on a GPU decompresses it the first time it needs one of its
// modules (Pack). PTX is long and repetitive text, which deflate shrinks
// about tenfold; a pack keeps the weight of -gpu's generated files, which
// users download, near that of the CPU forms.
//
// A pack is text: the base64 of the zlib stream (deflate, with an
// Adler-32 checksum that catches a corrupt pack) of a header naming each
// module and its length, and the modules one after another, wrapped at
// Width characters so that it sits in a Go raw string literal that gofmt
// leaves alone and a diff shows line by line. The bytes are those of
// compress/flate at a fixed level: a Go release that changed its output
// would make gocuda compile -check find every pack stale, and
// TestDeterministic says so first.
package ptxpack
