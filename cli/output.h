#ifndef BR_CLI_OUTPUT_H
#define BR_CLI_OUTPUT_H
/*
 * An output file written so that nothing is overwritten by surprise and no
 * half-written file is left: the text goes to a hidden temporary file beside
 * the target (".NAME.tmp.XXXXXX", created with O_EXCL, so never read back as
 * an input), which is renamed over the target when complete.
 * - A symbolic link is followed: the file it names is replaced, the link kept.
 * - A character device or FIFO (/dev/null, a named pipe) is written directly;
 *   any other non-regular target (a directory, a socket) is refused.
 * - The new file gets the mode of the file it replaces, or 0666 less the umask.
 * - SIGINT, SIGTERM and SIGHUP while a temporary exists remove it first.
 */

struct br_out_file {
    char *target;   /* the file written, symbolic links resolved */
    char *tmp;      /* the temporary file, or NULL when writing the target directly */
    int fd;         /* open on `tmp` (or the target), or -1 */
};

/*
 * Opens an output for `path`; the temporary's name ends with `suffix` ("" or
 * ".png": renderers that pick a format by name). Returns 0, or -1 after
 * saying why on stderr (nothing left behind).
 */
int br_out_open(struct br_out_file *o, const char *path, const char *suffix);

/* The name to write to: the temporary, or the target itself. */
const char *br_out_name(const struct br_out_file *o);

/*
 * Finishes: with `written` 1 renames the temporary over the target; with 0
 * (writing failed, `err` the errno or 0) says so on stderr and removes it.
 * Closes o->fd if still open and frees `o`'s strings. Returns 0 or -1.
 */
int br_out_close(struct br_out_file *o, int written, int err);

#endif
