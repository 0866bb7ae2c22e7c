/* SPDX-License-Identifier: MIT */
/* bench_host.c - a FakeHost as a 1.0 host and as a 1.1 host.
 *
 * Both come from the FakeHost's 1.1 table (fake_host_set_batched with every
 * batched call): the 1.1 kind is that table, the 1.0 kind the same table cut
 * at KEYACT_HOST_SIZE_1_0 and saying ABI 1.0. The FakeHost's batched calls
 * do what the 1.0 calls they stand for would do, so a 1.1 resolve moves the
 * same cards, sends the same events and draws the same numbers as a 1.0
 * one; only the calls across the boundary differ.
 */
#include "bench_host.h"

const char *bench_host_name(BenchHostKind kind)
{
    return kind == BENCH_HOST_1_0 ? "1.0" : "1.1";
}

void bench_host_table(FakeHost *host, BenchHostKind kind, keyact_host *out)
{
    fake_host_set_batched(host, FAKE_BATCHED_ALL);
    *out = *fake_host_table(host);
    if (kind == BENCH_HOST_1_0) {
        out->struct_size = KEYACT_HOST_SIZE_1_0;
        out->abi_minor = 0;
        out->library_cards = NULL;
        out->describe_cards = NULL;
        out->apply_steps = NULL;
        out->random_below_each = NULL;
    }
}
