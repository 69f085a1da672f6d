package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gocuda/gocuda/internal/bench"
)

// Exit statuses, as Go commands use them.
const (
	exitOK      = 0
	exitFailure = 1 // a check failed or a launch returned an error
	exitUsage   = 2 // bad command line
)

// A command is one subcommand of gocuda.
type command struct {
	name  string
	short string // one line for the usage list
	run   func(args []string, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order usage shows them. help is
// handled by run itself, since it needs the list.
var commands = []command{
	{"demo", "a guided run of SAXPY, tiled matmul, reduction, scan and n-body", runDemo},
	{"bench", "compare the kernels with hand-written Go; -quick, -json, -o, -benchstat, -svg", runBench},
	{"compile", "compile the kernels marked //gocuda:kernel into block loops (go generate)", runCompile},
	{"check", "run tests with kernels checked for races, sync and memory errors, like compute-sanitizer", runCheck},
	{"profile", "run tests and show what kernels would cost on a GPU: coalescing, bank conflicts, divergence", runProfile},
	{"devicequery", "print the properties of the device, like CUDA's deviceQuery", runDeviceQuery},
	{"version", "print the gocuda version, commit and Go toolchain", runVersion},
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "bench" {
		if code, rerun := bench.RerunWithoutAsyncPreempt(); rerun { // the SIMD build's hand-written Go at its real speed
			os.Exit(code)
		}
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the gocuda command with args (without the program name) and
// returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		return runHelp(rest, stdout, stderr)
	}
	if c := lookup(name); c != nil {
		return c.run(rest, stdout, stderr)
	}
	fmt.Fprintf(stderr, "gocuda %s: unknown command\n", name)
	usage(stderr)
	return exitUsage
}

// runHelp prints the general usage, or with one argument that command's.
func runHelp(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		usage(stdout)
		return exitOK
	case len(args) > 1:
		fmt.Fprintln(stderr, "usage: gocuda help [command]")
		return exitUsage
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "gocuda help %s: unknown command\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return c.run([]string{"-h"}, stdout, stdout)
}

func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// usage prints the command's usage to w.
func usage(w io.Writer) {
	fmt.Fprint(w, "gocuda runs CUDA-style kernels on the CPU.\n\n")
	fmt.Fprint(w, "Usage:\n\n\tgocuda <command> [arguments]\n\nThe commands are:\n\n")
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-12s %s\n", c.name, c.short)
	}
	fmt.Fprintf(w, "\t%-12s %s\n", "help", "print this help, or a command's with help <command>")
	fmt.Fprint(w, "\nRun 'gocuda help <command>' for more about a command.\n")
}

// parseFlags parses a subcommand's flags, printing its usage (usage, then
// the flags) when asked or on a mistake. ok reports whether the command
// should run; if not, code is its exit status.
func parseFlags(fs *flag.FlagSet, usage string, args []string, stderr io.Writer) (code int, ok bool) {
	if code, ok = parseFlagsArgs(fs, usage, args, stderr); ok && fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gocuda %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return exitUsage, false
	}
	return code, ok
}

// parseFlagsArgs is parseFlags for a subcommand that takes arguments after
// its flags (fs.Args).
func parseFlagsArgs(fs *flag.FlagSet, usage string, args []string, stderr io.Writer) (code int, ok bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	switch err := fs.Parse(args); {
	case errors.Is(err, flag.ErrHelp):
		return exitOK, false
	case err != nil:
		return exitUsage, false
	}
	return exitOK, true
}
