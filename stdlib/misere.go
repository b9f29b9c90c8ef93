package stdlib

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/misere"
	"github.com/grundy-lang/grundy/internal/value"
)

var misereBuiltin = &engine.Builtin{BName: "misere", MinArgs: 1, MaxArgs: 1,
	Doc: `misere(G): the outcome of game G under misère play, where the player who makes the last move loses: "N" if the player to move wins, "P" if the player to move loses. Works for any game without cycles and any sum; misère outcomes do not add up like SG values, so the whole sum is searched, with exact shortcuts for nim heaps. Errors: G is not a game; G has a cycle (play could go on forever).`,
	Fn:  func(c *engine.Call, a []value.Value) value.Value { return value.Str(misere.Outcome(c.Th, c, a[0])) }}
