package rodinia_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// backpropTol is the tolerance of the hidden units, all in (0, 1). The
// kernel adds each hidden unit's products in trees of 16 and the host adds
// the trees' sums, where BPNNLayerForwardSerial adds input after input and
// BPNNLayerForwardParallel adds runs of inputs: float32 sums of the same
// terms in three orders, which differ in their last bits.
const backpropTol = 1e-5

// TestBPNNLayerForward: BPNNLayerForward on both paths, and
// BPNNLayerForwardParallel, set the hidden units as BPNNLayerForwardSerial
// does, within backpropTol, for one block of inputs to many. The weights
// are centred and scaled down from Rodinia's [0, 1) so that the sums stay
// where the sigmoid is not flat, and a wrong sum would show.
func TestBPNNLayerForward(t *testing.T) {
	sizes := []int{16, 32, 48, 160, 1024}
	if !testing.Short() {
		sizes = append(sizes, 65536)
	}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, in := range sizes {
			t.Run(fmt.Sprintf("in=%d", in), func(t *testing.T) {
				net, err := rodinia.NewBPNN(in, seed)
				require.NoError(t, err)
				for i, w := range net.InputWeights {
					net.InputWeights[i] = (w - 0.5) / 16
				}
				weights := slices.Clone(net.InputWeights)
				rodinia.BPNNLayerForwardSerial(net)
				want := slices.Clone(net.HiddenUnits)

				clear(net.HiddenUnits)
				require.NoError(t, rodinia.BPNNLayerForward(dev, net))
				require.NoError(t, gocudatest.Close(net.HiddenUnits[1:], want[1:], backpropTol), "BPNNLayerForward")
				require.Equal(t, weights, net.InputWeights, "the weights are left alone")

				clear(net.HiddenUnits)
				rodinia.BPNNLayerForwardParallel(net)
				require.NoError(t, gocudatest.Close(net.HiddenUnits[1:], want[1:], backpropTol), "BPNNLayerForwardParallel")
			})
		}
	})
}

// TestBPNNLayerForwardSmall: one block of inputs, every weight and input
// one half, and the bias weights zero: each hidden unit sums 16 quarters.
func TestBPNNLayerForwardSmall(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	net, err := rodinia.NewBPNN(16, seed)
	require.NoError(t, err)
	for i := range net.InputWeights {
		net.InputWeights[i] = 0.5
	}
	for j := range rodinia.BPNNHidden + 1 {
		net.InputWeights[j] = 0
	}
	for k := 1; k < len(net.InputUnits); k++ {
		net.InputUnits[k] = 0.5
	}
	require.NoError(t, rodinia.BPNNLayerForward(dev, net))
	want := float32(1 / (1 + 0.01831563888873418)) // 1/(1+e^-4)
	for j := 1; j <= rodinia.BPNNHidden; j++ {
		require.InDelta(t, want, net.HiddenUnits[j], 1e-7, "hidden unit %d", j)
	}
}

// TestNewBPNNErrors: input counts that are not positive multiples of 16
// are errors matching gocuda.ErrInvalidValue, as is a nil device.
func TestNewBPNNErrors(t *testing.T) {
	for _, in := range []int{0, -16, 15, 17} {
		_, err := rodinia.NewBPNN(in, seed)
		require.ErrorIs(t, err, gocuda.ErrInvalidValue, "in=%d", in)
	}
	net, err := rodinia.NewBPNN(16, seed)
	require.NoError(t, err)
	require.ErrorIs(t, rodinia.BPNNLayerForward(nil, net), gocuda.ErrInvalidValue)
}
