package emit

import "strings"

// The static types of the subset. A script is dynamically typed; emit
// gives every expression one type by unification (union-find over type
// terms), and what cannot be typed so is outside the subset.

type kind uint8

const (
	kVar   kind = iota // not known yet
	kInt               // int64
	kSGV               // an SG value: a finite int, or ∞K (a game with cycles)
	kBool              // bool
	kStr               // string
	kGame              // a game value: a position, a nimber or a sum
	kList              // list of args[0]
	kSet               // set of args[0]
	kMap               // map from args[0] to args[1]
	kTuple             // tuple of args
)

// ty is a type term; a node of the union-find forest.
type ty struct {
	parent *ty
	k      kind
	args   []*ty
}

func newVar() *ty                { return &ty{k: kVar} }
func mk(k kind, args ...*ty) *ty { return &ty{k: k, args: args} }
func tInt() *ty                  { return mk(kInt) }
func tBool() *ty                 { return mk(kBool) }
func tStr() *ty                  { return mk(kStr) }
func tGame() *ty                 { return mk(kGame) }
func tSGV() *ty                  { return mk(kSGV) }
func tList(e *ty) *ty            { return mk(kList, e) }
func tSet(e *ty) *ty             { return mk(kSet, e) }
func tMap(k, v *ty) *ty          { return mk(kMap, k, v) }
func tTuple(es ...*ty) *ty       { return mk(kTuple, es...) }
func (t *ty) is(k kind) bool     { return t.find().k == k }
func (t *ty) arg(i int) *ty      { return t.find().args[i] }
func (t *ty) numeric() bool      { k := t.find().k; return k == kInt || k == kSGV }
func (t *ty) known() bool        { return t.find().k != kVar }
func (t *ty) kindOf() kind       { return t.find().k }
func (t *ty) tupleLen() int      { return len(t.find().args) }
func (t *ty) elems() []*ty       { return t.find().args }
func (t *ty) orderable() bool    { k := t.find().k; return k != kMap && k != kGame }
func (t *ty) elemOf() *ty        { return t.find().args[0] }
func (t *ty) String() string     { return typeName(t) }

func (t *ty) find() *ty {
	r := t
	for r.parent != nil {
		r = r.parent
	}
	for t.parent != nil && t.parent != r {
		next := t.parent
		t.parent = r
		t = next
	}
	return r
}

// unify makes a and b one type; false when they cannot be. An int and an
// SG value unify to an SG value (an int is a finite SG value).
func unify(a, b *ty) bool {
	return unifyDepth(a, b, 0)
}

func unifyDepth(a, b *ty, depth int) bool {
	if depth > 64 {
		return false
	}
	a, b = a.find(), b.find()
	if a == b {
		return true
	}
	if a.k == kVar {
		if occurs(a, b, 0) {
			return false // a type that holds itself (a list of itself)
		}
		a.parent = b
		return true
	}
	if b.k == kVar {
		if occurs(b, a, 0) {
			return false
		}
		b.parent = a
		return true
	}
	if (a.k == kInt || a.k == kSGV) && (b.k == kInt || b.k == kSGV) {
		if a.k == kSGV {
			a, b = b, a
		}
		// a becomes b (an SG value when either is).
		a.parent = b
		return true
	}
	if a.k != b.k || len(a.args) != len(b.args) {
		return false
	}
	// Link first, so that a cyclic term stops.
	args := a.args
	a.parent = b
	for i := range args {
		if !unifyDepth(args[i], b.args[i], depth+1) {
			return false
		}
	}
	return true
}

// occurs reports whether the type variable v (found) is t or a part of
// it: binding v to t would make a type that holds itself.
func occurs(v, t *ty, depth int) bool {
	t = t.find()
	if t == v || depth > 64 {
		return true
	}
	for _, a := range t.args {
		if occurs(v, a, depth+1) {
			return true
		}
	}
	return false
}

// typeName is the type as the subset's messages name it.
func typeName(t *ty) string {
	var b strings.Builder
	writeType(&b, t, 0)
	return b.String()
}

func writeType(b *strings.Builder, t *ty, depth int) {
	t = t.find()
	if depth > 8 {
		b.WriteString("...")
		return
	}
	switch t.k {
	case kVar:
		b.WriteString("?")
	case kInt:
		b.WriteString("int")
	case kSGV:
		b.WriteString("sg value")
	case kBool:
		b.WriteString("bool")
	case kStr:
		b.WriteString("string")
	case kGame:
		b.WriteString("game")
	case kList, kSet:
		if t.k == kList {
			b.WriteString("list of ")
		} else {
			b.WriteString("set of ")
		}
		writeType(b, t.args[0], depth+1)
	case kMap:
		b.WriteString("map from ")
		writeType(b, t.args[0], depth+1)
		b.WriteString(" to ")
		writeType(b, t.args[1], depth+1)
	case kTuple:
		b.WriteString("tuple (")
		for i, a := range t.args {
			if i > 0 {
				b.WriteString(", ")
			}
			writeType(b, a, depth+1)
		}
		b.WriteString(")")
	}
}

// defaultVars gives every type variable left in t a type: int.
func defaultVars(t *ty, depth int) {
	t = t.find()
	if depth > 64 {
		return
	}
	if t.k == kVar {
		t.k = kInt
		return
	}
	for _, a := range t.args {
		defaultVars(a, depth+1)
	}
}
