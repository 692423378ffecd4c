/*
 * inputs.c: expanding directories into the files benchreport reads. Entries
 * are sorted so that output does not depend on the file system's order.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/inputs.h"
#include "model/alloc.h"
#include "model/banned.h"

#define BR_MAX_DEPTH 8

static void push(struct br_inputs *in, const char *path, int named)
{
    BR_GROW(in->v, in->nr + 1, in->alloc);
    in->v[in->nr].path = br_xstrdup(path);
    in->v[in->nr].named = named;
    in->nr++;
}

/* Files in a recordings folder that are never recordings: notes and reports. */
static int never_input(const char *name)
{
    static const char *const ext[] = { ".md", ".pdf", ".png", ".svg", ".html", ".fmt" };
    size_t n = strlen(name);

    if (!strncmp(name, "README", 6) || !strcmp(name, "benchreport.csv"))
        return 1;
    for (size_t i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
        size_t k = strlen(ext[i]);
        if (n > k && !strcmp(name + n - k, ext[i]))
            return 1;
    }
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(struct br_inputs *in, const char *dir, int depth)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, alloc = 0;

    if (!d)
        return;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || never_input(e->d_name))
            continue;
        BR_GROW(names, n + 1, alloc);
        names[n++] = br_xstrdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof(*names), cmp_names);
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *p = br_xmalloc(len);
        struct stat st;

        snprintf(p, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        if (stat(p, &st) == 0) {
            if (S_ISDIR(st.st_mode) && depth < BR_MAX_DEPTH)
                walk(in, p, depth + 1);
            else if (S_ISREG(st.st_mode))
                push(in, p, 0);
        }
        free(p);
        free(names[i]);
    }
    free(names);
}

void br_inputs_add(struct br_inputs *in, const char *path)
{
    struct stat st;

    if (strcmp(path, "-") && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        walk(in, path, 0);
    else
        push(in, path, 1);
}

void br_inputs_release(struct br_inputs *in)
{
    for (size_t i = 0; i < in->nr; i++)
        free(in->v[i].path);
    free(in->v);
    memset(in, 0, sizeof(*in));
}
