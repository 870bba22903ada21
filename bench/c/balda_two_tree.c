/* The two-tree Balda search of article 000, in plain C: the baseline `wordbot bench` measures
 * balda_moves against. A forward trie of the words and an "inverted" trie of every reversed word
 * prefix (БАЛДА: адлаб, длаб, лаб, аб, б), dense child arrays. For each empty cell next to a letter
 * and each letter the inverted root has: put the letter, walk the board backwards down the inverted
 * trie; at a node that closes a whole prefix, walk the prefix in the forward trie and continue
 * forwards from the new cell. A cell may be used `cap` times (1 classic, 2 knots). Moves are
 * counted once per (cell, letter, word), as balda_moves reports them.
 *
 * usage: balda_two_tree WORDS.txt BOARDS.txt CAP MIN_LEN REPEAT
 *   WORDS.txt: one word per line as letter codes + 'A' (ASCII for 32 letters)
 *   BOARDS.txt: per board "ROWS COLS", ROWS*COLS codes (-1 empty), then "K" and the K indices
 *   (line numbers in WORDS.txt, from 0) of the words already played, whitespace separated
 * prints: boards seconds_per_pass moves total_letters (seconds: the fastest of REPEAT passes)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXA 32
#define MAXL 64
typedef struct { int child[MAXA]; int word; } Node;
typedef struct { Node *n; int count, cap; } Trie;
static Trie fwd, inv;
static int *word_len, *stamp, *letters_seen, n_words, mark;
static char *banned; /* words already played */
static int rows, cols, cap, min_len, board[4096], uses[4096];
static int ex, ey_letter; /* the new cell and its letter */
static int prefix[MAXL];
static long moves, total_letters;

static int new_node(Trie *t) {
    if (t->count == t->cap) { t->cap = t->cap ? t->cap * 2 : 4096; t->n = realloc(t->n, sizeof(Node) * t->cap); }
    memset(t->n[t->count].child, 0, sizeof(t->n[t->count].child)); t->n[t->count].word = -1;
    return t->count++;
}

static int add(Trie *t, const int *codes, int len) {
    int node = 0;
    for (int i = 0; i < len; i++) {
        if (!t->n[node].child[codes[i]]) { int k = new_node(t); t->n[node].child[codes[i]] = k; }
        node = t->n[node].child[codes[i]];
    }
    return node;
}

static int letter_at(int cell) { return cell == ex ? ey_letter : board[cell]; }

static void find_fwd(int node, int cell, int len) {
    int w = fwd.n[node].word;
    if (w >= 0 && len >= min_len && !banned[w]) {
        if (stamp[w] != mark) { stamp[w] = mark; letters_seen[w] = 0; }
        if (!(letters_seen[w] >> ey_letter & 1)) { letters_seen[w] |= 1 << ey_letter; moves++; total_letters += len; }
    }
    int r = cell / cols, c = cell % cols;
    int nb[4] = {r > 0 ? cell - cols : -1, r < rows - 1 ? cell + cols : -1, c > 0 ? cell - 1 : -1, c < cols - 1 ? cell + 1 : -1};
    for (int k = 0; k < 4; k++) {
        int v = nb[k];
        if (v < 0 || uses[v] == 0) continue;
        int next = fwd.n[node].child[letter_at(v)];
        if (!next) continue;
        uses[v]--; find_fwd(next, v, len + 1); uses[v]++;
    }
}

/* path[0..len-1]: cells from the new one backwards; the prefix is their letters reversed */
static void find_inv(int node, int cell, int len) {
    if (inv.n[node].word >= 0) {
        int t = 0;
        for (int i = 0; i < len; i++) t = fwd.n[t].child[prefix[len - 1 - i]];
        find_fwd(t, ex, len);
    }
    int r = cell / cols, c = cell % cols;
    int nb[4] = {r > 0 ? cell - cols : -1, r < rows - 1 ? cell + cols : -1, c > 0 ? cell - 1 : -1, c < cols - 1 ? cell + 1 : -1};
    for (int k = 0; k < 4; k++) {
        int v = nb[k];
        if (v < 0 || uses[v] == 0) continue;
        int letter = letter_at(v);
        int next = inv.n[node].child[letter];
        if (!next) continue;
        prefix[len] = letter;
        uses[v]--; find_inv(next, v, len + 1); uses[v]++;
    }
}

static void search(void) {
    for (int i = 0; i < rows * cols; i++) uses[i] = board[i] >= 0 ? cap : 0;
    for (int e = 0; e < rows * cols; e++) {
        if (board[e] >= 0) continue;
        int r = e / cols, c = e % cols;
        if (!((r > 0 && board[e - cols] >= 0) || (r < rows - 1 && board[e + cols] >= 0) ||
              (c > 0 && board[e - 1] >= 0) || (c < cols - 1 && board[e + 1] >= 0))) continue;
        ex = e; mark++;
        for (int s = 0; s < MAXA; s++) {
            int t = inv.n[0].child[s];
            if (!t) continue;
            ey_letter = s; prefix[0] = s; uses[e] = cap - 1;
            find_inv(t, e, 1);
        }
        uses[e] = 0;
    }
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: %s WORDS BOARDS CAP MIN_LEN REPEAT\n", argv[0]); return 2; }
    cap = atoi(argv[3]); min_len = atoi(argv[4]); int repeat = atoi(argv[5]);
    FILE *f = fopen(argv[1], "r"); if (!f) return 2;
    new_node(&fwd); new_node(&inv);
    char line[256]; int codes[MAXL], rev[MAXL], cap_words = 1024;
    word_len = malloc(sizeof(int) * cap_words);
    while (fgets(line, sizeof line, f)) {
        int len = 0;
        for (char *p = line; *p && *p != '\n' && len < MAXL; p++) codes[len++] = *p - 'A';
        if (!len) continue;
        if (n_words == cap_words) { cap_words *= 2; word_len = realloc(word_len, sizeof(int) * cap_words); }
        int end = add(&fwd, codes, len); /* add() may move the nodes: index after it */
        fwd.n[end].word = n_words;
        for (int i = 1; i <= len; i++) {
            for (int j = 0; j < i; j++) rev[j] = codes[i - 1 - j];
            end = add(&inv, rev, i);
            inv.n[end].word = 0;
        }
        word_len[n_words++] = len;
    }
    fclose(f);
    stamp = calloc(n_words, sizeof(int)); letters_seen = calloc(n_words, sizeof(int)); banned = calloc(n_words, 1);
    f = fopen(argv[2], "r"); if (!f) return 2;
    static int boards[64][4096], used[64][1024], n_used[64]; int n = 0;
    while (n < 64 && fscanf(f, "%d %d", &rows, &cols) == 2) {
        for (int i = 0; i < rows * cols; i++) if (fscanf(f, "%d", &boards[n][i]) != 1) return 2;
        if (fscanf(f, "%d", &n_used[n]) != 1 || n_used[n] > 1024) return 2;
        for (int i = 0; i < n_used[n]; i++) if (fscanf(f, "%d", &used[n][i]) != 1) return 2;
        n++;
    }
    fclose(f);
    double best = 1e30;
    for (int rep = 0; rep < repeat; rep++) {
        moves = 0; total_letters = 0;
        struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
        for (int i = 0; i < n; i++) {
            memcpy(board, boards[i], sizeof(int) * rows * cols);
            for (int k = 0; k < n_used[i]; k++) banned[used[i][k]] = 1;
            search();
            for (int k = 0; k < n_used[i]; k++) banned[used[i][k]] = 0;
        }
        clock_gettime(CLOCK_MONOTONIC, &b);
        double s = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
        if (s < best) best = s;
    }
    printf("%d %.9f %ld %ld\n", n, best, moves, total_letters);
    return 0;
}
