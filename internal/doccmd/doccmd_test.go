package doccmd

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		line string
		want [][]string
	}{
		{"", nil},
		{"go test ./...", [][]string{{"go", "test", "./..."}}},
		{"go test -bench 'A|B' ./bench", [][]string{{"go", "test", "-bench", "A|B", "./bench"}}},
		{`go test -bench "A/(x|y)" ./bench`, [][]string{{"go", "test", "-bench", "A/(x|y)", "./bench"}}},
		{`echo "a \"b\" \$c" 'd\e'`, [][]string{{"echo", `a "b" $c`, `d\e`}}},
		{`echo a\ b ""`, [][]string{{"echo", "a b", ""}}},
		{"cd docs/exercises && go test ./01-vecadd/", [][]string{{"cd", "docs/exercises"}, {"go", "test", "./01-vecadd/"}}},
		{"go test -count 10 ./bench > new.txt", [][]string{{"go", "test", "-count", "10", "./bench"}}},
		{"go test ./bench >>new.txt 2>&1 | tee out", [][]string{{"go", "test", "./bench"}, {"tee", "out"}}},
		{"benchstat new.txt   # medians, with #s", [][]string{{"benchstat", "new.txt"}}},
		{"go vet a#b; go test", [][]string{{"go", "vet", "a#b"}, {"go", "test"}}},
		{"a || b & c", [][]string{{"a"}, {"b"}, {"c"}}},
	}
	for _, tt := range tests {
		if got := split(tt.line); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("split(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	md := "# Title\n" + // 1
		"Use `go test ./...` and `gofmt -l .`.\n" + // 2
		"```go\n" + // 3
		"go test -bench . // not shell\n" + // 4
		"```\n" + // 5
		"~~~console\n" + // 6
		"$ go run ./cmd/gocuda bench -quick\n" + // 7
		"```\n" + // 8: not the closing fence
		"go test -short\n" + // 9
		"~~~\n" + // 10
		"```bash\n" + // 11
		"benchstat old.txt new.txt\n" + // 12
		"```\n" + // 13
		"Then `go test\n" + // 14
		"-short` and\n" + // 15
		"\n" + // 16
		"`go vet` and `not\n" + // 17
		"\n" + // 18
		"go vet` (a paragraph ends a span).\n" // 19
	got := Parse("x.md", []byte(md), "go", "benchstat")
	want := []Command{
		{"x.md", 2, []string{"go", "test", "./..."}},
		{"x.md", 7, []string{"go", "run", "./cmd/gocuda", "bench", "-quick"}},
		{"x.md", 9, []string{"go", "test", "-short"}},
		{"x.md", 12, []string{"benchstat", "old.txt", "new.txt"}},
		{"x.md", 14, []string{"go", "test", "-short"}},
		{"x.md", 17, []string{"go", "vet"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse = %v\nwant %v", got, want)
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("README.md", "`go test ./...`\n")
	write("docs/a.md", "`go test -bench .`\n")
	write("docs/tutorials/b.md", "\n`go vet`\n")
	write("docs/notes.txt", "`go test -bench x`\n")
	write("other.md", "`go test -bench y`\n")
	got, err := Find(root, "go")
	if err != nil {
		t.Fatal(err)
	}
	want := []Command{
		{"README.md", 1, []string{"go", "test", "./..."}},
		{"docs/a.md", 1, []string{"go", "test", "-bench", "."}},
		{"docs/tutorials/b.md", 2, []string{"go", "vet"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Find = %v\nwant %v", got, want)
	}
	if _, err := Find(filepath.Join(root, "missing"), "go"); err == nil {
		t.Error("Find of a missing root: no error")
	}
	if s := want[1].String(); s != "docs/a.md:1: go test -bench ." {
		t.Errorf("String = %q", s)
	}
}
