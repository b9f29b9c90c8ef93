// Reference for cram.game: the free cells as a bitmask, bit r * W + c.
#include <cstdio>
#include <cstdint>
#include <unordered_map>
const int W = 7, H = 3;
static std::unordered_map<uint64_t, int> memo;
static int sg(uint64_t s) {
    auto it = memo.find(s);
    if (it != memo.end()) return it->second;
    uint64_t seen = 0;
    for (int r = 0; r < H; r++) for (int c = 0; c < W; c++) {
        int a = r * W + c;
        if (!(s >> a & 1)) continue;
        if (c + 1 < W && (s >> (a + 1) & 1)) seen |= 1ull << sg(s & ~(3ull << a));
        if (r + 1 < H && (s >> (a + W) & 1)) seen |= 1ull << sg(s & ~(1ull << a) & ~(1ull << (a + W)));
    }
    int v = __builtin_ctzll(~seen);
    memo[s] = v;
    return v;
}
static uint64_t board(int w, int h) {
    uint64_t s = 0;
    for (int r = 0; r < h; r++) for (int c = 0; c < w; c++) s |= 1ull << (r * W + c);
    return s;
}
int main() {
    long sum = 0;
    for (int w = 1; w <= W; w++) sum += sg(board(w, H));
    uint64_t full = board(W, H);
    for (int x = 0; x < W * H; x++) sum += sg(full & ~(1ull << x));
    printf("cram %ld\n", sum);
}
