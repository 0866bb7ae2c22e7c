/* SPDX-License-Identifier: MIT */
// test_stepped.cc - the stepped resolve of ABI 1.3 (keyact/stepped.h), through
// the loaded plugins and through libkeyact-host: the same game as the
// blocking resolve whatever waits, errors for every misuse, abandoning loses
// nothing, and the state block survives being moved.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include <gmodule.h>

#include "kc_cards.h"
#include "unit_support.h"

namespace {

const uint32_t kMasks[] = {0u,
                           KEYACT_WAIT_CAN_CAST,
                           KEYACT_WAIT_CHOOSE,
                           KEYACT_WAIT_CAST,
                           KEYACT_WAIT_PLAYER,
                           KEYACT_WAIT_CAN_CAST | KEYACT_WAIT_CAST,
                           KEYACT_WAIT_ALL};

// Everything a host can see of one resolve: every callback in order with
// its arguments' effect (moves, events, draws), the call log, and the result.
struct Seen {
    int32_t status = 0;
    std::string calls, actions, events, result;
    std::vector<keyact_card_id> stranded;
};

std::string result_text(const FakeResolve &res)
{
    const keyact_resolve_result &r = res.result;
    g_autofree char *text =
        g_strdup_printf("outcome=%u discovered=%" G_GUINT64_FORMAT
                        " mv=%u face=%u exiled=%u bottomed=%u flags=%u stranded=%u",
                        r.outcome, (guint64)r.discovered, r.mana_value_halves, r.face_cast,
                        r.exiled_count, r.bottomed_count, r.flags, r.stranded_count);
    return text;
}

Seen seen_of(const KcGame &game, const FakeResolve &res)
{
    Seen seen;
    seen.status = res.status;
    g_autofree char *calls = fake_host_format_calls(game.host);
    g_autofree char *actions = fake_host_format_actions(game.host);
    g_autofree char *events = fake_host_format_events(game.host);
    seen.calls = calls;
    seen.actions = actions;
    seen.events = events;
    seen.result = result_text(res);
    for (uint32_t i = 0; i < res.result.stranded_count && i < FAKE_STRANDED_CAPACITY; i++)
        seen.stranded.push_back(res.stranded[i]);
    return seen;
}

void expect_same(const Seen &stepped, const Seen &blocking)
{
    EXPECT_EQ(stepped.status, blocking.status);
    EXPECT_EQ(stepped.calls, blocking.calls);
    EXPECT_EQ(stepped.actions, blocking.actions);
    EXPECT_EQ(stepped.events, blocking.events);
    EXPECT_EQ(stepped.result, blocking.result);
    EXPECT_EQ(stepped.stranded, blocking.stranded);
}

// Through libkeyact-host: the block in our own heap, moved after every
// answer, each question answered by the fake host's own callback.
int32_t lib_resolve_stepped(const KeyactBoundAction &bound, FakeHost *host, int32_t n,
                            keyact_card_id source, uint32_t waits, FakeResolve *out,
                            guint *out_waits = nullptr)
{
    const keyact_host *table = fake_host_table(host);
    fake_resolve_prepare(out, host, KC_PLAYER, n, source);
    fake_host_reset_logs(host);
    gsize size = keyact_bound_action_state_size(&bound);
    EXPECT_GT(size, 0u);
    void *state = g_malloc(size);
    out->status = keyact_bound_action_begin(&bound, table, &out->args, waits, state, size);
    keyact_question q = {};
    q.struct_size = sizeof q;
    guint n_waits = 0;
    while (out->status == KEYACT_OK || out->status == KEYACT_WAITING) {
        out->status = keyact_resolve_step(state, &out->result, &q);
        if (out->status != KEYACT_WAITING)
            break;
        n_waits++;
        keyact_answer a = {sizeof a, q.kind, 0, 0};
        if (q.kind == KEYACT_QUESTION_CAN_CAST)
            a.status = table->can_cast_face(table, q.game, q.player, q.card, q.face, &a.value);
        else if (q.kind == KEYACT_QUESTION_CHOOSE)
            a.status = table->choose(table, q.game, q.player, q.card, q.options, q.option_count,
                                     &a.value);
        else
            a.status = table->cast_free(table, q.game, q.player, q.card, q.face, &a.value);
        EXPECT_EQ(keyact_resolve_answer(state, &a), KEYACT_OK);
        void *moved = g_malloc(size);
        std::memcpy(moved, state, size);
        std::memset(state, 0x5a, size);
        g_free(state);
        state = moved;
    }
    g_free(state);
    if (out_waits != nullptr)
        *out_waits = n_waits;
    return out->status;
}

std::vector<const KcCase *> cases_of(const char *action)
{
    guint n = 0;
    const KcCase *cases = kc_cases_for_action(action, &n);
    std::vector<const KcCase *> out;
    for (guint i = 0; i < n; i++)
        out.push_back(&cases[i]);
    return out;
}

// The question callbacks a blocking resolve made.
guint question_calls(const FakeHost *host)
{
    return fake_host_call_count(host, FAKE_CALL_CAN_CAST_FACE)
           + fake_host_call_count(host, FAKE_CALL_CHOOSE)
           + fake_host_call_count(host, FAKE_CALL_CAST_FREE);
}

// ---- same game either way ----

void same_game_for_every_case(const char *action_name, const KeyactBoundAction &bound)
{
    for (const KcCase *c : cases_of(action_name)) {
        for (guint k = 0; k < KC_N_HOST_KINDS; k++) {
            KcHostKind kind = KcHostKind(k);
            SCOPED_TRACE(std::string(c->name) + " on a " + kc_host_kind_name(kind));
            g_auto(KcGame) blocking_game = {};
            kc_game_init_on(&blocking_game, c, g_str_hash(c->name), kind);
            FakeResolve blocking;
            kc_game_resolve(&blocking_game, c, bound.action, bound.plugin_ctx, &blocking);
            Seen expected = seen_of(blocking_game, blocking);
            guint questions = question_calls(blocking_game.host);

            for (uint32_t waits : kMasks) {
                SCOPED_TRACE("waits " + std::to_string(waits));
                g_auto(KcGame) game = {};
                kc_game_init_on(&game, c, g_str_hash(c->name), kind);
                FakeResolve res;
                fake_host_resolve_stepped(game.host, bound.action, bound.plugin_ctx, KC_PLAYER,
                                          c->n, game.source, waits, &res);
                expect_same(seen_of(game, res), expected);
                if (waits == KEYACT_WAIT_ALL) {
                    EXPECT_EQ(res.steps, questions + 1u); // each question one wait
                }
                if (waits == 0u) {
                    EXPECT_EQ(res.steps, 1u);
                }
            }
            // And through libkeyact-host, every question waiting.
            g_auto(KcGame) game = {};
            kc_game_init_on(&game, c, g_str_hash(c->name), kind);
            FakeResolve res;
            guint waited = 0;
            lib_resolve_stepped(bound, game.host, c->n, game.source, KEYACT_WAIT_ALL, &res,
                                &waited);
            expect_same(seen_of(game, res), expected);
            EXPECT_EQ(waited, questions);
        }
    }
}

TEST(SteppedSameGame, EveryDiscoverCaseOnEveryHostWithEveryMask)
{
    same_game_for_every_case("discover", unit::discover());
}

TEST(SteppedSameGame, EveryCascadeCaseOnEveryHostWithEveryMask)
{
    same_game_for_every_case("cascade", unit::cascade());
}

// The random order over many seeds, stepped: the draws are the blocking
// resolve's, so every order still shows up.
TEST(SteppedSameGame, RandomOrderOnEveryHostStepped)
{
    const KeyactBoundAction &bound = unit::discover();
    for (guint k = 0; k < KC_N_HOST_KINDS; k++) {
        g_autoptr(GError) error = nullptr;
        EXPECT_TRUE(kc_random_order_run_way(KcHostKind(k), KC_STEPPED, bound.action,
                                            bound.plugin_ctx, &error))
            << (error ? error->message : "");
    }
}

// ---- a game around a hit that can be cast ----

struct Table {
    FakeHost *host = nullptr;
    keyact_card_id lands[2] = {};
    keyact_card_id hit = KEYACT_CARD_NONE;
    FakeSnapshot *before = nullptr;

    // Mountain, Mountain, Valki, God of Lies // Tibalt, Cosmic Impostor
    // (modal double-faced, {1}{B} // {5}{B}{R}), then `tail` more lands:
    // discover 2 hits Valki, whose front face (2) alone may be cast.
    explicit Table(guint tail = 2)
    {
        host = fake_host_new(0x5e, 2);
        fake_host_set_card_zone(host, TRUE);
        for (auto &land : lands)
            land = fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, &kc_mountain);
        hit = fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, &kc_valki);
        for (guint i = 0; i < tail; i++)
            fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, &kc_mountain);
        fake_host_set_seed(host, 7);
        before = fake_host_snapshot(host);
    }
    ~Table()
    {
        fake_snapshot_free(before);
        fake_host_free(host);
    }
    Table(const Table &) = delete;
    Table &operator=(const Table &) = delete;
    const keyact_host *table() const { return fake_host_table(host); }
    FakeZone zone(keyact_card_id card) const
    {
        FakeZone z = FAKE_ZONE_NONE;
        guint pos = 0;
        fake_host_locate(host, card, &z, &pos);
        return z;
    }
};

struct Block {
    std::vector<unsigned char> bytes;
    void *state;
    explicit Block(const KeyactBoundAction &bound)
        : bytes(bound.action->state_size + 16u)
    {
        // The plugin's own alignment, on any heap.
        auto at = reinterpret_cast<guintptr>(bytes.data());
        at = (at + bound.action->state_align - 1u) & ~guintptr(bound.action->state_align - 1u);
        state = reinterpret_cast<void *>(at);
    }
};

keyact_question new_question()
{
    keyact_question q = {};
    q.struct_size = sizeof q;
    return q;
}

keyact_resolve_result new_result(keyact_card_id *stranded, uint32_t capacity)
{
    keyact_resolve_result r = {};
    r.struct_size = sizeof r;
    r.stranded = stranded;
    r.stranded_capacity = capacity;
    return r;
}

keyact_resolve_args args_for(const Table &t, int32_t n)
{
    return {sizeof(keyact_resolve_args), n, fake_host_game(t.host), KC_PLAYER, KEYACT_CARD_NONE};
}

// ---- the questions, as a game loop sees them ----

TEST(SteppedQuestions, AskedInOrderWithTheOptionsChooseWouldGet)
{
    const KeyactBoundAction &bound = unit::discover();
    const keyact_action *a = bound.action;
    Table t;
    Block b(bound);
    keyact_resolve_args args = args_for(t, 2);
    ASSERT_EQ(a->begin(bound.plugin_ctx, t.table(), &args, KEYACT_WAIT_ALL, b.state,
                       a->state_size),
              KEYACT_OK);
    fake_host_reset_logs(t.host);
    keyact_card_id stranded[8];
    keyact_resolve_result r = new_result(stranded, 8);
    keyact_question q = new_question();

    // Valki // Tibalt: face 0 ({1}{B}, 2) only is within N = 2.
    ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q), KEYACT_WAITING);
    EXPECT_EQ(q.kind, KEYACT_QUESTION_CAN_CAST);
    EXPECT_EQ(q.card, t.hit);
    EXPECT_EQ(q.face, 0u);
    EXPECT_EQ(q.game, fake_host_game(t.host));
    EXPECT_EQ(q.player, KC_PLAYER);
    EXPECT_EQ(t.zone(t.hit), FAKE_ZONE_EXILE);         // the exile is done
    EXPECT_EQ(r.exiled_count, 0u);                     // the result is untouched while waiting
    guint calls = fake_host_total_calls(t.host);

    // Stepping again before the answer asks the same and calls nothing.
    keyact_question again = new_question();
    ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &again), KEYACT_WAITING);
    EXPECT_EQ(std::memcmp(&again, &q, sizeof q), 0);
    EXPECT_EQ(fake_host_total_calls(t.host), calls);

    keyact_answer yes = {sizeof yes, KEYACT_QUESTION_CAN_CAST, 0, 1u};
    ASSERT_EQ(a->answer(bound.plugin_ctx, b.state, &yes), KEYACT_OK);
    EXPECT_EQ(fake_host_total_calls(t.host), calls); // answering calls nothing either
    ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q), KEYACT_WAITING);
    EXPECT_EQ(q.kind, KEYACT_QUESTION_CHOOSE);
    ASSERT_EQ(q.option_count, 2u);
    EXPECT_EQ(q.options[0].kind, KEYACT_OPTION_CAST_FACE);
    EXPECT_EQ(q.options[0].face, 0u);
    EXPECT_EQ(q.options[0].mana_value_halves, 4u);
    EXPECT_EQ(q.options[1].kind, KEYACT_OPTION_TO_HAND);

    keyact_answer cast_it = {sizeof cast_it, KEYACT_QUESTION_CHOOSE, 0, 0u};
    ASSERT_EQ(a->answer(bound.plugin_ctx, b.state, &cast_it), KEYACT_OK);
    ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q), KEYACT_WAITING);
    EXPECT_EQ(q.kind, KEYACT_QUESTION_CAST);
    EXPECT_EQ(q.face, 0u);

    // The host casts it on a later frame: its own move to the stack.
    uint32_t cast = 0;
    ASSERT_EQ(t.table()->cast_free(t.table(), q.game, q.player, q.card, q.face, &cast),
              KEYACT_OK);
    keyact_answer done = {sizeof done, KEYACT_QUESTION_CAST, 0, cast};
    ASSERT_EQ(a->answer(bound.plugin_ctx, b.state, &done), KEYACT_OK);
    ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q), KEYACT_OK);
    EXPECT_EQ(q.kind, KEYACT_QUESTION_NONE);
    EXPECT_EQ(r.outcome, KEYACT_OUTCOME_CAST);
    EXPECT_EQ(r.face_cast, 0u);
    EXPECT_EQ(r.discovered, t.hit);
    EXPECT_EQ(r.exiled_count, 3u);
    EXPECT_EQ(r.bottomed_count, 2u);
    EXPECT_TRUE(r.flags & KEYACT_RESULT_COMPLETE);
    EXPECT_EQ(t.zone(t.hit), FAKE_ZONE_STACK);
    g_autoptr(GError) error = nullptr;
    EXPECT_TRUE(fake_host_check_conservation(t.host, t.before, &r, &error))
        << (error ? error->message : "");
    g_autofree char *events = fake_host_format_events(t.host);
    EXPECT_STREQ(events, "EXILED EXILED EXILED HIT CAST BOTTOM BOTTOM DISCOVERED");
}

// A host that waits for a question may leave its callback NULL; one that
// does not wait for it may not.
TEST(SteppedQuestions, AWaitedQuestionNeedsNoCallback)
{
    const KeyactBoundAction &bound = unit::discover();
    const keyact_action *a = bound.action;
    Table t;
    keyact_host table = *t.table();
    table.can_cast_face = nullptr;
    table.choose = nullptr;
    table.cast_free = nullptr;
    Block b(bound);
    keyact_resolve_args args = args_for(t, 2);
    EXPECT_EQ(a->begin(bound.plugin_ctx, &table, &args, KEYACT_WAIT_PLAYER, b.state,
                       a->state_size),
              KEYACT_E_INVAL); // can_cast_face is called, and NULL
    EXPECT_EQ(a->begin(bound.plugin_ctx, &table, &args, KEYACT_WAIT_ALL, b.state, a->state_size),
              KEYACT_OK);
    keyact_card_id stranded[8];
    keyact_resolve_result r = new_result(stranded, 8);
    keyact_question q = new_question();
    ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q), KEYACT_WAITING);
    keyact_answer no = {sizeof no, KEYACT_QUESTION_CAN_CAST, 0, 0u};
    ASSERT_EQ(a->answer(bound.plugin_ctx, b.state, &no), KEYACT_OK);
    // Nothing castable: no choice; the hit goes to hand.
    ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q), KEYACT_OK);
    EXPECT_EQ(r.outcome, KEYACT_OUTCOME_HAND);
    EXPECT_EQ(t.zone(t.hit), FAKE_ZONE_HAND);
}

// An answer that fails, or is out of range, is recovered as the callback's
// would be: the resolve finishes and returns the code.
TEST(SteppedQuestions, AFailedAnswerIsRecoveredAsAFailedCallback)
{
    const KeyactBoundAction &bound = unit::discover();
    const keyact_action *a = bound.action;
    for (int32_t status : {KEYACT_E_HOST, KEYACT_OK}) {
        Table t;
        Block b(bound);
        keyact_resolve_args args = args_for(t, 2);
        ASSERT_EQ(a->begin(bound.plugin_ctx, t.table(), &args, KEYACT_WAIT_CHOOSE, b.state,
                           a->state_size),
                  KEYACT_OK);
        keyact_card_id stranded[8];
        keyact_resolve_result r = new_result(stranded, 8);
        keyact_question q = new_question();
        ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q), KEYACT_WAITING);
        keyact_answer bad = {sizeof bad, KEYACT_QUESTION_CHOOSE, status, 9u};
        ASSERT_EQ(a->answer(bound.plugin_ctx, b.state, &bad), KEYACT_OK);
        EXPECT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q),
                  status == KEYACT_OK ? KEYACT_E_RANGE : KEYACT_E_HOST);
        EXPECT_EQ(r.outcome, KEYACT_OUTCOME_HAND);
        EXPECT_TRUE(r.flags & KEYACT_RESULT_COMPLETE);
        EXPECT_EQ(t.zone(t.hit), FAKE_ZONE_HAND);
    }
}

// ---- misuse: an error, never undefined behaviour ----

TEST(SteppedErrors, EveryMisuseIsRefusedAndChangesNothing)
{
    const KeyactBoundAction &bound = unit::discover();
    const keyact_action *a = bound.action;
    void *ctx = bound.plugin_ctx;
    Table t;
    Block b(bound);
    keyact_resolve_args args = args_for(t, 2);
    keyact_card_id stranded[8];
    keyact_resolve_result r = new_result(stranded, 8);
    keyact_question q = new_question();
    keyact_answer yes = {sizeof yes, KEYACT_QUESTION_CAN_CAST, 0, 1u};

    // A block never begun.
    std::memset(b.state, 0, a->state_size);
    EXPECT_EQ(a->step(ctx, b.state, &r, &q), KEYACT_E_INVAL);
    EXPECT_EQ(a->answer(ctx, b.state, &yes), KEYACT_E_INVAL);
    EXPECT_EQ(a->abandon(ctx, b.state, &r), KEYACT_E_INVAL);
    EXPECT_EQ(r.exiled_count, 0u);

    // Bad begin arguments leave the block unbegun.
    EXPECT_EQ(a->begin(ctx, t.table(), &args, 1u << 7, b.state, a->state_size), KEYACT_E_INVAL);
    EXPECT_EQ(a->begin(ctx, t.table(), &args, 0u, b.state, a->state_size - 1u), KEYACT_E_INVAL);
    EXPECT_EQ(a->begin(ctx, t.table(), &args, 0u, static_cast<char *>(b.state) + 1,
                       a->state_size),
              KEYACT_E_INVAL);
    EXPECT_EQ(a->begin(ctx, nullptr, &args, 0u, b.state, a->state_size), KEYACT_E_INVAL);
    keyact_resolve_args negative = args;
    negative.n = -1;
    EXPECT_EQ(a->begin(ctx, t.table(), &negative, 0u, b.state, a->state_size), KEYACT_E_INVAL);
    EXPECT_EQ(a->step(ctx, b.state, &r, &q), KEYACT_E_INVAL);
    EXPECT_EQ(fake_host_total_calls(t.host), 0u);

    ASSERT_EQ(a->begin(ctx, t.table(), &args, KEYACT_WAIT_ALL, b.state, a->state_size),
              KEYACT_OK);
    // Answering before the first step: nothing is asked yet.
    EXPECT_EQ(a->answer(ctx, b.state, &yes), KEYACT_E_STATE);
    // Bad step arguments: nothing happens.
    EXPECT_EQ(a->step(ctx, b.state, nullptr, &q), KEYACT_E_INVAL);
    keyact_question small = q;
    small.struct_size = 8;
    EXPECT_EQ(a->step(ctx, b.state, &r, &small), KEYACT_E_INVAL);
    EXPECT_EQ(fake_host_total_calls(t.host), 0u);
    // Another context's block.
    int other = 0;
    EXPECT_EQ(a->step(&other, b.state, &r, &q), KEYACT_E_INVAL);

    ASSERT_EQ(a->step(ctx, b.state, &r, &q), KEYACT_WAITING);
    ASSERT_EQ(q.kind, KEYACT_QUESTION_CAN_CAST);
    // The wrong question, a short answer.
    keyact_answer wrong = {sizeof wrong, KEYACT_QUESTION_CHOOSE, 0, 0u};
    EXPECT_EQ(a->answer(ctx, b.state, &wrong), KEYACT_E_STATE);
    keyact_answer short_answer = yes;
    short_answer.struct_size = 4;
    EXPECT_EQ(a->answer(ctx, b.state, &short_answer), KEYACT_E_INVAL);
    // The right one, once; twice is refused.
    EXPECT_EQ(a->answer(ctx, b.state, &yes), KEYACT_OK);
    EXPECT_EQ(a->answer(ctx, b.state, &yes), KEYACT_E_STATE);

    // Over: every call but begin is refused.
    ASSERT_EQ(a->abandon(ctx, b.state, &r), KEYACT_OK);
    EXPECT_EQ(a->step(ctx, b.state, &r, &q), KEYACT_E_STATE);
    EXPECT_EQ(a->answer(ctx, b.state, &yes), KEYACT_E_STATE);
    EXPECT_EQ(a->abandon(ctx, b.state, &r), KEYACT_E_STATE);
    // ... and the block is the host's again: a new resolve in it.
    EXPECT_EQ(a->begin(ctx, t.table(), &args, 0u, b.state, a->state_size), KEYACT_OK);
    EXPECT_EQ(a->step(ctx, b.state, &r, &q), KEYACT_OK);
    EXPECT_EQ(q.kind, KEYACT_QUESTION_NONE);
}

// A plugin loaded at ABI 1.2 keeps to the 1.2 contract: no stepped resolve.
TEST(SteppedErrors, APluginNegotiatedBelow1_3DoesNotStep)
{
    std::string path = unit::required_env("KEYACT_DISCOVER_MODULE");
    GModule *module = g_module_open(path.c_str(), G_MODULE_BIND_LOCAL);
    ASSERT_NE(module, nullptr) << g_module_error();
    gpointer symbol = nullptr;
    ASSERT_TRUE(g_module_symbol(module, KEYACT_PLUGIN_ENTRY_SYMBOL, &symbol));
    auto *entry = static_cast<const keyact_plugin_entry *>(symbol);
    keyact_version offered[] = {{1u, 2u}}, chosen = {};
    ASSERT_EQ(entry->negotiate(offered, 1u, &chosen), KEYACT_OK);
    void *ctx = nullptr;
    ASSERT_EQ(entry->init(&chosen, path.c_str(), &ctx), KEYACT_OK);
    const keyact_action *a = entry->actions[0];
    Table t;
    std::vector<unsigned char> block(a->state_size + 16u);
    void *state = reinterpret_cast<void *>(
        (reinterpret_cast<guintptr>(block.data()) + 15u) & ~guintptr(15u));
    keyact_resolve_args args = args_for(t, 2);
    EXPECT_EQ(a->begin(ctx, t.table(), &args, 0u, state, a->state_size), KEYACT_E_VERSION);
    FakeResolve res;
    EXPECT_EQ(fake_host_resolve(t.host, a, ctx, KC_PLAYER, 2, KEYACT_CARD_NONE, &res),
              KEYACT_OK); // the blocking resolve is there at every version
    entry->deinit(ctx);
    g_module_close(module);
}

// ---- abandoning ----

TEST(SteppedAbandon, AWaitingResolveListsEveryExiledCardInOrder)
{
    const KeyactBoundAction &bound = unit::discover();
    const keyact_action *a = bound.action;
    Table t;
    Block b(bound);
    keyact_resolve_args args = args_for(t, 2);
    ASSERT_EQ(a->begin(bound.plugin_ctx, t.table(), &args, KEYACT_WAIT_CHOOSE, b.state,
                       a->state_size),
              KEYACT_OK);
    keyact_card_id stranded[8] = {};
    keyact_resolve_result r = new_result(stranded, 8);
    keyact_question q = new_question();
    ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q), KEYACT_WAITING);
    ASSERT_EQ(q.kind, KEYACT_QUESTION_CHOOSE);
    guint calls = fake_host_total_calls(t.host);
    ASSERT_EQ(a->abandon(bound.plugin_ctx, b.state, &r), KEYACT_OK);
    EXPECT_EQ(fake_host_total_calls(t.host), calls); // no host call
    EXPECT_FALSE(r.flags & KEYACT_RESULT_COMPLETE);
    EXPECT_EQ(r.outcome, KEYACT_OUTCOME_NONE);
    EXPECT_EQ(r.exiled_count, 3u);
    ASSERT_EQ(r.stranded_count, 3u);
    EXPECT_EQ(stranded[0], t.lands[0]);
    EXPECT_EQ(stranded[1], t.lands[1]);
    EXPECT_EQ(stranded[2], t.hit);
    g_autoptr(GError) error = nullptr;
    EXPECT_TRUE(fake_host_check_conservation(t.host, t.before, &r, &error))
        << (error ? error->message : "");
}

TEST(SteppedAbandon, AfterTheCastWasAnsweredTheHitIsNotStranded)
{
    const KeyactBoundAction &bound = unit::discover();
    const keyact_action *a = bound.action;
    Table t;
    Block b(bound);
    keyact_resolve_args args = args_for(t, 2);
    ASSERT_EQ(a->begin(bound.plugin_ctx, t.table(), &args, KEYACT_WAIT_CAST, b.state,
                       a->state_size),
              KEYACT_OK);
    keyact_card_id stranded[8] = {};
    keyact_resolve_result r = new_result(stranded, 8);
    keyact_question q = new_question();
    ASSERT_EQ(a->step(bound.plugin_ctx, b.state, &r, &q), KEYACT_WAITING);
    ASSERT_EQ(q.kind, KEYACT_QUESTION_CAST);
    uint32_t cast = 0;
    ASSERT_EQ(t.table()->cast_free(t.table(), q.game, q.player, q.card, q.face, &cast),
              KEYACT_OK);
    keyact_answer done = {sizeof done, KEYACT_QUESTION_CAST, 0, cast};
    ASSERT_EQ(a->answer(bound.plugin_ctx, b.state, &done), KEYACT_OK);
    ASSERT_EQ(a->abandon(bound.plugin_ctx, b.state, &r), KEYACT_OK);
    EXPECT_EQ(r.outcome, KEYACT_OUTCOME_CAST);
    EXPECT_EQ(r.face_cast, q.face);
    ASSERT_EQ(r.stranded_count, 2u);
    EXPECT_EQ(stranded[0], t.lands[0]);
    EXPECT_EQ(stranded[1], t.lands[1]);
    EXPECT_EQ(t.zone(t.hit), FAKE_ZONE_STACK);
    g_autoptr(GError) error = nullptr;
    EXPECT_TRUE(fake_host_check_conservation(t.host, t.before, &r, &error))
        << (error ? error->message : "");
}

TEST(SteppedAbandon, ABlockNeverSteppedStrandsNothing)
{
    const KeyactBoundAction &bound = unit::discover();
    const keyact_action *a = bound.action;
    Table t;
    Block b(bound);
    keyact_resolve_args args = args_for(t, 2);
    ASSERT_EQ(a->begin(bound.plugin_ctx, t.table(), &args, KEYACT_WAIT_ALL, b.state,
                       a->state_size),
              KEYACT_OK);
    keyact_card_id stranded[8] = {};
    keyact_resolve_result r = new_result(stranded, 8);
    ASSERT_EQ(a->abandon(bound.plugin_ctx, b.state, &r), KEYACT_OK);
    EXPECT_EQ(r.stranded_count, 0u);
    EXPECT_EQ(r.exiled_count, 0u);
    EXPECT_EQ(fake_host_total_calls(t.host), 0u);
}

// Past 256 exiled cards the list goes to one heap block: it moves with the
// state and is freed by the end or by abandon (valgrind and ASan watch).
TEST(SteppedAbandon, ALongExileSurvivesMovesAndIsFreedEitherWay)
{
    const KeyactBoundAction &bound = unit::discover();
    for (bool abandon : {false, true}) {
        g_autoptr(FakeHost) host = fake_host_new(0x77, 1);
        std::vector<keyact_card_id> lands;
        for (guint i = 0; i < 300; i++)
            lands.push_back(fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, &kc_mountain));
        keyact_card_id hit = fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, &kc_valki);
        fake_host_set_seed(host, 3);
        const keyact_action *a = bound.action;
        gsize size = a->state_size;
        void *state = g_malloc(size);
        keyact_resolve_args args = {sizeof args, 2, fake_host_game(host), KC_PLAYER,
                                    KEYACT_CARD_NONE};
        ASSERT_EQ(a->begin(bound.plugin_ctx, fake_host_table(host), &args, KEYACT_WAIT_CHOOSE,
                           state, size),
                  KEYACT_OK);
        keyact_card_id stranded[4] = {};
        keyact_resolve_result r = new_result(stranded, 4);
        keyact_question q = new_question();
        ASSERT_EQ(a->step(bound.plugin_ctx, state, &r, &q), KEYACT_WAITING);
        void *moved = g_malloc(size);
        std::memcpy(moved, state, size);
        g_free(state);
        state = moved;
        if (abandon) {
            ASSERT_EQ(a->abandon(bound.plugin_ctx, state, &r), KEYACT_OK);
            EXPECT_EQ(r.stranded_count, 301u);
            EXPECT_EQ(stranded[0], lands[0]);
            EXPECT_EQ(stranded[3], lands[3]);
            guint exiled = 0;
            fake_host_zone(host, KC_PLAYER, FAKE_ZONE_EXILE, &exiled);
            EXPECT_EQ(exiled, 301u);
        } else {
            keyact_answer to_hand = {sizeof to_hand, KEYACT_QUESTION_CHOOSE, 0,
                                     q.option_count - 1u};
            ASSERT_EQ(a->answer(bound.plugin_ctx, state, &to_hand), KEYACT_OK);
            ASSERT_EQ(a->step(bound.plugin_ctx, state, &r, &q), KEYACT_OK);
            EXPECT_EQ(r.bottomed_count, 300u);
            FakeZone zone = FAKE_ZONE_NONE;
            guint pos = 0;
            fake_host_locate(host, hit, &zone, &pos);
            EXPECT_EQ(zone, FAKE_ZONE_HAND);
        }
        g_free(state);
    }
}

// ---- libkeyact-host ----

TEST(SteppedHostLibrary, RefusesWhatItCannotStep)
{
    const KeyactBoundAction &bound = unit::discover();
    gsize size = keyact_bound_action_state_size(&bound);
    EXPECT_GE(size, bound.action->state_size);
    EXPECT_EQ(keyact_bound_action_state_size(nullptr), 0u);
    Table t;
    keyact_resolve_args args = args_for(t, 2);
    std::vector<unsigned char> block(size + KEYACT_RESOLVE_STATE_ALIGN);
    void *state = reinterpret_cast<void *>(
        (reinterpret_cast<guintptr>(block.data()) + KEYACT_RESOLVE_STATE_ALIGN - 1u) &
        ~guintptr(KEYACT_RESOLVE_STATE_ALIGN - 1u));
    EXPECT_EQ(keyact_bound_action_begin(&bound, t.table(), &args, 0u, state, size - 1u),
              KEYACT_E_INVAL);
    EXPECT_EQ(keyact_bound_action_begin(&bound, t.table(), &args, 0u,
                                        static_cast<char *>(state) + 8, size),
              KEYACT_E_INVAL);
    // A 1.2 action (no stepped members) cannot step.
    keyact_action old = *bound.action;
    old.struct_size = KEYACT_ACTION_SIZE_1_2;
    KeyactBoundAction old_bound = {&old, bound.plugin_ctx, nullptr};
    EXPECT_EQ(keyact_bound_action_state_size(&old_bound), 0u);
    EXPECT_EQ(keyact_bound_action_begin(&old_bound, t.table(), &args, 0u, state, size),
              KEYACT_E_NOTSUP);
    std::memset(state, 0, size);
    keyact_resolve_result r = new_result(nullptr, 0);
    keyact_question q = new_question();
    EXPECT_EQ(keyact_resolve_step(state, &r, &q), KEYACT_E_INVAL);
    ASSERT_EQ(keyact_bound_action_begin(&bound, t.table(), &args, 0u, state, size), KEYACT_OK);
    EXPECT_EQ(keyact_resolve_step(state, &r, &q), KEYACT_OK);
    EXPECT_EQ(keyact_resolve_step(state, &r, &q), KEYACT_E_STATE);
    EXPECT_EQ(keyact_resolve_abandon(state, &r), KEYACT_E_STATE);
}

// stepped.h forbids copying a block and using both copies; the library
// detects it instead of letting the second copy reach the plugin. Past 256
// exiled cards the plugin's list is on its heap, so the copy ending second
// would free it twice (ASan and valgrind watch this test).
TEST(SteppedHostLibrary, ABlockCopiedAndUsedTwiceIsRefused)
{
    const KeyactBoundAction &bound = unit::discover();
    for (bool end_by_abandon : {false, true}) {
        g_autoptr(FakeHost) host = fake_host_new(0x78, 1);
        std::vector<keyact_card_id> lands;
        for (guint i = 0; i < 300; i++)
            lands.push_back(fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, &kc_mountain));
        keyact_card_id hit = fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, &kc_valki);
        fake_host_set_seed(host, 3);
        keyact_resolve_args args = {sizeof args, 2, fake_host_game(host), KC_PLAYER,
                                    KEYACT_CARD_NONE};
        gsize size = keyact_bound_action_state_size(&bound);
        void *state = g_malloc(size);
        void *copy = g_malloc(size);
        ASSERT_EQ(keyact_bound_action_begin(&bound, fake_host_table(host), &args,
                                            KEYACT_WAIT_CHOOSE, state, size),
                  KEYACT_OK);
        keyact_card_id stranded[4] = {};
        keyact_resolve_result r = new_result(stranded, 4);
        keyact_question q = new_question();
        ASSERT_EQ(keyact_resolve_step(state, &r, &q), KEYACT_WAITING);
        std::memcpy(copy, state, size);
        keyact_answer to_hand = {sizeof to_hand, KEYACT_QUESTION_CHOOSE, 0,
                                 q.option_count - 1u};
        ASSERT_EQ(keyact_resolve_answer(state, &to_hand), KEYACT_OK);
        // The copy is a call behind: refused while the original goes on.
        EXPECT_EQ(keyact_resolve_answer(copy, &to_hand), KEYACT_E_STATE);
        EXPECT_EQ(keyact_resolve_step(copy, &r, &q), KEYACT_E_STATE);
        if (end_by_abandon) {
            ASSERT_EQ(keyact_resolve_abandon(state, &r), KEYACT_OK);
            EXPECT_EQ(r.stranded_count, 301u);
        } else {
            ASSERT_EQ(keyact_resolve_step(state, &r, &q), KEYACT_OK);
            EXPECT_EQ(r.bottomed_count, 300u);
            FakeZone zone = FAKE_ZONE_NONE;
            guint pos = 0;
            fake_host_locate(host, hit, &zone, &pos);
            EXPECT_EQ(zone, FAKE_ZONE_HAND);
        }
        // Over: neither copy reaches the plugin again (no double free).
        EXPECT_EQ(keyact_resolve_step(copy, &r, &q), KEYACT_E_STATE);
        EXPECT_EQ(keyact_resolve_abandon(copy, &r), KEYACT_E_STATE);
        EXPECT_EQ(keyact_resolve_step(state, &r, &q), KEYACT_E_STATE);
        // A copy made while waiting and moved (the original dropped) is the
        // block, not a copy: it goes on.
        Table t;
        keyact_resolve_args again = args_for(t, 2);
        ASSERT_EQ(keyact_bound_action_begin(&bound, t.table(), &again, KEYACT_WAIT_CHOOSE, state,
                                            size),
                  KEYACT_OK);
        ASSERT_EQ(keyact_resolve_step(state, &r, &q), KEYACT_WAITING);
        std::memcpy(copy, state, size);
        std::memset(state, 0xa5, size);
        ASSERT_EQ(keyact_resolve_answer(copy, &to_hand), KEYACT_OK);
        EXPECT_EQ(keyact_resolve_step(copy, &r, &q), KEYACT_OK);
        g_free(copy);
        g_free(state);
    }
}

// A resolve in progress holds its plugin: the registry may go (a swap, an
// unload) and the waiting resolve still finishes on the code it began on.
TEST(SteppedHostLibrary, AWaitingResolveKeepsItsPluginLoaded)
{
    std::string path = unit::required_env("KEYACT_DISCOVER_MODULE");
    KeyactRegistry *registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error))
        << error->message;
    KeyactBoundAction bound;
    ASSERT_TRUE(keyact_registry_lookup(registry, "discover", nullptr, &bound, &error));
    Table t;
    keyact_resolve_args args = args_for(t, 2);
    gsize size = keyact_bound_action_state_size(&bound);
    void *state = g_malloc(size);
    ASSERT_EQ(keyact_bound_action_begin(&bound, t.table(), &args, KEYACT_WAIT_CHOOSE, state, size),
              KEYACT_OK);
    keyact_card_id stranded[8];
    keyact_resolve_result r = new_result(stranded, 8);
    keyact_question q = new_question();
    ASSERT_EQ(keyact_resolve_step(state, &r, &q), KEYACT_WAITING);
    ASSERT_TRUE(keyact_registry_unload(registry, path.c_str(), &error));
    keyact_registry_free(registry); // the other plugins of the process keep theirs
    keyact_answer to_hand = {sizeof to_hand, KEYACT_QUESTION_CHOOSE, 0, q.option_count - 1u};
    ASSERT_EQ(keyact_resolve_answer(state, &to_hand), KEYACT_OK);
    EXPECT_EQ(keyact_resolve_step(state, &r, &q), KEYACT_OK);
    EXPECT_EQ(r.outcome, KEYACT_OUTCOME_HAND);
    EXPECT_EQ(t.zone(t.hit), FAKE_ZONE_HAND);
    g_free(state);
}

}  // namespace

// ---- the validation layer checks answers given after a wait ----

namespace {

struct Reports {
    std::vector<std::string> callbacks, messages;
};

void collect(const keyact_host *, const KeyactViolation *violation, gpointer user_data)
{
    auto *reports = static_cast<Reports *>(user_data);
    reports->callbacks.push_back(violation->callback);
    reports->messages.push_back(violation->message);
}

// The discover plugin in a registry of its own, validating in `mode`.
struct Validated {
    KeyactRegistry *registry = keyact_registry_new();
    KeyactBoundAction bound{};
    Reports reports;
    explicit Validated(KeyactValidation mode)
    {
        std::string path = unit::required_env("KEYACT_DISCOVER_MODULE");
        g_autoptr(GError) error = nullptr;
        if (!keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error) ||
            !keyact_registry_lookup(registry, "discover", nullptr, &bound, &error))
            ADD_FAILURE() << error->message;
        keyact_registry_set_validation(registry, mode);
        keyact_registry_set_violation_handler(registry, collect, &reports, nullptr);
    }
    ~Validated() { keyact_registry_free(registry); }
};

// Step `t`'s discover 2 with `waits`; each question answered by `answer`
// (which may be a lie), the others by the fake host's callbacks.
int32_t play(const Validated &v, Table &t, uint32_t waits,
             keyact_answer (*answer)(Table &, const keyact_question &), FakeResolve *out)
{
    fake_resolve_prepare(out, t.host, KC_PLAYER, 2, KEYACT_CARD_NONE);
    gsize size = keyact_bound_action_state_size(&v.bound);
    void *state = g_malloc(size);
    out->status = keyact_bound_action_begin(&v.bound, t.table(), &out->args, waits, state, size);
    keyact_question q = new_question();
    while (out->status == KEYACT_OK || out->status == KEYACT_WAITING) {
        out->status = keyact_resolve_step(state, &out->result, &q);
        if (out->status != KEYACT_WAITING)
            break;
        keyact_answer a = answer(t, q);
        EXPECT_EQ(keyact_resolve_answer(state, &a), KEYACT_OK);
    }
    g_free(state);
    return out->status;
}

keyact_answer honest(Table &t, const keyact_question &q)
{
    const keyact_host *table = t.table();
    keyact_answer a = {sizeof a, q.kind, 0, 0};
    if (q.kind == KEYACT_QUESTION_CAN_CAST)
        a.status = table->can_cast_face(table, q.game, q.player, q.card, q.face, &a.value);
    else if (q.kind == KEYACT_QUESTION_CHOOSE)
        a.value = 0; // cast the first face
    else
        a.status = table->cast_free(table, q.game, q.player, q.card, q.face, &a.value);
    return a;
}

keyact_answer choose_out_of_range(Table &t, const keyact_question &q)
{
    keyact_answer a = honest(t, q);
    if (q.kind == KEYACT_QUESTION_CHOOSE)
        a.value = q.option_count; // one past the last option
    return a;
}

// "Cast": answered DONE without casting, the card still in exile.
keyact_answer cast_lie(Table &t, const keyact_question &q)
{
    if (q.kind == KEYACT_QUESTION_CAST)
        return {sizeof(keyact_answer), q.kind, 0, KEYACT_CAST_DONE};
    return honest(t, q);
}

}  // namespace

TEST(SteppedValidation, AnHonestGameLoopGetsNoReport)
{
    Validated v(KEYACT_VALIDATION_REPORT);
    Table t;
    FakeResolve res;
    EXPECT_EQ(play(v, t, KEYACT_WAIT_ALL, honest, &res), KEYACT_OK);
    EXPECT_EQ(res.result.outcome, KEYACT_OUTCOME_CAST);
    EXPECT_TRUE(v.reports.messages.empty()) << v.reports.messages[0];
}

TEST(SteppedValidation, AnOutOfRangeChoiceAfterAWaitIsReportedAsChoose)
{
    Validated v(KEYACT_VALIDATION_REPORT);
    Table t;
    FakeResolve res;
    // Recovered as a choose callback's would be: to hand, KEYACT_E_RANGE.
    EXPECT_EQ(play(v, t, KEYACT_WAIT_PLAYER, choose_out_of_range, &res), KEYACT_E_RANGE);
    EXPECT_EQ(t.zone(t.hit), FAKE_ZONE_HAND);
    ASSERT_EQ(v.reports.callbacks.size(), 1u);
    EXPECT_EQ(v.reports.callbacks[0], "choose (answered after a wait)");
    EXPECT_NE(v.reports.messages[0].find("answered index 2 of 2 options"), std::string::npos)
        << v.reports.messages[0];
}

TEST(SteppedValidation, ACastAnsweredDoneThatStayedInExileIsReported)
{
    for (KeyactValidation mode : {KEYACT_VALIDATION_REPORT, KEYACT_VALIDATION_FATAL}) {
        Validated v(mode);
        Table t;
        FakeResolve res;
        int32_t status = play(v, t, KEYACT_WAIT_CAST, cast_lie, &res);
        ASSERT_FALSE(v.reports.callbacks.empty());
        EXPECT_EQ(v.reports.callbacks[0], "cast_free (answered after a wait)");
        EXPECT_NE(v.reports.messages[0].find("card_zone says the card is in exile"),
                  std::string::npos)
            << v.reports.messages[0];
        if (mode == KEYACT_VALIDATION_FATAL) {
            // The lie becomes a failed cast: the card goes to hand, nothing is lost.
            EXPECT_EQ(status, KEYACT_E_HOST);
            g_autoptr(GError) error = nullptr;
            EXPECT_TRUE(fake_host_check_conservation(t.host, t.before, &res.result, &error))
                << (error ? error->message : "");
        }
    }
}
