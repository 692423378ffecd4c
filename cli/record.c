/*
 * record.c: `benchreport record [-o DIR] [--power auto|nvsmi|powermetrics|none]
 * [--interval MS] [--label k=v]... -- COMMAND [ARGS...]`.
 *
 * Runs COMMAND (execvp, no shell) with its stdout and stderr passed through
 * unchanged, and writes DIR/train.log: every line of both, prefixed with the
 * time its newline arrived (ISO 8601 UTC, microseconds) and a space (stdout)
 * or a tab (stderr). A line rewritten with '\r' (a progress bar) is stamped
 * when it ends, which is when the epoch it shows ended. A line longer than
 * BR_RECORD_MAX_LINE is written in pieces, stamped once. Beside it a power
 * recorder writes DIR/power.csv (nvidia-smi, run with TZ=UTC) or power.txt
 * (powermetrics), and DIR/meta.json says what was recorded and how.
 *
 * SIGINT and SIGTERM go to the child; the recorder is stopped once the
 * child's output has ended, and every file is flushed and closed. The exit
 * status is the child's (128 + signal when a signal ended it). The signal
 * handler's pipe is the one piece of process-wide state, and it lives here,
 * in cli/.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "model/alloc.h"
#include "model/buf.h"
#include "model/timefmt.h"
#include "render/json.h"
#include "model/banned.h"

#define BR_RECORD_MAX_LINE (1u << 20)
#define MAX_LABELS 16

struct stream {
    int fd;              /* read end of the child's pipe, -1 at EOF */
    int out;             /* where it is passed through (1 or 2) */
    char sep;            /* ' ' for stdout, '\t' for stderr in train.log */
    struct br_buf line;  /* the line being received */
    int continued;       /* part of this line was written already */
};

struct record {
    char *dir;
    const char *power, *labels[MAX_LABELS];
    int nlabels;
    double interval_ms;
    char **cmd;
    FILE *log;
    pid_t child, recorder;
    const char *recorder_used;
    char power_file[4096];
    struct br_buf gpus, driver;
    int power_instant;
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

/* Writes the line received so far to train.log (stamped unless continued). */
static void flush_line(struct record *r, struct stream *s, int ended)
{
    char ts[40];

    if (!s->continued) {
        stamp(ts, sizeof(ts), now());
        fprintf(r->log, "%s%c", ts, s->sep);
    }
    fwrite(s->line.buf, 1, s->line.len, r->log);
    if (ended)
        fputc('\n', r->log);
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

/* Reads what a stream has; closes it at EOF. */
static void pump(struct record *r, struct stream *s)
{
    char buf[65536];
    ssize_t n = read(s->fd, buf, sizeof(buf));

    if (n < 0 && errno == EINTR)
        return;
    if (n <= 0) {
        if (s->line.len || s->continued)
            flush_line(r, s, 1);   /* a last line without newline is kept */
        close(s->fd);
        s->fd = -1;
        return;
    }
    write_all(s->out, buf, (size_t)n);
    take(r, s, buf, (size_t)n);
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

/* Runs `argv` and returns its exit status, its stdout in `out` (may be NULL). */
static int run_capture(const char *const *argv, struct br_buf *out)
{
    int fd[2], status = -1;
    pid_t pid;

    if (pipe(fd) < 0)
        return -1;
    pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_WRONLY);
        dup2(fd[1], 1);
        if (devnull >= 0)
            dup2(devnull, 2);
        close(fd[0]);
        execvp(argv[0], (char *const *)argv); /* execvp does not write to them */
        _exit(127);
    }
    close(fd[1]);
    if (pid > 0) {
        char buf[4096];
        ssize_t n;
        while ((n = read(fd[0], buf, sizeof(buf))) > 0)
            if (out)
                br_buf_add(out, buf, (size_t)n);
        waitpid(pid, &status, 0);
    }
    close(fd[0]);
    return pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static pid_t spawn(const char *const *argv, const char *tz)
{
    pid_t pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, 0);
            dup2(devnull, 1);
        }
        if (tz)
            setenv("TZ", tz, 1);
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
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

static int is_darwin(void)
{
    struct utsname u;
    return uname(&u) == 0 && !strcmp(u.sysname, "Darwin");
}

static void start_recorder(struct record *r)
{
    char path[4096];
    int want_nvsmi = !strcmp(r->power, "nvsmi"), want_pm = !strcmp(r->power, "powermetrics");
    int autom = !strcmp(r->power, "auto");
    const char *list[] = { "nvidia-smi", "-L", NULL };

    r->recorder_used = "none";
    r->recorder = -1;
    if (!strcmp(r->power, "none"))
        return;
    if (want_nvsmi || autom) {
        if (on_path("nvidia-smi", path, sizeof(path)) == 0 && run_capture(list, NULL) == 0) {
            start_nvsmi(r);
            return;
        }
        if (want_nvsmi || !is_darwin()) {
            fprintf(stderr, "benchreport record: no power recorder: %s; recording the log "
                            "only\n",
                    on_path("nvidia-smi", path, sizeof(path)) ? "nvidia-smi is not on PATH"
                                                              : "nvidia-smi sees no GPU");
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
    kill(r->recorder, SIGTERM);
    waitpid(r->recorder, &st, 0);
}

static int write_meta(const struct record *r, double start, double end, int status)
{
    char path[4096], ts[40];
    FILE *f;
    struct br_json j;
    struct utsname u;

    snprintf(path, sizeof(path), "%s/meta.json", r->dir);
    if (!(f = fopen(path, "w")))
        return -1;
    br_json_init(&j, f);
    br_json_object(&j);
    br_json_key(&j, "benchreport");
    br_json_str(&j, BR_VERSION);
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
    br_json_key(&j, "start");
    stamp(ts, sizeof(ts), start);
    br_json_str(&j, ts);
    br_json_key(&j, "end");
    stamp(ts, sizeof(ts), end);
    br_json_str(&j, ts);
    br_json_key(&j, "exit_status");
    br_json_int(&j, status);
    br_json_key(&j, "recorder");
    br_json_str(&j, r->recorder_used);
    br_json_key(&j, "power_file");
    br_json_str(&j, r->recorder > 0 ? strrchr(r->power_file, '/') + 1 : NULL);
    br_json_key(&j, "power_interval_ms");
    br_json_num(&j, r->interval_ms);
    br_json_key(&j, "power_timezone");
    br_json_str(&j, r->recorder > 0 && !strcmp(r->recorder_used, "nvsmi") ? "UTC" : NULL);
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
    br_json_key(&j, "log_format");
    br_json_str(&j, "each line: ISO 8601 UTC time, then a space (stdout) or a tab (stderr)");
    br_json_end(&j, '}');
    fputc('\n', f);
    return fclose(f);
}

static void usage(FILE *f)
{
    fputs("usage: benchreport record [-o DIR] [--power auto|nvsmi|powermetrics|none]\n"
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
    int c;
    double s;

    optind = 1;
    while ((c = getopt_long(argc, argv, "+o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            r->dir = optarg;
            break;
        case 'p':
            if (strcmp(optarg, "auto") && strcmp(optarg, "nvsmi") &&
                strcmp(optarg, "powermetrics") && strcmp(optarg, "none")) {
                fprintf(stderr, "benchreport record: --power wants auto, nvsmi, powermetrics "
                                "or none, not '%s'\n", optarg);
                return -1;
            }
            r->power = optarg;
            break;
        case 'i':
            if (br_cli_parse_duration(optarg, 0.001, &s) < 0 || s < 0.01) {
                fprintf(stderr, "benchreport record: --interval wants at least 10 ms, not "
                                "'%s'\n", optarg);
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

/* Forks and execs the command with its output on two pipes. */
static int start_child(struct record *r, struct stream *s)
{
    int out[2], err[2];

    if (pipe(out) < 0 || pipe(err) < 0)
        return -1;
    r->child = fork();
    if (r->child < 0)
        return -1;
    if (r->child == 0) {
        dup2(out[1], 1);
        dup2(err[1], 2);
        close(out[0]);
        close(err[0]);
        close(out[1]);
        close(err[1]);
        close(sig_pipe[0]);
        close(sig_pipe[1]);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        execvp(r->cmd[0], r->cmd);
        fprintf(stderr, "benchreport record: cannot run '%s': %s\n", r->cmd[0],
                strerror(errno));
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    s[0].fd = out[0];
    s[1].fd = err[0];
    return 0;
}

static void loop(struct record *r, struct stream *s)
{
    while (s[0].fd >= 0 || s[1].fd >= 0) {
        struct pollfd p[3] = { { s[0].fd, POLLIN, 0 }, { s[1].fd, POLLIN, 0 },
                               { sig_pipe[0], POLLIN, 0 } };
        if (poll(p, 3, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (p[2].revents & POLLIN) {
            unsigned char sig;
            if (read(sig_pipe[0], &sig, 1) == 1 && r->child > 0)
                kill(r->child, sig);   /* the child decides; we go on reading */
        }
        for (int i = 0; i < 2; i++)
            if (s[i].fd >= 0 && (p[i].revents & (POLLIN | POLLHUP | POLLERR)))
                pump(r, &s[i]);
    }
}

int br_cmd_record(int argc, char **argv)
{
    struct record r = { .power = "auto", .interval_ms = 100 };
    struct stream s[2] = { { -1, 1, ' ', BR_BUF_INIT, 0 }, { -1, 2, '\t', BR_BUF_INIT, 0 } };
    char dirbuf[512], path[4096];
    struct sigaction sa;
    double start, end;
    int st = 0, status;

    if (parse_args(argc, argv, &r) < 0)
        return BR_EXIT_USAGE;
    if (make_dir(&r, dirbuf, sizeof(dirbuf)) < 0)
        return BR_EXIT_USAGE;
    snprintf(path, sizeof(path), "%s/train.log", r.dir);
    if (!(r.log = fopen(path, "w")) || pipe(sig_pipe) < 0) {
        fprintf(stderr, "benchreport record: cannot write '%s': %s\n", path, strerror(errno));
        return BR_EXIT_NOTHING;
    }
    fcntl(sig_pipe[0], F_SETFD, FD_CLOEXEC);
    fcntl(sig_pipe[1], F_SETFD, FD_CLOEXEC);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    start_recorder(&r);
    start = now();
    if (start_child(&r, s) < 0) {
        fprintf(stderr, "benchreport record: cannot start '%s': %s\n", r.cmd[0],
                strerror(errno));
        stop_recorder(&r);
        return BR_EXIT_NOTHING;
    }
    loop(&r, s);
    while (waitpid(r.child, &st, 0) < 0 && errno == EINTR)
        ;
    end = now();
    stop_recorder(&r);
    status = WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
    if (fclose(r.log) != 0 || write_meta(&r, start, end, status) != 0)
        fprintf(stderr, "benchreport record: error writing in '%s': %s\n", r.dir,
                strerror(errno));
    fprintf(stderr, "benchreport record: %s (exit status %d)\n", r.dir, status);
    br_buf_release(&s[0].line);
    br_buf_release(&s[1].line);
    br_buf_release(&r.gpus);
    br_buf_release(&r.driver);
    return status;
}
