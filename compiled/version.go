package compiled

// GeneratedCodeVersion2 is the version of the code gocuda compile writes
// that this package runs: every generated file names it (const _ =
// compiled.GeneratedCodeVersion2), and the package declares the current
// version only. A generated file written by another version of gocuda,
// whose calls into this package may no longer mean the same, then fails
// to build at that line, "undefined: compiled.GeneratedCodeVersionN",
// rather than somewhere inside; go generate writes it again. Version 2
// records embed the source files they hash (NewSource's files).
const GeneratedCodeVersion2 = 2
