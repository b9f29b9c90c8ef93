// ---- the runtime of grundy emit: values, checked arithmetic, printing,
// ---- memo tables, the search and the solver of games with cycles ----
#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace rt {

using i64 = long long;
using u64 = unsigned long long;

// ---- errors: FILE:LINE:COL: message, the line and a caret ----
struct Site {
    const char* pos;
    const char* snip;
};
extern const Site SITES[];

inline std::string out;  // standard output, written in blocks

inline void flush() {
    if (!out.empty()) fwrite(out.data(), 1, out.size(), stdout);
    out.clear();
    fflush(stdout);
}

// While a sweep computes positions bottom up ahead of the search, an error
// is not reported: the sweep stops (the search meets it again if the
// script's own computation does).
inline bool sweeping = false;
struct Speculative {};

[[noreturn]] __attribute__((noinline, cold)) inline void fail(int site, const std::string& msg) {
    if (sweeping) throw Speculative{};
    flush();
    std::string s = std::string(SITES[site].pos) + ": " + msg + "\n";
    if (SITES[site].snip[0]) {
        s += SITES[site].snip;
        s += "\n";
    }
    fwrite(s.data(), 1, s.size(), stderr);
    fflush(stderr);
    std::exit(1);
}

inline std::string itos(i64 v) { return std::to_string(v); }

// failm fails with the message f makes: the message is built in a cold
// function of its own, so that the frames of hot functions stay small.
template <class F> [[noreturn]] __attribute__((noinline, cold)) void failm(int site, F f) { fail(site, f()); }

[[noreturn]] __attribute__((noinline, cold)) inline void overflow(int site, i64 a, const char* op, i64 b) {
    // (** binds tighter than a unary minus: a negative base in parentheses.)
    std::string x = a < 0 && std::string(op) == "**" ? "(" + itos(a) + ")" : itos(a);
    fail(site, "integer overflow: " + x + " " + op + " " + itos(b) + " does not fit in 64 bits");
}

// ---- checked int arithmetic ----
inline i64 add(i64 a, i64 b, int s) {
    i64 r;
    if (__builtin_expect(__builtin_add_overflow(a, b, &r), 0)) overflow(s, a, "+", b);
    return r;
}
inline i64 sub(i64 a, i64 b, int s) {
    i64 r;
    if (__builtin_expect(__builtin_sub_overflow(a, b, &r), 0)) overflow(s, a, "-", b);
    return r;
}
inline i64 mul(i64 a, i64 b, int s) {
    i64 r;
    if (__builtin_expect(__builtin_mul_overflow(a, b, &r), 0)) overflow(s, a, "*", b);
    return r;
}
inline i64 div(i64 a, i64 b, int s) {
    if (__builtin_expect(b == 0, 0)) failm(s, [&] { return std::string("division by zero"); });
    if (__builtin_expect(a == LLONG_MIN && b == -1, 0)) overflow(s, a, "/", b);
    return a / b;
}
inline i64 mod(i64 a, i64 b, int s) {
    if (__builtin_expect(b == 0, 0)) failm(s, [&] { return std::string("modulo by zero"); });
    if (b == -1) return 0;
    return a % b;
}
// assume is r, which the emitter's range analysis proved in [lo, hi]: the
// C++ compiler may use the bounds (to drop overflow checks of its own).
inline __attribute__((always_inline)) i64 assume(i64 r, i64 lo, i64 hi) {
    if (!(r >= lo && r <= hi)) __builtin_unreachable();
    return r;
}
inline i64 neg(i64 a, int s) {
    if (__builtin_expect(a == LLONG_MIN, 0)) failm(s, [&] { return std::string("integer overflow: -(" + itos(a) + ") does not fit in 64 bits"); });
    return -a;
}
inline i64 iabs(i64 a, int s) {
    if (__builtin_expect(a == LLONG_MIN, 0)) failm(s, [&] { return std::string("integer overflow: abs(" + itos(a) + ") does not fit in 64 bits"); });
    return a < 0 ? -a : a;
}
inline void shcount(i64 a, const char* op, i64 k, int s) {
    if (k < 0 || k > 63) failm(s, [&] { return std::string("cannot shift " + itos(a) + " " + op + " " + itos(k) + ": the shift count must be from 0 to 63"); });
}
inline i64 shl(i64 a, i64 k, int s) {
    shcount(a, "<<", k, s);
    if (a < 0) failm(s, [&] { return std::string("cannot shift the negative int " + itos(a) + " left (<< needs a value >= 0)"); });
    if (a > (LLONG_MAX >> k)) overflow(s, a, "<<", k);
    return a << k;
}
inline i64 shr(i64 a, i64 k, int s) {
    shcount(a, ">>", k, s);
    return a >> k;
}
inline i64 ipow(i64 a, i64 k, int s) {
    if (k < 0) failm(s, [&] { return std::string("cannot raise " + itos(a) + " to the negative power " + itos(k) + " (** needs an exponent >= 0)"); });
    i64 r = 1, b = a;
    i64 e = k;
    bool bad = false;
    while (e > 0) {
        if (e & 1) bad |= __builtin_mul_overflow(r, b, &r);
        e >>= 1;
        if (e > 0) bad |= __builtin_mul_overflow(b, b, &b);
    }
    if (bad) overflow(s, a, "**", k);
    return r;
}

// ---- SG values: finite (>= 0) or infinite, ∞K ----
// In the memo tables and the search an SG value is an i64: a finite value
// is itself, an infinite one -16 - (its id in infk); UNKNOWN and GRAY are
// states of a position, ABORT and CYCLE signals of the search.
constexpr i64 UNKNOWN = -1, GRAY = -2, INF0 = -16;
constexpr i64 ABORT = LLONG_MIN, CYCLE = LLONG_MIN + 1;
inline bool is_sig(i64 v) { return v <= LLONG_MIN + 1; }
inline bool is_inf(i64 v) { return v <= INF0 && !is_sig(v); }

// A memo table's cells are 16 bits (half the memory a program reads and
// writes as it computes positions and as it reads them back): a value that
// does not fit (an SG value from 32768 up, an infinite value of id 32752
// or more) is the cell ESC, its value in the box's spill map.
using Cell = int16_t;
constexpr i64 ESC = -3;
// known_cell reports whether a cell's state is a position's value (ESC: one
// kept apart).
inline bool known_cell(i64 c) { return c >= 0 || c <= INF0 || c == ESC; }
// cellu is a cell as unsigned 16 bits (a value not known, negative, is
// 32768 or more), in a 32-bit register the C++ compiler does not narrow
// (it would extend each or and xor of two again).
inline __attribute__((always_inline)) uint32_t cellu(const Cell* p) {
    uint32_t v = (uint16_t)*p;
    __asm__("" : "+r"(v));
    return v;
}
// cellcap is a bound of the flags (n of them) for a cell's value read as
// unsigned 16 bits: a value known is below 32768.
inline u64 cellcap(u64 n) { return n < 32768 ? n : 32768; }


inline std::vector<std::vector<i64>> infk;  // each infinite value's K, ascending
inline std::map<std::vector<i64>, i64> infid;

inline std::vector<u64> infk_low{0};  // each K's values below 64, as bits (K of id i at i + 1)
inline std::unordered_map<u64, i64> infmask;  // the ids of the Ks of values below 64, by their masks
inline i64 infmask_small[256];  // the same for masks below 256 (0: none yet)
inline i64 inf_of(std::vector<i64> k) {
    std::sort(k.begin(), k.end());
    k.erase(std::unique(k.begin(), k.end()), k.end());
    auto it = infid.find(k);
    if (it != infid.end()) return INF0 - it->second;
    i64 id = (i64)infk.size();
    u64 low = 0;
    for (i64 x : k)
        if (x >= 0 && x < 64) low |= 1ULL << x;
    infk.push_back(k);
    infk_low.push_back(low);
    infid.emplace(std::move(k), id);
    return INF0 - id;
}
// inf_mask is inf_of of the K whose values, all below 64, are mask's bits.
inline i64 inf_mask(u64 mask) {
    if (mask < 256 && infmask_small[mask] != 0) return infmask_small[mask];
    auto it = infmask.find(mask);
    if (it != infmask.end()) return it->second;
    std::vector<i64> k;
    for (int b = 0; b < 64; b++)
        if (mask >> b & 1) k.push_back(b);
    const i64 v = inf_of(std::move(k));
    infmask.emplace(mask, v);
    if (mask < 256) infmask_small[mask] = v;
    return v;
}
inline const std::vector<i64>& kof(i64 v) { return infk[(size_t)(INF0 - v)]; }
// k_has reports whether x is in the K of the infinite value v.
inline bool k_has(i64 v, i64 x) {
    if ((u64)x < 64) return infk_low[(size_t)(INF0 - v) + 1] >> x & 1;
    const auto& k = kof(v);
    return std::binary_search(k.begin(), k.end(), x);
}

// gx is the SG value of a sum of two parts (Smith's rule).
__attribute__((noinline)) inline i64 gx_slow(i64 a, i64 b) {
    if (is_sig(a)) return a;
    if (is_sig(b)) return b;
    if (a < 0 && b < 0) return inf_of({});
    if (b < 0) std::swap(a, b);
    std::vector<i64> k;
    for (i64 x : kof(a)) k.push_back(x ^ b);
    return inf_of(k);
}
inline i64 gx(i64 a, i64 b) {
    if (__builtin_expect((a | b) >= 0, 1)) return a ^ b;
    return gx_slow(a, b);
}

// copies is the SG value of k copies of a game of value v.
inline i64 copies(i64 k, i64 v, int s) {
    if (k < 0) failm(s, [&] { return std::string("cannot take " + itos(k) + " copies of a game: the count must be at least 0"); });
    if (k == 0) return 0;
    if (v >= 0 || is_sig(v)) return (k & 1) ? v : 0;
    return k == 1 ? v : inf_of({});
}

inline i64 nimber(i64 n, int s) {
    if (n < 0) failm(s, [&] { return std::string("a nimber cannot be negative (*" + itos(n) + ")"); });
    if (n > 2147483647) failm(s, [&] { return std::string("nimber *" + itos(n) + " is too large (at most *2147483647)"); });
    return n;
}

// SGV is an SG value as the script sees it (sg's result).
struct SGV {
    i64 v = 0;      // the finite value
    i64 inf = -1;   // the id of an infinite value, or -1
    SGV() = default;
    SGV(i64 x) : v(x) {}
    static SGV enc(i64 e) {
        SGV s;
        if (e >= 0) s.v = e;
        else s.inf = INF0 - e;
        return s;
    }
    bool finite() const { return inf < 0; }
};
inline bool operator==(const SGV& a, const SGV& b) { return a.inf == b.inf && (a.inf >= 0 || a.v == b.v); }
inline bool operator!=(const SGV& a, const SGV& b) { return !(a == b); }
inline bool operator<(const SGV& a, const SGV& b) {
    if (a.finite() != b.finite()) return a.finite();
    if (a.finite()) return a.v < b.v;
    return infk[(size_t)a.inf] < infk[(size_t)b.inf];
}
inline bool operator>(const SGV& a, const SGV& b) { return b < a; }
inline bool operator<=(const SGV& a, const SGV& b) { return !(b < a); }
inline bool operator>=(const SGV& a, const SGV& b) { return !(a < b); }

// fin is the int of an SG value an int operator reads.
inline i64 fin(const SGV& a, int s, const char* op, const char* other) {
    if (__builtin_expect(!a.finite(), 0)) failm(s, [&] { return std::string(std::string("cannot apply \"") + op + "\" to sg value and " + other); });
    return a.v;
}
inline i64 fin2(const SGV& a, int s, const char* op, const char* other) {
    if (__builtin_expect(!a.finite(), 0)) failm(s, [&] { return std::string(std::string("cannot apply \"") + op + "\" to " + other + " and sg value"); });
    return a.v;
}
inline i64 fin(i64 a, int, const char*, const char*) { return a; }
inline i64 fin2(i64 a, int, const char*, const char*) { return a; }
inline void ordcheck(const SGV& a, const SGV& b, int s, const char* op) {
    if (!a.finite() || !b.finite()) failm(s, [&] { return std::string(std::string("cannot compare an infinite SG value with \"") + op + "\" (only == and != apply)"); });
}
inline i64 enc(const SGV& a) { return a.finite() ? a.v : INF0 - a.inf; }

// ---- games: positions, nimbers and sums as values ----
struct Part {
    int g;   // the game's index, or -1 for a nimber
    i64 id;  // the position's id in its game, or the nimber's size
};
// A part's id is canonical (equal positions, equal ids) but for a game
// whose arguments hold games: its ids are by the arguments as written, and
// canon gives the canonical one.
inline i64 (*canon_of[64])(i64) = {};
inline i64 canon(const Part& p) { return p.g >= 0 && p.g < 64 && canon_of[p.g] ? canon_of[p.g](p.id) : p.id; }
inline bool operator==(const Part& a, const Part& b) { return a.g == b.g && (a.id == b.id || canon(a) == canon(b)); }
inline bool operator<(const Part& a, const Part& b) { return a.g != b.g ? a.g < b.g : canon(a) < canon(b); }

struct Game {
    std::vector<Part> parts;
};
inline Game nim(i64 n) { return Game{{Part{-1, n}}}; }
inline Game plus(const Game& a, const Game& b) {
    Game r = a;
    r.parts.insert(r.parts.end(), b.parts.begin(), b.parts.end());
    return r;
}
inline bool operator==(const Game& a, const Game& b) {
    if (a.parts.size() != b.parts.size()) return false;
    if (a.parts.size() == 1) return a.parts[0] == b.parts[0];
    auto x = a.parts, y = b.parts;
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    return x == y;
}
inline bool operator!=(const Game& a, const Game& b) { return !(a == b); }

// Buf is a growing array of a trivially copyable type whose push is inline
// (the labelling's arrays: a push a node or an edge).
template <class T> struct Buf {
    T* p = nullptr;
    size_t n = 0, cap = 0;
    Buf() = default;
    Buf(const Buf&) = delete;
    Buf& operator=(const Buf&) = delete;
    Buf(Buf&& o) noexcept : p(o.p), n(o.n), cap(o.cap) { o.p = nullptr, o.n = o.cap = 0; }
    ~Buf() { std::free(p); }
    __attribute__((noinline)) void reserve(size_t m) {
        if (m <= cap) return;
        const size_t c = std::max({m, cap * 2, (size_t)64});
        T* q = (T*)std::realloc(p, c * sizeof(T));
        if (!q) throw std::bad_alloc();
        p = q;
        cap = c;
    }
    void push(const T& x) {
        if (__builtin_expect(n == cap, 0)) reserve(n + 1);
        p[n++] = x;
    }
    void clear() { n = 0; }
    void assign(size_t m, const T& v) {
        reserve(m);
        std::fill(p, p + m, v);
        n = m;
    }
    void resize(size_t m, const T& v) {
        reserve(m);
        if (m > n) std::fill(p + n, p + m, v);
        n = m;
    }
    size_t size() const { return n; }
    bool empty() const { return n == 0; }
    T& operator[](size_t i) { return p[i]; }
    const T& operator[](size_t i) const { return p[i]; }
    T* begin() { return p; }
    T* end() { return p + n; }
    T& back() { return p[n - 1]; }
    void pop_back() { --n; }
    void swap(Buf& o) {
        std::swap(p, o.p);
        std::swap(n, o.n);
        std::swap(cap, o.cap);
    }
};

// GameOps are what the runtime calls of a declared game.
struct GameOps {
    const char* name;
    void (*show)(std::string& o, i64 id);
    i64 (*value)(i64 id);                       // its SG value, computed when needed
    i64 (*solve)(i64 id);                       // the same inside a search (may signal)
    void (*opts)(i64 id, std::vector<Game>& o);  // its options, in order, repeats kept
    // the same as parts: option k is parts[ends[k-1] .. ends[k])
    void (*optparts)(i64 id, std::vector<Part>& parts, std::vector<uint32_t>& ends);
    i64 (*solve_pend)();                        // solve the position last deferred
    void (*pop_pend)();
    i64 (*pend_id)();                           // the id of the position last deferred
    i64 (*state)(i64 id);                       // its memo state
    void (*set_state)(i64 id, i64 v);
    void (*sweep)();                            // a deep chain: try it bottom up (or null)
    int site;                                   // where the game is declared
    int (*cmp)(i64 a, i64 b);                   // the order of two positions: by their arguments
    Cell* const* cells = nullptr;               // a game of one int: its table's cells
    const i64* dim = nullptr;                   // and how many
    void (*optids)(i64 id, Buf<i64>& o) = nullptr;  // options all positions of the game: their ids
};
inline std::vector<GameOps> games;

// ---- the order of games: grundy's (sets of games iterate in it):
// nimbers by size, then positions by their game's name and their
// arguments, then sums by their parts in order, then by their number ----
inline int part_cmp(const Part& a, const Part& b) {
    if ((a.g < 0) != (b.g < 0)) return a.g < 0 ? -1 : 1;
    if (a.g < 0) return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    if (a.g != b.g) {
        const int c = std::strcmp(games[(size_t)a.g].name, games[(size_t)b.g].name);
        if (c != 0) return c < 0 ? -1 : 1;
        return a.g < b.g ? -1 : 1;
    }
    return a.id == b.id ? 0 : games[(size_t)a.g].cmp(a.id, b.id);
}
inline bool part_less(const Part& a, const Part& b) { return part_cmp(a, b) < 0; }
// game_kind: 0 a nimber, 1 a position, 2 a sum of two parts or more
inline int game_kind(const Game& g) { return g.parts.size() >= 2 ? 2 : g.parts.size() == 1 && g.parts[0].g >= 0 ? 1 : 0; }
inline bool operator<(const Game& a, const Game& b) {
    const int ka = game_kind(a), kb = game_kind(b);
    if (ka != kb) return ka < kb;
    if (ka < 2) {
        const Part z{-1, 0};
        return part_less(a.parts.empty() ? z : a.parts[0], b.parts.empty() ? z : b.parts[0]);
    }
    auto x = a.parts, y = b.parts;
    std::sort(x.begin(), x.end(), part_less);
    std::sort(y.begin(), y.end(), part_less);
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end(), part_less);
}

inline void add_game_parts(std::vector<Part>& v, const Game& g) { v.insert(v.end(), g.parts.begin(), g.parts.end()); }

// ---- hashing ----
inline u64 hmix(u64 h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}
inline u64 hcomb(u64 a, u64 b) { return hmix(a * 31 + b + 0x9e3779b97f4a7c15ULL); }
template <class T> struct Set;
template <class K, class V> struct Map;
inline u64 hv(i64 x) { return hmix((u64)x); }
inline u64 hv(bool x) { return hmix(x ? 1 : 2); }
inline u64 hv(const std::string& s) { return std::hash<std::string>()(s); }
inline u64 hv(const SGV& s) { return hcomb(hv(s.v), hv(s.inf)); }
inline u64 hv(const Game& g) {
    auto p = g.parts;
    std::sort(p.begin(), p.end());
    u64 h = p.size();
    for (auto& x : p) h = hcomb(h, hcomb((u64)x.g, (u64)canon(x)));
    return h;
}
template <class T> u64 hv(const std::vector<T>& v);
template <class T> u64 hv(const Set<T>& v);
template <class K, class V> u64 hv(const Map<K, V>& v);
template <class... T> u64 hv(const std::tuple<T...>& t);
template <class T, size_t N> u64 hv(const std::array<T, N>& v) {
    u64 h = N;
    for (auto& x : v) h = hcomb(h, hv(x));
    return h;
}
template <class T> u64 hv(const std::vector<T>& v) {
    u64 h = v.size();
    for (const auto& x : v) h = hcomb(h, hv((T)x));
    return h;
}
template <class... T> u64 hv(const std::tuple<T...>& t) {
    u64 h = sizeof...(T);
    std::apply([&](const auto&... x) { ((h = hcomb(h, hv(x))), ...); }, t);
    return h;
}
struct Hash {
    template <class T> size_t operator()(const T& x) const { return (size_t)hv(x); }
};

// ---- sets and maps: sorted vectors ----
template <class T> struct Set {
    std::vector<T> v;
    Set() = default;
    explicit Set(std::vector<T> xs) : v(std::move(xs)) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
    }
    auto begin() const { return v.begin(); }
    auto end() const { return v.end(); }
    size_t size() const { return v.size(); }
    bool has(const T& x) const { return std::binary_search(v.begin(), v.end(), x); }
};
template <class T> bool operator==(const Set<T>& a, const Set<T>& b) { return a.v == b.v; }
template <class T> bool operator!=(const Set<T>& a, const Set<T>& b) { return a.v != b.v; }
template <class T> bool operator<(const Set<T>& a, const Set<T>& b) { return a.v < b.v; }
template <class T> u64 hv(const Set<T>& s) { return hcomb(7, hv(s.v)); }

template <class K, class V> struct Map {
    std::vector<std::pair<K, V>> v;  // by ascending key
    Map() = default;
    // from pairs in order, a later key winning
    explicit Map(std::vector<std::pair<K, V>> xs) {
        std::stable_sort(xs.begin(), xs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (size_t i = 0; i < xs.size(); i++) {
            if (i + 1 < xs.size() && !(xs[i].first < xs[i + 1].first)) continue;
            v.push_back(std::move(xs[i]));
        }
    }
    auto begin() const { return v.begin(); }
    auto end() const { return v.end(); }
    size_t size() const { return v.size(); }
    const V* find(const K& k) const {
        auto it = std::lower_bound(v.begin(), v.end(), k, [](const auto& p, const K& x) { return p.first < x; });
        if (it != v.end() && !(k < it->first)) return &it->second;
        return nullptr;
    }
};
template <class K, class V> bool operator==(const Map<K, V>& a, const Map<K, V>& b) { return a.v == b.v; }
template <class K, class V> bool operator!=(const Map<K, V>& a, const Map<K, V>& b) { return a.v != b.v; }
template <class K, class V> bool operator<(const Map<K, V>& a, const Map<K, V>& b) {
    size_t n = std::min(a.v.size(), b.v.size());
    for (size_t i = 0; i < n; i++) {
        if (a.v[i].first < b.v[i].first) return true;
        if (b.v[i].first < a.v[i].first) return false;
    }
    if (a.v.size() != b.v.size()) return a.v.size() < b.v.size();
    for (size_t i = 0; i < n; i++) {
        if (a.v[i].second < b.v[i].second) return true;
        if (b.v[i].second < a.v[i].second) return false;
    }
    return false;
}
template <class K, class V> u64 hv(const Map<K, V>& m) {
    u64 h = 11;
    for (auto& p : m.v) h = hcomb(h, hcomb(hv(p.first), hv(p.second)));
    return h;
}

// ---- printing, as print and str show values ----
inline void show(std::string& o, i64 v) {
    char b[24];
    auto r = std::to_chars(b, b + 24, v);
    o.append(b, r.ptr);
}
inline void show(std::string& o, bool v) { o += v ? "true" : "false"; }
inline void show(std::string& o, const std::string& s) {
    o += '"';
    for (char c : s) {
        switch (c) {
        case '"': o += "\\\""; break;
        case '\\': o += "\\\\"; break;
        case '\n': o += "\\n"; break;
        case '\t': o += "\\t"; break;
        default: o += c;
        }
    }
    o += '"';
}
inline void show_k(std::string& o, const std::vector<i64>& k) {
    o += "\xe2\x88\x9e{";
    for (size_t i = 0; i < k.size(); i++) {
        if (i) o += ", ";
        show(o, k[i]);
    }
    o += "}";
}
inline void show(std::string& o, const SGV& s) {
    if (s.finite()) show(o, s.v);
    else show_k(o, infk[(size_t)s.inf]);
}
inline void show(std::string& o, const Game& g) {
    for (size_t i = 0; i < g.parts.size(); i++) {
        if (i) o += " + ";
        const Part& p = g.parts[i];
        if (p.g < 0) {
            o += '*';
            show(o, p.id);
        } else {
            games[(size_t)p.g].show(o, p.id);
        }
    }
}
template <class T> void show(std::string& o, const std::vector<T>& v);
template <class T> void show(std::string& o, const Set<T>& v);
template <class K, class V> void show(std::string& o, const Map<K, V>& v);
template <class... T> void show(std::string& o, const std::tuple<T...>& t);
template <class T> void show(std::string& o, const std::vector<T>& v) {
    o += '[';
    bool first = true;
    for (const auto& x : v) {
        if (!first) o += ", ";
        first = false;
        show(o, (T)x);
    }
    o += ']';
}
template <class T> void show(std::string& o, const Set<T>& s) {
    if (s.v.empty()) {
        o += "set()";
        return;
    }
    o += '{';
    for (size_t i = 0; i < s.v.size(); i++) {
        if (i) o += ", ";
        show(o, (T)s.v[i]);
    }
    o += '}';
}
template <class K, class V> void show(std::string& o, const Map<K, V>& m) {
    o += '{';
    for (size_t i = 0; i < m.v.size(); i++) {
        if (i) o += ", ";
        show(o, m.v[i].first);
        o += ": ";
        show(o, m.v[i].second);
    }
    o += '}';
}
template <class... T> void show(std::string& o, const std::tuple<T...>& t) {
    o += '(';
    size_t i = 0;
    std::apply([&](const auto&... x) { ((o += (i++ ? ", " : ""), show(o, x)), ...); }, t);
    if (sizeof...(T) == 1) o += ',';
    o += ')';
}
// top shows a value as print does: a string raw.
template <class T> void top(std::string& o, const T& x) { show(o, x); }
inline void top(std::string& o, const std::string& s) { o += s; }
template <class T> std::string str(const T& x) {
    std::string s;
    top(s, x);
    return s;
}
inline void endline() {
    out += '\n';
    if (out.size() > (1 << 16)) flush();
}

// ---- conversions between int and SG value containers ----
template <class To, class From> struct Conv {
    static To to(const From& x) { return To(x); }
};
template <class To, class From> To conv(const From& x) { return Conv<To, From>::to(x); }
template <class T, class U> struct Conv<std::vector<T>, std::vector<U>> {
    static std::vector<T> to(const std::vector<U>& x) {
        std::vector<T> r;
        r.reserve(x.size());
        for (const auto& e : x) r.push_back(conv<T>((U)e));
        return r;
    }
};
template <class T, class U> struct Conv<Set<T>, Set<U>> {
    static Set<T> to(const Set<U>& x) {
        Set<T> r;
        for (const auto& e : x.v) r.v.push_back(conv<T>(e));
        return r;
    }
};
template <class K, class V, class K2, class V2> struct Conv<Map<K, V>, Map<K2, V2>> {
    static Map<K, V> to(const Map<K2, V2>& x) {
        Map<K, V> r;
        for (const auto& e : x.v) r.v.push_back({conv<K>(e.first), conv<V>(e.second)});
        return r;
    }
};
template <class... T, class... U> struct Conv<std::tuple<T...>, std::tuple<U...>> {
    static std::tuple<T...> to(const std::tuple<U...>& x) {
        return std::apply([](const auto&... e) { return std::tuple<T...>(conv<T>(e)...); }, x);
    }
};

// ---- lists, strings and the built-ins on them ----
inline i64 utf8len(const std::string& s) {
    i64 n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}
template <class T> i64 len(const std::vector<T>& v) { return (i64)v.size(); }
template <class T> i64 len(const Set<T>& v) { return (i64)v.size(); }
template <class K, class V> i64 len(const Map<K, V>& v) { return (i64)v.size(); }
template <class... T> i64 len(const std::tuple<T...>&) { return (i64)sizeof...(T); }
inline i64 len(const std::string& s) { return utf8len(s); }

inline std::string plural(size_t n) { return n == 1 ? "" : "s"; }

template <class T> const T& at(const std::vector<T>& v, i64 i, int s) {
    if (__builtin_expect((u64)i >= (u64)v.size(), 0))
        failm(s, [&] { return std::string("index " + itos(i) + " out of range (the list has " + itos((i64)v.size()) + " element" + plural(v.size()) + ")"); });
    return v[(size_t)i];
}
// (of a temporary: the element itself, not a reference into it)
template <class T, class = std::enable_if_t<!std::is_lvalue_reference<T>::value>> T at(std::vector<T>&& v, i64 i, int s) {
    return at((const std::vector<T>&)v, i, s);
}
inline bool at(const std::vector<bool>& v, i64 i, int s) {
    if (__builtin_expect((u64)i >= (u64)v.size(), 0))
        failm(s, [&] { return std::string("index " + itos(i) + " out of range (the list has " + itos((i64)v.size()) + " element" + plural(v.size()) + ")"); });
    return v[(size_t)i];
}
inline std::vector<std::string> chars(const std::string& s) {
    std::vector<std::string> r;
    for (size_t i = 0; i < s.size();) {
        size_t j = i + 1;
        while (j < s.size() && ((unsigned char)s[j] & 0xC0) == 0x80) j++;
        r.push_back(s.substr(i, j - i));
        i = j;
    }
    return r;
}
inline std::string at(const std::string& str, i64 i, int s) {
    auto cs = chars(str);
    if ((u64)i >= (u64)cs.size())
        failm(s, [&] { return std::string("index " + itos(i) + " out of range (the string has " + itos((i64)cs.size()) + " character" + plural(cs.size()) + ")"); });
    return cs[(size_t)i];
}
template <class K, class V> const V& at(const Map<K, V>& m, const K& k, int s) {
    const V* p = m.find(k);
    if (!p) {
        std::string ks;
        show(ks, k);
        failm(s, [&] { return std::string("key " + ks + " not found in the map"); });
    }
    return *p;
}
template <class K, class V> V at(Map<K, V>&& m, const K& k, int s) { return at((const Map<K, V>&)m, k, s); }
template <class K, class V> V get(const Map<K, V>& m, const K& k, const V& d) {
    const V* p = m.find(k);
    return p ? *p : d;
}
template <class T> bool in(const T& x, const std::vector<T>& v) { return std::find(v.begin(), v.end(), x) != v.end(); }
template <class T> bool in(const T& x, const Set<T>& s) { return s.has(x); }
template <class K, class V> bool in(const K& x, const Map<K, V>& m) { return m.find(x) != nullptr; }
inline bool in(const std::string& x, const std::string& s) { return s.find(x) != std::string::npos; }

template <class T> std::vector<T> cat(const std::vector<T>& a, const std::vector<T>& b) {
    std::vector<T> r;
    r.reserve(a.size() + b.size());
    r.insert(r.end(), a.begin(), a.end());
    r.insert(r.end(), b.begin(), b.end());
    return r;
}
inline std::string cat(const std::string& a, const std::string& b) { return a + b; }
template <class... T, class... U> std::tuple<T..., U...> cat(const std::tuple<T...>& a, const std::tuple<U...>& b) { return std::tuple_cat(a, b); }

constexpr i64 MAXREPEAT = 10000000;
template <class T> std::vector<T> repeat(const std::vector<T>& v, i64 k, int s) {
    if (k < 0) failm(s, [&] { return std::string("cannot repeat a list " + itos(k) + " times: the count must be at least 0"); });
    if (!v.empty() && k > MAXREPEAT / (i64)v.size())
        failm(s, [&] { return std::string(itos(k) + " copies of a list of length " + itos((i64)v.size()) + " are too long to build (at most 10000000 elements)"); });
    std::vector<T> r;
    for (i64 i = 0; i < k; i++) r.insert(r.end(), v.begin(), v.end());
    return r;
}
inline std::string repeat(const std::string& v, i64 k, int s) {
    if (k < 0) failm(s, [&] { return std::string("cannot repeat a string " + itos(k) + " times: the count must be at least 0"); });
    if (!v.empty() && k > MAXREPEAT / (i64)v.size())
        failm(s, [&] { return std::string(itos(k) + " copies of a string of length " + itos((i64)v.size()) + " are too long to build (at most 10000000 elements)"); });
    std::string r;
    for (i64 i = 0; i < k; i++) r += v;
    return r;
}

inline i64 clampb(i64 b, size_t n, const char* which, int s) {
    if (b < 0) failm(s, [&] { return std::string(std::string("the ") + which + " of a slice cannot be negative (" + itos(b) + ")"); });
    return std::min(b, (i64)n);
}
template <class T> std::vector<T> slice(const std::vector<T>& v, i64 a, i64 b, int s) {
    a = clampb(a, v.size(), "start", s);
    b = clampb(b, v.size(), "end", s);
    if (b < a) b = a;
    return std::vector<T>(v.begin() + a, v.begin() + b);
}
inline std::string slice(const std::string& str, i64 a, i64 b, int s) {
    auto cs = chars(str);
    a = clampb(a, cs.size(), "start", s);
    b = clampb(b, cs.size(), "end", s);
    std::string r;
    for (i64 i = a; i < b; i++) r += cs[(size_t)i];
    return r;
}
template <class T> i64 slen(const std::vector<T>& v) { return (i64)v.size(); }
inline i64 slen(const std::string& s) { return utf8len(s); }

inline std::vector<i64> range_list(i64 a, i64 b, int s) {
    if (b < a) return {};
    i64 n;
    if (__builtin_sub_overflow(b, a, &n) || n >= 10000000)
        failm(s, [&] { return std::string("the range " + itos(a) + " .. " + itos(b) + " is too long to build as a list (at most 10000000 elements)"); });
    std::vector<i64> r((size_t)(n + 1));
    for (i64 i = 0; i <= n; i++) r[(size_t)i] = a + i;
    return r;
}

inline void range_check(i64 a, i64 b, int s) {
    i64 n;
    if (b >= a && (__builtin_sub_overflow(b, a, &n) || n >= 10000000))
        failm(s, [&] { return std::string("the range " + itos(a) + " .. " + itos(b) + " is too long to build as a list (at most 10000000 elements)"); });
}

// elements iterated: a list, a set, a map's keys
template <class T> const std::vector<T>& elems(const std::vector<T>& v) { return v; }
template <class T> const std::vector<T>& elems(const Set<T>& v) { return v.v; }
template <class K, class V> std::vector<K> elems(const Map<K, V>& m) {
    std::vector<K> r;
    for (auto& p : m.v) r.push_back(p.first);
    return r;
}

template <class C> auto sorted(const C& c) {
    auto v = elems(c);
    std::vector<std::decay_t<decltype(v[0])>> r(v.begin(), v.end());
    std::sort(r.begin(), r.end());
    return r;
}
template <class C> auto reversed(const C& c) {
    auto v = elems(c);
    std::vector<std::decay_t<decltype(v[0])>> r(v.rbegin(), v.rend());
    return r;
}

[[noreturn]] inline void empty_fold(int s, const char* what, const char* kind) {
    failm(s, [&] { return std::string(std::string(what) + " of an empty " + kind); });
}
template <class T> void minmax_check(const T&, int, const char*) {}
inline void minmax_check(const SGV& a, int s, const char* what) {
    if (!a.finite())
        failm(s, [&] {
            std::string v;
            show(v, a);
            return std::string(what) + ": cannot order sg value " + v;
        });
}

template <class U> void divisors_of(U n, std::vector<i64>& lo, std::vector<i64>& hi) {
    for (U d = 1; (u64)d * d <= (u64)n; d++)
        if (n % d == 0) {
            lo.push_back((i64)d);
            if (d != n / d) hi.push_back((i64)(n / d));
        }
}
inline std::vector<i64> divisors(i64 n, int s) {
    if (n < 1) failm(s, [&] { return std::string("divisors needs a positive int, found " + itos(n)); });
    std::vector<i64> lo, hi;
    if (n < (i64(1) << 32)) divisors_of<uint32_t>((uint32_t)n, lo, hi);  // 32-bit division, faster
    else divisors_of<u64>((u64)n, lo, hi);
    lo.insert(lo.end(), hi.rbegin(), hi.rend());
    return lo;
}
// Divisors is divisors(n) as a for loop iterates it, no list built: the
// divisors up to sqrt(n) as the trial division finds them, then their
// cofactors, kept on the way (inline, a vector past 64), in reverse.
struct Divisors {
    i64 n;
    i64 inl[64];
    std::vector<i64> more;
    size_t nhi = 0;
    Divisors(i64 n_, int s) : n(n_) {
        if (n < 1) failm(s, [&] { return std::string("divisors needs a positive int, found " + itos(n)); });
    }
    void keep(i64 c) {
        if (nhi < 64) inl[nhi] = c;
        else more.push_back(c);
        nhi++;
    }
    i64 hi(size_t i) const { return i < 64 ? inl[i] : more[i - 64]; }
    struct It {
        Divisors* ds;
        i64 d;      // phase 1: the divisor; 0: phase 2
        size_t k;   // phase 2: how many cofactors are left
        i64 cur;
        bool done;
        // next finds the next divisor at or after d in phase 1
        void next() {
            const i64 n = ds->n;
            if (d > 0) {
                if (n < (i64(1) << 32)) {
                    const uint32_t m = (uint32_t)n;
                    for (uint32_t e = (uint32_t)d; (u64)e * e <= (u64)m; e++)
                        if (m % e == 0) {
                            cur = e;
                            d = e;
                            if (e != m / e) ds->keep(m / e);
                            return;
                        }
                } else {
                    for (u64 e = (u64)d; e * e <= (u64)n; e++)
                        if ((u64)n % e == 0) {
                            cur = (i64)e;
                            d = (i64)e;
                            if (e != (u64)n / e) ds->keep((i64)((u64)n / e));
                            return;
                        }
                }
                d = 0;
                k = ds->nhi;
            }
            if (k == 0) {
                done = true;
                return;
            }
            cur = ds->hi(--k);
        }
        i64 operator*() const { return cur; }
        It& operator++() {
            if (d > 0) d++;
            next();
            return *this;
        }
        bool operator!=(const It&) const { return !done; }
    };
    It begin() {
        It it{this, 1, 0, 0, false};
        it.next();
        return it;
    }
    It end() { return It{this, 0, 0, 0, true}; }
};
inline i64 popcount(i64 n, int s) {
    if (n < 0) failm(s, [&] { return std::string("popcount needs an int >= 0, found " + itos(n)); });
    return __builtin_popcountll((u64)n);
}
inline i64 isqrt(i64 n, int) {
    if (n < 0) return -1;
    i64 r = (i64)std::sqrt((double)n);
    while (r > 0 && (r > 3037000499LL || r * r > n)) r--;
    while (r < 3037000499LL && (r + 1) * (r + 1) <= n) r++;
    return r;
}
inline i64 mask(i64 n, int s) {
    if (n < 0 || n > 63) failm(s, [&] { return std::string("mask needs an int from 0 to 63, found " + itos(n)); });
    return n == 63 ? LLONG_MAX : (i64)((1ULL << n) - 1);
}
inline i64 gcd(i64 a, i64 b, int s) {
    if (a == LLONG_MIN || b == LLONG_MIN) failm(s, [&] { return std::string("integer overflow: gcd(" + itos(a) + ", " + itos(b) + ") does not fit in 64 bits"); });
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b) {
        i64 t = a % b;
        a = b;
        b = t;
    }
    return a;
}
inline i64 lcm(i64 a, i64 b, int s) {
    if (a == 0 || b == 0) return 0;
    i64 g = gcd(a, b, s);
    i64 x = a < 0 ? -a : a, y = b < 0 ? -b : b;
    i64 r;
    if (__builtin_mul_overflow(x / g, y, &r)) failm(s, [&] { return std::string("integer overflow: lcm(" + itos(a) + ", " + itos(b) + ") does not fit in 64 bits"); });
    return r;
}
template <class C> i64 mex(const C& c) {
    std::vector<i64> v;
    for (const auto& x : elems(c)) {
        i64 y = (i64)enc(SGV(x));
        if (y >= 0) v.push_back(y);
    }
    std::sort(v.begin(), v.end());
    i64 m = 0;
    for (i64 x : v) {
        if (x == m) m++;
        else if (x > m) break;
    }
    return m;
}
template <class C> std::string join(const C& c, const std::string& sep) {
    std::string r;
    bool first = true;
    for (const auto& x : elems(c)) {
        if (!first) r += sep;
        first = false;
        r += x;
    }
    return r;
}
template <class T> std::vector<T> update(const std::vector<T>& v, i64 i, const T& x, int s) {
    if ((u64)i >= (u64)v.size())
        failm(s, [&] { return std::string("index " + itos(i) + " out of range (the list has " + itos((i64)v.size()) + " element" + plural(v.size()) + ")"); });
    std::vector<T> r = v;
    r[(size_t)i] = x;
    return r;
}
template <class K, class V> Map<K, V> update(const Map<K, V>& m, const K& k, const V& x, int) {
    Map<K, V> r = m;
    auto it = std::lower_bound(r.v.begin(), r.v.end(), k, [](const auto& p, const K& y) { return p.first < y; });
    if (it != r.v.end() && !(k < it->first)) it->second = x;
    else r.v.insert(it, {k, x});
    return r;
}
inline std::string update(const std::string& str, i64 i, const std::string& x, int s) {
    auto cs = chars(str);
    if ((u64)i >= (u64)cs.size())
        failm(s, [&] { return std::string("index " + itos(i) + " out of range (the string has " + itos((i64)cs.size()) + " character" + plural(cs.size()) + ")"); });
    cs[(size_t)i] = x;
    std::string r;
    for (auto& c : cs) r += c;
    return r;
}
template <class T> Set<T> set_or(const Set<T>& a, const Set<T>& b) {
    Set<T> r;
    std::set_union(a.v.begin(), a.v.end(), b.v.begin(), b.v.end(), std::back_inserter(r.v));
    return r;
}
template <class T> Set<T> set_and(const Set<T>& a, const Set<T>& b) {
    Set<T> r;
    std::set_intersection(a.v.begin(), a.v.end(), b.v.begin(), b.v.end(), std::back_inserter(r.v));
    return r;
}
template <class T> Set<T> set_sub(const Set<T>& a, const Set<T>& b) {
    Set<T> r;
    std::set_difference(a.v.begin(), a.v.end(), b.v.begin(), b.v.end(), std::back_inserter(r.v));
    return r;
}
template <class T> Set<T> set_xor(const Set<T>& a, const Set<T>& b) {
    Set<T> r;
    std::set_symmetric_difference(a.v.begin(), a.v.end(), b.v.begin(), b.v.end(), std::back_inserter(r.v));
    return r;
}

inline Game sum_list(std::initializer_list<Game> gs) {
    Game r;
    for (auto& g : gs) r.parts.insert(r.parts.end(), g.parts.begin(), g.parts.end());
    return r;
}
inline Game copies_game(i64 k, const Game& g, int s) {
    if (k < 0) failm(s, [&] { return std::string("cannot take " + itos(k) + " copies of a game: the count must be at least 0"); });
    if (k > (1 << 20) || (k > 0 && (i64)g.parts.size() * k > (1 << 20)))
        failm(s, [&] { return std::string(itos(k) + " copies of a game are too many to build (at most 1048576); sg(k * G) needs no copies"); });
    if (k == 0) return nim(0);
    Game r;
    for (i64 i = 0; i < k; i++) r.parts.insert(r.parts.end(), g.parts.begin(), g.parts.end());
    return r;
}
inline bool in_range(i64 x, i64 a, i64 b) { return a <= x && x <= b; }
inline int ordered(const SGV& a, const SGV& b, int s, const char* op) {
    ordcheck(a, b, s, op);
    return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
}
// Acc is the SG value of a sum as its parts come (the top level's
// outcome of a sum): the xor of the finite parts, the infinite ones
// counted; its outcome needs no infinite value made.
// (no branch on a value's kind, which is as often finite as infinite: a
// query's loop over many positions would mispredict it)
struct Acc {
    i64 x = 0, inf = 0;
    int ninf = 0;
    Acc& add(i64 v) {
        const bool f = v >= 0;
        x ^= f ? v : 0;
        inf = (!f && ninf == 0) ? v : inf;
        ninf += !f;
        return *this;
    }
};
// acc_low is the K's values below 64 of the sum's one infinite part (0 if
// it has none, or more than one)
inline u64 acc_low(const Acc& a) { return infk_low[(size_t)(INF0 + 1 - a.inf) & -(size_t)(a.ninf == 1)]; }
inline bool acc_n(const Acc& a) {
    if (__builtin_expect((u64)a.x < 64, 1)) return ((a.ninf == 0) & (a.x != 0)) | ((a.ninf == 1) & (acc_low(a) >> a.x & 1));
    if (a.ninf == 0) return a.x != 0;
    if (a.ninf > 1) return false;
    return k_has(a.inf, a.x);
}
inline bool is_P(const Acc& a) { return (a.ninf == 0) & (a.x == 0); }
inline bool is_N(const Acc& a) { return acc_n(a); }
inline bool is_D(const Acc& a) { return (a.ninf > 0) & !acc_n(a); }
inline bool is_P(i64 v) { return v == 0; }
inline bool k_has0(i64 v) {
    const auto& k = kof(v);
    return !k.empty() && k[0] == 0;
}
inline bool is_N(i64 v) { return v > 0 || (is_inf(v) && k_has0(v)); }
inline bool is_D(i64 v) { return is_inf(v) && !k_has0(v); }
template <class C> auto to_vector(const C& c) {
    const auto& v = elems(c);
    return std::vector<std::decay_t<decltype(*v.begin())>>(v.begin(), v.end());
}
template <class C> auto enumerate(const C& c) {
    const auto& v = elems(c);
    using T = std::decay_t<decltype(*v.begin())>;
    std::vector<std::tuple<i64, T>> r;
    i64 i = 0;
    for (const auto& x : v) r.emplace_back(i++, (T)x);
    return r;
}
template <class A, class B> auto zip(const A& a, const B& b) {
    const auto& x = elems(a);
    const auto& y = elems(b);
    using T = std::decay_t<decltype(*x.begin())>;
    using U = std::decay_t<decltype(*y.begin())>;
    std::vector<std::tuple<T, U>> r;
    size_t n = std::min(x.size(), y.size());
    for (size_t i = 0; i < n; i++) r.emplace_back((T)x[i], (U)y[i]);
    return r;
}
template <class K, class V> std::vector<K> keys(const Map<K, V>& m) { return elems(m); }
template <class C> bool all_of(const C& c) {
    for (const auto& x : elems(c))
        if (!x) return false;
    return true;
}
template <class C> bool any_of(const C& c) {
    for (const auto& x : elems(c))
        if (x) return true;
    return false;
}
template <class C> i64 isum(const C& c, int s) {
    i64 r = 0;
    for (const auto& x : elems(c)) {
        i64 y = fin(x, s, "+", "int");
        if (__builtin_add_overflow(r, y, &r)) failm(s, [&] { return std::string("integer overflow: the sum does not fit in 64 bits"); });
    }
    return r;
}
template <class C> i64 nimsum_of(const C& c, int s) {
    i64 r = 0;
    for (const auto& x : elems(c)) r ^= fin(x, s, "^", "int");
    return r;
}
inline std::vector<i64> range3(i64 a, i64 b, i64 step, int s) {
    if (step == 0) failm(s, [&] { return std::string("range: the step must not be 0"); });
    u64 n = 0;
    if (step > 0 && b > a) n = ((u64)b - (u64)a + (u64)step - 1) / (u64)step;
    else if (step < 0 && b < a) n = ((u64)a - (u64)b + (u64)(-(step + 1)) + 1 - 1) / ((u64)(-(step + 1)) + 1);
    if (n > 10000000) failm(s, [&] { return std::string("range of " + std::to_string(n) + " elements is too long (at most 10000000)"); });
    std::vector<i64> r((size_t)n);
    for (u64 i = 0; i < n; i++) r[(size_t)i] = (i64)((u64)a + i * (u64)step);
    return r;
}
template <class C> auto min_of(const C& c, int s, const char* kind) {
    const auto& v = elems(c);
    if (v.empty()) empty_fold(s, "min", kind);
    auto best = *v.begin();
    for (const auto& x : v) {
        minmax_check(x, s, "min");
        if (x < best) best = x;
    }
    return best;
}
template <class C> auto max_of(const C& c, int s, const char* kind) {
    const auto& v = elems(c);
    if (v.empty()) empty_fold(s, "max", kind);
    auto best = *v.begin();
    for (const auto& x : v) {
        minmax_check(x, s, "max");
        if (x > best) best = x;
    }
    return best;
}
template <class T> T min_args(int s, std::initializer_list<T> xs) {
    T best = *xs.begin();
    for (const auto& x : xs) {
        minmax_check(x, s, "min");
        if (x < best) best = x;
    }
    return best;
}
template <class T> T max_args(int s, std::initializer_list<T> xs) {
    T best = *xs.begin();
    for (const auto& x : xs) {
        minmax_check(x, s, "max");
        if (x > best) best = x;
    }
    return best;
}
// the SG value of a game value inside a search (a signal passes up)
inline i64 sg_in_search(const Game& g) {
    i64 x = 0;
    for (const Part& p : g.parts) {
        i64 v = p.g < 0 ? p.id : games[(size_t)p.g].solve(p.id);
        if (is_sig(v)) return v;
        x = gx(x, v);
    }
    return x;
}

// ---- ints(): the integers of standard input ----
inline std::vector<i64> read_ints(int s) {
    static bool done = false;
    static std::vector<i64> xs;
    if (done) return xs;
    std::string data;
    char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, stdin)) > 0) data.append(buf, n);
    i64 line = 1;
    size_t i = 0;
    while (i < data.size()) {
        unsigned char c = (unsigned char)data[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
            if (c == '\n') line++;
            i++;
            continue;
        }
        size_t j = i;
        while (j < data.size()) {
            unsigned char d = (unsigned char)data[j];
            if (d == ' ' || d == '\t' || d == '\n' || d == '\r' || d == '\v' || d == '\f') break;
            j++;
        }
        std::string w = data.substr(i, j - i);
        const char* p = w.c_str();
        const char* e = p + w.size();
        if (*p == '+') p++;
        i64 v = 0;
        auto r = std::from_chars(p, e, v);
        if (p == e || r.ec != std::errc() || r.ptr != e || (w[0] == '+' && w.size() > 1 && w[1] == '-')) {
            std::string q = w.size() > 20 ? w.substr(0, 20) + "..." : w;
            std::string qs;
            show(qs, q);
            failm(s, [&] { return std::string("ints(): standard input line " + itos(line) + " has " + qs + ", which is not a 64-bit integer"); });
        }
        xs.push_back(v);
        i = j;
    }
    done = true;
    return xs;
}

// ---- assert ----
[[noreturn]] inline void assert_failed(int s, const std::string& msg) {
    failm(s, [&] { return std::string(msg.empty() ? "assertion failed" : "assertion failed: " + msg); });
}

// ---- def calls: the depth grundy allows ----
inline int calls = 0;
[[noreturn]] __attribute__((noinline, cold)) inline void too_deep(int s, const char* name) {
    fail(s, std::string("too many nested calls (more than 100000): is the recursion of ") + name + " unbounded?");
}
// enter counts a def's call (its translation leaves with --calls): no
// object with a destructor, so that a small def is inlined where it is
// called. (A sweep that stops at an error puts calls back.)
inline void enter(int s, const char* name) {
    if (__builtin_expect(++calls > 100000, 0)) too_deep(s, name);
}
// enter_near is enter for a def whose calls nest at most h deep: it
// counts only within h of the bound (true: the def leaves with --calls).
inline bool enter_near(int s, const char* name, int h) {
    if (__builtin_expect(calls > 100000 - h, 0)) {
        enter(s, name);
        return true;
    }
    return false;
}

// ---- memo tables ----
// Box is a game's table of positions whose arguments are N ints: a dense
// array over the box [0, dim[0]) x ... x [0, dim[N-1]) that grows as
// positions come, and a hash map for the positions outside it (negative
// or very large arguments).
// Cells is a box's array: it grows by realloc, which remaps a large block
// rather than copying it (no moment with the old and the new array both).
template <class V> struct Cells {
    V* p = nullptr;
    size_t n = 0;
    Cells() = default;
    Cells(const Cells&) = delete;
    Cells& operator=(const Cells&) = delete;
    ~Cells() { std::free(p); }
    V* data() { return p; }
    const V* data() const { return p; }
    size_t size() const { return n; }
    bool empty() const { return n == 0; }
    V& operator[](size_t i) { return p[i]; }
    const V& operator[](size_t i) const { return p[i]; }
    // resize makes it m cells, the new ones v
    void resize(size_t m, V v) {
        V* q = (V*)std::realloc(p, std::max<size_t>(m, 1) * sizeof(V));
        if (!q) throw std::bad_alloc();
        p = q;
        if (m > n) std::fill(p + n, p + m, v);
        n = m;
    }
    void swap(Cells& o) {
        std::swap(p, o.p);
        std::swap(n, o.n);
    }
};

template <int N, class V = Cell, int64_t DEF = -1> struct Box {
    using Key = std::array<i64, N>;
    Cells<V> cells;
    std::array<i64, N> dim{};
    std::unordered_map<Key, i64, Hash> spill;  // outside the box, and the cells ESC
    static constexpr i64 MAXCELLS = i64(1) << 31;
    // A box grows to hold a position outside it only while it stays dense:
    // at most SPARSE cells, or 8 cells for each value set so far (positions
    // scattered over a large range, hop(3000000000) asking for ints below
    // 2^31 at random, stay in the hash map instead of a box of gigabytes).
    static constexpr i64 SPARSE = i64(1) << 20;
    i64 sets = 0;

    i64 get(const Key& k) const {
        i64 idx = 0;
        for (int i = 0; i < N; i++) {
            if (__builtin_expect((u64)k[i] >= (u64)dim[i], 0)) return get_spill(k);
            idx = idx * dim[i] + k[i];
        }
        const i64 c = cells[(size_t)idx];
        if (__builtin_expect(c == ESC, 0)) return get_spill(k);
        return c;
    }
    // raw is get, a cell ESC left as it is (not a position's value: the
    // caller then takes the way of a position not known, where get is read)
    i64 raw(const Key& k) const {
        i64 idx = 0;
        for (int i = 0; i < N; i++) {
            if (__builtin_expect((u64)k[i] >= (u64)dim[i], 0)) return get_spill(k);
            idx = idx * dim[i] + k[i];
        }
        return cells[(size_t)idx];
    }
    __attribute__((noinline)) i64 get_spill(Key k) const {
        if (spill.empty()) return DEF;
        auto it = spill.find(k);
        return it == spill.end() ? DEF : it->second;
    }
    // (a position's value once set is final: a cell ESC is not set again)
    void set(const Key& k, i64 v) {
        sets++;
        i64 idx = 0;
        for (int i = 0; i < N; i++) {
            if (__builtin_expect((u64)k[i] >= (u64)dim[i], 0)) {
                set_slow(k, v);
                return;
            }
            idx = idx * dim[i] + k[i];
        }
        if (__builtin_expect((i64)(V)v == v, 1)) cells[(size_t)idx] = (V)v;
        else set_esc(k, (size_t)idx, v);
    }
    __attribute__((noinline)) void set_esc(const Key& k, size_t idx, i64 v) {
        cells[idx] = (V)ESC;
        spill[k] = v;
    }
    __attribute__((noinline)) void set_slow(const Key& k, i64 v) {
        std::array<i64, N> nd = dim;
        bool ok = true;
        i64 total = 1;
        for (int i = 0; i < N; i++) {
            if (k[i] < 0 || k[i] >= (i64(1) << 40)) ok = false;
            else if (k[i] >= nd[i]) nd[i] = std::max(k[i] + 1, dim[i] + dim[i] / 2 + 4);
            if (ok && __builtin_mul_overflow(total, nd[i], &total)) ok = false;
        }
        if (!ok || total > MAXCELLS || (total > SPARSE && total / 8 > sets)) {
            if (v == DEF) spill.erase(k);
            else spill[k] = v;
            return;
        }
        grow(nd);
        set(k, v);
    }
    // reserve makes the box at least as large as k + 1 (the first position
    // asked for): the positions below it come without growing. A box that
    // grows grows by half at least (positions asked for one after another,
    // each a little larger, would copy the box each time).
    void reserve(const Key& k) {
        std::array<i64, N> nd = dim;
        i64 total = 1;
        for (int i = 0; i < N; i++) {
            if (k[i] < 0 || k[i] >= (i64(1) << 40)) return;
            if (k[i] >= nd[i]) nd[i] = std::max(k[i] + 1, dim[i] > 0 ? dim[i] + dim[i] / 2 : 0);
            if (__builtin_mul_overflow(total, nd[i], &total)) return;
        }
        if (total > MAXCELLS / 4 || nd == dim) return;
        grow(nd);
    }
    void grow(const std::array<i64, N>& nd) {
        i64 total = 1;
        for (int i = 0; i < N; i++) total *= nd[i];
        if (N == 1) {
            cells.resize((size_t)total, (V)DEF);  // the cells stay where they are
        } else {
            grow_rows(nd, total);
        }
        dim = nd;
        if (!spill.empty()) {
            std::unordered_map<Key, i64, Hash> old;
            old.swap(spill);
            for (auto& p : old) set(p.first, p.second);
        }
    }
    void grow_rows(const std::array<i64, N>& nd, i64 total) {
        Cells<V> nc;
        nc.resize((size_t)total, (V)DEF);
        // copy the old cells, row by row of the last dimension
        i64 rows = 1;
        for (int i = 0; i + 1 < N; i++) rows *= dim[i];
        if (!cells.empty()) {
            for (i64 r = 0; r < rows; r++) {
                i64 rem = r, nidx = 0;
                std::array<i64, N> c{};
                for (int i = N - 2; i >= 0; i--) {
                    c[i] = rem % dim[i];
                    rem /= dim[i];
                }
                for (int i = 0; i + 1 < N; i++) nidx = nidx * nd[i] + c[i];
                std::copy(cells.data() + r * dim[N - 1], cells.data() + (r + 1) * dim[N - 1], nc.data() + nidx * nd[N - 1]);
            }
        }
        cells.swap(nc);
    }
};

// Table is a game's table of positions with other arguments: a hash map
// from the arguments to the position's id, and the states by id.
template <class Key> struct Table {
    std::unordered_map<Key, int32_t, Hash> ids;
    std::vector<Key> keys;
    std::vector<int32_t> st;
    i64 find(const Key& k) const {
        auto it = ids.find(k);
        return it == ids.end() ? -1 : it->second;
    }
    i64 id(const Key& k) {
        auto it = ids.find(k);
        if (it != ids.end()) return it->second;
        i64 i = (i64)keys.size();
        ids.emplace(k, (int32_t)i);
        keys.push_back(k);
        st.push_back((int32_t)UNKNOWN);
        return i;
    }
    i64 get(const Key& k) const {
        i64 i = find(k);
        return i < 0 ? UNKNOWN : (i64)st[(size_t)i];
    }
    i64 raw(const Key& k) const { return get(k); }
    void set(const Key& k, i64 v) { st[(size_t)id(k)] = (int32_t)v; }
};

// same is equality as written: sums with their parts in order (a position's
// own arguments make its options: moves(g(*2 + *1)) shows *2 + *1).
inline bool same(const Game& a, const Game& b) { return a.parts == b.parts; }
template <class T> bool same(const T& a, const T& b) { return a == b; }
template <class T> bool same(const std::vector<T>& a, const std::vector<T>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); i++)
        if (!same((T)a[i], (T)b[i])) return false;
    return true;
}
template <class... T> bool same(const std::tuple<T...>& a, const std::tuple<T...>& b) {
    bool r = true;
    std::apply([&](const auto&... x) { std::apply([&](const auto&... y) { ((r = r && same(x, y)), ...); }, b); }, a);
    return r;
}
inline u64 hexact(const Game& g) {
    u64 h = g.parts.size();
    for (auto& x : g.parts) h = hcomb(h, hcomb((u64)x.g, (u64)x.id));
    return h;
}
template <class T> u64 hexact(const T& x) { return hv(x); }
template <class T> u64 hexact(const std::vector<T>& v) {
    u64 h = v.size();
    for (const auto& x : v) h = hcomb(h, hexact((T)x));
    return h;
}
template <class... T> u64 hexact(const std::tuple<T...>& t) {
    u64 h = sizeof...(T);
    std::apply([&](const auto&... x) { ((h = hcomb(h, hexact(x))), ...); }, t);
    return h;
}
// Exact gives positions ids by their arguments as written.
template <class Key> struct Exact {
    std::unordered_map<u64, std::vector<int32_t>> ids;
    std::vector<Key> keys;
    i64 id(const Key& k) {
        auto& b = ids[hexact(k)];
        for (int32_t i : b)
            if (same(keys[(size_t)i], k)) return i;
        b.push_back((int32_t)keys.size());
        keys.push_back(k);
        return (i64)keys.size() - 1;
    }
};

// Intern gives the positions of a game of int arguments ids (for game
// values and the solver of cycles).
template <int N> struct Intern {
    using Key = std::array<i64, N>;
    Box<N, int32_t, -1> ids;
    std::vector<Key> keys;
    i64 id(const Key& k) {
        i64 i = ids.get(k);
        if (i >= 0) return i;
        i = (i64)keys.size();
        ids.set(k, i);
        keys.push_back(k);
        return i;
    }
};

// ---- the search ----
// fits reports whether an argument c*i + r of a position, for i from lo
// to end, stays inside [0, dim) and computes without overflow (a fast loop).
inline bool fits(__int128 a, __int128 b, __int128 r, i64 dim, i64 c, i64 lo, i64 end) {
    const __int128 L = (__int128)1 << 62;
    if (a > b) std::swap(a, b);
    const __int128 x = (__int128)c * lo, y = (__int128)c * end;
    return a >= 0 && b < dim && r > -L && r < L && x > -L && x < L && y > -L && y < L;
}

// fit reports whether an argument c*i + r, for i from lo to end, stays
// inside [0, dim) and computes without overflow (a fast loop).
inline bool fit(i64 c, __int128 r, i64 lo, i64 end, i64 dim) {
    const i64 M = i64(1) << 30;
    if (__builtin_expect(c >= -M && c <= M && lo >= -M && lo <= M && end >= -M && end <= M && r >= -M && r <= M, 1)) {
        // (the small case in 64 bits: every product and sum is below 2^61)
        i64 a = c * lo + (i64)r, b = c * end + (i64)r;
        if (a > b) std::swap(a, b);
        return a >= 0 && b < dim;
    }
    return fits((__int128)c * lo + r, (__int128)c * end + r, r, dim, c, lo, end);
}

// setbit is b with bit v (below 64) set: one instruction where the C++
// compiler would shift by a variable count (three on x86-64).
inline __attribute__((always_inline)) u64 setbit(u64 b, u64 v) {
#if defined(__x86_64__)
    __asm__("btsq %1, %0" : "+r"(b) : "r"(v) : "cc");
    return b;
#else
    return b | (1ULL << v);
#endif
}

// Mex collects the SG values of a position's options: as the bits of a
// word while they are below 64 (the mex its lowest zero bit); once a
// larger value comes, as flags, one byte a value, in a region of the depth
// that grows, of which the next positions at the depth use FIRST bytes at
// first (values below 64 added one at a time still go to the word, which
// the flags take at the end). The flags are zero between uses (a Mex
// clears what it used). Values from SMALL up and infinite values are
// apart, in the depth's side lists. result() is the generalized SG value.
// A Mex is a level of the search: it counts the depth while it lives (a
// search defers a position at MAXDEPTH, so a Mex's depth is below it).
inline int depth = 0;           // the search's recursion depth
constexpr int MAXDEPTH = 1000;  // deeper, a position is deferred
inline int maxdepth = MAXDEPTH; // (1 while a sweep runs: no recursion)

constexpr u64 FIRST = 256;  // the flags a position at a depth with a region begins with
struct DepthFlags {
    uint8_t* w;  // the depth's region, or none
    u64 cap;     // 64 (no region), or FIRST (at most the region's size)
};
inline DepthFlags dflags[MAXDEPTH + 1];
inline const bool dflags_set = [] {
    for (int d = 0; d <= MAXDEPTH; d++) dflags[d] = {nullptr, 64};
    return true;
}();
inline std::vector<std::vector<uint8_t>> regions;  // by depth

struct Side {
    std::vector<i64> big;   // finite values >= SMALL
    std::vector<i64> infs;  // infinite options
};
inline std::vector<std::unique_ptr<Side>> sides;  // by depth

__attribute__((noinline)) inline Side* side_at(size_t d) {
    while (sides.size() <= d) sides.push_back(std::make_unique<Side>());
    return sides[d].get();
}

// The mex's state as its slow ways see it, apart from the Mex: they take
// and give it by value (no Mex's address is taken, so that its fields
// stay in registers).
struct MexState {
    uint8_t* w;
    u64 cap;
    Side* side;
};
constexpr i64 MEX_SMALL = 1 << 16;
// mex_other adds a value not below 64 (or infinite) at the depth of the
// current Mex.
__attribute__((noinline)) inline MexState mex_other(MexState s, i64 v) {
    const size_t d = (size_t)(depth - 1);
    if (v < 0 || v >= MEX_SMALL) {
        if (!s.side) s.side = side_at(d);
        (v < 0 ? s.side->infs : s.side->big).push_back(v);
        return s;
    }
    if ((u64)v < s.cap) {
        s.w[v] = 1;
        return s;
    }
    if (regions.size() <= d) regions.resize(d + 1);
    auto& fs = regions[d];
    const size_t need = (size_t)v + 1;
    if (fs.size() < need) {
        size_t z = std::max(fs.size() * 2, (size_t)FIRST);
        while (z < need) z *= 2;  // (a power of two: a fast loop tests a sum's parts by their or)
        fs.resize(z, 0);
    }
    s.w = fs.data();  // (a region that grew was copied)
    s.cap = (u64)fs.size();
    dflags[d] = {s.w, FIRST};
    s.w[v] = 1;
    return s;
}
// mex_clear clears a region the current Mex used.
__attribute__((noinline)) inline void mex_clear(uint8_t* w, u64 cap) {
    std::memset(w, 0, (size_t)cap);
    dflags[depth - 1].cap = FIRST;
}
__attribute__((noinline)) inline void mex_side_clear(Side* side) {
    side->big.clear();
    side->infs.clear();
}
// mex_flags is the mex with a region (the bits set as flags first), or
// when every value below 64 is there: the flags eight at a time while all
// are set, then the large values.
__attribute__((noinline)) inline i64 mex_flags(u64 bits, uint8_t* w, u64 cap, const Side* side) {
    u64 m = 64;
    if (cap > 64) {
        for (u64 b = bits; b != 0; b &= b - 1) w[__builtin_ctzll(b)] = 1;
        m = 0;
        for (u64 x; m + 8 <= cap; m += 8) {
            std::memcpy(&x, w + m, 8);
            if (x != 0x0101010101010101ULL) break;
        }
        while (m < cap && w[m]) m++;
    }
    if (m < cap || !side || side->big.empty()) return (i64)m;
    auto big = side->big;
    std::sort(big.begin(), big.end());
    for (i64 x : big) {
        if (x == (i64)m) m++;
        else if (x > (i64)m) break;
    }
    return (i64)m;
}
// mex_values is the finite values added.
inline std::vector<i64> mex_values(u64 bits, const uint8_t* w, u64 cap, const Side* side) {
    std::vector<i64> k;
    for (u64 i = 0; i < cap; i++)
        if ((i < 64 && (bits >> i & 1)) || (cap > 64 && w[i])) k.push_back((i64)i);
    if (side) k.insert(k.end(), side->big.begin(), side->big.end());
    return k;
}
// mex_result_inf is the generalized SG value when infinite options came:
// m if each one's K holds m, else the infinite value whose K is the finite
// values added.
__attribute__((noinline)) inline i64 mex_result_inf(i64 m, u64 bits, const uint8_t* w, u64 cap, const Side* side) {
    for (i64 f : side->infs)
        if (!k_has(f, m)) {
            if (cap == 64 && side->big.empty()) return inf_mask(bits);
            return inf_of(mex_values(bits, w, cap, side));
        }
    return m;
}

struct Mex {
    u64 bits = 0;          // values below 64 (all of them while cap is 64)
    uint8_t* w;            // with a region (cap > 64): the flags of the values below cap
    u64 cap;
    Side* side = nullptr;  // the depth's side, once a value needed it
    Mex() {
        const DepthFlags& f = dflags[depth++];
        w = f.w;
        cap = f.cap;
    }
    ~Mex() {
        if (__builtin_expect(cap != 64, 0)) mex_clear(w, cap);
        if (__builtin_expect(side != nullptr, 0)) mex_side_clear(side);
        --depth;
    }
    Mex(const Mex&) = delete;
    Mex& operator=(const Mex&) = delete;
    // a fast loop sets a value v below n() as a bit of bits while n() is
    // 64, as flags()[v] = 1 once there is a region (flags and n change when
    // a value goes the general way)
    uint8_t* flags() { return w; }
    u64 n() const { return cap; }
    // add_any adds an option's value, finite or infinite (one test for a
    // value below 64: the others, infinite ones negative, go apart).
    void add_any(i64 v) {
        if (__builtin_expect((u64)v < 64, 1)) bits = setbit(bits, (u64)v);
        else add_other(v);
    }
    void add(i64 v) { add_any(v); }
    void add_other(i64 v) {
        const MexState s = mex_other({w, cap, side}, v);
        w = s.w;
        cap = s.cap;
        side = s.side;
    }
    i64 mex() const {
        if (__builtin_expect(cap == 64 && ~bits != 0, 1)) return __builtin_ctzll(~bits);
        return mex_flags(bits, w, cap, side);
    }
    std::vector<i64> values() const { return mex_values(bits, w, cap, side); }
    i64 result() const {
        const i64 m = mex();
        if (__builtin_expect(!side, 1) || side->infs.empty()) return m;
        return mex_result_inf(m, bits, w, cap, side);
    }
};

// budget is how many positions a search asked for at the top level may
// still compute before it stops (ABORT) for a sweep bottom up instead.
constexpr i64 NOBUDGET = LLONG_MAX;
inline i64 budget = NOBUDGET;

// The positions deferred by a search that went too deep, by game.
inline std::vector<int> pend;

void solve_loopy(int g, i64 id, i64 count = 1);

// drive computes the position game g has just deferred (the root of a
// search asked for at the top level), and every position its search
// defers, deepest first.
inline void drive_loop(size_t base) {
    while (pend.size() > base) {
        int h = pend.back();
        i64 v = games[(size_t)h].solve_pend();
        if (v == ABORT) {
            int d = pend.back();
            if (d == h && games[(size_t)d].sweep) games[(size_t)d].sweep();
            continue;
        }
        if (v == CYCLE) solve_loopy(h, games[(size_t)h].pend_id());
        games[(size_t)h].pop_pend();
        pend.pop_back();
    }
}
inline void drive(int g) {
    pend.push_back(g);
    drive_loop(pend.size() - 1);
}
// drive_under computes a position of game g whose search, begun at the
// top level, was deferred: the positions it deferred (pending above
// base) first, then it (its key put under them, in its game's pend).
__attribute__((noinline)) inline void drive_under(int g, size_t base) {
    pend.insert(pend.begin() + (long)base, g);
    if (pend.back() == g && games[(size_t)g].sweep) games[(size_t)g].sweep();
    drive_loop(base);
}

// the SG value of a game value (top level)
inline i64 sg_enc(const Game& g) {
    i64 x = 0;
    for (const Part& p : g.parts) x = gx(x, p.g < 0 ? p.id : games[(size_t)p.g].value(p.id));
    return x;
}
inline SGV sg(const Game& g) { return SGV::enc(sg_enc(g)); }
inline std::string outcome_of(i64 v) {
    if (v == 0) return "P";
    if (v > 0) return "N";
    return k_has(v, 0) ? "N" : "D";
}
inline std::string outcome(const Game& g) { return outcome_of(sg_enc(g)); }

// the options of a game value, each distinct one once, in order
inline std::vector<Game> moves(const Game& g) {
    std::vector<Game> all;
    for (size_t i = 0; i < g.parts.size(); i++) {
        std::vector<Game> os;
        const Part& p = g.parts[i];
        if (p.g < 0) {
            for (i64 k = 0; k < p.id; k++) os.push_back(nim(k));
        } else {
            games[(size_t)p.g].opts(p.id, os);
        }
        for (auto& o : os) {
            Game r;
            r.parts.insert(r.parts.end(), g.parts.begin(), g.parts.begin() + (long)i);
            r.parts.insert(r.parts.end(), o.parts.begin(), o.parts.end());
            r.parts.insert(r.parts.end(), g.parts.begin() + (long)i + 1, g.parts.end());
            all.push_back(std::move(r));
        }
    }
    std::vector<Game> out;
    std::unordered_map<u64, std::vector<size_t>> seen;
    for (auto& o : all) {
        u64 h = hv(o);
        auto& bucket = seen[h];
        bool dup = false;
        for (size_t j : bucket)
            if (out[j] == o) dup = true;
        if (dup) continue;
        bucket.push_back(out.size());
        out.push_back(std::move(o));
    }
    return out;
}
// ---- winning: the winning moves, by remoteness above a cycle ----
// (templates, compiled only in the programs that call winning)
// the games some of whose positions the solver of cycles computed
inline std::vector<bool> loopy_game;
inline bool is_loopy(int g) { return g >= 0 && (size_t)g < loopy_game.size() && loopy_game[(size_t)g]; }

// (the types below are those the rest of the runtime uses: no more for
// the C++ compiler to instantiate)

// reaches_cycle reports whether a cycle can be reached from a part of g: a
// walk of the positions reachable from its parts (none when the solver of
// cycles never ran: there is no cycle)
template <int = 0> bool reaches_cycle(const Game& g) {
    if (std::find(loopy_game.begin(), loopy_game.end(), true) == loopy_game.end()) return false;
    struct Frame {
        int g;
        i64 id;
        std::vector<Part> parts;  // the parts of its options
        size_t next;
    };
    std::vector<std::unordered_map<i64, int32_t>> state(games.size());  // 1 on the path, 2 done
    std::vector<Frame> stack;
    std::vector<uint32_t> ends;
    // enter reports whether p is on the path (a cycle), else pushes it
    // unless it is done
    auto enter = [&](const Part& p) {
        const i64 id = canon(p);
        int32_t& st = state[(size_t)p.g][id];
        if (st != 0) return st == 1;
        st = 1;
        stack.push_back(Frame{p.g, id, {}, 0});
        ends.clear();
        games[(size_t)p.g].optparts(p.id, stack.back().parts, ends);
        return false;
    };
    for (const Part& p : g.parts) {
        if (p.g >= 0 && enter(p)) return true;
        while (!stack.empty()) {
            Frame& f = stack.back();
            if (f.next == f.parts.size()) {
                state[(size_t)f.g][f.id] = 2;
                stack.pop_back();
                continue;
            }
            const Part q = f.parts[f.next++];
            if (q.g >= 0 && enter(q)) return true;
        }
    }
    return false;
}

// GameIds numbers game values (equal ones, one number) by their hashes.
struct GameIds {
    std::unordered_map<u64, std::vector<size_t>> by_hash;
    std::vector<Game> games;
    // find is the number of g, or -1
    i64 find(const Game& g) const {
        auto it = by_hash.find(hv(g));
        if (it != by_hash.end())
            for (size_t j : it->second)
                if (games[j] == g) return (i64)j;
        return -1;
    }
    // add is the number of g, a new one if g has none
    size_t add(const Game& g) {
        auto& bucket = by_hash[hv(g)];
        for (size_t j : bucket)
            if (games[j] == g) return j;
        bucket.push_back(games.size());
        games.push_back(g);
        return games.size() - 1;
    }
};

// the remoteness of game values known so far (-1 for a draw) by their
// numbers, and the values whose graph was too large
template <int = 0> struct Remote {
    static inline GameIds ids;
    static inline std::vector<i64> rem;  // by number; TOO_BIG: too large
};
constexpr size_t REMOTE_CAP = 200000, REMOTE_PARTS = 64;
constexpr i64 TOO_BIG = -2;

// known_remote is the remoteness of v when known, or -2 (TOO_BIG: too
// large to know), or -3 (not known yet)
template <int N = 0> i64 known_remote(const Game& v) {
    if (v.parts.size() == 1 && v.parts[0].g < 0) return v.parts[0].id == 0 ? 0 : 1;
    const i64 j = Remote<N>::ids.find(v);
    return j < 0 ? -3 : Remote<N>::rem[(size_t)j];
}

// try_remoteness computes the remoteness of v (the number of moves the
// game lasts, the winner hurrying, the loser delaying; -1 for a draw) on
// the explicit graph of the game values reachable from it, by a retrograde
// search in nondecreasing remoteness (values known before are leaves), as
// grundy run does; false when the graph has more than REMOTE_CAP values
// or a sum of more than REMOTE_PARTS parts.
template <int N = 0> bool try_remoteness(const Game& v, i64& out) {
    if (v.parts.size() > REMOTE_PARTS) return false;
    out = known_remote<N>(v);
    if (out == TOO_BIG) return false;
    if (out >= -1) return true;
    GameIds ids;
    std::vector<int32_t> start{0}, succ, left;
    std::vector<std::pair<i64, int32_t>> evs;  // a follower known: its remoteness, and 2 * node + (P-position)
    ids.add(v);
    for (size_t i = 0; i < ids.games.size(); i++) {
        if (ids.games.size() > REMOTE_CAP || ids.games[i].parts.size() > REMOTE_PARTS) {
            Remote<N>::ids.add(v);
            Remote<N>::rem.resize(Remote<N>::ids.games.size(), TOO_BIG);
            return false;
        }
        int32_t exts = 0;
        for (const Game& o : moves(ids.games[i])) {
            const i64 r = known_remote<N>(o);
            if (r >= -1) {
                exts++;
                const i64 x = sg_enc(o);
                if (x >= 0 || k_has(x, 0)) evs.push_back({r, (int32_t)(2 * i + (x == 0))});
                continue;
            }
            succ.push_back((int32_t)ids.add(o));
        }
        start.push_back((int32_t)succ.size());
        left.push_back(start[i + 1] - start[i] + exts);
    }
    const size_t n = ids.games.size();
    std::vector<int32_t> pstart(n + 1, 0), pred(succ.size());
    std::vector<i64> rem(n, -1);
    for (int32_t w : succ) pstart[(size_t)w + 1]++;
    for (size_t u = 0; u < n; u++) pstart[u + 1] += pstart[u];
    {
        std::vector<int32_t> at(pstart.begin(), pstart.end() - 1);
        for (size_t u = 0; u < n; u++)
            for (int32_t e = start[u]; e < start[u + 1]; e++) pred[(size_t)at[(size_t)succ[(size_t)e]]++] = (int32_t)u;
    }
    std::vector<int32_t> queue;
    std::vector<bool> isp(n, false);
    for (size_t u = 0; u < n; u++)
        if (left[u] == 0) {
            isp[u] = true;
            rem[u] = 0;
            queue.push_back((int32_t)u);
        }
    std::sort(evs.begin(), evs.end());
    // decide: a follower of u is decided, a P-position or not, at remoteness r
    auto decide = [&](int32_t u, bool p, i64 r) {
        if (rem[(size_t)u] >= 0) return;
        if (p) {
            rem[(size_t)u] = r + 1;
            queue.push_back(u);
        } else if (--left[(size_t)u] == 0) {
            isp[(size_t)u] = true;
            rem[(size_t)u] = r + 1;
            queue.push_back(u);
        }
    };
    size_t qi = 0, ei = 0;
    while (qi < queue.size() || ei < evs.size()) {
        if (ei < evs.size() && (qi == queue.size() || evs[ei].first <= rem[(size_t)queue[qi]])) {
            decide(evs[ei].second / 2, evs[ei].second % 2 == 1, evs[ei].first);
            ei++;
            continue;
        }
        const int32_t w = queue[qi++];
        for (int32_t e = pstart[(size_t)w]; e < pstart[(size_t)w + 1]; e++) decide(pred[(size_t)e], isp[(size_t)w], rem[(size_t)w]);
    }
    for (size_t u = 0; u < n; u++) {
        const size_t j = Remote<N>::ids.add(ids.games[u]);
        Remote<N>::rem.resize(Remote<N>::ids.games.size(), TOO_BIG);
        Remote<N>::rem[j] = rem[u];
    }
    out = rem[0];
    return true;
}

// winning lists the options of g that are P-positions, in move order; when
// a cycle can be reached from g, by remoteness (equal ones in move order),
// so that always taking the first one wins (move order when a remoteness
// cannot be computed)
template <int N = 0> std::vector<Game> winning(const Game& g, int) {
    std::vector<Game> out;
    if (outcome_of(sg_enc(g)) != "N") return out;
    for (auto& o : moves(g))
        if (sg_enc(o) == 0) out.push_back(o);
    if (out.size() > 1 && reaches_cycle<N>(g)) {
        std::vector<std::pair<i64, int32_t>> order(out.size());  // remoteness, index
        for (size_t i = 0; i < out.size(); i++) {
            order[i].second = (int32_t)i;
            if (!try_remoteness<N>(out[i], order[i].first)) return out;
        }
        std::sort(order.begin(), order.end());
        std::vector<Game> sorted;
        for (auto& x : order) sorted.push_back(std::move(out[(size_t)x.second]));
        out.swap(sorted);
    }
    return out;
}

[[noreturn]] inline void unsupported(int site, const char* what) {
    fail(site, std::string("the emitted program does not compute ") + what + " (grundy run does)");
}

// ---- games with cycles: the generalized SG values of a region ----
// solve_loopy labels every position not yet known that is reachable from
// the positions it is given, by the rounds of Smith's and Fraenkel-Yesha's
// labelling; positions known before are followers of known value.
// (its buffers are kept from one call to the next: a program may call it
// for many small regions)

// state_of and set_state_of are a position's memo state: straight from the
// table of a game of one int inside it, else by the game's functions.
inline i64 state_of(int g, i64 id) {
    const GameOps& o = games[(size_t)g];
    if (o.cells && (u64)id < (u64)*o.dim && (*o.cells)[id] != ESC) return (*o.cells)[id];
    return o.state(id);
}
inline void set_state_of(int g, i64 id, i64 v) {
    const GameOps& o = games[(size_t)g];
    if (o.cells && (u64)id < (u64)*o.dim && (i64)(Cell)v == v) (*o.cells)[id] = (Cell)v;
    else o.set_state(id, v);
}

struct LoopyWork {
    struct Node {
        int g;
        i64 id;
    };
    Buf<Node> nodes;
    std::vector<Buf<int32_t>> dense;  // each game's nodes by id, small ids (-1: none)
    std::vector<std::unordered_map<i64, int32_t>> index;  // the others
    Buf<i64> known;  // for a follower known before: its value (else UNKNOWN)
    Buf<int32_t> soff, succ, poff, pred, at, cnt, live, todo, queue, lab, cov;
    std::vector<Part> parts;
    std::vector<uint32_t> ends;
    Buf<i64> ids;
    std::vector<std::pair<i64, int32_t>> knownAt;  // known finite followers by value
    std::vector<int32_t> blocked;  // the nodes with an option a sum of a position not known
    std::vector<uint8_t> excl;     // the nodes from which one of them is reached
};
inline LoopyWork loopy_work;

// loopy_forget clears what a labelling that stopped at an error (in a
// sweep) left in the buffers: the nodes found so far.
inline void loopy_forget() {
    LoopyWork& W = loopy_work;
    for (const auto& x : W.nodes)
        if (x.g >= 0 && x.id >= 0 && x.id < (i64(1) << 26)) W.dense[(size_t)x.g][(size_t)x.id] = -1;
    W.nodes.clear();
}

// loopy_graph finds the nodes of the region reachable from those in W.nodes
// and their followers (soff, succ): a sum's or a nimber's value is a node
// of its own, known.
inline void loopy_graph(LoopyWork& W) {
    auto& nodes = W.nodes;
    auto& dense = W.dense;
    auto& index = W.index;
    auto& known = W.known;
    auto& soff = W.soff;
    auto& succ = W.succ;
    auto& parts = W.parts;
    auto& ends = W.ends;
    auto node_of = [&](int h, i64 i) -> int32_t {
        int32_t* slot = nullptr;
        if (i >= 0 && i < (i64(1) << 26)) {
            auto& d = dense[(size_t)h];
            if (__builtin_expect((size_t)i >= d.size(), 0)) d.resize(std::max((size_t)i + 1, d.size() * 2), -1);
            slot = &d[(size_t)i];
            if (*slot >= 0) return *slot;
        } else {
            auto it = index[(size_t)h].find(i);
            if (it != index[(size_t)h].end()) return it->second;
        }
        const int32_t n = (int32_t)nodes.size();
        if (slot) *slot = n;
        else index[(size_t)h].emplace(i, n);
        nodes.push({h, i});
        const i64 s = state_of(h, i);
        known.push(s == UNKNOWN || s == GRAY ? UNKNOWN : s);
        return n;
    };
    auto& ids = W.ids;
    for (size_t u = 0; u < nodes.size(); u++) {
        if (known[u] != UNKNOWN) {
            soff.push((int32_t)succ.size());
            continue;
        }
        const int h = nodes[u].g;
        if (const auto optids = games[(size_t)h].optids) {
            ids.clear();
            optids(nodes[u].id, ids);
            for (i64 a : ids) succ.push(node_of(h, a));
            soff.push((int32_t)succ.size());
            continue;
        }
        parts.clear();
        ends.clear();
        games[(size_t)nodes[u].g].optparts(nodes[u].id, parts, ends);
        uint32_t b = 0;
        for (uint32_t e : ends) {
            if (__builtin_expect(e - b == 1 && parts[b].g >= 0, 1)) {
                succ.push(node_of(parts[b].g, parts[b].id));
            } else if (e - b == 1) {
                const int32_t n = (int32_t)nodes.size();
                nodes.push({-1, parts[b].id});
                known.push(parts[b].id);
                succ.push(n);
            } else {
                bool allknown = true;
                for (uint32_t j = b; j < e; j++)
                    if (parts[j].g >= 0) {
                        const i64 s = state_of(parts[j].g, parts[j].id);
                        if (s == UNKNOWN || s == GRAY) allknown = false;
                    }
                if (!allknown) {
                    // (the parts not known are nodes of the region: once
                    // they are labelled, the next labelling knows the sum)
                    W.blocked.push_back((int32_t)u);
                    for (uint32_t j = b; j < e; j++)
                        if (parts[j].g >= 0) {
                            const i64 s = state_of(parts[j].g, parts[j].id);
                            if (s == UNKNOWN || s == GRAY) node_of(parts[j].g, parts[j].id);
                        }
                    b = e;
                    continue;
                }
                i64 x = 0;
                for (uint32_t j = b; j < e; j++) x = gx(x, parts[j].g < 0 ? parts[j].id : state_of(parts[j].g, parts[j].id));
                const int32_t n = (int32_t)nodes.size();
                nodes.push({-2, x});
                known.push(x);
                succ.push(n);
            }
            b = e;
        }
        soff.push((int32_t)succ.size());
    }
}

// solve_loopy labels the region reachable from the positions of ids id ..
// id + count - 1 of game g (the unknown ones), in one labelling; where an
// option is a sum of positions not known yet, the positions from which it
// is reached wait for the next labelling, once the rest (those positions
// among them) is labelled: none left to label is a cycle through a sum.
inline bool solve_loopy_once(int g, i64 id, i64 count);
inline void solve_loopy(int g, i64 id, i64 count) {
    while (!solve_loopy_once(g, id, count)) {
    }
}
// solve_loopy_once is one labelling: false when some positions wait.
inline bool solve_loopy_once(int g, i64 id, i64 count) {
    LoopyWork& W = loopy_work;
    auto& nodes = W.nodes;
    auto& dense = W.dense;
    auto& index = W.index;
    auto& known = W.known;
    auto& soff = W.soff;
    auto& succ = W.succ;
    nodes.clear();
    known.clear();
    soff.clear();
    soff.push(0);
    succ.clear();
    W.blocked.clear();
    if (dense.size() < games.size()) dense.resize(games.size());
    if (index.size() < games.size()) index.resize(games.size());
    for (auto& m : index)
        if (!m.empty()) m.clear();
    for (i64 r = id; r < id + count; r++) {
        const i64 s = state_of(g, r);
        if (r != id && s != UNKNOWN && s != GRAY) continue;
        auto& d = dense[(size_t)g];
        int32_t* slot = nullptr;
        if (r >= 0 && r < (i64(1) << 26)) {
            if ((size_t)r >= d.size()) d.resize(std::max((size_t)r + 1, d.size() * 2), -1);
            slot = &d[(size_t)r];
            if (*slot >= 0) continue;
            *slot = (int32_t)nodes.size();
        } else {
            index[(size_t)g].emplace(r, (int32_t)nodes.size());
        }
        nodes.push({g, r});
        known.push(s == UNKNOWN || s == GRAY ? UNKNOWN : s);
    }
    loopy_graph(W);
    for (const auto& x : nodes)
        if (x.g >= 0 && x.id >= 0 && x.id < (i64(1) << 26)) dense[(size_t)x.g][(size_t)x.id] = -1;
    const size_t n = nodes.size();
    // predecessors
    auto& poff = W.poff;
    auto& pred = W.pred;
    poff.assign(n + 1, 0);
    pred.resize(succ.size(), 0);
    for (int32_t t : succ) poff[(size_t)t + 1]++;
    for (size_t v = 0; v < n; v++) poff[v + 1] += poff[v];
    {
        auto& at = W.at;
        at.resize(n, 0);
        std::copy(poff.begin(), poff.begin() + n, at.begin());
        for (size_t v = 0; v < n; v++)
            for (int32_t e = soff[v]; e < soff[v + 1]; e++) pred[(size_t)at[(size_t)succ[(size_t)e]]++] = (int32_t)v;
    }
    // the nodes that wait: those that reach a blocked one
    auto& excl = W.excl;
    excl.assign(n, 0);
    const int32_t blocked = W.blocked.empty() ? -1 : W.blocked[0];
    for (int32_t b : W.blocked) excl[(size_t)b] = 1;
    for (size_t j = 0; j < W.blocked.size(); j++) {
        const int32_t v = W.blocked[j];
        for (int32_t e = poff[(size_t)v]; e < poff[(size_t)v + 1]; e++)
            if (!excl[(size_t)pred[(size_t)e]]) {
                excl[(size_t)pred[(size_t)e]] = 1;
                W.blocked.push_back(pred[(size_t)e]);
            }
    }
    // lab: -1 unlabelled, -2 infinite, >= 0 finite; known followers keep
    // their value (an infinite one is KINF: it counts as infinite, its K its
    // own).
    const int32_t UNL = -1, INF = -2, KINF = -3, WAIT = INT32_MAX;
    auto& lab = W.lab;
    auto& cnt = W.cnt;
    auto& cov = W.cov;
    auto& live = W.live;
    auto& todo = W.todo;
    auto& queue = W.queue;
    lab.assign(n, UNL);
    cnt.assign(n, 0);
    cov.assign(n, -1);
    live.clear();
    todo.clear();
    queue.clear();
    for (size_t v = 0; v < n; v++) {
        if (known[v] != UNKNOWN) lab[v] = known[v] >= 0 ? (int32_t)known[v] : KINF;
        else if (excl[v]) lab[v] = WAIT;  // (no follower of a node labelled now)
        else live.push((int32_t)v);
    }
    // an infinite known follower "has a follower labelled i" when i is in its K
    auto hasfol = [&](size_t v, int32_t i) -> bool {
        if (known[v] != UNKNOWN && known[v] < 0) return k_has(known[v], i);
        return cov[v] == i;
    };
    // known finite followers labelled i, by round: their predecessors are covered
    auto& knownAt = W.knownAt;
    knownAt.clear();
    for (size_t v = 0; v < n; v++)
        if (known[v] != UNKNOWN && known[v] >= 0) knownAt.push_back({known[v], (int32_t)v});
    std::sort(knownAt.begin(), knownAt.end());
    size_t ka = 0;
    for (int32_t i = 0; !live.empty(); i++) {
        auto cover = [&](int32_t u) {
            for (int32_t e = poff[(size_t)u]; e < poff[(size_t)u + 1]; e++) {
                const int32_t p = pred[(size_t)e];
                if (cov[(size_t)p] == i) continue;
                cov[(size_t)p] = i;
                if (lab[(size_t)p] >= 0) continue;
                // (no branch on a predecessor's state: the queue takes each,
                // kept or not)
                queue.reserve(queue.size() + (size_t)(poff[(size_t)p + 1] - poff[(size_t)p]));
                size_t t = queue.size();
                for (int32_t f = poff[(size_t)p]; f < poff[(size_t)p + 1]; f++) {
                    const int32_t q = pred[(size_t)f];
                    const bool un = lab[(size_t)q] == UNL;
                    const int32_t c = cnt[(size_t)q] - un;
                    cnt[(size_t)q] = c;
                    queue.p[t] = q;
                    t += un & (c == 0) & (cov[(size_t)q] != i);
                }
                queue.n = t;
            }
        };
        for (int32_t u : live) {
            int32_t c = 0;
            for (int32_t e = soff[(size_t)u]; e < soff[(size_t)u + 1]; e++) {
                const int32_t l = lab[(size_t)succ[(size_t)e]];
                // unlabelled or infinite (a known infinite one without i in
                // its K); no branch on the kind of a follower
                if (__builtin_expect(l == KINF, 0)) c += !hasfol((size_t)succ[(size_t)e], i);
                else c += (uint32_t)(l + 2) < 2u;
            }
            cnt[(size_t)u] = c;
        }
        // the followers known to be i cover their predecessors first
        while (ka < knownAt.size() && knownAt[ka].first < i) ka++;
        for (; ka < knownAt.size() && knownAt[ka].first == i; ka++) cover(knownAt[ka].second);
        {
            // (no branch on a node's count: the queue takes each node, kept
            // or not)
            queue.reserve(queue.size() + live.size());
            size_t t = queue.size();
            for (int32_t u : live) {
                queue.p[t] = u;
                t += (cnt[(size_t)u] == 0) & (cov[(size_t)u] != i);
            }
            queue.n = t;
        }
        while (!queue.empty()) {
            const int32_t u = queue.back();
            queue.pop_back();
            if (lab[(size_t)u] != UNL || cov[(size_t)u] == i) continue;
            lab[(size_t)u] = i;
            cover(u);
        }
        // the unlabelled covered by i stay live, the others become infinite
        // (no branch on a node's state)
        todo.clear();
        todo.reserve(live.size());
        size_t t = 0;
        for (int32_t u : live) {
            const int32_t l = lab[(size_t)u];
            const bool un = l == UNL, cv = cov[(size_t)u] == i;
            todo.p[t] = u;
            t += un & cv;
            lab[(size_t)u] = un & !cv ? INF : l;
        }
        todo.n = t;
        live.swap(todo);
    }
    std::vector<i64> k;
    if (loopy_game.size() <= (size_t)g) loopy_game.resize((size_t)g + 1);
    int last = -1;
    bool some = false;  // a node labelled
    for (size_t v = 0; v < n; v++) {
        if (known[v] != UNKNOWN || nodes[v].g < 0 || excl[v]) continue;
        some = true;
        i64 val = lab[v];
        // K, for an infinite one: the finite values of its followers (a
        // mask when all are below 64), found with no branch on the kind of
        // the node or of its followers
        u64 mask = 0;
        bool small = true;
        for (int32_t e = soff[v]; e < soff[v + 1]; e++) {
            const i64 x = lab[(size_t)succ[(size_t)e]];
            small &= x < 64;
            mask |= (u64)((u64)x < 64) << (x & 63);
        }
        const i64 cand = infmask_small[mask & 255];
        const bool inf = val == INF;
        val = inf ? cand : val;
        if (__builtin_expect(inf && !(small && mask < 256 && cand != 0), 0)) {
            if (small) {
                val = inf_mask(mask);
            } else {
                k.clear();
                for (int32_t e = soff[v]; e < soff[v + 1]; e++) {
                    const size_t f = (size_t)succ[(size_t)e];
                    if (lab[f] >= 0) k.push_back(lab[f]);
                }
                val = inf_of(k);
            }
        }
        const int h = nodes[v].g;
        set_state_of(h, nodes[v].id, val);
        if (h != last) {
            if (loopy_game.size() <= (size_t)h) loopy_game.resize((size_t)h + 1);
            loopy_game[(size_t)h] = true;
            last = h;
        }
    }
    if (blocked < 0) return true;
    if (!some) unsupported(games[(size_t)nodes[(size_t)blocked].g].site, "the values of a game with cycles through sums of positions");
    return false;
}

}  // namespace rt
// ---- end of the runtime ----
