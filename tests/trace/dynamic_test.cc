/* SPDX-License-Identifier: MIT */
// dynamic_test.cc - a dynamic host: typed callbacks that all land in one
// generic dispatcher, the way a host in another language plugs in.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "keyact-trace.h"
#include "plugin_like.h"

namespace {

struct SeenCall {
    const KeyactCallbackSignature *signature;
    const keyact_host *host;
    std::vector<guint64> ids;      // GAME / PLAYER / CARD arguments, in order
    std::vector<guint32> u32s;     // uint32_t arguments, in order
};

// The "foreign" host: answers every callback from the signature name and
// the generic arguments alone, like a Python or Lua dispatcher would.
struct ScriptedHost {
    std::vector<keyact_card_id> library{7, 8, 9};
    std::vector<SeenCall> calls;
    std::vector<keyact_event> events;
    std::vector<std::string> messages;
    int32_t extension_status = KEYACT_OK;
};

const keyact_face_desc kFaces[2] = {
    {sizeof(keyact_face_desc), 0, "Fire", "{1}{R}"},
    {sizeof(keyact_face_desc), 0, "Ice", "{1}{U}"},
};

int32_t answer(ScriptedHost *self, const std::string &name, void *const *args,
               gconstpointer *out_pointer)
{
    if (name == "library_size") {
        *static_cast<uint32_t *>(keyact_call_arg_pointer(args, 3)) =
            static_cast<uint32_t>(self->library.size());
    } else if (name == "library_card") {
        guint32 index = keyact_call_arg_u32(args, 3);
        if (index >= self->library.size())
            return KEYACT_E_NOTFOUND;
        *static_cast<keyact_card_id *>(keyact_call_arg_pointer(args, 4)) = self->library[index];
    } else if (name == "describe_card") {
        auto *desc = static_cast<keyact_card_desc *>(keyact_call_arg_pointer(args, 3));
        desc->layout = KEYACT_LAYOUT_SPLIT;
        desc->face_count = 2;
        desc->faces[0] = &kFaces[0];
        desc->faces[1] = &kFaces[1];
        desc->struct_size = sizeof(keyact_card_desc);
    } else if (name == "can_cast_face") {
        *static_cast<uint32_t *>(keyact_call_arg_pointer(args, 5)) =
            keyact_call_arg_u32(args, 4) == 1 ? 1u : 0u;
    } else if (name == "choose") {
        *static_cast<uint32_t *>(keyact_call_arg_pointer(args, 6)) = 0;
    } else if (name == "cast_free") {
        *static_cast<uint32_t *>(keyact_call_arg_pointer(args, 5)) = KEYACT_CAST_DONE;
    } else if (name == "move_card") {
        auto it = std::find(self->library.begin(), self->library.end(),
                            keyact_call_arg_id(args, 3));
        if (it == self->library.end())
            return KEYACT_E_STATE;
        self->library.erase(it);
    } else if (name == "random_below") {
        *static_cast<uint32_t *>(keyact_call_arg_pointer(args, 3)) =
            keyact_call_arg_u32(args, 2) - 1;
    } else if (name == "random_below_each") {
        const auto *bounds = static_cast<const uint32_t *>(keyact_call_arg_pointer(args, 2));
        auto *values = static_cast<uint32_t *>(keyact_call_arg_pointer(args, 4));
        for (guint32 i = 0; i < keyact_call_arg_u32(args, 3); i++)
            values[i] = bounds[i] - 1;
    } else if (name == "notify") {
        self->events.push_back(*static_cast<const keyact_event *>(keyact_call_arg_pointer(args, 2)));
    } else if (name == "log") {
        self->messages.emplace_back(static_cast<const char *>(keyact_call_arg_pointer(args, 2)));
    } else if (name == "get_extension") {
        // Set the pointer even when failing: the table must not return it then.
        *out_pointer = self;
        if (std::strcmp(static_cast<const char *>(keyact_call_arg_pointer(args, 1)),
                        "org.keyact.test.tiny.v1") != 0)
            return KEYACT_E_NOTFOUND;
        return self->extension_status;
    } else {
        return KEYACT_E_NOTSUP;
    }
    return KEYACT_OK;
}

int32_t scripted_dispatch(gpointer user_data, const KeyactCallbackSignature *signature,
                          void *const *args, gconstpointer *out_pointer)
{
    auto *self = static_cast<ScriptedHost *>(user_data);
    SeenCall seen{signature, static_cast<const keyact_host *>(keyact_call_arg_pointer(args, 0)),
                  {}, {}};

    for (guint i = 0; i < signature->n_args; i++) {
        switch (signature->args[i].kind) {
        case KEYACT_ARG_GAME:
        case KEYACT_ARG_PLAYER:
        case KEYACT_ARG_CARD:
            seen.ids.push_back(keyact_call_arg_id(args, i));
            break;
        case KEYACT_ARG_U32:
        case KEYACT_ARG_ZONE:
        case KEYACT_ARG_LIBRARY_INDEX:
        case KEYACT_ARG_MOVE_FLAGS:
        case KEYACT_ARG_FACE:
        case KEYACT_ARG_BOUND:
        case KEYACT_ARG_OPTION_COUNT:
        case KEYACT_ARG_COUNT:
            seen.u32s.push_back(keyact_call_arg_u32(args, i));
            break;
        default:
            break;
        }
    }
    self->calls.push_back(seen);
    return answer(self, signature->name, args, out_pointer);
}

struct DynamicHostFree {
    void operator()(keyact_host *host) const { keyact_host_free_dynamic(host); }
};
using DynamicHostPtr = std::unique_ptr<keyact_host, DynamicHostFree>;

// The newest table: every callback, the batched ones and card_zone included.
DynamicHostPtr new_dynamic(ScriptedHost *scripted)
{
    g_autoptr(GError) error = nullptr;
    DynamicHostPtr host(keyact_host_new_dynamic_sized(scripted_dispatch, scripted,
                                                      sizeof(keyact_host), &error));
    EXPECT_EQ(error, nullptr) << (error != nullptr ? error->message : "");
    return host;
}

TEST(DynamicHost, IsAFullTypedTable)
{
    ScriptedHost scripted;
    DynamicHostPtr host = new_dynamic(&scripted);
    ASSERT_NE(host, nullptr);

    EXPECT_EQ(host->struct_size, sizeof(keyact_host));
    EXPECT_EQ(host->abi_major, KEYACT_ABI_MAJOR);
    EXPECT_EQ(host->abi_minor, KEYACT_ABI_MINOR);
    EXPECT_EQ(host->host_data, &scripted);
    EXPECT_EQ(host->host_name, nullptr);
    EXPECT_NE(host->library_size, nullptr);
    EXPECT_NE(host->choose, nullptr);
    EXPECT_NE(host->notify, nullptr);
    EXPECT_NE(host->log, nullptr);
    EXPECT_NE(host->get_extension, nullptr);
    EXPECT_NE(host->library_cards, nullptr);
    EXPECT_NE(host->random_below_each, nullptr);
    EXPECT_TRUE(scripted.calls.empty());
}

// A dispatcher written for 1.0 (through the old function) is never asked a
// batched call: its table is a 1.0 one.
TEST(DynamicHost, TheOldConstructorMakesA1_0Table)
{
    ScriptedHost scripted;
    g_autoptr(GError) error = nullptr;
    DynamicHostPtr host(keyact_host_new_dynamic(scripted_dispatch, &scripted, &error));
    ASSERT_NE(host, nullptr) << error->message;

    EXPECT_EQ(host->struct_size, KEYACT_HOST_SIZE_1_0);
    EXPECT_EQ(host->abi_minor, 0u);
    EXPECT_NE(host->get_extension, nullptr);
    EXPECT_FALSE(KEYACT_HOST_HAS(host.get(), library_cards));
    EXPECT_EQ(host->library_cards, nullptr);  // the struct is ours: past struct_size, NULL

    EXPECT_EQ(keyact_host_new_dynamic_sized(scripted_dispatch, &scripted, 100, &error), nullptr);
    EXPECT_TRUE(g_error_matches(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_INVALID));
}

// A batched call reaches the dispatcher with its arrays.
TEST(DynamicHost, BatchedCallsReachTheDispatcher)
{
    ScriptedHost scripted;
    DynamicHostPtr host = new_dynamic(&scripted);
    ASSERT_NE(host, nullptr);
    const uint32_t bounds[2] = {3, 5};
    uint32_t values[2] = {0, 0};

    EXPECT_EQ(host->random_below_each(host.get(), 4, bounds, 2, values), KEYACT_OK);

    ASSERT_EQ(scripted.calls.size(), 1u);
    EXPECT_STREQ(scripted.calls[0].signature->name, "random_below_each");
    EXPECT_EQ(scripted.calls[0].ids, std::vector<guint64>({4}));
    EXPECT_EQ(scripted.calls[0].u32s, std::vector<guint32>({2}));  // the count
    EXPECT_EQ(values[0], 2u);
    EXPECT_EQ(values[1], 4u);
}

TEST(DynamicHost, ATypedCallReachesTheDispatcherWithItsSignatureAndArguments)
{
    ScriptedHost scripted;
    DynamicHostPtr host = new_dynamic(&scripted);
    ASSERT_NE(host, nullptr);
    uint32_t size = 0;

    EXPECT_EQ(host->library_size(host.get(), 4, 2, &size), KEYACT_OK);

    EXPECT_EQ(size, 3u);
    ASSERT_EQ(scripted.calls.size(), 1u);
    const SeenCall &call = scripted.calls[0];
    EXPECT_EQ(call.signature, keyact_callback_signature_lookup("library_size"));
    EXPECT_EQ(call.host, host.get());
    EXPECT_EQ(call.ids, std::vector<guint64>({4, 2}));
}

TEST(DynamicHost, ArgumentsOfEveryWidthArriveIntact)
{
    ScriptedHost scripted;
    DynamicHostPtr host = new_dynamic(&scripted);
    ASSERT_NE(host, nullptr);
    const keyact_card_id big_card = 0x1234567890abcdefULL;
    scripted.library.push_back(big_card);

    EXPECT_EQ(host->move_card(host.get(), 0xfffffffffffffff0ULL, 0x100000001ULL, big_card,
                              KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM, KEYACT_MOVE_REVEAL),
              KEYACT_OK);

    ASSERT_EQ(scripted.calls.size(), 1u);
    EXPECT_STREQ(scripted.calls[0].signature->name, "move_card");
    EXPECT_EQ(scripted.calls[0].ids,
              std::vector<guint64>({0xfffffffffffffff0ULL, 0x100000001ULL, big_card}));
    EXPECT_EQ(scripted.calls[0].u32s,
              std::vector<guint32>({KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM,
                                    KEYACT_MOVE_REVEAL}));
    EXPECT_EQ(scripted.library, std::vector<keyact_card_id>({7, 8, 9}));
}

TEST(DynamicHost, NegativeStatusesComeBackWhole)
{
    ScriptedHost scripted;
    DynamicHostPtr host = new_dynamic(&scripted);
    ASSERT_NE(host, nullptr);
    keyact_card_id card = 42;

    EXPECT_EQ(host->library_card(host.get(), 1, 1, 3, &card), KEYACT_E_NOTFOUND);
    EXPECT_EQ(card, 42u);  // untouched on failure
    EXPECT_EQ(host->move_card(host.get(), 1, 1, 99, KEYACT_ZONE_EXILE, 0, 0), KEYACT_E_STATE);
}

TEST(DynamicHost, PointerResultsOnlyOnSuccess)
{
    ScriptedHost scripted;
    DynamicHostPtr host = new_dynamic(&scripted);
    ASSERT_NE(host, nullptr);

    EXPECT_EQ(host->get_extension(host.get(), "org.keyact.test.tiny.v1"), &scripted);
    EXPECT_EQ(host->get_extension(host.get(), "org.example.none.v1"), nullptr);
    scripted.extension_status = KEYACT_E_HOST;
    EXPECT_EQ(host->get_extension(host.get(), "org.keyact.test.tiny.v1"), nullptr);
}

TEST(DynamicHost, RunsThePluginLikeScript)
{
    ScriptedHost scripted;
    DynamicHostPtr host = new_dynamic(&scripted);
    ASSERT_NE(host, nullptr);
    PluginLikeAnswers answers;

    plugin_like_run(host.get(), &answers);

    ASSERT_EQ(scripted.calls.size(), 14u);
    const char *names[] = {"library_size", "library_card", "describe_card", "can_cast_face",
                           "choose", "cast_free", "move_card", "move_card", "random_below",
                           "notify", "log", "get_extension", "get_extension", "library_card"};
    for (size_t i = 0; i < scripted.calls.size(); i++)
        EXPECT_STREQ(scripted.calls[i].signature->name, names[i]) << i;
    EXPECT_EQ(scripted.calls[5].ids, std::vector<guint64>({1, 1, 7}));  // cast_free card 7
    EXPECT_EQ(scripted.calls[5].u32s, std::vector<guint32>({1}));      // face 1
    EXPECT_EQ(scripted.calls[4].u32s, std::vector<guint32>({2}));      // option_count

    EXPECT_EQ(answers.library_size, 3u);
    EXPECT_EQ(answers.top_card, 7u);
    EXPECT_EQ(answers.desc.face_count, 2u);
    EXPECT_EQ(answers.can_cast, 1u);
    EXPECT_EQ(answers.cast_result, KEYACT_CAST_DONE);
    EXPECT_EQ(answers.random_value, 2u);
    EXPECT_EQ(answers.extension, &scripted);
    EXPECT_EQ(answers.missing_extension, nullptr);
    EXPECT_EQ(answers.statuses[answers.n_calls - 1], KEYACT_E_NOTFOUND);
    ASSERT_EQ(scripted.events.size(), 1u);
    EXPECT_EQ(scripted.events[0].type, KEYACT_EVENT_DISCOVERED);
    EXPECT_EQ(scripted.messages, std::vector<std::string>({"discovered \"Fire\""}));
    EXPECT_EQ(scripted.library, std::vector<keyact_card_id>({7}));
}

TEST(DynamicHost, OptionalCallbacksCanBeSwitchedOff)
{
    ScriptedHost scripted;
    DynamicHostPtr host = new_dynamic(&scripted);
    ASSERT_NE(host, nullptr);
    host->notify = nullptr;
    host->log = nullptr;
    PluginLikeAnswers answers;

    plugin_like_run(host.get(), &answers);

    EXPECT_EQ(scripted.calls.size(), 12u);
    EXPECT_TRUE(scripted.events.empty());
    EXPECT_TRUE(scripted.messages.empty());
}

TEST(DynamicHost, TracesLikeAnyOtherHost)
{
    ScriptedHost scripted;
    DynamicHostPtr host = new_dynamic(&scripted);
    ASSERT_NE(host, nullptr);
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactTracer) tracer = keyact_tracer_new(host.get(), &error);
    ASSERT_NE(tracer, nullptr) << error->message;
    PluginLikeAnswers answers;

    plugin_like_run(keyact_tracer_get_host(tracer), &answers);

    g_autofree char *text = keyact_tracer_format(tracer);
    EXPECT_STREQ(text, kPluginLikeTrace);
    // The dispatcher saw the dynamic table, not the traced one.
    for (const SeenCall &call : scripted.calls)
        EXPECT_EQ(call.host, host.get());
}

TEST(DynamicHost, RefusesNoDispatcher)
{
    g_autoptr(GError) error = nullptr;
    EXPECT_EQ(keyact_host_new_dynamic(nullptr, nullptr, &error), nullptr);
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(g_error_matches(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_INVALID));
    keyact_host_free_dynamic(nullptr);
}

}  // namespace
