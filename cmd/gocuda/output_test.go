package main

import (
	"bytes"
	"flag"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutputFormat: -format json and -json both ask for JSON, -format
// text for text, the last flag winning; another format is a usage error
// of check, profile and bench alike.
func TestOutputFormat(t *testing.T) {
	for _, tc := range []struct {
		args []string
		json bool
	}{
		{nil, false},
		{[]string{"-format", "json"}, true},
		{[]string{"-format=text"}, false},
		{[]string{"-json"}, true},
		{[]string{"-json", "-format", "text"}, false},
		{[]string{"-format", "text", "-json"}, true},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		var o outputFlags
		o.register(fs, "it")
		require.NoError(t, fs.Parse(tc.args), "%q", tc.args)
		assert.Equal(t, tc.json, o.json, "%q", tc.args)
	}
	for name, run := range map[string]func([]string, io.Writer, io.Writer) int{
		"check": runCheck, "profile": runProfile, "bench": runBench,
	} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, exitUsage, run([]string{"-format", "xml"}, &stdout, &stderr), name)
		assert.Contains(t, stderr.String(), `unknown format "xml": want text or json`, name)
	}
}
