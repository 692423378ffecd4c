/*
 * power.c: power recording beside a training (see bt.h). NVML is loaded
 * with dlopen and sampled on a thread of our own, which writes the same CSV
 * nvidia-smi would (so benchreport reads either the same way); without NVML,
 * nvidia-smi itself is spawned. NVML's total-energy counter gives the epochs'
 * energy in both cases when NVML loads.
 *
 * The NVML prototypes are declared here by hand (the header is not needed to
 * build): every call returns 0 (NVML_SUCCESS) on success.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner/bt.h"

struct nvml_memory { unsigned long long total, free, used; };       /* nvmlMemory_t */
struct nvml_utilization { unsigned gpu, memory; };                   /* nvmlUtilization_t */

struct nvml {
    void *lib, *dev;
    int (*shutdown)(void);
    int (*power_mw)(void *, unsigned *);
    int (*energy_mj)(void *, unsigned long long *);
    int (*name)(void *, char *, unsigned);
    int (*temperature)(void *, int, unsigned *);          /* sensor 0: the GPU */
    int (*utilization)(void *, struct nvml_utilization *);
    int (*memory)(void *, struct nvml_memory *);
    int (*clock)(void *, int, unsigned *);                /* clock 1: SM */
};

struct bt_power {
    struct nvml nvml;
    int device, ms;
    FILE *out;                  /* NVML: the CSV our thread writes */
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    int stopping, running;
    double stop_at;             /* when bt_power_stop was called */
    pid_t smi;                  /* without NVML: nvidia-smi's pid */
    char gpu_name[96];
};

static void *sym(struct nvml *n, const char *name)
{
    return dlsym(n->lib, name);
}

/* Loads NVML and finds GPU `device`; 0, or -1 (nothing loaded). */
static int nvml_open(struct nvml *n, int device)
{
    const char *path = getenv("BENCHTRAIN_NVML");
    int (*init)(void);
    int (*handle)(unsigned, void **);

    memset(n, 0, sizeof(*n));
    if (!(n->lib = dlopen(path && *path ? path : "libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL)))
        return -1;
    init = (int (*)(void))sym(n, "nvmlInit_v2");
    handle = (int (*)(unsigned, void **))sym(n, "nvmlDeviceGetHandleByIndex_v2");
    n->shutdown = (int (*)(void))sym(n, "nvmlShutdown");
    n->power_mw = (int (*)(void *, unsigned *))sym(n, "nvmlDeviceGetPowerUsage");
    n->energy_mj = (int (*)(void *, unsigned long long *))sym(n, "nvmlDeviceGetTotalEnergyConsumption");
    n->name = (int (*)(void *, char *, unsigned))sym(n, "nvmlDeviceGetName");
    n->temperature = (int (*)(void *, int, unsigned *))sym(n, "nvmlDeviceGetTemperature");
    n->utilization = (int (*)(void *, struct nvml_utilization *))sym(n, "nvmlDeviceGetUtilizationRates");
    n->memory = (int (*)(void *, struct nvml_memory *))sym(n, "nvmlDeviceGetMemoryInfo");
    n->clock = (int (*)(void *, int, unsigned *))sym(n, "nvmlDeviceGetClockInfo");
    if (!init || !handle || !n->power_mw || init() != 0) {
        dlclose(n->lib);
        n->lib = NULL;
        return -1;
    }
    if (handle((unsigned)device, &n->dev) != 0) {
        if (n->shutdown)
            n->shutdown();
        dlclose(n->lib);
        n->lib = NULL;
        return -1;
    }
    return 0;
}

static void nvml_close(struct nvml *n)
{
    if (!n->lib)
        return;
    if (n->shutdown)
        n->shutdown();
    dlclose(n->lib);
    n->lib = NULL;
}

/* One optional unsigned value and its unit, or nvidia-smi's [N/A]. */
static void field(FILE *f, int ok, unsigned long long v, const char *unit)
{
    if (ok)
        fprintf(f, ", %llu%s", v, unit);
    else
        fputs(", [N/A]", f);
}

static void write_row(struct bt_power *p, double t)
{
    struct nvml *n = &p->nvml;
    struct nvml_utilization u = { 0, 0 };
    struct nvml_memory m = { 0, 0, 0 };
    unsigned temp = 0, clock = 0, mw = 0;
    int has_temp = n->temperature && n->temperature(n->dev, 0, &temp) == 0;
    int has_util = n->utilization && n->utilization(n->dev, &u) == 0;
    int has_mem = n->memory && n->memory(n->dev, &m) == 0;
    int has_clock = n->clock && n->clock(n->dev, 1, &clock) == 0;
    int has_power = n->power_mw(n->dev, &mw) == 0;
    char ts[40];

    bt_format_time(ts, sizeof(ts), t, BT_TIME_NVSMI);
    fprintf(p->out, "%s, %d, %s", ts, p->device, p->gpu_name);
    field(p->out, has_temp, temp, "");
    field(p->out, has_util, u.gpu, " %");
    field(p->out, has_mem, m.used >> 20, " MiB");
    field(p->out, has_clock, clock, " MHz");
    if (has_power)
        fprintf(p->out, ", %.2f W\n", mw / 1000.0);
    else
        fputs(", [N/A]\n", p->out);
    fflush(p->out);
}

/*
 * How long the recorder goes on after it is told to stop (s): power.draw is the
 * average of the second before each reading (Ampere and newer), so benchreport
 * reads each row half a second earlier, and a trace that stopped at the run's end
 * left its last half second without rows: an H200's last 0.53 s epoch had one
 * and no energy ("lies in a gap of the trace").
 */
#define TAIL_S 1.0

/* The sampling thread: a row every `ms` on a fixed grid until TAIL_S after the stop. */
static void *sampler(void *arg)
{
    struct bt_power *p = arg;
    double t0 = bt_now();
    long k = 0;

    pthread_mutex_lock(&p->lock);
    for (;;) {
        double due = t0 + (double)k * p->ms / 1000.0;
        double end = p->stopping ? p->stop_at + TAIL_S : INFINITY, now = bt_now();
        double until = fmin(due, end);
        struct timespec ts = { .tv_sec = (time_t)until,
                               .tv_nsec = (long)((until - floor(until)) * 1e9) };
        if (now >= end)
            break;
        if (now < due) {
            pthread_cond_timedwait(&p->wake, &p->lock, &ts);
            continue;
        }
        pthread_mutex_unlock(&p->lock);
        write_row(p, bt_now());
        pthread_mutex_lock(&p->lock);
        k++;
        if (t0 + (double)k * p->ms / 1000.0 < bt_now() - 1.0)   /* fell behind: skip ahead */
            k = (long)((bt_now() - t0) * 1000.0 / p->ms) + 1;
    }
    pthread_mutex_unlock(&p->lock);
    /* a reading at the end: the last epoch is covered however far apart the readings (an
     * H200's 0.5 s epochs ended up to one interval after the last row) */
    write_row(p, bt_now());
    return NULL;
}

static int start_nvml(struct bt_power *p, const char *file, char *err, size_t errsize)
{
    struct nvml *n = &p->nvml;

    if (!n->name || n->name(n->dev, p->gpu_name, sizeof(p->gpu_name)) != 0)
        snprintf(p->gpu_name, sizeof(p->gpu_name), "GPU %d", p->device);
    for (char *c = p->gpu_name; *c; c++)
        if (*c == ',' || *c == '\n')
            *c = ' ';
    if (!(p->out = fopen(file, "w"))) {
        snprintf(err, errsize, "cannot write %s: %s", file, strerror(errno));
        return -1;
    }
    fputs("timestamp, index, name, temperature.gpu, utilization.gpu [%], memory.used [MiB], "
          "clocks.sm [MHz], power.draw [W]\n", p->out);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    if (pthread_create(&p->thread, NULL, sampler, p) != 0) {
        snprintf(err, errsize, "cannot start the power thread");
        fclose(p->out);
        p->out = NULL;
        return -1;
    }
    p->running = 1;
    return 0;
}

/* nvidia-smi writing `file`, with UTC times; its pid, or -1. */
static pid_t start_nvsmi(const char *file, int ms, int device)
{
    char lms[16], id[16];
    char *argv[] = { (char *)"nvidia-smi",
                     (char *)"--query-gpu=timestamp,index,name,temperature.gpu,utilization.gpu,"
                             "memory.used,clocks.sm,power.draw",
                     (char *)"--format=csv", (char *)"-lms", lms, (char *)"-i", id,
                     (char *)"-f", (char *)file, NULL };
    pid_t pid;

    snprintf(lms, sizeof(lms), "%d", ms);
    snprintf(id, sizeof(id), "%d", device);
    pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, 0);
            dup2(devnull, 1);
        }
        setenv("TZ", "UTC", 1);
        execvp(argv[0], argv);
        _exit(127);
    }
    return pid;
}

struct bt_power *bt_power_start(const char *file, int device, int ms, char *err,
                                size_t errsize)
{
    struct bt_power *p = calloc(1, sizeof(*p));

    if (!p) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    p->device = device;
    p->ms = ms;
    p->smi = -1;
    if (nvml_open(&p->nvml, device) == 0) {
        if (start_nvml(p, file, err, errsize) < 0) {
            nvml_close(&p->nvml);
            free(p);
            return NULL;
        }
        return p;
    }
    if ((p->smi = start_nvsmi(file, ms, device)) < 0) {
        snprintf(err, errsize, "cannot start nvidia-smi: %s", strerror(errno));
        free(p);
        return NULL;
    }
    return p;
}

double bt_power_joules(struct bt_power *p)
{
    unsigned long long mj;
    if (!p || !p->nvml.lib || !p->nvml.energy_mj || p->nvml.energy_mj(p->nvml.dev, &mj) != 0)
        return NAN;
    return (double)mj / 1000.0;
}

const char *bt_power_source(const struct bt_power *p)
{
    return p->running ? "nvml" : "nvidia-smi";
}

void bt_power_stop(struct bt_power *p)
{
    int st;

    if (!p)
        return;
    if (p->running) {
        pthread_mutex_lock(&p->lock);
        p->stopping = 1;
        p->stop_at = bt_now();
        pthread_cond_signal(&p->wake);
        pthread_mutex_unlock(&p->lock);
        pthread_join(p->thread, NULL);
        pthread_cond_destroy(&p->wake);
        pthread_mutex_destroy(&p->lock);
        fclose(p->out);
    }
    nvml_close(&p->nvml);
    if (p->smi > 0) {
        /* nvidia-smi's rows go on TAIL_S past the run's end, and one more comes (one
         * interval and a half, at most 3 s: readings further apart are not waited for) */
        int ms = (p->ms * 3 / 2 < 3000 ? p->ms * 3 / 2 : 3000) + (int)(TAIL_S * 1000);
        struct timespec wait = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };
        while (nanosleep(&wait, &wait) < 0 && errno == EINTR)
            ;
        kill(p->smi, SIGTERM);
        while (waitpid(p->smi, &st, 0) < 0 && errno == EINTR)
            ;
    }
    free(p);
}
