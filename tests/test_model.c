/*
 * test_model.c: the model's utilities: arena, buf, diagnostics, the line
 * reader, the number scanner (against strtod, the independent reference),
 * and trace storage.
 */
#include <math.h>
#include <malloc.h>

#include "tests/helpers.h"

#include "model/hwname.h"

#include "model/arena.h"
#include "model/buf.h"
#include "model/fields.h"
#include "model/jsonscan.h"
#include "model/trace.h"
#include "model/lines.h"
#include "model/num.h"
#include "model/restart.h"
#include "model/run.h"
#include "model/source.h"
#include "model/utf8.h"

static void arena(void **state)
{
    struct br_arena a = BR_ARENA_INIT;
    char *big;
    (void)state;
    assert_string_equal(br_arena_strndup(&a, "power.draw [W]", 10), "power.draw");
    assert_string_equal(br_arena_printf(&a, "gpu %d", 3), "gpu 3");
    big = br_arena_alloc(&a, 100000); /* larger than a block */
    memset(big, 1, 100000);
    for (int i = 0; i < 10000; i++)
        assert_int_equal((uintptr_t)br_arena_alloc(&a, 3) % 16, 0);
    br_arena_release(&a);
    br_arena_release(&a); /* releasing twice is harmless */
}

static void buf(void **state)
{
    struct br_buf b = BR_BUF_INIT;
    (void)state;
    br_buf_reset(&b);
    assert_string_equal(b.buf, "");
    br_buf_addstr(&b, "a");
    br_buf_addf(&b, "%d%s", 42, "b");
    br_buf_addch(&b, '!');
    assert_string_equal(b.buf, "a42b!");
    assert_int_equal(b.len, 5);
    for (int i = 0; i < 1000; i++)
        br_buf_addstr(&b, "0123456789");
    assert_int_equal(b.len, 10005);
    br_buf_release(&b);
    assert_null(b.buf);
}

static void diags(void **state)
{
    struct br_diags l = BR_DIAGS_INIT;
    struct br_diag d = { 0 };
    (void)state;
    assert_int_equal(br_diag_set(&d, 17, 1, "expected %d fields, got %d", 9, 7), -1);
    assert_string_equal(d.msg, "expected 9 fields, got 7");
    assert_int_equal(d.line, 17);
    assert_int_equal(br_diag_set(NULL, 1, 1, "dropped"), -1);
    for (int i = 0; i < BR_MAX_DIAGS + 5; i++)
        br_diags_add(&l, "x.csv", i % 2 ? BR_WARNING : BR_ERROR, (unsigned)i, 1, "n %d", i);
    assert_int_equal(l.nr, BR_MAX_DIAGS);
    assert_int_equal(l.dropped, 5);
    assert_int_equal(l.nerrors, 53);
    assert_int_equal(l.nwarnings, 52);
    br_diags_release(&l);
}

static void read_all(const char *text, size_t n, const char **want, size_t nwant,
                     int last_no_nl)
{
    FILE *f = fmemopen((void *)text, n, "rb");
    struct br_lines lr;
    const char *p;
    size_t len, i = 0;

    br_lines_init(&lr, f);
    while (br_lines_next(&lr, &p, &len) > 0) {
        assert_true(i < nwant);
        assert_int_equal(len, strlen(want[i]));
        assert_memory_equal(p, want[i], len);
        assert_int_equal(lr.lineno, i + 1);
        i++;
        if (i == nwant)
            assert_int_equal(lr.no_newline, last_no_nl);
    }
    assert_int_equal(i, nwant);
    br_lines_release(&lr);
    fclose(f);
}

static void lines(void **state)
{
    static const char *w1[] = { "a", "", "b\rc", "d" };
    static const char *w2[] = { "x", "y" };
    (void)state;
    read_all("a\r\n\nb\rc\r\nd", 10, w1, 4, 1);
    read_all("x\ny\n", 4, w2, 2, 0);
    read_all("", 0, NULL, 0, 0);
}

/*
 * Encodings: a UTF-8 byte-order mark is skipped; UTF-16 (PowerShell's `>`) with a mark
 * either way round, or little-endian without one, is handed out as UTF-8: "é" (U+00E9),
 * "你" (U+4F60) and "😀" (U+1F600, a surrogate pair) as their UTF-8 bytes, a lone
 * surrogate and an odd last byte as U+FFFD; bytes in another code page (CP949's "에"
 * B F0 A1) as they are.
 */
static void encodings(void **state)
{
    static const char *w1[] = { "time,power", "1,2" };
    static const char *w2[] = { "a\xc3\xa9", "\xe4\xbd\xa0\xf0\x9f\x98\x80", "x" };
    static const char *w3[] = { "\xef\xbf\xbdz", "\xef\xbf\xbd" };
    static const char *w4[] = { "\xbf\xa1 12.5 W" };
    static const char le[] = "\xff\xfe" "a\0\xe9\0\n\0" "\x60\x4f\x3d\xd8\x00\xde\r\0\n\0" "x\0";
    static const char be[] = "\xfe\xff" "\0a\0\xe9\0\n" "\x4f\x60\xd8\x3d\xde\x00\0\r\0\n" "\0x";
    static const char bad[] = "\xff\xfe" "\x00\xdcz\0\n\0" "\x41";
    static const char *w5[] = { "time,power [W]", "12:00:01,250.5" };
    /* little-endian without a mark, a Keras 3 summary's '─' (00 25) in many pairs */
    static const char *w6[] = { "Epoch 1/2", "\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80",
                                "4/4 \xe2\x94\x81 1s" };
    static const char boxes[] = "E\0p\0o\0c\0h\0 \0001\0/\0002\0\n\0"
                                "\0\x25\0\x25\0\x25\n\0"
                                "4\0/\0004\0 \0\x01\x25 \0001\0s\0\n\0";
    /* little-endian without a mark, rows of '─' (00 25) outnumbering the ASCII: YOLOX's
     * Exp table ('├──┼──┤') under a short line; 00 25 is no evidence either way */
#define BOX4 "\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"
    static const char *w7[] = { "ab", BOX4 BOX4, BOX4 BOX4, BOX4 BOX4 };
#define ROW16 "\0\x25\0\x25\0\x25\0\x25\0\x25\0\x25\0\x25\0\x25\n\0"
    static const char table[] = "a\0b\0\n\0" ROW16 ROW16 ROW16;
    static const char bare[] = "t\0i\0m\0e\0,\0p\0o\0w\0e\0r\0 \0[\0W\0]\0\r\0\n\0"
                               "1\0002\0:\0000\0000\0:\0000\0001\0,\0002\0005\0000\0.\0005\0\n\0";
    (void)state;
    read_all("\xef\xbb\xbftime,power\n1,2\n", 18, w1, 2, 0);
    read_all(le, sizeof(le) - 1, w2, 3, 1);
    read_all(be, sizeof(be) - 1, w2, 3, 1);
    read_all(bad, sizeof(bad) - 1, w3, 2, 1);
    read_all("\xbf\xa1 12.5 W\n", 10, w4, 1, 0);
    read_all(bare, sizeof(bare) - 1, w5, 2, 0);
    read_all(boxes, sizeof(boxes) - 1, w6, 3, 0);
    read_all(table, sizeof(table) - 1, w7, 4, 0);
#undef BOX4
#undef ROW16
}

/*
 * UTF-16 longer than the reader's buffers: 100,000 lines, each with a character of three
 * UTF-8 bytes, are all handed out whole, in order, across the chunk boundaries.
 */
static void utf16_long(void **state)
{
    struct br_buf text = BR_BUF_INIT;
    FILE *f;
    struct br_lines lr;
    const char *p;
    size_t len;
    unsigned n = 0;
    char want[32];
    (void)state;

    br_buf_addstr(&text, "\xff\xfe");
    for (unsigned i = 1; i <= 100000; i++) {
        char line[32];
        int k = snprintf(line, sizeof(line), "%u,\x01 W\n", i);
        for (int j = 0; j < k; j++) {
            /* the \x01 stands for U+20AC (the euro sign, E2 82 AC in UTF-8) */
            br_buf_addch(&text, line[j] == 1 ? '\xac' : line[j]);
            br_buf_addch(&text, line[j] == 1 ? '\x20' : 0);
        }
    }
    f = fmemopen(text.buf, text.len, "rb");
    br_lines_init(&lr, f);
    while (br_lines_next(&lr, &p, &len) > 0) {
        int k = snprintf(want, sizeof(want), "%u,\xe2\x82\xac W", ++n);
        assert_int_equal(len, (size_t)k);
        assert_memory_equal(p, want, len);
    }
    assert_int_equal(n, 100000);
    assert_int_equal(lr.encoding, BR_ENC_UTF16LE);
    br_lines_release(&lr);
    fclose(f);
    br_buf_release(&text);
}

static void long_lines(void **state)
{
    size_t n = 3 * (size_t)BR_MAX_LINE + 10;
    char *text = malloc(n);
    FILE *f;
    struct br_lines lr;
    const char *p;
    size_t len;
    (void)state;
    memset(text, 'x', n);
    text[0] = 'A';
    text[n - 3] = '\n';
    text[n - 2] = 'z';
    text[n - 1] = '\n';
    f = fmemopen(text, n, "rb");
    br_lines_init(&lr, f);
    assert_int_equal(br_lines_next(&lr, &p, &len), 1);
    assert_true(lr.truncated);
    assert_int_equal(len, BR_MAX_LINE);
    assert_int_equal(p[0], 'A');
    assert_int_equal(br_lines_next(&lr, &p, &len), 1);
    assert_false(lr.truncated);
    assert_int_equal(lr.lineno, 2);
    assert_int_equal(len, 1);
    assert_int_equal(p[0], 'z');
    assert_int_equal(br_lines_next(&lr, &p, &len), 0);
    br_lines_release(&lr);
    fclose(f);
    free(text);
}

/*
 * A peek past BR_MAX_LINE (the MLPerf reader looks for events in a log's
 * first 4 MiB) shows that much without consuming it, and lines read after it
 * are still cut at max_line.
 */
static void peek_far(void **state)
{
    struct br_buf text = BR_BUF_INIT;
    FILE *f;
    struct br_lines lr;
    const char *p;
    size_t len, lines = 0;
    (void)state;

    while (text.len < 3 * (size_t)BR_MAX_LINE) {
        br_buf_addstr(&text, "0123456789abcdef\n");
        lines++;
    }
    for (size_t i = 0; i < 2 * (size_t)BR_MAX_LINE; i++)
        br_buf_addch(&text, 'x');
    br_buf_addstr(&text, "\nend\n");
    f = fmemopen(text.buf, text.len, "rb");
    br_lines_init(&lr, f);
    br_lines_peek_upto(&lr, 3 * (size_t)BR_MAX_LINE, &p, &len);
    assert_int_equal(len, 3 * (size_t)BR_MAX_LINE);
    assert_memory_equal(p, text.buf, len);
    assert_int_equal(lr.max_line, BR_MAX_LINE);
    br_lines_peek_upto(&lr, 2 * (size_t)BR_MAX_PEEK, &p, &len);
    assert_int_equal(len, BR_MAX_PEEK);       /* no more than that */
    for (size_t i = 1; i <= lines; i++) {
        assert_int_equal(br_lines_next(&lr, &p, &len), 1);
        assert_int_equal(len, 16);
    }
    assert_int_equal(lr.lineno, lines);
    assert_int_equal(br_lines_next(&lr, &p, &len), 1);
    assert_true(lr.truncated);
    assert_int_equal(len, BR_MAX_LINE);
    assert_int_equal(br_lines_next(&lr, &p, &len), 1);
    assert_memory_equal(p, "end", 3);
    assert_int_equal(br_lines_next(&lr, &p, &len), 0);
    br_lines_release(&lr);
    fclose(f);
    br_buf_release(&text);
}

/*
 * A progress bar of 12,000 carriage-return redraws (1.08 MB on one line, as a
 * Keras epoch on a terminal) is read from its last '\r'; a long line without
 * one is cut and counted; a raised max_line keeps a 3 MiB line whole.
 */
static void progress_lines(void **state)
{
    struct br_buf text = BR_BUF_INIT;
    FILE *f;
    struct br_lines lr;
    const char *p;
    size_t len;
    (void)state;

    br_buf_addstr(&text, "Epoch 1/1\n");
    for (int i = 1; i <= 12000; i++)
        br_buf_addf(&text, "\r%5d/12000 [%-30.*s] - ETA: 0s - loss: 0.5000 - accuracy: 0.8000",
                    i, i * 30 / 12000, "==============================");
    br_buf_addstr(&text, " - 17s 1ms/step\n");
    assert_true(text.len > BR_MAX_LINE);
    f = fmemopen(text.buf, text.len, "rb");
    br_lines_init(&lr, f);
    assert_int_equal(br_lines_next(&lr, &p, &len), 1);
    assert_int_equal(br_lines_next(&lr, &p, &len), 1);
    assert_false(lr.truncated);
    assert_int_equal(lr.lineno, 2);
    assert_int_equal(lr.noverwritten, 1);
    assert_int_equal(lr.first_overwritten, 2);
    assert_true(len < BR_MAX_LINE);
    /* from a redraw's '\r' on, the last redraw whole at its end */
    assert_int_equal(p[0], '\r');
    assert_memory_equal(p + len - 12, "17s 1ms/step", 12);
    assert_memory_equal((const char *)memrchr(p, '\r', len) + 1,
                        "12000/12000 [==============================]", 44);
    assert_int_equal(br_lines_next(&lr, &p, &len), 0);
    assert_int_equal(lr.ncut, 0);
    br_lines_release(&lr);
    fclose(f);

    br_buf_reset(&text);
    for (size_t i = 0; i < 3 * (size_t)BR_MAX_LINE; i++)
        br_buf_addch(&text, 'x');
    br_buf_addstr(&text, "\nend\n");
    f = fmemopen(text.buf, text.len, "rb");
    br_lines_init(&lr, f);
    assert_int_equal(br_lines_next(&lr, &p, &len), 1);
    assert_true(lr.truncated);
    assert_int_equal(lr.ncut, 1);
    assert_int_equal(lr.first_cut, 1);
    br_lines_release(&lr);
    rewind(f);
    br_lines_init(&lr, f);
    lr.max_line = 4 * (size_t)BR_MAX_LINE;
    assert_int_equal(br_lines_next(&lr, &p, &len), 1);
    assert_false(lr.truncated);
    assert_int_equal(len, 3 * (size_t)BR_MAX_LINE);
    assert_int_equal(br_lines_next(&lr, &p, &len), 1);
    assert_int_equal(len, 3);
    assert_int_equal(lr.ncut, 0);
    br_lines_release(&lr);
    fclose(f);
    br_buf_release(&text);
}

/*
 * 1000 arenas holding one short name each (a directory of small files: one
 * arena per trace and run) take well under 1 KiB apiece (issue 13.17: they
 * took 16 KiB each, 980 MB for 100,000 files).
 */
static void small_arenas(void **state)
{
    struct br_arena *a = calloc(1000, sizeof(*a));
    size_t before = mallinfo2().uordblks, used;
    (void)state;

    for (int i = 0; i < 1000; i++)
        assert_string_equal(br_arena_strdup(&a[i], "NVIDIA H100 80GB HBM3"),
                            "NVIDIA H100 80GB HBM3");
    used = mallinfo2().uordblks - before;
    assert_true(used < 1000 * 512);
    for (int i = 0; i < 1000; i++) {
        char *p = br_arena_alloc(&a[i], 20000);   /* a big one still fits */
        memset(p, 'x', 20000);
        br_arena_release(&a[i]);
    }
    free(a);
}

static void numbers(void **state)
{
    static const char *const ok[] = {
        "22.89", "0", "-1.5", "+3", ".08", "1e3", "2.5E-3", "4096", "19.460",
        "0.1", "0.30000000000000004", "123456789012345678901234", "1e-310", "7.",
        "3.141592653589793238462643383279",
    };
    double v;
    char buf[64];
    unsigned seed = 12345;
    (void)state;
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        size_t n = strlen(ok[i]);
        assert_int_equal(br_num_parse(ok[i], ok[i] + n, &v), n);
        assert_true(v == strtod(ok[i], NULL));
    }
    /* random decimals as nvidia-smi and powermetrics print them */
    for (int i = 0; i < 200000; i++) {
        size_t n;
        seed = seed * 1103515245u + 12345u;
        n = (size_t)snprintf(buf, sizeof(buf), "%u.%0*u", seed % 100000, (int)(seed % 7),
                             (seed >> 8) % 1000000);
        assert_int_equal(br_num_parse(buf, buf + n, &v), n);
        if (v != strtod(buf, NULL))
            fail_msg("%s: %.17g vs %.17g", buf, v, strtod(buf, NULL));
    }
    assert_int_equal(br_num_parse("W", "W" + 1, &v), 0);
    assert_int_equal(br_num_parse("-", "-" + 1, &v), 0);
    assert_int_equal(br_num_parse("12 W", "12 W" + 4, &v), 2);
    assert_int_equal(br_num_parse("1e", "1e" + 2, &v), 1);
    /* one unit of the last digit */
    assert_true(br_num_resolution("11", "11" + 2) == 1);
    assert_true(br_num_resolution("3.21", "3.21" + 4) == pow(10, -2));
    assert_true(br_num_resolution("0.445 seconds", "0.445 seconds" + 13) == pow(10, -3));
    assert_true(br_num_resolution("1.2e-3", "1.2e-3" + 6) == pow(10, -4));
    assert_true(br_num_resolution("-120", "-120" + 4) == 1);
    assert_true(br_num_resolution("7.", "7." + 2) == 1);
    assert_true(isnan(br_num_resolution("s", "s" + 1)));
    {
        long l;
        assert_int_equal(br_long_parse(" 42 ", " 42 " + 4, &l), 0);
        assert_int_equal(l, 42);
        assert_int_equal(br_long_parse("4x", "4x" + 2, &l), -1);
        assert_int_equal(br_long_parse("99999999999999999999", "99999999999999999999" + 20, &l),
                         -1);
    }
}

static void trace(void **state)
{
    struct br_trace tr;
    struct br_stats s;
    size_t p, temp;
    (void)state;
    br_trace_init(&tr);
    p = br_trace_add_channel(&tr, "power", "W");
    for (int i = 0; i < 1000; i++) {
        size_t k = br_trace_append(&tr, i);
        tr.ch[p].v[k] = i % 10 == 0 ? NAN : i;
    }
    temp = br_trace_add_channel(&tr, "temperature.gpu", "C"); /* added late: NaN so far */
    assert_true(isnan(tr.ch[temp].v[999]));
    s = br_stats_of(tr.ch[p].v, tr.nr);
    assert_int_equal(s.n, 900);
    /* sum of 0..999 less the multiples of ten: 499500 - 49500 = 450000 */
    assert_close(s.mean, 450000.0 / 900, 1e-15);
    assert_close(s.min, 1, 0);
    assert_close(s.max, 999, 0);
    br_trace_pop(&tr);
    assert_int_equal(tr.nr, 999);
    assert_int_equal(br_trace_find_channel(&tr, "temperature.gpu"), 1);
    assert_null(br_trace_values(&tr, "nope"));
    br_trace_release(&tr);
}

/* br_json_get: a member found, one absent, and where a malformed object goes wrong. */
static void json_get(void **state)
{
    static const char ok[] = "{ \"a\": [1, {\"b\": 2}], \"key\" : \"v\" }";
    static const char bad[] = "{\"a\": 1, \"b\": [1, }";
    struct br_jspan v;
    const char *err = NULL;
    size_t pos = 0;

    (void)state;
    assert_int_equal(br_json_get(ok, strlen(ok), "key", &v, &err, &pos), 1);
    assert_int_equal(v.n, 3);
    assert_memory_equal(v.p, "\"v\"", 3);
    assert_int_equal(br_json_get(ok, strlen(ok), "b", &v, &err, &pos), 0);
    assert_int_equal(br_json_get(bad, strlen(bad), "zz", &v, &err, &pos), -1);
    assert_string_equal(err, "bad value");
    assert_int_equal(pos, 14);     /* the '[' of b's value */
}

/* br_json_next_member: each member in order (Mask R-CNN's eval_accuracy {"BBOX": .., "SEGM": ..}),
 * none of an empty object, and -1 where the object goes wrong. */
static void json_members(void **state)
{
    static const char two[] = "{ \"BBOX\": 0.25 , \"SEGM\":{\"a\": [1]} }";
    static const char bad[] = "{\"a\": 1 \"b\": 2}";
    struct br_jspan k, v;
    size_t pos = 0;

    (void)state;
    assert_int_equal(br_json_next_member(two, strlen(two), &pos, &k, &v), 1);
    assert_int_equal(k.n, 4);
    assert_memory_equal(k.p, "BBOX", 4);
    assert_int_equal(v.n, 4);
    assert_memory_equal(v.p, "0.25", 4);
    assert_int_equal(br_json_next_member(two, strlen(two), &pos, &k, &v), 1);
    assert_memory_equal(k.p, "SEGM", 4);
    assert_int_equal(v.n, 10);     /* {"a": [1]} */
    assert_int_equal(br_json_next_member(two, strlen(two), &pos, &k, &v), 0);
    pos = 0;
    assert_int_equal(br_json_next_member("{ }", 3, &pos, &k, &v), 0);
    pos = 0;
    assert_int_equal(br_json_next_member("[1]", 3, &pos, &k, &v), -1);
    pos = 0;
    assert_int_equal(br_json_next_member(bad, strlen(bad), &pos, &k, &v), 1);
    assert_int_equal(br_json_next_member(bad, strlen(bad), &pos, &k, &v), -1);
}

/*
 * Python's json writes NaN, Infinity and -Infinity for non-finite floats:
 * they are values (MLPerf's eval_loss, a Trainer's grad_norm), and a word
 * that merely starts like one is not.
 */
static void json_nonfinite(void **state)
{
    static const char py[] = "{\"a\": NaN, \"b\": -Infinity, \"c\": [Infinity], \"d\": 2}";
    static const char bad[] = "{\"a\": NaNx}";
    struct br_jspan v;
    const char *err = NULL;
    size_t pos = 0;
    double d = 0;

    (void)state;
    assert_int_equal(br_json_get(py, strlen(py), "d", &v, &err, &pos), 1);
    assert_int_equal(br_json_get(py, strlen(py), "a", &v, &err, &pos), 1);
    assert_int_equal(br_json_number(v, &d), 1);
    assert_true(isnan(d));
    assert_int_equal(br_json_get(py, strlen(py), "b", &v, &err, &pos), 1);
    assert_int_equal(v.n, 9);
    assert_int_equal(br_json_number(v, &d), 1);
    assert_true(isinf(d) && d < 0);
    assert_int_equal(br_json_get(py, strlen(py), "c", &v, &err, &pos), 1);
    assert_int_equal(br_json_number(v, &d), 0);     /* an array is no number */
    assert_int_equal(br_json_get(py, strlen(py), "d", &v, &err, &pos), 1);
    assert_int_equal(br_json_number(v, &d), 1);
    assert_true(d == 2.0);
    assert_int_equal(br_json_get(bad, strlen(bad), "a", &v, &err, &pos), -1);
    assert_string_equal(err, "bad value");
    assert_int_equal(pos, 6);      /* the 'N' of NaNx */
}

/*
 * br_split_sep: blanks trimmed, a quoted field keeps its separators and loses
 * its outer quotes and the blanks inside them, a doubled quote stays, the CR at the end goes, an
 * unclosed quote is text, and more fields than room is max + 1.
 */
static void split_sep(void **state)
{
    static const char line[] = " a , \"b, c\" ,\"say \"\"hi\"\", ok\",,\"open, x\r";
    struct br_field f[8];
    static const struct { const char *text; unsigned col; } want[] = {
        { "a", 2 }, { "b, c", 7 }, { "say \"\"hi\"\", ok", 15 }, { "", 31 }, { "\"open", 32 },
        { "x", 39 },
    };

    (void)state;
    assert_int_equal(br_split_sep(line, strlen(line), ',', f, 8), 6);
    for (size_t i = 0; i < 6; i++) {
        assert_int_equal(f[i].n, strlen(want[i].text));
        assert_memory_equal(f[i].p, want[i].text, f[i].n);
        assert_int_equal(f[i].col, want[i].col);
    }
    assert_int_equal(br_split_sep(line, strlen(line), ',', f, 3), 4);
    assert_int_equal(br_split_sep("x;\"1;2\"", 7, ';', f, 8), 2);
    assert_int_equal(f[1].n, 3);
    /* tab-separated with empty fields (turbostat's per-CPU rows): each is empty, at its
     * own column, never a field running backwards */
    assert_int_equal(br_split_sep("1\t1\t126\t\t \t7", 12, '\t', f, 8), 6);
    assert_int_equal(f[2].n, 3);
    assert_int_equal(f[3].n, 0);
    assert_int_equal(f[3].col, 9);
    assert_int_equal(f[4].n, 0);
    assert_int_equal(f[4].col, 11);
    assert_int_equal(f[5].n, 1);
    assert_int_equal(f[5].col, 12);
    /* blanks inside the quotes go too (Intel Power Gadget's "  47.452"), the column the
     * value's own */
    assert_int_equal(br_split_sep("\"  47.452\",\" 4800 \"", 19, ',', f, 8), 2);
    assert_int_equal(f[0].n, 6);
    assert_memory_equal(f[0].p, "47.452", 6);
    assert_int_equal(f[0].col, 4);
    assert_int_equal(f[1].n, 4);
    assert_int_equal(f[1].col, 14);
}

/*
 * br_burst_size: 4 GPUs a loop (1 ms apart, 1 s loops) are 4; one sample a
 * second is 0; bursts of 2 and 3 in turn are 0; two loops are too few.
 */
static void burst_size(void **state)
{
    double t[40], tick = -1;

    (void)state;
    for (size_t i = 0; i < 40; i++)
        t[i] = (double)(i / 4) + 0.001 * (double)(i % 4);
    assert_int_equal(br_burst_size(t, 40, 256, &tick), 4);
    assert_true(tick > 0.09 && tick < 0.11);
    assert_int_equal(br_burst_size(t + 1, 38, 256, &tick), 4);   /* cut at both ends */
    assert_int_equal(br_burst_size(t, 40, 3, &tick), 0);         /* more than max */
    assert_int_equal(br_burst_size(t, 8, 256, &tick), 0);
    for (size_t i = 0; i < 40; i++)
        t[i] = (double)i;
    assert_int_equal(br_burst_size(t, 40, 256, &tick), 0);
    for (size_t i = 0, loop = 0; i < 40; loop++)
        for (size_t g = 0; g < 2 + loop % 2 && i < 40; g++)
            t[i++] = (double)loop + 0.001 * (double)g;
    assert_int_equal(br_burst_size(t, 40, 256, &tick), 0);
}

/* `find` finds `want` in `s` (NULL: nothing) */
static void assert_finds(size_t (*find)(const char *, size_t, const char **), const char *s,
                         const char *want)
{
    const char *at = NULL;
    size_t n = find(s, strlen(s), &at);

    if (!want) {
        assert_int_equal(n, 0);
        return;
    }
    assert_int_equal(n, strlen(want));
    assert_memory_equal(at, want, n);
}

/* Table 3-7 of Unicode: each boundary of a well-formed sequence, and just past it. */
static void gpu_names(void **state)
{
    static const struct {
        const char *line, *gpu;
    } lines[] = {
        { "Using device: cuda (NVIDIA H100 80GB HBM3), model: mlp", "NVIDIA H100 80GB HBM3" },
        { "You are using a CUDA device ('NVIDIA H100 80GB HBM3') that has Tensor Cores",
          "NVIDIA H100 80GB HBM3" },
        { "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 38364 MB memory:"
          "  -> device: 0, name: NVIDIA A100-SXM4-40GB, pci bus id: 0000:00:04.0",
          "NVIDIA A100-SXM4-40GB" },
        { "GPU 0: Tesla V100-SXM2-16GB (UUID: GPU-8c2a)", "Tesla V100-SXM2-16GB" },
        { "|   0  NVIDIA GeForce RTX 3090     Off | 00000000:01:00.0 Off |",
          "NVIDIA GeForce RTX 3090" },
        { "Ultralytics 8.3.4 torch-2.4.1+cu121 CUDA:0 (NVIDIA L4, 22700MiB)", "NVIDIA L4" },
        { "NVIDIA Corporation driver loaded", NULL },
        { "Metal device set to: Apple M1 Pro", "Apple M1 Pro" },
        { "Apple clang version 14.0.0 (clang-1400.0.29.202)", NULL },
        { "NVIDIA-SMI 535.104.05", NULL },
        { "Epoch 1/10", NULL },
    };
    (void)state;
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
        assert_finds(br_hw_find_gpu, lines[i].line, lines[i].gpu);
    /* power.draw: a 1 s average on Ampere and newer but the A100 (nvidia-smi
     * --help-query-gpu), instantaneous before; not an NVIDIA GPU: not known */
    assert_true(br_hw_power_window("NVIDIA H100 80GB HBM3") == 1);
    assert_true(br_hw_power_window("NVIDIA GeForce RTX 3090") == 1);
    assert_true(br_hw_power_window("NVIDIA L4") == 1);
    assert_true(br_hw_power_window("NVIDIA A100-SXM4-40GB") == 0);
    assert_true(br_hw_power_window("NVIDIA A30") == 0);       /* GA100, as the A100 */
    assert_true(br_hw_power_window("NVIDIA A800-SXM4-80GB") == 0);
    assert_true(br_hw_power_window("NVIDIA RTX A3000 Laptop GPU") == 1);   /* GA104 */
    assert_true(br_hw_power_window("Tesla V100-SXM2-16GB") == 0);
    assert_true(br_hw_power_window("Tesla T4") == 0);
    assert_true(br_hw_power_window("Apple M2 Max") == -1);
    assert_true(br_hw_power_window(NULL) == -1);
    assert_true(br_hw_nvidia_power_window("A40") == 1);   /* old drivers drop the vendor */
}

/* Hardware names in file names, one result file per device (mrdbourke/mac-ml-speed-test) */
static void hw_name_words(void **state)
{
    static const struct { const char *name, *hw; } names[] = {
        { "Apple_M3_Max_CIFAR100_resnet50_32_pytorch_results", "Apple_M3_Max" },
        { "Apple_M3_IMDB_distilbert-base-uncased_512_pytorch_results", "Apple_M3" },
        { "mrdbourke_Apple_M1_Pro_CIFAR100_resnet50_32_pytorch_results", "Apple_M1_Pro" },
        { "NVIDIA_TITAN_RTX_CIFAR100_resnet50_32_pytorch_results", "NVIDIA_TITAN_RTX" },
        { "Tesla_V100-SXM2-16GB_IMDB_distilbert-base-uncased_512", "Tesla_V100-SXM2-16GB" },
        { "NVIDIA_GeForce_RTX_3080_Laptop_GPU_food101", "NVIDIA_GeForce_RTX_3080_Laptop_GPU" },
        { "NVIDIA_CIFAR100_results", NULL },      /* the vendor alone */
        { "Apple_Music_export", NULL },
        { "AppleM1_results", NULL },
        { "keras_m1_32", NULL },
    };
    (void)state;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        assert_finds(br_hw_name_words, names[i].name, names[i].hw);
}

static void utf8(void **state)
{
    static const struct { const char *s; size_t n, len; int control; } cases[] = {
        { "A", 1, 1, 0 },              { "\x1b", 1, 1, 1 },         { "\x7f", 1, 1, 1 },
        { "\xc2\x85", 2, 2, 1 },       { "\xc2\xa0", 2, 2, 0 },     { "\xc3\xa9", 2, 2, 0 },
        { "\xc0\xaf", 2, 0, 0 },       { "\xc1\xbf", 2, 0, 0 },     { "\xff", 1, 0, 0 },
        { "\x80", 1, 0, 0 },           { "\xc3", 1, 0, 0 },         { "\xe0\x9f\x80", 3, 0, 0 },
        { "\xe0\xa0\x80", 3, 3, 0 },   { "\xed\x9f\xbf", 3, 3, 0 }, { "\xed\xa0\x80", 3, 0, 0 },
        { "\xf0\x8f\xbf\xbf", 4, 0, 0 }, { "\xf0\x90\x80\x80", 4, 4, 0 },
        { "\xf4\x8f\xbf\xbf", 4, 4, 0 }, { "\xf4\x90\x80\x80", 4, 0, 0 },
        { "\xe2\x82", 2, 0, 0 },       { "\xe2\x82\x41", 3, 0, 0 },
    };

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const unsigned char *p = (const unsigned char *)cases[i].s;
        size_t len = br_utf8_len(p, cases[i].n);
        assert_int_equal(len, cases[i].len);
        if (len)
            assert_int_equal(br_utf8_is_control(p, len), cases[i].control);
    }
}

/* Rows out of order are an error each; three rows in a row that go back are a second
 * recording, said once at its first row, and the file's traces are dropped. */
static void restart(void **state)
{
    struct br_source src;
    struct br_restart r = { 0 };
    (void)state;

    br_source_init(&src, "p.csv");
    br_source_new_trace(&src);
    assert_int_equal(br_restart_back(&r, 5, 1, 10.0, 12.0, 1), 0);
    assert_int_equal(br_restart_back(&r, 5, 1, 10.0, 12.0, 1), 0);   /* same row, GPU 1 */
    assert_int_equal(br_restart_back(&r, 6, 1, 11.0, 12.0, 1), 0);
    br_restart_on(&r, &src);
    assert_int_equal(src.diags.nr, 2);
    assert_int_equal(src.diags.v[1].line, 6);
    assert_string_equal(src.diags.v[1].msg, "timestamp goes backwards: "
                                            "1970-01-01T00:00:11.000Z after "
                                            "1970-01-01T00:00:12.000Z");
    assert_int_equal(br_restart_back(&r, 9, 2, 1.0, 20.0, 1), 0);
    assert_int_equal(br_restart_back(&r, 10, 2, 2.0, 20.0, 1), 0);
    assert_int_equal(br_restart_back(&r, 11, 2, 3.0, 20.0, 1), 1);
    assert_int_equal(r.line, 9);
    assert_int_equal(br_restart_back(&r, 12, 2, 4.0, 20.0, 1), 1);
    assert_int_equal(br_restart_end(&r, &src), -1);
    assert_int_equal(src.ntraces, 0);
    assert_int_equal(src.diags.nr, 3);
    assert_int_equal(src.diags.v[2].line, 9);
    assert_int_equal(src.diags.v[2].col, 2);
    assert_non_null(strstr(src.diags.v[2].msg, "a second recording starts here"));
    br_source_release(&src);
}

/* A Trainer's last epoch short of a whole one by gradient accumulation's rounding only
 * (real states' figures), and stops that are not: a max_steps stop, a count that is no
 * multiple of the epochs, an epoch short by more than the rounding leaves. */
static void accum_rounded(void **state)
{
    (void)state;
    assert_true(br_run_accum_rounded(2.990757855822551, 3, 201));   /* older Trainer */
    assert_true(br_run_accum_rounded(0.9996414279772236, 1, 2178));
    assert_true(br_run_accum_rounded(9.99661, 10, 27990));          /* newer: 9 steps short */
    assert_false(br_run_accum_rounded(38.168, 39, 5000));            /* max_steps stop */
    assert_false(br_run_accum_rounded(0.3217, 1, 1200));
    assert_false(br_run_accum_rounded(2.5, 3, 75));
    assert_false(br_run_accum_rounded(2.985, 3, 201));   /* past the older, short of the newer */
    assert_false(br_run_accum_rounded(3.0, 3, 201));                 /* whole already */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arena),   cmocka_unit_test(buf),        cmocka_unit_test(diags),
        cmocka_unit_test(lines),   cmocka_unit_test(long_lines), cmocka_unit_test(encodings),
        cmocka_unit_test(utf16_long), cmocka_unit_test(numbers),
        cmocka_unit_test(trace),   cmocka_unit_test(json_get),   cmocka_unit_test(json_nonfinite), cmocka_unit_test(json_members), cmocka_unit_test(split_sep), cmocka_unit_test(burst_size),   cmocka_unit_test(utf8),
        cmocka_unit_test(progress_lines), cmocka_unit_test(peek_far), cmocka_unit_test(small_arenas),
        cmocka_unit_test(gpu_names), cmocka_unit_test(hw_name_words),
        cmocka_unit_test(restart), cmocka_unit_test(accum_rounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
