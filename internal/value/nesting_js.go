//go:build js

package value

// maxSumNesting bounds the nesting of sums in a compared value (see
// value.go). Comparing them recurses without a check, so without a
// yield: in a browser, whose stack overflowed near 1,400 levels (Node.js,
// Chromium), 500.
const maxSumNesting = 500
