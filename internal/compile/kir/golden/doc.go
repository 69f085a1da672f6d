// Package golden holds the compiler pipeline's golden tests: for each
// kernel of the packages in testdata/src, the IR after each pass that
// changed it and the code emitted (go test -update rewrites them; review
// the diff), and the refusal reasons each construct produces. It is a
// module of its own, so that the golden tree stays out of the module users
// download.
package golden
