package main

import (
	"flag"
	"fmt"
	"io"
)

// outputFlags are the output flags check, profile and bench share: the
// same output as JSON instead of text, and a file to write it to.
type outputFlags struct {
	json bool
	file string
}

// register defines -format, its shorthand -json, and -o on fs for the
// output called what.
func (o *outputFlags) register(fs *flag.FlagSet, what string) {
	fs.Func("format", "print "+what+" as `text` (the default) or json", o.setFormat)
	fs.BoolVar(&o.json, "json", false, "print "+what+" as JSON instead of text (-format json)")
	fs.StringVar(&o.file, "o", "", "write "+what+" to `file` instead of standard output")
}

// setFormat sets the output format named s: text or json.
func (o *outputFlags) setFormat(s string) error {
	switch s {
	case "text":
		o.json = false
	case "json":
		o.json = true
	default:
		return fmt.Errorf("unknown format %q: want text or json", s)
	}
	return nil
}

// write writes the output with render, to o's file or else to stdout.
func (o *outputFlags) write(stdout io.Writer, render func(io.Writer) error) error {
	if o.file == "" {
		return render(stdout)
	}
	return writeFile(o.file, render)
}

// stdoutIsOutput reports whether standard output is the JSON's alone, so
// that other output must go to standard error.
func (o *outputFlags) stdoutIsOutput() bool { return o.json && o.file == "" }
