/* SPDX-License-Identifier: MIT */
/* kp_mana_cost.c - parse a printed mana cost symbol by symbol.
 *
 * Symbol values (CR 107.4 symbols, CR 202.3 their mana value; half mana
 * from the Un-sets, which the rules do not cover):
 *   {0} {1} ... {N}   generic: N (multi-digit, e.g. {1000000} on Gleemax)
 *   {X} {Y} {Z}       0 (X is 0 everywhere but on the stack)
 *   {W} {U} {B} {R} {G} {C} {S}   1 (colored, colorless, snow)
 *   {W/U} ... {C/W}   hybrid: 1 (the largest component counts)
 *   {2/W} ...         monocolored hybrid: 2 (the largest component)
 *   {W/P} {G/U/P}     Phyrexian and hybrid Phyrexian: 1
 *   {HW} ... {HG} {½} half mana: one half
 * {∞} has no finite mana value under the rules, so it is refused like any
 * symbol not listed here.
 * keyact-plugin(7), MANA COSTS, lists every symbol this accepts, and
 * tests/rules/mana_cost_doc_test.cc holds the page and this file together.
 */
#include "kp_mana_cost.h"

#include <stdbool.h>
#include <stddef.h>

#include <keyact/status.h>

/* Longest symbol body we accept: ten digits of generic mana. Longer bodies
 * are refused before they are looked at. */
#define KP_SYMBOL_MAX_BODY 10u

static bool is_color(char c)
{
    return c == 'W' || c == 'U' || c == 'B' || c == 'R' || c == 'G';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Generic mana: decimal digits, no leading zero except "0" itself (printed
 * costs have none). Written as halves into *out; false if it does not fit. */
static bool generic_halves(const char *body, size_t len, uint64_t *out)
{
    uint64_t value = 0;

    if (len == 0 || (len > 1 && body[0] == '0'))
        return false;
    for (size_t i = 0; i < len; i++) {
        if (!is_digit(body[i]))
            return false;
        value = value * 10u + (uint64_t)(body[i] - '0');
    }
    /* Ten digits at most, so this cannot overflow uint64; the caller checks
     * the uint32 total. */
    *out = value * 2u;
    return true;
}

/* Two components of a hybrid symbol: two different colors, or colorless
 * with a color ({C/W}, CR 107.4). */
static bool is_hybrid_pair(char a, char b)
{
    if (a == b)
        return false;
    if (a == 'C')
        return is_color(b);
    return is_color(a) && (is_color(b) || b == 'C');
}

/* The value in halves, plus one, of each one-character symbol body ({2},
 * {R}, {X}); 0 for a character that is not one. A table: most symbols of a
 * printed cost are these. */
static const uint8_t one_char_halves_plus_one[128] = {
    ['0'] = 1, ['1'] = 3, ['2'] = 5, ['3'] = 7, ['4'] = 9,
    ['5'] = 11, ['6'] = 13, ['7'] = 15, ['8'] = 17, ['9'] = 19,
    ['X'] = 1, ['Y'] = 1, ['Z'] = 1,
    ['W'] = 3, ['U'] = 3, ['B'] = 3, ['R'] = 3, ['G'] = 3, ['C'] = 3, ['S'] = 3,
};

/* The value in halves of a one-character symbol body, or -1 for a
 * character that is not one. */
static int one_char_halves(char c)
{
    unsigned char u = (unsigned char)c;

    return u < 128u ? (int)one_char_halves_plus_one[u] - 1 : -1;
}

/* The value in halves of a symbol body (the text between the braces) of
 * two characters or more, or false for an unknown symbol; one_char_halves
 * values the others. */
static bool symbol_halves(const char *body, size_t len, uint64_t *out)
{
    if (len >= 1 && is_digit(body[0]) && !(len >= 2 && body[1] == '/'))
        return generic_halves(body, len, out);

    switch (len) {
    case 2:
        /* Half mana: {HW}, {HR}, ...; {½} (UTF-8 C2 BD) is half generic. */
        if ((body[0] == 'H' && is_color(body[1]))
            || ((unsigned char)body[0] == 0xC2u && (unsigned char)body[1] == 0xBDu)) {
            *out = 1;
            return true;
        }
        return false;
    case 3:
        if (body[1] != '/')
            return false;
        if (body[0] == '2' && is_color(body[2])) {
            *out = 4; /* {2/W}: {W} or two generic; the 2 counts */
            return true;
        }
        if (is_color(body[0]) && body[2] == 'P') {
            *out = 2; /* {W/P} */
            return true;
        }
        if (is_hybrid_pair(body[0], body[2])) {
            *out = 2; /* {W/U}, {C/W} */
            return true;
        }
        return false;
    case 5:
        /* Hybrid Phyrexian {G/U/P}. */
        if (body[1] == '/' && body[3] == '/' && body[4] == 'P'
            && is_color(body[0]) && is_color(body[2]) && body[0] != body[2]) {
            *out = 2;
            return true;
        }
        return false;
    default:
        return false;
    }
}

static int32_t bad_cost(uint32_t *out_halves, uint32_t *error_offset, size_t offset)
{
    *out_halves = 0;
    if (error_offset != NULL)
        *error_offset = (uint32_t)offset;
    return KEYACT_E_BADCOST;
}

int32_t kp_mana_value(const char *cost, uint32_t *out_halves,
                      uint32_t *error_offset)
{
    uint64_t total = 0;
    size_t pos = 0;

    if (out_halves == NULL)
        return KEYACT_E_INVAL;
    if (cost == NULL) {
        *out_halves = 0;
        return KEYACT_OK;
    }

    /* Every read below stays inside the NUL-terminated string and inside
     * KP_MANA_COST_MAX_BYTES, so a huge or unterminated-looking input costs
     * at most that many reads. */
    while (cost[pos] != '\0') {
        size_t start = pos;
        size_t body_len = 0;
        uint64_t halves = 0;
        int one;

        if (cost[pos] != '{')
            return bad_cost(out_halves, error_offset, start);
        /* Most symbols are one character ({2}, {R}, {X}): valued without
         * the general walk. */
        one = cost[pos + 1] != '\0' && cost[pos + 2] == '}' ? one_char_halves(cost[pos + 1]) : -1;
        if (one >= 0 && pos + 3 <= KP_MANA_COST_MAX_BYTES) {
            halves = (uint64_t)one;
            pos += 3;
        } else {
            pos++;
            while (cost[pos] != '\0' && cost[pos] != '}' && cost[pos] != '{'
                   && body_len <= KP_SYMBOL_MAX_BODY) {
                pos++;
                body_len++;
            }
            if (cost[pos] != '}' || body_len > KP_SYMBOL_MAX_BODY)
                return bad_cost(out_halves, error_offset, start);
            pos++;
            if (pos > KP_MANA_COST_MAX_BYTES)
                return bad_cost(out_halves, error_offset, start);
            if (!symbol_halves(cost + start + 1, body_len, &halves))
                return bad_cost(out_halves, error_offset, start);
        }
        total += halves;
        if (total > UINT32_MAX)
            return bad_cost(out_halves, error_offset, start);
    }

    *out_halves = (uint32_t)total;
    return KEYACT_OK;
}
