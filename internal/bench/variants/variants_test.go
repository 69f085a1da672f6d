package variants_test

import (
	"fmt"
	"slices"
	"testing"

	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench/variants"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// TestVariants runs every variant at its algorithm's test sizes, compiled
// and on the runtime path (gocuda.Config.RuntimePath), and every original
// and baseline on the compiled device, each against its sequential host
// reference: exact for the integer operators and for the float sums,
// scans, SAXPY and matrix products, whose inputs keep every partial result
// an integer that float32 holds exactly; within 1e-4 of the largest
// component for n-body, whose variants add the same terms in other orders
// and precisions.
func TestVariants(t *testing.T) {
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	for _, a := range variants.Algos() {
		for _, n := range a.Test {
			for _, impl := range a.Impls {
				paths := []bool{false}
				if impl.Kind == variants.Reworded {
					paths = append(paths, true)
				}
				for _, runtimePath := range paths {
					name := fmt.Sprintf("%s/n=%d/%s", a.Name, n, impl.Name)
					if runtimePath {
						name += "/runtimePath"
					}
					t.Run(name, func(t *testing.T) {
						if err := impl.Setup(dev, n, runtimePath).Check(); err != nil {
							t.Fatal(err)
						}
					})
				}
			}
		}
	}
}

// TestAlgos: the suite has at least 40 variants; each algorithm has an
// original, a variant and both hand-written baselines, names are unique,
// and each variant names an original of its algorithm.
func TestAlgos(t *testing.T) {
	count := 0
	for _, a := range variants.Algos() {
		var originals, names []string
		kinds := map[string]int{}
		for _, impl := range a.Impls {
			if slices.Contains(names, impl.Name) {
				t.Errorf("%s: %s twice", a.Name, impl.Name)
			}
			names = append(names, impl.Name)
			kinds[impl.Kind]++
			if impl.Kind == variants.Original {
				originals = append(originals, impl.Name)
			}
		}
		for _, impl := range a.Impls {
			if impl.Kind == variants.Reworded && !slices.Contains(originals, impl.Of) {
				t.Errorf("%s/%s rewords %q, not an original of %v", a.Name, impl.Name, impl.Of, originals)
			}
		}
		if kinds[variants.Original] == 0 || kinds[variants.Reworded] == 0 || kinds[variants.Hand] != 2 {
			t.Errorf("%s: impls by kind %v", a.Name, kinds)
		}
		if a.Size <= a.Short || len(a.Test) == 0 {
			t.Errorf("%s: sizes %d, short %d, test %v", a.Name, a.Size, a.Short, a.Test)
		}
		count += kinds[variants.Reworded]
	}
	if count < 40 {
		t.Errorf("%d variants, want at least 40", count)
	}
}
