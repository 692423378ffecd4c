/*
 * gen_keras.c: writes a piped Keras 2 log of about N megabytes: every
 * progress line of every epoch, as `python train.py | tee log` captures it.
 * usage: gen_keras MB > train.log
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long mb = argc > 1 ? strtol(argv[1], NULL, 10) : 100;
    long long bytes = 0, limit = (long long)mb << 20;
    static char buf[1 << 16];
    int steps = 1563;

    setvbuf(stdout, buf, _IOFBF, sizeof(buf));
    for (int e = 1; bytes < limit; e++) {
        bytes += printf("Epoch %d/1000\n", e);
        for (int s = 1; s <= steps && bytes < limit; s++) {
            int done = 30 * s / steps;
            char bar[31];
            for (int k = 0; k < 30; k++)
                bar[k] = k < done ? '=' : k == done ? '>' : '.';
            bar[30] = '\0';
            if (s < steps)
                bytes += printf("%4d/%d [%s] - ETA: %ds - loss: %.4f - accuracy: %.4f\n", s, steps,
                                bar, (steps - s) / 100, 2.3 - s * 1e-3, 0.1 + s * 1e-4);
            else
                bytes += printf("%d/%d [==============================] - 17s 11ms/step - loss: "
                                "%.4f - accuracy: %.4f - val_loss: %.4f - val_accuracy: %.4f\n",
                                s, steps, 0.7134, 0.7780, 0.8012, 0.7511);
        }
    }
    return 0;
}
