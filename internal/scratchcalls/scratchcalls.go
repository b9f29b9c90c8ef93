// Package scratchcalls owns the calls of built-ins on lists and strings
// built in scratch buffers (package build's builders): join of strings
// joined as their bytes, a built-in's OnInts computed on a list's ints
// in place, and the call made as the source makes it where they do not
// apply, so that the result and the errors are the built-in's.
package scratchcalls

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// Build builds a value in an empty scratch.
type Build = func(fr *engine.Frame, s *value.Scratch)

// OnInts builds the call of built-in bi, which has OnInts: its
// arguments evaluated in order (args; the list one, ListArg, built by x), and where that is a list of
// ints the result computed on them; else the built-in called with the
// values.
func OnInts(bi *engine.Builtin, pos engine.Pos, argPos []engine.Pos, x Build, args []engine.EvalFn) Build {
	at := bi.ListArg
	return func(fr *engine.Frame, s *value.Scratch) {
		var other value.Value
		for i, a := range args {
			if i == at {
				x(fr, s)
			} else {
				other = a(fr)
			}
		}
		if !s.Whole && !s.Str && !s.Boxed && !s.Tuple {
			if r, ok := bi.OnInts(fr.Th, s.Ints, other); ok {
				s.Ints = r
				return
			}
		}
		vs := []value.Value{other, other}
		vs[at] = s.Value()
		s.Set(Call(fr, bi, pos, argPos, vs))
	}
}

// Join builds join(X, SEP), X built by x: the bytes of its strings
// and SEP's when they are ASCII strings (counted toward the memory as
// join counts them), else join called. With chars, x holds a list of
// characters as their bytes (Str).
func Join(x Build, chars bool, sep engine.EvalFn, bi *engine.Builtin, pos engine.Pos, argPos []engine.Pos) Build {
	return func(fr *engine.Frame, s *value.Scratch) {
		t := fr.Th.TakeScratch()
		x(fr, t)
		sv := sep(fr)
		if chars && t.Str {
			if sv.K == value.KStr && sv.Str() == "" {
				s.SetStrBytes(t.String())
				engine.AllocIf(fr.Th, pos, int64(len(s.Bytes)))
				fr.Th.GiveScratch(t)
				return
			}
			t.SetChars(string(t.Bytes))
		}
		if !t.Whole && !t.Str && (t.Boxed || len(t.Ints) == 0) && sv.K == value.KStr && sv.ASCII() {
			sp := sv.Str()
			s.Reset()
			s.Str = true
			ok := true
			for i, v := range t.Vals {
				// (N 1: a string known to be ASCII, a character the
				// common case.)
				if v.K != value.KStr || v.N != 1 && !v.ASCII() {
					ok = false
					break
				}
				if i > 0 && sp != "" {
					s.Bytes = append(s.Bytes, sp...)
				}
				if str := v.Str(); len(str) == 1 {
					s.Bytes = append(s.Bytes, str[0])
				} else {
					s.Bytes = append(s.Bytes, str...)
				}
			}
			if ok {
				engine.AllocIf(fr.Th, pos, int64(len(s.Bytes)))
				fr.Th.GiveScratch(t)
				return
			}
		}
		s.Set(Call(fr, bi, pos, argPos, []value.Value{t.Value(), sv}))
		fr.Th.GiveScratch(t)
	}
}

// Call calls a built-in as a call in the source does.
func Call(fr *engine.Frame, bi *engine.Builtin, pos engine.Pos, argPos []engine.Pos, args []value.Value) value.Value {
	th := fr.Th
	call := th.GetCall(bi.BName, pos, argPos)
	th.Calls = append(th.Calls, pos)
	r := bi.Fn(call, args)
	th.PutCall(call)
	th.Calls = th.Calls[:len(th.Calls)-1]
	return r
}
