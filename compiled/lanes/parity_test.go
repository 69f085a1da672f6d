//go:build goexperiment.simd && amd64

package lanes

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"regexp"
	"simd/archsimd"
	"strconv"
	"testing"
)

// trials is the number of random arguments each check tries.
const trials = 300

// minChecks is the number of functions and methods the parity test
// checked when it was generated, one check each: it checks no fewer.
const minChecks = 408

// A typ is one vector or mask type, portable's and archsimd's: n lanes
// of elem, or a mask of n lanes whose bits are of the type bits.
type typ struct {
	name       string
	p, s       reflect.Type
	elem, bits reflect.Type // elem for vectors, bits for masks
	n          int
	load       [2]any // Load<T>Slice or <M>FromBits, portable's and the SIMD build's
}

// types returns the vector and mask types, by portable's and archsimd's
// type, found through the functions that make them.
func types(t *testing.T) map[reflect.Type]*typ {
	byType := map[reflect.Type]*typ{}
	re := regexp.MustCompile(`^(?:Load(\w+x(\d+))Slice|(Mask\w+x(\d+))FromBits)$`)
	for _, f := range funcs {
		m := re.FindStringSubmatch(f.name)
		if m == nil {
			continue
		}
		pf, sf := reflect.TypeOf(f.portable), reflect.TypeOf(f.simd)
		ty := &typ{name: m[1] + m[3], p: pf.Out(0), s: sf.Out(0), load: [2]any{f.portable, f.simd}}
		ty.n, _ = strconv.Atoi(m[2] + m[4])
		if m[1] != "" {
			ty.elem = pf.In(0).Elem()
		} else {
			ty.bits = pf.In(0)
		}
		if ty.p.Name() != "portable"+ty.name || ty.s.Name() != ty.name {
			t.Fatalf("%s makes %v and %v", f.name, ty.p, ty.s)
		}
		byType[ty.p], byType[ty.s] = ty, ty
	}
	return byType
}

// TestParity checks every method of the portable types and every
// portable function against archsimd's, found by name, with the same
// signature: called with the same arguments, random and edge values of
// each lane, every result and every lane of memory they write is the
// same, bit for bit. Vectors cross from one side to the other through
// their lanes, stored and loaded.
func TestParity(t *testing.T) {
	if !archsimd.X86.AVX512() {
		t.Skip("archsimd's methods of sixteen lanes and of masks' bits need AVX-512")
	}
	byType := types(t)
	checks := 0
	for _, f := range funcs {
		checks++
		checkCall(t, byType, f.name, reflect.ValueOf(f.portable), f.simd)
	}
	seen := map[reflect.Type]bool{}
	for _, ty := range byType {
		if seen[ty.p] {
			continue
		}
		seen[ty.p] = true
		for i := range ty.p.NumMethod() {
			pm := ty.p.Method(i)
			sm, ok := ty.s.MethodByName(pm.Name)
			if !ok {
				t.Errorf("archsimd.%s has no %s", ty.name, pm.Name)
				continue
			}
			checks++
			checkCall(t, byType, ty.name+"."+pm.Name, pm.Func, sm.Func.Interface())
		}
	}
	if checks < minChecks {
		t.Errorf("%d checks, want at least %d", checks, minChecks)
	}
	t.Logf("%d checks of %d trials", checks, trials)
}

// checkCall checks portable's function p against archsimd's s, which
// simdCall calls; the receiver, for a method, is the first argument.
func checkCall(t *testing.T, byType map[reflect.Type]*typ, name string, p reflect.Value, s any) {
	t.Helper()
	pt, st := p.Type(), reflect.TypeOf(s)
	if pt.NumIn() != st.NumIn() || pt.NumOut() != st.NumOut() || pt.NumOut() > 1 {
		t.Errorf("%s: signatures %v and %v", name, pt, st)
		return
	}
	same := func(a, b reflect.Type) bool { return a == b || byType[a] != nil && byType[a] == byType[b] }
	for i := range pt.NumIn() {
		if !same(pt.In(i), st.In(i)) {
			t.Errorf("%s: argument %d is %v, archsimd's %v", name, i, pt.In(i), st.In(i))
			return
		}
	}
	if pt.NumOut() == 1 && !same(pt.Out(0), st.Out(0)) {
		t.Errorf("%s: result %v, archsimd's %v", name, pt.Out(0), st.Out(0))
		return
	}
	// n is the lanes of the receiver or the result, for slices' lengths.
	n := 0
	if ty := byType[pt.In(0)]; pt.NumIn() > 0 && ty != nil {
		n = ty.n
	} else if pt.NumOut() == 1 && byType[pt.Out(0)] != nil {
		n = byType[pt.Out(0)].n
	}
	r := rand.New(rand.NewPCG(uint64(len(name)), uint64(name[len(name)-1])))
	for trial := range trials {
		// in holds each argument as lanes: a slice for a vector, the bits
		// for a mask, the value itself for the rest.
		in := make([]reflect.Value, pt.NumIn())
		masks := 0
		for i := range in {
			in[i] = input(r, byType, pt.In(i), name, trial, &masks, n, in[0])
		}
		var pa []reflect.Value
		var sa []any
		for i, v := range in {
			ty := byType[pt.In(i)]
			switch {
			case ty != nil:
				pa = append(pa, toPortable(ty, v))
				sa = append(sa, toSimd(t, ty, v))
			case v.Kind() == reflect.Slice || v.Kind() == reflect.Pointer:
				pv, sv := clone(v), clone(v)
				pa = append(pa, pv)
				sa = append(sa, sv.Interface())
			default:
				pa = append(pa, v)
				sa = append(sa, v.Interface())
			}
		}
		pr := p.Call(pa)
		sr, ok := simdCall(s, sa)
		if !ok {
			t.Errorf("%s: simdCall has no %v", name, st)
			return
		}
		var got, want []reflect.Value
		if len(pr) == 1 {
			ty := byType[pt.Out(0)]
			got, want = append(got, fromSide(ty, pr[0])), append(want, fromSide(ty, reflect.ValueOf(sr)))
		}
		for i, v := range pa {
			if k := v.Kind(); byType[pt.In(i)] == nil && (k == reflect.Slice || k == reflect.Pointer) {
				got, want = append(got, v), append(want, reflect.ValueOf(sa[i]))
			}
		}
		for i := range got {
			var nans []bool
			if i == 0 && len(pr) == 1 {
				nans = twoNaNs(in, got[0])
			}
			if d := differ(got[i], want[i], nans); d != "" {
				args := make([]any, len(in))
				for j, v := range in {
					args[j] = v.Interface()
				}
				what := "result"
				if len(pr) == 0 || i > 0 {
					what = "memory"
				}
				t.Errorf("%s%v: %s %s: portable %v, archsimd %v", name, args, what, d, got[i], want[i])
				return
			}
		}
	}
}

// input returns an argument of type at, as lanes: edge and random values,
// a vector's lanes some copied from like's, a mask each pattern of bits
// in turn where the patterns are few.
func input(r *rand.Rand, byType map[reflect.Type]*typ, at reflect.Type, name string, trial int, masks *int, n int, like reflect.Value) reflect.Value {
	if ty := byType[at]; ty != nil {
		if ty.elem == nil {
			j := *masks
			*masks++
			if (j+1)*ty.n <= 8 {
				return reflect.ValueOf(uint64(trial>>(j*ty.n)) & (1<<ty.n - 1))
			}
			return reflect.ValueOf(r.Uint64() & (1<<ty.n - 1))
		}
		v := reflect.MakeSlice(reflect.SliceOf(ty.elem), ty.n, ty.n)
		for i := range ty.n {
			v.Index(i).Set(lane(r, ty.elem))
		}
		if like.IsValid() && like.Type() == v.Type() && r.IntN(2) == 0 {
			for i := range ty.n {
				if r.IntN(3) == 0 {
					v.Index(i).Set(like.Index(i))
				}
			}
		}
		return v
	}
	switch at.Kind() {
	case reflect.Slice:
		l := n + r.IntN(3)
		v := reflect.MakeSlice(at, l, l)
		for i := range l {
			v.Index(i).Set(lane(r, at.Elem()))
		}
		return v
	case reflect.Pointer:
		v := reflect.New(at.Elem())
		for i := range at.Elem().Len() {
			v.Elem().Index(i).Set(lane(r, at.Elem().Elem()))
		}
		return v
	case reflect.Uint64:
		return reflect.ValueOf(genShift(r))
	case reflect.Uint8:
		if regexp.MustCompile(`\.Select128FromPair$`).MatchString(name) {
			return reflect.ValueOf(uint8(r.IntN(4))) // archsimd's halves are 0 to 3
		}
	}
	return lane(r, at)
}

// lane returns an edge or random value of the lane type et.
func lane(r *rand.Rand, et reflect.Type) reflect.Value {
	var v any
	switch et.Kind() {
	case reflect.Float32:
		v = genFloat32(r)
	case reflect.Float64:
		v = genFloat64(r)
	case reflect.Int32:
		v = genInt32(r)
	case reflect.Uint32:
		v = genUint32(r)
	case reflect.Int64:
		v = genInt64(r)
	case reflect.Uint64:
		v = genUint64(r)
	case reflect.Uint8:
		v = genUint8(r)
	case reflect.Uint16:
		v = genUint16(r)
	default:
		panic(fmt.Sprint("no lanes of ", et))
	}
	return reflect.ValueOf(v).Convert(et)
}

// clone returns a copy of the slice or the array v points to.
func clone(v reflect.Value) reflect.Value {
	if v.Kind() == reflect.Slice {
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		return c
	}
	c := reflect.New(v.Type().Elem())
	c.Elem().Set(v.Elem())
	return c
}

// toPortable returns the portable vector or mask of lanes v.
func toPortable(ty *typ, v reflect.Value) reflect.Value {
	if ty.elem == nil {
		v = v.Convert(ty.bits)
	}
	return reflect.ValueOf(ty.load[0]).Call([]reflect.Value{v})[0]
}

// toSimd returns archsimd's vector or mask of lanes v, loaded by the
// SIMD build's function.
func toSimd(t *testing.T, ty *typ, v reflect.Value) any {
	if ty.elem == nil {
		v = v.Convert(ty.bits)
	}
	x, ok := simdCall(ty.load[1], []any{v.Interface()})
	if !ok {
		t.Fatalf("simdCall cannot load %s", ty.name)
	}
	return x
}

// fromSide returns the lanes of a result x of either side, of type ty
// (nil for no vector or mask): stored by its method StoreSlice, or its
// bits, which reflect calls rightly, archsimd's receiver being passed
// by reference.
func fromSide(ty *typ, x reflect.Value) reflect.Value {
	switch {
	case ty == nil:
		return x
	case ty.elem == nil:
		return reflect.ValueOf(x.MethodByName("ToBits").Call(nil)[0].Convert(reflect.TypeFor[uint64]()).Uint())
	}
	s := reflect.MakeSlice(reflect.SliceOf(ty.elem), ty.n, ty.n)
	x.MethodByName("StoreSlice").Call([]reflect.Value{s})
	return s
}

// twoNaNs returns, for a result of float lanes res, the lanes where two
// of the arguments' vectors in, of res's lanes, are NaN: which of their
// payloads Go's operators return, Go leaves unspecified.
func twoNaNs(in []reflect.Value, res reflect.Value) []bool {
	if res.Kind() != reflect.Slice || res.Type().Elem().Kind() != reflect.Float32 && res.Type().Elem().Kind() != reflect.Float64 {
		return nil
	}
	nans := make([]bool, res.Len())
	for k := range nans {
		count := 0
		for _, v := range in {
			if v.Type() == res.Type() && v.Len() == res.Len() && math.IsNaN(v.Index(k).Float()) {
				count++
			}
		}
		nans[k] = count >= 2
	}
	return nans
}

// differ describes the first lane where a and b differ, floats by their
// bits, NaNs' payloads too but in the lanes nans sets; "" where none
// does.
func differ(a, b reflect.Value, nans []bool) string {
	switch a.Kind() {
	case reflect.Pointer:
		return differ(a.Elem(), b.Elem(), nil)
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("lengths %d and %d", a.Len(), b.Len())
		}
		for i := range a.Len() {
			if i < len(nans) && nans[i] && math.IsNaN(a.Index(i).Float()) && math.IsNaN(b.Index(i).Float()) {
				continue
			}
			if d := differ(a.Index(i), b.Index(i), nil); d != "" {
				return fmt.Sprintf("lane %d %s", i, d)
			}
		}
		return ""
	case reflect.Float32:
		if math.Float32bits(float32(a.Float())) != math.Float32bits(float32(b.Float())) {
			return fmt.Sprintf("(%v, %v)", a, b)
		}
		return ""
	case reflect.Float64:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			return fmt.Sprintf("(%v, %v)", a, b)
		}
		return ""
	}
	if a.Interface() != b.Interface() {
		return fmt.Sprintf("(%v, %v)", a, b)
	}
	return ""
}

// GenFloat32 is genFloat32, for the package's external tests.
var GenFloat32 = genFloat32

// genFloat32 returns NaNs, infinities, zeros of both signs, the
// extremes, values near and past int32's range, small integers and
// halves, and random values.
func genFloat32(r *rand.Rand) float32 {
	edges := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)),
		math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, 1 << 31, -1 << 31, 1 << 31 * 0.999999, 3e9, -3e9,
		0.5, -0.5, 1.5, -2.5, 1, -1, 0x1p-127, math.Float32frombits(0x7fc00123), math.Float32frombits(0xffa00001)}
	switch r.IntN(4) {
	case 0:
		return edges[r.IntN(len(edges))]
	case 1:
		return float32(r.IntN(64) - 32)
	case 2:
		return float32(r.NormFloat64() * 1e10)
	}
	return float32(r.NormFloat64() * 100)
}

func genFloat64(r *rand.Rand) float64 {
	if r.IntN(5) == 0 {
		edges := []float64{math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1e300, math.Float64frombits(0x7ff8000000000123)}
		return edges[r.IntN(len(edges))]
	}
	return float64(genFloat32(r)) * (1 + r.Float64())
}

func genInt32(r *rand.Rand) int32 {
	if r.IntN(5) == 0 {
		return []int32{math.MinInt32, math.MaxInt32, 0, -1, 1}[r.IntN(5)]
	}
	return int32(r.Uint32()) >> r.IntN(32)
}

func genUint32(r *rand.Rand) uint32 { return uint32(genInt32(r)) }

func genInt64(r *rand.Rand) int64 {
	if r.IntN(5) == 0 {
		return []int64{math.MinInt64, math.MaxInt64, 0, -1, 1}[r.IntN(5)]
	}
	return int64(r.Uint64()) >> r.IntN(64)
}

func genUint64(r *rand.Rand) uint64 { return uint64(genInt64(r)) }
func genUint8(r *rand.Rand) uint8   { return uint8(r.Uint32()) }
func genUint16(r *rand.Rand) uint16 { return uint16(r.Uint32()) }

// genShift returns shift counts, some past the lanes' width.
func genShift(r *rand.Rand) uint64 {
	if r.IntN(8) == 0 {
		return []uint64{64, 65, 1 << 40, math.MaxUint64}[r.IntN(4)]
	}
	return uint64(r.IntN(66))
}
