/* SPDX-License-Identifier: MIT */
/* insn_one_resolve.c - exactly one discover 3 on the fixed 60-card deck,
 * through libkeyact-host and the loaded plugin, with the fake host.
 *
 * Under valgrind --tool=callgrind --instr-atstart=no only the resolve is
 * instrumented (CALLGRIND_START/STOP_INSTRUMENTATION around it), so the
 * instruction count is the resolve's alone: no loading, no set-up. Outside
 * valgrind the client requests do nothing. The outcome is checked like a
 * test: status 0, COMPLETE, and the hit and exiled count the floor finds.
 *
 * With a SIZE, the resolve is on a quiet FakeHost library of SIZE cards
 * whose only hit is the bottom card instead (every card exiled,
 * bench_bottom.h): counts at two sizes tell whether the instructions per
 * card stay flat.
 *
 * With --floor, the floor's resolve of the same library (bench_floor.h) is
 * the one instrumented instead, so the two counts compare the plugin and
 * its host with the work itself.
 *
 * --host 1.0 or 1.1 picks the host kind (bench_host.h; 1.0 by default).
 *
 * usage: keyact-bench-insn /full/path/keyact-discover.so [--host 1.0|1.1]
 *                          [--floor] [SIZE]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include "bench_bottom.h"
#include "bench_deck.h"
#include "bench_game.h"
#include "bench_plugin.h"

/* The stepped resolve's state block (keyact_bound_action_state_size is
 * checked against it). */
static _Alignas(KEYACT_RESOLVE_STATE_ALIGN) unsigned char insn_state[16384];

/* One resolve, blocking or stepped (ABI 1.3: every question waiting, each
 * answered at once by the host table's own callback, as a loop's answer
 * would leave the game). */
static int32_t insn_resolve(const KeyactBoundAction *bound, gboolean stepped,
                            const keyact_host *table, keyact_resolve_args *args,
                            keyact_resolve_result *result)
{
    if (!stepped)
        return keyact_bound_action_resolve(bound, table, args, result);
    keyact_question q = { .struct_size = sizeof q };
    int32_t status = keyact_bound_action_begin(bound, table, args, KEYACT_WAIT_ALL, insn_state,
                                               sizeof insn_state);
    while (status == KEYACT_OK &&
           (status = keyact_resolve_step(insn_state, result, &q)) == KEYACT_WAITING) {
        keyact_answer a = { .struct_size = sizeof a, .kind = q.kind };
        if (q.kind == KEYACT_QUESTION_CAN_CAST)
            a.status = table->can_cast_face(table, q.game, q.player, q.card, q.face, &a.value);
        else if (q.kind == KEYACT_QUESTION_CHOOSE)
            a.status = table->choose(table, q.game, q.player, q.card, q.options,
                                     q.option_count, &a.value);
        else
            a.status = table->cast_free(table, q.game, q.player, q.card, q.face, &a.value);
        status = keyact_resolve_answer(insn_state, &a);
    }
    return status;
}

/* The floor on `facts` and `library`, instrumented when `measure_floor`. */
static void insn_floor(const BenchFacts *facts, const keyact_card_id *library, guint count,
                       gboolean measure_floor, BenchFloorOutcome *out)
{
    BenchFloor floor;

    bench_floor_init(&floor, count, facts);
    floor.rng = 1;
    bench_floor_load(&floor, library, count);
    if (measure_floor)
        CALLGRIND_START_INSTRUMENTATION;
    bench_floor_resolve(&floor, BENCH_DISCOVER_N, out);
    if (measure_floor)
        CALLGRIND_STOP_INSTRUMENTATION;
    bench_floor_clear(&floor);
}

/* One resolve on a bottom-hit library of `size` cards; 0 when it exiled
 * them all and cast the bottom one (and the floor agrees). */
static int insn_bottom_hit(const KeyactBoundAction *bound, BenchHostKind kind, guint size,
                           gboolean measure_floor, gboolean stepped)
{
    g_autoptr(BenchBottom) lib = bench_bottom_new(size);
    g_autofree BenchFacts *facts = g_new0(BenchFacts, size + 1);
    BenchFloorOutcome want;
    guint count = 0;

    if (lib == NULL || !bench_facts_compute(lib->host, BENCH_DISCOVER_N, facts)) {
        fprintf(stderr, "insn: could not set up the %u-card library\n", size);
        return 1;
    }
    const keyact_card_id *library = fake_host_zone(lib->host, 1, FAKE_ZONE_LIBRARY, &count);
    insn_floor(facts, library, count, measure_floor, &want);

    if (!measure_floor)
        CALLGRIND_START_INSTRUMENTATION;
    int32_t status = insn_resolve(bound, stepped, &lib->hosts[kind], &lib->call.args,
                                  &lib->call.result);
    if (!measure_floor)
        CALLGRIND_STOP_INSTRUMENTATION;

    int failed = !bench_bottom_outcome_ok(lib, status) || want.exiled != size
                 || want.hit != lib->hit;
    printf("insn: host %s, discover %d on %u cards, hit at the bottom: status %s, exiled %u "
           "(floor: %u)%s\n", bench_host_name(kind), BENCH_DISCOVER_N, size,
           keyact_status_name(status),
           lib->call.result.exiled_count, want.exiled, failed ? " MISMATCH" : "");
    return failed;
}

static int insn_usage(const char *program)
{
    fprintf(stderr, "usage: %s /full/path/keyact-discover.so [--host 1.0|1.1] [--floor] "
                    "[--stepped] [SIZE]\n",
            program);
    return 2;
}

int main(int argc, char **argv)
{
    BenchPlugin plugin = { 0 };
    g_autoptr(GError) error = NULL;
    BenchFloorOutcome want;
    gboolean measure_floor = FALSE;
    gboolean stepped = FALSE;
    BenchHostKind kind = BENCH_HOST_1_0;
    guint size = 0;

    if (argc < 2)
        return insn_usage(argv[0]);
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--floor") == 0) {
            measure_floor = TRUE;
        } else if (strcmp(argv[i], "--stepped") == 0) {
            stepped = TRUE;
        } else if (strcmp(argv[i], "--host") == 0 && i + 1 < argc) {
            const char *name = argv[++i];
            if (strcmp(name, bench_host_name(BENCH_HOST_1_0)) == 0)
                kind = BENCH_HOST_1_0;
            else if (strcmp(name, bench_host_name(BENCH_HOST_1_1)) == 0)
                kind = BENCH_HOST_1_1;
            else
                return insn_usage(argv[0]);
        } else if (size == 0 && (size = (guint)strtoul(argv[i], NULL, 10)) != 0) {
            continue;
        } else {
            return insn_usage(argv[0]);
        }
    }
    if (!bench_plugin_load(&plugin, argv[1], &error)) {
        fprintf(stderr, "insn: %s\n", error->message);
        return 1;
    }
    if (stepped && keyact_bound_action_state_size(&plugin.discover) > sizeof insn_state) {
        fprintf(stderr, "insn: the stepped resolve needs %zu bytes of state\n",
                (size_t)keyact_bound_action_state_size(&plugin.discover));
        bench_plugin_unload(&plugin);
        return 1;
    }
    if (size != 0) {
        int failed = insn_bottom_hit(&plugin.discover, kind, size, measure_floor, stepped);
        bench_plugin_unload(&plugin);
        return failed;
    }
    /* One fixed order (4 cards exiled, near the deck's mean of 3.5; the hit
     * is the transforming Brass's Tunnel-Grinder) and one fixed seed: the
     * same instructions every run. */
    g_autoptr(BenchGame) game = bench_game_new(11, 1, BENCH_DISCOVER_N);
    if (game == NULL) {
        fprintf(stderr, "insn: could not set up the 60-card game\n");
        bench_plugin_unload(&plugin);
        return 1;
    }
    fake_host_set_seed(game->host, 1);
    bench_game_prepare(game, 0);
    insn_floor(game->facts, bench_game_order(game, 0), game->deck_size, measure_floor, &want);

    if (!measure_floor)
        CALLGRIND_START_INSTRUMENTATION;
    int32_t status = insn_resolve(&plugin.discover, stepped, &game->hosts[kind],
                                  &game->call.args, &game->call.result);
    if (!measure_floor)
        CALLGRIND_STOP_INSTRUMENTATION;

    const keyact_resolve_result *got = &game->call.result;
    int failed = status != KEYACT_OK || !(got->flags & KEYACT_RESULT_COMPLETE)
                 || got->discovered != want.hit || got->exiled_count != want.exiled;
    printf("insn: host %s, discover %d: status %s, exiled %u, discovered card %" G_GUINT64_FORMAT
           " (floor: %u, card %" G_GUINT64_FORMAT ")%s\n", bench_host_name(kind),
           BENCH_DISCOVER_N, keyact_status_name(status), got->exiled_count, got->discovered,
           want.exiled, want.hit, failed ? " MISMATCH" : "");
    bench_plugin_unload(&plugin);
    return failed;
}
