#ifndef BR_DECIMAL_H
#define BR_DECIMAL_H
/*
 * Decimal marks in text logs. Scripts run in a de, fr or ru locale (printf,
 * Java's String.format, C#, Python's `{:n}`) print "loss 1,2345 - acc:
 * 0,523"; others print "0.523" and use the comma between values and in
 * thousands ("Tokens: 2,982,385"). A log is judged once, from its first
 * bytes: a comma is read as a decimal mark only when the log writes numbers
 * that way and never with a decimal point; otherwise a number written with
 * one is not read at all (never "0" for "0,523").
 */
#include <stddef.h>

/* How the numbers of a log are written. */
enum br_decmark {
    BR_DEC_POINT,   /* "0.523" (and "2,982,385" a whole number) */
    BR_DEC_COMMA,   /* "0,523": no decimal point anywhere in what was judged */
};

/*
 * Judges [text, text+n): BR_DEC_COMMA when it holds at least two numbers
 * whose comma cannot be a thousands separator ("0,523", "1,2345", "12,5")
 * and no number with a decimal point ("0.52", "2.5s"; versions such as
 * "3.10.12", numbers glued to a word such as "v1.2" and clock times such as
 * "10:00:00,123" are not counted either way). BR_DEC_POINT otherwise.
 */
enum br_decmark br_decmark_judge(const char *text, size_t n);

/*
 * Whether s[i] is a ',' between digits that is not a thousands separator
 * ("0,523", "1,2345", "12,5"; not "2,982,385" nor "1,234"): a decimal
 * comma, or a list of numbers ("0,1"). 0 when i >= n.
 */
int br_decmark_comma(const char *s, size_t n, size_t i);

/*
 * Parses a number with a decimal comma at the start of [p, end): sign,
 * digits, ',' and digits, an exponent ("-1,5e-3"). A number without a comma
 * is parsed as br_num_parse does. Returns the bytes consumed, 0 when there is
 * no number. Never reads past `end`.
 */
size_t br_num_parse_comma(const char *p, const char *end, double *out);

/*
 * Parses a number written with its thousands grouped, the whole of [p, end): a
 * sign, one to three digits (not a leading 0), at least one `group` mark and
 * three digits, then maybe `mark` and decimals: "1.000,5" ('.', ','), "1,234,567.25"
 * (',', '.'), as a spreadsheet exports in a de or an en locale. Returns the bytes
 * consumed (end - p), 0 when it is not such a number.
 */
size_t br_num_parse_grouped(const char *p, const char *end, char group, char mark,
                            double *out);

#endif
