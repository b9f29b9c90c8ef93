// Package examples holds grundy's example scripts: NAME.game, with
// NAME.in as the standard input of those that read it and NAME.out as the
// output they print (checked by the tests of cmd/grundy). FS embeds the
// scripts and their inputs, for the playground's menu (package web).
package examples

import "embed"

// FS holds every NAME.game and NAME.in of this directory.
//
//go:embed *.game *.in
var FS embed.FS
