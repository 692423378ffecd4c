/*
 * inputs.c: expanding directories into the files benchreport reads. Entries
 * are sorted so that output does not depend on the file system's order. Every
 * directory and file read is remembered by device and inode, so that links
 * can neither loop nor count a recording twice.
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdint.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/inputs.h"
#include "model/alloc.h"
#include "model/banned.h"

#define BR_MAX_DEPTH 8
#define SIGNATURE_BYTES 512

struct br_input_id {
    dev_t dev;
    ino_t ino;
    size_t first;      /* index in in->v of the file read under this identity, or SIZE_MAX */
};

static void push(struct br_inputs *in, const char *path, int named)
{
    BR_GROW(in->v, in->nr + 1, in->alloc);
    in->v[in->nr].path = br_xstrdup(path);
    in->v[in->nr].named = named;
    in->nr++;
}

static void diag(struct br_inputs *in, enum br_severity sev, const char *path, const char *fmt,
                 ...) __attribute__((format(printf, 4, 5)));
static void diag(struct br_inputs *in, enum br_severity sev, const char *path, const char *fmt,
                 ...)
{
    va_list ap;

    BR_GROW(in->diag_paths, in->ndiag_paths + 1, in->alloc_diag_paths);
    in->diag_paths[in->ndiag_paths] = br_xstrdup(path);
    va_start(ap, fmt);
    br_diags_vadd(&in->diags, in->diag_paths[in->ndiag_paths++], sev, 0, 0, fmt, ap);
    va_end(ap);
}

static size_t id_hash(dev_t dev, ino_t ino, size_t n)
{
    unsigned long long h = (unsigned long long)ino * 0x9E3779B97F4A7C15ull ^ (unsigned long long)dev;
    return (size_t)(h ^ (h >> 29)) & (n - 1);
}

/* Makes room in the hash for one more entry (kept at most half full). */
static void hash_grow(struct br_inputs *in)
{
    size_t n = in->nhash ? in->nhash * 2 : 1024;

    if (2 * (in->nseen + 1) <= in->nhash)
        return;
    free(in->hash);
    in->hash = br_xcalloc(n, sizeof(*in->hash));
    in->nhash = n;
    for (size_t i = 0; i < in->nseen; i++) {
        size_t h = id_hash(in->seen[i].dev, in->seen[i].ino, n);
        while (in->hash[h])
            h = (h + 1) & (n - 1);
        in->hash[h] = i + 1;
    }
}

/* The entry for `st` if it was read already, else NULL after remembering it. */
static const struct br_input_id *seen(struct br_inputs *in, const struct stat *st,
                                      size_t first)
{
    size_t h;

    hash_grow(in);
    for (h = id_hash(st->st_dev, st->st_ino, in->nhash); in->hash[h];
         h = (h + 1) & (in->nhash - 1)) {
        const struct br_input_id *x = &in->seen[in->hash[h] - 1];
        if (x->dev == st->st_dev && x->ino == st->st_ino)
            return x;
    }
    in->hash[h] = in->nseen + 1;
    BR_GROW(in->seen, in->nseen + 1, in->alloc_seen);
    in->seen[in->nseen].dev = st->st_dev;
    in->seen[in->nseen].ino = st->st_ino;
    in->seen[in->nseen].first = first;
    in->nseen++;
    return NULL;
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

/*
 * Whether the file at `path` is one benchreport wrote: the summary CSV (its
 * header), any of its JSON (a first key "benchreport": the summary, inspect
 * --json, record's meta.json) or the text table (its first lines).
 */
static int written_by_us(const char *path)
{
    static const char csv[] = "device,model,batch,runs,epochs_used,epoch_s,";
    static const char json[] = "{\"benchreport\": ";
    char head[SIGNATURE_BYTES + 1];
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    ssize_t n;
    char *dev, *eol;

    if (fd < 0)
        return 0;
    n = read(fd, head, SIGNATURE_BYTES);
    close(fd);
    if (n <= 0)
        return 0;
    head[n] = '\0';
    if (!strncmp(head, csv, sizeof(csv) - 1) || !strncmp(head, json, sizeof(json) - 1))
        return 1;
    if (strncmp(head, "baseline: ", 10) || !(dev = strstr(head, "\n\ndevice ")))
        return 0;
    eol = strchr(dev + 2, '\n');
    if (eol)
        *eol = '\0';   /* the table's header line: its columns, not a log's words */
    return strstr(dev, " runs ") && strstr(dev, " epochs ") && strstr(dev, "alignment");
}

static const char *base_name(const char *p)
{
    const char *slash = strrchr(p, '/');
    return slash ? slash + 1 : p;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(struct br_inputs *in, const char *dir, int depth);

/* One entry of a directory being walked. */
static void visit(struct br_inputs *in, const char *p, int depth)
{
    struct stat st;
    const struct br_input_id *id;

    if (stat(p, &st) != 0) {
        diag(in, BR_NOTE, p, "skipped: %s", strerror(errno));
        return;
    }
    if (S_ISDIR(st.st_mode)) {
        if (depth >= BR_MAX_DEPTH)
            diag(in, BR_NOTE, p, "skipped: deeper than %d directories", BR_MAX_DEPTH);
        else if ((id = seen(in, &st, SIZE_MAX)))
            diag(in, BR_NOTE, p, "skipped: %s", "a directory already read (a link)");
        else
            walk(in, p, depth + 1);
    } else if (!S_ISREG(st.st_mode)) {
        diag(in, BR_NOTE, p, "skipped: %s", "not a regular file");
    } else if ((id = seen(in, &st, in->nr))) {
        diag(in, BR_NOTE, p, "skipped: the same file as '%s'",
             id->first < in->nr ? in->v[id->first].path : "another input");
    } else if (written_by_us(p)) {
        /* record's meta.json is part of a recording, read for its labels */
        if (strcmp(base_name(p), "meta.json"))
            diag(in, BR_NOTE, p, "skipped: %s", "written by benchreport");
    } else {
        push(in, p, 0);
    }
}

static void walk(struct br_inputs *in, const char *dir, int depth)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, alloc = 0;

    if (!d) {
        diag(in, BR_ERROR, dir, "cannot read the directory: %s", strerror(errno));
        return;
    }
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

        snprintf(p, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        visit(in, p, depth);
        free(p);
        free(names[i]);
    }
    free(names);
}

void br_inputs_add(struct br_inputs *in, const char *path)
{
    struct stat st;

    if (strcmp(path, "-") && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (seen(in, &st, SIZE_MAX))
            diag(in, BR_NOTE, path, "skipped: %s", "a directory already read");
        else
            walk(in, path, 0);
        return;
    }
    if (strcmp(path, "-") && stat(path, &st) == 0 && S_ISREG(st.st_mode))
        seen(in, &st, in->nr);
    push(in, path, 1);
}

size_t br_inputs_print_diags(const struct br_inputs *in, FILE *f)
{
    for (size_t i = 0; i < in->diags.nr; i++) {
        const struct br_diag *d = &in->diags.v[i];
        br_cli_put_safe(f, d->path);
        fprintf(f, ": %s: ", br_severity_name(d->severity));
        br_cli_put_safe(f, d->msg);
        fputc('\n', f);
    }
    return in->diags.nerrors;
}

int br_inputs_unreadable(const struct br_source *src)
{
    for (size_t i = 0; i < src->diags.nr; i++)
        if (src->diags.v[i].severity == BR_ERROR && src->diags.v[i].line == 0)
            return 1;
    return 0;
}

void br_inputs_release(struct br_inputs *in)
{
    for (size_t i = 0; i < in->nr; i++)
        free(in->v[i].path);
    free(in->v);
    br_diags_release(&in->diags);
    for (size_t i = 0; i < in->ndiag_paths; i++)
        free(in->diag_paths[i]);
    free(in->diag_paths);
    free(in->seen);
    free(in->hash);
    memset(in, 0, sizeof(*in));
}
