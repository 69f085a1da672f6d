package difftest

import "github.com/gocuda/gocuda/gocuda"

// JamRunsKernel scans, for thread i of the grid, its run in[lo:hi] of
// the runs bounds gives (lo = bounds[i], hi = bounds[i+1]) into out,
// inclusively where mode[i] is odd, starting from i, then adds to the
// run's outputs a value a for loop computes in as many trips as the run
// is long. The threads' runs differ in length, so a jam of four runs
// their loops together while all four have trips left and each alone
// after; where the threads of a jam disagree on the mode, each runs its
// own branch. Thread short passes an out one element shorter than its
// run (its capacity too): it fails at the helper's first statement.
//
//gocuda:kernel JamRunsKernel
func jamRuns(t *gocuda.Thread, in, out []float32, bounds, mode []int, short int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lo, hi := bounds[i], bounds[i+1]
	end := hi
	if i == short {
		end--
	}
	jamRun(in[lo:hi], out[lo:end:end], float32(i), mode[i]%2 == 1)
}

// jamRun scans in into out from offset, inclusive or exclusive, then
// adds to out the len(in)-th term of r = r/2 + 1 from r = offset, less
// half the element of in: a loop over out that reads in, which the
// helper made as long.
func jamRun(in, out []float32, offset float32, inclusive bool) {
	out = out[:len(in)]
	s := offset
	if inclusive {
		for k, x := range in {
			s += x
			out[k] = s
		}
	} else {
		for k, x := range in {
			out[k] = s
			s += x
		}
	}
	r := offset
	for m := 0; m < len(in); m++ {
		r = r/2 + 1
	}
	for k := range out {
		out[k] += r - in[k]/2
	}
}
