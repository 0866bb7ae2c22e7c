/* SPDX-License-Identifier: MIT */
// tracer_test.cc - a traced table records every call and forwards it.
#include <cstddef>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "keyact-trace.h"
#include "plugin_like.h"
#include "tiny_host.h"

namespace {

KeyactTracer *new_tracer(const keyact_host *inner)
{
    g_autoptr(GError) error = nullptr;
    KeyactTracer *tracer = keyact_tracer_new(inner, &error);
    EXPECT_EQ(error, nullptr) << (error != nullptr ? error->message : "");
    return tracer;
}

TEST(Tracer, FormatsEveryCallOneLineEach)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    PluginLikeAnswers answers;

    plugin_like_run(keyact_tracer_get_host(tracer), &answers);

    g_autofree char *text = keyact_tracer_format(tracer);
    EXPECT_STREQ(text, kPluginLikeTrace);
}

TEST(Tracer, ForwardsToTheInnerHostWithItsOwnTable)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    PluginLikeAnswers answers;

    plugin_like_run(keyact_tracer_get_host(tracer), &answers);

    // Every call reached the tiny host, always with the tiny host's table.
    EXPECT_EQ(tiny.calls.load(), 14);
    EXPECT_EQ(tiny.foreign_host_calls.load(), 0);
    // Its state changed as the calls said.
    EXPECT_EQ(tiny.stack, std::vector<keyact_card_id>({7}));
    EXPECT_EQ(tiny.exile, std::vector<keyact_card_id>({8}));
    EXPECT_EQ(tiny.library, std::vector<keyact_card_id>({9}));
    ASSERT_EQ(tiny.moves.size(), 2u);
    EXPECT_EQ(tiny.moves[0].card, 8u);
    EXPECT_EQ(tiny.moves[0].to_zone, KEYACT_ZONE_EXILE);
    EXPECT_EQ(tiny.moves[0].flags, KEYACT_MOVE_REVEAL);
    EXPECT_EQ(tiny.moves[1].card, 9u);
    EXPECT_EQ(tiny.moves[1].library_index, KEYACT_LIBRARY_BOTTOM);
    ASSERT_EQ(tiny.events.size(), 1u);
    EXPECT_EQ(tiny.events[0].type, KEYACT_EVENT_DISCOVERED);
    EXPECT_EQ(tiny.events[0].card, 7u);
    EXPECT_EQ(tiny.messages, std::vector<std::string>({"discovered \"Fire\""}));
}

TEST(Tracer, PassesOutValuesAndReturnsBackToThePlugin)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    PluginLikeAnswers answers;

    plugin_like_run(keyact_tracer_get_host(tracer), &answers);

    ASSERT_EQ(answers.n_calls, 10);
    for (int i = 0; i < 9; i++)
        EXPECT_EQ(answers.statuses[i], KEYACT_OK) << i;
    EXPECT_EQ(answers.statuses[9], KEYACT_E_NOTFOUND);
    EXPECT_EQ(answers.library_size, 3u);
    EXPECT_EQ(answers.top_card, 7u);
    EXPECT_EQ(answers.desc.layout, KEYACT_LAYOUT_SPLIT);
    ASSERT_EQ(answers.desc.face_count, 2u);
    EXPECT_STREQ(answers.desc.faces[1]->name, "Ice");
    EXPECT_EQ(answers.can_cast, 1u);
    EXPECT_EQ(answers.chosen, 0u);
    EXPECT_EQ(answers.cast_result, KEYACT_CAST_DONE);
    EXPECT_EQ(answers.random_value, 2u);
    EXPECT_EQ(answers.extension, &tiny);
    EXPECT_EQ(answers.missing_extension, nullptr);
}

TEST(Tracer, RecordsNamesArgumentsStatusesAndOutValues)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);
    PluginLikeAnswers answers;

    plugin_like_run(traced, &answers);

    guint n = 0;
    const KeyactTraceRecord *records = keyact_tracer_get_records(tracer, &n);
    ASSERT_EQ(n, 14u);
    ASSERT_EQ(keyact_tracer_get_n_records(tracer), 14u);
    const char *names[] = {"library_size", "library_card", "describe_card", "can_cast_face",
                           "choose", "cast_free", "move_card", "move_card", "random_below",
                           "notify", "log", "get_extension", "get_extension", "library_card"};
    for (guint i = 0; i < n; i++) {
        EXPECT_STREQ(records[i].signature->name, names[i]) << i;
        // The plugin passed the traced table; the record says so.
        EXPECT_EQ(records[i].args[0].pointer, traced) << i;
    }

    const KeyactTraceRecord &size = records[0];
    EXPECT_EQ(size.args[1].id, 1u);
    EXPECT_EQ(size.args[2].id, 1u);
    EXPECT_EQ(size.args[3].pointer, &answers.library_size);
    EXPECT_EQ(size.status, KEYACT_OK);
    EXPECT_TRUE(size.has_out);
    EXPECT_EQ(size.out.u32, 3u);

    const KeyactTraceRecord &top = records[1];
    EXPECT_EQ(top.args[3].u32, 0u);
    EXPECT_TRUE(top.has_out);
    EXPECT_EQ(top.out.id, 7u);

    const KeyactTraceRecord &describe = records[2];
    EXPECT_EQ(describe.args[2].id, 7u);
    EXPECT_TRUE(describe.has_out);
    EXPECT_EQ(describe.out.u32, KEYACT_LAYOUT_SPLIT);
    ASSERT_NE(describe.face_names, nullptr);
    ASSERT_EQ(g_strv_length(describe.face_names), 2u);
    EXPECT_STREQ(describe.face_names[0], "Fire");
    EXPECT_STREQ(describe.face_costs[1], "{1}{U}");

    const KeyactTraceRecord &choose = records[4];
    ASSERT_EQ(choose.n_options, 2u);
    EXPECT_EQ(choose.options[0].kind, KEYACT_OPTION_CAST_FACE);
    EXPECT_EQ(choose.options[0].face, 1u);
    EXPECT_EQ(choose.options[0].mana_value_halves, 4u);
    EXPECT_EQ(choose.options[1].kind, KEYACT_OPTION_TO_HAND);
    EXPECT_EQ(choose.args[5].u32, 2u);
    EXPECT_EQ(choose.out.u32, 0u);

    const KeyactTraceRecord &exile = records[6];
    EXPECT_EQ(exile.args[3].id, 8u);
    EXPECT_EQ(exile.args[4].u32, KEYACT_ZONE_EXILE);
    EXPECT_EQ(exile.args[5].u32, 0u);
    EXPECT_EQ(exile.args[6].u32, KEYACT_MOVE_REVEAL);
    EXPECT_EQ(exile.status, KEYACT_OK);
    EXPECT_FALSE(exile.has_out);

    const KeyactTraceRecord &random = records[8];
    EXPECT_EQ(random.args[2].u32, 3u);
    EXPECT_TRUE(random.has_out);
    EXPECT_EQ(random.out.u32, 2u);

    const KeyactTraceRecord &notify = records[9];
    ASSERT_TRUE(notify.has_event);
    EXPECT_EQ(notify.event.type, KEYACT_EVENT_DISCOVERED);
    EXPECT_EQ(notify.event.mana_value_halves, 4u);

    EXPECT_EQ(records[10].args[1].i32, KEYACT_LOG_INFO);
    EXPECT_STREQ(records[10].string, "discovered \"Fire\"");
    EXPECT_STREQ(records[11].string, "org.keyact.test.tiny.v1");
    EXPECT_EQ(records[11].result, &tiny);
    EXPECT_EQ(records[12].result, nullptr);

    // A failed call: its status is kept and its out value is not read.
    const KeyactTraceRecord &past_end = records[13];
    EXPECT_EQ(past_end.args[3].u32, 9u);
    EXPECT_EQ(past_end.status, KEYACT_E_NOTFOUND);
    EXPECT_FALSE(past_end.has_out);
}

TEST(Tracer, KeepsTheHeaderAndPointsHostDataAtTheTracer)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);

    EXPECT_NE(traced, &tiny.table);
    EXPECT_EQ(traced->struct_size, tiny.table.struct_size);
    EXPECT_EQ(traced->abi_major, KEYACT_ABI_MAJOR);
    EXPECT_EQ(traced->abi_minor, KEYACT_ABI_MINOR);
    EXPECT_STREQ(traced->host_name, "tiny");
    EXPECT_EQ(traced->host_data, tracer);
    // Closures, not the inner functions.
    EXPECT_NE(traced->move_card, tiny.table.move_card);
    EXPECT_NE(traced->move_card, nullptr);
}

TEST(Tracer, NullCallbacksStayNull)
{
    TinyHost tiny;
    tiny.table.notify = nullptr;
    tiny.table.log = nullptr;
    tiny.table.get_extension = nullptr;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);

    EXPECT_EQ(traced->notify, nullptr);
    EXPECT_EQ(traced->log, nullptr);
    EXPECT_EQ(traced->get_extension, nullptr);
    EXPECT_NE(traced->random_below, nullptr);

    PluginLikeAnswers answers;
    plugin_like_run(traced, &answers);
    EXPECT_EQ(keyact_tracer_get_n_records(tracer), 10u);
    EXPECT_EQ(tiny.calls.load(), 10);
    EXPECT_TRUE(tiny.events.empty());
}

TEST(Tracer, MembersPastStructSizeAreNotPassedOn)
{
    // A host compiled when the table ended before notify: its notify bytes
    // are not part of the table, whatever they hold.
    TinyHost tiny;
    tiny.table.struct_size = static_cast<uint32_t>(offsetof(keyact_host, notify));
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);

    EXPECT_EQ(traced->struct_size, offsetof(keyact_host, notify));
    EXPECT_EQ(traced->notify, nullptr);
    EXPECT_EQ(traced->log, nullptr);
    EXPECT_EQ(traced->get_extension, nullptr);
    EXPECT_NE(traced->random_below, nullptr);
}

TEST(Tracer, NewerTablesAreCappedToTheKnownMembers)
{
    TinyHost tiny;
    tiny.table.struct_size = sizeof(keyact_host) + 16;  // a later minor with more members
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);

    EXPECT_EQ(keyact_tracer_get_host(tracer)->struct_size, sizeof(keyact_host));
    EXPECT_NE(keyact_tracer_get_host(tracer)->get_extension, nullptr);
}

TEST(Tracer, ClearEmptiesTheTrace)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);
    uint32_t value = 0;

    ASSERT_EQ(traced->random_below(traced, 1, 10, &value), KEYACT_OK);
    EXPECT_EQ(keyact_tracer_get_n_records(tracer), 1u);
    keyact_tracer_clear(tracer);
    EXPECT_EQ(keyact_tracer_get_n_records(tracer), 0u);
    g_autofree char *empty = keyact_tracer_format(tracer);
    EXPECT_STREQ(empty, "");

    ASSERT_EQ(traced->random_below(traced, 1, 10, &value), KEYACT_OK);
    EXPECT_EQ(value, 9u);
    g_autofree char *text = keyact_tracer_format(tracer);
    EXPECT_STREQ(text, "random_below(game=1, bound=10) = 0 -> 9\n");
}

TEST(Tracer, FormatsUnknownValuesAsNumbers)
{
    TinyHost tiny;
    tiny.library = {5, 6};
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);

    EXPECT_EQ(traced->move_card(traced, 2, 3, 6, 9, 1, KEYACT_MOVE_REVEAL | 4u), KEYACT_OK);
    EXPECT_EQ(traced->move_card(traced, 2, 3, 40, KEYACT_ZONE_HAND, 0, 8u), KEYACT_E_STATE);
    traced->log(traced, 7, "line\nbreak");
    g_autofree char *text = keyact_tracer_format(tracer);
    EXPECT_STREQ(text,
                 "move_card(game=2, player=3, card=6, to_zone=9, library_index=1, "
                 "flags=REVEAL|0x4) = 0\n"
                 "move_card(game=2, player=3, card=40, to_zone=HAND, library_index=0, "
                 "flags=0x8) = -10 (KEYACT_E_STATE)\n"
                 "log(level=7, message=\"line\\nbreak\")\n");
}

TEST(Tracer, ACallbackDroppedLaterIsAnsweredNotCalled)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);
    tiny.table.random_below = nullptr;
    tiny.table.get_extension = nullptr;
    tiny.table.log = nullptr;
    uint32_t value = 77;

    EXPECT_EQ(traced->random_below(traced, 1, 3, &value), KEYACT_E_NOTSUP);
    EXPECT_EQ(value, 77u);
    EXPECT_EQ(traced->get_extension(traced, "org.keyact.test.tiny.v1"), nullptr);
    traced->log(traced, KEYACT_LOG_DEBUG, "dropped");
    EXPECT_EQ(tiny.calls.load(), 0);
    g_autofree char *text = keyact_tracer_format(tracer);
    EXPECT_STREQ(text,
                 "random_below(game=1, bound=3) = -9 (KEYACT_E_NOTSUP)\n"
                 "get_extension(id=\"org.keyact.test.tiny.v1\") = NULL\n"
                 "log(level=DEBUG, message=\"dropped\")\n");
}

TEST(Tracer, RefusesNoTableAndTooSmallTables)
{
    g_autoptr(GError) error = nullptr;
    EXPECT_EQ(keyact_tracer_new(nullptr, &error), nullptr);
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(g_error_matches(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_INVALID));
    g_clear_error(&error);

    TinyHost tiny;
    tiny.table.struct_size = 8;
    EXPECT_EQ(keyact_tracer_new(&tiny.table, &error), nullptr);
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(g_error_matches(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_INVALID));
    EXPECT_NE(std::string(error->message).find("struct_size 8"), std::string::npos);
}

TEST(Tracer, ThreadsAppendWithoutLosingRecords)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);
    // random_below touches no tiny host state but its atomic call counters.
    auto roll = [traced](keyact_game_id game) {
        for (int i = 0; i < 200; i++) {
            uint32_t value = 0;
            traced->random_below(traced, game, 5, &value);
        }
    };

    std::thread first(roll, 1), second(roll, 2);
    first.join();
    second.join();

    guint n = 0;
    const KeyactTraceRecord *records = keyact_tracer_get_records(tracer, &n);
    ASSERT_EQ(n, 400u);
    guint per_game[3] = {0, 0, 0};
    for (guint i = 0; i < n; i++) {
        ASSERT_LE(records[i].args[1].id, 2u);
        per_game[records[i].args[1].id]++;
        EXPECT_EQ(records[i].out.u32, 4u);
    }
    EXPECT_EQ(per_game[1], 200u);
    EXPECT_EQ(per_game[2], 200u);
    EXPECT_EQ(tiny.foreign_host_calls.load(), 0);
}

// ABI 1.1: the batched calls are traced with copies of their arrays, and
// print them readably; apply_steps says how far it got even when it fails.
TEST(Tracer, RecordsAndFormatsTheBatchedCalls)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);
    ASSERT_TRUE(KEYACT_HOST_HAS(traced, random_below_each));
    ASSERT_NE(traced->apply_steps, nullptr);

    keyact_card_id window[2] = {0, 0};
    EXPECT_EQ(traced->library_cards(traced, 1, 2, 0, 2, window), KEYACT_OK);
    EXPECT_EQ(window[0], 7u);
    EXPECT_EQ(window[1], 8u);
    EXPECT_EQ(traced->library_cards(traced, 1, 2, 2, 5, window), KEYACT_E_NOTFOUND);

    keyact_card_desc descs[2] = {};
    keyact_card_desc *desc_ptrs[2] = {&descs[0], &descs[1]};
    for (keyact_card_desc &desc : descs)
        desc.struct_size = sizeof desc;
    EXPECT_EQ(traced->describe_cards(traced, 1, window, 2, desc_ptrs), KEYACT_OK);
    EXPECT_EQ(descs[1].layout, KEYACT_LAYOUT_SPLIT);

    keyact_event exiled = {};
    exiled.struct_size = sizeof exiled;
    exiled.type = KEYACT_EVENT_EXILED;
    exiled.player = 2;
    exiled.card = 7;
    exiled.face = KEYACT_FACE_NONE;
    keyact_event hit = exiled;
    hit.type = KEYACT_EVENT_HIT;
    hit.mana_value_halves = 4;
    keyact_step steps[3] = {};
    for (keyact_step &step : steps)
        step.struct_size = sizeof step;
    steps[0].to_zone = KEYACT_ZONE_EXILE;
    steps[0].flags = KEYACT_MOVE_REVEAL;
    steps[0].card = 7;
    steps[0].event = &exiled;
    steps[1].to_zone = KEYACT_ZONE_NONE;
    steps[1].event = &hit;
    steps[2].to_zone = KEYACT_ZONE_LIBRARY;
    steps[2].library_index = KEYACT_LIBRARY_BOTTOM;
    steps[2].card = 99;  // not in the library: the tiny host refuses the move
    uint32_t done = 77;
    EXPECT_EQ(traced->apply_steps(traced, 1, 2, steps, 3, &done), KEYACT_E_STATE);
    EXPECT_EQ(done, 2u);
    // The plugin's event may change after the call: the record has its copy.
    exiled.type = KEYACT_EVENT_BOTTOM;

    const uint32_t bounds[3] = {3, 2, 1};
    uint32_t values[3] = {9, 9, 9};
    EXPECT_EQ(traced->random_below_each(traced, 1, bounds, 3, values), KEYACT_OK);
    EXPECT_EQ(values[0], 2u);
    EXPECT_EQ(values[2], 0u);

    // The calls reached the tiny host: 7 exiled, both events told.
    EXPECT_EQ(tiny.exile, std::vector<keyact_card_id>({7}));
    ASSERT_EQ(tiny.events.size(), 2u);
    EXPECT_EQ(tiny.events[1].type, KEYACT_EVENT_HIT);
    EXPECT_EQ(tiny.foreign_host_calls.load(), 0);

    guint n = 0;
    const KeyactTraceRecord *records = keyact_tracer_get_records(tracer, &n);
    ASSERT_EQ(n, 5u);
    EXPECT_STREQ(records[0].text,
                 "library_cards(game=1, player=2, from_top=0, count=2) = 0 -> [7, 8]");
    EXPECT_STREQ(records[1].text,
                 "library_cards(game=1, player=2, from_top=2, count=5) = -5 (KEYACT_E_NOTFOUND)");
    EXPECT_STREQ(records[2].text,
                 "describe_cards(game=1, cards=[7, 8], count=2) = 0 -> "
                 "[{layout=SPLIT, faces=[\"Fire\" {1}{R}, \"Ice\" {1}{U}]}, "
                 "{layout=SPLIT, faces=[\"Fire\" {1}{R}, \"Ice\" {1}{U}]}]");
    EXPECT_STREQ(records[3].text,
                 "apply_steps(game=1, player=2, steps=["
                 "{card=7, to_zone=EXILE, library_index=0, flags=REVEAL, event={type=EXILED, "
                 "player=2, card=7, n=0, face=NONE, index=0, mv_halves=0}}, "
                 "{to_zone=NONE, event={type=HIT, player=2, card=7, n=0, face=NONE, index=0, "
                 "mv_halves=4}}, "
                 "{card=99, to_zone=LIBRARY, library_index=BOTTOM, flags=0, event=NULL}], "
                 "count=3) = -10 (KEYACT_E_STATE) -> done=2");
    EXPECT_STREQ(records[4].text,
                 "random_below_each(game=1, bounds=[3, 2, 1], count=3) = 0 -> [2, 1, 0]");

    // The copies, field by field.
    const auto *window_copy = static_cast<const KeyactTraceBatch *>(records[0].result);
    ASSERT_NE(window_copy, nullptr);
    EXPECT_TRUE(window_copy->has_out);
    ASSERT_EQ(window_copy->n_entries, 2u);
    EXPECT_EQ(window_copy->entries[1].card, 8u);
    EXPECT_FALSE(static_cast<const KeyactTraceBatch *>(records[1].result)->has_out);
    const auto *steps_copy = static_cast<const KeyactTraceBatch *>(records[3].result);
    EXPECT_TRUE(steps_copy->has_done);
    EXPECT_EQ(steps_copy->done, 2u);
    EXPECT_EQ(steps_copy->entries[0].event.type, KEYACT_EVENT_EXILED);
    EXPECT_FALSE(steps_copy->entries[2].has_event);
}

// A batch longer than KEYACT_TRACE_MAX_BATCH is copied as far as that and
// printed with "...".
TEST(Tracer, LongBatchesAreCutAtTheMaximum)
{
    TinyHost tiny;
    g_autoptr(KeyactTracer) tracer = new_tracer(&tiny.table);
    ASSERT_NE(tracer, nullptr);
    const keyact_host *traced = keyact_tracer_get_host(tracer);
    std::vector<uint32_t> bounds(KEYACT_TRACE_MAX_BATCH + 3, 1u);
    std::vector<uint32_t> values(bounds.size(), 5u);

    EXPECT_EQ(traced->random_below_each(traced, 1, bounds.data(),
                                        static_cast<uint32_t>(bounds.size()), values.data()),
              KEYACT_OK);
    EXPECT_EQ(values.back(), 0u);

    guint n = 0;
    const KeyactTraceRecord *records = keyact_tracer_get_records(tracer, &n);
    ASSERT_EQ(n, 1u);
    const auto *copy = static_cast<const KeyactTraceBatch *>(records[0].result);
    EXPECT_EQ(copy->count, KEYACT_TRACE_MAX_BATCH + 3);
    EXPECT_EQ(copy->n_entries, KEYACT_TRACE_MAX_BATCH);
    std::string text = records[0].text;
    EXPECT_NE(text.find(", 1, ...], count=67) = 0 -> [0, "), std::string::npos) << text;
    EXPECT_EQ(text.substr(text.size() - 8), " 0, ...]") << text;
}

}  // namespace
