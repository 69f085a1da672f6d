package record

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sampleOf returns the values of the sample of kernel and arch at line.
func sampleOf(t *testing.T, p *profile.Profile, kernel, arch string, line int64) map[string]int64 {
	t.Helper()
	for _, s := range p.Sample {
		if s.Label["kernel"][0] == kernel && s.Label["arch"][0] == arch && s.Location[0].Line[0].Line == line {
			values := map[string]int64{}
			for i, st := range p.SampleType {
				values[st.Type] = s.Value[i]
			}
			return values
		}
	}
	require.Failf(t, "no sample", "%s %s line %d", kernel, arch, line)
	return nil
}

// TestWriteProfilesPprof parses the pprof output back: a sample per kernel
// and line, with the merged counts, at a location naming the line's
// function and file.
func TestWriteProfilesPprof(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteProfiles(&b, "pprof", profileFixture()))
	p, err := profile.Parse(&b)
	require.NoError(t, err)
	require.NoError(t, p.CheckValid())

	var types []string
	for _, st := range p.SampleType {
		types = append(types, st.Type)
	}
	assert.Equal(t, []string{"gld_requests", "gld_transactions", "gld_bytes", "gld_requested_bytes",
		"gst_requests", "gst_transactions", "gst_bytes", "gst_requested_bytes",
		"shared_ld_requests", "shared_ld_transactions", "shared_ld_bank_conflicts",
		"shared_st_requests", "shared_st_transactions", "shared_st_bank_conflicts",
		"local_ld_requests", "local_ld_transactions", "local_st_requests", "local_st_transactions",
		"shared_atom_requests", "shared_atom_operations", "global_atom_requests", "global_atom_operations",
		"branches", "divergent_branches", "inst_executed", "thread_inst_executed"}, types)
	assert.Equal(t, "gld_transactions", p.DefaultSampleType)
	assert.Len(t, p.Sample, 6) // 3 lines of saxpy on sm_70, 1 on sm_90, 2 of reduce

	load := sampleOf(t, p, "pkg.saxpy", "sm_70", 12)
	assert.Equal(t, int64(65), load["gld_requests"])
	assert.Equal(t, int64(260), load["gld_transactions"])
	assert.Equal(t, int64(0), load["gst_requests"])
	assert.Equal(t, int64(32), sampleOf(t, p, "pkg.saxpy", "sm_90", 12)["gld_requests"])
	reduce := sampleOf(t, p, "pkg.reduce", "sm_70", 20)
	assert.Equal(t, int64(28), reduce["shared_ld_transactions"])
	assert.Equal(t, int64(14), reduce["shared_ld_bank_conflicts"])
	assert.Equal(t, int64(4), sampleOf(t, p, "pkg.reduce", "sm_70", 19)["divergent_branches"])

	for _, s := range p.Sample {
		fn := s.Location[0].Line[0].Function
		assert.Equal(t, s.Label["kernel"][0], fn.Name)
		assert.Equal(t, "/src/pkg/"+strings.TrimPrefix(fn.Name, "pkg.")+".go", fn.Filename)
	}
}

// TestPprofTool runs `go tool pprof -raw` and `-list` on the output: the
// tool reads it, and lists the counts beside the kernel's source lines.
func TestPprofTool(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	if testing.Short() {
		t.Skip("builds the pprof tool")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "saxpy.go")
	var lines []string
	for i := 1; i <= 14; i++ {
		lines = append(lines, "// source line "+string(rune('a'+i)))
	}
	require.NoError(t, os.WriteFile(src, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	profiles := profileFixture()[:1]
	for i := range profiles[0].Lines {
		profiles[0].Lines[i].File = src
	}
	file := filepath.Join(dir, "gpu.pprof")
	var b bytes.Buffer
	require.NoError(t, WriteProfiles(&b, "pprof", profiles))
	require.NoError(t, os.WriteFile(file, b.Bytes(), 0o644))

	raw, err := exec.Command(gocmd, "tool", "pprof", "-raw", file).CombinedOutput()
	require.NoError(t, err, "%s", raw)
	assert.Contains(t, string(raw), "gld_transactions/count")
	assert.Contains(t, string(raw), "pkg.saxpy "+src+":12")

	list, err := exec.Command(gocmd, "tool", "pprof", "-sample_index=gld_transactions", "-list", "pkg.saxpy", file).CombinedOutput()
	require.NoError(t, err, "%s", list)
	assert.Regexp(t, `(?m)^\s+128\s+128\s+12:\s*// source line m$`, string(list))
}
