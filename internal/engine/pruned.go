package engine

import (
	"encoding/binary"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// What package solve's pruned search (for one large position) asks of
// the engine: a position's options as values, without computing any of
// them (ListOptions), and whether the memo holds a position, without
// adding it (FindKey).

// lister is the generator and frame ListOptions runs a move rule with, one
// per nested listing.
type lister struct {
	gn Gen
	fr Frame
}

// ListOptions appends to dst the option values of a position of g, in the
// order its move rule generates them, repeats included: the position with
// the arguments args, or with the memo key r when args is nil. No option
// is computed, and no position is added to the memo. each, when not nil,
// is told the options listed so far after each one; when it answers true,
// the listing stops there.
func (e *Engine) ListOptions(g *Game, r uint64, args []value.Value, dst []value.Value, each func([]value.Value) bool) []value.Value {
	gn, fr := e.lister(g)
	gn.vals, gn.each = dst, each
	defer func() { e.listers--; gn.vals, gn.Fr, gn.each = nil, nil, nil }()
	if args != nil {
		copy(fr.Slots, args)
	} else {
		g.Load(fr, r)
	}
	if args == nil && r&memo.GenBit == 0 && g.GenValInt != nil {
		g.GenValInt(fr)
	} else {
		g.GenVal(fr)
	}
	return gn.vals
}

// lister is the generator and frame of a listing of g's options, one
// per nested listing (the caller decrements e.listers when it is done).
func (e *Engine) lister(g *Game) (*Gen, *Frame) {
	if e.listers == len(e.listerPool) {
		e.listerPool = append(e.listerPool, &lister{gn: Gen{E: e, Mode: mVal}})
	}
	l := e.listerPool[e.listers]
	e.listers++
	gn, fr := &l.gn, &l.fr
	slots := fr.Slots
	if cap(slots) < g.Nslots {
		slots = make([]value.Value, g.Nslots)
	}
	*fr = Frame{Slots: slots[:g.Nslots], Th: e.Th, Gen: gn, base: -1}
	gn.Fr = fr
	return gn, fr
}

// FindKey is the memo key of the position of g with the arguments args,
// when the memo holds it; key is their keys (value.AppendArgKey) end to
// end, which serve as they are when no argument has a key of its own in
// g (a set over the argument's universe, a long argument in the
// dictionary). It is Ref without adding the position. (A game whose
// tuples are kept in a hidden game answers false.)
func (g *Game) FindKey(args []value.Value, key []byte) (uint64, bool) {
	if r, ok := g.Packed(args); ok {
		return r, true
	}
	if g.NArgs == 0 {
		return 0, true
	}
	if g.Tuples != nil || g.Keys.Len() == 0 {
		return 0, false
	}
	if g.compact && g.NArgs >= 2 && (len(key) > dictMin || g.hasPassed()) || g.hasUniverse() {
		// As Ref would: each argument's key in g (AppendArgAt), the
		// long ones by their ids in the dictionary.
		buf := g.findBuf[:0]
		for i, a := range args {
			start := len(buf)
			buf, _ = g.AppendArgAt(buf, i, a)
			if !g.dictKey(buf, start, i) {
				continue
			}
			id, ok := g.Dict.Find(buf[start:])
			if !ok {
				g.findBuf = buf
				return 0, false
			}
			buf = binary.AppendUvarint(append(buf[:start], value.TagRef), uint64(id))
		}
		g.findBuf, key = buf, buf
	}
	id, ok := g.Keys.Find(key)
	if !ok {
		return 0, false
	}
	return memo.GenBit | uint64(id), true
}

// hasPassed reports whether the rule passes an argument on unchanged.
func (g *Game) hasPassed() bool {
	for i := range g.args {
		if g.args[i].passed {
			return true
		}
	}
	return false
}

// OptParts is the options of a position as ListParts lists them, in the
// order its move rule generates them: each either a value (V) or the sum
// of parts of cells (N parts from P0 of Parts).
type OptParts struct {
	Opts  []PartsOpt
	Parts []RowsPart
	Rows  []uint64
	// Scr is the set of the option being listed, built in a scratch
	// (package partgen), or nil.
	Scr *value.SetScratch
	// Each, when set, is told when an option has been listed whole; when
	// it answers true, the listing stops (the rule's loops see Frame.Stop)
	// and the options after it are not listed.
	Each func() bool
}

// Ended tells Each that the option listed last is whole, and stops the
// rule's loops (fr.Stop) when Each answers true.
func (o *OptParts) Ended(fr *Frame) {
	if o.Each != nil && o.Each() {
		fr.Stop = true
	}
}

// PartsOpt is an option of OptParts: its value V, or (V.K == KNone) the
// parts P0 .. P0+N-1 of the list.
type PartsOpt struct {
	V     value.Value
	P0, N int32
}

// RowsPart is a position of G whose one argument is the set of the cells
// of Rows[W0:W1] of its list (word r, bit c: the cell (r, c)).
type RowsPart struct {
	G      *Game
	W0, W1 int32
}

// Value adds an option that is the value v.
func (o *OptParts) Value(v value.Value) {
	o.Opts = append(o.Opts, PartsOpt{V: v})
}

// Begin starts an option that is a sum of parts (none yet).
func (o *OptParts) Begin() {
	o.Opts = append(o.Opts, PartsOpt{P0: int32(len(o.Parts))})
}

// Add adds to the option begun last the position of g of the cells of
// rows.
func (o *OptParts) Add(g *Game, rows []uint64) {
	w0 := len(o.Rows)
	o.Rows = append(o.Rows, rows...)
	o.Parts = append(o.Parts, RowsPart{G: g, W0: int32(w0), W1: int32(len(o.Rows))})
	o.Opts[len(o.Opts)-1].N++
}

// Reset empties the list.
func (o *OptParts) Reset() {
	clear(o.Opts)
	o.Opts, o.Parts, o.Rows = o.Opts[:0], o.Parts[:0], o.Rows[:0]
}

// ListParts is ListOptions into dst (reset first) by g's GenParts, which
// it must have.
func (e *Engine) ListParts(g *Game, args []value.Value, dst *OptParts) {
	gn, fr := e.lister(g)
	dst.Reset()
	gn.Parts = dst
	defer func() { e.listers--; gn.Parts, gn.Fr = nil, nil }()
	copy(fr.Slots, args)
	g.GenParts(fr)
}
