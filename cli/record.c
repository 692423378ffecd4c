/*
 * record.c: `benchreport record [-o DIR] [--power auto|nvsmi|powermetrics|rapl|none]
 * [--interval MS] [--label k=v]... -- COMMAND [ARGS...]`.
 *
 * Runs COMMAND (execvp, no shell) with its stdout and stderr passed through
 * unchanged, and writes DIR/train.log: every line of both, prefixed with the
 * time its newline arrived (ISO 8601 UTC, microseconds) and a space (stdout)
 * or a tab (stderr). A line rewritten with '\r' (a progress bar) is stamped
 * when it ends, which is when the epoch it shows ended. A line longer than
 * BR_RECORD_MAX_LINE is written in pieces, stamped once. Beside it a power
 * recorder writes DIR/power.csv (nvidia-smi, run with TZ=UTC; or the RAPL
 * sampler of rapl.c, package and DRAM power in a CSV with UTC times) or
 * power.txt (powermetrics), and DIR/meta.json says what was recorded and how.
 *
 * Nothing the command wrote may be lost, whatever happens to record, the
 * command, the terminal or the disk:
 * - train.log is written with write(2) after every read from the command, so
 *   a kill -9 of record loses nothing already read;
 * - meta.json is written before the command starts, with "state": "recording",
 *   and padded, so that completing it at the end overwrites blocks it already
 *   owns (a full disk cannot stop it from saying what happened);
 * - the command runs in its own process group (the terminal's foreground
 *   group when record had the terminal), and SIGINT, SIGTERM and SIGHUP sent
 *   to record are sent to that group once;
 * - a closed stdout (`| head`) stops the pass-through, not the recording;
 * - when train.log cannot be written (a full disk), it is cut back to its
 *   last whole line, the command goes on, and record ends with a failure
 *   status and meta.json saying "incomplete" and why;
 * - output that processes of the command keep open after it exited is read
 *   for BR_RECORD_GRACE_S more, then left (meta.json says so);
 * - the power recorder is in a group of its own (a Ctrl-C does not stop it
 *   before the command has finished) and dies with record (PR_SET_PDEATHSIG);
 * - a stopped command (Ctrl-Z) stops record, and continuing record continues it.
 *
 * The exit status is the command's (128 + signal when a signal ended it); when
 * the recording is incomplete and the command succeeded it is 3. The signal
 * handler's pipe is the one piece of process-wide state, and it lives here,
 * in cli/.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "cli/cli.h"
#include "cli/rapl.h"
#include "model/alloc.h"
#include "model/buf.h"
#include "model/timefmt.h"
#include "render/json.h"
#include "model/banned.h"

#define BR_RECORD_MAX_LINE (1u << 20)
#define BR_RECORD_GRACE_S 2.0
#define BR_RECORD_META_RESERVE 4096
#define MAX_LABELS 16
#define MAX_SIGNALS 16

struct stream {
    int fd;              /* read end of the child's pipe, -1 at EOF */
    int out;             /* where it is passed through (1 or 2); -1 once that failed */
    char sep;            /* ' ' for stdout, '\t' for stderr in train.log */
    struct br_buf line;  /* the line being received */
    int continued;       /* part of this line was written already */
    double out_closed;   /* when passing through failed (EPIPE), or 0 */
};

struct record {
    char *dir;
    const char *power, *labels[MAX_LABELS];
    int nlabels;
    double interval_ms;
    char **cmd;
    pid_t child, recorder;
    int child_done, child_status, tty;
    const char *recorder_used;
    char power_file[4096];
    struct br_buf gpus, driver;
    struct br_buf zones;          /* the RAPL zones sampled, one a line */
    int power_instant;

    int log;                      /* train.log, -1 once writing it failed */
    struct br_buf pending;        /* stamped text not yet written */
    unsigned long long lines;     /* whole lines in train.log */
    off_t good;                   /* bytes of train.log up to its last whole line */
    int log_errno;                /* why writing train.log failed, or 0 */
    double log_failed;            /* when, or 0 */

    int meta;                     /* meta.json, open for its completion */
    size_t meta_size;             /* the bytes it holds now */
    int sigs[MAX_SIGNALS];        /* signals sent to the command's group */
    int nsigs;
    int left_open;                /* output still open BR_RECORD_GRACE_S after exit */
};

static int sig_pipe[2] = { -1, -1 };

static void on_signal(int sig)
{
    unsigned char c = (unsigned char)sig;
    int saved = errno;
    if (write(sig_pipe[1], &c, 1) < 0) {
        /* nothing to do: the pipe is full, the signal is pending already */
    }
    errno = saved;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "2026-11-22T11:17:30.002523Z": always six digits of fraction. */
static void stamp(char *out, size_t size, double t)
{
    long long us = (long long)(t * 1e6 + 0.5), secs = us / 1000000, days = secs / 86400;
    long long sod = secs - days * 86400, y;
    unsigned m, d;

    br_civil_from_days(days, &y, &m, &d);
    snprintf(out, size, "%04lld-%02u-%02uT%02lld:%02lld:%02lld.%06lldZ", y, m, d, sod / 3600,
             sod / 60 % 60, sod % 60, us % 1000000);
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static const char *sig_name(int sig)
{
    switch (sig) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "signal";
    }
}

/*
 * Writes the pending text to train.log. On failure the file is cut back to
 * its last whole line and no longer written; the reason is kept for meta.json.
 */
static void write_log(struct record *r)
{
    const char *nl;

    if (!r->pending.len)
        return;
    if (r->log >= 0 && write_all(r->log, r->pending.buf, r->pending.len) < 0) {
        r->log_errno = errno;
        r->log_failed = now();
        if (ftruncate(r->log, r->good) != 0) {
            /* what was written stays; meta.json says how many lines are whole */
        }
        close(r->log);
        r->log = -1;
        fprintf(stderr, "benchreport record: error: cannot write '%s/train.log': %s; "
                        "recording stopped after %llu lines, the command goes on\n",
                r->dir, strerror(r->log_errno), r->lines);
    } else if (r->log >= 0) {
        for (const char *p = r->pending.buf; (p = memchr(p, '\n', r->pending.buf +
                                                         r->pending.len - p)); p++)
            r->lines++;
        nl = memrchr(r->pending.buf, '\n', r->pending.len);
        r->good += nl ? (off_t)(nl + 1 - r->pending.buf) : 0;
        if (nl && (size_t)(nl + 1 - r->pending.buf) < r->pending.len) {
            /* a long line's first pieces: whole lines end before them */
        }
    }
    br_buf_reset(&r->pending);
}

/* Adds the line received so far to the pending text (stamped unless continued). */
static void flush_line(struct record *r, struct stream *s, int ended)
{
    char ts[40];

    if (!s->continued) {
        stamp(ts, sizeof(ts), now());
        br_buf_addstr(&r->pending, ts);
        br_buf_addch(&r->pending, s->sep);
    }
    br_buf_add(&r->pending, s->line.buf, s->line.len);
    if (ended)
        br_buf_addch(&r->pending, '\n');
    s->continued = !ended;
    br_buf_reset(&s->line);
}

static void take(struct record *r, struct stream *s, const char *p, size_t n)
{
    while (n) {
        const char *nl = memchr(p, '\n', n);
        size_t k = nl ? (size_t)(nl - p) : n;

        br_buf_add(&s->line, p, k);
        if (nl) {
            flush_line(r, s, 1);
            k++;
        } else if (s->line.len >= BR_RECORD_MAX_LINE) {
            flush_line(r, s, 0);
        }
        p += k;
        n -= k;
    }
}

/* Passes `n` bytes through; a closed stdout or stderr ends only the passing through. */
static void pass_through(struct record *r, struct stream *s, const char *p, size_t n)
{
    if (s->out < 0 || write_all(s->out, p, n) == 0)
        return;
    s->out_closed = now();
    if (s->out == 1)
        fprintf(stderr, "benchreport record: stdout: %s; recording '%s' goes on\n",
                strerror(errno), r->dir);
    s->out = -1;
}

/* Reads what a stream has and writes it to train.log; closes the stream at EOF. */
static void pump(struct record *r, struct stream *s)
{
    char buf[65536];
    ssize_t n = read(s->fd, buf, sizeof(buf));

    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        if (s->line.len || s->continued)
            flush_line(r, s, 1);   /* a last line without newline is kept */
        write_log(r);
        close(s->fd);
        s->fd = -1;
        return;
    }
    take(r, s, buf, (size_t)n);
    write_log(r);
    pass_through(r, s, buf, (size_t)n);
}

/* The path of `prog` on PATH, into `out`; 0 when found. */
static int on_path(const char *prog, char *out, size_t size)
{
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *c = strchr(path, ':');
        size_t n = c ? (size_t)(c - path) : strlen(path);
        snprintf(out, size, "%.*s/%s", (int)n, path, prog);
        if (n && access(out, X_OK) == 0)
            return 0;
        path = c ? c + 1 : NULL;
    }
    return -1;
}

/* The signal dispositions a command expects, whatever record set for itself. */
static void child_signals(void)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
}

/* Runs `argv` and returns its exit status, its stdout in `out` (may be NULL). */
static int run_capture(const char *const *argv, struct br_buf *out)
{
    int fd[2], status = -1;
    pid_t pid;

    if (pipe2(fd, O_CLOEXEC) < 0)
        return -1;
    pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_WRONLY);
        child_signals();
        dup2(fd[1], 1);
        if (devnull >= 0)
            dup2(devnull, 2);
        execvp(argv[0], (char *const *)argv); /* execvp does not write to them */
        _exit(127);
    }
    close(fd[1]);
    if (pid > 0) {
        char buf[4096];
        ssize_t n;
        while ((n = read(fd[0], buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
            if (out && n > 0)
                br_buf_add(out, buf, (size_t)n);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
    }
    close(fd[0]);
    return pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/*
 * In a recorder's child: default signals, a process group of its own, and
 * death with `parent` (record), or no start when record is already gone.
 */
static void recorder_child(pid_t parent)
{
    child_signals();
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent)
        _exit(127);
#else
    (void)parent;
#endif
}

/* Starts the power recorder in a process group of its own; it dies with record. */
static pid_t spawn(const char *const *argv, const char *tz)
{
    pid_t parent = getpid(), pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        recorder_child(parent);
        if (devnull >= 0) {
            dup2(devnull, 0);
            dup2(devnull, 1);
        }
        if (tz)
            setenv("TZ", tz, 1);
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    (void)parent;
    if (pid > 0)
        setpgid(pid, pid);
    return pid;
}

static void start_nvsmi(struct record *r)
{
    char query[256], lms[32];
    const char *probe[] = { "nvidia-smi", "--query-gpu=power.draw.instant",
                            "--format=csv,noheader", NULL };
    const char *info[] = { "nvidia-smi", "--query-gpu=index,name,driver_version",
                           "--format=csv,noheader", NULL };
    const char *argv[] = { "nvidia-smi", query, "--format=csv", "-lms", lms, "-f",
                           r->power_file, NULL };

    r->power_instant = run_capture(probe, NULL) == 0;
    run_capture(info, &r->gpus);
    snprintf(query, sizeof(query), "--query-gpu=timestamp,index,name,pstate,temperature.gpu,"
                                   "utilization.gpu,memory.used,clocks.sm,power.draw%s",
             r->power_instant ? ",power.draw.instant" : "");
    snprintf(lms, sizeof(lms), "%.0f", r->interval_ms);
    snprintf(r->power_file, sizeof(r->power_file), "%s/power.csv", r->dir);
    r->recorder = spawn(argv, "UTC");
    r->recorder_used = "nvsmi";
}

static void start_powermetrics(struct record *r)
{
    char interval[32];
    const char *argv[] = { "powermetrics", "-s", "cpu_power,gpu_power", "-i", interval, "-f",
                           "text", "-o", r->power_file, NULL };

    snprintf(interval, sizeof(interval), "%.0f", r->interval_ms);
    snprintf(r->power_file, sizeof(r->power_file), "%s/power.txt", r->dir);
    r->recorder = spawn(argv, NULL);
    r->recorder_used = "powermetrics";
}

/* Sleeps 1.2 recorder intervals. */
static void wait_interval(const struct record *r)
{
    double wait = r->interval_ms / 1000 * 1.2;
    struct timespec ts = { (time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9) };
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
        ;
}

/* The size of `path`, or -1. */
static long long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

/*
 * Waits until the recorder writes a row more (its file grows and ends a line), for five
 * intervals and two seconds at most: a row written after now is stamped after now, even
 * where a loaded machine runs the recorder's loop late (a fixed wait of 1.2 intervals gave
 * the last row 0.98 s after the command's end, for 1 s wanted).
 */
static void wait_row(const struct record *r)
{
    long long size = file_size(r->power_file), now;
    double left = r->interval_ms / 1000 * 5 + 2;
    struct timespec tick = { 0, 20000000 };

    for (; left > 0; left -= 0.02) {
        nanosleep(&tick, NULL);
        now = file_size(r->power_file);
        if (now > size && now > 0) {
            char c = 0;
            int fd = open(r->power_file, O_RDONLY | O_CLOEXEC);
            if (fd >= 0) {
                if (pread(fd, &c, 1, (off_t)(now - 1)) != 1)
                    c = 0;
                close(fd);
            }
            if (c == '\n')
                return;
        }
    }
}

/* The time of the last whole row of the recorder's file (its first field), or NaN. */
static double last_stamp(const struct record *r)
{
    char tail[4096];
    int fd = open(r->power_file, O_RDONLY | O_CLOEXEC);
    long long size = file_size(r->power_file), at;
    ssize_t n;
    struct br_time t;
    size_t end, start;

    if (fd < 0)
        return NAN;
    at = size > (long long)sizeof(tail) ? size - (long long)sizeof(tail) : 0;
    n = size > 0 ? pread(fd, tail, sizeof(tail), (off_t)at) : 0;
    close(fd);
    if (n <= 0 || tail[n - 1] != '\n')
        return NAN;     /* a row being written: the one before is not the last for long */
    end = (size_t)n - 1;
    for (start = end; start > 0 && tail[start - 1] != '\n'; start--)
        ;
    if (!br_time_parse(tail + start, end - start, &t))
        return NAN;     /* the header, or a row that does not begin with its time */
    return t.t;
}

/*
 * Waits until the recorder has written a row stamped at `until` or later (nvidia-smi's
 * and the RAPL sampler's rows begin with their UTC time), for ten intervals and five
 * seconds past it at most: a loaded machine runs the recorder's loop late, and a fixed
 * wait then stopped it before its last needed row (1.2 intervals gave the last row
 * 0.98 s after the command's end, for 1 s wanted; a row count, a row stamped a second
 * before the end where the stand-in's loop stalled).
 */
static void wait_stamp(const struct record *r, double until)
{
    double limit = until + r->interval_ms / 1000 * 10 + 5;
    struct timespec tick = { 0, 20000000 };

    while (now() < limit) {
        double t = last_stamp(r);
        if (!isnan(t) && t >= until)
            return;
        nanosleep(&tick, NULL);
    }
}

/*
 * Forks the RAPL sampler (rapl.h) into DIR/power.csv, in a process group of
 * its own, dying with record. Returns 0, or -1 with the reason in `why`.
 */
static int start_rapl(struct record *r, char *why, size_t size)
{
    struct br_rapl rapl;
    pid_t parent = getpid(), pid;
    int fd;

    if (br_rapl_open(&rapl, br_rapl_root(), why, size) < 0)
        return -1;
    snprintf(r->power_file, sizeof(r->power_file), "%s/power.csv", r->dir);
    fd = open(r->power_file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
        snprintf(why, size, "%.400s: %s", r->power_file, strerror(errno));
        return -1;
    }
    pid = fork();
    if (pid == 0) {
        recorder_child(parent);
        br_rapl_run(&rapl, fd, r->interval_ms / 1000);
    }
    close(fd);
    if (pid < 0) {
        snprintf(why, size, "fork: %s", strerror(errno));
        return -1;
    }
    setpgid(pid, pid);
    r->recorder = pid;
    r->recorder_used = "rapl";
    /* its first line comes one interval after its first reading: the command starts
     * after that line is written (a loaded machine runs the sampler late), so that its
     * first epoch is covered (and stop_recorder waits as long) */
    wait_interval(r);
    wait_row(r);
    for (size_t i = 0; i < rapl.n; i++)
        br_buf_addf(&r->zones, "%.*s\n", (int)(strlen(rapl.z[i].column) - 4), rapl.z[i].column);
    return 0;
}

static int is_darwin(void)
{
    struct utsname u;
    return uname(&u) == 0 && !strcmp(u.sysname, "Darwin");
}

static void start_recorder(struct record *r)
{
    char path[4096], why[512];
    int want_nvsmi = !strcmp(r->power, "nvsmi"), want_pm = !strcmp(r->power, "powermetrics");
    int autom = !strcmp(r->power, "auto");
    const char *list[] = { "nvidia-smi", "-L", NULL };

    r->recorder_used = "none";
    r->recorder = -1;
    if (!strcmp(r->power, "none"))
        return;
    if (!strcmp(r->power, "rapl")) {
        if (start_rapl(r, why, sizeof(why)) < 0)
            fprintf(stderr, "benchreport record: no power recorder: %s; recording the log "
                            "only\n", why);
        return;
    }
    if (want_nvsmi || autom) {
        if (on_path("nvidia-smi", path, sizeof(path)) == 0 && run_capture(list, NULL) == 0) {
            start_nvsmi(r);
            return;
        }
        if (want_nvsmi || !is_darwin()) {
            const char *nv = on_path("nvidia-smi", path, sizeof(path))
                                 ? "nvidia-smi is not on PATH" : "nvidia-smi sees no GPU";
            /* a machine without a GPU: the CPU's RAPL counters, where they can be read */
            if (autom && start_rapl(r, why, sizeof(why)) == 0)
                return;
            fprintf(stderr, "benchreport record: no power recorder: %s%s%s; recording the log "
                            "only\n", nv, autom ? "; RAPL: " : "", autom ? why : "");
            return;
        }
    }
    if (want_pm || autom) {
        if (geteuid() != 0) {
            fputs("benchreport record: powermetrics needs root: run benchreport record with "
                  "sudo, or give --power none; recording the log only\n", stderr);
            return;
        }
        start_powermetrics(r);
    }
}

static void stop_recorder(struct record *r)
{
    int st;
    if (r->recorder <= 0)
        return;
    if (!strcmp(r->recorder_used, "rapl"))
        wait_stamp(r, now() + r->interval_ms / 1000); /* its last epoch is covered */
    if (!strcmp(r->recorder_used, "nvsmi")) {
        /* power.draw averages the second before each reading (Ampere and newer), and
         * benchreport reads it half a second earlier: rows go on for that second and one
         * interval more, or a training's last half second has none (an H200's last 0.53 s
         * epoch got no energy from a trace stopped at its end) */
        wait_stamp(r, now() + 1 + r->interval_ms / 1000);
    }
    kill(r->recorder, SIGTERM);
    while (waitpid(r->recorder, &st, 0) < 0 && errno == EINTR)
        ;
}

/* The reason the recording is incomplete, into `out` ("" when it is complete). */
static void incomplete_reason(const struct record *r, char *out, size_t size)
{
    char ts[40];

    out[0] = '\0';
    if (r->log_errno) {
        stamp(ts, sizeof(ts), r->log_failed);
        snprintf(out, size, "train.log: %s at %s: kept the %llu lines read before",
                 strerror(r->log_errno), ts, r->lines);
    }
}

static void json_time(struct br_json *j, const char *key, double t)
{
    char ts[40];

    br_json_key(j, key);
    if (t > 0) {
        stamp(ts, sizeof(ts), t);
        br_json_str(j, ts);
    } else {
        br_json_null(j);
    }
}

/*
 * meta.json's text into `f`. `end` 0: the recording is going on ("state":
 * "recording"); otherwise "complete" or "incomplete", with the command's status.
 */
static void meta_text(const struct record *r, FILE *f, double start, double end,
                      const struct stream *s)
{
    char why[512];
    struct br_json j;
    struct utsname u;

    incomplete_reason(r, why, sizeof(why));
    br_json_init(&j, f);
    br_json_object(&j);
    br_json_key(&j, "benchreport");
    br_json_str(&j, BR_VERSION);
    br_json_key(&j, "state");
    br_json_str(&j, !end ? "recording" : why[0] ? "incomplete" : "complete");
    br_json_key(&j, "incomplete_reason");
    br_json_str(&j, !end ? "record did not finish (killed, or still running)"
                         : why[0] ? why : NULL);
    br_json_key(&j, "command");
    br_json_array(&j);
    for (char **a = r->cmd; *a; a++)
        br_json_str(&j, *a);
    br_json_end(&j, ']');
    br_json_key(&j, "labels");
    br_json_object(&j);
    for (int i = 0; i < r->nlabels; i++) {
        const char *eq = strchr(r->labels[i], '=');
        char key[64];
        snprintf(key, sizeof(key), "%.*s", (int)(eq - r->labels[i]), r->labels[i]);
        br_json_key(&j, key);
        br_json_str(&j, eq + 1);
    }
    br_json_end(&j, '}');
    br_json_key(&j, "host");
    br_json_str(&j, uname(&u) == 0 ? u.nodename : NULL);
    json_time(&j, "start", start);
    json_time(&j, "end", end);
    br_json_key(&j, "exit_status");
    if (end)
        br_json_int(&j, r->child_status);
    else
        br_json_null(&j);
    br_json_key(&j, "lines");
    if (end)
        br_json_int(&j, (long long)r->lines);
    else
        br_json_null(&j);
    br_json_key(&j, "signals_sent");
    br_json_array(&j);
    for (int i = 0; i < r->nsigs; i++)
        br_json_str(&j, sig_name(r->sigs[i]));
    br_json_end(&j, ']');
    json_time(&j, "stdout_closed", s ? s[0].out_closed : 0);
    json_time(&j, "stderr_closed", s ? s[1].out_closed : 0);
    br_json_key(&j, "output_left_open");
    br_json_bool(&j, r->left_open);
    br_json_key(&j, "recorder");
    br_json_str(&j, r->recorder_used);
    br_json_key(&j, "power_file");
    br_json_str(&j, r->recorder > 0 ? strrchr(r->power_file, '/') + 1 : NULL);
    br_json_key(&j, "power_interval_ms");
    br_json_num(&j, r->interval_ms);
    br_json_key(&j, "power_timezone");
    br_json_str(&j, r->recorder > 0 && (!strcmp(r->recorder_used, "nvsmi") ||
                                        !strcmp(r->recorder_used, "rapl"))
                        ? "UTC"
                        : NULL);
    br_json_key(&j, "gpus");
    br_json_array(&j);
    {
        const char *p = r->gpus.buf;
        while (p && *p) {
            const char *nl = strchr(p, '\n');
            size_t n = nl ? (size_t)(nl - p) : strlen(p);
            if (n)
                br_json_strn(&j, p, n);
            p = nl ? nl + 1 : p + n;
        }
    }
    br_json_end(&j, ']');
    br_json_key(&j, "rapl_zones");
    br_json_array(&j);
    {
        const char *p = r->zones.buf;
        while (p && *p) {
            const char *nl = strchr(p, '\n');
            br_json_strn(&j, p, (size_t)(nl - p));
            p = nl + 1;
        }
    }
    br_json_end(&j, ']');
    br_json_key(&j, "log_format");
    br_json_str(&j, "each line: ISO 8601 UTC time, then a space (stdout) or a tab (stderr)");
    br_json_end(&j, '}');
    fputc('\n', f);
}

/*
 * Writes meta.json. The first call creates it, padded with spaces (valid
 * JSON) to hold a longer completion; later calls overwrite it in place and
 * cut it to its length, so completing it needs no new blocks. Returns 0 or -1.
 */
static int write_meta(struct record *r, double start, double end, const struct stream *s)
{
    char path[4096], *text = NULL;
    size_t n = 0, size;
    FILE *f = open_memstream(&text, &n);
    int ret = -1;

    if (!f)
        return -1;
    meta_text(r, f, start, end, s);
    if (fclose(f) != 0)
        goto out;
    if (r->meta < 0) {
        snprintf(path, sizeof(path), "%s/meta.json", r->dir);
        if ((r->meta = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666)) < 0)
            goto out;
        size = n + BR_RECORD_META_RESERVE;
        text = br_xrealloc(text, size);
        memset(text + n - 1, ' ', size - n);
        text[size - 1] = '\n';
        if (write_all(r->meta, text, size) < 0 || fdatasync(r->meta) < 0)
            goto out;
        r->meta_size = size;
    } else {
        if (n > r->meta_size && ftruncate(r->meta, 0) != 0)
            goto out;
        if (pwrite(r->meta, text, n, 0) != (ssize_t)n || ftruncate(r->meta, (off_t)n) != 0)
            goto out;
        r->meta_size = n;
    }
    ret = 0;
out:
    free(text);
    return ret;
}

static void usage(FILE *f)
{
    fputs("usage: benchreport record [-o DIR] [--power auto|nvsmi|powermetrics|rapl|none]\n"
          "                          [--interval MS] [--label KEY=VALUE]... -- COMMAND [ARGS...]\n",
          f);
}
static int parse_args(int argc, char **argv, struct record *r)
{
    static const struct option longopts[] = {
        { "output", required_argument, NULL, 'o' }, { "power", required_argument, NULL, 'p' },
        { "interval", required_argument, NULL, 'i' }, { "label", required_argument, NULL, 'l' },
        { "help", no_argument, NULL, 'h' },           { NULL, 0, NULL, 0 },
    };
    int c, rc = 0;
    double s;

    optind = 1;
    while ((c = getopt_long(argc, argv, "+o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            r->dir = optarg;
            break;
        case 'p':
            if (strcmp(optarg, "auto") && strcmp(optarg, "nvsmi") &&
                strcmp(optarg, "powermetrics") && strcmp(optarg, "rapl") &&
                strcmp(optarg, "none")) {
                fprintf(stderr, "benchreport record: --power wants auto, nvsmi, powermetrics, "
                                "rapl or none, not '%s'\n", optarg);
                return -1;
            }
            r->power = optarg;
            break;
        case 'i':
            if ((rc = br_cli_parse_duration(optarg, 0.001, &s)) < 0 || s < 0.01) {
                fprintf(stderr, "benchreport record: --interval wants %s, not '%s'\n",
                        rc == -2 ? BR_CLI_UNIT_WANTED : "at least 10 ms", optarg);
                return -1;
            }
            r->interval_ms = s * 1000;
            break;
        case 'l':
            if (!strchr(optarg, '=') || r->nlabels == MAX_LABELS ||
                strchr(optarg, '=') - optarg >= 64) {
                fprintf(stderr, "benchreport record: --label wants KEY=VALUE, not '%s'\n",
                        optarg);
                return -1;
            }
            r->labels[r->nlabels++] = optarg;
            break;
        case 'h':
            usage(stdout);
            exit(br_cli_close_stdout(BR_EXIT_OK));
        default:
            usage(stderr);
            return -1;
        }
    }
    if (optind >= argc) {
        fputs("benchreport record: no command (put it after --)\n", stderr);
        usage(stderr);
        return -1;
    }
    r->cmd = argv + optind;
    return 0;
}

/* runs/<UTC time>-<command name>, or the -o directory; refused when not empty. */
static int make_dir(struct record *r, char *buf, size_t size)
{
    struct stat st;
    char ts[40];

    if (!r->dir) {
        const char *base = strrchr(r->cmd[0], '/');
        long long secs = (long long)now(), days = secs / 86400, sod = secs - days * 86400, y;
        unsigned m, d;
        br_civil_from_days(days, &y, &m, &d);
        snprintf(ts, sizeof(ts), "%04lld%02u%02uT%02lld%02lld%02lldZ", y, m, d, sod / 3600,
                 sod / 60 % 60, sod % 60);
        mkdir("runs", 0755);
        snprintf(buf, size, "runs/%s-%s", ts, base ? base + 1 : r->cmd[0]);
        r->dir = buf;
    }
    if (stat(r->dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode) || rmdir(r->dir) != 0) {
            fprintf(stderr, "benchreport record: '%s' exists and is not an empty directory\n",
                    r->dir);
            return -1;
        }
    }
    for (char *p = strchr(r->dir + 1, '/'); p; p = strchr(p + 1, '/')) {
        *p = '\0';                       /* the parents, as mkdir -p */
        mkdir(r->dir, 0755);
        *p = '/';
    }
    if (mkdir(r->dir, 0755) != 0) {
        fprintf(stderr, "benchreport record: cannot create '%s': %s\n", r->dir,
                strerror(errno));
        return -1;
    }
    return 0;
}

/*
 * Forks and execs the command in a process group of its own, with its output
 * on two pipes; that group gets the terminal when record had it.
 */
static int start_child(struct record *r, struct stream *s)
{
    int out[2], err[2];

    if (pipe2(out, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0)
        return -1;
    r->tty = isatty(0) && tcgetpgrp(0) == getpgrp();
    r->child = fork();
    if (r->child < 0)
        return -1;
    if (r->child == 0) {
        setpgid(0, 0);
        if (r->tty) {
            signal(SIGTTOU, SIG_IGN);
            tcsetpgrp(0, getpid());
        }
        child_signals();
        signal(SIGTTOU, SIG_DFL);
        dup2(out[1], 1);
        dup2(err[1], 2);
        execvp(r->cmd[0], r->cmd);
        fprintf(stderr, "benchreport record: cannot run '%s': %s\n", r->cmd[0],
                strerror(errno));
        _exit(127);
    }
    setpgid(r->child, r->child);
    if (r->tty)
        tcsetpgrp(0, r->child);
    close(out[1]);
    close(err[1]);
    s[0].fd = out[0];
    s[1].fd = err[0];
    return 0;
}

/*
 * Takes the terminal back from the command's group. record is in the
 * background then, so SIGTTOU is blocked, as a shell does, or the call fails.
 */
static void take_tty(const struct record *r)
{
    sigset_t ttou, old;

    if (!r->tty)
        return;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    sigprocmask(SIG_BLOCK, &ttou, &old);
    tcsetpgrp(0, getpgrp());
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/*
 * The command was stopped (Ctrl-Z reaches its group, which has the terminal):
 * record stops too, so that the shell sees the job stopped, and when it is
 * continued it continues the command, giving it the terminal back when
 * record has it (fg; after bg the command stays in the background).
 */
static void follow_stop(const struct record *r)
{
    take_tty(r);
    kill(getpid(), SIGSTOP);
    if (r->tty && tcgetpgrp(0) == getpgrp())
        tcsetpgrp(0, r->child);
    kill(-r->child, SIGCONT);
}

/* Acts on the signals record received: SIGCHLD reaps, others go to the command's group. */
static void on_signals(struct record *r)
{
    unsigned char sig;
    int st;

    while (read(sig_pipe[0], &sig, 1) == 1) {
        if (sig != SIGCHLD) {
            if (!r->child_done)
                kill(-r->child, sig);   /* the command decides; we go on reading */
            if (r->nsigs < MAX_SIGNALS)
                r->sigs[r->nsigs++] = sig;
        }
    }
    if (!r->child_done && waitpid(r->child, &st, WNOHANG | WUNTRACED) == r->child) {
        if (WIFSTOPPED(st)) {
            follow_stop(r);
            return;
        }
        r->child_done = 1;
        r->child_status = WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
    }
}

/*
 * Records until the command has exited and its output has ended, or until
 * BR_RECORD_GRACE_S after it exited when processes it left keep the output open.
 */
static void loop(struct record *r, struct stream *s)
{
    double exited = 0;

    for (;;) {
        struct pollfd p[3] = { { s[0].fd, POLLIN, 0 }, { s[1].fd, POLLIN, 0 },
                               { sig_pipe[0], POLLIN, 0 } };
        int timeout = -1;

        if (r->child_done && s[0].fd < 0 && s[1].fd < 0)
            break;
        if (r->child_done) {
            if (!exited)
                exited = now();
            if (now() - exited >= BR_RECORD_GRACE_S) {
                r->left_open = 1;
                fprintf(stderr, "benchreport record: the command exited, but processes it "
                                "started keep its output open; not recording them\n");
                break;
            }
            timeout = (int)((BR_RECORD_GRACE_S - (now() - exited)) * 1000) + 1;
        }
        if (poll(p, 3, timeout) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (p[2].revents & POLLIN)
            on_signals(r);
        for (int i = 0; i < 2; i++)
            if (s[i].fd >= 0 && (p[i].revents & (POLLIN | POLLHUP | POLLERR)))
                pump(r, &s[i]);
    }
    for (int i = 0; i < 2; i++) {
        if (s[i].fd >= 0) {
            if (s[i].line.len || s[i].continued)
                flush_line(r, &s[i], 1);
            close(s[i].fd);
            s[i].fd = -1;
        }
    }
    write_log(r);
}

static void handle_signals(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGCHLD, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

int br_cmd_record(int argc, char **argv)
{
    struct record r = { .power = "auto", .interval_ms = 100, .log = -1, .meta = -1 };
    struct stream s[2] = { { -1, 1, ' ', BR_BUF_INIT, 0, 0 },
                           { -1, 2, '\t', BR_BUF_INIT, 0, 0 } };
    char dirbuf[512], path[4096], why[512];
    double start, end;
    int status = BR_EXIT_NOTHING;

    if (parse_args(argc, argv, &r) < 0)
        return BR_EXIT_USAGE;
    if (make_dir(&r, dirbuf, sizeof(dirbuf)) < 0)
        return BR_EXIT_USAGE;
    snprintf(path, sizeof(path), "%s/train.log", r.dir);
    r.log = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (r.log < 0 || pipe2(sig_pipe, O_CLOEXEC | O_NONBLOCK) < 0) {
        fprintf(stderr, "benchreport record: cannot write '%s': %s\n", path, strerror(errno));
        goto out;
    }
    handle_signals();
    start_recorder(&r);
    start = now();
    if (write_meta(&r, start, 0, NULL) < 0) {
        fprintf(stderr, "benchreport record: cannot write '%s/meta.json': %s\n", r.dir,
                strerror(errno));
        stop_recorder(&r);
        goto out;
    }
    if (start_child(&r, s) < 0) {
        fprintf(stderr, "benchreport record: cannot start '%s': %s\n", r.cmd[0],
                strerror(errno));
        stop_recorder(&r);
        goto out;
    }
    loop(&r, s);
    while (!r.child_done) {
        int st;
        if (waitpid(r.child, &st, 0) == r.child) {
            r.child_done = 1;
            r.child_status = WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
        } else if (errno != EINTR) {
            break;
        }
    }
    take_tty(&r);
    end = now();
    stop_recorder(&r);
    status = r.child_status;
    if ((r.log >= 0 && close(r.log) != 0 && !r.log_errno)) {
        r.log_errno = errno;
        r.log_failed = end;
    }
    r.log = -1;
    if (write_meta(&r, start, end, s) != 0) {
        fprintf(stderr, "benchreport record: error: cannot complete '%s/meta.json': %s\n",
                r.dir, strerror(errno));
        if (!status)
            status = BR_EXIT_NOTHING;
    }
    incomplete_reason(&r, why, sizeof(why));
    if (why[0]) {
        fprintf(stderr, "benchreport record: %s: recording incomplete: %s\n", r.dir, why);
        if (!status)
            status = BR_EXIT_NOTHING;
    }
    fprintf(stderr, "benchreport record: %s (exit status %d)\n", r.dir, r.child_status);
out:
    if (r.log >= 0)
        close(r.log);
    if (r.meta >= 0)
        close(r.meta);
    br_buf_release(&s[0].line);
    br_buf_release(&s[1].line);
    br_buf_release(&r.pending);
    br_buf_release(&r.gpus);
    br_buf_release(&r.driver);
    br_buf_release(&r.zones);
    return status;
}
