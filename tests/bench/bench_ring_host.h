/* bench_ring_host.h - a minimal host whose library is a ring buffer.
 *
 * For the scale figure only: taking the top card and putting a card on the
 * bottom are O(1), so the time per exiled card is the plugin's own (plus
 * four cheap callbacks), whatever the library size. One game (1), one
 * player (1); cards are lands except the ones marked as hits. It answers
 * every question "yes, cast the first castable face", has its own copy of
 * the fake host's RNG and counts events. No allocation in callbacks.
 */
#ifndef KEYACT_BENCH_RING_HOST_H
#define KEYACT_BENCH_RING_HOST_H

#include <glib.h>
#include <keyact/keyact.h>

G_BEGIN_DECLS

typedef struct _BenchRingHost BenchRingHost;

/* A library of `size` cards (ids 1..size, top first): lands, except the
 * bottom card, Brazen Blademaster ({2}{R}), the only hit of discover 3. */
BenchRingHost *bench_ring_host_new(guint size);
void bench_ring_host_free(BenchRingHost *host);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(BenchRingHost, bench_ring_host_free)

const keyact_host *bench_ring_host_table(BenchRingHost *host);
guint bench_ring_host_library_size(const BenchRingHost *host);
/* The hit back from wherever the resolve put it to the bottom of the
 * library: the library has the same cards again, hit last. O(1). */
void bench_ring_host_reset(BenchRingHost *host);
void bench_ring_host_set_seed(BenchRingHost *host, guint64 seed);
/* The ids top first, for the floor. */
void bench_ring_host_library(const BenchRingHost *host, keyact_card_id *out);
/* Every card's facts in library/exile (is_land, mana value x2). */
void bench_ring_host_card(const BenchRingHost *host, keyact_card_id card,
                          gboolean *is_land, uint32_t *mana_value_halves);

G_END_DECLS

#endif /* KEYACT_BENCH_RING_HOST_H */
