package doccmd

import "strings"

// split splits a line of shell into commands at &&, ||, ; and |, and each
// command into words, removing quotes and backslash escapes as sh does. A
// # that starts a word begins a comment. Redirections (>, >>, <, 2>&1 and
// their files) are dropped: they say where output goes, not what runs.
func split(line string) [][]string {
	var (
		cmds  [][]string
		words []string
		word  strings.Builder
		inW   bool // a word has started (it may be empty: "")
		quote byte
	)
	endWord := func() {
		if inW {
			words = append(words, word.String())
		}
		word.Reset()
		inW = false
	}
	endCmd := func() {
		endWord()
		if cmd := dropRedirects(words); len(cmd) > 0 {
			cmds = append(cmds, cmd)
		}
		words = nil
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote == '\'':
			word.WriteByte(c)
		case quote == '"' && c == '\\' && i+1 < len(line) && strings.IndexByte("\\\"$`", line[i+1]) >= 0:
			i++
			word.WriteByte(line[i])
		case quote != 0:
			word.WriteByte(c)
		case c == '\'' || c == '"':
			quote, inW = c, true
		case c == '\\' && i+1 < len(line):
			i++
			word.WriteByte(line[i])
			inW = true
		case c == ' ' || c == '\t':
			endWord()
		case c == '#' && !inW:
			endCmd()
			return cmds
		case c == '&' && strings.HasSuffix(word.String(), ">"):
			word.WriteByte(c) // 2>&1 is a redirection, not a separator
		case c == ';' || c == '|' || c == '&':
			endCmd()
			if i+1 < len(line) && line[i+1] == c {
				i++
			}
		default:
			word.WriteByte(c)
			inW = true
		}
	}
	endCmd()
	return cmds
}

// dropRedirects returns words without redirection operators and their
// targets.
func dropRedirects(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := strings.TrimLeft(words[i], "0123456789")
		switch {
		case w == ">" || w == ">>" || w == "<":
			i++ // the target is the next word
		case strings.HasPrefix(w, ">") || strings.HasPrefix(w, "<"):
			// >file, 2>&1: operator and target in one word
		default:
			out = append(out, words[i])
		}
	}
	return out
}
