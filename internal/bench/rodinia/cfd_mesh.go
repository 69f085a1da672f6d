package rodinia

import (
	"fmt"
	"math"
	"slices"

	"github.com/gocuda/gocuda/gocuda"
)

// The neighbours of an element's faces on the boundary, as euler3d.cu
// stores them.
const (
	// CFDWing is a face on the body (the wing): a wall.
	CFDWing = -1
	// CFDFarFieldFace is a face on the far field's boundary.
	CFDFarFieldFace = -2
)

// CFDMesh is the input of euler3d.cu, laid out as its main function lays
// out the fvcorr.domn file it reads: Nel tetrahedra padded to Nelr, a
// multiple of CFDBlock, with copies of the last one.
type CFDMesh struct {
	// Nel and Nelr are the number of elements and its padded value.
	Nel, Nelr int
	// Areas are the elements' areas (their volumes, in three dimensions).
	Areas []float32
	// ElementsSurroundingElements are each element's neighbours through
	// its CFDNNB faces, face j of element i at i+j*Nelr: an element's
	// number, CFDWing or CFDFarFieldFace.
	ElementsSurroundingElements []int32
	// Normals are the faces' normals, inward, their length the face's
	// area, coordinate k of face j of element i at i+(j+k*CFDNNB)*Nelr.
	Normals []float32
}

func (m *CFDMesh) check(name string, variables []float32, iterations int) error {
	bad := m == nil || m.Nel < 1 || m.Nelr%CFDBlock != 0 || m.Nelr < m.Nel || m.Nelr-m.Nel >= CFDBlock ||
		len(m.Areas) != m.Nelr || len(m.ElementsSurroundingElements) != m.Nelr*CFDNNB ||
		len(m.Normals) != m.Nelr*cfdNDim*CFDNNB || len(variables) != m.Nelr*CFDNVar || iterations < 0
	if !bad && slices.ContainsFunc(m.ElementsSurroundingElements, func(nb int32) bool {
		return nb < CFDFarFieldFace || int(nb) >= m.Nelr
	}) {
		return fmt.Errorf("%w: rodinia.%s: a neighbour out of range", gocuda.ErrInvalidValue, name)
	}
	if bad {
		if m == nil {
			return fmt.Errorf("%w: rodinia.%s: nil mesh", gocuda.ErrInvalidValue, name)
		}
		return fmt.Errorf("%w: rodinia.%s: mesh of %d elements padded to %d (multiple of %d), len(variables) = %d, %d iterations",
			gocuda.ErrInvalidValue, name, m.Nel, m.Nelr, CFDBlock, len(variables), iterations)
	}
	return nil
}

// NewCFDMesh returns a tetrahedral mesh of the unit cube, the stand-in
// for Rodinia's fvcorr.domn files, which the package does not ship: n×n×n
// cubes, each split into the six tetrahedra around its diagonal (a
// conforming mesh), the inner vertices moved at random by up to a sixth
// of a cube, the elements numbered in a random order, all made from seed.
// The faces on the square z = 0, 0.3 ≤ x, y ≤ 0.7 are the wing; the other
// boundary faces are the far field. The padding copies the last element's
// area and neighbours and leaves its normals zero: euler3d.cu's padding
// loop copies the last element's normals onto themselves and leaves the
// padding's uninitialised. n is at least 1.
func NewCFDMesh(n int, seed uint64) (*CFDMesh, error) {
	if n < 1 {
		return nil, fmt.Errorf("%w: rodinia.NewCFDMesh: %d cubes per side", gocuda.ErrInvalidValue, n)
	}
	r := newRand(seed)
	verts := cfdVertices(n, r.Float64)
	tets := cfdTetrahedra(n)
	order := r.Perm(len(tets)) // order[k] is tetrahedron k's element
	nel := len(tets)
	nelr := CFDBlock * ((nel + CFDBlock - 1) / CFDBlock)
	m := &CFDMesh{Nel: nel, Nelr: nelr, Areas: make([]float32, nelr),
		ElementsSurroundingElements: make([]int32, nelr*CFDNNB), Normals: make([]float32, nelr*cfdNDim*CFDNNB)}
	faces := make(map[[3]int32]int, 2*nel)
	for k, tet := range tets {
		i := order[k]
		p := [4][3]float64{verts[tet[0]], verts[tet[1]], verts[tet[2]], verts[tet[3]]}
		m.Areas[i] = float32(math.Abs(cfdDot(cfdSub(p[1], p[0]), cfdCross(cfdSub(p[2], p[0]), cfdSub(p[3], p[0])))) / 6)
		for j := range CFDNNB {
			a, b, c := p[(j+1)%4], p[(j+2)%4], p[(j+3)%4]
			normal := cfdCross(cfdSub(b, a), cfdSub(c, a))
			centroid := [3]float64{(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3}
			scale := -0.5 // inward: towards the opposite vertex
			if cfdDot(normal, cfdSub(centroid, p[j])) < 0 {
				scale = 0.5
			}
			for d := range cfdNDim {
				m.Normals[i+(j+d*CFDNNB)*nelr] = float32(scale * normal[d])
			}
			key := [3]int32{tet[(j+1)%4], tet[(j+2)%4], tet[(j+3)%4]}
			slices.Sort(key[:])
			if other, ok := faces[key]; ok {
				m.ElementsSurroundingElements[i+j*nelr] = int32(other / CFDNNB)
				m.ElementsSurroundingElements[other%CFDNNB*nelr+other/CFDNNB] = int32(i)
				delete(faces, key)
			} else {
				faces[key] = i*CFDNNB + j
			}
		}
	}
	for key, f := range faces { // the boundary
		i, j := f/CFDNNB, f%CFDNNB
		m.ElementsSurroundingElements[i+j*nelr] = cfdBoundary(verts[key[0]], verts[key[1]], verts[key[2]])
	}
	last := nel - 1
	for i := nel; i < nelr; i++ {
		m.Areas[i] = m.Areas[last]
		for j := range CFDNNB {
			m.ElementsSurroundingElements[i+j*nelr] = m.ElementsSurroundingElements[last+j*nelr]
		}
	}
	return m, nil
}

// cfdVertices returns the (n+1)³ vertices of n³ cubes of the unit cube,
// numbered x fastest, those inside moved at random along each axis.
func cfdVertices(n int, random func() float64) [][3]float64 {
	h := 1 / float64(n)
	verts := make([][3]float64, 0, (n+1)*(n+1)*(n+1))
	for z := range n + 1 {
		for y := range n + 1 {
			for x := range n + 1 {
				v := [3]float64{float64(x) * h, float64(y) * h, float64(z) * h}
				for d, c := range [3]int{x, y, z} {
					if c > 0 && c < n { // boundary vertices stay on their faces
						v[d] += (random() - 0.5) * h / 3
					}
				}
				verts = append(verts, v)
			}
		}
	}
	return verts
}

// cfdTetrahedra returns the vertices of the six tetrahedra of each of the
// n³ cubes: from the cube's lowest corner to its highest along the three
// axes in each of their six orders.
func cfdTetrahedra(n int) [][4]int32 {
	id := func(x, y, z int) int32 { return int32((z*(n+1)+y)*(n+1) + x) }
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	tets := make([][4]int32, 0, 6*n*n*n)
	for z := range n {
		for y := range n {
			for x := range n {
				for _, perm := range perms {
					c := [3]int{x, y, z}
					var tet [4]int32
					tet[0] = id(c[0], c[1], c[2])
					for k, axis := range perm {
						c[axis]++
						tet[k+1] = id(c[0], c[1], c[2])
					}
					tets = append(tets, tet)
				}
			}
		}
	}
	return tets
}

// cfdBoundary is the neighbour of a boundary face with vertices a, b, c:
// the wing on the square 0.3 ≤ x, y ≤ 0.7 of z = 0, else the far field.
func cfdBoundary(a, b, c [3]float64) int32 {
	x, y := (a[0]+b[0]+c[0])/3, (a[1]+b[1]+c[1])/3
	if a[2] == 0 && b[2] == 0 && c[2] == 0 && x >= 0.3 && x <= 0.7 && y >= 0.3 && y <= 0.7 {
		return CFDWing
	}
	return CFDFarFieldFace
}

func cfdSub(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func cfdDot(a, b [3]float64) float64    { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cfdCross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// CFDFarFieldConditions returns the far-field conditions euler3d.cu's main
// function computes: density 1.4, pressure 1, Mach 1.2 along x (an angle
// of attack of 0).
func CFDFarFieldConditions() CFDFarField {
	var ff CFDFarField
	angleOfAttack := float32(math.Pi/180) * cfdDegAngleOfAttack
	ff.Variable[cfdVarDensity] = 1.4
	ffPressure := float32(1)
	ffSpeedOfSound := float32(math.Sqrt(float64(cfdGamma * ffPressure / ff.Variable[cfdVarDensity])))
	ffSpeed := cfdFFMach * ffSpeedOfSound
	velocity := CFDFloat3{
		X: ffSpeed * float32(math.Cos(float64(angleOfAttack))),
		Y: ffSpeed * float32(math.Sin(float64(angleOfAttack))),
	}
	ff.Variable[cfdVarMomentum+0] = ff.Variable[cfdVarDensity] * velocity.X
	ff.Variable[cfdVarMomentum+1] = ff.Variable[cfdVarDensity] * velocity.Y
	ff.Variable[cfdVarMomentum+2] = ff.Variable[cfdVarDensity] * velocity.Z
	ff.Variable[cfdVarDensityEnergy] = ff.Variable[cfdVarDensity]*(0.5*(ffSpeed*ffSpeed)) + ffPressure/(cfdGamma-1)
	momentum := CFDFloat3{ff.Variable[cfdVarMomentum+0], ff.Variable[cfdVarMomentum+1], ff.Variable[cfdVarMomentum+2]}
	cfdComputeFluxContribution(&ff.Variable[cfdVarDensity], &momentum, &ff.Variable[cfdVarDensityEnergy], &ffPressure, &velocity,
		&ff.MomentumX, &ff.MomentumY, &ff.MomentumZ, &ff.DensityEnergy)
	return ff
}
