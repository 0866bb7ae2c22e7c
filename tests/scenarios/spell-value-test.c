/* SPDX-License-Identifier: MIT */
/* spell-value-test.c - the mana value the reference host gives a spell on
 * the stack: the N of its cascade (CR 202.3, 702.85a). */
#include <string.h>

#include <glib.h>

#include "game.h"
#include "spell-value.h"

static void expect_halves(const char *cost, guint x, guint halves)
{
    g_autoptr(GError) error = NULL;
    guint got = 12345;
    g_assert_true(ref_spell_mana_value(cost, x, &got, &error));
    g_assert_no_error(error);
    g_assert_cmpuint(got, ==, halves);
}

static void test_printed_costs(void)
{
    expect_halves("{2}{R}{G}", 0, 8);           /* Bloodbraid Elf: 4 */
    expect_halves("{5}{G}{U}{R}", 0, 16);       /* Maelstrom Wanderer: 8 */
    expect_halves("{1}{B/P}{B/P}", 0, 6);       /* Phyrexian: 1 each */
    expect_halves("{2/W}{2/W}{2/W}", 0, 12);    /* monocolored hybrid: 2 each (CR 202.3f) */
    expect_halves("{W/U}{C/W}{G/U/P}", 0, 6);   /* hybrid, colorless hybrid, hybrid Phyrexian */
    expect_halves("{S}{C}", 0, 4);
    expect_halves("{HW}", 0, 1);                /* Un-set half mana */
    expect_halves("{\xC2\xBD}", 0, 1);
    expect_halves("{10}", 0, 20);
    expect_halves("", 0, 0);
    expect_halves(NULL, 0, 0);
}

/* CR 202.3e: X counts as chosen on the stack (0 when cast without paying). */
static void test_x_on_the_stack(void)
{
    expect_halves("{X}{R}", 0, 2);
    expect_halves("{X}{R}", 3, 8);
    expect_halves("{X}{X}{W}", 2, 10);
}

static void test_unknown_symbols_fail(void)
{
    static const char *const bad[] = { "{Q}", "{2}{R", "R", "{}", "{1}x", "{2/P}", "{H}" };
    for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GError) error = NULL;
        guint got = 0;
        g_assert_false(ref_spell_mana_value(bad[i], 0, &got, &error));
        g_assert_error(error, REF_GAME_ERROR, REF_GAME_ERROR_RULES);
        g_assert_nonnull(strstr(error->message, bad[i]));
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/spell-value/printed-costs", test_printed_costs);
    g_test_add_func("/spell-value/x-on-the-stack", test_x_on_the_stack);
    g_test_add_func("/spell-value/unknown-symbols-fail", test_unknown_symbols_fail);
    return g_test_run();
}
