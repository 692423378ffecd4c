/*
 * gen_nvsmi.c: writes an nvidia-smi trace of N lines in the seeds' format
 * (`nvidia-smi --query-gpu=timestamp,power.draw --format=csv`), one sample
 * every 100 ms, a training-like square wave of power with noise:
 *     timestamp, power.draw [W]
 *     2024/10/30 18:42:33.189, 22.89 W
 * usage: gen_nvsmi N > trace.csv
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
    long long ms = 0;
    unsigned seed = 1;
    static char buf[1 << 16];

    setvbuf(stdout, buf, _IOFBF, sizeof(buf));
    puts("timestamp, power.draw [W]");
    for (long i = 0; i < n; i++, ms += 100) {
        long long s = ms / 1000;
        int busy = (s / 60) % 2 == 0;
        double w;
        seed = seed * 1103515245u + 12345u;
        w = (busy ? 250.0 : 60.0) + (double)(seed >> 16 & 1023) / 100.0;
        printf("2024/10/%02lld %02lld:%02lld:%02lld.%03lld, %.2f W\n", 1 + s / 86400 % 28,
               s / 3600 % 24, s / 60 % 60, s % 60, ms % 1000, w);
    }
    return 0;
}
