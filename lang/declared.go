package lang

import "errors"

// DeclaredNames returns the names the top-level statements of src
// declare: `game NAME`, `def NAME`, `let NAME` and `let (A, B)`, in
// source order. It reads tokens, not the tree, so that a text that does
// not parse still says what it meant to declare (a REPL entry with a
// syntax error: a later use of such a name says its declaration failed).
// A text that does not scan is read up to where it stops scanning; a let
// inside brackets (a for statement's body) declares nothing here.
func DeclaredNames(filename, src string) []*Name {
	toks, err := Scan(filename, src)
	var e *Error
	if err != nil && errors.As(err, &e) && e.Pos.Offset <= len(src) {
		toks, _ = Scan(filename, src[:e.Pos.Offset])
	}
	var out []*Name
	name := func(i int) bool {
		if i < len(toks) && toks[i].Type == TokIdent {
			out = append(out, &Name{Pos: toks[i].Pos, Name: toks[i].Value})
			return true
		}
		return false
	}
	depth := 0
	for i, t := range toks {
		switch {
		case t.Type == TokPunct && (t.Value == "(" || t.Value == "[" || t.Value == "{"):
			depth++
		case t.Type == TokPunct && (t.Value == ")" || t.Value == "]" || t.Value == "}"):
			depth = max(depth-1, 0)
		case t.Type != TokKeyword || depth > 0:
		case t.Value == "game" || t.Value == "def":
			name(i + 1)
		case t.Value == "let":
			if name(i+1) || i+1 >= len(toks) || toks[i+1].Value != "(" {
				continue
			}
			for j := i + 2; name(j) && j+1 < len(toks) && toks[j+1].Value == ","; j += 2 {
			}
		}
	}
	return out
}
