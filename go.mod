module github.com/gocuda/gocuda

go 1.26
