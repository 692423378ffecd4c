/* chain.c: epochs laid one per active span (chain.h). */
#include "analysis/chain.h"
#include "model/banned.h"

/* Whether the spans from `j` hold the epochs, one each. */
static int fits(const double *d, size_t nep, const struct br_span *sp, const char *taken,
                size_t j, double tol)
{
    for (size_t i = 0; i < nep; i++) {
        const struct br_span *s = &sp[j + i];
        double len = s->end - s->start;
        if ((taken && taken[j + i]) || len > d[i] + tol || len < 0.5 * d[i] - tol)
            return 0;
        /* epoch i, ending with its span, begins after epoch i-1 ended with its own */
        if (i && s->end - d[i] < sp[j + i - 1].end - tol)
            return 0;
    }
    return 1;
}

long br_chain_find(const double *d, size_t nep, const struct br_span *sp, size_t m,
                   const char *taken, double tol)
{
    long found = BR_CHAIN_NONE;

    if (nep < 2 || m < nep)
        return BR_CHAIN_NONE;
    for (size_t j = 0; j + nep <= m; j++) {
        if (!fits(d, nep, sp, taken, j, tol))
            continue;
        if (found != BR_CHAIN_NONE)
            return BR_CHAIN_AMBIGUOUS;
        found = (long)j;
    }
    return found;
}
