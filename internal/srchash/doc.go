// Package srchash fingerprints a kernel's source lines, so that a compiled
// form generated from them can tell when they have changed: the generator
// records the hash, and the engine checks it when the kernel first runs.
package srchash
