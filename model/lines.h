#ifndef BR_LINES_H
#define BR_LINES_H
/*
 * A line reader for the parsers: reads a FILE in large chunks and hands out
 * one line at a time without copying, with its 1-based number. It strips the
 * '\n' and one '\r' before it (CRLF), returns a last line that has no final
 * newline (and says so), and never grows past `max_line` (BR_MAX_LINE unless
 * the parser raises it before its first br_lines_next()). A longer line that
 * holds carriage returns (a progress bar redrawn in place) loses what comes
 * before its last '\r', as on a terminal, and goes on; one without is
 * returned cut at `max_line` with `truncated` set, the rest of it skipped,
 * and counted in `ncut` (the loader reports them: never silently).
 *
 * Text in UTF-16 (a byte-order mark FF FE or FE FF, what Windows PowerShell's
 * `>` writes; or, without one, ASCII with every other byte 0) is handed out
 * as UTF-8, as if the file had been converted (`encoding` says which it was);
 * a UTF-8 byte-order mark is skipped. Any other bytes are handed out as they
 * are: a log in CP949 or Latin-1 reads like one in UTF-8 wherever it is ASCII.
 */
#include <stdio.h>

#define BR_MAX_LINE (1u << 20)
#define BR_LINES_CHUNK (1u << 16)
/* the most br_lines_peek_upto shows */
#define BR_MAX_PEEK (1u << 22)

enum br_encoding { BR_ENC_BYTES, BR_ENC_UTF8_BOM, BR_ENC_UTF16LE, BR_ENC_UTF16BE };

struct br_lines {
    FILE *f;
    char *buf;
    size_t start, end, size;
    unsigned lineno;      /* number of the line last returned */
    int eof, error;
    int no_newline;       /* the line last returned ended the file without '\n' */
    int truncated;        /* the line last returned was longer than BR_MAX_LINE */
    int skipping;         /* the rest of a cut line is still to be skipped */
    size_t max_line;      /* the longest line kept whole */
    unsigned ncut;        /* lines cut at max_line */
    unsigned first_cut;   /* the number of the first of them */
    unsigned noverwritten;    /* long lines shortened to their last '\r' */
    unsigned first_overwritten;
    enum br_encoding encoding;    /* of the input, found at the first read */
    unsigned char *raw;   /* UTF-16 input not yet converted: raw[rawpos..rawn) */
    size_t rawpos, rawn;
    int raw_eof;
};

/* Prepares to read `f` (borrowed; the caller closes it). */
void br_lines_init(struct br_lines *lr, FILE *f);

/*
 * The first bytes of the input (up to BR_LINES_CHUNK) without consuming
 * them, for format sniffing. Valid until the next br_lines_next().
 */
void br_lines_peek(struct br_lines *lr, const char **p, size_t *n);

/*
 * The same, up to `max` bytes (at most BR_MAX_PEEK, the buffer growing to
 * hold them): a training log's first epoch can end after hundreds of step
 * lines (1036 lines, 130 KiB, in a real GPT-2 fine-tune), past what
 * br_lines_peek shows. Lines are still cut at `max_line`.
 */
void br_lines_peek_upto(struct br_lines *lr, size_t max, const char **p, size_t *n);

/*
 * Returns 1 with the next line in *line and *len (not NUL-terminated, valid until
 * the next call), 0 at end of input, -1 on a read error (errno is kept).
 */
int br_lines_next(struct br_lines *lr, const char **line, size_t *len);

void br_lines_release(struct br_lines *lr);

#endif
