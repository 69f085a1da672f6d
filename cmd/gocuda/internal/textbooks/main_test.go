package textbooks_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"go.uber.org/goleak"
)

// exitOK is the gocuda command's exit code for a run that succeeded.
const exitOK = 0

// gocudaBin is the gocuda command, built once for all the tests.
var gocudaBin string

// TestMain builds the gocuda command from the repository's root, runs the
// tests, and checks that they leave no goroutine behind.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gocuda-textbooks-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	gocudaBin = filepath.Join(dir, "gocuda")
	build := exec.Command("go", "build", "-o", gocudaBin, "./cmd/gocuda")
	build.Dir = "../../../.."
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	code := 1
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the gocuda command:", err)
	} else if code = m.Run(); code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// profile runs gocuda profile with args in dir, its standard output and
// error going to stdout and stderr, and returns its exit code.
func profile(args []string, stdout, stderr io.Writer, dir string) int {
	cmd := exec.Command(gocudaBin, append([]string{"profile"}, args...)...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, stdout, stderr
	err := cmd.Run()
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return -1
	}
	return exitOK
}
