// Package doccmd finds the shell commands that a repository's Markdown
// documentation shows, so that tests can check or run each one and a
// command in the docs cannot silently stop working.
//
// A command is a line of a fenced code block marked sh, shell, bash or
// console, or an inline code span, whose first word is one of the programs
// asked for. Lines are split at &&, ||, ; and | into separate commands;
// comments, a leading "$ " prompt and redirections are dropped, and quotes
// are removed as a POSIX shell removes them.
package doccmd
