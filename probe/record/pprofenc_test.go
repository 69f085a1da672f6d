package record

import (
	"bytes"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPprofEncoderMatchesPprof checks the hand-written encoder against the
// pprof package: the fixture's profile, built with pprof's types as the
// encoder's comments describe it and written by pprof, reads back the same
// as writePprof's output.
func TestPprofEncoderMatchesPprof(t *testing.T) {
	merged := MergeProfiles(profileFixture())
	var got bytes.Buffer
	require.NoError(t, writePprof(&got, merged))
	parsed, err := profile.Parse(&got)
	require.NoError(t, err)

	var want bytes.Buffer
	require.NoError(t, pprofReference(merged).Write(&want))
	ref, err := profile.Parse(&want)
	require.NoError(t, err)
	assert.Equal(t, ref.String(), parsed.String())
	assert.Contains(t, parsed.String(), "registers", "the fixture has registers to label")
}

// pprofReference builds the profile writePprof encodes with the pprof
// package's types.
func pprofReference(profiles []*KernelProfile) *profile.Profile {
	m := &profile.Mapping{ID: 1, File: "gocuda profile", HasFunctions: true, HasFilenames: true, HasLineNumbers: true}
	prof := &profile.Profile{DefaultSampleType: "gld_transactions", Mapping: []*profile.Mapping{m}}
	for _, t := range profSampleTypes {
		prof.SampleType = append(prof.SampleType, &profile.ValueType{Type: t.name, Unit: t.unit})
	}
	funcs := map[[2]string]*profile.Function{}
	locs := map[lineKey]*profile.Location{}
	for _, p := range profiles {
		for i := range p.Lines {
			l := &p.Lines[i]
			fn := funcs[[2]string{l.Func, l.File}]
			if fn == nil {
				fn = &profile.Function{ID: uint64(len(funcs) + 1), Name: l.Func, SystemName: l.Func, Filename: l.File}
				funcs[[2]string{l.Func, l.File}] = fn
				prof.Function = append(prof.Function, fn)
			}
			key := lineKey{l.File, l.Line, l.Func}
			loc := locs[key]
			if loc == nil {
				loc = &profile.Location{ID: uint64(len(locs) + 1), Mapping: m, Line: []profile.Line{{Function: fn, Line: int64(l.Line)}}}
				locs[key] = loc
				prof.Location = append(prof.Location, loc)
			}
			values := make([]int64, len(profSampleTypes))
			for j, t := range profSampleTypes {
				values[j] = int64(t.value(&l.Counts))
			}
			prof.Sample = append(prof.Sample, &profile.Sample{
				Location: []*profile.Location{loc}, Value: values,
				Label:    map[string][]string{"kernel": {p.Kernel}, "arch": {p.Arch}},
				NumLabel: map[string][]int64{"registers": {int64(p.Registers)}},
			})
		}
	}
	return prof
}

// TestProtoVarint checks the base-128 encoding against protobuf's
// examples: 1 is 01, 150 is 96 01, 300 is ac 02.
func TestProtoVarint(t *testing.T) {
	for x, want := range map[uint64][]byte{1: {1}, 150: {0x96, 1}, 300: {0xac, 2}, 1 << 63: {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 1}} {
		var b protoBuf
		b.varint(x)
		assert.Equal(t, want, []byte(b), "varint(%d)", x)
	}
	var b protoBuf
	b.uint(1, 150)
	assert.Equal(t, []byte{0x08, 0x96, 0x01}, []byte(b), "field 1 = 150")
}
