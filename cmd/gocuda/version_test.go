package main

import (
	"bytes"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// buildInfo is a BuildInfo with main module main, dependencies deps and
// settings given as key, value pairs.
func buildInfo(main debug.Module, deps []*debug.Module, settings ...string) *debug.BuildInfo {
	bi := &debug.BuildInfo{GoVersion: "go1.26.0", Main: main, Deps: deps}
	for i := 0; i+1 < len(settings); i += 2 {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
	}
	return bi
}

func TestVersionLine(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	gocuda := func(v string) debug.Module { return debug.Module{Path: modulePath, Version: v} }
	user := debug.Module{Path: "example.com/app", Version: "(devel)"}
	here := runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"no build info", nil, "gocuda (unknown version) " + here},
		{"go install @v0.1.0", buildInfo(gocuda("v0.1.0"), nil, "GOOS", "linux", "GOARCH", "amd64"),
			"gocuda v0.1.0 go1.26.0 linux/amd64"},
		{"go install @commit: pseudo-version", buildInfo(gocuda("v0.1.1-0.20260301120000-0123456789ab"), nil, "GOOS", "darwin", "GOARCH", "arm64"),
			"gocuda v0.1.1-0.20260301120000-0123456789ab (commit 0123456789ab) go1.26.0 darwin/arm64"},
		{"built in a clone with changes", buildInfo(gocuda("v0.1.1-0.20260301120000-0123456789ab+dirty"), nil,
			"GOOS", "linux", "GOARCH", "amd64", "vcs.revision", rev, "vcs.time", "2026-03-01T12:00:00Z", "vcs.modified", "true"),
			"gocuda v0.1.1-0.20260301120000-0123456789ab+dirty (commit 0123456789ab, 2026-03-01T12:00:00Z, modified) go1.26.0 linux/amd64"},
		{"built in a clean clone at a tag", buildInfo(gocuda("v0.2.0"), nil,
			"GOOS", "linux", "GOARCH", "amd64", "vcs.revision", rev, "vcs.time", "2026-03-01T12:00:00Z", "vcs.modified", "false"),
			"gocuda v0.2.0 (commit 0123456789ab, 2026-03-01T12:00:00Z) go1.26.0 linux/amd64"},
		{"go run without VCS stamping", buildInfo(gocuda("(devel)"), nil, "GOOS", "linux", "GOARCH", "amd64"),
			"gocuda (devel) go1.26.0 linux/amd64"},
		{"a dependency of another module", buildInfo(user, []*debug.Module{{Path: "golang.org/x/mod", Version: "v0.42.0"}, {Path: modulePath, Version: "v0.1.0"}},
			"GOOS", "linux", "GOARCH", "amd64", "vcs.revision", rev), // the user's commit, not gocuda's
			"gocuda v0.1.0 go1.26.0 linux/amd64"},
		{"a dependency at a pseudo-version", buildInfo(user, []*debug.Module{{Path: modulePath, Version: "v0.0.0-20260301120000-abcdefabcdef"}},
			"GOOS", "linux", "GOARCH", "amd64"),
			"gocuda v0.0.0-20260301120000-abcdefabcdef (commit abcdefabcdef) go1.26.0 linux/amd64"},
		{"a dependency replaced by a directory", buildInfo(user, []*debug.Module{{Path: modulePath, Version: "v0.1.0", Replace: &debug.Module{Path: "../gocuda"}}},
			"GOOS", "linux", "GOARCH", "amd64"),
			"gocuda (devel) go1.26.0 linux/amd64"},
		{"a dependency replaced by a version", buildInfo(user, []*debug.Module{{Path: modulePath, Version: "v0.1.0", Replace: &debug.Module{Path: "example.com/fork", Version: "v0.1.5"}}},
			"GOOS", "linux", "GOARCH", "amd64"),
			"gocuda v0.1.5 go1.26.0 linux/amd64"},
		{"not linked at all", buildInfo(user, nil), "gocuda (unknown version) go1.26.0 " + runtime.GOOS + "/" + runtime.GOARCH},
	}
	for _, tt := range tests {
		if got := versionLine(tt.bi); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

// TestRunVersion runs the subcommand: one line on stdout naming this
// binary's toolchain, nothing on stderr; arguments are refused.
func TestRunVersion(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"version"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("gocuda version: exit %d, stderr:\n%s", code, &stderr)
	}
	bi, _ := debug.ReadBuildInfo()
	want := versionLine(bi) + "\n"
	if got := stdout.String(); got != want || stderr.Len() != 0 {
		t.Errorf("gocuda version: stdout %q, want %q; stderr %q", got, want, &stderr)
	}
	if !strings.HasPrefix(want, "gocuda ") || !strings.Contains(want, " "+runtime.Version()+" ") {
		t.Errorf("gocuda version: %q does not name the module and %s", want, runtime.Version())
	}

	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"version", "extra"}, &stdout, &stderr); code != exitUsage {
		t.Errorf("gocuda version extra: exit %d, want %d", code, exitUsage)
	}
	if !strings.Contains(stderr.String(), "usage: gocuda version") || stdout.Len() != 0 {
		t.Errorf("gocuda version extra: stdout %q, stderr %q", &stdout, &stderr)
	}
}

// TestNoProbeAtImport: the command depends on package probe/record for
// the records, not on package probe, whose mode starts in instrumented
// builds: a malformed GOCUDA_PROBE cannot stop it.
func TestNoProbeAtImport(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	assert.Contains(t, deps, "github.com/gocuda/gocuda/probe/record")
	assert.NotContains(t, deps, "github.com/gocuda/gocuda/probe")
	t.Setenv("GOCUDA_PROBE", "bogus")
	var stdout, stderr bytes.Buffer
	assert.Equal(t, exitOK, run([]string{"version"}, &stdout, &stderr), "stderr:\n%s", &stderr)
}
