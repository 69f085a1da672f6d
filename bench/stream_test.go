package bench_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// BenchmarkStreamLaunch measures the throughput of small asynchronous
// launches (a 1-block, 32-thread kernel) queued on 1, 4 and 16 streams,
// reported per launch. The baseline does the same work the way hand-written
// Go would: one goroutine per stream, each calling the same function for its
// share of the operations.
func BenchmarkStreamLaunch(b *testing.B) {
	const launches = 256
	dev, err := gocuda.NewDevice()
	if err != nil {
		b.Fatal(err)
	}
	defer dev.Close()
	cfg := gocuda.Config{Block: gocuda.Dim3{X: 32}}
	for _, n := range []int{1, 4, 16} {
		data := make([][32]float32, n)
		body := func(s, i int) { data[s][i] = data[s][i]*0.5 + 1 }
		b.Run(fmt.Sprintf("streams=%d/gocuda", n), func(b *testing.B) {
			streams := make([]*gocuda.Stream, n)
			for i := range streams {
				if streams[i], err = dev.NewStream(); err != nil {
					b.Fatal(err)
				}
				defer streams[i].Close()
			}
			for b.Loop() {
				for k := range launches {
					s := k % n
					must(b, streams[s].Launch(cfg, func(t *gocuda.Thread) { body(s, t.ThreadIdx.X) }))
				}
				must(b, dev.Synchronize())
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*launches), "ns/launch")
		})
		b.Run(fmt.Sprintf("streams=%d/goroutines", n), func(b *testing.B) {
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
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*launches), "ns/launch")
		})
	}
}
