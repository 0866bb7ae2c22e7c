/* SPDX-License-Identifier: MIT */
// tiny_host.h - a few-line inner host for the trace tests: one player's
// library as a vector (top first), the zones cards were moved to, and the
// events and messages it was told. Every callback checks that it got its
// own table (a tracer must not hand it the traced one).
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include <keyact/keyact.h>

struct TinyMove {
    keyact_card_id card;
    uint32_t to_zone;
    uint32_t library_index;
    uint32_t flags;
};

struct TinyHost {
    TinyHost();                          // library {7, 8, 9}, every callback set
    TinyHost(const TinyHost &) = delete; // table.host_data points at this object
    TinyHost &operator=(const TinyHost &) = delete;

    keyact_host table;                   // host_data = this
    std::vector<keyact_card_id> library; // top first
    std::vector<keyact_card_id> exile;
    std::vector<keyact_card_id> hand;
    std::vector<keyact_card_id> stack;
    std::vector<TinyMove> moves;
    std::vector<keyact_event> events;
    std::vector<std::string> messages;
    std::atomic<int> calls{0};           // atomic: the thread test calls from two threads
    std::atomic<int> foreign_host_calls{0}; // calls whose host was not `table`
};

// The card the tiny host describes for every id: Fire // Ice.
inline constexpr const char *kTinyFaceNames[2] = {"Fire", "Ice"};
inline constexpr const char *kTinyFaceCosts[2] = {"{1}{R}", "{1}{U}"};
