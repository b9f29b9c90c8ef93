package memo

import (
	"slices"
	"strconv"
)

// InfValues holds the infinite SG values of a session, each interned as
// the id of its K set (the finite values of the position's options,
// ascending), and computes sums of SG values.
type InfValues struct {
	Infs   [][]int64        // K of each interned infinite value
	infIDs map[string]int32 // K's encoding -> id
	// K sets of values below 64 by their bits (-(id+1), 0 when not yet
	// interned).
	infSmall map[uint64]Sgv
	addMemo  map[[2]Sgv]Sgv // sums of an infinite value and a finite one
	addSmall [][64]Sgv      // the same by infinite value, for finite ones below 64 (0: not known)
	infBuf   []byte
}

// InfID interns an infinite value's K.
func (t *InfValues) InfID(k []int64) Sgv {
	if m, ok := smallMask(k); ok {
		if v, ok := t.infSmall[m]; ok {
			return v
		}
		v := t.infIDSlow(k)
		if t.infSmall == nil {
			t.infSmall = map[uint64]Sgv{}
		}
		t.infSmall[m] = v
		return v
	}
	return t.infIDSlow(k)
}

// InfIDInts is InfID of a K set of ints (the loopy solver's).
func (t *InfValues) InfIDInts(k []int) Sgv {
	if m, ok := smallMask(k); ok && t.infSmall[m] != 0 {
		return t.infSmall[m]
	}
	k64 := make([]int64, len(k))
	for j, x := range k {
		k64[j] = int64(x)
	}
	return t.InfID(k64)
}

// smallMask returns the bits of a K set of values below 64.
func smallMask[T int | int64](k []T) (uint64, bool) {
	var m uint64
	for _, x := range k {
		if x < 0 || x >= 64 {
			return 0, false
		}
		m |= 1 << x
	}
	return m, true
}

func (t *InfValues) infIDSlow(k []int64) Sgv {
	buf := t.infBuf[:0]
	for _, x := range k {
		buf = strconv.AppendInt(buf, x, 10)
		buf = append(buf, ',')
	}
	t.infBuf = buf
	id, ok := t.infIDs[string(buf)]
	if !ok {
		id = int32(len(t.Infs))
		t.Infs = append(t.Infs, slices.Clone(k))
		if t.infIDs == nil {
			t.infIDs = map[string]int32{}
		}
		t.infIDs[string(buf)] = id
	}
	return -(id + 1)
}

// Add is the SG value of a sum of two games with values a and b.
func (t *InfValues) Add(a, b Sgv) Sgv {
	if a|b >= 0 {
		return a ^ b
	}
	if a == SgMissing || b == SgMissing {
		return SgMissing
	}
	if a < 0 && b < 0 {
		return t.InfID(nil)
	}
	if a >= 0 {
		a, b = b, a
	}
	if b == 0 {
		return a
	}
	i := int(-a - 1)
	if b < 64 && i < len(t.addSmall) && t.addSmall[i][b] != 0 {
		return t.addSmall[i][b]
	}
	ak := [2]Sgv{a, b}
	if v, ok := t.addMemo[ak]; ok {
		return v
	}
	k := t.Infs[-a-1]
	out := make([]int64, len(k))
	for i, x := range k {
		out[i] = x ^ int64(b)
	}
	slices.Sort(out)
	v := t.InfID(out)
	if t.addMemo == nil {
		t.addMemo = map[[2]Sgv]Sgv{}
	}
	t.addMemo[ak] = v
	if b < 64 {
		for len(t.addSmall) <= i {
			t.addSmall = append(t.addSmall, [64]Sgv{})
		}
		t.addSmall[i][b] = v
	}
	return v
}

// Times is the SG value of k copies of a game of value a.
func (t *InfValues) Times(k int64, a Sgv) Sgv {
	switch {
	case a == SgMissing:
		return a
	case k == 0:
		return 0
	case a >= 0:
		if k%2 == 1 {
			return a
		}
		return 0
	case k == 1:
		return a
	}
	return t.InfID(nil)
}

// Outcome is "N", "P" or "D" (a draw) for a game of value v.
func (t *InfValues) Outcome(v Sgv) string {
	switch {
	case v == 0:
		return "P"
	case v > 0:
		return "N"
	}
	if k := t.Infs[-v-1]; len(k) > 0 && k[0] == 0 {
		return "N"
	}
	return "D"
}
