/* twsearch.c -- left/right balanced ("triplewhist" in the app's sense) whist base rounds.
 *
 * Build:  cc -O2 -o twsearch twsearch.c
 * Run:    nice -n 10 ./twsearch N SEED NODE_LIMIT MAX_STARTERS MOD1 [MOD2 ...]
 *         (NODE_LIMIT = exact-cover nodes per starter; MAX_STARTERS = 0 means exhaustive:
 *          every starter, no node limit, counts all solutions)
 *
 * Method ("starter + exact cover"):
 *   1. a random starter: pairs {x, y} partitioning G \ {0} whose differences +-(y - x) cover
 *      every non-zero element once (these are the partner pairs; for n = 4k, 0 partners
 *      infinity at the fixed table (inf, a, 0, c), for n = 4k + 1 0 sits out);
 *   2. Knuth's algorithm X (bitmask rows) choosing which two starter pairs share a table and
 *      the table's direction, so that the directed steps (next - this, round N->E->S->W->N,
 *      skipping steps into/out of infinity) cover every non-zero element exactly once.
 *      Two pairs {p,q}, {r,s} give the table (p, r, q, s) or its mirror (p, s, q, r).
 * Elements are numbered in mixed radix (first modulus most significant), as in group.py;
 * infinity = group order.  Output lines "FOUND n ... base [(N,E,S,W), ...]".
 *
 * RESULTS (commands exactly as run, from /tmp/tw, after cc -O2 -o twsearch twsearch.c; logs run*.log):
 *   n=21  Z_21: nice -n 10 ./twsearch 21 1 200000 1000000 21  -> found, seed 1, starter #298, 0.02 s
 *   n=33  Z_33: nice -n 10 ./twsearch 33 1 200000 1000000 33  -> found, seed 1, starter #3418, 1.2 s CPU
 *   n=45  Z_45: nice -n 10 ./twsearch 45 1 200000 1000000 45  -> nothing in ~6000 starters (198 s, stopped);
 *               45 comes from construct.py instead (group Z_3 x Z_15, no search)
 *   n=57  Z_57: nice -n 10 ./twsearch 57 1 200000 1000000 57  -> nothing (stopped after ~2 min)
 *               nice -n 10 ./twsearch 57 2 30000 100000000 57 -> nothing in 51000 starters (1356 s CPU)
 *               nice -n 10 ./twsearch 57 3 30000 100000000 57 -> found, seed 3, starter #60100, 1603 s CPU
 *   exhaustive (every starter, every pairing): ./twsearch N 1 0 0 M
 *               n=8 (M=7), 12 (11), 16 (15), 20 (19): 0 solutions -- as they must be, n = 4k is
 *               impossible (README.md); n=21 Z_21: 1152 solutions, 1.8 s; n=9 Z_9: 0, Z_3 x Z_3: 12.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef unsigned __int128 u128;
static unsigned long long rs;
static inline unsigned long long rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static int M, N, K, onerot, NCOL;
static int sub[128][128], cls[128], NCLS;
static int PA[64], PB[64];          /* starter pairs */
static u128 FULL;
#define MAXROWS 8192
static u128 rowm[MAXROWS];
static int rowi[MAXROWS], rowj[MAXROWS], rowo[MAXROWS]; /* j = -1: infinity table */
static int NR;
static long nodes, limit;
static long nsol;
static int exhaustive;
static int chosen[64], nch;

static inline u128 bit(int c) { return ((u128)1) << c; }

static void print_solution(void) {
    printf("FOUND %d base [", N);
    for (int t = 0; t < nch; t++) {
        int r = chosen[t];
        int i = rowi[r], j = rowj[r], o = rowo[r];
        if (j < 0) {
            int a = PA[i], c = PB[i];
            if (o) { int tt = a; a = c; c = tt; }
            printf("(%d, %d, %d, %d)", M, a, 0, c);
        } else {
            int p = PA[i], q = PB[i], r1 = PA[j], s = PB[j];
            if (o) printf("(%d, %d, %d, %d)", p, s, q, r1);
            else printf("(%d, %d, %d, %d)", p, r1, q, s);
        }
        if (t + 1 < nch) printf(", ");
    }
    printf("]\n");
    fflush(stdout);
}

/* returns 1 when a solution was found (and not exhaustive) */
static int X(u128 covered, int *rows, int nrows) {
    if (covered == FULL) {
        nsol++;
        if (!exhaustive || nsol <= 2) print_solution();
        return !exhaustive;
    }
    if (!exhaustive && ++nodes > limit) return 0;
    int cnt[128];
    memset(cnt, 0, sizeof(int) * NCOL);
    for (int a = 0; a < nrows; a++) {
        u128 m = rowm[rows[a]];
        while (m) {
            unsigned long long lo = (unsigned long long)m;
            int c;
            if (lo) c = __builtin_ctzll(lo); else c = 64 + __builtin_ctzll((unsigned long long)(m >> 64));
            cnt[c]++;
            m &= m - 1;
        }
    }
    int best = -1, bc = 1 << 30;
    for (int c = 0; c < NCOL; c++) {
        if (covered & bit(c)) continue;
        if (cnt[c] < bc) { bc = cnt[c]; best = c; if (bc == 0) return 0; }
    }
    int cand[MAXROWS], nc = 0;
    for (int a = 0; a < nrows; a++) if (rowm[rows[a]] & bit(best)) cand[nc++] = rows[a];
    if (!exhaustive)
        for (int a = nc - 1; a > 0; a--) { int b = rnd() % (a + 1); int t = cand[a]; cand[a] = cand[b]; cand[b] = t; }
    int *nrowsbuf = malloc(sizeof(int) * (nrows + 1));
    for (int a = 0; a < nc; a++) {
        int r = cand[a];
        u128 nc2 = covered | rowm[r];
        int nn = 0;
        for (int b = 0; b < nrows; b++) if (!(rowm[rows[b]] & nc2)) nrowsbuf[nn++] = rows[b];
        chosen[nch++] = r;
        int res = X(nc2, nrowsbuf, nn);
        nch--;
        if (res) { free(nrowsbuf); return 1; }
        if (!exhaustive && nodes > limit) break;
    }
    free(nrowsbuf);
    return 0;
}

/* columns: steps (element d, 1..M-1) -> bit d-1; pair i -> bit M-1+i; infinity table -> bit M-1+K */
static void addrow(u128 m, int i, int j, int o) {
    rowm[NR] = m; rowi[NR] = i; rowj[NR] = j; rowo[NR] = o; NR++;
}
static int stepmask(int *steps, int ns, u128 *out) {
    u128 m = 0;
    for (int a = 0; a < ns; a++) {
        int d = steps[a];
        if (d == 0) return 0;
        if (m & bit(d - 1)) return 0;
        m |= bit(d - 1);
    }
    *out = m;
    return 1;
}
static void build_rows(void) {
    NR = 0;
    for (int i = 0; i < K; i++) {
        for (int j = i + 1; j < K; j++) {
            int p = PA[i], q = PB[i], r = PA[j], s = PB[j];
            int st[4]; u128 m;
            /* (p, r, q, s): r-p, q-r, s-q, p-s */
            st[0] = sub[r][p]; st[1] = sub[q][r]; st[2] = sub[s][q]; st[3] = sub[p][s];
            if (stepmask(st, 4, &m)) addrow(m | bit(M - 1 + i) | bit(M - 1 + j), i, j, 0);
            /* (p, s, q, r): s-p, q-s, r-q, p-r */
            st[0] = sub[s][p]; st[1] = sub[q][s]; st[2] = sub[r][q]; st[3] = sub[p][r];
            if (stepmask(st, 4, &m)) addrow(m | bit(M - 1 + i) | bit(M - 1 + j), i, j, 1);
        }
        if (onerot) {
            int a = PA[i], c = PB[i], st[2]; u128 m;
            /* (inf, a, 0, c): steps 0-a, c-0 */
            st[0] = sub[0][a]; st[1] = c;
            if (stepmask(st, 2, &m)) addrow(m | bit(M - 1 + i) | bit(M - 1 + K), i, -1, 0);
            st[0] = sub[0][c]; st[1] = a;
            if (stepmask(st, 2, &m)) addrow(m | bit(M - 1 + i) | bit(M - 1 + K), i, -1, 1);
        }
    }
}

static int sused[128], cused[128], spart[128];
static long snodes, slimit;
static int sdfs(int x) {
    while (x < M && sused[x]) x++;
    if (x == M) return 1;
    int cand[128], nc = 0;
    for (int y = x + 1; y < M; y++) if (!sused[y] && !cused[cls[sub[y][x]]]) cand[nc++] = y;
    for (int a = nc - 1; a > 0; a--) { int b = rnd() % (a + 1); int t = cand[a]; cand[a] = cand[b]; cand[b] = t; }
    if (++snodes > slimit) return 0;
    sused[x] = 1;
    for (int a = 0; a < nc; a++) {
        int y = cand[a];
        sused[y] = 1; cused[cls[sub[y][x]]] = 1; spart[x] = y;
        if (sdfs(x + 1)) return 1;
        sused[y] = 0; cused[cls[sub[y][x]]] = 0;
        if (snodes > slimit) break;
    }
    sused[x] = 0;
    return 0;
}

static long nstarters, totnodes, nlimited;
#ifndef REPORT
#define REPORT 1000
#endif
static void run_cover(void) {
    K = 0;
    for (int x = 1; x < M; x++) if (spart[x] > x) { PA[K] = x; PB[K] = spart[x]; K++; }
    NCOL = (M - 1) + K + (onerot ? 1 : 0); /* + the infinity table, used once */
    FULL = 0;
    for (int c = 0; c < NCOL; c++) FULL |= bit(c);
    build_rows();
    int *rows = malloc(sizeof(int) * NR);
    for (int a = 0; a < NR; a++) rows[a] = a;
    nodes = 0; nch = 0;
    X(0, rows, NR);
    totnodes += nodes; if (nodes > limit) nlimited++;
    free(rows);
}
/* exhaustive: every starter (deterministic order) */
static void edfs(int x) {
    while (x < M && sused[x]) x++;
    if (x == M) { nstarters++; run_cover(); return; }
    sused[x] = 1;
    for (int y = x + 1; y < M; y++) if (!sused[y] && !cused[cls[sub[y][x]]]) {
        sused[y] = 1; cused[cls[sub[y][x]]] = 1; spart[x] = y; spart[y] = x;
        edfs(x + 1);
        sused[y] = 0; cused[cls[sub[y][x]]] = 0;
    }
    sused[x] = 0;
}

int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: %s N SEED NODE_LIMIT MAX_STARTERS MOD...\n", argv[0]); return 1; }
    N = atoi(argv[1]);
    unsigned long long seed = strtoull(argv[2], 0, 10);
    limit = atol(argv[3]);
    long maxst = atol(argv[4]);
    int nm = argc - 5, mods[8];
    M = 1;
    for (int i = 0; i < nm; i++) { mods[i] = atoi(argv[5 + i]); M *= mods[i]; }
    onerot = N % 4 == 0;
    if ((onerot ? N - 1 : N) != M || M > 100) { fprintf(stderr, "order mismatch\n"); return 1; }
    int vec[128][8];
    for (int x = 0; x < M; x++) { int r = x; for (int i = nm - 1; i >= 0; i--) { vec[x][i] = r % mods[i]; r /= mods[i]; } }
    for (int x = 0; x < M; x++) for (int y = 0; y < M; y++) {
        int idx = 0;
        for (int i = 0; i < nm; i++) idx = idx * mods[i] + ((vec[x][i] - vec[y][i]) % mods[i] + mods[i]) % mods[i];
        sub[x][y] = idx;
    }
    NCLS = 0;
    for (int x = 0; x < M; x++) cls[x] = -1;
    for (int x = 1; x < M; x++) if (cls[x] < 0) { cls[x] = NCLS; cls[sub[0][x]] = NCLS; NCLS++; }
    rs = seed * 0x9E3779B97F4A7C15ULL + 12345;
    if (!rs) rs = 1;
    for (int i = 0; i < 10; i++) rnd();
    clock_t t0 = clock();
    if (maxst == 0) {
        exhaustive = 1;
        memset(sused, 0, sizeof sused); memset(cused, 0, sizeof cused); sused[0] = 1;
        edfs(1);
        printf("EXHAUSTIVE n=%d starters=%ld solutions=%ld cpu=%.1fs\n", N, nstarters, nsol,
               (double)(clock() - t0) / CLOCKS_PER_SEC);
        return 0;
    }
    for (long st = 0; st < maxst; st++) {
        memset(sused, 0, sizeof sused); memset(cused, 0, sizeof cused); sused[0] = 1;
        snodes = 0; slimit = 1000000;
        if (!sdfs(1)) continue;
        for (int x = 1; x < M; x++) if (spart[x] > x) spart[spart[x]] = x;
        nstarters++;
        run_cover();
        if (nsol) {
            printf("n=%d seed=%llu starter#%ld cpu=%.1fs\n", N, seed, st, (double)(clock() - t0) / CLOCKS_PER_SEC);
            return 0;
        }
        if ((st + 1) % REPORT == 0) {
            fprintf(stderr, "n=%d starters=%ld cpu=%.1fs nodes/starter=%ld hit-limit=%ld\n", N, st + 1, (double)(clock() - t0) / CLOCKS_PER_SEC, totnodes / (st + 1), nlimited);
        }
    }
    printf("NOTFOUND n=%d seed=%llu starters=%ld cpu=%.1fs\n", N, seed, nstarters, (double)(clock() - t0) / CLOCKS_PER_SEC);
    return 0;
}
