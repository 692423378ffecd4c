/* run.c: runs and their epochs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/alloc.h"
#include "model/run.h"
#include "model/banned.h"

void br_run_init(struct br_run *r)
{
    memset(r, 0, sizeof(*r));
    r->repeat = 1;
    r->runtime_s = NAN;
}

void br_run_release(struct br_run *r)
{
    for (size_t i = 0; i < r->nepochs; i++)
        free(r->epochs[i].metrics);
    free(r->epochs);
    free(r->final);
    br_arena_release(&r->arena);
    br_run_init(r);
}

void br_run_free(struct br_run *r)
{
    if (!r)
        return;
    br_run_release(r);
    free(r);
}

double br_epoch_below(const struct br_epoch *e)
{
    return e->cut ? 0 : e->res / 2;
}

double br_epoch_above(const struct br_epoch *e)
{
    return e->cut ? e->res : e->res / 2;
}

double br_epoch_mid(const struct br_epoch *e)
{
    return e->duration + (br_epoch_above(e) - br_epoch_below(e)) / 2;
}

void br_run_whole_stamps(struct br_run *r)
{
    for (size_t i = 0; i < r->nepochs; i++) {
        struct br_epoch *ep = &r->epochs[i];
        if (!(ep->res > 0) && !isnan(ep->start) && !isnan(ep->end) && !isnan(ep->duration) &&
            fabs(ep->duration - round(ep->duration)) < 1e-6)
            ep->res = 2;
    }
}

int br_run_accum_rounded(double ran, double planned, double steps)
{
    double gap = planned - ran, u;

    if (!(planned >= 1 && planned == floor(planned) && steps >= planned && gap > 0 && gap < 1))
        return 0;
    u = steps / planned;
    if (u != floor(u))
        return 0;
    return gap < 1 / (u + 1) || ((planned - 1) / u <= gap && gap < planned / (u + 1));
}

size_t br_run_skipped_epochs(const struct br_run *r, unsigned *line)
{
    size_t missing = 0;

    *line = 0;
    for (size_t i = 1; i < r->nepochs; i++)
        if (r->epochs[i].index > r->epochs[i - 1].index + 1) {
            missing += r->epochs[i].index - r->epochs[i - 1].index - 1;
            *line = *line ? *line : r->epochs[i].line;
        }
    return missing;
}

struct br_epoch *br_run_add_epoch(struct br_run *r)
{
    struct br_epoch *e;

    BR_GROW(r->epochs, r->nepochs + 1, r->alloc);
    e = &r->epochs[r->nepochs++];
    memset(e, 0, sizeof(*e));
    e->duration = e->start = e->end = e->step_s = NAN;
    e->steps = -1;
    return e;
}

int br_epoch_has_metric(const struct br_epoch *e, const char *name)
{
    for (size_t i = 0; i < e->nmetrics; i++)
        if (!strcmp(e->metrics[i].name, name))
            return 1;
    return 0;
}

/* Adds or replaces metric `name` in the list `*v` of `*n` (an epoch's or the run's last
 * evaluation's); `name` is copied into the run's arena. */
static void set_metric(struct br_run *r, struct br_metric **v, size_t *n, const char *name,
                       size_t namelen, double value)
{
    for (size_t i = 0; i < *n; i++) {
        if (strlen((*v)[i].name) == namelen && !memcmp((*v)[i].name, name, namelen)) {
            (*v)[i].value = value;
            return;
        }
    }
    *v = br_xrealloc(*v, br_st_mult(*n + 1, sizeof(**v)));
    (*v)[*n].name = br_arena_strndup(&r->arena, name, namelen);
    (*v)[*n].value = value;
    (*n)++;
}

void br_epoch_set_metric(struct br_run *r, struct br_epoch *e, const char *name, size_t namelen,
                         double value)
{
    set_metric(r, &e->metrics, &e->nmetrics, name, namelen, value);
}

void br_run_set_final(struct br_run *r, unsigned line, const char *name, size_t namelen,
                      double value)
{
    r->final_line = line;
    set_metric(r, &r->final, &r->nfinal, name, namelen, value);
}

void br_run_drop_final(struct br_run *r)
{
    free(r->final);
    r->final = NULL;
    r->nfinal = 0;
    r->final_line = 0;
}

void br_label_set(struct br_run *r, struct br_label *l, const char *value,
                  enum br_label_source source)
{
    if (!value || (l->value && source < l->source))
        return;
    l->value = br_arena_strdup(&r->arena, value);
    l->source = source;
}

const char *br_label_source_name(enum br_label_source s)
{
    static const char *const names[] = { "none", "directory", "log", "file name", "manifest",
                                         "command line" };
    return names[s];
}
