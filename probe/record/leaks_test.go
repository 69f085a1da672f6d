package record

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLeaksPairEventsOfOneProcess(t *testing.T) {
	alloc := func(process string, id uint64) Record {
		return Record{Memory: &MemoryEvent{Op: "alloc", Process: process, ID: id, Size: int(id), Addr: id << 12, What: "mem.Malloc", Line: int(id)}}
	}
	free := func(process string, id uint64) Record {
		return Record{Memory: &MemoryEvent{Op: "free", Process: process, ID: id}}
	}
	for _, tc := range []struct {
		name    string
		records []Record
		leaked  []uint64 // sizes, which are the ids
	}{
		{"none", nil, nil},
		{"freed", []Record{alloc("a", 1), free("a", 1)}, nil},
		{"freed by another process", []Record{alloc("a", 1), free("b", 1)}, []uint64{1}},
		{"interleaved processes", []Record{alloc("a", 1), alloc("b", 1), alloc("a", 2), free("b", 1), {Report: &Report{}}}, []uint64{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []uint64
			for _, r := range Leaks(tc.records) {
				got = append(got, uint64(r.Size))
				assert.Equal(t, fmt.Sprintf("Leaked %d bytes at %#x", r.Size, r.Size<<12), r.What)
			}
			assert.Equal(t, tc.leaked, got)
		})
	}
}

// TestLeaksFoldBySite: the allocations one place leaked, in any process,
// are one report with their bytes and count.
func TestLeaksFoldBySite(t *testing.T) {
	at := func(process string, id uint64, line int) Record {
		return Record{Memory: &MemoryEvent{Op: "alloc", Process: process, ID: id, Size: 8, Addr: id << 12,
			What: "mem.Malloc", Func: "main.run", File: "/src/main.go", Line: line}}
	}
	got := Leaks([]Record{at("a", 1, 9), at("b", 1, 9), at("a", 2, 9), at("a", 3, 12)})
	assert.Len(t, got, 2)
	assert.Equal(t, []any{"Leaked 24 bytes in 3 allocations", 24, 3, 9}, []any{got[0].What, got[0].Size, got[0].Count, got[0].Accesses[0].Line})
	assert.Equal(t, []any{"Leaked 8 bytes at 0x3000", 1, 12}, []any{got[1].What, got[1].Count, got[1].Accesses[0].Line})
}
