package rows

import "github.com/gocuda/gocuda/gocuda"

// doubleBuffered is a Hillis–Steele step over two buffers in one array
// (GPU Gems 3, Example 39-1): the thread reads its neighbour at offset
// below it in the buffer pin selects, where pin*b-offset is negative in
// every other step.
//
// rows checks temp once a row, peeled: the neighbour's index subtracts
// offset, which takes the first threads of a row out of range where pin
// is 0, so those run checked and the rest unchecked.
func doubleBuffered(t *gocuda.Thread, temp []float32, steps int) {
	b, tid := t.BlockDim.X, t.ThreadIdx.X
	pout, pin := 0, 1
	for offset := 1; offset < steps; offset *= 2 {
		pout = 1 - pout
		pin = 1 - pout
		if tid >= offset {
			temp[pout*b+tid] = temp[pin*b+tid] + temp[pin*b+tid-offset]
		} else {
			temp[pout*b+tid] = temp[pin*b+tid]
		}
		t.SyncThreads()
	}
}
