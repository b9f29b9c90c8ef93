package operator

import (
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// The values these build account for their memory before they are built
// (the memory limit fails them there), and a copy of many elements polls
// the run's context as it goes (engine's bulk.go). A nil thread (an
// operation outside a run) does neither.

// concatElems returns a new slice holding xs and then ys.
func concatElems(th *engine.Thread, pos engine.Pos, xs, ys []value.Value) []value.Value {
	n := len(xs) + len(ys)
	engine.AllocIf(th, pos, engine.ElemsBytes(n))
	out := engine.MakeSlice[value.Value](th, pos, 0, n)
	out = engine.AppendElems(th, pos, out, xs)
	return engine.AppendElems(th, pos, out, ys)
}

// concatStr returns x + y.
func concatStr(th *engine.Thread, pos engine.Pos, x, y string) string {
	n := len(x) + len(y)
	engine.AllocIf(th, pos, int64(n))
	if n <= 32*engine.CopyChunk {
		return x + y
	}
	var b strings.Builder
	b.Grow(n)
	writeChunked(th, pos, &b, x)
	writeChunked(th, pos, &b, y)
	return b.String()
}

// writeChunked writes s to b, polling between chunks.
func writeChunked(th *engine.Thread, pos engine.Pos, b *strings.Builder, s string) {
	for len(s) > 32*engine.CopyChunk {
		b.WriteString(s[:32*engine.CopyChunk])
		s = s[32*engine.CopyChunk:]
		engine.PollIf(th, pos)
	}
	b.WriteString(s)
}

// sumOf is SumOf of two games, accounting for the parts it copies.
func sumOf(th *engine.Thread, pos engine.Pos, a, b value.Value) value.Value {
	if a.K == value.KSum || b.K == value.KSum {
		engine.AllocIf(th, pos, engine.ElemsBytes(len(a.Parts())+len(b.Parts())))
	}
	return value.SumOf([]value.Value{a, b})
}

// repeatElems returns k copies of xs, one after another.
func repeatElems(th *engine.Thread, pos engine.Pos, xs []value.Value, k int) []value.Value {
	engine.AllocIf(th, pos, engine.ElemsBytes(len(xs)*k))
	out := engine.MakeSlice[value.Value](th, pos, 0, len(xs)*k)
	last := 0 // len(out) at the last poll
	for range k {
		out = engine.AppendElems(th, pos, out, xs)
		if len(out)-last > engine.CopyChunk {
			engine.PollIf(th, pos)
			last = len(out)
		}
	}
	return out
}

// repeatStr returns k copies of s.
func repeatStr(th *engine.Thread, pos engine.Pos, s string, k int) string {
	engine.AllocIf(th, pos, int64(len(s)*k))
	if len(s)*k <= 32*engine.CopyChunk {
		return strings.Repeat(s, k)
	}
	var b strings.Builder
	b.Grow(len(s) * k)
	last := 0 // b.Len() at the last poll
	for range k {
		writeChunked(th, pos, &b, s)
		if b.Len()-last > 32*engine.CopyChunk {
			engine.PollIf(th, pos)
			last = b.Len()
		}
	}
	return b.String()
}

// Accum is a run of + on strings, lists or tuples in a Chain, built in
// place rather than copied at each step (1 + ... written as "a" + "a" +
// ... 100,000 times would copy its result that many times): what the
// steps would build, as they would build it.
type Accum struct {
	k    value.Kind // KNone: no run in progress
	b    strings.Builder
	xs   []value.Value
	used int64 // bytes accounted for
}

// Add tries v + y as the next step of a run: it reports false (and
// builds nothing) when that is not a concatenation of two strings, lists
// or tuples, or a sum of two games, which the caller computes the general
// way.
func (a *Accum) Add(th *engine.Thread, pos engine.Pos, v, y value.Value) bool {
	switch {
	case a.k == value.KSum && y.IsGame():
		a.xs = engine.AppendElems(th, pos, engine.RoomForN(th, pos, a.xs, len(y.Parts())), y.Parts())
		return true
	case a.k == value.KNone && v.IsGame() && y.IsGame():
		// As SumOf flattens (((a + b) + c) + d) into its parts.
		a.k = value.KSum
		a.xs = append(append([]value.Value(nil), v.Parts()...), y.Parts()...)
		return true
	case a.k == value.KNone && v.K == y.K && (v.K == value.KStr || v.K == value.KList || v.K == value.KTuple):
		a.k = v.K
		if v.K == value.KStr {
			a.b.Reset()
			a.grow(th, pos, int64(len(v.Str())+len(y.Str())))
			writeChunked(th, pos, &a.b, v.Str())
		} else {
			a.xs = nil
			a.grow(th, pos, engine.ElemsBytes(len(v.Elems())+len(y.Elems())))
			a.xs = engine.AppendElems(th, pos, a.xs, v.Elems())
		}
	case a.k != value.KNone && y.K == a.k:
	default:
		return false
	}
	if a.k == value.KStr {
		a.grow(th, pos, int64(a.b.Len()+len(y.Str())))
		writeChunked(th, pos, &a.b, y.Str())
	} else {
		a.grow(th, pos, engine.ElemsBytes(len(a.xs)+len(y.Elems())))
		a.xs = engine.AppendElems(th, pos, a.xs, y.Elems())
	}
	return true
}

// grow makes room for n bytes in all, doubling, and accounts for them.
func (a *Accum) grow(th *engine.Thread, pos engine.Pos, n int64) {
	if a.k == value.KStr && int64(a.b.Cap()) >= n || a.k != value.KStr && engine.ElemsBytes(cap(a.xs)) >= n {
		return
	}
	n = max(n, 2*a.used)
	engine.AllocIf(th, pos, n)
	a.used = n
	if a.k == value.KStr {
		a.b.Grow(int(n) - a.b.Len())
	} else {
		a.xs = engine.AppendElems(th, pos, engine.MakeSlice[value.Value](th, pos, 0, int(n/engine.ValueBytes)), a.xs)
	}
}

// Value ends the run in progress and returns what it built (v, when none
// is in progress).
func (a *Accum) Value(v value.Value) value.Value {
	k := a.k
	a.k, a.used = value.KNone, 0
	switch k {
	case value.KStr:
		s := a.b.String()
		a.b = strings.Builder{}
		return value.Str(s)
	case value.KList:
		xs := a.xs
		a.xs = nil
		return value.List(xs)
	case value.KTuple:
		xs := a.xs
		a.xs = nil
		return value.Tuple(xs)
	case value.KSum:
		xs := a.xs
		a.xs = nil
		return value.SumOf(xs)
	}
	return v
}
