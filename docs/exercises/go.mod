module github.com/gocuda/gocuda/docs/exercises

go 1.26.0

require github.com/gocuda/gocuda v0.0.0

require (
	github.com/klauspost/cpuid/v2 v2.4.2 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

replace github.com/gocuda/gocuda => ../..
