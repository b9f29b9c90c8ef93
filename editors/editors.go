// Package editors holds grundy's TextMate grammar, grundy.tmLanguage.json:
// the colours of grundy code in editors that read TextMate grammars (VS
// Code, JetBrains IDEs, Sublime Text and TextMate as a property list) and
// in the playground's editor (package web serves Grammar to the page).
// The directory is also a VS Code extension as it stands (package.json,
// language-configuration.json: # comments, brackets); the README says how
// to install it.
//
// The grammar uses a small part of the format, which the playground's
// highlighter implements: a repository of named rules, each a list of
// patterns that are an include, or a match (a regular expression) with a
// name or captures; no begin/end rules, since a grundy token never spans
// lines. Its tests check that, and that its lists of reserved words and
// built-in functions are the language's (lang.Keywords and the built-ins
// package stdlib registers), so that the grammar cannot drift from the
// language.
package editors

import _ "embed"

// Grammar is the TextMate grammar (JSON), scope source.grundy, for files
// ending in .game.
//
//go:embed grundy.tmLanguage.json
var Grammar []byte
