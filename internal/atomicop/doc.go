// Package atomicop holds what CUDA's atomics compute, apart from making
// it atomic: which value Min and Max store, and when CAS matches. Package
// atomic makes these operations atomic; package compiled's Shared forms
// apply them with plain loads and stores where one goroutine alone
// reaches the memory, so the two give the same results.
package atomicop
