package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"golang.org/x/mod/module"
)

const versionUsage = `usage: gocuda version

Version prints the version of the gocuda module this command was built
from, the commit when it is known, and the Go toolchain and platform:

	gocuda v0.1.0 go1.26.0 linux/amd64
	gocuda v0.1.1-0.20260301120000-0123456789ab+dirty (commit 0123456789ab, 2026-03-01T12:00:00Z, modified) go1.26.0 linux/amd64

`

// modulePath is the module whose version the command reports.
const modulePath = "github.com/gocuda/gocuda"

// runVersion is the version subcommand.
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	if code, ok := parseFlags(fs, versionUsage, args, stderr); !ok {
		return code
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	fmt.Fprintln(stdout, versionLine(bi))
	return exitOK
}

// versionLine describes the build bi (nil if the binary has no build
// information): gocuda's module version, its commit, and the toolchain.
// The module is the main one when the command is built in a clone or
// installed with go install; a dependency when another module runs it
// (go tool, go run from a module requiring gocuda).
func versionLine(bi *debug.BuildInfo) string {
	goVersion, platform := runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH
	if bi == nil {
		return fmt.Sprintf("gocuda (unknown version) %s %s", goVersion, platform)
	}
	if bi.GoVersion != "" {
		goVersion = bi.GoVersion
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if settings["GOOS"] != "" && settings["GOARCH"] != "" {
		platform = settings["GOOS"] + "/" + settings["GOARCH"]
	}
	version, isMain := gocudaVersion(bi)
	var commit []string
	if isMain && settings["vcs.revision"] != "" {
		commit = append(commit, short(settings["vcs.revision"]))
		if t := settings["vcs.time"]; t != "" {
			commit = append(commit, t)
		}
		if settings["vcs.modified"] == "true" {
			commit = append(commit, "modified")
		}
	} else if rev := pseudoRev(version); rev != "" {
		commit = append(commit, rev)
	}
	if len(commit) > 0 {
		version += " (commit " + strings.Join(commit, ", ") + ")"
	}
	return fmt.Sprintf("gocuda %s %s %s", version, goVersion, platform)
}

// gocudaVersion returns the version of gocuda's module in bi, following a
// replace directive, and whether it is the main module, whose VCS
// settings bi holds. A build from a clone without VCS stamping reports
// (devel).
func gocudaVersion(bi *debug.BuildInfo) (version string, isMain bool) {
	m := &bi.Main
	if m.Path != modulePath {
		m = nil
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				m = d
				break
			}
		}
	}
	if m != nil && m.Replace != nil {
		m = m.Replace
	}
	switch {
	case m == nil:
		return "(unknown version)", false
	case m.Version == "":
		return "(devel)", m == &bi.Main
	}
	return m.Version, m == &bi.Main
}

// pseudoRev returns the commit a pseudo-version names, or "".
func pseudoRev(version string) string {
	v, _, _ := strings.Cut(version, "+") // a +dirty or +incompatible suffix
	if !module.IsPseudoVersion(v) {
		return ""
	}
	rev, err := module.PseudoVersionRev(v)
	if err != nil {
		return ""
	}
	return rev
}

// short returns the first 12 characters of a commit hash, as
// pseudo-versions abbreviate it.
func short(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}
