/* manifest.c: looking up a file's row in a label manifest. */
#include <stdlib.h>
#include <string.h>

#include "model/manifest.h"
#include "model/banned.h"

const struct br_manifest_row *br_manifest_find(const struct br_manifest *m, const char *name)
{
    for (size_t i = 0; i < m->nr; i++)
        if (!strcmp(m->rows[i].file, name))
            return &m->rows[i];
    return NULL;
}

void br_manifest_release(struct br_manifest *m)
{
    free(m->rows);
    br_diags_release(&m->diags);
    br_arena_release(&m->arena);
    memset(m, 0, sizeof(*m));
}
