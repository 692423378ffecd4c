/*
 * rapl.c: sampling powercap's RAPL counters for `record --power rapl` (see rapl.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/rapl.h"
#include "model/alloc.h"
#include "model/buf.h"
#include "model/timefmt.h"
#include "model/banned.h"

const char *br_rapl_root(void)
{
    const char *root = getenv("BENCHREPORT_POWERCAP_ROOT");
    return root && *root ? root : "/sys/class/powercap";
}

/* The first line of `path` into `out` (newline removed); -1 when it cannot be read. */
static int read_line(const char *path, char *out, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n;

    if (fd < 0)
        return -1;
    do
        n = read(fd, out, size - 1);
    while (n < 0 && errno == EINTR);
    close(fd);
    if (n <= 0)
        return -1;
    out[n] = '\0';
    out[strcspn(out, "\n")] = '\0';
    return 0;
}

/* A counter in microjoules; NaN when it cannot be read or is not a number. */
static double read_uj(const char *path)
{
    char b[64], *end;
    double v;

    if (read_line(path, b, sizeof(b)) < 0 || !b[0])
        return NAN;
    errno = 0;
    v = (double)strtoull(b, &end, 10);
    return errno || *end || b[0] == '-' ? NAN : v;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds the zone in `dir` (under root) when it is a package or its dram. */
static void add_zone(struct br_rapl *r, const char *root, const char *dir)
{
    char path[4096], name[64], range[64];
    unsigned pkg, sub;
    int subzone = sscanf(dir, "intel-rapl:%u:%u", &pkg, &sub) == 2;
    struct br_rapl_zone *z;

    if (r->n == BR_RAPL_MAX_ZONES)
        return;
    snprintf(path, sizeof(path), "%s/%s/name", root, dir);
    if (read_line(path, name, sizeof(name)) < 0)
        return;
    z = &r->z[r->n];
    if (!subzone && !strncmp(name, "package-", 8))
        snprintf(z->column, sizeof(z->column), "%.40s (W)", name);
    else if (subzone && !strcmp(name, "dram"))
        snprintf(z->column, sizeof(z->column), "dram-%u (W)", pkg);
    else
        return;   /* core, uncore: parts of the package; psys: the platform */
    snprintf(z->energy, sizeof(z->energy), "%s/%s/energy_uj", root, dir);
    snprintf(path, sizeof(path), "%s/%s/max_energy_range_uj", root, dir);
    z->max_uj = read_line(path, range, sizeof(range)) == 0 ? strtod(range, NULL) : 0;
    z->last_uj = NAN;
    r->n++;
}

int br_rapl_open(struct br_rapl *r, const char *root, char *why, size_t size)
{
    DIR *d = opendir(root);
    struct dirent *e;
    char *names[256];
    size_t nn = 0;

    memset(r, 0, sizeof(*r));
    if (!d) {
        snprintf(why, size, "%s: %s (no powercap: not Linux, or no RAPL)", root, strerror(errno));
        return -1;
    }
    while ((e = readdir(d)) && nn < sizeof(names) / sizeof(names[0]))
        if (!strncmp(e->d_name, "intel-rapl:", 11))
            names[nn++] = br_xstrdup(e->d_name);
    closedir(d);
    qsort(names, nn, sizeof(names[0]), by_name);
    for (size_t i = 0; i < nn; i++) {
        if (names[i])
            add_zone(r, root, names[i]);
        free(names[i]);
    }
    if (!r->n) {
        snprintf(why, size, "no RAPL package zone (intel-rapl:N named package-N) under %s", root);
        return -1;
    }
    for (size_t i = 0; i < r->n; i++) {
        r->z[i].last_uj = read_uj(r->z[i].energy);
        if (isnan(r->z[i].last_uj)) {
            snprintf(why, size, "%s cannot be read (%s; root only since Linux 5.10: run record "
                                "with sudo)", r->z[i].energy,
                     access(r->z[i].energy, R_OK) ? strerror(errno) : "not a counter");
            return -1;
        }
    }
    return 0;
}

double br_rapl_delta(double prev_uj, double now_uj, double max_uj)
{
    if (isnan(prev_uj) || isnan(now_uj))
        return NAN;
    if (now_uj >= prev_uj)
        return now_uj - prev_uj;
    if (max_uj > prev_uj)
        return max_uj - prev_uj + now_uj;   /* wrapped past the range once */
    return NAN;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "2026-11-23T13:44:13.123456Z" */
static void utc(struct br_buf *b, double t)
{
    long long us = (long long)(t * 1e6 + 0.5), secs = us / 1000000, days = secs / 86400;
    long long sod = secs - days * 86400, y;
    unsigned m, dd;

    br_civil_from_days(days, &y, &m, &dd);
    br_buf_addf(b, "%04lld-%02u-%02uT%02lld:%02lld:%02lld.%06lldZ", y, m, dd, sod / 3600,
                sod / 60 % 60, sod % 60, us % 1000000);
}

static void write_buf(int fd, const struct br_buf *b)
{
    size_t off = 0;
    while (off < b->len) {
        ssize_t n = write(fd, b->buf + off, b->len - off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            _exit(3);   /* the disk is full: the samples written so far stay whole */
        off += (size_t)n;
    }
}

void br_rapl_run(struct br_rapl *r, int fd, double interval_s)
{
    struct br_buf b = BR_BUF_INIT;
    struct timespec next;

    br_buf_addstr(&b, "timestamp");
    for (size_t i = 0; i < r->n; i++)
        br_buf_addf(&b, ",%s", r->z[i].column);
    br_buf_addstr(&b, "\n");
    write_buf(fd, &b);
    r->last_t = now_s();
    for (size_t i = 0; i < r->n; i++)
        r->z[i].last_uj = read_uj(r->z[i].energy);
    clock_gettime(CLOCK_MONOTONIC, &next);
    for (;;) {
        double t, dt;
        long long ns = next.tv_nsec + (long long)(interval_s * 1e9);
        next.tv_sec += (time_t)(ns / 1000000000);
        next.tv_nsec = (long)(ns % 1000000000);
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR)
            ;
        t = now_s();
        dt = t - r->last_t;
        br_buf_reset(&b);
        utc(&b, t);
        for (size_t i = 0; i < r->n; i++) {
            double uj = read_uj(r->z[i].energy);
            double d = br_rapl_delta(r->z[i].last_uj, uj, r->z[i].max_uj);
            if (isnan(d) || !(dt > 0))
                br_buf_addstr(&b, ",");
            else
                br_buf_addf(&b, ",%.3f", d / 1e6 / dt);
            r->z[i].last_uj = uj;
        }
        br_buf_addstr(&b, "\n");
        write_buf(fd, &b);
        r->last_t = t;
    }
}
