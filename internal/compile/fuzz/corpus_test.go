package fuzz

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// corpusDir holds FuzzCompile's corpus: the inputs go test -fuzz found
// failing, and the minimized kernels of known bugs.
const corpusDir = "testdata/fuzz/FuzzCompile"

// A seed is one input of the corpus.
type seed struct {
	name string // the file's name
	data []byte
}

// readCorpus returns the inputs of corpusDir, in name order.
func readCorpus() ([]seed, error) {
	entries, err := os.ReadDir(corpusDir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var seeds []seed
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(corpusDir, e.Name()))
		if err != nil {
			return nil, err
		}
		data, err := parseCorpusFile(string(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		seeds = append(seeds, seed{e.Name(), data})
	}
	slices.SortFunc(seeds, func(a, b seed) int { return strings.Compare(a.name, b.name) })
	return seeds, nil
}

// parseCorpusFile parses a corpus file of one []byte value.
func parseCorpusFile(s string) ([]byte, error) {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" {
		return nil, fmt.Errorf("not a corpus file of one value")
	}
	v, ok := strings.CutPrefix(lines[1], "[]byte(")
	if v, ok = strings.CutSuffix(v, ")"); !ok {
		return nil, fmt.Errorf("not a []byte value: %s", lines[1])
	}
	u, err := strconv.Unquote(v)
	return []byte(u), err
}

// writeCorpusFile writes data to the corpus under a name from prefix and
// its hash, returning the name.
func writeCorpusFile(prefix string, data []byte) (string, error) {
	name := fmt.Sprintf("%s-%x", prefix, sha256.Sum256(data))[:len(prefix)+17]
	if err := os.MkdirAll(corpusDir, 0o777); err != nil {
		return "", err
	}
	body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
	return name, os.WriteFile(filepath.Join(corpusDir, name), []byte(body), 0o666)
}
