package kernel

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
)

// Lookup1 is gen.lookup of position g(v), checking its arity.
func Lookup1(gn *engine.Gen, pos engine.Pos, g *engine.Game, v int64) memo.Sgv {
	if uint64(v) < g.Lim && g.NArgs == 1 {
		return gn.Lookup(g, uint64(v))
	}
	CheckArity(pos, g, 1)
	return gn.Lookup(g, g.Ref1(engine.Int(v)))
}

func CheckArity(pos engine.Pos, g *engine.Game, n int) {
	if g.NArgs != n {
		engine.Fail(pos, "game %s now takes %d argument%s, but %d %s given", g.GName, g.NArgs, engine.Plural(g.NArgs), n, engine.WasWere(n))
	}
}
