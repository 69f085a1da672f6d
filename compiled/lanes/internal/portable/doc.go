// Package portable is package lanes' portable vectors in every build, so
// that the SIMD build's tests can check them against package
// simd/archsimd, which lanes there is. gen.go writes its files from
// lanes' own.
package portable
