// Reference for notakto.game: the X as a bitmask, the lines as masks.
#include <cstdio>
#include <cstdint>
#include <vector>
#include <unordered_map>
const int W = 6, H = 4, N = W * H;
static std::vector<uint64_t> lines;
static std::unordered_map<uint64_t, int> memo;
static bool dead(uint64_t s) {
    for (uint64_t l : lines) if ((s & l) == l) return true;
    return false;
}
static int sg(uint64_t s) {
    auto it = memo.find(s);
    if (it != memo.end()) return it->second;
    uint64_t seen = 0;
    for (int i = 0; i < N; i++) {
        uint64_t t = s | 1ull << i;
        if (!(s >> i & 1) && !dead(t)) seen |= 1ull << sg(t);
    }
    int v = __builtin_ctzll(~seen);
    memo[s] = v;
    return v;
}
int main() {
    int d[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < H; r++) for (int c = 0; c < W; c++) for (auto &x : d) {
        int r2 = r + 2 * x[0], c2 = c + 2 * x[1];
        if (r2 >= 0 && r2 < H && c2 >= 0 && c2 < W)
            lines.push_back(1ull << (r * W + c) | 1ull << ((r + x[0]) * W + c + x[1]) | 1ull << (r2 * W + c2));
    }
    long sum = sg(0);
    for (int i = 0; i < N; i++) sum += sg(1ull << i);
    printf("notakto %ld\n", sum);
}
