package main

import (
	"flag"
	"io"
)

// outputFlags are the output flags check, profile and bench share: the
// same output as JSON instead of text, and a file to write it to.
type outputFlags struct {
	json bool
	file string
}

// register defines -json and -o on fs for the output called what.
func (o *outputFlags) register(fs *flag.FlagSet, what string) {
	fs.BoolVar(&o.json, "json", false, "print "+what+" as JSON instead of text")
	fs.StringVar(&o.file, "o", "", "write "+what+" to `file` instead of standard output")
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
