/* insn_one_resolve.c - exactly one discover 3 on the fixed 60-card deck,
 * through libkeyact-host and the loaded plugin, with the fake host.
 *
 * Under valgrind --tool=callgrind --instr-atstart=no only the resolve is
 * instrumented (CALLGRIND_START/STOP_INSTRUMENTATION around it), so the
 * instruction count is the resolve's alone: no loading, no set-up. Outside
 * valgrind the client requests do nothing. The outcome is checked like a
 * test: status 0, COMPLETE, and the hit and exiled count the floor finds.
 *
 * With a SIZE, the resolve is on a bench_ring_host library of SIZE cards
 * whose only hit is the bottom card instead (every card exiled): counts at
 * two sizes tell whether the instructions per card stay flat.
 *
 * usage: keyact-bench-insn /full/path/keyact-discover.so [SIZE]
 */
#include <stdio.h>
#include <stdlib.h>
#include <valgrind/callgrind.h>

#include "bench_deck.h"
#include "bench_game.h"
#include "bench_plugin.h"
#include "bench_ring_host.h"

/* One resolve on a bottom-hit library of `size` cards; 0 when it exiled
 * them all and cast the bottom one. */
static int insn_bottom_hit(const KeyactBoundAction *bound, guint size)
{
    g_autoptr(BenchRingHost) host = bench_ring_host_new(size);
    keyact_resolve_args args = { sizeof args, BENCH_DISCOVER_N, 1, 1, KEYACT_CARD_NONE };
    keyact_resolve_result result = { .struct_size = sizeof result };

    CALLGRIND_START_INSTRUMENTATION;
    int32_t status = keyact_bound_action_resolve(bound, bench_ring_host_table(host), &args,
                                                 &result);
    CALLGRIND_STOP_INSTRUMENTATION;

    int failed = status != KEYACT_OK || result.exiled_count != size
                 || result.outcome != KEYACT_OUTCOME_CAST;
    printf("insn: discover %d on %u cards, hit at the bottom: status %s, exiled %u%s\n",
           BENCH_DISCOVER_N, size, keyact_status_name(status), result.exiled_count,
           failed ? " MISMATCH" : "");
    return failed;
}

int main(int argc, char **argv)
{
    BenchPlugin plugin = { 0 };
    g_autoptr(GError) error = NULL;
    BenchFloor floor;
    BenchFloorOutcome want;

    guint size = argc == 3 ? (guint)strtoul(argv[2], NULL, 10) : 0;
    if ((argc != 2 && argc != 3) || (argc == 3 && size == 0)) {
        fprintf(stderr, "usage: %s /full/path/keyact-discover.so [SIZE]\n", argv[0]);
        return 2;
    }
    if (!bench_plugin_load(&plugin, argv[1], &error)) {
        fprintf(stderr, "insn: %s\n", error->message);
        return 1;
    }
    if (size != 0) {
        int failed = insn_bottom_hit(&plugin.discover, size);
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

    CALLGRIND_START_INSTRUMENTATION;
    int32_t status = keyact_bound_action_resolve(&plugin.discover, game->table,
                                                 &game->call.args, &game->call.result);
    CALLGRIND_STOP_INSTRUMENTATION;

    bench_floor_init(&floor, game->deck_size, game->facts);
    floor.rng = 1;
    bench_floor_load(&floor, bench_game_order(game, 0), game->deck_size);
    bench_floor_resolve(&floor, BENCH_DISCOVER_N, &want);
    bench_floor_clear(&floor);

    const keyact_resolve_result *got = &game->call.result;
    int failed = status != KEYACT_OK || !(got->flags & KEYACT_RESULT_COMPLETE)
                 || got->discovered != want.hit || got->exiled_count != want.exiled;
    printf("insn: discover %d: status %s, exiled %u, discovered card %" G_GUINT64_FORMAT
           " (floor: %u, card %" G_GUINT64_FORMAT ")%s\n",
           BENCH_DISCOVER_N, keyact_status_name(status), got->exiled_count, got->discovered,
           want.exiled, want.hit, failed ? " MISMATCH" : "");
    bench_plugin_unload(&plugin);
    return failed;
}
