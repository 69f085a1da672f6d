package rodinia

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// The sizes of lavaMD/main.h.
const (
	// LavaMDParPerBox is NUMBER_PAR_PER_BOX: the particles of a box.
	LavaMDParPerBox = 100
	// LavaMDThreads is NUMBER_THREADS: the threads of a block, one block
	// per box.
	LavaMDThreads = 128
	// lavaMDMaxNei is the length of box_str's nei: a box's 26 neighbours.
	lavaMDMaxNei = 26
)

// LavaMDVector is FOUR_VECTOR of lavaMD/main.h: a particle's potential
// (or distance term) V and its position (or force) X, Y, Z.
type LavaMDVector struct{ V, X, Y, Z float64 }

// lavaMDThreeVector is THREE_VECTOR of lavaMD/main.h.
type lavaMDThreeVector struct{ X, Y, Z float64 }

// LavaMDNei is nei_str of lavaMD/main.h: a neighbouring box, its
// coordinates, its number and the offset of its first particle.
type LavaMDNei struct{ X, Y, Z, Number, Offset int }

// LavaMDBox is box_str of lavaMD/main.h: a box, its coordinates, its
// number, the offset of its first particle, and its NN neighbours.
type LavaMDBox struct {
	X, Y, Z, Number, Offset int
	NN                      int
	Nei                     [lavaMDMaxNei]LavaMDNei
}

// LavaMDPar is par_str of lavaMD/main.h: the potential's parameter.
type LavaMDPar struct{ Alpha float64 }

// LavaMDDim is dim_str of lavaMD/main.h, the fields the port keeps: boxes
// per side, boxes and particles.
type LavaMDDim struct{ Boxes1D, NumberBoxes, SpaceElem int }

// LavaMDKernel returns kernel_gpu_cuda of Rodinia's
// lavaMD/kernel/kernel_gpu_cuda.cu: the forces on the particles of box bx
// from those of its own box and of its neighbours, in double precision.
// Block bx of 128 threads copies its box's 100 particles into shared
// memory (the threads striding over them, a while loop whose trip count
// depends on the thread), a barrier, then for each of 1+NN boxes (a loop
// whose bound is the box's: the same for the block) copies that box's
// particles and charges into shared memory, a barrier, accumulates each
// home particle's potential and force over that box's particles into
// dFvGPU, a barrier. Blocks past dDimGPU.NumberBoxes do nothing. Launch it
// with NumberBoxes blocks of 128 threads (LavaMD does).
//
//gocuda:kernel LavaMDKernel
func lavaMDKernel(t *gocuda.Thread, dParGPU LavaMDPar, dDimGPU LavaMDDim, dBoxGPU []LavaMDBox,
	dRvGPU []LavaMDVector, dQvGPU []float64, dFvGPU []LavaMDVector) {
	bx := t.BlockIdx.X
	tx := t.ThreadIdx.X
	wtx := tx

	if bx < dDimGPU.NumberBoxes {
		a2 := 2.0 * dParGPU.Alpha * dParGPU.Alpha

		// home box
		var firstI int
		var rA, fA []LavaMDVector
		rAShared := gocuda.Shared[LavaMDVector](t, LavaMDParPerBox)

		// neighbour box
		var pointer int
		k := 0
		var firstJ int
		var rB []LavaMDVector
		var qB []float64
		j := 0
		rBShared := gocuda.Shared[LavaMDVector](t, LavaMDParPerBox)
		qBShared := gocuda.Shared[float64](t, LavaMDParPerBox)

		var r2, u2, vij, fs, fxij, fyij, fzij float64
		var d lavaMDThreeVector

		firstI = dBoxGPU[bx].Offset
		rA = dRvGPU[firstI:]
		fA = dFvGPU[firstI:]

		// home box: copy to shared memory
		for wtx < LavaMDParPerBox {
			rAShared[wtx] = rA[wtx]
			wtx = wtx + LavaMDThreads
		}
		wtx = tx

		// not needed, but just to be safe (says the original)
		t.SyncThreads()

		for k = 0; k < 1+dBoxGPU[bx].NN; k++ {
			if k == 0 {
				pointer = bx // the home box first
			} else {
				pointer = dBoxGPU[bx].Nei[k-1].Number
			}

			firstJ = dBoxGPU[pointer].Offset
			rB = dRvGPU[firstJ:]
			qB = dQvGPU[firstJ:]

			for wtx < LavaMDParPerBox {
				rBShared[wtx] = rB[wtx]
				qBShared[wtx] = qB[wtx]
				wtx = wtx + LavaMDThreads
			}
			wtx = tx

			// each thread reads what the others copied
			t.SyncThreads()

			for wtx < LavaMDParPerBox {
				for j = 0; j < LavaMDParPerBox; j++ {
					r2 = rAShared[wtx].V + rBShared[j].V - lavaMDDot(rAShared[wtx], rBShared[j])
					u2 = a2 * r2
					vij = math.Exp(-u2)
					fs = 2 * vij

					d.X = rAShared[wtx].X - rBShared[j].X
					fxij = fs * d.X
					d.Y = rAShared[wtx].Y - rBShared[j].Y
					fyij = fs * d.Y
					d.Z = rAShared[wtx].Z - rBShared[j].Z
					fzij = fs * d.Z

					fA[wtx].V += qBShared[j] * vij
					fA[wtx].X += qBShared[j] * fxij
					fA[wtx].Y += qBShared[j] * fyij
					fA[wtx].Z += qBShared[j] * fzij
				}
				wtx = wtx + LavaMDThreads
			}
			wtx = tx

			// the next box overwrites the shared arrays
			t.SyncThreads()
		}
	}
}

// lavaMDDot is main.h's DOT(A, B) of positions.
func lavaMDDot(a, b LavaMDVector) float64 { return a.X*b.X + a.Y*b.Y + a.Z*b.Z }

// LavaMDSystem is lavaMD's input: Boxes1D³ boxes of 100 particles each,
// with their positions RV and charges QV, as main.c makes them.
type LavaMDSystem struct {
	Par LavaMDPar
	Dim LavaMDDim
	// Boxes are the Dim.NumberBoxes boxes, box i numbered i.
	Boxes []LavaMDBox
	// RV holds each particle's distance term (V) and position, box by box.
	RV []LavaMDVector
	// QV holds each particle's charge.
	QV []float64
}

// NewLavaMDSystem returns the system main.c makes with -boxes1d boxes1d:
// alpha 0.5, each box's neighbours the up to 26 boxes around it, and
// positions and charges in {0.1, 0.2, ..., 1.0}, drawn from seed. It
// returns an error wrapping gocuda.ErrInvalidValue if boxes1d < 1.
func NewLavaMDSystem(boxes1d int, seed uint64) (*LavaMDSystem, error) {
	if boxes1d < 1 {
		return nil, fmt.Errorf("%w: rodinia.NewLavaMDSystem: %d boxes per side", gocuda.ErrInvalidValue, boxes1d)
	}
	nb := boxes1d * boxes1d * boxes1d
	s := &LavaMDSystem{
		Par:   LavaMDPar{Alpha: 0.5},
		Dim:   LavaMDDim{Boxes1D: boxes1d, NumberBoxes: nb, SpaceElem: nb * LavaMDParPerBox},
		Boxes: make([]LavaMDBox, nb),
	}
	in := func(c int) bool { return c >= 0 && c < boxes1d }
	for nh := range s.Boxes {
		b := &s.Boxes[nh]
		b.X, b.Y, b.Z = nh%boxes1d, nh/boxes1d%boxes1d, nh/(boxes1d*boxes1d)
		b.Number, b.Offset = nh, nh*LavaMDParPerBox
		for l := -1; l < 2; l++ {
			for m := -1; m < 2; m++ {
				for n := -1; n < 2; n++ {
					x, y, z := b.X+n, b.Y+m, b.Z+l
					if !in(x) || !in(y) || !in(z) || (l == 0 && m == 0 && n == 0) {
						continue
					}
					num := (z*boxes1d+y)*boxes1d + x
					b.Nei[b.NN] = LavaMDNei{X: x, Y: y, Z: z, Number: num, Offset: num * LavaMDParPerBox}
					b.NN++
				}
			}
		}
	}
	r := newRand(seed)
	tenth := func() float64 { return float64(r.IntN(10)+1) / 10.0 }
	s.RV = make([]LavaMDVector, s.Dim.SpaceElem)
	for i := range s.RV {
		s.RV[i] = LavaMDVector{V: tenth(), X: tenth(), Y: tenth(), Z: tenth()}
	}
	s.QV = make([]float64, s.Dim.SpaceElem)
	for i := range s.QV {
		s.QV[i] = tenth()
	}
	return s, nil
}

// check reports whether s and fv are consistent: every box's particles
// and neighbours inside the arrays, so that no kernel thread indexes out
// of them.
func (s *LavaMDSystem) check(name string, fv []LavaMDVector) error {
	if s == nil {
		return fmt.Errorf("%w: rodinia.%s: nil system", gocuda.ErrInvalidValue, name)
	}
	nb, n := s.Dim.NumberBoxes, s.Dim.SpaceElem
	if nb < 1 || len(s.Boxes) != nb || n != nb*LavaMDParPerBox || len(s.RV) != n || len(s.QV) != n || len(fv) != n {
		return fmt.Errorf("%w: rodinia.%s: %d boxes, %d particles, len(Boxes) = %d, len(RV) = %d, len(QV) = %d, len(fv) = %d",
			gocuda.ErrInvalidValue, name, nb, n, len(s.Boxes), len(s.RV), len(s.QV), len(fv))
	}
	inside := func(box int) bool {
		return box >= 0 && box < nb && s.Boxes[box].Offset >= 0 && s.Boxes[box].Offset <= n-LavaMDParPerBox
	}
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if !inside(i) || b.NN < 0 || b.NN > lavaMDMaxNei {
			return fmt.Errorf("%w: rodinia.%s: box %d: offset %d, %d neighbours", gocuda.ErrInvalidValue, name, i, b.Offset, b.NN)
		}
		for _, nei := range b.Nei[:b.NN] {
			if !inside(nei.Number) {
				return fmt.Errorf("%w: rodinia.%s: box %d: neighbour %d", gocuda.ErrInvalidValue, name, i, nei.Number)
			}
		}
	}
	return nil
}

// LavaMD computes the potential and force on every particle of s into fv
// on dev, as kernel_gpu_cuda_wrapper of lavaMD does: fv zeroed (main.c
// zeroes it, the kernel accumulates), then one launch of LavaMDKernel, a
// block of 128 threads per box. Errors wrap gocuda.ErrInvalidValue for a
// nil device or an inconsistent system, or are the launch's.
func LavaMD(dev *gocuda.Device, s *LavaMDSystem, fv []LavaMDVector) error {
	if dev == nil {
		return nilDevice("LavaMD")
	}
	if err := s.check("LavaMD", fv); err != nil {
		return err
	}
	clear(fv)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: s.Dim.NumberBoxes}, Block: gocuda.Dim3{X: LavaMDThreads}}
	return dev.Launch(cfg, LavaMDKernel(s.Par, s.Dim, s.Boxes, s.RV, s.QV, fv))
}

// LavaMDSerial computes what LavaMD computes in one goroutine, box by box
// as Rodinia's OpenMP kernel_cpu does: the hand-written serial baseline.
// Every particle gets the kernel's operations in the same order, so
// results agree with LavaMD's. It panics on an inconsistent system.
func LavaMDSerial(s *LavaMDSystem, fv []LavaMDVector) {
	lavaMDHost(s, fv, "LavaMDSerial", serialFor)
}

// LavaMDParallel is LavaMDSerial with the boxes split over GOMAXPROCS
// goroutines: the hand-written parallel baseline.
func LavaMDParallel(s *LavaMDSystem, fv []LavaMDVector) {
	lavaMDHost(s, fv, "LavaMDParallel", parallelFor)
}

func lavaMDHost(s *LavaMDSystem, fv []LavaMDVector, name string, split func(n int, f func(lo, hi int))) {
	if err := s.check(name, fv); err != nil {
		panic(err)
	}
	clear(fv)
	a2 := 2.0 * s.Par.Alpha * s.Par.Alpha
	split(s.Dim.NumberBoxes, func(lo, hi int) {
		for bx := lo; bx < hi; bx++ {
			home := &s.Boxes[bx]
			rA := s.RV[home.Offset:][:LavaMDParPerBox]
			fA := fv[home.Offset:][:LavaMDParPerBox]
			for k := range 1 + home.NN {
				pointer := bx
				if k > 0 {
					pointer = home.Nei[k-1].Number
				}
				off := s.Boxes[pointer].Offset
				lavaMDBoxPair(a2, rA, fA, s.RV[off:][:LavaMDParPerBox], s.QV[off:][:LavaMDParPerBox])
			}
		}
	})
}

// lavaMDBoxPair accumulates into fA the potentials and forces on the
// particles rA from the particles rB of charges qB.
func lavaMDBoxPair(a2 float64, rA, fA, rB []LavaMDVector, qB []float64) {
	for i, a := range rA {
		f := fA[i]
		for j, b := range rB {
			r2 := a.V + b.V - lavaMDDot(a, b)
			vij := math.Exp(-(a2 * r2))
			fs := 2 * vij
			q := qB[j]
			f.V += q * vij
			f.X += q * (fs * (a.X - b.X))
			f.Y += q * (fs * (a.Y - b.Y))
			f.Z += q * (fs * (a.Z - b.Z))
		}
		fA[i] = f
	}
}
