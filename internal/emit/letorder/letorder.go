// Package letorder finds where a script may read a global before its let
// statement has run: a def or game, declared anywhere in the file, that
// reads a global (itself or through the defs and games it names) and is
// named by a top-level statement before that global's let. grundy run
// checks each such read when it happens; a program grundy emit writes
// would read the global's zero value, so emit refuses those scripts. The
// check is conservative: a def named before the let, even where it never
// runs, counts.
package letorder

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Early is a read of a global that may run before its let has.
type Early struct {
	Read   *lang.Ident // the read, inside a def or game
	Caller *lang.Ident // the name of the def or game a statement before the let names
}

// Find returns the first early read of the file's statements sts (in the
// order of the statements that name a def or game), or nil.
func Find(sts []lang.Stmt) *Early {
	letAt := map[*resolve.Decl]int{} // a global -> the index of its let
	for i, st := range sts {
		if l, ok := st.(*lang.LetStmt); ok {
			for _, n := range l.Pattern().Names {
				if d := resolve.NameDecl(n); d != nil {
					letAt[d] = i
				}
			}
		}
	}
	// Each def's and game's direct reads of globals and the defs and
	// games it names.
	reads := map[*resolve.Decl][]*lang.Ident{}
	names := map[*resolve.Decl][]*resolve.Decl{}
	for _, st := range sts {
		var d *resolve.Decl
		switch s := st.(type) {
		case *lang.DefStmt:
			d = resolve.NameDecl(s.Name)
		case *lang.GameStmt:
			d = resolve.NameDecl(s.Name)
		default:
			continue
		}
		if d == nil {
			continue
		}
		lang.InspectStmts([]lang.Stmt{st}, func(x lang.Expr) bool {
			id, ok := x.(*lang.Ident)
			if !ok {
				return true
			}
			switch r := resolve.Of(id); {
			case r == nil:
			case r.Kind == resolve.Global:
				if _, ok := letAt[r]; ok {
					reads[d] = append(reads[d], id)
				}
			case r.Kind == resolve.Def || r.Kind == resolve.Game:
				names[d] = append(names[d], r)
			}
			return true
		})
	}
	for i, st := range sts {
		switch st.(type) {
		case *lang.DefStmt, *lang.GameStmt:
			continue // declaring runs nothing
		}
		var found *Early
		lang.InspectStmts([]lang.Stmt{st}, func(x lang.Expr) bool {
			id, ok := x.(*lang.Ident)
			if !ok || found != nil {
				return found == nil
			}
			r := resolve.Of(id)
			if r == nil || r.Kind != resolve.Def && r.Kind != resolve.Game {
				return true
			}
			if read := early(r, i, letAt, reads, names, map[*resolve.Decl]bool{}); read != nil {
				found = &Early{Read: read, Caller: id}
			}
			return true
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// early is a read, by d or what it names, of a global whose let comes
// at or after statement i (read by the let itself too); nil when there is
// none.
func early(d *resolve.Decl, i int, letAt map[*resolve.Decl]int, reads map[*resolve.Decl][]*lang.Ident, names map[*resolve.Decl][]*resolve.Decl, seen map[*resolve.Decl]bool) *lang.Ident {
	if seen[d] {
		return nil
	}
	seen[d] = true
	for _, id := range reads[d] {
		if letAt[resolve.Of(id)] >= i {
			return id
		}
	}
	for _, c := range names[d] {
		if r := early(c, i, letAt, reads, names, seen); r != nil {
			return r
		}
	}
	return nil
}
