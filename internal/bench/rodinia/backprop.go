package rodinia

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// The shape of backprop.h.
const (
	// BPNNHidden is the number of hidden units of Rodinia's network
	// (facetrain.c: "16, 1 can not be changed").
	BPNNHidden = 16
	bpnnWidth  = 16 // WIDTH, shared memory width: one column per hidden unit
	bpnnHeight = 16 // HEIGHT, shared memory height: one row per input unit
)

// LayerForwardKernel returns bpnn_layerforward_CUDA of Rodinia's
// backprop/backprop_cuda_kernel.cu: the input layer's products summed per
// block of 16 inputs. Block (0, by) of 16×16 threads takes inputs 16·by+1
// to 16·by+16 (row ty) and hidden units 1 to 16 (column tx): thread (tx, ty)
// multiplies its weight by its input in a shared 16×16 matrix, then the
// block sums each column by a tree over the rows, log2(16) = 4 steps with a
// barrier after each, and thread (0, ty) writes the column sum of hidden
// unit ty+1 to hiddenPartialSum[by·hid+ty]. inputHiddenCuda, the
// (in+1)×(hid+1) weights, is overwritten with the tree's values, as in the
// original. hid must be 16. outputHiddenCuda is unused, as in Rodinia.
// Launch it with a grid of 1×(in/16) blocks of 16×16 threads
// (BPNNLayerForward does).
//
// __log2f and __powf become math.Log2 and math.Pow, exact here.
//
//gocuda:kernel LayerForwardKernel
func layerForward(t *gocuda.Thread, inputCuda, outputHiddenCuda, inputHiddenCuda, hiddenPartialSum []float32, in, hid int) {
	by := t.BlockIdx.Y
	tx := t.ThreadIdx.X
	ty := t.ThreadIdx.Y

	index := (hid+1)*bpnnHeight*by + (hid+1)*ty + tx + 1 + (hid + 1)
	indexIn := bpnnHeight*by + ty + 1

	inputNode := gocuda.Shared[float32](t, bpnnHeight)
	weightMatrix := gocuda.Shared[[bpnnWidth]float32](t, bpnnHeight)

	if tx == 0 {
		inputNode[ty] = inputCuda[indexIn]
	}
	t.SyncThreads()

	weightMatrix[ty][tx] = inputHiddenCuda[index]
	t.SyncThreads()

	weightMatrix[ty][tx] = weightMatrix[ty][tx] * inputNode[ty]
	t.SyncThreads()

	for i := 1; float64(i) <= math.Log2(bpnnHeight); i++ {
		powerTwo := int(math.Pow(2, float64(i)))
		if ty%powerTwo == 0 {
			weightMatrix[ty][tx] = weightMatrix[ty][tx] + weightMatrix[ty+powerTwo/2][tx]
		}
		t.SyncThreads()
	}

	inputHiddenCuda[index] = weightMatrix[ty][tx]
	t.SyncThreads()

	if tx == 0 {
		hiddenPartialSum[by*hid+ty] = weightMatrix[tx][ty]
	}
}

// BPNN is the input layer of Rodinia's backprop network (backprop.h's
// BPNN, the fields bpnn_layerforward touches), with BPNNHidden hidden
// units. Its methods are not safe for concurrent use.
type BPNN struct {
	// InputN is the number of input units, a multiple of 16.
	InputN int
	// InputUnits holds the input units, InputN+1 of them: [0] is the bias
	// unit, 1.
	InputUnits []float32
	// HiddenUnits holds the hidden units' outputs, BPNNHidden+1 of them
	// ([0] unused), which the layer-forward functions set.
	HiddenUnits []float32
	// InputWeights holds the weights from input unit k to hidden unit j
	// at [k·(BPNNHidden+1)+j], row-major as bpnn_train_cuda flattens
	// net->input_weights.
	InputWeights []float32

	// The device copies of BPNNLayerForward, made on its first call.
	inputHiddenCuda, outputHiddenCuda, hiddenPartialSum []float32
}

// NewBPNN returns a network of in input units (a positive multiple of 16)
// whose weights and inputs are random in [0, 1), made from seed as
// backprop.c's bpnn_randomize_weights and imagenet.c's load make them.
func NewBPNN(in int, seed uint64) (*BPNN, error) {
	if in < bpnnHeight || in%bpnnHeight != 0 {
		return nil, fmt.Errorf("%w: rodinia.NewBPNN: %d inputs, not a positive multiple of %d",
			gocuda.ErrInvalidValue, in, bpnnHeight)
	}
	r := newRand(seed)
	net := &BPNN{
		InputN:       in,
		InputUnits:   make([]float32, in+1),
		HiddenUnits:  make([]float32, BPNNHidden+1),
		InputWeights: make([]float32, (in+1)*(BPNNHidden+1)),
	}
	for i := range net.InputWeights {
		net.InputWeights[i] = r.Float32()
	}
	net.InputUnits[0] = 1
	for k := 1; k <= in; k++ {
		net.InputUnits[k] = r.Float32()
	}
	return net, nil
}

// BPNNLayerForward sets net's hidden units from its inputs on dev, as the
// GPU part of bpnn_train_cuda in backprop_cuda.cu does: it copies the
// weights to the device copy the kernel overwrites (Rodinia's
// cudaMemcpy), launches LayerForwardKernel on a grid of 1×(in/16) blocks
// of 16×16, then, on the host, adds each hidden unit's partial sums block
// by block and its bias weight, and squashes the sum with the sigmoid.
// It returns an error wrapping gocuda.ErrInvalidValue for a nil device,
// or the launch's.
func BPNNLayerForward(dev *gocuda.Device, net *BPNN) error {
	if dev == nil {
		return nilDevice("BPNNLayerForward")
	}
	in, hid := net.InputN, BPNNHidden
	numBlocks := in / 16
	if net.inputHiddenCuda == nil {
		net.inputHiddenCuda = make([]float32, (in+1)*(hid+1))
		net.outputHiddenCuda = make([]float32, hid+1)
		net.hiddenPartialSum = make([]float32, numBlocks*bpnnWidth)
	}
	copy(net.inputHiddenCuda, net.InputWeights)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: numBlocks}, Block: gocuda.Dim3{X: 16, Y: 16}}
	kernel := LayerForwardKernel(net.InputUnits, net.outputHiddenCuda, net.inputHiddenCuda, net.hiddenPartialSum, in, hid)
	if err := dev.Launch(cfg, kernel); err != nil {
		return err
	}
	partialSum := net.hiddenPartialSum
	for j := 1; j <= hid; j++ {
		var sum float32
		for k := range numBlocks {
			sum += partialSum[k*hid+j-1]
		}
		sum += net.InputWeights[j] // net->input_weights[0][j]
		net.HiddenUnits[j] = squash(sum)
	}
	return nil
}

// BPNNLayerForwardSerial computes what BPNNLayerForward computes in one
// goroutine, as backprop.c's bpnn_layerforward does (the bias unit set to
// 1, each hidden unit's products added input by input), walking the
// weights row by row: the hand-written serial baseline.
func BPNNLayerForwardSerial(net *BPNN) {
	net.InputUnits[0] = 1 // the thresholding unit
	var sums [BPNNHidden + 1]float32
	layerSums(net, 0, net.InputN+1, &sums)
	for j := 1; j <= BPNNHidden; j++ {
		net.HiddenUnits[j] = squash(sums[j])
	}
}

// BPNNLayerForwardParallel is BPNNLayerForwardSerial with the inputs split
// over GOMAXPROCS goroutines, each adding its own sums, added together at
// the end: the hand-written parallel baseline.
func BPNNLayerForwardParallel(net *BPNN) {
	net.InputUnits[0] = 1
	partial := make([][BPNNHidden + 1]float32, parallelParts(net.InputN+1))
	parallelForParts(net.InputN+1, func(p, lo, hi int) { layerSums(net, lo, hi, &partial[p]) })
	for j := 1; j <= BPNNHidden; j++ {
		var sum float32
		for p := range partial {
			sum += partial[p][j]
		}
		net.HiddenUnits[j] = squash(sum)
	}
}

// layerSums adds the products of inputs lo to hi-1 into sums.
func layerSums(net *BPNN, lo, hi int, sums *[BPNNHidden + 1]float32) {
	for k := lo; k < hi; k++ {
		w := net.InputWeights[k*(BPNNHidden+1):][:BPNNHidden+1]
		x := net.InputUnits[k]
		for j := 1; j <= BPNNHidden; j++ {
			sums[j] += w[j] * x
		}
	}
}

// squash is backprop.c's sigmoid, computed in double as C's
// 1.0 / (1.0 + exp(-x)) is.
func squash(x float32) float32 { return float32(1.0 / (1.0 + math.Exp(-float64(x)))) }
