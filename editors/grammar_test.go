package editors

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

type pattern struct {
	Include  string             `json:"include"`
	Name     string             `json:"name"`
	Match    string             `json:"match"`
	Captures map[string]capture `json:"captures"`
}

type capture struct {
	Name string `json:"name"`
}

type rule struct {
	Patterns []pattern `json:"patterns"`
}

type grammar struct {
	Name       string          `json:"name"`
	ScopeName  string          `json:"scopeName"`
	FileTypes  []string        `json:"fileTypes"`
	Patterns   []pattern       `json:"patterns"`
	Repository map[string]rule `json:"repository"`
}

// load parses the grammar strictly: a key the playground's highlighter
// does not know (begin, end, while, ...) is an error.
func load(t *testing.T) grammar {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(Grammar)))
	dec.DisallowUnknownFields()
	var g grammar
	if err := dec.Decode(&g); err != nil {
		t.Fatalf("grundy.tmLanguage.json: %v", err)
	}
	if !json.Valid(Grammar) {
		t.Fatal("grundy.tmLanguage.json is not valid JSON")
	}
	return g
}

// stripLookarounds removes the lookahead and lookbehind groups of a
// regular expression ((?=...), (?!...), (?<=...), (?<!...)): Go's regexp
// has none, Oniguruma and JavaScript have them. It skips escapes and
// character classes to find where a group ends.
func stripLookarounds(re string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(re); {
		if !(strings.HasPrefix(re[i:], "(?=") || strings.HasPrefix(re[i:], "(?!") ||
			strings.HasPrefix(re[i:], "(?<=") || strings.HasPrefix(re[i:], "(?<!")) {
			if re[i] == '\\' && i+1 < len(re) {
				b.WriteString(re[i : i+2])
				i += 2
				continue
			}
			b.WriteByte(re[i])
			i++
			continue
		}
		depth, class := 0, false
		j := i
		for ; j < len(re); j++ {
			c := re[j]
			switch {
			case c == '\\':
				j++
			case class:
				class = c != ']'
			case c == '[':
				class = true
				if j+1 < len(re) && re[j+1] == ']' {
					j++
				}
			case c == '(':
				depth++
			case c == ')':
				depth--
			}
			if depth == 0 && !class {
				break
			}
		}
		if j >= len(re) {
			return "", false
		}
		i = j + 1
	}
	return b.String(), true
}

// goRegexp compiles a TextMate regular expression with Go's regexp, its
// lookarounds removed: what is left must be valid in all three dialects.
func goRegexp(t *testing.T, where, re string) *regexp.Regexp {
	t.Helper()
	stripped, ok := stripLookarounds(re)
	if !ok {
		t.Errorf("%s: an unclosed group: %s", where, re)
		return nil
	}
	r, err := regexp.Compile(stripped)
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return nil
	}
	return r
}

func TestStripLookarounds(t *testing.T) {
	for _, c := range [][2]string{
		{`\b(?:a|b)\b(?=\s*\()`, `\b(?:a|b)\b`},
		{`(?<![\p{L})\]}])\*[0-9]+`, `\*[0-9]+`},
		{`x(?!(y|z))w`, `xw`},
		{`(a)(?<=b[)(])c`, `(a)c`},
	} {
		got, ok := stripLookarounds(c[0])
		if !ok || got != c[1] {
			t.Errorf("stripLookarounds(%q) = %q, %v; want %q", c[0], got, ok, c[1])
		}
	}
	if _, ok := stripLookarounds(`a(?=b`); ok {
		t.Error("an unclosed lookahead was accepted")
	}
}

func TestGrammarWellFormed(t *testing.T) {
	g := load(t)
	if g.ScopeName != "source.grundy" || g.Name != "grundy" || !slices.Contains(g.FileTypes, "game") {
		t.Errorf("name %q, scope %q, file types %v: want grundy, source.grundy, [game]", g.Name, g.ScopeName, g.FileTypes)
	}
	if len(g.Patterns) == 0 {
		t.Fatal("no top-level patterns")
	}
	used := map[string]bool{}
	var check func(where string, ps []pattern)
	check = func(where string, ps []pattern) {
		for i, p := range ps {
			at := where + "[" + string(rune('0'+i)) + "]"
			switch {
			case p.Include != "":
				name, ok := strings.CutPrefix(p.Include, "#")
				if _, found := g.Repository[name]; !ok || !found {
					t.Errorf("%s: include %q names no rule of the repository", at, p.Include)
				}
				used[name] = true
				if p.Match != "" || p.Name != "" || p.Captures != nil {
					t.Errorf("%s: an include with other keys", at)
				}
			case p.Match == "":
				t.Errorf("%s: neither include nor match", at)
			default:
				r := goRegexp(t, at, p.Match)
				if p.Name == "" && len(p.Captures) == 0 {
					t.Errorf("%s: a match with neither name nor captures", at)
				}
				for k, c := range p.Captures {
					if c.Name == "" {
						t.Errorf("%s: capture %s has no name", at, k)
					}
					if r != nil && (k < "0" || k > "9" || int(k[0]-'0') > r.NumSubexp()) {
						t.Errorf("%s: capture %s, but the match has %d groups", at, k, r.NumSubexp())
					}
				}
				for _, name := range append([]string{p.Name}, captureNames(p)...) {
					if name != "" && !strings.HasSuffix(name, ".grundy") {
						t.Errorf("%s: scope %q does not end in .grundy", at, name)
					}
				}
			}
		}
	}
	check("patterns", g.Patterns)
	for name, r := range g.Repository {
		if len(r.Patterns) == 0 {
			t.Errorf("repository %s: no patterns", name)
		}
		check("repository."+name, r.Patterns)
	}
	for name := range g.Repository {
		if !used[name] {
			t.Errorf("repository %s is never included", name)
		}
	}
}

func captureNames(p pattern) []string {
	var out []string
	for _, c := range p.Captures {
		out = append(out, c.Name)
	}
	return out
}

// alternation matches the lists of words: \b(?:a|b|c)\b.
var alternation = regexp.MustCompile(`^\\b\(\?:([\p{L}_|]+)\)\\b`)

// words returns the words of a repository rule's word lists, sorted.
func words(t *testing.T, g grammar, rule string) []string {
	t.Helper()
	var out []string
	for _, p := range g.Repository[rule].Patterns {
		m := alternation.FindStringSubmatch(p.Match)
		if m == nil {
			t.Fatalf("repository %s: %q is not a list of words \\b(?:a|b|...)\\b", rule, p.Match)
		}
		out = append(out, strings.Split(m[1], "|")...)
	}
	slices.Sort(out)
	return out
}

// diff says which words one list has and the other lacks.
func diff(t *testing.T, what string, got, want []string) {
	t.Helper()
	var missing, extra []string
	for _, w := range want {
		if !slices.Contains(got, w) {
			missing = append(missing, w)
		}
	}
	for _, w := range got {
		if !slices.Contains(want, w) {
			extra = append(extra, w)
		}
	}
	if len(missing)+len(extra) > 0 || len(got) != len(want) {
		t.Errorf("the grammar's %s are not the language's: add %v, remove %v (%d words, want %d)", what, missing, extra, len(got), len(want))
	}
}

func TestGrammarKeywords(t *testing.T) {
	want := slices.Clone(lang.Keywords)
	slices.Sort(want)
	diff(t, "reserved words (repository.keywords)", words(t, load(t), "keywords"), want)
}

func TestGrammarBuiltins(t *testing.T) {
	var want []string
	for _, b := range stdlib.Registry().Builtins() {
		want = append(want, b.BName)
	}
	slices.Sort(want)
	if len(want) < 20 {
		t.Fatalf("only %d built-ins registered: is stdlib imported?", len(want))
	}
	diff(t, "built-in functions (repository.builtins)", words(t, load(t), "builtins"), want)
}

// TestGrammarOperators: each operator and punctuation token of the
// language (spec.md §3.7) is matched whole by a rule of the repository's
// operators, and no rule matches more than the token.
func TestGrammarOperators(t *testing.T) {
	const ops = `+ - * / % ** ^ & | ~ << >> == != < <= > >= .. = ( ) [ ] { } , :`
	toks, err := lang.Scan("ops", ops)
	if err != nil {
		t.Fatal(err)
	}
	g := load(t)
	var rs []*regexp.Regexp
	for i, p := range g.Repository["operators"].Patterns {
		rs = append(rs, goRegexp(t, "operators["+string(rune('0'+i))+"]", p.Match))
	}
	n := 0
	for _, tok := range toks {
		if tok.Type == lang.TokEOF {
			continue
		}
		n++
		if tok.Type != lang.TokPunct {
			t.Errorf("%q is not one operator token of the language", tok.Value)
			continue
		}
		ok := false
		for _, r := range rs {
			if r != nil && r.FindString(tok.Value) == tok.Value {
				ok = true
				break
			}
		}
		if !ok {
			t.Errorf("no operators rule matches all of %q", tok.Value)
		}
	}
	if n != len(strings.Fields(ops)) {
		t.Errorf("%d tokens in %q, want %d", n, ops, len(strings.Fields(ops)))
	}
}

// TestVSCodeExtension: the directory is a VS Code extension whose
// grammar is this one, for .game files, with # comments.
func TestVSCodeExtension(t *testing.T) {
	var pkg struct {
		Name        string
		Contributes struct {
			Languages []struct {
				ID            string
				Extensions    []string
				Configuration string
			}
			Grammars []struct {
				Language, ScopeName, Path string
			}
		}
	}
	data, err := os.ReadFile("package.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatalf("package.json: %v", err)
	}
	c := pkg.Contributes
	if len(c.Languages) != 1 || len(c.Grammars) != 1 {
		t.Fatalf("package.json contributes %d languages and %d grammars, want 1 and 1", len(c.Languages), len(c.Grammars))
	}
	l, g := c.Languages[0], c.Grammars[0]
	if l.ID != "grundy" || !slices.Equal(l.Extensions, []string{".game"}) || g.Language != "grundy" || g.ScopeName != load(t).ScopeName || g.Path != "./grundy.tmLanguage.json" {
		t.Errorf("package.json: language %+v, grammar %+v", l, g)
	}
	var conf struct {
		Comments struct{ LineComment string }
		Brackets [][]string
	}
	data, err = os.ReadFile(strings.TrimPrefix(l.Configuration, "./"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &conf); err != nil || conf.Comments.LineComment != "#" || len(conf.Brackets) != 3 {
		t.Errorf("%s: %+v %v", l.Configuration, conf, err)
	}
}
