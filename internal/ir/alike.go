package ir

import (
	"reflect"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Alike reports whether a and b (queries, alternatives, clauses or
// expressions) are the same code but for the names of what they bind and
// the positions of their parts: each name either binds at the same place
// of both or means the same declaration in both. Evaluated where both
// stand (the same scope: a query and another of the same rule), they
// yield the same values in the same order and fail alike.
//
// It compares the trees field by field, so a node kind added to package
// lang or ir is compared without a change here; what is left out is the
// positions (lang.Pos), the clause a pass's clause came from (Src, for
// the explanation) and what a call may inline (lang.Call.Site: where the
// call is inlined, not what it computes). A field it cannot read makes
// the two unlike.
func Alike(a, b any) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	var na, nb []*lang.Name
	binders(va, &na)
	binders(vb, &nb)
	if len(na) != len(nb) {
		return false
	}
	m := &alike{to: map[*resolve.Decl]*resolve.Decl{}, bound: map[*resolve.Decl]bool{}}
	for i := range na {
		da, db := resolve.NameDecl(na[i]), resolve.NameDecl(nb[i])
		if da == nil || db == nil {
			return false
		}
		if to, ok := m.to[da]; ok && to != db {
			return false
		}
		m.to[da], m.bound[db] = db, true
	}
	return m.same(va, vb)
}

var (
	posType   = reflect.TypeOf(lang.Pos{})
	nameType  = reflect.TypeOf((*lang.Name)(nil))
	identType = reflect.TypeOf((*lang.Ident)(nil))
)

// skipped reports whether field f of a node is left out of the
// comparison.
func skipped(f reflect.StructField) bool {
	return f.Type == posType || f.Name == "Src" || f.Name == "Site" || f.Name == "Bind"
}

// binders appends the names v binds, in the order of its fields.
func binders(v reflect.Value, out *[]*lang.Name) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Type() == nameType && v.CanInterface() {
			*out = append(*out, v.Interface().(*lang.Name))
			return
		}
		binders(v.Elem(), out)
	case reflect.Interface:
		if !v.IsNil() {
			binders(v.Elem(), out)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			if !skipped(t.Field(i)) {
				binders(v.Field(i), out)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			binders(v.Index(i), out)
		}
	}
}

// alike is the correspondence of the names two trees bind.
type alike struct {
	to    map[*resolve.Decl]*resolve.Decl // a's bound name -> b's
	bound map[*resolve.Decl]bool          // b's bound names
}

// same compares a and b, two values of one type.
func (m *alike) same(a, b reflect.Value) bool {
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if !a.CanInterface() {
			return false
		}
		switch a.Type() {
		case nameType:
			da, db := resolve.NameDecl(a.Interface().(*lang.Name)), resolve.NameDecl(b.Interface().(*lang.Name))
			return da != nil && m.to[da] == db
		case identType:
			da, db := resolve.Of(a.Interface().(*lang.Ident)), resolve.Of(b.Interface().(*lang.Ident))
			if da == nil || db == nil {
				return false
			}
			if to, ok := m.to[da]; ok {
				return to == db
			}
			return da == db && !m.bound[db]
		}
		return m.same(a.Elem(), b.Elem())
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return m.same(a.Elem(), b.Elem())
	case reflect.Struct:
		t := a.Type()
		for i := range t.NumField() {
			if !skipped(t.Field(i)) && !m.same(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !m.same(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.String:
		return a.String() == b.String()
	}
	// (Maps, functions, channels: not parts of code.)
	return false
}
