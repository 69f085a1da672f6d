package record

import (
	"compress/gzip"
	"io"
	"slices"
)

// The encoding of pprof's profile.proto
// (github.com/google/pprof/proto/profile.proto) that writePprof needs:
// protocol buffer fields written by hand, with the standard library only.
// The tests parse the output back with the pprof package.

// pprofMapping is the ID of the profile's one mapping.
const pprofMapping = 1

// A pprofMessage holds the encoded repeated messages of a Profile, in the
// order of their field numbers 1 to 5.
type pprofMessage struct {
	sampleTypes, samples, mappings, locations, functions [][]byte
}

// A pprofEncoder encodes the messages of a profile and holds its string
// table, whose entry 0 is the empty string.
type pprofEncoder struct {
	strings []string
	index   map[string]int64
}

// str returns s's index in the string table, adding it if new.
func (e *pprofEncoder) str(s string) int64 {
	if e.index == nil {
		e.strings, e.index = []string{""}, map[string]int64{"": 0}
	}
	i, ok := e.index[s]
	if !ok {
		i = int64(len(e.strings))
		e.index[s] = i
		e.strings = append(e.strings, s)
	}
	return i
}

// valueType encodes a ValueType: type = 1, unit = 2.
func (e *pprofEncoder) valueType(typ, unit string) []byte {
	var b protoBuf
	b.uint(1, uint64(e.str(typ)))
	b.uint(2, uint64(e.str(unit)))
	return b
}

// function encodes a Function: id = 1, name = 2, system_name = 3,
// filename = 4.
func (e *pprofEncoder) function(id uint64, name, file string) []byte {
	var b protoBuf
	b.uint(1, id)
	b.uint(2, uint64(e.str(name)))
	b.uint(3, uint64(e.str(name)))
	b.uint(4, uint64(e.str(file)))
	return b
}

// location encodes a Location of one Line: id = 1, mapping_id = 2, line
// = 4 (a Line: function_id = 1, line = 2).
func (e *pprofEncoder) location(id, mapping, fn uint64, line int64) []byte {
	var l protoBuf
	l.uint(1, fn)
	l.uint(2, uint64(line))
	var b protoBuf
	b.uint(1, id)
	b.uint(2, mapping)
	b.bytes(4, l)
	return b
}

// mapping encodes a Mapping of symbolized locations: id = 1, filename =
// 5, has_functions = 7, has_filenames = 8, has_line_numbers = 9.
func (e *pprofEncoder) mapping(id uint64, file string) []byte {
	var b protoBuf
	b.uint(1, id)
	b.uint(5, uint64(e.str(file)))
	for field := 7; field <= 9; field++ {
		b.uint(field, 1)
	}
	return b
}

// sample encodes a Sample at one location with the kernel and arch labels
// and the registers numeric label: location_id = 1, value = 2 (both
// packed), label = 3 (a Label: key = 1, str = 2, num = 3).
func (e *pprofEncoder) sample(loc uint64, values []int64, kernel, arch string, registers int64) []byte {
	var b protoBuf
	b.packed(1, []uint64{loc})
	vs := make([]uint64, len(values))
	for i, v := range values {
		vs[i] = uint64(v)
	}
	b.packed(2, vs)
	for _, l := range []struct {
		key, str string
		num      int64
	}{{"kernel", kernel, 0}, {"arch", arch, 0}, {"registers", "", registers}} {
		var lb protoBuf
		lb.uint(1, uint64(e.str(l.key)))
		if l.str != "" {
			lb.uint(2, uint64(e.str(l.str)))
		} else {
			lb.uint(3, uint64(l.num))
		}
		b.bytes(3, lb)
	}
	return b
}

// write writes the Profile, gzipped as pprof writes it: its repeated
// messages (fields 1 to 5), the string table (6) and default_sample_type
// (14).
func (e *pprofEncoder) write(w io.Writer, m pprofMessage, defaultType string) error {
	def := e.str(defaultType) // before the table is written
	var b protoBuf
	for i, msgs := range [][][]byte{m.sampleTypes, m.samples, m.mappings, m.locations, m.functions} {
		for _, msg := range msgs {
			b.bytes(i+1, msg)
		}
	}
	for _, s := range e.strings {
		b.bytes(6, []byte(s))
	}
	b.uint(14, uint64(def))
	zw := gzip.NewWriter(w)
	if _, err := zw.Write(b); err != nil {
		return err
	}
	return zw.Close()
}

// A protoBuf is a protocol buffer message being encoded.
type protoBuf []byte

// varint appends x in base 128, low group first.
func (b *protoBuf) varint(x uint64) {
	for x >= 0x80 {
		*b = append(*b, byte(x)|0x80)
		x >>= 7
	}
	*b = append(*b, byte(x))
}

// uint appends a varint field (wire type 0); zero, the default, is left
// out, as proto3 does.
func (b *protoBuf) uint(field int, x uint64) {
	if x != 0 {
		b.varint(uint64(field) << 3)
		b.varint(x)
	}
}

// bytes appends a length-delimited field (wire type 2): a string or an
// embedded message. Empty strings are written: the string table's first
// entry is one.
func (b *protoBuf) bytes(field int, data []byte) {
	b.varint(uint64(field)<<3 | 2)
	b.varint(uint64(len(data)))
	*b = append(*b, data...)
}

// packed appends a packed repeated varint field.
func (b *protoBuf) packed(field int, xs []uint64) {
	var p protoBuf
	for _, x := range xs {
		p.varint(x)
	}
	b.bytes(field, slices.Clip(p))
}
