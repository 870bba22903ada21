/* A plain C trie walker: the baseline `wordbot bench` measures score_grids against.
 * Dense trie (one child pointer per letter), recursive 8-neighbour DFS, a per-word stamp to
 * count each word once, Boggle points. This is the straightforward textbook solver.
 *
 * usage: trie_walker WORDS.txt BOARDS.bin ROWS COLS MIN_LEN ALPHABET_SIZE
 *   WORDS.txt: one word per line as letter codes + 'a' (so any 32-letter alphabet fits a-~)
 *   BOARDS.bin: int8 codes, ROWS*COLS per board
 * prints: boards seconds total_words total_points
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXA 32
typedef struct { int child[MAXA]; int word; } Node;
static Node *nodes; static int n_nodes, cap_nodes, alpha;
static int *stamp; static int mark; static int rows, cols, min_len;
static int (*nbr)[8], *n_nbr; /* any board size: sized from ROWS*COLS */
static signed char *board; static unsigned char *used;
static long words_found, points;
static const int POINTS[9] = {0, 0, 0, 1, 1, 2, 3, 5, 11};

static int new_node(void) {
    if (n_nodes == cap_nodes) { cap_nodes = cap_nodes ? cap_nodes * 2 : 1024; nodes = realloc(nodes, sizeof(Node) * cap_nodes); }
    memset(nodes[n_nodes].child, 0, sizeof(nodes[n_nodes].child)); nodes[n_nodes].word = -1;
    return n_nodes++;
}

static void dfs(int t, int node, int len) {
    int c = board[t];
    if (c < 0) return;
    int next = nodes[node].child[c];
    if (!next) return;
    len++;
    int w = nodes[next].word;
    if (w >= 0 && len >= min_len && stamp[w] != mark) {
        stamp[w] = mark; words_found++; points += POINTS[len < 8 ? len : 8];
    }
    used[t] = 1;
    for (int i = 0; i < n_nbr[t]; i++) if (!used[nbr[t][i]]) dfs(nbr[t][i], next, len);
    used[t] = 0;
}

int main(int argc, char **argv) {
    if (argc != 7) { fprintf(stderr, "usage: %s WORDS BOARDS ROWS COLS MIN_LEN ALPHA\n", argv[0]); return 2; }
    rows = atoi(argv[3]); cols = atoi(argv[4]); min_len = atoi(argv[5]); alpha = atoi(argv[6]);
    FILE *f = fopen(argv[1], "r"); if (!f) return 2;
    char line[256]; int n_words = 0; new_node();
    while (fgets(line, sizeof line, f)) {
        int node = 0;
        for (char *p = line; *p && *p != '\n'; p++) {
            int c = (unsigned char)*p - 'a'; /* codes past 'z' (32 letters) are above 127 */
            if (!nodes[node].child[c]) { int k = new_node(); nodes[node].child[c] = k; }
            node = nodes[node].child[c];
        }
        nodes[node].word = n_words++;
    }
    fclose(f);
    stamp = calloc(n_words, sizeof(int));
    nbr = malloc(sizeof(*nbr) * rows * cols); n_nbr = calloc(rows * cols, sizeof(int));
    used = calloc(rows * cols, 1);
    for (int t = 0; t < rows * cols; t++) {
        int r = t / cols, c = t % cols;
        for (int dr = -1; dr <= 1; dr++) for (int dc = -1; dc <= 1; dc++) {
            int rr = r + dr, cc = c + dc;
            if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) nbr[t][n_nbr[t]++] = rr * cols + cc;
        }
    }
    f = fopen(argv[2], "rb"); if (!f) return 2;
    fseek(f, 0, SEEK_END); long size = ftell(f); fseek(f, 0, SEEK_SET);
    signed char *all = malloc(size); if (fread(all, 1, size, f) != (size_t)size) return 2; fclose(f);
    long n = size / (rows * cols);
    struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < n; i++) {
        board = all + i * rows * cols; mark = (int)i + 1;
        for (int t = 0; t < rows * cols; t++) dfs(t, 0, 0);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%ld %.6f %ld %ld\n", n, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec), words_found, points);
    return 0;
}
