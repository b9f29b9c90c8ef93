package value

import (
	"slices"
	"unsafe"
)

// Scratch is a list or tuple under construction: its elements as ints
// while each is one (boxed false), else as values; or a string of ASCII
// characters (Str), its bytes; or, when whole, a value that is not made
// of elements.
type Scratch struct {
	Ints  []int64
	Vals  []Value
	Boxed bool
	Tuple bool
	Whole bool
	V     Value
	Str   bool
	Bytes []byte
	// The key of a position being built from its arguments (sgComposite),
	// and the arguments whose keys are boxed.
	Key  []byte
	Args []Value
	Offs []int
}

// Pools are a thread's buffers for the for clauses over a built-in's ints
// and its scratches (list and set values of a move built in place), each
// used last in, first out.
type Pools struct {
	ipool        [][]int64 // buffers of for clauses over built-ins' ints
	Isp          int       // of ipool in use
	scratches    []*Scratch
	setScratches []*SetScratch
}

// IntsBuf returns a buffer for forInts, putInts gives it back (last out,
// first in; one a run left by an error is not used again until the next
// statement).
func (p *Pools) IntsBuf() []int64 {
	if p.Isp == len(p.ipool) {
		p.ipool = append(p.ipool, nil)
	}
	p.Isp++
	return p.ipool[p.Isp-1]
}

func (p *Pools) PutInts(buf []int64) {
	p.Isp--
	p.ipool[p.Isp] = buf
}

// TakeScratch takes an empty scratch from the thread's free list (one
// that a runtime error leaves taken is not reused: the collector has it).
func (p *Pools) TakeScratch() *Scratch {
	if n := len(p.scratches); n > 0 {
		s := p.scratches[n-1]
		p.scratches = p.scratches[:n-1]
		s.Reset()
		return s
	}
	return &Scratch{}
}

// Reset empties the scratch (its buffers kept).
func (s *Scratch) Reset() {
	s.Ints, s.Vals, s.Boxed, s.Tuple, s.Whole, s.V = s.Ints[:0], s.Vals[:0], false, false, false, None
	s.Str, s.Bytes = false, s.Bytes[:0]
}

func (p *Pools) GiveScratch(s *Scratch) {
	if len(s.Vals) > 0 {
		clear(s.Vals) // (no values kept alive)
	}
	p.scratches = append(p.scratches, s)
}

func (s *Scratch) Add(v Value) {
	if !s.Boxed {
		if v.K == KInt {
			s.Ints = append(s.Ints, v.N)
			return
		}
		s.Box()
	}
	s.Vals = append(s.Vals, v)
}

func (s *Scratch) AddInt(x int64) {
	if s.Boxed {
		s.Vals = append(s.Vals, Int(x))
		return
	}
	s.Ints = append(s.Ints, x)
}

// Box moves the elements to values.
func (s *Scratch) Box() {
	for _, x := range s.Ints {
		s.Vals = append(s.Vals, Int(x))
	}
	s.Ints = s.Ints[:0]
	s.Boxed = true
}

func (s *Scratch) Len() int {
	if s.Str {
		return len(s.Bytes)
	}
	if s.Boxed {
		return len(s.Vals)
	}
	return len(s.Ints)
}

// Value is the value built (a new one).
func (s *Scratch) Value() Value {
	if s.Whole {
		return s.V
	}
	if s.Str {
		return StrASCIIBytes(s.Bytes)
	}
	var e []Value
	if s.Boxed {
		e = slices.Clone(s.Vals)
	} else {
		e = make([]Value, len(s.Ints))
		for i, x := range s.Ints {
			e[i] = Value{K: KInt, N: x}
		}
	}
	if s.Tuple {
		return Tuple(e)
	}
	return List(e)
}

// SetStr is Set, but a string of ASCII characters is held as its bytes
// (Str), which slices, concatenations and updates change in place.
func (s *Scratch) SetStr(v Value) {
	if v.K == KStr && v.ASCII() {
		s.Ints, s.Vals, s.Boxed, s.Whole, s.V = s.Ints[:0], s.Vals[:0], false, false, None
		s.Str, s.Bytes = true, append(s.Bytes[:0], v.Str()...)
		return
	}
	s.Set(v)
}

// String is the string the scratch holds (Str), not copied: valid while
// its bytes are not changed.
func (s *Scratch) String() string { return unsafe.String(unsafe.SliceData(s.Bytes), len(s.Bytes)) }

// SetChars makes the scratch hold the list of the characters of the
// string of ASCII characters str, each a string of one (Char).
func (s *Scratch) SetChars(str string) {
	s.Reset()
	s.Boxed = true
	s.Vals = slices.Grow(s.Vals, len(str))[:len(str)]
	for i := range len(str) {
		s.Vals[i] = Char(str[i])
	}
}

// SetStrBytes makes the scratch hold the string of ASCII characters s,
// as its bytes (Str).
func (s *Scratch) SetStrBytes(b string) {
	s.Ints, s.Vals, s.Boxed, s.Whole, s.V = s.Ints[:0], s.Vals[:0], false, false, None
	s.Str, s.Bytes = true, append(s.Bytes[:0], b...)
}

// Set makes the scratch hold v: its elements when it is a list or tuple.
func (s *Scratch) Set(v Value) {
	s.Ints, s.Vals, s.Boxed, s.Whole, s.V = s.Ints[:0], s.Vals[:0], false, false, None
	s.Str, s.Bytes = false, s.Bytes[:0]
	if v.K != KList && v.K != KTuple {
		s.Whole, s.V = true, v
		return
	}
	s.SetSeq(v.Elems(), v.K == KTuple)
}

// SetSeq makes the scratch hold the list (tuple) of the elements e.
func (s *Scratch) SetSeq(e []Value, tuple bool) {
	s.Ints, s.Vals, s.Boxed, s.Whole, s.V = s.Ints[:0], s.Vals[:0], false, false, None
	s.Str, s.Bytes = false, s.Bytes[:0]
	s.Tuple = tuple
	if !allInts(e) {
		s.Vals = append(s.Vals, e...)
		s.Boxed = true
		return
	}
	for _, x := range e {
		s.Ints = append(s.Ints, x.N)
	}
}

// IntsCache holds the ints of the last list of values asked about that
// were all ints, by the list's first element's address and its length
// (a list's elements never change, and the cache keeps them alive: an
// array of the same address is the same array). A move of a position
// reads its list argument once for each of its options.
type IntsCache struct {
	first *Value
	n     int
	ints  []int64
}

// Of returns the ints of e, if every element of e is an int (aliasing the
// cache: to be copied before the next call).
func (c *IntsCache) Of(e []Value) ([]int64, bool) {
	if len(e) == 0 {
		return nil, true
	}
	if c.first == &e[0] && c.n == len(e) {
		return c.ints, true
	}
	if !allInts(e) {
		return nil, false
	}
	c.ints = c.ints[:0]
	for _, x := range e {
		c.ints = append(c.ints, x.N)
	}
	c.first, c.n = &e[0], len(e)
	return c.ints, true
}

// SetCached is SetStr of a list or tuple whose elements are all ints,
// which it reads through c; false (nothing done) for any other value.
func (s *Scratch) SetCached(c *IntsCache, v Value) bool {
	if v.K != KList && v.K != KTuple {
		return false
	}
	ints, ok := c.Of(v.Elems())
	if !ok {
		return false
	}
	s.SetInts(ints, v.K == KTuple)
	return true
}

// SetInts makes the scratch hold the list (tuple) of the ints xs.
func (s *Scratch) SetInts(xs []int64, tuple bool) {
	s.Vals, s.Boxed, s.Whole, s.V = s.Vals[:0], false, false, None
	s.Str, s.Bytes = false, s.Bytes[:0]
	s.Tuple = tuple
	s.Ints = append(s.Ints[:0], xs...)
}

// AppendKey appends the argument key of the value built.
func (s *Scratch) AppendKey(buf []byte) ([]byte, bool) {
	switch {
	case s.Str:
		return AppendStrKey(buf, s.String()), false
	case s.Whole:
		return AppendArgKey(buf, s.V, MaxKeyBytes)
	case s.Boxed:
		return appendSeqKey(buf, s.Tuple, s.Vals, MaxKeyBytes, 0)
	}
	return AppendIntSeq(buf, s.Tuple, s.Ints), false
}

// IsASCII reports whether s is all ASCII: a byte a character, as the
// operators index, slice and count it.
func IsASCII(s string) bool {
	var or byte
	for i := 0; i < len(s); i++ {
		or |= s[i]
	}
	return or < 0x80
}
