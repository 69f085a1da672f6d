package panics_test

import (
	"fmt"
	"path/filepath"

	"github.com/gocuda/gocuda/internal/panics"
)

func Example() {
	report := func() (r panics.Report) {
		defer func() { r = panics.Capture(recover()) }()
		var s []int
		_ = s[3]
		return r
	}()
	fmt.Println(report.Value)
	fmt.Println(panics.IllegalAddress(report.Value), filepath.Base(report.Site.File))
	// Output:
	// runtime error: index out of range [3] with length 0
	// true example_test.go
}
