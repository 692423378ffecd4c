/* hwname.c: short device names from hardware strings (hwname.h). */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "model/hwname.h"
#include "model/banned.h"

#define WORDS_MAX 16

struct word {
    const char *p;
    size_t n;
};

static int is(const struct word *w, const char *s)
{
    return strlen(s) == w->n && !strncasecmp(w->p, s, w->n);
}

static int has_digit(const struct word *w)
{
    for (size_t i = 0; i < w->n; i++)
        if (isdigit((unsigned char)w->p[i]))
            return 1;
    return 0;
}

static int all_digits(const struct word *w)
{
    for (size_t i = 0; i < w->n; i++)
        if (!isdigit((unsigned char)w->p[i]))
            return 0;
    return w->n > 0;
}

static size_t split(const char *s, struct word *w)
{
    size_t n = 0;

    while (*s && n < WORDS_MAX) {
        while (*s && (isspace((unsigned char)*s) || *s == ',' || *s == '(' || *s == ')'))
            s++;
        if (!*s)
            break;
        w[n].p = s;
        while (*s && !isspace((unsigned char)*s) && *s != ',' && *s != '(' && *s != ')')
            s++;
        w[n].n = (size_t)(s - w[n].p);
        n++;
    }
    return n;
}

/* Appends the word (up to its first '-') in lower case. */
static void add(char *out, size_t size, size_t *len, const struct word *w)
{
    for (size_t i = 0; i < w->n && w->p[i] != '-' && *len + 1 < size; i++)
        out[(*len)++] = (char)tolower((unsigned char)w->p[i]);
    out[*len] = '\0';
}

int br_hw_short(const char *hw, char *out, size_t size)
{
    static const char *const suffixes[] = { "max", "pro", "ultra", "ti", "super" };
    struct word w[WORDS_MAX];
    size_t n = split(hw ? hw : "", w), len = 0, k;

    if (size)
        out[0] = '\0';
    for (k = 0; k < n && !has_digit(&w[k]); k++)
        ;
    if (k == n || !size)
        return 0;
    if (all_digits(&w[k]) && k > 0 && w[k - 1].n <= 3 && !has_digit(&w[k - 1]))
        add(out, size, &len, &w[k - 1]);
    add(out, size, &len, &w[k]);
    for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
        if (k + 1 < n && is(&w[k + 1], suffixes[i]))
            add(out, size, &len, &w[k + 1]);
    return len > 0;
}

/* The GA100 parts (A100, A800, A30): Ampere, but power.draw is instantaneous there. */
static int ga100(const char *gpu)
{
    const char *p = strstr(gpu, "A30");

    if (strstr(gpu, "A100") || strstr(gpu, "A800"))
        return 1;
    /* "NVIDIA A30", not "RTX A3000" (GA104) */
    return p && !isalnum((unsigned char)p[3]) && (p == gpu || !isalnum((unsigned char)p[-1]));
}

double br_hw_nvidia_power_window(const char *gpu)
{
    static const char *const ampere_or_newer[] = {
        "H100", "H200", "H800", "H20", "GH200", "B100", "B200", "GB200", "L4", "L20",
        "A10", "A16", "A30", "A40", "A2 ", "A6000", "A5000", "A4500", "A4000", "A2000",
        "RTX 30", "RTX 40", "RTX 50", "Ada", "RTX PRO", "RTX A",
    };

    if (ga100(gpu))
        return 0;
    for (size_t i = 0; i < sizeof(ampere_or_newer) / sizeof(ampere_or_newer[0]); i++)
        if (strstr(gpu, ampere_or_newer[i]))
            return 1;
    return 0;
}

double br_hw_power_window(const char *hw)
{
    static const char *const nvidia[] = { "NVIDIA", "Tesla", "GeForce", "Quadro", "TITAN" };

    for (size_t i = 0; hw && i < sizeof(nvidia) / sizeof(nvidia[0]); i++)
        if (strstr(hw, nvidia[i]))
            return br_hw_nvidia_power_window(hw);
    return -1;
}

size_t br_hw_find_gpu(const char *s, size_t n, const char **at)
{
    static const char *const vendor[] = { "NVIDIA ", "Tesla ", "GeForce ", "Quadro ",
                                          "Apple M" };
    const char *end = s + n, *best = NULL;

    for (size_t v = 0; v < sizeof(vendor) / sizeof(vendor[0]); v++) {
        size_t k = strlen(vendor[v]);
        const char *p = memmem(s, n, vendor[v], k);
        if (p && vendor[v][k - 1] == 'M' && !(p + k < end && isdigit((unsigned char)p[k])))
            p = NULL; /* "Apple M1 Pro" (tensorflow-metal's "Metal device set to: ..."), not
                       * "Apple clang version 14.0.0" */
        if (p && (!best || p < best))
            best = p;
    }
    if (!best)
        return 0;
    {
        const char *q = best;
        int digit = 0;
        while (q < end && *q && !strchr(",()[]|;'\"\t", *q) &&
               !(q + 1 < end && q[0] == ' ' && q[1] == ' '))
            digit |= isdigit((unsigned char)*q++);
        while (q > best && q[-1] == ' ')
            q--;
        if (!digit || q - best > 64)   /* "NVIDIA driver", "NVIDIA Corporation": no model */
            return 0;
        *at = best;
        return (size_t)(q - best);
    }
}

/* Whether [w, w+k) names a GPU's part: a word of the vocabulary or a model number. */
static int gpu_word(const char *w, size_t k)
{
    static const char *const vocab[] = { "GeForce", "RTX", "GTX", "TITAN", "Titan", "Quadro",
                                         "Tesla", "Laptop", "GPU", "Ti", "SUPER", "Max-Q",
                                         "Radeon", "Instinct", "Pro", "Xp", "X", "V", NULL };
    size_t a = 0;

    for (size_t i = 0; vocab[i]; i++)
        if (strlen(vocab[i]) == k && !memcmp(w, vocab[i], k))
            return 1;
    while (a < k && isalpha((unsigned char)w[a]))
        a++;
    return a <= 2 && a < k && isdigit((unsigned char)w[a]); /* "3080", "V100-SXM2", "A100" */
}

/* Apple's chip: "M3", then "Pro", "Max" or "Ultra" */
static size_t apple_chip(const char *p, const char *end)
{
    static const char *const tier[] = { "Pro", "Max", "Ultra" };
    size_t k = 2;

    if (p + 1 >= end || *p != 'M' || !isdigit((unsigned char)p[1]) || (p + k < end && p[k] != '_'))
        return 0;
    for (size_t i = 0; i < 3 && p + k < end; i++) {
        size_t t = strlen(tier[i]);
        if (p + k + 1 + t <= end && !memcmp(p + k + 1, tier[i], t) &&
            (p + k + 1 + t == end || p[k + 1 + t] == '_'))
            return k + 1 + t;
    }
    return k;
}

size_t br_hw_name_words(const char *s, size_t n, const char **at)
{
    static const char *const vendor[] = { "Apple", "NVIDIA", "Tesla", "GeForce", "Quadro",
                                          "AMD", "Radeon", NULL };
    const char *end = s + n;

    for (const char *p = s; p < end; p++) {
        if (p > s && p[-1] != '_')
            continue;
        for (size_t v = 0; vendor[v]; v++) {
            size_t k = strlen(vendor[v]);
            const char *q;
            if (p + k >= end || memcmp(p, vendor[v], k) || p[k] != '_')
                continue;
            q = p + k;
            if (v == 0) {
                size_t c = apple_chip(q + 1, end);
                if (!c)
                    continue;
                q += 1 + c;
            } else {
                while (q < end && *q == '_') {
                    const char *w = q + 1, *e = w;
                    while (e < end && *e != '_')
                        e++;
                    if (e == w || !gpu_word(w, (size_t)(e - w)))
                        break;
                    q = e;
                }
                if (q == p + k)
                    continue; /* the vendor alone */
            }
            *at = p;
            return (size_t)(q - p);
        }
    }
    return 0;
}

int br_hw_copy_gpu(const char *s, size_t n, char *out, size_t size)
{
    const char *at;
    size_t len = br_hw_find_gpu(s, n, &at);

    if (!len || len >= size)
        return 0;
    memcpy(out, at, len);
    out[len] = '\0';
    return 1;
}

const char *br_hw_jetson_rail_domain(const char *rail)
{
    int gpu = strstr(rail, "GPU") != NULL, cpu = strstr(rail, "CPU") != NULL;
    int soc = strstr(rail, "SOC") != NULL || strstr(rail, "_CV") != NULL;
    size_t n = strlen(rail);

    if (n > 3 && !strcmp(rail + n - 3, "_IN"))
        return "combined";
    if (gpu && !cpu && !soc)
        return "gpu";
    if (cpu && !gpu && !soc)
        return "cpu";
    if (strstr(rail, "DDR") || strstr(rail, "DRAM") || !strncmp(rail, "VDDQ", 4))
        return "dram";
    return NULL;
}
