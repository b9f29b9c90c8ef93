package resolve

import (
	"fmt"
	"sort"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// The resolve pass: one walk over a file, a REPL entry, an expression, a
// table statement or a declaration compiled again, before anything is
// compiled, that binds every name to its declaration (a Decl) and records
// it on the tree (lang.Ident.Bind, lang.Name.Bind; lang.Call.Site for a
// call of a def), and reports the errors of names, each once: an unknown
// name (with a hint), a parameter twice, a def or game declared twice, a
// def or game inside a for statement, a call with the wrong number of
// arguments. The scopes are the language's: a file's (its lets from where
// they are, its defs and games everywhere), a for statement's, a def's or
// game's parameters, and the for clauses of an alternative, a
// comprehension or a table, in order. What a name means is then read from
// the tree: nothing after the pass looks a name up.

// Decl is a declaration: what a name means where it is used. The pass
// makes one for each let, def, game, parameter and name a for clause or
// a for statement binds (Session keeps those of the top level), and one
// for each built-in of the registry (Universe).
type Decl struct {
	Name string
	Pos  engine.Pos
	Kind engine.BindKind
	// B is the cell of a declaration of the top level that outlives a
	// compile: a let's slot, a def, a game, a built-in the session
	// defines. It is nil for a local (a parameter, a name bound by a for
	// clause or statement: the compiler gives it a slot in each function
	// it compiles) and for a built-in of the registry.
	B  *engine.Binding
	Bi *engine.Builtin // Kind Builtin
	// nargs is a def's or game's number of parameters, for the calls
	// resolved before its cell is filled.
	nargs int
	// Free is, once a def's body is resolved, what each name its body
	// uses (its parameters excepted) means where the def is declared.
	Free map[string]*Decl
	// Lit is, for a global, the literal of int literals, or the int
	// literal, its let binds it to when no code of its file can run before
	// the let (the file's statements before it are defs, games and such
	// lets): its slot holds that value wherever code reads it (quietLet,
	// intLet).
	Lit lang.Expr
	// Hoisted: a local the planner binds once before loops to an int
	// that cannot fail (package licm): its bind counts no step.
	Hoisted bool
	cell    *engine.Binding // a registry built-in's binding, made once (Resolver.Binding)
}

// Of returns the declaration the resolve pass bound a name to, or nil.
func Of(id *lang.Ident) *Decl {
	d, _ := id.Bind.(*Decl)
	return d
}

// NameDecl returns the declaration a declared name makes, or nil.
func NameDecl(n *lang.Name) *Decl {
	d, _ := n.Bind.(*Decl)
	return d
}

// NewLocal makes a local declaration of name at pos (a hidden local of
// an inlined call, a parameter of a rewritten rule).
func NewLocal(name string, pos engine.Pos) *Decl {
	return &Decl{Name: name, Pos: pos, Kind: Local}
}

// Cell makes the declaration of a cell of the session's (a Go game, a
// function or a value defined by Go code, a hidden game).
func Cell(name string, b *engine.Binding) *Decl {
	return &Decl{Name: name, Kind: b.Kind, B: b, Bi: b.Bi}
}

// Site is what the names in the bodies of defs mean at a call: the defs
// reachable from the one called (through the defs their bodies name)
// whose every name means there what it means in the def.
type Site struct {
	same map[*Decl]bool
	// loose: the same, a name unknown in the def and at the site
	// counted as meaning the same (a file with errors).
	loose map[*Decl]bool
}

// Same reports whether every name of def d's body means at the site what
// it means in d.
func (s *Site) Same(d *Decl) bool { return s != nil && s.same[d] }

// Loose is Same with a name unknown both in d and at the site taken to
// mean the same.
func (s *Site) Loose(d *Decl) bool { return s != nil && s.loose[d] }

// SiteOf returns the Site of a call (nil: none is known, as for a call
// the pass has not seen).
func SiteOf(e *lang.Call) *Site {
	s, _ := e.Site.(*Site)
	return s
}

// Universe is the built-ins of a session's registry as declarations:
// one Decl each, the same wherever a name means it.
type Universe struct {
	Reg *engine.Registry
	// Check, when set, bounds the passes over code of the session (its
	// time, its memory, its cancellation): a pass calls it every
	// checkEvery expressions, and an error it returns ends the pass,
	// raised as it is (a panic the session recovers, as the compiler's).
	Check lang.Check
	decls map[string]*Decl
	// Failed are the names whose declaration (a REPL entry's game, def or
	// let) failed, each at the name in that declaration: a use of one
	// says so instead of "unknown name". The session keeps it.
	Failed map[string]engine.Pos
	// Pending are the names a prelude not loaded yet declares (the
	// session loads one when code uses its names): an unknown name is
	// suggested among them as among the declared ones, and Missed is set
	// when one of them is used, so that the session loads the prelude
	// and resolves again.
	Pending map[string]bool
	Missed  bool
	// entriesRan: a REPL entry before may have run code (what a file's
	// statements before a let tell: a let after them binds no Lit, in
	// the REPL as in a file).
	entriesRan bool
}

// checkEvery is how many expressions a pass resolves between two calls
// of its Universe's Check.
const checkEvery = 4096

// NewUniverse returns the universe of reg's built-ins.
func NewUniverse(reg *engine.Registry) *Universe {
	return &Universe{Reg: reg, decls: map[string]*Decl{}}
}

// builtin returns the declaration of the registry's built-in name, or nil.
func (u *Universe) builtin(name string) *Decl {
	if d, ok := u.decls[name]; ok {
		return d
	}
	bi := u.Reg.Builtin(name)
	if bi == nil {
		return nil
	}
	d := &Decl{Name: name, Kind: Builtin, Bi: bi}
	u.decls[name] = d
	return d
}

// Scope is one level of names: the session's prelude and top level, a
// file's, a REPL entry's, a for statement's, a function's, an
// alternative's, a comprehension's.
type Scope struct {
	Parent *Scope
	Names  map[string]*Decl
}

// NewScope returns an empty scope inside parent.
func NewScope(parent *Scope) *Scope { return &Scope{Parent: parent, Names: map[string]*Decl{}} }

// Lookup returns the declaration name has in s or the scopes around it,
// or nil.
func (s *Scope) Lookup(name string) *Decl {
	for ; s != nil; s = s.Parent {
		if d, ok := s.Names[name]; ok {
			return d
		}
	}
	return nil
}

// Chunk is what the pass found in a file, an entry, an expression or a
// table statement.
type Chunk struct {
	Errs lang.ErrorList
	// LaterLets are the file's lets, by name: an unknown name bound
	// later says so.
	LaterLets map[string]engine.Pos
	// End is the Site of the end of the file: what the names of its defs
	// mean there.
	End *Site
	// Globals is the number of global slots in use once the file's lets
	// have theirs.
	Globals int
}

// binder is the state of one pass.
type binder struct {
	u       *Universe
	scope   *Scope
	file    *Scope
	globals int // global slots in use
	later   map[string]engine.Pos
	bare    *lang.Ident // the lone name of a REPL entry
	errs    lang.ErrorList
	defs    []*Decl // the defs resolved (the end's Site)
	nodes   int     // expressions resolved (count)
	ran     bool    // a statement of the file's top level may have run code
}

// count counts an expression resolved at pos and, every checkEvery,
// calls the Universe's Check.
func (b *binder) count(pos engine.Pos) {
	b.nodes++
	if b.nodes%checkEvery == 0 && b.u.Check != nil {
		if err := b.u.Check(pos, 0); err != nil {
			panic(err)
		}
	}
}

func newBinder(u *Universe, file *Scope, later map[string]engine.Pos, globals int) *binder {
	return &binder{u: u, later: later, file: file, scope: file, globals: globals}
}

func (b *binder) chunk() *Chunk {
	return &Chunk{Errs: b.errs, LaterLets: b.later, Globals: b.globals}
}

// File resolves a file, or a REPL entry (repl: a declaration may repeat a
// name), whose top level is file (the session's own, or an entry's scope
// inside it). Its lets take global slots from globals on.
func File(u *Universe, file *Scope, f *lang.File, repl bool, globals int) *Chunk {
	later := map[string]engine.Pos{}
	for _, st := range f.Stmts {
		if l, ok := st.(*lang.LetStmt); ok {
			for _, n := range l.Pattern().Names {
				if _, seen := later[n.Name]; !seen {
					later[n.Name] = n.Pos
				}
			}
		}
	}
	b := newBinder(u, file, later, globals)
	b.ran = repl && u.entriesRan
	// Defs and games are visible in the whole file, in any order.
	declared := map[string]engine.Pos{}
	for _, st := range f.Stmts {
		var name *lang.Name
		var kind engine.BindKind
		var params lang.ParamsNode
		switch d := st.(type) {
		case *lang.DefStmt:
			name, kind, params = d.Name, Def, d.Params
		case *lang.GameStmt:
			name, kind, params = d.Name, Game, d.Params
		default:
			continue
		}
		name.Bind = nil
		if prev, dup := declared[name.Name]; dup && !repl {
			b.errorf(name.Pos, "%q is already declared at line %d", name.Name, prev.Line)
			continue
		}
		declared[name.Name] = name.Pos
		d := &Decl{Name: name.Name, Pos: name.Pos, Kind: kind, nargs: len(lang.ParamNames(params)), B: &engine.Binding{Kind: kind}}
		b.file.Names[name.Name] = d
		name.Bind = d
	}
	for _, st := range f.Stmts {
		b.stmt(st, true)
		b.ran = b.ran || !quietLet(st) && !isDecl(st) && !intLet(st)
	}
	if repl {
		u.entriesRan = b.ran
	}
	ch := b.chunk()
	ch.End = b.site(b.defs...)
	return ch
}

// Expr resolves an expression in scope sc.
func Expr(u *Universe, sc *Scope, later map[string]engine.Pos, x lang.Expr) *Chunk {
	b := newBinder(u, sc, later, 0)
	b.expr(x)
	return b.chunk()
}

// Table resolves a table statement in scope sc.
func Table(u *Universe, sc *Scope, later map[string]engine.Pos, st *lang.TableStmt) *Chunk {
	b := newBinder(u, sc, later, 0)
	b.table(st)
	return b.chunk()
}

// Declaration resolves a def or a game again, as declared by d, in the
// top-level scope sc (a REPL redeclaration: what its names mean now).
func Declaration(u *Universe, sc *Scope, later map[string]engine.Pos, st lang.Stmt, d *Decl) *Chunk {
	b := newBinder(u, sc, later, 0)
	switch st := st.(type) {
	case *lang.DefStmt:
		st.Name.Bind = d
		b.def(st, d)
	case *lang.GameStmt:
		st.Name.Bind = d
		b.gameRule(st, d)
	}
	return b.chunk()
}

// errorf records an error of names.
func (b *binder) errorf(pos engine.Pos, format string, args ...any) {
	b.errs = append(b.errs, lang.Errorf(pos, format, args...))
}

func (b *binder) push() { b.scope = NewScope(b.scope) }

func (b *binder) pop() { b.scope = b.scope.Parent }

// declare binds n to a new declaration of kind in the innermost scope; a
// let's (Global) takes the next global slot.
func (b *binder) declare(n *lang.Name, kind engine.BindKind) *Decl {
	d := &Decl{Name: n.Name, Pos: n.Pos, Kind: kind}
	if kind == Global {
		d.B = &engine.Binding{Kind: Global, Slot: b.globals}
		b.globals++
	}
	b.scope.Names[n.Name] = d
	n.Bind = d
	return d
}

// lookup returns what name means here, or nil.
func (b *binder) lookup(name string) *Decl {
	if d := b.scope.Lookup(name); d != nil {
		return d
	}
	if b.u.Pending[name] {
		b.u.Missed = true
		return nil
	}
	return b.u.builtin(name)
}

// visibleNames lists the names a reference here could mean (for
// suggestions).
func (b *binder) visibleNames() []string {
	seen := map[string]bool{}
	for s := b.scope; s != nil; s = s.Parent {
		for n := range s.Names {
			if !HiddenName(n) {
				seen[n] = true
			}
		}
	}
	for _, bi := range b.u.Reg.Builtins() {
		seen[bi.BName] = true
	}
	for n := range b.u.Pending {
		seen[n] = true
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// foreignNames are what names of other languages a newcomer types are
// written as here (the hint of their unknown name).
var foreignNames = map[string]string{
	"True":  "true is written true",
	"False": "false is written false",
	"None":  "there is no None: a def returns a value on every path",
	"tuple": "a tuple is written (a, b), or (a,) for one element; (x for x in L) is not one",
	"list":  "sorted(X) lists a set's or a tuple's elements, [x for x in X] any collection's",
	"int":   "there is no int(): ints() reads the integers of standard input",
	"xor":   "xor is the operator ^: a ^ b",
	"mod":   "the remainder is the operator %: a % b",
}

// ident binds a name, or reports it unknown (with a suggestion when one
// is near, or how a name of another language is written).
func (b *binder) ident(id *lang.Ident) *Decl {
	id.Bind = nil
	if d := b.lookup(id.Name); d != nil {
		id.Bind = d
		return d
	}
	msg := fmt.Sprintf("unknown name %q", id.Name)
	if later, ok := b.later[id.Name]; ok && later.Offset > id.Pos.Offset {
		msg += fmt.Sprintf("; it is bound by a let at line %d, after this use", later.Line)
	} else if failed, ok := b.u.Failed[id.Name]; ok {
		msg = fmt.Sprintf("%q was not declared: its declaration at %s failed", id.Name, lang.FormatPos(failed))
	} else if h, ok := foreignNames[id.Name]; ok {
		msg += " (" + h + ")"
	} else if s := lang.Suggest(id.Name, b.visibleNames()); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	} else if s := lang.Suggest(id.Name, lang.StatementWords); s != "" && id == b.bare && len(s) >= 4 {
		msg += fmt.Sprintf(" (did you mean the statement %q?)", s)
	}
	b.errorf(id.Pos, "%s", msg)
	return nil
}

func (b *binder) stmts(list []lang.Stmt) {
	for _, st := range list {
		b.stmt(st, false)
	}
}

// stmt resolves a statement (top: of the file itself, not of a for
// statement).
func (b *binder) stmt(st lang.Stmt, top bool) {
	switch st := st.(type) {
	case *lang.LetStmt:
		b.expr(st.Value)
		for _, n := range st.Pattern().Names {
			d := b.declare(n, Global)
			if top && !b.ran && (quietLet(st) || intLet(st)) {
				d.Lit = st.Value
			}
		}
	case *lang.DefStmt:
		if !top {
			st.Name.Bind = nil
			b.errorf(st.Pos, "a def must be at the top level, not inside a for statement")
			return
		}
		if d := NameDecl(st.Name); d != nil {
			b.def(st, d)
		}
	case *lang.GameStmt:
		if !top {
			st.Name.Bind = nil
			b.errorf(st.Pos, "a game must be declared at the top level, not inside a for statement")
			return
		}
		if d := NameDecl(st.Name); d != nil {
			b.gameRule(st, d)
		}
	case *lang.PrintStmt:
		b.exprs(st.Args)
	case *lang.AssertStmt:
		b.expr(st.Cond)
		if st.Msg != nil {
			b.expr(st.Msg)
		}
	case *lang.ForStmt:
		b.expr(st.Iter)
		b.push()
		b.pattern(st.Target.(*lang.Pattern))
		b.stmts(st.Body)
		b.pop()
	case *lang.TableStmt:
		b.table(st)
	case *lang.ExprStmt:
		b.bare, _ = st.X.(*lang.Ident)
		b.expr(st.X)
		b.bare = nil
	}
}

// pattern declares the names of a for clause or statement.
func (b *binder) pattern(p *lang.Pattern) {
	for _, n := range p.Names {
		b.declare(n, Local)
	}
}

// function opens the scope of a def's or game's parameters (inside the
// file's) and declares them; it returns them by name.
func (b *binder) function(ps lang.ParamsNode) map[string]bool {
	b.scope = NewScope(b.file)
	seen := map[string]bool{}
	for _, p := range lang.ParamNames(ps) {
		if seen[p.Name] {
			b.errorf(p.Pos, "parameter %q appears twice", p.Name)
		}
		seen[p.Name] = true
		b.declare(p, Local)
	}
	return seen
}

// def resolves a def's body (d is its declaration) and records what its
// names mean there (Free).
func (b *binder) def(st *lang.DefStmt, d *Decl) {
	save := b.scope
	params := b.function(st.Params)
	b.expr(st.Body)
	// (The names its comprehensions bind are its own: not free.)
	own := map[*Decl]bool{}
	lang.Inspect(st.Body, func(x lang.Expr) bool {
		if c, ok := x.(*lang.Comp); ok {
			for _, cl := range c.Clauses {
				if f, ok := cl.(*lang.ForClause); ok {
					for _, n := range f.Target.Names {
						own[NameDecl(n)] = true
					}
				}
			}
		}
		return true
	})
	free := map[string]*Decl{}
	lang.Inspect(st.Body, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && !params[id.Name] && !own[Of(id)] {
			free[id.Name] = b.lookup(id.Name)
		}
		return true
	})
	d.Free = free
	b.defs = append(b.defs, d)
	b.scope = save
}

// gameRule resolves a game's move rule (d is its declaration).
func (b *binder) gameRule(st *lang.GameStmt, d *Decl) {
	save := b.scope
	b.function(st.Params)
	for _, a := range st.Alts {
		alt := a.(*lang.Alt)
		b.push()
		b.clauses(alt.Clauses)
		b.expr(alt.Body)
		b.pop()
	}
	b.scope = save
}

// table resolves a table statement; one with no for clause or more than
// two is an error of the compiler's, which compiles nothing of it.
func (b *binder) table(st *lang.TableStmt) {
	if n := len(st.Fors()); n == 0 || n > 2 {
		return
	}
	b.push()
	b.clauses(st.Clauses)
	b.expr(st.Body)
	b.pop()
}

// clauses resolves comprehension clauses in order, each for clause's
// names declared after its iterable, in the current scope.
func (b *binder) clauses(cls []lang.Clause) {
	for _, cl := range cls {
		switch cl := cl.(type) {
		case *lang.IfClause:
			b.expr(cl.Cond)
		case *lang.ForClause:
			b.expr(cl.Iter)
			b.pattern(cl.Target)
		}
	}
}

func (b *binder) exprs(es []lang.Expr) {
	for _, e := range es {
		b.expr(e)
	}
}

// expr resolves an expression (its parts in the order the compiler
// compiles them).
func (b *binder) expr(e lang.Expr) {
	if e != nil {
		b.count(lang.Start(e))
	}
	switch e := e.(type) {
	case nil, *lang.IntLit, *lang.StrLit, *lang.BoolLit:
	case *lang.Ident:
		b.ident(e)
	case *lang.ListLit:
		b.exprs(e.Elems)
	case *lang.TupleLit:
		b.exprs(e.Elems)
	case *lang.SetLit:
		b.exprs(e.Elems)
	case *lang.MapLit:
		b.exprs(e.Keys)
		b.exprs(e.Vals)
	case *lang.Comp:
		b.push()
		b.clauses(e.Clauses)
		b.expr(e.Body)
		b.expr(e.Key)
		b.pop()
	case *lang.SumOf:
		b.exprs(e.Items)
	case *lang.IfExpr:
		b.expr(e.Cond)
		b.expr(e.Then)
		b.expr(e.Else)
	case *lang.Unary:
		b.expr(e.X)
	case *lang.Binary:
		b.expr(e.X)
		b.expr(e.Y)
	case *lang.Chain:
		b.expr(e.X)
		for _, st := range e.Steps {
			b.expr(st.Y)
		}
	case *lang.Call:
		b.call(e)
	case *lang.Index:
		b.expr(e.X)
		b.expr(e.Index)
	case *lang.Slice:
		b.expr(e.X)
		b.expr(e.Lo)
		b.expr(e.Hi)
	default:
		panic(fmt.Sprintf("resolve: unknown expression %T", e))
	}
}

// call resolves a call: a call of a declared game, def or built-in by its
// name must pass as many arguments as it takes.
func (b *binder) call(e *lang.Call) {
	e.Site = nil
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		b.expr(e.Fn)
		b.exprs(e.Args)
		return
	}
	d := b.ident(id)
	n := len(e.Args)
	switch {
	case d == nil:
	case d.Kind == Game:
		name, want := d.Name, d.nargs
		if d.B != nil && d.B.Game != nil {
			name, want = d.B.Game.GName, d.B.Game.NArgs
		}
		if n != want {
			b.errorf(e.Pos, "game %s takes %d argument%s, but %d %s given", name, want, value.Plural(want), n, value.WasWere(n))
		}
	case d.Kind == Def:
		name, want := d.Name, d.nargs
		if d.B != nil && d.B.Fn != nil {
			name, want = d.B.Fn.FName, len(d.B.Fn.Params)
		}
		if n != want {
			b.errorf(e.Pos, "%s takes %d argument%s, but %d %s given", name, want, value.Plural(want), n, value.WasWere(n))
		}
		e.Site = b.site(d)
	case d.Kind == Builtin:
		bi := d.Bi
		if n < bi.MinArgs || bi.MaxArgs >= 0 && n > bi.MaxArgs {
			b.errorf(e.Pos, "%s takes %s, but %d %s given", bi.BName, engine.ArgCount(bi), n, value.WasWere(n))
		}
	}
	b.exprs(e.Args)
}

// MaxSiteDepth is how many calls deep from a call its Site looks: as
// deep as anything that reads it can go (inlining, MaxInlineDepth calls
// deep, after the rewrites that see through wrappers and guards, as many
// again), and no deeper: a Site of every def the callee reaches made a
// chain of n defs, each calling the one before, resolve in O(n^2) time
// and memory (6,000 defs: 26 s, 2.3 GB). A def past it counts as not the
// same: a call of it is not inlined.
const MaxSiteDepth = 4 * MaxInlineDepth

// site returns what the names of defs ds, and of the defs reachable from
// them within MaxSiteDepth calls, mean here: the defs whose every name
// means here what it means where the def is.
func (b *binder) site(ds ...*Decl) *Site {
	s := &Site{same: map[*Decl]bool{}, loose: map[*Decl]bool{}}
	seen := map[*Decl]bool{}
	// Breadth first, a level of calls at a time: a def is seen first at
	// its fewest calls from ds.
	level := ds
	for depth := 0; depth <= MaxSiteDepth && len(level) > 0; depth++ {
		var next []*Decl
		for _, d := range level {
			if seen[d] || d.Free == nil {
				continue
			}
			seen[d] = true
			if !b.matches(d, s) {
				continue
			}
			for _, fd := range d.Free {
				if fd != nil && fd.Kind == Def && !seen[fd] {
					next = append(next, fd)
				}
			}
		}
		level = next
	}
	return s
}

// matches records in s whether every name of def d's body means here what
// it means in d (same), or would with the names unknown in both taken as
// meaning the same (loose), and reports the latter.
func (b *binder) matches(d *Decl, s *Site) bool {
	unknown := false
	for name, fd := range d.Free {
		if b.lookup(name) != fd {
			return false
		}
		unknown = unknown || fd == nil
	}
	s.loose[d] = true
	s.same[d] = !unknown
	return true
}

// intLet reports whether st is a let of one name to an int literal
// (negated or not): it runs no code and cannot fail.
func intLet(st lang.Stmt) bool {
	l, ok := st.(*lang.LetStmt)
	if !ok || l.Pattern().Tuple || len(l.Pattern().Names) != 1 {
		return false
	}
	x := l.Value
	if u, ok := x.(*lang.Unary); ok && u.Op == lang.OpNeg {
		x = u.X
	}
	_, ok = x.(*lang.IntLit)
	return ok
}

// quietLet reports whether st is a let of one name to a literal of int
// literals (a list, a tuple or a set; an int literal may be negated): it
// runs no code and cannot fail.
func quietLet(st lang.Stmt) bool {
	l, ok := st.(*lang.LetStmt)
	if !ok || l.Pattern().Tuple || len(l.Pattern().Names) != 1 {
		return false
	}
	elems := LiteralElems(l.Value)
	if elems == nil {
		return false
	}
	for _, x := range elems {
		if u, ok := x.(*lang.Unary); ok && u.Op == lang.OpNeg {
			x = u.X
		}
		if _, ok := x.(*lang.IntLit); !ok {
			return false
		}
	}
	return true
}

// isDecl reports whether st declares a def or a game (which runs
// nothing).
func isDecl(st lang.Stmt) bool {
	switch st.(type) {
	case *lang.DefStmt, *lang.GameStmt:
		return true
	}
	return false
}
