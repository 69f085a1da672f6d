package instrument

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// OverlayFile is the name of the go command's overlay file that
// WriteOverlay writes.
const OverlayFile = "overlay.json"

// WriteOverlay writes files into dir, and beside them the overlay file of
// the go command's -overlay flag, which makes each file's original path
// read its rewritten copy; it returns the overlay file's path.
func WriteOverlay(dir string, files []*File) (string, error) {
	replace := make(map[string]string, len(files))
	for i, f := range files {
		// Numbered: files of different directories may share a name.
		name := filepath.Join(dir, fmt.Sprintf("%d_%s", i, filepath.Base(f.Path)))
		if err := os.WriteFile(name, f.Source, 0o644); err != nil {
			return "", fmt.Errorf("instrument: %w", err)
		}
		replace[f.Path] = name
	}
	data, err := json.MarshalIndent(struct{ Replace map[string]string }{replace}, "", "\t")
	if err != nil {
		return "", fmt.Errorf("instrument: %w", err)
	}
	path := filepath.Join(dir, OverlayFile)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("instrument: %w", err)
	}
	return path, nil
}

// A Result is what Instrument did.
type Result struct {
	Overlay string   // the overlay file, for go build -overlay
	Files   []*File  // the rewritten files
	Skipped []string // packages left out (see Load)
	// Matched counts the packages the patterns matched; with
	// Config.Tests, Untested are those of them without test files.
	Matched  int
	Untested []Untested
}

// Instrument loads the packages matching patterns (see Load), rewrites
// their kernels (see Rewrite) and writes the overlay into dir (see
// WriteOverlay).
func Instrument(c Config, dir string, patterns ...string) (*Result, error) {
	l, err := load(c, patterns...)
	if err != nil {
		return nil, err
	}
	files, err := Rewrite(l.pkgs)
	if err != nil {
		return nil, err
	}
	overlay, err := WriteOverlay(dir, files)
	if err != nil {
		return nil, err
	}
	return &Result{Overlay: overlay, Files: files, Skipped: l.skipped, Matched: l.matched, Untested: l.untested}, nil
}
