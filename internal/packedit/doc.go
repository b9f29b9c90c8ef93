// Package packedit owns a list being edited as the words of its memo
// key (the packedits pass): a list or tuple argument of a position that
// is another list with a few elements changed (an edit [if j == A then X
// else c[j] for j in ...], a mask edit, update(X, I, V), a splice X[:I]
// + [E] + X[I + 1:]) is held as List, in the form its key packs it (a
// bit an element for a list of 0s and 1s or of bools, a byte for fewer
// than 128 ints from 0 to 63, package value's argkey.go): the list
// edited is read into words once a position (Base, as value.IntsCache
// reads ints), each option copies them, changes them by word operations
// (SetInt, Set, Put of a mask) and writes its key from them
// (AppendKey, byte for byte the key value.AppendArgKey makes of the list
// the plain build makes), with no element-by-element copy and no
// packing again. An element the words cannot hold (an int past 63, an
// int in a list of bools, a string) leaves the words (SetInt and Set
// report it) and the build goes on in a scratch from what they hold
// (Unpack): the same list, the same steps, the same errors.
//
// Edit is the edit of package build (edits.go) compiled, its loop owned
// here: into a scratch (Build) or into words (Keyed).
package packedit
