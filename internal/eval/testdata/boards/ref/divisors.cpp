// Reference for divisors.game: the divisors left as a bitmask over the
// divisors of N, a move's multiples precomputed as masks.
#include <cstdio>
#include <cstdint>
#include <vector>
#include <unordered_map>
static std::unordered_map<unsigned __int128, int> *memo;
static std::vector<unsigned __int128> mult; // mult[i]: the divisors that divisor i divides
typedef unsigned __int128 u128;
static int sg(u128 s) {
    auto it = memo->find(s);
    if (it != memo->end()) return it->second;
    uint64_t seen = 0;
    for (int i = 0; i < (int)mult.size(); i++)
        if (s >> i & 1) seen |= 1ull << sg(s & ~mult[i]);
    int r = __builtin_ctzll(~seen);
    (*memo)[s] = r;
    return r;
}
struct H { size_t operator()(u128 x) const { return std::hash<uint64_t>()((uint64_t)x ^ (uint64_t)(x >> 64) * 0x9E3779B97F4A7C15ull); } };
int main() {
    long NS[] = {4320, 6480, 8640, 17280, 25920};
    long sum = 0;
    for (long n : NS) {
        std::vector<long> d;
        for (long k = 2; k <= n; k++) if (n % k == 0) d.push_back(k);
        if (d.size() > 128) return 1;
        mult.assign(d.size(), 0);
        for (size_t i = 0; i < d.size(); i++) for (size_t j = 0; j < d.size(); j++)
            if (d[j] % d[i] == 0) mult[i] |= (u128)1 << j;
        std::unordered_map<u128, int> m; memo = (std::unordered_map<u128,int>*)&m;
        sum += sg(d.size() == 128 ? ~(u128)0 : ((u128)1 << d.size()) - 1);
    }
    printf("divisors %ld\n", sum);
}
