package eval_test

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// sparseIntCases: games of one int made with bit operators
// (resolve.BitArgs), whose ints from 2^16 on are interned while the
// positions below are sparse (memo's SetSparse), and packed again when
// they are dense (Widen): coins on a strip as bits (sparse, up to 2^40),
// every mask of 18 bits asked in order (dense: widened), negative ints
// (~), the ints of a def's bit operators, a rule with cycles.
var sparseIntCases = []string{
	`let W = 40
game silver(b) moves silver(b ^ (1 << i) ^ (1 << p)) for i in 0 .. W - 1 if (b >> i) & 1 == 1 for p in 0 .. i - 1 if (b >> p) & ((1 << (i - p)) - 1) == 0
print sum([sg(silver((1 << a) | (1 << b) | (1 << c))) for a in 0 .. W - 1 for b in a + 1 .. W - 1 if (b - a) % 5 == 2 for c in b + 1 .. W - 1 if (c - b) % 7 == 4])
print moves(silver(2 ** 39 + 2 ** 20)), sg(silver(2 ** 17)), sg(silver(3))`,
	`game ruler(b) moves ruler(b ^ ((2 << i) - (1 << j))) for i in 0 .. 17 if (b >> i) & 1 == 1 for j in 0 .. i
print sum([sg(ruler(m)) for m in 0 .. 2 ** 18 - 1 if m % 5 == 0])
print sg(ruler(2 ** 17 + 1)), [sg(ruler(m)) for m in 65530 .. 65540]`,
	`def clear(b, i) = b & ~(1 << i)
game neg(b) moves neg(clear(b, i)) for i in 0 .. 10 if b & (1 << i) != 0 and b < 0 | neg(~b) if b > 0 and b % 3 == 0
print [sg(neg(x)) for x in [-1, -5, -70000, 3, 6, 70002, 2 ** 20 + 3]], moves(neg(6))
game loop(b) moves loop(b ^ (1 << i)) for i in 0 .. 18 if (b >> i) & 1 == 1 or i == 17 and b < 2 ** 16
print [sg(loop(m)) for m in [1, 5, 2 ** 17 + 3, 70000]]`,
	// Negative ints asked before the ints below 2^16 are dense, then
	// after, then a large one (widened): each keeps its one key.
	`game w(b) moves w(b ^ (1 << i)) for i in 0 .. 15 if (b >> i) & 1 == 1 and b >= 0 | w(~b) if b < 0 | w((b + 1) ^ 0) if b < -1
print sg(w(-5)), moves(w(-6))
print sum([sg(w(m)) for m in 0 .. 65535])
print sg(w(-7)), moves(w(-5)), sg(w(2 ** 17 + 5)), moves(w(2 ** 17 + 5))
print [sg(w(65536 + k)) for k in 0 .. 8], [sg(w(-k)) for k in 1 .. 9]`,
}

func TestSparseIntsExact(t *testing.T) {
	t.Parallel()
	diffCases(t, sparseIntCases, passes.Composite, passes.All)
}
