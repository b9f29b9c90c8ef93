// Reference for turtles.game: the row as a bitmask, bit k heads.
#include <cstdio>
#include <cstdint>
#include <unordered_map>
const int N = 19;
static std::unordered_map<uint32_t, int> memo;
static int sg(uint32_t b) {
    auto it = memo.find(b);
    if (it != memo.end()) return it->second;
    uint64_t seen = 0;
    for (int i = 0; i < N; i++)
        if (b >> i & 1) {
            uint32_t x = b & ~(1u << i);
            seen |= 1ull << sg(x);
            for (int j = 0; j < i; j++) seen |= 1ull << sg(x ^ (1u << j));
        }
    int r = __builtin_ctzll(~seen);
    memo[b] = r;
    return r;
}
int main() {
    long sum = 0;
    for (uint32_t m = 0; m < (1u << N); m++)
        if (m % 7 == 0) sum += sg(m);
    printf("turtles %ld\n", sum);
}
