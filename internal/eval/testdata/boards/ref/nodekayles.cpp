// Reference for nodekayles.game: the vertices left as a bitmask, each
// vertex's closed neighbourhood a mask.
#include <cstdio>
#include <cstdint>
#include <unordered_map>
const int W = 5, H = 5, N = W * H;
static uint64_t nb[N];
static std::unordered_map<uint64_t, int> memo;
static int sg(uint64_t s) {
    auto it = memo.find(s);
    if (it != memo.end()) return it->second;
    uint64_t seen = 0;
    for (uint64_t t = s; t; t &= t - 1) seen |= 1ull << sg(s & ~nb[__builtin_ctzll(t)]);
    int r = __builtin_ctzll(~seen);
    memo[s] = r;
    return r;
}
int main() {
    for (int u = 0; u < N; u++) for (int v = 0; v < N; v++) {
        int d = u - v;
        if (u == v || (u / W == v / W && (d == 1 || d == -1)) || d == W || d == -W) nb[v] |= 1ull << u;
    }
    uint64_t all = (1ull << N) - 1;
    long sum = sg(all);
    for (int v = 0; v < N; v++) sum += sg(all & ~(1ull << v));
    printf("nodekayles %ld\n", sum);
}
