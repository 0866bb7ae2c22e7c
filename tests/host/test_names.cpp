/* SPDX-License-Identifier: MIT */
// test_names.cpp - keyact_event_type_name() and keyact_layout_name(): every
// value the headers define has its constant's own spelling, and values the
// library does not know have no name (callers print the number).
#include <cstdint>

#include <gtest/gtest.h>

#include <keyact-host.h>

// The name must be the constant as the header spells it, prefix removed.
#define EXPECT_EVENT_NAME(suffix) \
    EXPECT_STREQ(keyact_event_type_name(KEYACT_EVENT_##suffix), #suffix)
#define EXPECT_LAYOUT_NAME(suffix) \
    EXPECT_STREQ(keyact_layout_name(KEYACT_LAYOUT_##suffix), #suffix)

TEST(Names, EveryEventTypeHasItsConstantsName)
{
    EXPECT_EVENT_NAME(EXILED);
    EXPECT_EVENT_NAME(HIT);
    EXPECT_EVENT_NAME(CAST);
    EXPECT_EVENT_NAME(CAST_FAILED);
    EXPECT_EVENT_NAME(TO_HAND);
    EXPECT_EVENT_NAME(BOTTOM);
    EXPECT_EVENT_NAME(DISCOVERED);
    EXPECT_EVENT_NAME(FINISHED);
}

TEST(Names, UnknownEventTypesHaveNoName)
{
    EXPECT_EQ(keyact_event_type_name(0), nullptr);
    EXPECT_EQ(keyact_event_type_name(KEYACT_EVENT_FINISHED + 1), nullptr);
    EXPECT_EQ(keyact_event_type_name(UINT32_MAX), nullptr);
}

TEST(Names, EveryLayoutHasItsConstantsName)
{
    EXPECT_LAYOUT_NAME(NORMAL);
    EXPECT_LAYOUT_NAME(SPLIT);
    EXPECT_LAYOUT_NAME(AFTERMATH);
    EXPECT_LAYOUT_NAME(ADVENTURE);
    EXPECT_LAYOUT_NAME(MODAL_DFC);
    EXPECT_LAYOUT_NAME(TRANSFORM);
    EXPECT_LAYOUT_NAME(FLIP);
    EXPECT_LAYOUT_NAME(MELD);
    // The table covers every layout the header counts.
    for (uint32_t layout = 0; layout < KEYACT_LAYOUT_COUNT; layout++)
        EXPECT_NE(keyact_layout_name(layout), nullptr) << "layout " << layout;
}

TEST(Names, UnknownLayoutsHaveNoName)
{
    EXPECT_EQ(keyact_layout_name(KEYACT_LAYOUT_COUNT), nullptr);
    EXPECT_EQ(keyact_layout_name(UINT32_MAX), nullptr);
}
