// Reference for silver.game: the same game on a bitmask of coin places.
#include <cstdio>
#include <cstdint>
#include <unordered_map>
static std::unordered_map<uint64_t, int> memo;
static int sg(uint64_t s) {
    auto it = memo.find(s);
    if (it != memo.end()) return it->second;
    uint64_t seen = 0;
    int prev = -1;
    for (int p = 0; p < 64; p++) {
        if (!(s >> p & 1)) continue;
        for (int t = prev + 1; t < p; t++) seen |= 1ull << sg(s & ~(1ull << p) | 1ull << t);
        prev = p;
    }
    int v = __builtin_ctzll(~seen);
    memo[s] = v;
    return v;
}
int main() {
    const int W = 38;
    long sum = 0;
    for (int a = 0; a < W; a++) for (int b = a + 1; b < W; b++) for (int c = b + 1; c < W; c++)
        for (int d = c + 1; d < W; d++) for (int e = d + 1; e < W; e++)
            sum += sg(1ull << a | 1ull << b | 1ull << c | 1ull << d | 1ull << e);
    printf("silver %ld\n", sum);
}
