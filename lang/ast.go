package lang

import "strings"

// File is a parsed script or REPL entry.
type File struct {
	Stmts []Stmt `parser:"@@*"`
}

// Stmt is a statement: *LetStmt, *DefStmt, *GameStmt, *PrintStmt,
// *AssertStmt, *ForStmt, *TableStmt, or (REPL entries only) *ExprStmt.
type Stmt interface {
	stmtNode()
	Position() Pos // where the statement starts
}

// Name is an identifier with its position: a name a statement, a
// parameter list or a pattern declares.
type Name struct {
	Pos  Pos
	Name string `parser:"@Ident"`
	// Bind is the declaration the name makes, set by package resolve (a
	// *resolve.Decl; nil before resolving, and for a declaration that is
	// an error).
	Bind any
}

// LetStmt is `let NAME = EXPR` or `let (A, B, ...) = EXPR`.
type LetStmt struct {
	Pos    Pos
	Target PatternNode `parser:"'let' @@ '='"`
	Value  Expr        `parser:"@@"`
}

// Pattern returns what the let binds: one name, or a tuple of names.
func (l *LetStmt) Pattern() *Pattern { return l.Target.(*Pattern) }

// DefStmt is `def NAME(P1, ..., Pk) = EXPR`.
type DefStmt struct {
	Pos    Pos
	Name   *Name      `parser:"'def' @@"`
	Params ParamsNode `parser:"'(' @@ ')' '='"`
	Body   Expr       `parser:"@@"`
}

// GameStmt is `game NAME(P1, ..., Pk) moves ALT | ALT ...`.
type GameStmt struct {
	Pos    Pos
	Name   *Name      `parser:"'game' @@"`
	Params ParamsNode `parser:"'(' @@ ')'"`
	Alts   []AltNode  `parser:"'moves' '|'? @@ ('|' @@)*"`
}

// PrintStmt is `print EXPR, EXPR, ...`.
type PrintStmt struct {
	Pos  Pos
	Args []Expr `parser:"'print' (@@ (',' @@)*)?"`
}

// AssertStmt is `assert EXPR` or `assert EXPR, MESSAGE`.
type AssertStmt struct {
	Pos  Pos
	Cond Expr `parser:"'assert' @@"`
	Msg  Expr `parser:"(',' @@)?"`
}

// ForStmt is `for PATTERN in EXPR { STATEMENTS }`.
type ForStmt struct {
	Pos    Pos
	Target PatternNode `parser:"'for' @@ 'in'"`
	Iter   Expr        `parser:"@@ '{'"`
	Body   []Stmt      `parser:"@@* '}'"`
}

// TableStmt is `table EXPR CLAUSES`: comprehension clauses with one `for`
// (a table of rows) or two (a grid: rows, then columns). `table` is not a
// reserved word: see (*TableStmt).Parse for when a statement starting with
// the name table is a table statement. Pos is the word table's position,
// or the start of EXPR for a table parsed by ParseTable.
type TableStmt struct {
	Pos     Pos
	Body    Expr
	Clauses []Clause
}

// Fors returns the table's for clauses: one or two.
func (t *TableStmt) Fors() []*ForClause {
	var fs []*ForClause
	for _, c := range t.Clauses {
		if f, ok := c.(*ForClause); ok {
			fs = append(fs, f)
		}
	}
	return fs
}

// ExprStmt is a bare expression (REPL entries only).
type ExprStmt struct {
	Pos Pos
	X   Expr `parser:"@@"`
}

func (*LetStmt) stmtNode()    {}
func (*DefStmt) stmtNode()    {}
func (*GameStmt) stmtNode()   {}
func (*PrintStmt) stmtNode()  {}
func (*AssertStmt) stmtNode() {}
func (*ForStmt) stmtNode()    {}
func (*TableStmt) stmtNode()  {}
func (*ExprStmt) stmtNode()   {}

func (s *LetStmt) Position() Pos    { return s.Pos }
func (s *DefStmt) Position() Pos    { return s.Pos }
func (s *GameStmt) Position() Pos   { return s.Pos }
func (s *PrintStmt) Position() Pos  { return s.Pos }
func (s *AssertStmt) Position() Pos { return s.Pos }
func (s *ForStmt) Position() Pos    { return s.Pos }
func (s *TableStmt) Position() Pos  { return s.Pos }
func (s *ExprStmt) Position() Pos   { return s.Pos }

// ParamsNode is a parameter list: always a *Params.
type ParamsNode interface{ paramsNode() }

// Params are the parameter names of a def or game (possibly none).
type Params struct {
	Names []*Name
}

func (*Params) paramsNode() {}

// ParamNames returns the names of a parameter list.
func ParamNames(p ParamsNode) []*Name { return p.(*Params).Names }

// PatternNode is what a `for` binds: always a *Pattern.
type PatternNode interface{ patternNode() }

// Pattern is a NAME or a parenthesised tuple of NAMEs.
type Pattern struct {
	Pos   Pos
	Names []*Name
	Tuple bool
}

func (*Pattern) patternNode() {}

// String is the pattern as written: "n", "(a, b)".
func (p *Pattern) String() string {
	if !p.Tuple {
		return p.Names[0].Name
	}
	ns := make([]string, len(p.Names))
	for i, n := range p.Names {
		ns[i] = n.Name
	}
	return "(" + strings.Join(ns, ", ") + ")"
}

// AltNode is one alternative of a game's moves: always an *Alt.
type AltNode interface{ altNode() }

// Alt is `GAME-EXPR (for PATTERN in EXPR | if EXPR)*`.
type Alt struct {
	Pos     Pos
	Body    Expr
	Clauses []Clause
}

func (*Alt) altNode() {}

// Clause is a comprehension clause: *ForClause or *IfClause.
type Clause interface {
	clauseNode()
	Position() Pos // where the clause starts (its keyword)
}

// ForClause is `for PATTERN in EXPR` inside a comprehension.
type ForClause struct {
	Pos    Pos
	Target *Pattern
	Iter   Expr
}

// IfClause is `if EXPR` inside a comprehension.
type IfClause struct {
	Pos  Pos
	Cond Expr
}

func (*ForClause) clauseNode() {}
func (*IfClause) clauseNode()  {}

func (c *ForClause) Position() Pos { return c.Pos }
func (c *IfClause) Position() Pos  { return c.Pos }

// Expr is an expression node. Each has a Pos; for operators it is the
// operator's position (what a runtime error points at).
type Expr interface{ Position() Pos }

// Ident is a name used in an expression.
type Ident struct {
	Pos  Pos
	Name string
	// Bind is the declaration the name means here, set by package
	// resolve (a *resolve.Decl; nil before resolving, and for an unknown
	// name). A copy of the node keeps it.
	Bind any
}

// IntLit is an integer literal.
type IntLit struct {
	Pos Pos
	Val int64
}

// StrLit is a string literal (Val is decoded).
type StrLit struct {
	Pos Pos
	Val string
}

// BoolLit is true or false.
type BoolLit struct {
	Pos Pos
	Val bool
}

// ListLit is [a, b, ...].
type ListLit struct {
	Pos   Pos
	Elems []Expr
}

// SetLit is {a, b, ...} (at least one element).
type SetLit struct {
	Pos   Pos
	Elems []Expr
}

// MapLit is {k: v, ...}; {} is the empty map.
type MapLit struct {
	Pos  Pos
	Keys []Expr
	Vals []Expr
}

// TupleLit is (a, b, ...); () is the empty tuple, (a,) a one-tuple.
type TupleLit struct {
	Pos   Pos
	Elems []Expr
}

// CompKind says what a comprehension builds.
type CompKind uint8

// Comprehension kinds.
const (
	ListComp CompKind = iota // [E for ...]
	SetComp                  // {E for ...}
	MapComp                  // {K: V for ...}
	SumComp                  // sum of E for ...
)

// Comp is a comprehension; Key is set only for MapComp.
type Comp struct {
	Pos     Pos
	Kind    CompKind
	Key     Expr
	Body    Expr
	Clauses []Clause
}

// SumOf is `sum of E1, E2, ...`.
type SumOf struct {
	Pos   Pos
	Items []Expr
}

// IfExpr is `if C then A else B`.
type IfExpr struct {
	Pos  Pos
	Cond Expr
	Then Expr
	Else Expr
}

// Binary is X op Y; Pos is the operator's. Op is a binary operator (see
// Op).
type Binary struct {
	Pos Pos
	Op  Op
	X   Expr
	Y   Expr
}

// Chain is a long run of binary operators applied left to right,
// ((X op1 Y1) op2 Y2) ...: what the parser builds, instead of nested
// Binary nodes, for a run of more than MaxBinaryRun operators at one
// level (1 + 1 + ... + 1 written 100,000 times), so that neither a walk
// of the tree nor its evaluation recurses once per operator. It means
// exactly what the nested Binary nodes mean. Pos is the start of X.
type Chain struct {
	Pos   Pos
	X     Expr
	Steps []Step
}

// Step is one operator of a Chain and its right operand; Pos is the
// operator's.
type Step struct {
	Pos Pos
	Op  Op
	Y   Expr
}

// MaxBinaryRun is the longest run of binary operators at one level the
// parser nests as Binary nodes; a longer run is a Chain.
const MaxBinaryRun = 64

// Unary is op X for op OpNeg (-), OpNot or OpNimber (*).
type Unary struct {
	Pos Pos
	Op  Op
	X   Expr
}

// Call is Fn(Args...); Pos is the callee's start.
type Call struct {
	Pos    Pos
	Fn     Expr
	Lparen Pos
	Args   []Expr
	// Site is what the names of the defs this call may inline mean
	// where it is, set by package resolve for a call of a def (a
	// *resolve.Site). A def's body inlined here takes the call's Site.
	Site any
}

// Index is X[I]; Pos is the '['.
type Index struct {
	Pos   Pos
	X     Expr
	Index Expr
}

// Slice is X[Lo:Hi]; Lo and Hi may be nil (X[:Hi], X[Lo:], X[:]). Pos is
// the '['.
type Slice struct {
	Pos Pos
	X   Expr
	Lo  Expr
	Hi  Expr
}

func (e *Ident) Position() Pos    { return e.Pos }
func (e *IntLit) Position() Pos   { return e.Pos }
func (e *StrLit) Position() Pos   { return e.Pos }
func (e *BoolLit) Position() Pos  { return e.Pos }
func (e *ListLit) Position() Pos  { return e.Pos }
func (e *SetLit) Position() Pos   { return e.Pos }
func (e *MapLit) Position() Pos   { return e.Pos }
func (e *TupleLit) Position() Pos { return e.Pos }
func (e *Comp) Position() Pos     { return e.Pos }
func (e *SumOf) Position() Pos    { return e.Pos }
func (e *IfExpr) Position() Pos   { return e.Pos }
func (e *Binary) Position() Pos   { return e.Pos }
func (e *Chain) Position() Pos    { return e.Pos }
func (e *Unary) Position() Pos    { return e.Pos }
func (e *Call) Position() Pos     { return e.Pos }
func (e *Index) Position() Pos    { return e.Pos }
func (e *Slice) Position() Pos    { return e.Pos }

// Start returns the position where the text of e begins (for a binary
// expression, its left operand's start; Position gives the operator's).
// It walks down left operands without recursion (their number is bounded
// by MaxBinaryRun and the nesting limit).
func Start(e Expr) Pos {
	for {
		switch x := e.(type) {
		case *Binary:
			e = x.X
		case *Index:
			e = x.X
		case *Slice:
			e = x.X
		default:
			// A Call's Pos is its callee's start, a Chain's its
			// first operand's.
			return e.Position()
		}
	}
}
