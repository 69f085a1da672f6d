module github.com/gocuda/gocuda/internal/compile/staleness

go 1.26.0

require (
	github.com/gocuda/gocuda v0.0.0
	github.com/stretchr/testify v1.12.1
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect

replace github.com/gocuda/gocuda => ../../..
