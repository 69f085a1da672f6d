package doccmd

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A Command is one command shown in a Markdown file.
type Command struct {
	File string   // the file, as passed to Parse or relative to Find's root
	Line int      // 1-based line of the command in File
	Args []string // the words, quotes removed: "go", "test", "-bench", "SAXPY/n=1/impl=(a|b)", ...
}

// String returns the command's place and words, for test failures.
func (c Command) String() string {
	return fmt.Sprintf("%s:%d: %s", c.File, c.Line, strings.Join(c.Args, " "))
}

// shellFence matches the opening line of a fenced block of shell commands.
var shellFence = regexp.MustCompile("^\\s*(```|~~~)\\s*(sh|shell|bash|console)\\s*$")

// inlineCode matches an inline code span of one backtick, which may run
// over a line break.
var inlineCode = regexp.MustCompile("`([^`]+)`")

// Parse returns the commands of the Markdown text src whose first word is
// one of progs, in order. name is recorded as each Command's File.
func Parse(name string, src []byte, progs ...string) []Command {
	var cmds []Command
	add := func(line int, text string) {
		for _, args := range split(text) {
			if len(args) > 0 && slices.Contains(progs, args[0]) {
				cmds = append(cmds, Command{File: name, Line: line, Args: args})
			}
		}
	}
	var para []string // the lines of the paragraph outside code blocks so far
	paraStart := 0
	endPara := func() {
		text := strings.Join(para, "\n")
		for _, m := range inlineCode.FindAllStringSubmatchIndex(text, -1) {
			add(paraStart+strings.Count(text[:m[0]], "\n"), strings.ReplaceAll(text[m[2]:m[3]], "\n", " "))
		}
		para = nil
	}
	sc := bufio.NewScanner(bytes.NewReader(src))
	fence := "" // the fence of the block the scanner is in, if any
	shell := false
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		trimmed := strings.TrimSpace(text)
		switch {
		case fence == "" && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")):
			endPara()
			fence, shell = trimmed[:3], shellFence.MatchString(text)
		case fence != "" && strings.HasPrefix(trimmed, fence):
			fence = ""
		case fence != "" && shell:
			add(line, strings.TrimPrefix(trimmed, "$ "))
		case fence == "" && trimmed == "":
			endPara()
		case fence == "":
			if len(para) == 0 {
				paraStart = line
			}
			para = append(para, text)
		}
	}
	endPara()
	return cmds
}

// Find returns the commands whose first word is one of progs in root's
// README.md and in every .md file under root's docs directory.
func Find(root string, progs ...string) ([]Command, error) {
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, err := filepath.Rel(root, path)
			files = append(files, rel)
			return err
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("doccmd: %w", err)
	}
	var cmds []Command
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return nil, fmt.Errorf("doccmd: %w", err)
		}
		cmds = append(cmds, Parse(filepath.ToSlash(f), src, progs...)...)
	}
	return cmds, nil
}
