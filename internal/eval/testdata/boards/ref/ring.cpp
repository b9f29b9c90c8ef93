// Reference for ring.game: the pins as a bitmask (and the ring's length).
#include <cstdio>
#include <cstdint>
#include <unordered_map>
static std::unordered_map<uint64_t, int> memo;
static int sg(int n, uint64_t s) {
    uint64_t key = s << 6 | n;
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        int j = (i + 1) % n;
        if ((s >> i & 1) && (s >> j & 1)) seen |= 1ull << sg(n, s & ~(1ull << i) & ~(1ull << j));
    }
    int r = __builtin_ctzll(~seen);
    memo[key] = r;
    return r;
}
int main() {
    const int N = 26;
    long sum = 0;
    for (int n = 3; n <= N; n++) sum += sg(n, (1ull << n) - 1) + sg(n, (1ull << n) - 2);
    printf("ring %ld\n", sum);
}
