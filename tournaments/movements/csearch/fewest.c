/*
 * fewest.c -- a small night's seating with the worst pair and the repeats as low as a
 *             simulated annealing finds them (the nights `small.py` ships).
 *
 * n players, r rounds, n / 4 tables a round, s = n % 4 sitting out. Sit-outs start rotated
 * (round k: players k*s .. k*s+s-1 mod n), so no one sits out twice before everyone has once,
 * nor twice running. A move swaps two seated players of one round (at two tables, or at one
 * table, which changes who partners whom). With FREE 1 (the sixth argument), a third of the
 * moves instead swap a seated player with one sitting out in that round, kept only if the
 * sit-outs still obey the rules: after every round the most and fewest sit-outs so far differ
 * by at most one (nobody sits out twice before everyone has once), and nobody sits out in two
 * rounds running. With FREE 0 (or no sixth argument) the sit-outs stay rotated and the run is
 * move for move the one that found the nights shipped before issue 41.
 *
 * RESTARTS (the seventh argument, default 1) splits the moves into that many coolings, each
 * from the best night so far, reheated (a cooling that gets stuck starts again near the best).
 * HOT (the eighth, default 2) is the temperature each cooling starts at; it ends at 0.05.
 *
 * Cost, lowest wins:
 *   P * (partnerships again) + X * sum over pairs of max(0, meetings - W) + sum over pairs of
 *   max(0, meetings - 1)
 * W is the worst pair aimed at (argument). The driver (`small_search.py`) starts W at the
 * lower bound and raises it until a run reaches no meeting over W, so the order of what
 * matters is partners, then the worst pair, then the repeats in all.
 *
 * Usage: ./fewest n r W seed moves [FREE [RESTARTS [HOT]]]
 * Prints "partners worst repeats" and then each round's tables as 4 players (1..n) in seat
 * order N E S W, a line per round, for the cheapest night seen.
 *
 * Build: cc -O2 -o fewest fewest.c -lm
 *
 * Issue 41 (the 17 sizes where a better night was known): `small_search.py` with FREE 1; the
 * commands, seeds and times are in csearch/README.md.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 64
#define MAXR 16

static int n, r, W, seats, s, FREE;
static int seat[MAXR][MAXN];  /* seat[k][i]: the player in seat i of round k; from `seats` on,
                                 the players sitting out */
static int met[MAXN][MAXN], part[MAXN][MAXN];
static long cost;
static long P = 6, X = 4;

static unsigned long long rng_state;
static unsigned long long next_random(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static double uniform(void) { return (next_random() >> 11) * (1.0 / 9007199254740992.0); }

/* The cost of a pair's meetings and partnerships. */
static long meet_cost(int m) { return (m > 1 ? m - 1 : 0) + (m > W ? X * (m - W) : 0); }
static long part_cost(int m) { return m > 1 ? P * (m - 1) : 0; }

static void bump_met(int a, int b, int sign) {
  int m = met[a][b];
  cost -= meet_cost(m);
  m += sign;
  met[a][b] = met[b][a] = m;
  cost += meet_cost(m);
}
static void bump_part(int a, int b, int sign) {
  int m = part[a][b];
  cost -= part_cost(m);
  m += sign;
  part[a][b] = part[b][a] = m;
  cost += part_cost(m);
}

/* Add (sign 1) or take away (sign -1) one table of round k: its six meetings, two partnerships. */
static void table(int k, int t, int sign) {
  int *p = &seat[k][4 * t];
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++) bump_met(p[i], p[j], sign);
  bump_part(p[0], p[2], sign);
  bump_part(p[1], p[3], sign);
}

static void swap_seats(int k, int i, int j) {
  int ti = i / 4, tj = j / 4;
  table(k, ti, -1);
  if (tj != ti) table(k, tj, -1);
  int x = seat[k][i];
  seat[k][i] = seat[k][j];
  seat[k][j] = x;
  table(k, ti, 1);
  if (tj != ti) table(k, tj, 1);
}

/* The sit-outs obey the rules: after every round the most and fewest so far differ by at most
   one, and nobody sits out two rounds running. */
static int sit_outs_fair(void) {
  int count[MAXN] = {0}, last[MAXN];
  for (int p = 0; p < n; p++) last[p] = -2;
  for (int k = 0; k < r; k++) {
    for (int i = seats; i < n; i++) {
      int p = seat[k][i];
      if (last[p] == k - 1) return 0;
      last[p] = k;
      count[p]++;
    }
    int low = count[0], high = count[0];
    for (int p = 1; p < n; p++) {
      if (count[p] < low) low = count[p];
      if (count[p] > high) high = count[p];
    }
    if (high - low > 1) return 0;
  }
  return 1;
}

/* Seat i (seated) and place j (sitting out) of round k change players. */
static void swap_out(int k, int i, int j) {
  int t = i / 4;
  table(k, t, -1);
  int x = seat[k][i];
  seat[k][i] = seat[k][j];
  seat[k][j] = x;
  table(k, t, 1);
}

static void score(int *partners, int *worst, int *repeats) {
  *partners = *worst = *repeats = 0;
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++) {
      if (part[a][b] > 1) *partners += part[a][b] - 1;
      if (met[a][b] > 1) *repeats += met[a][b] - 1;
      if (met[a][b] > *worst) *worst = met[a][b];
    }
}

int main(int argc, char **argv) {
  if (argc < 6 || argc > 9) {
    fprintf(stderr, "usage: %s n rounds worst seed moves [free [restarts [hot]]]\n", argv[0]);
    return 2;
  }
  n = atoi(argv[1]);
  r = atoi(argv[2]);
  W = atoi(argv[3]);
  rng_state = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)atoll(argv[4]) * 2654435761ULL;
  long moves = atol(argv[5]);
  FREE = argc > 6 ? atoi(argv[6]) : 0;
  int restarts = argc > 7 ? atoi(argv[7]) : 1;
  if (restarts < 1) restarts = 1;
  double start_hot = argc > 8 ? atof(argv[8]) : 2.0;
  if (n < 8 || n > MAXN || r < 1 || r > MAXR) {
    fprintf(stderr, "n must be 8..%d and rounds 1..%d\n", MAXN, MAXR);
    return 2;
  }
  s = n % 4;
  seats = n - s;
  X = 6L * (seats / 4) * r + 1; /* one meeting over W outweighs every repeat below it */
  P = X * 4;                    /* a partnership again outweighs a pair over W */
  for (int k = 0; k < r; k++) {
    int out[4] = {-1, -1, -1, -1}, c = 0;
    for (int i = 0; i < s; i++) out[i] = (k * s + i) % n;
    int perm[MAXN];
    for (int p = 0; p < n; p++)
      if (p != out[0] && p != out[1] && p != out[2]) perm[c++] = p;
    for (int i = c - 1; i > 0; i--) {
      int j = next_random() % (i + 1), x = perm[i];
      perm[i] = perm[j];
      perm[j] = x;
    }
    memcpy(seat[k], perm, sizeof(int) * seats);
    for (int i = 0; i < s; i++) seat[k][seats + i] = out[i];
    for (int t = 0; t < seats / 4; t++) table(k, t, 1);
  }
  static int best_seat[MAXR][MAXN];
  long best = cost;
  memcpy(best_seat, seat, sizeof seat);
  /* Temperature from HOT down to 0.05, geometrically, over each cooling's moves. */
  long each = moves / restarts;
  for (int c = 0; c < restarts && best > 0; c++) {
    if (c > 0) {
      /* Start again from the best night so far. */
      memcpy(seat, best_seat, sizeof seat);
      memset(met, 0, sizeof met);
      memset(part, 0, sizeof part);
      cost = 0;
      for (int k = 0; k < r; k++)
        for (int t = 0; t < seats / 4; t++) table(k, t, 1);
    }
    double hot = start_hot, cold = 0.05, temp = hot, factor = pow(cold / hot, 1.0 / (double)each);
    for (long m = 0; m < each && best > 0; m++, temp *= factor) {
      int k = next_random() % r;
      if (FREE && s > 0 && next_random() % 3 == 0) {
        int i = next_random() % seats, j = seats + next_random() % s;
        long before = cost;
        swap_out(k, i, j);
        long delta = cost - before;
        if (sit_outs_fair() && (delta <= 0 || uniform() < exp(-delta / temp))) {
          if (cost < best) {
            best = cost;
            memcpy(best_seat, seat, sizeof seat);
          }
        } else {
          swap_out(k, i, j);
        }
        continue;
      }
      int i = next_random() % seats, j = next_random() % seats;
      if (i == j) continue;
      long before = cost;
      swap_seats(k, i, j);
      long delta = cost - before;
      if (delta <= 0 || uniform() < exp(-delta / temp)) {
        if (cost < best) {
          best = cost;
          memcpy(best_seat, seat, sizeof seat);
        }
      } else {
        swap_seats(k, i, j);
      }
    }
  }
  memcpy(seat, best_seat, sizeof seat);
  memset(met, 0, sizeof met);
  memset(part, 0, sizeof part);
  for (int k = 0; k < r; k++)
    for (int t = 0; t < seats / 4; t++) table(k, t, 1);
  int partners, worst, repeats;
  score(&partners, &worst, &repeats);
  printf("%d %d %d\n", partners, worst, repeats);
  for (int k = 0; k < r; k++) {
    for (int i = 0; i < seats; i++) printf("%d%c", seat[k][i] + 1, i + 1 < seats ? ' ' : '\n');
  }
  return 0;
}
