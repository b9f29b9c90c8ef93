// Package mapkey owns the options of a move rule that are a map of ints
// changed by updates, as a newcomer writes Staircase Nim on a map from
// step to coins:
//
//	stair(update(update(M, i, M[i] - k), i - 1, M[i - 1] + k))
//
// Such an option, update(X, K, V) over a local map (nested, up to 8;
// through defs called with names and literals, their bodies inlined),
// its keys and values ints of plain expressions (literals, names,
// operators, indexing: splices.PlainIndex, which count no step), is
// keyed as the map's key (value.AppendArgKey: its keys and values in
// order) with the bytes of the values it replaces rewritten: the map's
// key and where each value's bytes are are read once a map (kept by its
// identity), and each option copies the key around the values written,
// with no map made. Exact: X a map, each K a key it has (an update that
// adds a key: the general way), each V an int; the expressions are
// evaluated in the order the updates evaluate them (X, then each K and V
// from the innermost out), so an error is the first the general way
// meets; anything else builds the option the general way.
package mapkey

import (
	"encoding/binary"
	"slices"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/splices"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// maxUpdates bounds the updates of an option.
const maxUpdates = 8

// Note is what --explain says of such an option.
const Note = "argument 1 (a map of ints with values put by nested updates, keyed as its key with those values' bytes rewritten) is built"

// layout is a map's key and where each of its values' bytes are.
type layout struct {
	ref  any
	ok   bool
	key  []byte
	keys []int64
	at   [][2]int // each value's bytes: key[at[i][0]:at[i][1]]
}

// read reads map v's layout (l's, when v is the map read last).
func (l *layout) read(v value.Value) bool {
	if v.K != value.KMap {
		return false
	}
	if v.Ref == l.ref {
		return l.ok
	}
	l.ref, l.ok = v.Ref, false
	m := v.Map()
	key, boxed := value.AppendArgKey(l.key[:0], v, value.MaxKeyBytes)
	l.key = key
	if boxed {
		return false
	}
	// (The key read as its parts: the tag and count, then each key's and
	// value's own key, an int's: its tag and its varint.)
	if len(key) == 0 || key[0] != mapTag {
		return false
	}
	off := 1 + uvarintLen(uint64(len(m.Keys)))
	l.keys, l.at = l.keys[:0], l.at[:0]
	for i, k := range m.Keys {
		if k.K != value.KInt || m.Vals[i].K != value.KInt {
			return false
		}
		kb, ok := intAt(key, off, k.N)
		if !ok {
			return false
		}
		vb, ok := intAt(key, kb, m.Vals[i].N)
		if !ok {
			return false
		}
		l.keys, l.at = append(l.keys, k.N), append(l.at, [2]int{kb, vb})
		off = vb
	}
	l.ok = off == len(key)
	return l.ok
}

// mapTag is the first byte of a map's key.
var mapTag = func() byte {
	head, _ := value.AppendArgKey(nil, value.MapOf(nil, nil), value.MaxKeyBytes)
	return head[0]
}()

// intAt is where the key of the int n that starts at key[off] ends, if
// it is there (its tag and varint, as value.AppendArgKey writes them).
func intAt(key []byte, off int, n int64) (int, bool) {
	if off >= len(key) || key[off] != value.TagInt {
		return 0, false
	}
	x, k := binary.Varint(key[off+1:])
	if k <= 0 || x != n {
		return 0, false
	}
	return off + 1 + k, true
}

// namesOnly reports whether es are names and int literals.
func namesOnly(es []lang.Expr) bool {
	for _, e := range es {
		switch e.(type) {
		case *lang.Ident, *lang.IntLit:
		default:
			return false
		}
	}
	return true
}

// uvarintLen is the bytes of n as a uvarint.
func uvarintLen(n uint64) int {
	k := 1
	for ; n >= 0x80; n >>= 7 {
		k++
	}
	return k
}

// Compile compiles the key of e, an option's argument, when it is a map
// with values put (see above): a function that appends the key to buf,
// false where the option must be built the general way. nil otherwise.
func Compile(c *compile.Compiler, e lang.Expr) func(fr *engine.Frame, buf []byte) ([]byte, bool) {
	var ks, vs []lang.Expr
	x := e
	calls, cost := 0, int64(0) // (the defs inlined: their nesting and stack)
	for {
		call, ok := x.(*lang.Call)
		if !ok {
			break
		}
		bi := c.CalledBuiltin(call)
		if bi == nil && calls < maxUpdates {
			// (A def of the updates, its arguments names and literals,
			// which cannot fail where its body reads them.)
			fn := c.Inlinable(call)
			if fn == nil || !resolve.Same(call) || !resolve.InlineShape(fn.Decl.Body) || c.GameCallee(call) != nil || !namesOnly(call.Args) {
				return nil
			}
			calls, cost = calls+1, cost+int64(fn.Cost)
			x = resolve.Substitute(fn.Decl.Body, resolve.ParamIndex(fn), call.Args, resolve.SiteOf(call))
			continue
		}
		if bi == nil || bi.BName != "update" || len(call.Args) != 3 || len(ks) == maxUpdates {
			return nil
		}
		ks, vs = append(ks, call.Args[1]), append(vs, call.Args[2])
		x = call.Args[0]
	}
	base, ok := x.(*lang.Ident)
	if !ok || len(ks) == 0 || c.LocalSlot(base) < 0 {
		return nil
	}
	// (Innermost first, as the updates evaluate them.)
	slices.Reverse(ks)
	slices.Reverse(vs)
	var fs []engine.EvalFn
	for i := range ks {
		if !splices.PlainIndex(c, ks[i]) || !splices.PlainIndex(c, vs[i]) {
			return nil
		}
		fs = append(fs, c.Vals.Expr(ks[i]), c.Vals.Expr(vs[i]))
	}
	slot := c.LocalSlot(base)
	var l layout
	type edit struct {
		at  int
		val int64
	}
	var edits []edit
	var vb []byte
	return func(fr *engine.Frame, buf []byte) ([]byte, bool) {
		if th := fr.Th; th.Depth+calls > th.Limits.MaxDepth || th.Stack+cost > th.MaxStack || !l.read(fr.Slots[slot]) {
			return buf, false
		}
		edits = edits[:0]
		for i := 0; i < len(fs); i += 2 {
			k, v := fs[i](fr), fs[i+1](fr)
			if k.K != value.KInt || v.K != value.KInt {
				return buf, false
			}
			at, found := slices.BinarySearch(l.keys, k.N)
			if !found {
				return buf, false // (a key added: the general way)
			}
			edits = append(edits, edit{at, v.N})
		}
		// (A key put twice: the last value; the values in key order.)
		slices.SortStableFunc(edits, func(a, b edit) int { return a.at - b.at })
		from := 0
		for i, ed := range edits {
			if i+1 < len(edits) && edits[i+1].at == ed.at {
				continue
			}
			span := l.at[ed.at]
			buf = append(buf, l.key[from:span[0]]...)
			vb, _ = value.AppendArgKey(vb[:0], value.Int(ed.val), value.MaxKeyBytes)
			buf = append(buf, vb...)
			from = span[1]
		}
		return append(buf, l.key[from:]...), true
	}
}
