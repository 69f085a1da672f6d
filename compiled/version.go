package compiled

// GeneratedCodeVersion4 is the version of the code gocuda compile writes
// that this package runs: every generated file names it (const _ =
// compiled.GeneratedCodeVersion4), and the package declares the current
// version only. A generated file written by another version of gocuda,
// whose calls into this package may no longer mean the same, then fails
// to build at that line, "undefined: compiled.GeneratedCodeVersionN",
// rather than somewhere inside; go generate writes it again. Version 2
// records embed the source files they hash (NewSource's files); version 3
// keeps a source file's PTX compressed (Source.Pack) and may take a
// private copy's elements as a shared array (Private.Span); version 4
// writes both builds' code in one file under SIMDBuild, its vectors
// naming package lanes (archsimd's types in the SIMD build).
const GeneratedCodeVersion4 = 4
