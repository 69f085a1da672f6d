package corpus

import (
	"testing"

	"github.com/gocuda/gocuda/gocudatest"
)

// sharedHistogramCase runs SharedHistogram on 8 blocks of 256 threads;
// with both barriers it checks the counts (without either, a CPU run
// may lose some, as a GPU may).
func sharedHistogramCase(t *testing.T, zeroSync, countSync bool) {
	dev := gocudatest.NewDevice(t)
	data := make([]uint8, 20000)
	want := make([]uint32, 256)
	for i := range data {
		data[i] = uint8(i*7 + i/256)
		want[data[i]]++
	}
	bins := make([]uint32, 256)
	launch(t, dev, x1(8), x1(256), SharedHistogram(data, bins, zeroSync, countSync))
	if !zeroSync || !countSync {
		return
	}
	if err := gocudatest.Equal(bins, want); err != nil {
		t.Fatal(err)
	}
}

func TestSharedHistogram(t *testing.T)            { sharedHistogramCase(t, true, true) }
func TestSharedHistogramNoZeroSync(t *testing.T)  { sharedHistogramCase(t, false, true) }
func TestSharedHistogramNoCountSync(t *testing.T) { sharedHistogramCase(t, true, false) }
