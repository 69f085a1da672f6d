//go:build ignore

// gen writes the vector types of package lanes and their methods, lane by
// lane: portable_gen.go (in every build, under unexported names:
// portableFloat32x8 and its methods, portableLoadFloat32x8Slice...),
// lanes_gen.go (the default build's aliases of those types and its
// functions, written out, not calling the unexported ones, so that they
// inline as they are), lanes_simd.go (the SIMD build's aliases of
// archsimd and wrappers of its functions) and simdcall_gen_test.go (the
// parity test's calls of archsimd, by signature). Run it with go
// generate.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"regexp"
	"strings"
)

// A vec is one vector type: its name, its lanes' Go type and count, the
// kind of its lanes (float, int or uint) and its mask.
type vec struct {
	name, elem string
	n          int
	kind       byte // 'f', 'i', 'u'
	mask       string
}

var vecs = []vec{
	{"Float32x8", "float32", 8, 'f', "Mask32x8"},
	{"Int32x8", "int32", 8, 'i', "Mask32x8"},
	{"Uint32x8", "uint32", 8, 'u', "Mask32x8"},
	{"Int32x4", "int32", 4, 'i', "Mask32x4"},
	{"Float64x4", "float64", 4, 'f', "Mask64x4"},
	{"Int64x4", "int64", 4, 'i', "Mask64x4"},
	{"Uint64x4", "uint64", 4, 'u', "Mask64x4"},
	{"Float32x4", "float32", 4, 'f', "Mask32x4"},
	{"Float64x2", "float64", 2, 'f', "Mask64x2"},
	{"Int64x2", "int64", 2, 'i', "Mask64x2"},
	{"Float32x16", "float32", 16, 'f', "Mask32x16"},
	{"Int32x16", "int32", 16, 'i', "Mask32x16"},
	{"Uint32x16", "uint32", 16, 'u', "Mask32x16"},
}

// A mask is one mask type: its name, the signed vector of its lanes'
// width, its lane count and the type of its bits.
type mask struct {
	name, ints string
	n          int
	bits       string
}

var masks = []mask{
	{"Mask32x8", "Int32x8", 8, "uint8"}, {"Mask32x4", "Int32x4", 4, "uint8"}, {"Mask64x4", "Int64x4", 4, "uint8"},
	{"Mask64x2", "Int64x2", 2, "uint8"}, {"Mask32x16", "Int32x16", 16, "uint16"},
}

// out is the portable code, under the exported names (main renames it);
// direct the default build's functions; wrap the SIMD build's wrappers
// of its functions.
var out, direct, wrap bytes.Buffer

func p(format string, args ...any) { fmt.Fprintf(&out, format, args...) }

// sigs are the signatures of the functions and methods (receiver first),
// in gen's names of types, in the order written; funcs the functions.
var (
	sigs  [][]string // the result last, "" for none
	funcs []string
)

// signature records the signature of a function or method of params and
// result, after the receiver recv ("" for a function).
func signature(recv, params, result string) {
	var types []string
	if recv != "" {
		types = append(types, recv)
	}
	if params != "" {
		fields := strings.Split(params, ", ")
		typs := make([]string, len(fields))
		last := ""
		for i := len(fields) - 1; i >= 0; i-- {
			if _, t, ok := strings.Cut(fields[i], " "); ok {
				last = t
			}
			typs[i] = last
		}
		types = append(types, typs...)
	}
	sigs = append(sigs, append(types, result))
}

func find(name string) vec {
	for _, v := range vecs {
		if v.name == name {
			return v
		}
	}
	panic(name)
}

// widen converts the uint8 e to m's bits.
func (m mask) widen(e string) string {
	if m.bits == "uint8" {
		return e
	}
	return m.bits + "(" + e + ")"
}

func findMask(name string) mask {
	for _, m := range masks {
		if m.name == name {
			return m
		}
	}
	panic(name)
}

// fn writes a package-level function: portable (renamed), the default
// build's, the same, and its wrapper of archsimd's.
func fn(doc, name, params, args, result, body string) {
	p("// %s %s\nfunc %s(%s) %s {\n%s\n}\n\n", name, doc, name, params, result, body)
	fmt.Fprintf(&direct, "// %s %s\nfunc %s(%s) %s {\n%s\n}\n\n", name, doc, name, params, result, body)
	signature("", params, result)
	funcs = append(funcs, name)
	fmt.Fprintf(&wrap, "// %s %s\nfunc %s(%s) %s {\n", name, doc, name, params, result)
	if result != "" {
		wrap.WriteString("return ")
	}
	fmt.Fprintf(&wrap, "archsimd.%s(%s)\n}\n\n", name, args)
}

// lane returns the selector of lane k of a value of v, after x.
func (v vec) lane(x string, k int) string {
	switch v.n {
	case 8:
		return fmt.Sprintf("%s.%s.%c", x, [2]string{"lo", "hi"}[k/4], "abcd"[k%4])
	case 16:
		return fmt.Sprintf("%s.%c.%c", x, "abcd"[k/4], "abcd"[k%4])
	}
	return fmt.Sprintf("%s.%c", x, "abcd"[k])
}

// make writes a value of v whose lane k is f(k).
func (v vec) make(f func(k int) string) string {
	var l []string
	for k := range v.n {
		l = append(l, f(k))
	}
	if v.n < 8 {
		return fmt.Sprintf("%s{%s}", v.name, strings.Join(l, ", "))
	}
	var q []string
	for i := 0; i < v.n; i += 4 {
		q = append(q, fmt.Sprintf("quad[%s]{%s}", v.elem, strings.Join(l[i:i+4], ", ")))
	}
	return fmt.Sprintf("%s{%s}", v.name, strings.Join(q, ", "))
}

func (v vec) bits() int {
	if strings.HasSuffix(v.elem, "32") {
		return 32
	}
	return 64
}

// maskBits returns the bits of lane k of mask m, as a uint8.
func maskBits(m string, k int) string {
	if findMask(m).bits == "uint8" {
		return fmt.Sprintf("m.bits>>%d", k)
	}
	return fmt.Sprintf("uint8(m.bits>>%d)", k)
}

func (v vec) sameWidth() []vec {
	var out []vec
	for _, w := range vecs {
		if w.n == v.n && w.bits() == v.bits() && w.name != v.name {
			out = append(out, w)
		}
	}
	return out
}

func main() {
	for _, v := range vecs {
		typeDecl(v)
		memory(v)
		arith(v)
		compare(v)
		convert(v)
		shuffle(v)
	}
	for _, m := range masks {
		maskType(m)
	}
	const head = "// Code generated by gen.go. DO NOT EDIT.\n\n"
	write("portable_gen.go", head+"package lanes\n\nimport \"math\"\n\n"+rename(out.String()))
	def := head + "//go:build !(goexperiment.simd && amd64)\n\npackage lanes\n\n"
	for _, v := range vecs {
		def += fmt.Sprintf("// %s is %s %ss, as archsimd.%s, computed lane by lane: the type\n"+
			"// portable%s, whose methods are archsimd.%s's.\ntype %s = portable%s\n\n",
			v.name, words[v.n], v.elem, v.name, v.name, v.name, v.name, v.name)
	}
	for _, m := range masks {
		def += fmt.Sprintf("// %s is a mask of %d lanes, as archsimd.%s: the type portable%s,\n"+
			"// whose methods are archsimd.%s's.\ntype %s = portable%s\n\n", m.name, m.n, m.name, m.name, m.name, m.name, m.name)
	}
	def += "// ClearAVXUpperBits does nothing: there are no vector registers here.\nfunc ClearAVXUpperBits() {}\n\n"
	write("lanes_gen.go", def+direct.String())
	fmt.Fprintf(&wrap, "// ClearAVXUpperBits is archsimd.ClearAVXUpperBits.\nfunc ClearAVXUpperBits() { archsimd.ClearAVXUpperBits() }\n\n")
	simd := "//go:build goexperiment.simd && amd64\n\npackage lanes\n\nimport \"simd/archsimd\"\n\n"
	for _, v := range vecs {
		simd += fmt.Sprintf("// %s is archsimd.%s.\ntype %s = archsimd.%s\n\n", v.name, v.name, v.name, v.name)
	}
	for _, m := range masks {
		simd += fmt.Sprintf("// %s is archsimd.%s.\ntype %s = archsimd.%s\n\n", m.name, m.name, m.name, m.name)
	}
	write("lanes_simd.go", head+simd+wrap.String())
	writeCalls()
}

var words = map[int]string{2: "two", 4: "four", 8: "eight", 16: "sixteen"}

// rename gives the portable code's types and functions their unexported
// names, portableFloat32x8 and portableLoadFloat32x8Slice for Float32x8
// and LoadFloat32x8Slice, but for archsimd's in comments.
func rename(src string) string {
	var types []string
	for _, v := range vecs {
		types = append(types, v.name)
	}
	for _, m := range masks {
		types = append(types, m.name)
	}
	t := strings.Join(types, "|")
	re := regexp.MustCompile(`\b((?:(?:Load|LoadMasked|Broadcast)(?:` + t + `)(?:Slice)?)|(?:` + t + `)(?:FromBits)?)\b`)
	src = re.ReplaceAllString(src, "portable$1")
	return strings.ReplaceAll(src, "archsimd.portable", "archsimd.")
}

func write(name, src string) {
	b, err := format.Source([]byte(src))
	if err != nil {
		os.Stdout.WriteString(src)
		panic(err)
	}
	if err := os.WriteFile(name, b, 0o644); err != nil {
		panic(err)
	}
}

func typeDecl(v vec) {
	p("// %s is %s %ss, as archsimd.%s.\n", v.name, words[v.n], v.elem, v.name)
	switch v.n {
	case 2:
		p("type %s struct{ a, b %s }\n\n", v.name, v.elem)
	case 4:
		p("type %s quad[%s]\n\n", v.name, v.elem)
	case 8:
		p("type %s struct{ lo, hi quad[%s] }\n\n", v.name, v.elem)
	case 16:
		p("type %s struct{ a, b, c, d quad[%s] }\n\n", v.name, v.elem)
	}
}

// method writes a method's portable code.
func method(v vec, doc, name, params, result, body string) {
	p("// %s %s\nfunc (x %s) %s(%s) %s {\n%s\n}\n\n", name, doc, v.name, name, params, result, body)
	signature(v.name, params, result)
}

func memory(v vec) {
	n, t, e := v.n, v.name, v.elem
	arr := fmt.Sprintf("[%d]%s", n, e)
	fn(fmt.Sprintf("loads s[0] to s[%d].", n-1), "Load"+t+"Slice", "s []"+e, "s", t,
		fmt.Sprintf("s = s[:%d]\nreturn %s", n, v.make(func(k int) string { return fmt.Sprintf("s[%d]", k) })))
	fn("loads the array at a.", "Load"+t, "a *"+arr, "a", t,
		"return "+v.make(func(k int) string { return fmt.Sprintf("a[%d]", k) }))
	fn("returns x in every lane.", "Broadcast"+t, "x "+e, "x", t, "return "+v.make(func(int) string { return "x" }))
	body := fmt.Sprintf("var r %s\n", t)
	for k := range n {
		body += fmt.Sprintf("if m.bits&%d != 0 {\n%s = a[%d]\n}\n", 1<<k, v.lane("r", k), k)
	}
	fn("loads the lanes of the array at a that m sets, and zeros the others;\n// it reads no others.",
		"LoadMasked"+t, "a *"+arr+", m "+v.mask, "a, m", t, body+"return r")
	stores := fmt.Sprintf("s = s[:%d]\n", n)
	for k := range n {
		stores += fmt.Sprintf("s[%d] = %s\n", k, v.lane("x", k))
	}
	method(v, fmt.Sprintf("stores x to s[0] to s[%d].", n-1), "StoreSlice", "s []"+e, "", stores)
	stores = ""
	for k := range n {
		stores += fmt.Sprintf("a[%d] = %s\n", k, v.lane("x", k))
	}
	method(v, "stores x to the array at a.", "Store", "a *"+arr, "", stores)
	stores = ""
	for k := range n {
		stores += fmt.Sprintf("if m.bits&%d != 0 {\na[%d] = %s\n}\n", 1<<k, k, v.lane("x", k))
	}
	method(v, "stores the lanes of x that m sets to the array at a.", "StoreMasked", "a *"+arr+", m "+v.mask, "", stores)
}

func binary(v vec, name, doc string, f func(a, b string) string) {
	method(v, "returns "+doc+", lane by lane.", name, "y "+v.name, v.name,
		"return "+v.make(func(k int) string { return f(v.lane("x", k), v.lane("y", k)) }))
}

func unary(v vec, name, doc string, f func(a string) string) {
	method(v, "returns "+doc+", lane by lane.", name, "", v.name,
		"return "+v.make(func(k int) string { return f(v.lane("x", k)) }))
}

func arith(v vec) {
	op := func(o string) func(a, b string) string {
		return func(a, b string) string { return a + " " + o + " " + b }
	}
	binary(v, "Add", "x + y", op("+"))
	binary(v, "Sub", "x - y", op("-"))
	binary(v, "Mul", "x * y", op("*"))
	method(v, "returns x where m is set and y elsewhere, lane by lane.", "Merge", "y "+v.name+", m "+v.mask, v.name,
		"return "+v.make(func(k int) string {
			return fmt.Sprintf("pick(%s, %s, %s)", maskBits(v.mask, k), v.lane("x", k), v.lane("y", k))
		}))
	if v.kind == 'f' {
		floats(v, op)
		return
	}
	binary(v, "And", "x & y", op("&"))
	binary(v, "Or", "x | y", op("|"))
	binary(v, "Xor", "x ^ y", op("^"))
	binary(v, "AndNot", "x &^ y", op("&^"))
	unary(v, "Not", "^x", func(a string) string { return "^" + a })
	binary(v, "Min", "min(x, y)", func(a, b string) string { return "min(" + a + ", " + b + ")" })
	binary(v, "Max", "max(x, y)", func(a, b string) string { return "max(" + a + ", " + b + ")" })
	for _, s := range []struct{ name, op string }{{"ShiftAllLeft", "<<"}, {"ShiftAllRight", ">>"}} {
		method(v, "returns x "+s.op+" c, lane by lane.", s.name, "c uint64", v.name,
			"return "+v.make(func(k int) string { return v.lane("x", k) + " " + s.op + " c" }))
	}
	if v.kind == 'i' {
		m := findMask(v.mask)
		body := "var b " + m.bits + "\n"
		for k := range v.n {
			body += fmt.Sprintf("b |= %s << %d\n", m.widen("nonzero("+v.lane("x", k)+")"), k)
		}
		method(v, "returns the mask of x's lanes that are not zero.", "ToMask", "", v.mask, body+"return "+v.mask+"{b}")
	}
}

func floats(v vec, op func(string) func(a, b string) string) {
	binary(v, "Div", "x / y", op("/"))
	sqrt := func(a string) string { return fmt.Sprintf("%s(math.Sqrt(float64(%s)))", v.elem, a) }
	if v.elem == "float64" {
		sqrt = func(a string) string { return "math.Sqrt(" + a + ")" }
	}
	unary(v, "Sqrt", "the square root of x, correctly rounded", sqrt)
	if v.n == 16 {
		return // archsimd rounds sixteen lanes otherwise
	}
	for _, r := range []string{"Floor", "Ceil", "Trunc"} {
		unary(v, r, "math."+r+"(x)", func(a string) string { return fmt.Sprintf("%s(math.%s(float64(%s)))", v.elem, r, a) })
	}
}

func compare(v vec) {
	m := findMask(v.mask)
	for _, c := range []struct{ name, op string }{{"Equal", "=="}, {"NotEqual", "!="}, {"Less", "<"}, {"LessEqual", "<="},
		{"Greater", ">"}, {"GreaterEqual", ">="}} {
		body := "var b " + m.bits + "\n"
		for k := range v.n {
			body += fmt.Sprintf("b |= %s << %d\n", m.widen("bit("+v.lane("x", k)+" "+c.op+" "+v.lane("y", k)+")"), k)
		}
		method(v, "returns the mask of the lanes where x "+c.op+" y.", c.name, "y "+v.name, v.mask, body+"return "+v.mask+"{b}")
	}
}

func has(name string) bool {
	for _, v := range vecs {
		if v.name == name {
			return true
		}
	}
	return false
}

// rename returns the vector of n lanes of v's kind and width.
func (v vec) rename(n int) string {
	return fmt.Sprintf("%sx%d", v.name[:strings.IndexByte(v.name, 'x')], n)
}

func convert(v vec) {
	for _, w := range v.sameWidth() {
		from := map[string]string{"float32": "math.Float32bits", "float64": "math.Float64bits"}[v.elem]
		to := map[string]string{"float32": "math.Float32frombits", "float64": "math.Float64frombits"}[w.elem]
		method(v, "returns x's bits as "+w.name+".", "As"+w.name, "", w.name, "return "+w.make(func(k int) string {
			a := v.lane("x", k)
			if from != "" {
				a = from + "(" + a + ")"
			}
			if to != "" {
				return to + "(" + map[bool]string{true: "uint32", false: "uint64"}[v.bits() == 32] + "(" + a + "))"
			}
			return w.elem + "(" + a + ")"
		}))
	}
	conv := func(name, to, note string) {
		w := find(to)
		method(v, "returns x's lanes converted to "+w.elem+", "+note+".", name, "", w.name,
			"return "+w.make(func(k int) string { return w.elem + "(" + v.lane("x", k) + ")" }))
	}
	switch {
	case v.elem == "int32":
		conv("ConvertToFloat32", "Float32x"+fmt.Sprint(v.n), "rounded to nearest")
	case v.elem == "float32":
		conv("ConvertToInt32", "Int32x"+fmt.Sprint(v.n), "truncated as Go converts them")
	}
	switch v.name {
	case "Int32x4", "Float32x4":
		conv("ConvertToFloat64", "Float64x4", "exactly")
	case "Float64x4":
		conv("ConvertToFloat32", "Float32x4", "rounded to nearest")
	}
}

func shuffle(v vec) {
	if h := v.rename(v.n / 2); has(h) {
		half := find(h)
		for i, name := range []string{"GetLo", "GetHi"} {
			method(v, "returns the "+[]string{"lower", "upper"}[i]+" half of x's lanes.", name, "", h,
				"return "+half.make(func(k int) string { return v.lane("x", k+i*v.n/2) }))
		}
	}
	for _, n := range []int{4, 8, 16} {
		if t := v.rename(n); n > v.n && v.n*v.bits() == 128 && v.kind != 'u' && has(t) {
			method(v, fmt.Sprintf("returns x's lane 0 in each of %d lanes.", n), fmt.Sprintf("Broadcast1To%d", n), "", t,
				"return Broadcast"+t+"(x.a)")
		}
	}
	if v.bits() != 32 || v.n < 8 {
		return
	}
	idx := find(fmt.Sprintf("Uint32x%d", v.n))
	arr := fmt.Sprintf("[%d]%s", v.n, v.elem)
	method(v, fmt.Sprintf("returns x[indices[i]] in lane i, of indices' low %d bits.", map[int]int{8: 3, 16: 4}[v.n]),
		"Permute", "indices "+idx.name, v.name, fmt.Sprintf("var a %s\nx.Store(&a)\nreturn %s", arr,
			v.make(func(k int) string { return fmt.Sprintf("a[%s&%d]", idx.lane("indices", k), v.n-1) })))
	if v.n == 16 {
		method(v, "returns xy[indices[i]] in lane i, of indices' low 5 bits, where xy\n// is x's lanes, then y's.",
			"ConcatPermute", "y "+v.name+", indices "+idx.name, v.name,
			fmt.Sprintf("var a [32]%s\nx.Store((*%s)(a[:16]))\ny.Store((*%s)(a[16:]))\nreturn %s", v.elem, arr, arr,
				v.make(func(k int) string { return fmt.Sprintf("a[%s&31]", idx.lane("indices", k)) })))
		return
	}
	method(v, "returns the halves lo and hi, of 0 to 3, of x's\n// lower, x's upper, y's lower and y's upper halves.",
		"Select128FromPair", "lo, hi uint8, y "+v.name, v.name, fmt.Sprintf("h := [4]quad[%s]{x.lo, x.hi, y.lo, y.hi}\nreturn %s{h[lo&3], h[hi&3]}", v.elem, v.name))
}

func maskType(m mask) {
	name, ints := m.name, m.ints
	p("// %s is a mask of %d lanes, as archsimd.%s.\ntype %s struct{ bits %s }\n\n", name, m.n, name, name, m.bits)
	fn("returns the mask of the lanes whose bits b sets.", name+"FromBits", "b "+m.bits, "b", name,
		fmt.Sprintf("return %s{b & %#x}", name, 1<<m.n-1))
	mv := vec{name: name}
	method(mv, "returns the bits of the lanes m sets.", "ToBits", "", m.bits, "return x.bits")
	method(mv, "returns the lanes both masks set.", "And", "y "+name, name, "return "+name+"{x.bits & y.bits}")
	method(mv, "returns the lanes either mask sets.", "Or", "y "+name, name, "return "+name+"{x.bits | y.bits}")
	v := find(ints)
	method(mv, "returns -1 in the lanes m sets and 0 elsewhere.", "To"+ints, "", ints,
		"return "+v.make(func(k int) string { return fmt.Sprintf("-%s(x.bits>>%d&1)", v.elem, k) }))
}
