/* SPDX-License-Identifier: MIT */
// plugin_like.h - a hand-written stand-in for a plugin's resolve: calls
// every callback of a host table once, the way a plugin would (optional
// ones only when set), plus one call that fails, and keeps the answers.
#pragma once

#include <keyact/keyact.h>

struct PluginLikeAnswers {
    int32_t statuses[13];          // one per call, in call order
    int n_calls;
    uint32_t library_size;
    keyact_card_id top_card;
    keyact_card_desc desc;
    uint32_t can_cast;
    uint32_t chosen;
    uint32_t cast_result;
    uint32_t random_value;
    const void *extension;
    const void *missing_extension;
};

// Game 1, player 1: look at the top card, describe it, offer and cast its
// face 1, exile the second card, put the third on the bottom, roll a
// random_below(3), notify DISCOVERED, log, ask for two extensions, and ask
// for a card past the end of the library.
void plugin_like_run(const keyact_host *host, PluginLikeAnswers *answers);

// What a tracer prints for plugin_like_run against a host that answers like
// the tiny host (library {7, 8, 9}, every card Fire // Ice, face 1 castable,
// option 0 chosen, casts succeed, random_below gives bound - 1, one
// extension "org.keyact.test.tiny.v1").
extern const char kPluginLikeTrace[];
