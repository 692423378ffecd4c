/*
 * output.c: writing an output file beside its target and renaming it into
 * place (output.h). The temporary's name is kept in a static buffer for the
 * signal handler that removes it: process-wide state, which lives in cli/.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/output.h"
#include "model/alloc.h"
#include "model/banned.h"

#define MAX_LINKS 40

static char pending[PATH_MAX];   /* the temporary to remove on a signal, or "" */
static const int cleanup_signals[] = { SIGINT, SIGTERM, SIGHUP };

static void on_signal(int sig)
{
    if (pending[0])
        unlink(pending);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void guard(const char *tmp)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    if (tmp) {
        snprintf(pending, sizeof(pending), "%s", tmp);
        sa.sa_handler = on_signal;
    } else {
        pending[0] = '\0';
        sa.sa_handler = SIG_DFL;
    }
    for (size_t i = 0; i < sizeof(cleanup_signals) / sizeof(cleanup_signals[0]); i++)
        sigaction(cleanup_signals[i], &sa, NULL);
}

/* `path` with its symbolic links followed (the last one may dangle); NULL on a loop. */
static char *resolve(const char *path)
{
    char *p = br_xstrdup(path), link[PATH_MAX];
    struct stat st;

    for (int hops = 0; lstat(p, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
        ssize_t n = readlink(p, link, sizeof(link) - 1);
        const char *slash = strrchr(p, '/');
        char *next;
        size_t len;

        if (n < 0 || hops == MAX_LINKS) {
            free(p);
            errno = n < 0 ? errno : ELOOP;
            return NULL;
        }
        link[n] = '\0';
        len = (slash && link[0] != '/' ? (size_t)(slash - p) + 1 : 0) + (size_t)n + 1;
        next = br_xmalloc(len);
        snprintf(next, len, "%.*s%s", link[0] != '/' && slash ? (int)(slash - p) + 1 : 0, p,
                 link);
        free(p);
        p = next;
    }
    return p;
}

/* The mode a new file gets: 0666 less the umask. */
static mode_t new_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

static int fail(struct br_out_file *o, const char *path, int err)
{
    fprintf(stderr, "benchreport: error: cannot write '%s': %s\n", path, strerror(err));
    free(o->target);
    free(o->tmp);
    o->target = o->tmp = NULL;
    o->fd = -1;
    return -1;
}

int br_out_open(struct br_out_file *o, const char *path, const char *suffix)
{
    struct stat st;
    const char *slash;
    size_t n;
    mode_t mode;
    sigset_t block, old;
    int err;

    memset(o, 0, sizeof(*o));
    o->fd = -1;
    if (!(o->target = resolve(path)))
        return fail(o, path, errno);
    if (stat(o->target, &st) == 0) {
        if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
            if ((o->fd = open(o->target, O_WRONLY | O_CLOEXEC)) < 0)
                return fail(o, path, errno);
            return 0;
        }
        if (!S_ISREG(st.st_mode))
            return fail(o, path, S_ISDIR(st.st_mode) ? EISDIR : EINVAL);
        mode = st.st_mode & 07777;
    } else {
        mode = new_mode();
    }
    slash = strrchr(o->target, '/');
    n = strlen(o->target) + strlen(suffix) + 16;
    o->tmp = br_xmalloc(n);
    snprintf(o->tmp, n, "%.*s.%s.tmp.XXXXXX%s", slash ? (int)(slash - o->target) + 1 : 0,
             o->target, slash ? slash + 1 : o->target, suffix);
    /* no signal between creating the temporary and knowing to remove it */
    sigemptyset(&block);
    for (size_t i = 0; i < sizeof(cleanup_signals) / sizeof(cleanup_signals[0]); i++)
        sigaddset(&block, cleanup_signals[i]);
    sigprocmask(SIG_BLOCK, &block, &old);
    if ((o->fd = mkostemps(o->tmp, (int)strlen(suffix), O_CLOEXEC)) >= 0)
        guard(o->tmp);
    err = errno;
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (o->fd < 0)
        return fail(o, path, err);
    if (fchmod(o->fd, mode) != 0) {
        /* the temporary keeps mkstemp's 0600: stricter, not wrong */
    }
    return 0;
}

const char *br_out_name(const struct br_out_file *o)
{
    return o->tmp ? o->tmp : o->target;
}

int br_out_close(struct br_out_file *o, int written, int err)
{
    int ret = -1;

    if (o->fd >= 0 && close(o->fd) != 0 && written) {
        written = 0;
        err = errno;
    }
    o->fd = -1;
    if (!written) {
        if (err)
            fprintf(stderr, "benchreport: error: cannot write '%s': %s\n", o->target,
                    strerror(err));
        else
            fprintf(stderr, "benchreport: error: cannot write '%s'\n", o->target);
    } else if (o->tmp && rename(o->tmp, o->target) != 0) {
        fprintf(stderr, "benchreport: error: cannot rename to '%s': %s\n", o->target,
                strerror(errno));
    } else {
        ret = 0;
    }
    if (o->tmp) {
        if (ret != 0)
            unlink(o->tmp);
        guard(NULL);
    }
    free(o->target);
    free(o->tmp);
    o->target = o->tmp = NULL;
    return ret;
}
