/*
 * golf.c -- social golfer schedules with tables of 4 (tabu local search,
 *           Dotu & Van Hentenryck style swap moves), optionally with a
 *           cyclic structure.
 *
 * Model.  Points are (x,k) with x in Z_m, k in 0..K-1, plus H fixed
 * "infinite" points.  N = m*K + H, N divisible by 4.  We search B "base
 * rounds" (each a partition of all N points into N/4 tables of 4).  The
 * final schedule is obtained by developing every base round mod m
 * ((x,k) -> (x+t,k), infinite points fixed), t = 0..m-1, so R = m*B.
 * Two points meet at most once in the developed schedule iff the
 * "difference" counts are right:
 *   same class k:     difference +-d used at most once (d = m/2 never)
 *   classes k1<k2:    difference y-x used at most once
 *   inf_i with class k: at most once in total
 *   inf_i with inf_j: never (if m > 1)
 * Cost = sum over these difference classes of max(0, count - limit).
 * With m = 1 (K = N, H = 0) this is exactly the plain problem
 * (pairs meet at most once); then base round 0 is fixed to 1-2-3-4 5-6-7-8 ...
 *
 * Move: swap two points in different tables of the same base round, one of
 * them in conflict; best non-tabu move (aspiration if new global best),
 * random tie-break; tabu tenure random in [tmin,tmax]; after `stag`
 * iterations without improving the best cost, restart from the best
 * state perturbed by a few random swaps.
 *
 * Usage: ./golf m K H B seed seconds outfile [tmin tmax stag [saT [S [F [T [a,b,c]]]]]]
 *   tmin tmax stag: tabu tenure range and stagnation limit (defaults 3 20 20000)
 *   saT (11th arg): 0 = tabu search (default); >0 = simulated annealing at
 *    constant temperature saT; -1 = exhaustive backtracking (DFS) over the base
 *    rounds (prints EXHAUSTED if the structure has no solution); -L (L>1) =
 *    randomized DFS restarted every L nodes.  `seconds` is a CPU-time limit.
 *   S (12th, prime, DFS only): base rounds invariant under x -> x + m/S,
 *    developed over t = 0..m/S-1, so R = B*m/S (default 1)
 *   F (13th, tabu only): every F-th restart is a full random restart (default 0 = never)
 *   T (14th, needs H=0, K=4): T extra rounds invariant under Z_m, the j-th
 *    (j=0..T-1) made of the tables {(x,0),(x+j*a,1),(x+j*b,2),(x+j*c,3)}, x in Z_m,
 *    with a,b,c given by the 15th arg (default 1,2,3); R = m*B + T
 * Build: cc -O2 -o golf golf.c
 * The program verifies the developed schedule (plain pair count) before
 * writing outfile; output players are numbered 1..N, point (x,k) -> k*m+x+1,
 * inf_i -> m*K+i+1.
 *
 * Solutions found (all runs single-threaded under `nice -n 10`; each outfile
 * verified with `python3 check.py outfile`; all re-run with this final source
 * and reproduced byte-identical output; times are CPU seconds of the search):
 *   24_6.txt : ./golf 1 24 0 6 1 60 24_6.txt    plain tabu, seed 1, 7.9 s (647687 iters)
 *   24_7.txt : ./golf 7 3 3 1 1 60 24_7.txt     cyclic Z7 x 3 + 3 inf, seed 1, <0.01 s
 *   36_11.txt: ./golf 11 3 3 1 1 120 36_11.txt  cyclic Z11 x 3 + 3 inf, seed 1, 1.4 s
 *   48_15.txt: ./golf 15 3 3 1 1 90 48_15.txt   cyclic Z15 x 3 + 3 inf, seed 1, 16.4 s
 *   44_13.txt: ./golf 13 3 5 1 1 60 44_13.txt   cyclic Z13 x 3 + 5 inf, seed 1, 0.03 s
 *   44_12.txt: ./golf 12 3 8 1 1 60 44_12.txt   cyclic Z12 x 3 + 8 inf, seed 1, 1.5 s
 *   Derived (first rounds of a longer schedule; any subset of rounds of a
 *   valid schedule is valid):
 *   36_10.txt = head -10 36_11.txt;  48_13.txt = head -13 48_15.txt;
 *   48_14.txt = head -14 48_15.txt
 *
 * Not found: N=32 R=10 and N=44 R=14 (each would be a 4-RGDD of type 2^16 /
 * 2^22: every player meets all but one other).  Attempts (CPU seconds):
 *   32_10 ./golf 1 ... (plain) not tried at length (known hopeless for plain LS)
 *   32_10 ./golf 10 3 2 1 1 240 x 0 0 0 -1       exhaustive DFS, Z10x3+2inf:
 *         NO solution with this structure (28 s)
 *   32_10 ./golf 15 2 2 2 1 120 x 0 0 0 -1 3     Z15x2+2inf, rounds invariant under +5:
 *         NO solution (0.2 s; the inf tables would reuse the +-5 differences)
 *   32_10 ./golf 8 4 0 1 1 100 x 0 0 0 -1 1 0 2 a,b,c   Z8x4 developed + 2 Z8-invariant
 *         rounds, a,b,c in {1,2,3 1,2,4 1,2,5 1,3,4 1,4,5 2,4,6} (all inequivalent
 *         choices): NO solution for any (9-13 s each)
 *   32_10 Z10x3+2 tabu 2x60 s: best cost 1;  Z5x6+2inf, 2 base rounds
 *         (./golf 5 6 2 2 s ...): tabu seeds 1,2 90 s each, seed 3 ~100 s
 *         (tmin 5 tmax 30 stag 50000), seeds 5 and 11 420 s / 360 s: best cost 1, never 0;
 *         seed 7 with full restarts (F=20, stag 5000) ~60 s: best 3;
 *         SA T=0.4 45 s: best 3; randomized DFS (-2000000) 120 s: nothing;
 *         Z2x16, 5 base rounds, SA 45 s best 19, tabu 120 s best 12
 *   44_14 Z7x6+2inf 2 base rounds (./golf 7 6 2 2 s 90 ...), tabu seeds 1,2: best 3
 *   44_14 Z14x3+2inf (./golf 14 3 2 1 ...): exhaustive DFS not finished in 240 s;
 *         randomized DFS (-5000000) 150 s: nothing
 *   44_14 Z11x4 developed + 3 invariant rounds (./golf 11 4 0 1 s t x 3 20 20000 0 1 0 3 a,b,c):
 *         a,b,c=1,2,3: DFS 120 s unfinished, tabu 90 s best 1 (seed 1);
 *         1,3,4 1,4,9 1,2,4 1,3,9 2,5,7: tabu 45 s each best 2;
 *         1,2,3 seed 2 tabu 300 s: best 1
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

#define MAXN 64
#define MAXB 16
#define MAXIDX 40000

static int m, K, H, B, N, G;
static int T = 0;               /* extra rounds invariant under Z_m: transversal j = (0, j, 2j, ..., (K-1)j), j = 0..T-1 (needs H = 0) */
static int pre[MAXIDX];
static int TA[4] = {0, 1, 2, 3}; /* transversal j is (j*TA[0], j*TA[1], j*TA[2], j*TA[3]) */         /* difference counts precharged by those rounds */
static int S = 1; /* base rounds invariant under +m/S (S prime); developed over t=0..m/S-1 */
static int PI[MAXN][MAXN];   /* pair -> difference-class index */
static int LIM[MAXIDX];      /* allowed count per index */
static int cnt[MAXIDX];
static int nidx;
static int sched[MAXB][MAXN]; /* sched[r][g*4+j] */
static int pos[MAXB][MAXN];
static int best[MAXB][MAXN];
static long cost, bestcost;
static int fixed0;
static long tabu[MAXB][MAXN][MAXN];

static unsigned long long rs;
static inline unsigned rnd(void) {
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (unsigned)(rs >> 11);
}
static inline int rndint(int n) { return (int)(rnd() % (unsigned)n); }

static void build_index(void) {
    int pure[MAXN][MAXN], mixed[MAXN][MAXN][MAXN], infk[MAXN][MAXN], infinf[MAXN][MAXN];
    nidx = 0;
    for (int k = 0; k < K; k++) for (int d = 0; d < m; d++) { pure[k][d] = nidx; LIM[nidx] = (2 * d == m) ? 0 : S; nidx++; }
    for (int a = 0; a < K; a++) for (int b = a + 1; b < K; b++) for (int d = 0; d < m; d++) { mixed[a][b][d] = nidx; LIM[nidx] = S; nidx++; }
    for (int i = 0; i < H; i++) for (int k = 0; k < K; k++) { infk[i][k] = nidx; LIM[nidx] = S; nidx++; }
    for (int i = 0; i < H; i++) for (int j = i + 1; j < H; j++) { infinf[i][j] = nidx; LIM[nidx] = (m > 1) ? 0 : S; nidx++; }
    if (nidx > MAXIDX) { fprintf(stderr, "too many indices\n"); exit(1); }
    for (int u = 0; u < N; u++) for (int v = 0; v < N; v++) {
        if (u == v) { PI[u][v] = -1; continue; }
        int a = u < v ? u : v, b = u < v ? v : u;
        if (b < m * K) {
            int k1 = a / m, x1 = a % m, k2 = b / m, x2 = b % m;
            if (k1 == k2) { int d = ((x2 - x1) % m + m) % m; if (m - d < d) d = m - d; PI[u][v] = pure[k1][d]; }
            else { int d = ((x2 - x1) % m + m) % m; PI[u][v] = mixed[k1][k2][d]; }
        } else if (a < m * K) {
            PI[u][v] = infk[b - m * K][a / m];
        } else {
            PI[u][v] = infinf[a - m * K][b - m * K];
        }
    }
}

static inline long addpair(int u, int v, int s) { /* returns cost change */
    int i = PI[u][v];
    int c0 = cnt[i], c1 = c0 + s, l = LIM[i];
    cnt[i] = c1;
    return (long)((c1 > l ? c1 - l : 0) - (c0 > l ? c0 - l : 0));
}

static void precharge(void) {
    memset(pre, 0, sizeof pre);
    for (int j = 0; j < T; j++) for (int k1 = 0; k1 < K; k1++) for (int k2 = k1 + 1; k2 < K; k2++)
        pre[PI[k1 * m + (TA[k1] * j) % m][k2 * m + (TA[k2] * j) % m]]++;
}

static long full_cost(void) {
    memcpy(cnt, pre, sizeof(int) * nidx);
    long c = 0;
    for (int i = 0; i < nidx; i++) if (cnt[i] > LIM[i]) c += cnt[i] - LIM[i];
    for (int r = 0; r < B; r++) for (int g = 0; g < G; g++)
        for (int i = 0; i < 4; i++) for (int j = i + 1; j < 4; j++)
            c += addpair(sched[r][g * 4 + i], sched[r][g * 4 + j], 1);
    return c;
}

/* delta of swapping the points at positions pa, pb (different tables) of round r */
static long swap_delta(int r, int pa, int pb, int apply) {
    int *s = sched[r];
    int a = s[pa], b = s[pb], ga = pa / 4, gb = pb / 4;
    long d = 0;
    for (int j = 0; j < 4; j++) { int x = s[ga * 4 + j]; if (x != a) { d += addpair(a, x, -1); d += addpair(b, x, 1); } }
    for (int j = 0; j < 4; j++) { int y = s[gb * 4 + j]; if (y != b) { d += addpair(b, y, -1); d += addpair(a, y, 1); } }
    if (apply) {
        s[pa] = b; s[pb] = a; pos[r][a] = pb; pos[r][b] = pa;
    } else {
        for (int j = 0; j < 4; j++) { int x = s[ga * 4 + j]; if (x != a) { addpair(a, x, 1); addpair(b, x, -1); } }
        for (int j = 0; j < 4; j++) { int y = s[gb * 4 + j]; if (y != b) { addpair(b, y, 1); addpair(a, y, -1); } }
    }
    return d;
}

static int in_conflict(int r, int p) {
    int g = pos[r][p] / 4;
    for (int j = 0; j < 4; j++) { int x = sched[r][g * 4 + j]; if (x != p) { int i = PI[p][x]; if (cnt[i] > LIM[i]) return 1; } }
    return 0;
}

static void write_and_verify(const char *fn) {
    int R = (m / S) * B;
    static int meet[MAXN][MAXN];
    static int full[MAXB * 64][MAXN];
    memset(meet, 0, sizeof meet);
    int rr = 0;
    for (int r = 0; r < B; r++) for (int t = 0; t < m / S; t++, rr++) {
        int seen[MAXN] = {0};
        for (int q = 0; q < N; q++) {
            int u = best[r][q], v;
            if (u < m * K) v = (u / m) * m + (u % m + t) % m; else v = u;
            full[rr][q] = v; seen[v]++;
        }
        for (int q = 0; q < N; q++) if (seen[q] != 1) { fprintf(stderr, "BUG: not a partition\n"); exit(2); }
        for (int g = 0; g < G; g++) for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) if (i != j)
            meet[full[rr][g * 4 + i]][full[rr][g * 4 + j]]++;
    }
    for (int j = 0; j < T; j++, rr++) { /* rounds invariant under Z_m (one round per j) */
        int seen[MAXN] = {0};
        for (int x = 0; x < m; x++) for (int k = 0; k < K; k++) { int v = k * m + (x + TA[k] * j) % m; full[rr][x * 4 + k] = v; seen[v]++; }
        for (int q = 0; q < N; q++) if (seen[q] != 1) { fprintf(stderr, "BUG: not a partition\n"); exit(2); }
        for (int g = 0; g < G; g++) for (int i = 0; i < 4; i++) for (int q = 0; q < 4; q++) if (i != q)
            meet[full[rr][g * 4 + i]][full[rr][g * 4 + q]]++;
    }
    R = rr;
    int bad = 0;
    for (int u = 0; u < N; u++) for (int v = u + 1; v < N; v++) if (meet[u][v] > 1) bad++;
    if (bad) { fprintf(stderr, "BUG: %d repeated pairs in developed schedule\n", bad); exit(2); }
    FILE *f = fopen(fn, "w");
    for (int r = 0; r < R; r++) {
        for (int g = 0; g < G; g++) {
            /* sort table for readability */
            int t4[4]; for (int j = 0; j < 4; j++) t4[j] = full[r][g * 4 + j];
            for (int i = 0; i < 4; i++) for (int j = i + 1; j < 4; j++) if (t4[j] < t4[i]) { int z = t4[i]; t4[i] = t4[j]; t4[j] = z; }
            fprintf(f, "%s%d-%d-%d-%d", g ? "  " : "", t4[0] + 1, t4[1] + 1, t4[2] + 1, t4[3] + 1);
        }
        fprintf(f, "\n");
    }
    fclose(f);
}


/* ---------- backtracking (DFS) mode ---------- */
static int used[MAXB][MAXN];
static int ord[MAXN];          /* point order used for branching */
static long nodes, nodelim;
static int dfs_found, dfs_timeout;
static clock_t dfs_t0;
static double dfs_tlim;
#define OKSYM(q) (!symfix || (q) >= m * K || (q) % (m / S) == 0)

static int tryadd(int u, int v) { int i = PI[u][v]; cnt[i]++; return cnt[i] <= LIM[i]; }
static void undo(int u, int v) { cnt[PI[u][v]]--; }

static void rec(int r, int g) {
    if (dfs_found || (nodelim > 0 && nodes > nodelim) || dfs_timeout) return;
    nodes++;
    if ((nodes & 0xFFFFF) == 0 && (double)(clock() - dfs_t0) / CLOCKS_PER_SEC > dfs_tlim) { dfs_timeout = 1; return; }
    int symfix = (r == 0 && g == 0 && H > 0 && m > 1); /* block of inf_0 in round 0: its finite points WLOG (0,k) by translating classes */
    if (g == G) {
        if (r + 1 == B) { dfs_found = 1; memcpy(best, sched, sizeof sched); return; }
        rec(r + 1, 0); return;
    }
    int i0 = 0; while (used[r][ord[i0]]) i0++;
    int p = ord[i0];
    used[r][p] = 1; sched[r][g * 4] = p;
    for (int i1 = i0 + 1; i1 < N; i1++) {
        int a = ord[i1]; if (used[r][a] || !OKSYM(a)) continue;
        int ok1 = tryadd(p, a);
        if (ok1) {
            used[r][a] = 1;
            for (int i2 = i1 + 1; i2 < N; i2++) {
                int b = ord[i2]; if (used[r][b] || !OKSYM(b)) continue;
                int ok2 = tryadd(p, b); ok2 &= tryadd(a, b);
                if (ok2) {
                    used[r][b] = 1;
                    for (int i3 = i2 + 1; i3 < N; i3++) {
                        int c = ord[i3]; if (used[r][c] || !OKSYM(c)) continue;
                        int ok3 = tryadd(p, c); ok3 &= tryadd(a, c); ok3 &= tryadd(b, c);
                        if (ok3 && S == 1) {
                            used[r][c] = 1;
                            sched[r][g * 4 + 1] = a; sched[r][g * 4 + 2] = b; sched[r][g * 4 + 3] = c;
                            rec(r, g + 1);
                            used[r][c] = 0;
                        } else if (ok3) { /* place the whole orbit of the block under +m/S */
                            int blk[4] = {p, a, b, c}, tr[16][4], nb = 1, okk = 1, inv = 1;
                            used[r][c] = 1;
                            for (int q = 0; q < 4; q++) tr[0][q] = blk[q];
                            for (int j = 1; j < S; j++) for (int q = 0; q < 4; q++) {
                                int u = blk[q]; tr[j][q] = (u < m * K) ? (u / m) * m + (u % m + j * (m / S)) % m : u;
                            }
                            { int in0 = 0; for (int q = 0; q < 4; q++) for (int q2 = 0; q2 < 4; q2++) if (tr[1][q] == blk[q2]) in0++; inv = (in0 == 4); if (!inv && in0) okk = 0; }
                            int added = 0; /* number of translates whose pairs were added */
                            if (okk && !inv) {
                                for (int j = 1; j < S && okk; j++) for (int q = 0; q < 4; q++) if (used[r][tr[j][q]]) okk = 0;
                                /* translates mutually disjoint (S prime, points distinct unless invariant) */
                                for (int j = 1; j < S && okk; j++) {
                                    int oj = 1;
                                    for (int q = 0; q < 4; q++) for (int q2 = q + 1; q2 < 4; q2++) oj &= tryadd(tr[j][q], tr[j][q2]);
                                    added = j;
                                    if (!oj) okk = 0;
                                    for (int q = 0; q < 4; q++) used[r][tr[j][q]] = 1;
                                }
                                nb = S;
                            }
                            if (okk) {
                                for (int j = 0; j < nb; j++) for (int q = 0; q < 4; q++) sched[r][(g + j) * 4 + q] = tr[j][q];
                                rec(r, g + nb);
                            }
                            for (int j = 1; j <= added; j++) {
                                for (int q = 0; q < 4; q++) for (int q2 = q + 1; q2 < 4; q2++) undo(tr[j][q], tr[j][q2]);
                                for (int q = 0; q < 4; q++) used[r][tr[j][q]] = 0;
                            }
                            used[r][c] = 0;
                        }
                        undo(p, c); undo(a, c); undo(b, c);
                        if (dfs_found) break;
                    }
                    used[r][b] = 0;
                }
                undo(p, b); undo(a, b);
                if (dfs_found) break;
            }
            used[r][a] = 0;
        }
        undo(p, a);
        if (dfs_found) break;
    }
    used[r][p] = 0;
}

/* restarts of randomized DFS with node limit; nodelim0 <= 0: one exhaustive DFS in natural order */
static void dfs_search(long nodelim0, double tlim) {
    clock_t t0 = clock();
    long restarts = 0;
    dfs_t0 = t0; dfs_tlim = tlim;
    for (;;) {
        memcpy(cnt, pre, sizeof(int) * nidx); memset(used, 0, sizeof used);
        /* infinite points first (so round 0 starts with the block of inf_0), then finite points */
        for (int i = 0; i < N; i++) ord[i] = (i < H) ? m * K + i : i - H;
        if (nodelim0 > 0) for (int i = N - 1; i > H; i--) { int z = H + rndint(i - H + 1); int t = ord[i]; ord[i] = ord[z]; ord[z] = t; }
        nodes = 0; nodelim = nodelim0;
        rec(0, 0);
        restarts++;
        double el = (double)(clock() - t0) / CLOCKS_PER_SEC;
        if (dfs_found || nodelim0 <= 0 || el > tlim) {
            printf("DFS: %s after %ld restarts, %ld nodes in last, %.2fs\n", dfs_found ? "FOUND" : dfs_timeout ? "timeout" : (nodelim0 <= 0 ? "EXHAUSTED (no solution with this structure)" : "timeout"), restarts, nodes, el);
            return;
        }
    }
}

int main(int argc, char **argv) {
    if (argc < 8) { fprintf(stderr, "usage: %s m K H B seed seconds outfile [tmin tmax stag]\n", argv[0]); return 1; }
    m = atoi(argv[1]); K = atoi(argv[2]); H = atoi(argv[3]); B = atoi(argv[4]);
    unsigned long long seed = strtoull(argv[5], 0, 10);
    double tlim = atof(argv[6]);
    const char *out = argv[7];
    int tmin = argc > 8 ? atoi(argv[8]) : 3, tmax = argc > 9 ? atoi(argv[9]) : 20;
    long stag = argc > 10 ? atol(argv[10]) : 20000;
    T = argc > 14 ? atoi(argv[14]) : 0;
    if (argc > 15) sscanf(argv[15], "%d,%d,%d", &TA[1], &TA[2], &TA[3]);
    if (T && (H || K != 4)) { fprintf(stderr, "T>0 needs H=0, K=4\n"); return 1; }
    long fullre = argc > 13 ? atol(argv[13]) : 0; /* tabu: full random restart every fullre restarts (0 = never) */
    S = argc > 12 ? atoi(argv[12]) : 1; /* only used by the backtracking mode */
    double sa_T = argc > 11 ? atof(argv[11]) : 0; /* >0: simulated annealing at this temperature instead of tabu */
    N = m * K + H; G = N / 4;
    if (S < 1 || m % S || (S > 1 && !(argc > 11 && atof(argv[11]) < 0))) { fprintf(stderr, "S>1 needs m%%S==0 and backtracking mode\n"); return 1; }
    if (N % 4 || N > MAXN || B > MAXB) { fprintf(stderr, "bad sizes\n"); return 1; }
    rs = seed * 0x9E3779B97F4A7C15ULL + 12345; for (int i = 0; i < 10; i++) rnd();
    build_index();
    precharge();
    fixed0 = (m == 1);
    for (int r = 0; r < B; r++) {
        for (int q = 0; q < N; q++) sched[r][q] = q;
        if (!(fixed0 && r == 0)) for (int q = N - 1; q > 0; q--) { int z = rndint(q + 1); int t = sched[r][q]; sched[r][q] = sched[r][z]; sched[r][z] = t; }
        for (int q = 0; q < N; q++) pos[r][sched[r][q]] = q;
    }
    if (sa_T < 0) { /* saT < 0: backtracking; node limit per restart = -saT (saT = -1: exhaustive) */
        long nl = (long)(-sa_T); if (nl <= 1) nl = 0;
        dfs_search(nl, tlim);
        if (dfs_found) { write_and_verify(out); printf("N=%d R=%d seed=%llu wrote %s\n", N, (m / S) * B + T, seed, out); return 0; }
        return 3;
    }
    cost = full_cost();
    bestcost = cost; memcpy(best, sched, sizeof sched);
    memset(tabu, 0, sizeof tabu);
    clock_t t0 = clock();
    long it = 0, lastimp = 0, restarts = 0;
    if (sa_T > 0) { /* simulated annealing at constant temperature sa_T */
        int r0s = fixed0 ? 1 : 0;
        double thr[64]; for (int d = 0; d < 64; d++) thr[d] = exp(-(double)d / sa_T);
        while (bestcost > 0) {
            it++;
            if ((it & 0xFFFFF) == 0) {
                double el = (double)(clock() - t0) / CLOCKS_PER_SEC;
                if (el > tlim) break;
                if ((it & 0xFFFFFFF) == 0) fprintf(stderr, "it=%ld t=%.0fs cost=%ld best=%ld\n", it, el, cost, bestcost);
            }
            int r = r0s + rndint(B - r0s), pa = rndint(N), pb = rndint(N);
            if (pa / 4 == pb / 4) continue;
            long d = swap_delta(r, pa, pb, 0);
            if (d <= 0 || (d < 64 && (rnd() & 0xFFFFFF) < thr[d] * 16777216.0)) {
                cost += swap_delta(r, pa, pb, 1);
                if (cost < bestcost) { bestcost = cost; memcpy(best, sched, sizeof sched); }
            }
        }
    }
    static int cr[MAXB * MAXN], cp[MAXB * MAXN];
    int r0 = fixed0 ? 1 : 0;
    while (sa_T <= 0 && bestcost > 0) {
        it++;
        if ((it & 1023) == 0) {
            double el = (double)(clock() - t0) / CLOCKS_PER_SEC;
            if (el > tlim) break;
            if ((it & ((1 << 20) - 1)) == 0) { fprintf(stderr, "it=%ld t=%.0fs cost=%ld best=%ld restarts=%ld\n", it, el, cost, bestcost, restarts); }
        }
        /* collect conflict points */
        int nc = 0;
        for (int r = r0; r < B; r++) for (int p = 0; p < N; p++) if (in_conflict(r, p)) { cr[nc] = r; cp[nc] = p; nc++; }
        long bd = 1L << 40; int br = -1, bpa = -1, bpb = -1, nties = 0;
        for (int c = 0; c < nc; c++) {
            int r = cr[c], a = cp[c], pa = pos[r][a], ga = pa / 4;
            for (int pb = 0; pb < N; pb++) {
                if (pb / 4 == ga) continue;
                int b = sched[r][pb];
                long d = swap_delta(r, pa, pb, 0);
                int tb = tabu[r][a][b] > it;
                if (tb && !(cost + d < bestcost)) continue;
                if (d < bd) { bd = d; br = r; bpa = pa; bpb = pb; nties = 1; }
                else if (d == bd) { nties++; if (rndint(nties) == 0) { br = r; bpa = pa; bpb = pb; } }
            }
        }
        if (br < 0) { /* everything tabu: random move */
            br = r0 + rndint(B - r0); bpa = rndint(N); do bpb = rndint(N); while (bpb / 4 == bpa / 4);
        }
        int a = sched[br][bpa], b = sched[br][bpb];
        cost += swap_delta(br, bpa, bpb, 1);
        int ten = tmin + rndint(tmax - tmin + 1);
        tabu[br][a][b] = tabu[br][b][a] = it + ten;
        if (cost < bestcost) { bestcost = cost; memcpy(best, sched, sizeof sched); lastimp = it; }
        else if (it - lastimp > stag) {
            restarts++;
            if (fullre > 0 && restarts % fullre == 0) {
                /* full random restart: forget the current best basin */
                for (int r = r0; r < B; r++) {
                    for (int q = N - 1; q > 0; q--) { int z = rndint(q + 1); int t = best[r][q]; best[r][q] = best[r][z]; best[r][z] = t; }
                }
                memcpy(sched, best, sizeof sched);
                for (int r = 0; r < B; r++) for (int q = 0; q < N; q++) pos[r][sched[r][q]] = q;
                cost = bestcost = full_cost();
                memset(tabu, 0, sizeof tabu);
                lastimp = it;
                continue;
            }
            memcpy(sched, best, sizeof sched);
            for (int r = 0; r < B; r++) for (int q = 0; q < N; q++) pos[r][sched[r][q]] = q;
            int np = 2 + rndint(2 * B + 2);
            for (int z = 0; z < np; z++) {
                int r = r0 + rndint(B - r0), pa = rndint(N), pb;
                do pb = rndint(N); while (pb / 4 == pa / 4);
                int x = sched[r][pa], y = sched[r][pb];
                sched[r][pa] = y; sched[r][pb] = x; pos[r][x] = pb; pos[r][y] = pa;
            }
            cost = full_cost();
            lastimp = it;
        }
    }
    double el = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("N=%d R=%d m=%d K=%d H=%d B=%d T=%d seed=%llu best=%ld iters=%ld restarts=%ld time=%.2fs\n",
           N, m * B + T, m, K, H, B, T, seed, bestcost, it, restarts, el);
    if (bestcost == 0) { write_and_verify(out); printf("wrote %s\n", out); return 0; }
    return 3;
}
