// Package ledger keeps the record of a corpus package's refusals: the
// kernels gocuda compile leaves on the runtime path, with its reasons,
// listed in the package's testdata/refused.txt, so that the file's
// history shows the compiler's progress on that corpus. Each corpus
// package's TestRefusedLedger calls Check on its own directory; users
// never see this package.
package ledger
