package bench_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// BenchmarkStreamLaunch measures the throughput of small asynchronous
// launches (a 1-block, 32-thread kernel) queued on 1, 4 and 16 streams,
// reported per launch. The baseline (impl=handParallel) does the same
// work the way hand-written Go would: one goroutine per stream, each
// calling the same function for its share of the operations.
func BenchmarkStreamLaunch(b *testing.B) { runSuite(b, "StreamLaunch") }

func streamLaunchSuite(tb testing.TB, short bool) []benchCase {
	const launches = 256
	dev := newDevice(tb)
	cfg := gocuda.Config{Block: gocuda.Dim3{X: 32}}
	report := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*launches), "ns/launch")
	}
	var cs []benchCase
	for _, n := range []int{1, 4, 16} {
		data := make([][32]float32, n)
		body := func(s, i int) { data[s][i] = data[s][i]*0.5 + 1 }
		cs = append(cs, benchCase{fmt.Sprintf("streams=%d/impl=gocuda", n), func(b *testing.B) {
			streams := make([]*gocuda.Stream, n)
			for i := range streams {
				s, err := dev.NewStream()
				must(b, err)
				defer s.Close()
				streams[i] = s
			}
			for b.Loop() {
				for k := range launches {
					s := k % n
					must(b, streams[s].Launch(cfg, func(t *gocuda.Thread) { body(s, t.ThreadIdx.X) }))
				}
				must(b, dev.Synchronize())
			}
			report(b)
		}}, benchCase{fmt.Sprintf("streams=%d/impl=%s", n, bench.HandParallel), func(b *testing.B) {
			for b.Loop() {
				var wg sync.WaitGroup
				for s := range n {
					wg.Go(func() {
						for range launches / n {
							for i := range 32 {
								body(s, i)
							}
						}
					})
				}
				wg.Wait()
			}
			report(b)
		}})
	}
	return cs
}
