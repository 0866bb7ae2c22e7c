/* SPDX-License-Identifier: MIT */
// signatures_test.cc - the signature table matches keyact_host.
#include <cstddef>
#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "keyact-trace.h"

namespace {

struct Expected {
    const char *name;
    size_t offset;
    KeyactReturnKind return_kind;
    guint n_args;
};

#define EXPECT_MEMBER(member, ret, n) \
    {#member, offsetof(keyact_host, member), KEYACT_RETURN_##ret, n}

const Expected kExpected[] = {
    EXPECT_MEMBER(library_size, STATUS, 4),  EXPECT_MEMBER(library_card, STATUS, 5),
    EXPECT_MEMBER(move_card, STATUS, 7),     EXPECT_MEMBER(describe_card, STATUS, 4),
    EXPECT_MEMBER(can_cast_face, STATUS, 6), EXPECT_MEMBER(choose, STATUS, 7),
    EXPECT_MEMBER(cast_free, STATUS, 6),     EXPECT_MEMBER(random_below, STATUS, 4),
    EXPECT_MEMBER(notify, VOID, 3),          EXPECT_MEMBER(log, VOID, 3),
    EXPECT_MEMBER(get_extension, POINTER, 2),
    // ABI 1.1
    EXPECT_MEMBER(library_cards, STATUS, 6), EXPECT_MEMBER(describe_cards, STATUS, 5),
    EXPECT_MEMBER(apply_steps, STATUS, 6),   EXPECT_MEMBER(random_below_each, STATUS, 5),
    // ABI 1.2
    EXPECT_MEMBER(card_zone, STATUS, 4),
};

TEST(TraceSignatures, OneEntryPerCallbackInMemberOrder)
{
    guint n = 0;
    const KeyactCallbackSignature *signatures = keyact_callback_signatures(&n);

    ASSERT_EQ(n, G_N_ELEMENTS(kExpected));
    for (guint i = 0; i < n; i++) {
        SCOPED_TRACE(kExpected[i].name);
        EXPECT_STREQ(signatures[i].name, kExpected[i].name);
        EXPECT_EQ(signatures[i].offset, kExpected[i].offset);
        EXPECT_EQ(signatures[i].return_kind, kExpected[i].return_kind);
        EXPECT_EQ(signatures[i].n_args, kExpected[i].n_args);
        EXPECT_LE(signatures[i].n_args, KEYACT_CALLBACK_MAX_ARGS);
        EXPECT_EQ(signatures[i].args[0].kind, KEYACT_ARG_HOST);
        EXPECT_STREQ(signatures[i].args[0].name, "host");
    }
    // The last callback ends the struct: nothing is left out.
    EXPECT_EQ(signatures[n - 1].offset + sizeof(void (*)(void)), sizeof(keyact_host));
}

TEST(TraceSignatures, ArgumentsOfMoveCardAndChoose)
{
    const KeyactCallbackSignature *move = keyact_callback_signature_lookup("move_card");
    ASSERT_NE(move, nullptr);
    const KeyactArgKind move_kinds[] = {KEYACT_ARG_HOST, KEYACT_ARG_GAME, KEYACT_ARG_PLAYER,
                                        KEYACT_ARG_CARD, KEYACT_ARG_ZONE,
                                        KEYACT_ARG_LIBRARY_INDEX, KEYACT_ARG_MOVE_FLAGS};
    const char *move_names[] = {"host", "game", "player", "card", "to_zone", "library_index",
                                "flags"};
    for (guint i = 0; i < move->n_args; i++) {
        EXPECT_EQ(move->args[i].kind, move_kinds[i]) << i;
        EXPECT_STREQ(move->args[i].name, move_names[i]);
    }

    const KeyactCallbackSignature *choose = keyact_callback_signature_lookup("choose");
    ASSERT_NE(choose, nullptr);
    EXPECT_EQ(choose->args[4].kind, KEYACT_ARG_OPTIONS);
    EXPECT_EQ(choose->args[5].kind, KEYACT_ARG_OPTION_COUNT);
    EXPECT_EQ(choose->args[6].kind, KEYACT_ARG_OUT_U32);

    const KeyactCallbackSignature *describe = keyact_callback_signature_lookup("describe_card");
    ASSERT_NE(describe, nullptr);
    EXPECT_EQ(describe->args[3].kind, KEYACT_ARG_DESC_OUT);
    EXPECT_EQ(keyact_callback_signature_lookup("library_card")->args[4].kind,
              KEYACT_ARG_OUT_CARD);
    EXPECT_EQ(keyact_callback_signature_lookup("notify")->args[2].kind, KEYACT_ARG_EVENT);
    EXPECT_EQ(keyact_callback_signature_lookup("log")->args[1].kind, KEYACT_ARG_LOG_LEVEL);
    EXPECT_EQ(keyact_callback_signature_lookup("log")->args[2].kind, KEYACT_ARG_STRING);
}

TEST(TraceSignatures, LookupByName)
{
    guint n = 0;
    const KeyactCallbackSignature *signatures = keyact_callback_signatures(&n);

    for (guint i = 0; i < n; i++)
        EXPECT_EQ(keyact_callback_signature_lookup(signatures[i].name), &signatures[i]);
    EXPECT_EQ(keyact_callback_signature_lookup("discover"), nullptr);
    EXPECT_EQ(keyact_callback_signature_lookup(""), nullptr);
    EXPECT_EQ(keyact_callback_signature_lookup(nullptr), nullptr);
}

TEST(TraceSignatures, EveryKindUsedHasAName)
{
    guint n = 0;
    const KeyactCallbackSignature *signatures = keyact_callback_signatures(&n);

    for (guint i = 0; i < n; i++) {
        for (guint a = 0; a < signatures[i].n_args; a++)
            EXPECT_STRNE(keyact_arg_kind_name(signatures[i].args[a].kind), "UNKNOWN");
    }
    EXPECT_STREQ(keyact_arg_kind_name(KEYACT_ARG_OUT_U32), "OUT_U32");
    EXPECT_STREQ(keyact_arg_kind_name(static_cast<KeyactArgKind>(999)), "UNKNOWN");
}

}  // namespace
