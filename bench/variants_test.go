package bench_test

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/internal/bench/variants"
)

// BenchmarkVariants runs issue 83's measuring stick: for each textbook
// algorithm of package variants (the warp-shuffle block reduction,
// Harris's trees, the Hillis–Steele and Blelloch scans, SAXPY, tiled
// matmul, n-body, the histogram), its originals compiled
// (variant=warpShuffle/impl=compiled), each of its rewordings compiled
// (variant=laneMod/impl=compiled) and the hand-written Go of the original
// (variant=hand/impl=handSerial, impl=handParallel), at the algorithm's
// size (variants.Algo.Size; Short with -short), so that one run gives each
// variant's speed relative to its original and to hand-written Go.
// Each sub-benchmark first checks its result against the host reference.
func BenchmarkVariants(b *testing.B) { runSuite(b, "Variants") }

func init() { suites["Variants"] = variantsSuite }

func variantsSuite(tb testing.TB, short bool) []benchCase {
	dev := newDevice(tb)
	var cs []benchCase
	for _, a := range variants.Algos() {
		n := a.Size
		if short {
			n = a.Short
		}
		for _, impl := range a.Impls {
			variant, name := impl.Name, "compiled"
			if impl.Kind == variants.Hand {
				variant, name = "hand", impl.Name
			} else if dev.RuntimePath() { // GOCUDA_COMPILED=off: nothing runs compiled
				continue
			}
			in := impl.Setup(dev, n, false)
			cs = append(cs, benchCase{fmt.Sprintf("algo=%s/variant=%s/impl=%s", a.Name, variant, name), func(b *testing.B) {
				v := bench.Variant{Name: impl.Name, Run: in.Run, Check: in.Check}
				if err := v.Check(); err != nil {
					b.Fatal(err)
				}
				if _, err := bench.WarmUp(v, bench.Settings(short).WarmUp); err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					must(b, v.Run())
				}
			}})
		}
	}
	return cs
}
