// Reference for stair.game: the counts packed 6 bits a step.
#include <cstdio>
#include <cstdint>
#include <unordered_map>
const int S = 6;
static std::unordered_map<uint64_t, int> memo;
static int get(uint64_t s, int i) { return s >> (6 * i) & 63; }
static int sg(uint64_t s) {
    auto it = memo.find(s);
    if (it != memo.end()) return it->second;
    uint64_t seen = 0;
    for (int i = 1; i < S; i++)
        for (int m = 1; m <= get(s, i); m++)
            seen |= 1ull << sg(s - ((uint64_t)m << (6 * i)) + ((uint64_t)m << (6 * (i - 1))));
    int r = __builtin_ctzll(~seen);
    memo[s] = r;
    return r;
}
int main() {
    const int K = 5;
    long sum = 0;
    for (int a = 0; a <= K; a++) for (int b = 0; b <= K; b++) for (int d = 0; d <= K; d++)
        for (int e = 0; e <= K; e++) for (int f = 0; f <= K; f++)
            sum += sg((uint64_t)a << 6 | (uint64_t)b << 12 | (uint64_t)d << 18 | (uint64_t)e << 24 | (uint64_t)f << 30);
    printf("stair %ld\n", sum);
}
