package packedit

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// MaxArms bounds the arms of an edit (a bit each in a word).
const MaxArms = 8

// Arm is one arm of an edit (package build's edits.go), compiled: its
// index A and its element X (as ints when int-typed).
type Arm struct {
	AtI, XI compile.IntFn
	AtV, XV engine.EvalFn
}

// Edit is an edit compiled: [if j == A then X else ... else c[j] for j
// in 0 .. len(c) - 1], c read by Base, j in slot Slot, the range at Pos;
// Plain the comprehension as written, Ints for an additive edit (c[j] +
// (...): c's elements must be ints), Strs when a string's characters are
// copied (the strings pass).
type Edit struct {
	Arms []Arm
	Base engine.EvalFn
	// At, when not nil, reads the list copied as Base's element At (a
	// local or a literal, as Base is: neither fails): c is Base[At],
	// where that is an element of a list or tuple; elsewhere the
	// comprehension runs as written, which reads c where it reads it.
	At engine.EvalFn
	// Hi, when not nil, is the range's end B of a range 0 .. B that is
	// not len(c) - 1 (an expression over names and literals, evaluated
	// first, as the range is): the edit where B is len(c) - 1, the
	// comprehension as written elsewhere.
	Hi    engine.EvalFn
	Plain func(fr *engine.Frame, s *value.Scratch)
	Slot  int
	Pos   engine.Pos
	Ints  bool
	Strs  bool
	cache value.IntsCache
	words Base
}

// Build builds the edit in the scratch s; with chars (for join), the
// copy of a string of ASCII characters is held as its bytes (Str), each
// element computed written as its byte while it is an ASCII character,
// the characters made only when one is not.
func (ed *Edit) Build(fr *engine.Frame, s *value.Scratch, chars bool) {
	ed.run(fr, s, nil, chars)
}

// Keyed is Build into l, when c is a list or tuple its words hold and
// every element computed fits them (true); else into s, as Build (false:
// where an element does not fit, the elements so far are moved to s and
// the edit goes on there).
func (ed *Edit) Keyed(fr *engine.Frame, s *value.Scratch, l *List) bool {
	return ed.run(fr, s, l, false)
}

// run is Build (l nil) or Keyed.
func (ed *Edit) run(fr *engine.Frame, s *value.Scratch, l *List, chars bool) bool {
	v, ok := ed.base(fr)
	if !ok {
		ed.Plain(fr, s)
		return false
	}
	var n int64
	d := dest{s: s}
	switch {
	case (v.K == value.KList || v.K == value.KTuple) && l != nil && ed.words.Load(v, l, ed.Ints):
		// (The comprehension makes a list, of a tuple too.)
		d.l, n = l, int64(l.n)
		l.AsList()
	case v.K == value.KList || v.K == value.KTuple:
		el := v.Elems()
		if ints, ok := ed.cache.Of(el); ok {
			s.SetInts(ints, false)
		} else if ed.Ints {
			ed.Plain(fr, s) // (c[j] + 0 fails for an element not an int)
			return false
		} else {
			s.SetSeq(el, false)
		}
		n = int64(len(el))
	case ed.Strs && v.K == value.KStr && v.ASCII() && !ed.Ints:
		// (A string of ASCII characters: c[j] is its character j.)
		if chars {
			s.SetStrBytes(v.Str())
		} else {
			s.SetChars(v.Str())
		}
		n = int64(len(v.Str()))
	default:
		ed.Plain(fr, s)
		return false
	}
	th := fr.Th
	stop := fr.Stop
	fr.Stop = false
	// known: the arms whose index is evaluated; ints: those whose
	// index is an int (at), which alone can equal an index. Index by
	// index while some arm's index is not known (an arm's is
	// evaluated at the first index no arm before it took).
	arms := ed.Arms
	all := uint32(1)<<len(arms) - 1
	var known, ints uint32
	var at [MaxArms]int64
	j := int64(0)
	for ; j < n && known != all; j++ {
		th.Tick(ed.Pos)
		for k := range arms {
			a := &arms[k]
			if known&(1<<k) == 0 {
				known |= 1 << k
				if a.AtI != nil {
					at[k], ints = a.AtI(fr), ints|1<<k
				} else if x := a.AtV(fr); x.K == value.KInt {
					at[k], ints = x.N, ints|1<<k
				}
			}
			if ints&(1<<k) == 0 || at[k] != j {
				continue
			}
			fr.Slots[ed.Slot] = value.Value{K: value.KInt, N: j}
			d.set(j, a, fr)
			break
		}
		if fr.Stop {
			// (A generator that has seen enough: the comprehension
			// stops after this element.)
			d.truncate(int(j) + 1)
			fr.Stop = stop
			return false
		}
	}
	if j < n {
		ed.rest(fr, &d, &at, ints, j, n)
	}
	fr.Stop = stop
	return d.l != nil
}

// base is the list copied (Base, or Base[At]), false where the edit
// is not the comprehension: Base[At] is no element of a list or tuple,
// or the range's end B (Hi) is not an int one less than c's length.
func (ed *Edit) base(fr *engine.Frame) (value.Value, bool) {
	var hi value.Value
	if ed.Hi != nil {
		if hi = ed.Hi(fr); hi.K != value.KInt {
			return value.Value{}, false
		}
	}
	v := ed.Base(fr)
	if ed.At != nil {
		at := ed.At(fr)
		if v.K != value.KList && v.K != value.KTuple || at.K != value.KInt {
			return value.Value{}, false
		}
		el := v.Elems()
		if uint64(at.N) >= uint64(len(el)) {
			return value.Value{}, false
		}
		v = el[at.N]
	}
	if ed.Hi != nil {
		var n int
		switch v.K {
		case value.KList, value.KTuple:
			n = len(v.Elems())
		case value.KStr:
			n = len(v.Str())
		default:
			return value.Value{}, false
		}
		if hi.N != int64(n)-1 {
			return value.Value{}, false
		}
	}
	return v, true
}

// rest is the edit from index j on, every arm's index known (at, the
// ints among them): the indexes the arms take, each by the first arm of
// its index, in ascending order, with a step counted for each index as
// the comprehension counts it.
func (ed *Edit) rest(fr *engine.Frame, d *dest, at *[MaxArms]int64, ints uint32, j, n int64) {
	arms := ed.Arms
	var idx [MaxArms]int64
	var arm [MaxArms]int
	m := 0
	for k := range arms {
		x := at[k]
		if ints&(1<<k) == 0 || x < j || x >= n {
			continue
		}
		p := m
		for q := range m {
			if idx[q] == x {
				p = -1 // (an arm before it takes the index)
				break
			}
		}
		if p < 0 {
			continue
		}
		for ; p > 0 && idx[p-1] > x; p-- {
			idx[p], arm[p] = idx[p-1], arm[p-1]
		}
		idx[p], arm[p] = x, k
		m++
	}
	th := fr.Th
	for q := range m {
		x := idx[q]
		th.Ticks(ed.Pos, x-j+1)
		fr.Slots[ed.Slot] = value.Value{K: value.KInt, N: x}
		d.set(x, &arms[arm[q]], fr)
		if fr.Stop {
			d.truncate(int(x) + 1)
			return
		}
		j = x + 1
	}
	th.Ticks(ed.Pos, n-j)
}

// dest is where an edit puts its elements: the words of l while it is
// not nil, else the scratch s.
type dest struct {
	s *value.Scratch
	l *List
}

// set computes arm a's element and puts it at index j.
func (d *dest) set(j int64, a *Arm, fr *engine.Frame) {
	if d.l != nil {
		if a.XI != nil {
			x := a.XI(fr)
			if d.l.SetInt(j, x) {
				return
			}
			d.l.Unpack(d.s)
			d.l = nil
			PutAt(d.s, j, value.Int(x))
			return
		}
		x := a.XV(fr)
		if d.l.Set(j, x) {
			return
		}
		d.l.Unpack(d.s)
		d.l = nil
		PutAt(d.s, j, x)
		return
	}
	setElem(d.s, j, a, fr)
}

// truncate keeps the first n elements.
func (d *dest) truncate(n int) {
	if d.l != nil {
		d.l.Unpack(d.s)
		d.l = nil
	}
	truncate(d.s, n)
}

// setElem computes arm a's element and puts it at index j of s (a
// string's characters held as its bytes: the byte of an ASCII
// character, else the characters made first).
func setElem(s *value.Scratch, j int64, a *Arm, fr *engine.Frame) {
	if s.Str {
		if a.XV != nil {
			x := a.XV(fr)
			if x.K == value.KStr && len(x.Str()) == 1 && x.Str()[0] < 0x80 {
				s.Bytes[j] = x.Str()[0]
				return
			}
			s.SetChars(string(s.Bytes))
			s.Vals[j] = x
			return
		}
		s.SetChars(string(s.Bytes))
	}
	if a.XI != nil {
		x := a.XI(fr)
		if s.Boxed {
			s.Vals[j] = value.Int(x)
		} else {
			s.Ints[j] = x
		}
		return
	}
	PutAt(s, j, a.XV(fr))
}

// PutAt puts x at index j of s (not a string's bytes).
func PutAt(s *value.Scratch, j int64, x value.Value) {
	if !s.Boxed && x.K == value.KInt {
		s.Ints[j] = x.N
		return
	}
	if !s.Boxed {
		s.Box()
	}
	s.Vals[j] = x
}

// truncate keeps the first n elements of s.
func truncate(s *value.Scratch, n int) {
	if s.Str {
		s.Bytes = s.Bytes[:n]
		return
	}
	if s.Boxed {
		clear(s.Vals[n:])
		s.Vals = s.Vals[:n]
	} else {
		s.Ints = s.Ints[:n]
	}
}
