// Package golden holds the compiler pipeline's golden tests. It is a
// module of its own, so that the golden tree stays out of the module
// users download.
//
// Per pass, in the manner of TinyGo's transform/testdata, each pass of
// kir.PassNames has a directory testdata/passes/PASS: a package of small
// kernels that exercise the pass, each with a golden file KERNEL.golden
// holding the IR just before the pass and just after it, or saying that
// the pass left it unchanged or refused it (TestPass). A kernel's doc
// comment says what the pass does to it, in a paragraph starting with
// the pass's name, and the pass must change it; a negative case, which
// the pass must leave alone (a guard that blocks it), says why in a
// paragraph starting "Unchanged:". TestPassDirs checks that every pass
// has a directory with a positive case and, unless the pass has no
// condition to fail (noNegative), a negative one.
//
// Whole pipeline: every kernel of the packages in testdata/src runs
// through all the passes, with the invariants (kir.Verify) checked
// between them and the emitted code's //line directives checked to name
// files (TestGolden); the kernels that synchronize through a method of a
// type parameter run per instantiation (TestInstanceGolden); and each
// refusal reason of TestRefusalReasons comes only from the kernels that
// hold its construct. Only a handful of kernels (wholeGoldens) and the
// instantiations keep their trace, the IR after each pass that changed
// it and the code emitted, as a golden file.
//
// go test -update rewrites the golden files, and removes the whole
// traces of kernels no longer in wholeGoldens; review the diff.
package golden
