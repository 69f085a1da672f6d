package bench_test

import (
	"errors"
	"testing"
	"time"

	"github.com/gocuda/gocuda/bench"
	"github.com/gocuda/gocuda/gocuda"
)

// TestKernelsCheck runs every variant of every comparison at small, odd
// sizes and checks it against the host reference, so a broken variant
// fails go test, not only the benchmarks.
func TestKernelsCheck(t *testing.T) {
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	sizes := map[string][]int{"saxpy": {1, 1000}, "scan": {1, 3001}, "reduce": {1, 3001}, "nbody": {1, 65}, "matmul": {1, 17}, "blur": {2, 35}}
	for _, k := range bench.Kernels() {
		if len(sizes[k.Name]) == 0 {
			t.Errorf("no test sizes for %s", k.Name)
		}
		for _, n := range sizes[k.Name] {
			vs := k.Setup(dev, n)
			names := map[string]bool{}
			for _, v := range vs {
				names[v.Name] = true
				if err := v.Check(); err != nil {
					t.Errorf("%s n=%d %s: %v", k.Name, n, v.Name, err)
				}
			}
			if !names[bench.HandSerial] || !names[bench.HandParallel] || len(vs) < 3 {
				t.Errorf("%s n=%d: variants %v lack a gocuda variant or a baseline", k.Name, n, names)
			}
			if k.Work(n) <= 0 {
				t.Errorf("%s n=%d: work %v", k.Name, n, k.Work(n))
			}
		}
	}
}

// TestMeasure: the median of samples that each fill minTime, and a Run
// error stops the measurement.
func TestMeasure(t *testing.T) {
	runs := 0
	v := bench.Variant{Name: "sleep", Run: func() error { runs++; time.Sleep(time.Millisecond); return nil }}
	ns, err := bench.Measure(v, 5*time.Millisecond, 3)
	if err != nil || ns < float64(time.Millisecond) || ns > float64(time.Second) {
		t.Errorf("Measure = %v ns, %v; want about 1ms", ns, err)
	}
	if runs < 1+3*5 {
		t.Errorf("%d runs: samples did not fill minTime", runs)
	}
	boom := errors.New("boom")
	v.Run = func() error { return boom }
	if _, err := bench.Measure(v, time.Millisecond, 3); !errors.Is(err, boom) {
		t.Errorf("Measure of a failing run: %v", err)
	}
	if _, ok := bench.KernelNamed("bogus"); ok {
		t.Error("KernelNamed found a bogus kernel")
	}
}
