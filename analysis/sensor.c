/* sensor.c: power.draw's averaging window from the GPU the logs name (sensor.h). */
#include <string.h>

#include "analysis/sensor.h"
#include "model/hwname.h"
#include "model/banned.h"

/* The hardware a run's log names, or NULL. */
static const char *named_hardware(const struct br_run *r)
{
    if (r->hardware)
        return r->hardware;
    return r->device.source == BR_LABEL_LOG ? r->device.value : NULL;
}

/*
 * The window that the NVIDIA GPUs named by the logs in `path`'s directory
 * agree on, with one of their names in *hw; -1 when none names one or they
 * disagree.
 */
static double window_beside(struct br_source *const *src, size_t n, const char *path,
                            const char **hw)
{
    double w = -1;

    *hw = NULL;
    for (size_t s = 0; s < n; s++) {
        if (!br_path_same_dir(src[s]->path, path))
            continue;
        for (size_t r = 0; r < src[s]->nruns; r++) {
            const char *name = named_hardware(src[s]->runs[r]);
            double x = br_hw_power_window(name);
            if (x < 0)
                continue;
            if (w >= 0 && x != w)
                return -1;
            w = x;
            *hw = name;
        }
    }
    return w;
}

void br_sensor_windows(struct br_source *const *src, size_t n, struct br_diags *notes)
{
    for (size_t s = 0; s < n; s++) {
        for (size_t i = 0; i < src[s]->ntraces; i++) {
            struct br_trace *t = src[s]->traces[i];
            const char *hw;
            double w;
            if (t->power_window >= 0 || t->name || t->window || !t->power_source ||
                strcmp(t->power_source, "power.draw") || !src[s]->format ||
                (strcmp(src[s]->format, "nvsmi") && strcmp(src[s]->format, "nvsmiq")))
                continue;
            if ((w = window_beside(src, n, src[s]->path, &hw)) < 0)
                continue;
            t->power_window = w;
            br_diags_add(notes, NULL, BR_NOTE, 0, 0,
                         "%s: its power.draw names no GPU; the logs beside it name %s, whose "
                         "power.draw is %s", src[s]->path, hw,
                         w > 0 ? "the average of the second before each reading"
                               : "instantaneous");
        }
    }
}
