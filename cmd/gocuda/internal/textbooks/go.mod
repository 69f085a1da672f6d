module github.com/gocuda/gocuda/cmd/gocuda/internal/textbooks

go 1.26.0

require (
	github.com/gocuda/gocuda v0.0.0
	github.com/stretchr/testify v1.12.1
	go.uber.org/goleak v1.3.0
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect

replace github.com/gocuda/gocuda => ../../../..
