package fuzz

import (
	"fmt"
	"slices"
)

// Minimize returns a smaller kernel that still fails as same says, and its
// result. It tries, a batch at a time (one build each, at most rounds
// batches), inputs with chunks of k's input deleted or zeroed (a zero
// byte is the simplest choice), halving the chunks when none helps, and
// keeps the one giving the shortest source.
func Minimize(k *Kernel, same func(*Result) bool, opt Options, rounds int) (*Kernel, *Result, error) {
	best, bestResult := k, (*Result)(nil)
	width := max(1, len(k.Input)/2)
	for round := range rounds {
		cands := candidates(best.Input, width, 48, round)
		if len(cands) == 0 {
			break
		}
		var ks []*Kernel
		for i, c := range cands {
			ks = append(ks, Generate(fmt.Sprintf("k%d", i), c))
		}
		results, err := Run(ks, opt)
		if err != nil {
			return best, bestResult, err
		}
		improved := false
		for _, r := range results {
			if same(r) && len(r.Kernel.Decls) < len(best.Decls) {
				best, bestResult, improved = r.Kernel, r, true
			}
		}
		if !improved {
			if width == 1 {
				break
			}
			width /= 2
		}
	}
	if bestResult == nil {
		return best, nil, nil
	}
	best = Generate(k.Name, best.Input)
	bestResult.Kernel = best
	return best, bestResult, nil
}

// candidates returns at most n inputs made from data by deleting or
// zeroing one chunk of width bytes, spread over data (from a place that
// shift moves, when there are more than n).
func candidates(data []byte, width, n, shift int) [][]byte {
	var out [][]byte
	for at := 0; at < len(data); at += width {
		end := min(at+width, len(data))
		out = append(out, slices.Concat(data[:at], data[end:]))
		if slices.ContainsFunc(data[at:end], func(b byte) bool { return b != 0 }) {
			z := slices.Clone(data)
			clear(z[at:end])
			out = append(out, z)
		}
	}
	if len(out) <= n {
		return out
	}
	picked := make([][]byte, 0, n)
	for i := range n {
		picked = append(picked, out[(i*len(out)/n+shift)%len(out)])
	}
	return picked
}
