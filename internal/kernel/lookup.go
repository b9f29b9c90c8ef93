package kernel

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// Lookup1 is gen.lookup of position g(v), checking its arity.
func Lookup1(gn *engine.Gen, pos engine.Pos, g *engine.Game, v int64) memo.Sgv {
	if uint64(v) < g.Lim && g.NArgs == 1 {
		return gn.Lookup(g, uint64(v))
	}
	CheckArity(pos, g, 1)
	return gn.Lookup(g, g.Ref1(value.Int(v)))
}

func CheckArity(pos engine.Pos, g *engine.Game, n int) {
	if g.NArgs != n {
		value.Fail(pos, "game %s now takes %d argument%s, but %d %s given", g.GName, g.NArgs, value.Plural(g.NArgs), n, value.WasWere(n))
	}
}

// Emit1 emits the SG value of position g(v), an option of the position gn
// computes: read from the memo table when it is known, else looked up
// (recorded as missing, resumable: gen.Tracing).
func Emit1(gn *engine.Gen, pos engine.Pos, g *engine.Game, v int64) {
	if uint64(v) < g.Lim && g.NArgs == 1 {
		if s := g.State(uint64(v)); s >= memo.FinBase {
			gn.EmitSG(s - memo.FinBase)
			return
		}
	}
	emit1Lookup(gn, pos, g, v)
}

// emit1Lookup is Emit1 of a position whose value the memo table does not
// hold (Emit1 stays small enough to be inlined in the loops that call it).
func emit1Lookup(gn *engine.Gen, pos engine.Pos, g *engine.Game, v int64) {
	gn.Tracing = true
	x := Lookup1(gn, pos, g, v)
	gn.Tracing = false
	gn.EmitSG(x)
}

// Touch1 reads the states of positions g(v) for v in vs, so that the
// lookups that follow find them in the cache: the reads are independent
// and overlap, where lookups one by one each wait for theirs. Its result
// means nothing; it is not inlined so that the reads stay.
//
//go:noinline
func Touch1(g *engine.Game, vs []int64) int32 {
	var acc int32
	for _, v := range vs {
		if uint64(v) < uint64(len(g.Flat)) {
			acc |= g.Flat[v]
		}
	}
	return acc
}
