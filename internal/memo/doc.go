// Package memo owns SG values as the engine computes and remembers them,
// without any of grundy's values: a generalized SG value while computing
// (Sgv: finite >= 0, an interned infinite value, or SgMissing), the
// states the memo keeps for a position (sgv.go), and where a game keeps
// them (Table: paged dense arrays for packed keys, flat tables mapped
// from the system, one state per interned key; loopy marks), the arena
// of interned keys (KeyTable), the arrays of both mapped from the system
// outside the Go heap once big (Off), and the interned infinite values
// of a session with the sums of SG values (InfValues).
//
// Package engine's Game embeds a Table and its Engine an InfValues; what
// a key means (the arguments it packs or interns) is the engine's.
package memo
