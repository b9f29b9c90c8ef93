//go:build !js

package value

// maxSumNesting bounds the nesting of sums in a compared value (see
// value.go and nesting_js.go).
const maxSumNesting = 10_000
