// Package emit owns `grundy emit`: the translation of a script into one
// self-contained C++17 program (standard library only) that reads
// standard input as the script's ints() does and prints what `grundy
// run` prints, with the same exit status and, for the runtime errors of
// the script's semantics (overflow, division by zero, an index out of
// range, a failed assert, ...), the same message and caret on standard
// error.
//
// File is the entry point: it parses and resolves the script as the
// interpreter does (packages lang and resolve), gives every expression a
// static type (infer.go, infercall.go: unification over the types of
// types.go), and writes the program (gen*.go) after the C++ runtime
// (runtime.hpp: values, checked arithmetic, printing, memo tables, the
// search with its mex, the solver of games with cycles). Each statement
// of the script appears as a comment above its translation. A game's
// move rule is lowered to the planner's query IR (package ir: its
// clauses and its yield), and each alternative becomes a plain loop nest
// over a memo table: a dense array that grows for positions of int
// arguments, a hash map of their keys otherwise.
//
// What is outside the subset emit translates makes File fail with a
// positioned error (FILE:LINE:COL: emit: ... is not in the subset grundy
// emit translates; ...) naming the construct: emit never writes a
// program that compiles and prints something else.
package emit

import (
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/emit/letorder"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

//go:embed runtime.hpp
var runtimeSrc string

// emitter holds what the translation of one file knows.
type emitter struct {
	file, src string
	types     map[lang.Expr]*ty
	decls     map[*resolve.Decl]*ty
	defs      map[*resolve.Decl]*defInfo
	defOrder  []*defInfo
	games     map[*resolve.Decl]*gameInfo
	gameOrder []*gameInfo
	prelude   map[*resolve.Decl]bool
}

// File translates the script src (named filename in its errors) into a
// C++17 program. Its error is a syntax error, the resolve errors (as
// grundy check reports them), or the first construct outside the subset.
func File(filename, src string) (out string, err error) {
	src = lang.TrimBOM(src)
	f, err := lang.ParseFile(filename, src)
	if err != nil {
		return "", err
	}
	e := &emitter{file: filename, src: src,
		types: map[lang.Expr]*ty{}, decls: map[*resolve.Decl]*ty{},
		defs: map[*resolve.Decl]*defInfo{}, games: map[*resolve.Decl]*gameInfo{},
		prelude: map[*resolve.Decl]bool{}}
	defer func() {
		if r := recover(); r != nil {
			fl, ok := r.(failure)
			if !ok {
				// A bug of emit's: an error, never a crash of the caller.
				out, err = "", fmt.Errorf("%s: grundy emit could not translate this script (an internal error: %v); please report it, with the script", filename, r)
				return
			}
			out, err = "", fl.err
		}
	}()
	if err := e.resolve(f); err != nil {
		return "", err
	}
	e.checkRules(f)
	if r := letorder.Find(f.Stmts); r != nil {
		e.outside(r.Read.Pos, fmt.Sprintf("reading %s in %s, which runs before the let of %s has (%s is named on line %d)", r.Read.Name, r.Caller.Name, r.Read.Name, r.Caller.Name, r.Caller.Pos.Line),
			"grundy run stops there with an error; move the let of "+r.Read.Name+" above the first statement that uses "+r.Caller.Name)
	}
	c := &checker{emitter: e}
	c.file(f)
	return e.generate(f), nil
}

// resolve binds the names of f as the interpreter does, the standard
// library's games and prelude in the scope around the file's.
func (e *emitter) resolve(f *lang.File) error {
	reg := stdlib.Registry()
	u := resolve.NewUniverse(reg)
	pre := resolve.NewScope(nil)
	for _, g := range reg.Games() {
		d := resolve.Cell(g.Name, &engine.Binding{Kind: resolve.Game})
		pre.Names[g.Name] = d
		e.prelude[d] = true
	}
	for _, p := range reg.Preludes() {
		for _, n := range lang.DeclaredNames(p.Name, p.Src) {
			d := resolve.Cell(n.Name, &engine.Binding{Kind: resolve.Global})
			pre.Names[n.Name] = d
			e.prelude[d] = true
		}
	}
	top := resolve.NewScope(pre)
	ch := resolve.File(u, top, f, false, 0)
	// A name of the standard library is outside the subset: said first,
	// as its call's argument count is not known here.
	var first *lang.Ident
	lang.InspectStmts(f.Stmts, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && first == nil {
			if d := resolve.Of(id); d != nil && e.prelude[d] {
				first = id
			}
		}
		return true
	})
	if first != nil {
		e.outside(first.Pos, "the standard library's "+first.Name, "declare the game or def in the script")
	}
	if len(ch.Errs) > 0 {
		return ch.Errs
	}
	return nil
}

// checkRules reports a query of a game's value (sg, outcome, moves,
// winning) inside a game's moves or a def they call: the emitted search
// computes a position's options with the recursion of its own.
func (e *emitter) checkRules(f *lang.File) {
	defs := map[*resolve.Decl]*lang.DefStmt{}
	var rules []lang.Expr
	for _, st := range f.Stmts {
		switch st := st.(type) {
		case *lang.DefStmt:
			defs[resolve.NameDecl(st.Name)] = st
		case *lang.GameStmt:
			for _, a := range st.Alts {
				alt := a.(*lang.Alt)
				rules = append(rules, alt.Body)
				for _, cl := range alt.Clauses {
					switch cl := cl.(type) {
					case *lang.ForClause:
						rules = append(rules, cl.Iter)
					case *lang.IfClause:
						rules = append(rules, cl.Cond)
					}
				}
			}
		}
	}
	seen := map[*resolve.Decl]bool{}
	var walk func(x lang.Expr, via string)
	walk = func(x lang.Expr, via string) {
		lang.Inspect(x, func(y lang.Expr) bool {
			call, ok := y.(*lang.Call)
			if !ok {
				return true
			}
			id, ok := call.Fn.(*lang.Ident)
			if !ok {
				return true
			}
			d := resolve.Of(id)
			if d == nil {
				return true
			}
			switch d.Kind {
			case resolve.Builtin:
				switch d.Name {
				case "sg", "outcome", "moves", "winning", "remoteness":
					where := "inside a game's moves"
					if via != "" {
						where = "inside " + via + " (which a game's moves call)"
					}
					e.outside(call.Pos, d.Name+" "+where, "a move rule yields positions; write the test on the positions' arguments")
				}
			case resolve.Def:
				if st := defs[d]; st != nil && !seen[d] {
					seen[d] = true
					walk(st.Body, "the def "+d.Name)
				}
			}
			return true
		})
	}
	for _, r := range rules {
		walk(r, "")
	}
}

// IsOutside reports whether err is emit's error for a construct outside
// the subset.
func IsOutside(err error) bool {
	var le *lang.Error
	return errors.As(err, &le) && strings.Contains(le.Msg, "not in the subset grundy emit translates")
}

// fail stops emission with a positioned error.
type failure struct{ err *lang.Error }

func (e *emitter) failf(pos lang.Pos, format string, args ...any) {
	panic(failure{lang.Errorf(pos, "emit: "+format, args...)})
}

// outside reports a construct outside the subset.
func (e *emitter) outside(pos lang.Pos, what, hint string) {
	msg := what + " is not in the subset grundy emit translates"
	if hint != "" {
		msg += "; " + hint
	}
	e.failf(pos, "%s", msg)
}
