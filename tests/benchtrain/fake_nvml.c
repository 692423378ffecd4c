/*
 * fake_nvml.c: a stand-in for libnvidia-ml.so.1 in benchtrain's tests
 * (BENCHTRAIN_NVML names it): one GPU, index 0, that draws a constant 150 W,
 * so its total-energy counter is 150 W times the time since nvmlInit. Only
 * the calls benchtrain makes are here; they return 0 (NVML_SUCCESS) or an
 * NVML error number.
 */
#include <stdio.h>
#include <time.h>

#define WATTS 150

static double t_init;   /* a driver's state: set by nvmlInit_v2 */
static int device;      /* the handle's target */

/* the prototypes, as NVML declares them (with void * for handles) */
int nvmlInit_v2(void);
int nvmlShutdown(void);
int nvmlDeviceGetHandleByIndex_v2(unsigned index, void **dev);
int nvmlDeviceGetPowerUsage(void *dev, unsigned *mw);
int nvmlDeviceGetTotalEnergyConsumption(void *dev, unsigned long long *mj);
int nvmlDeviceGetName(void *dev, char *name, unsigned length);
int nvmlDeviceGetTemperature(void *dev, int sensor, unsigned *c);
int nvmlDeviceGetUtilizationRates(void *dev, unsigned *rates);
int nvmlDeviceGetClockInfo(void *dev, int clock, unsigned *mhz);

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int nvmlInit_v2(void)
{
    t_init = now();
    return 0;
}

int nvmlShutdown(void)
{
    return 0;
}

int nvmlDeviceGetHandleByIndex_v2(unsigned index, void **dev)
{
    if (index != 0)
        return 2;   /* NVML_ERROR_INVALID_ARGUMENT */
    *dev = &device;
    return 0;
}

int nvmlDeviceGetPowerUsage(void *dev, unsigned *mw)
{
    (void)dev;
    *mw = WATTS * 1000;
    return 0;
}

int nvmlDeviceGetTotalEnergyConsumption(void *dev, unsigned long long *mj)
{
    (void)dev;
    *mj = (unsigned long long)((now() - t_init) * WATTS * 1000.0);
    return 0;
}

int nvmlDeviceGetName(void *dev, char *name, unsigned length)
{
    (void)dev;
    snprintf(name, length, "Fake GPU, 150 W");   /* the comma must not reach the CSV */
    return 0;
}

int nvmlDeviceGetTemperature(void *dev, int sensor, unsigned *c)
{
    (void)dev;
    (void)sensor;
    *c = 50;
    return 0;
}

int nvmlDeviceGetUtilizationRates(void *dev, unsigned *rates)
{
    (void)dev;
    rates[0] = 99;
    rates[1] = 20;
    return 0;
}

int nvmlDeviceGetClockInfo(void *dev, int clock, unsigned *mhz)
{
    (void)dev;
    (void)clock;
    *mhz = 1500;
    return 0;
}
