package plain

import "reflect"

// Type reports whether every byte pattern of t's size is a valid value of
// t: whether t is an integer, floating-point or complex type, or an array or
// struct made of them only (a struct's padding holds no value). A bool is
// not plain, since only the bytes 0 and 1 are valid booleans, nor is any
// type holding a pointer: pointers, strings, slices, maps, channels, funcs,
// interfaces and unsafe.Pointer. Types of size zero made of plain types are
// plain.
func Type(t reflect.Type) bool { return madeOf(t, false) }

// Of reports whether T is plain: Type(reflect.TypeFor[T]()).
func Of[T any]() bool { return Type(reflect.TypeFor[T]()) }

// PointerFree reports whether values of t hold no pointers: whether t is a
// boolean or numeric type, or an array or struct made of them only. Such
// values may be copied bit for bit between threads (a warp shuffle), and
// the garbage collector never needs to scan them; unlike Type, it admits
// bool, since copying a valid bool's byte gives a valid bool.
func PointerFree(t reflect.Type) bool { return madeOf(t, true) }

// madeOf reports whether t is a number, a bool if bools count, or an array
// or struct made of those only.
func madeOf(t reflect.Type, bools bool) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Bool:
		return bools
	case reflect.Array:
		return t.Len() == 0 || madeOf(t.Elem(), bools)
	case reflect.Struct:
		for i := range t.NumField() {
			if !madeOf(t.Field(i).Type, bools) {
				return false
			}
		}
		return true
	}
	return false
}
