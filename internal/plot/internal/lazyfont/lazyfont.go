// Package lazyfont owns when the fonts of gonum's plots are parsed: when
// a plot is first drawn (Load), not when the program starts.
//
// Package gonum.org/v1/plot parses the twelve Liberation fonts in its
// init (font.DefaultCache.Add(liberation.Collection())): 2-3 MiB of
// memory and a few milliseconds at the start of every run of grundy,
// which draws a plot only on request. This package's init runs first
// (packages are initialized in the order of their import paths among
// those whose imports are initialized, and this one needs only package
// liberation, which gonum's plot needs too) and marks the parse of
// liberation.Collection as done, so that gonum's init adds no fonts.
// Load parses them for real.
package lazyfont

import (
	"sync"
	_ "unsafe" // go:linkname

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
)

// collected is the sync.Once with which liberation.Collection parses
// the fonts once.
//
//go:linkname collected gonum.org/v1/plot/font/liberation.once
var collected sync.Once

func init() { collected.Do(func() {}) }

var loaded sync.Once

// Load parses the Liberation fonts and adds them to gonum's font cache,
// the first time it is called: before a plot is drawn.
func Load() {
	loaded.Do(func() {
		collected = sync.Once{}
		font.DefaultCache.Add(liberation.Collection())
	})
}
