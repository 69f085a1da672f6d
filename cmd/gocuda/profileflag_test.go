package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// TestProfileGPUFlag: -gpu picks a preset and defaults -arch to its
// architecture; a preset of another architecture than -arch's, or an
// unknown one, is a usage error.
func TestProfileGPUFlag(t *testing.T) {
	for _, tc := range []struct {
		arch, gpu string
		env       []string // nil: an error
	}{
		{"", "", []string{record.EnvArch + "=sm_90"}},
		{"", "g80", []string{record.EnvGPU + "=g80", record.EnvArch + "=sm_10"}},
		{"sm_70", "Tesla V100", []string{record.EnvGPU + "=gv100", record.EnvArch + "=sm_70"}},
		{"sm_90", "g80", nil},
		{"", "voodoo2", nil},
	} {
		env, envs, err := profileOptions{arch: tc.arch, gpu: tc.gpu}.env()
		if tc.env == nil {
			assert.Error(t, err, "%+v", tc)
			continue
		}
		require.NoError(t, err, "%+v", tc)
		assert.Equal(t, tc.env, env)
		assert.Nil(t, envs, "one GPU: one run")
	}

	// Several presets: a run each, on its own architecture.
	env, envs, err := profileOptions{gpu: "gh100,g80", regs: 16}.env()
	require.NoError(t, err)
	assert.Equal(t, []string{record.EnvRegs + "=16"}, env)
	assert.Equal(t, [][]string{{record.EnvGPU + "=gh100", record.EnvArch + "=sm_90"}, {record.EnvGPU + "=g80", record.EnvArch + "=sm_10"}}, envs)
	_, _, err = profileOptions{gpu: "gh100,g80", arch: "sm_90"}.env()
	assert.ErrorContains(t, err, "its own architecture")
	_, _, err = profileOptions{gpu: "gh100,H100 SXM5"}.env()
	assert.ErrorContains(t, err, "twice")
}
