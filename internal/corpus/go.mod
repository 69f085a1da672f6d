module github.com/gocuda/gocuda/internal/corpus

go 1.26.0

require (
	github.com/gocuda/gocuda v0.0.0
	github.com/stretchr/testify v1.12.1
	go.uber.org/goleak v1.3.0
)

require (
	github.com/ebitengine/purego v0.11.3 // indirect
	github.com/klauspost/cpuid/v2 v2.4.2 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

replace github.com/gocuda/gocuda => ../..

tool github.com/gocuda/gocuda/internal/compile/gocudacompile
