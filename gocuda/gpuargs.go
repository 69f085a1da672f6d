package gocuda

import (
	"reflect"
	"unsafe"
)

// flattenArgs returns a GPU launch's arguments as the kernel's PTX entry
// takes them: each struct argument replaced by its fields in order,
// nested structs too (package ptx declares a parameter per field), so
// that the back end passes and copies numbers, slices and pointers only.
func flattenArgs(args []any) []any {
	var out []any
	for _, a := range args {
		out = appendFields(out, reflect.ValueOf(a))
	}
	return out
}

// appendFields appends v, or a struct's fields, to out.
func appendFields(out []any, v reflect.Value) []any {
	if v.Kind() != reflect.Struct {
		return append(out, v.Interface())
	}
	// An addressable copy, whose unexported fields can be read as values
	// of their own types (reflect hands them out read-only).
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	for i := range c.NumField() {
		f := c.Field(i)
		out = appendFields(out, reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem())
	}
	return out
}
