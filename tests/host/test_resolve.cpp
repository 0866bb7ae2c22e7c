/* SPDX-License-Identifier: MIT */
// test_resolve.cpp - keyact_bound_action_resolve checks its arguments.
#include <cstddef>
#include <cstring>

#include "host_test_support.h"

using keyact_test::fixture_path;

namespace {

class BoundResolve : public ::testing::Test {
protected:
    void SetUp() override
    {
        g_autoptr(GError) error = nullptr;
        registry_ = keyact_registry_new();
        ASSERT_TRUE(keyact_registry_load(registry_, fixture_path("good").c_str(),
                                         KEYACT_LOAD_ALLOW_UNSAFE, &error))
            << error->message;
        ASSERT_TRUE(keyact_registry_lookup(registry_, "echo", nullptr, &bound_, &error))
            << error->message;

        host_ = keyact_test::echo_host();
        args_ = keyact_resolve_args{sizeof(keyact_resolve_args), 4, 1, 2, 77};
        std::memset(&result_, 0, sizeof result_);
        result_.struct_size = sizeof(keyact_resolve_result);
    }
    void TearDown() override { keyact_registry_free(registry_); }

    KeyactRegistry *registry_ = nullptr;
    KeyactBoundAction bound_{};
    keyact_host host_{};
    keyact_resolve_args args_{};
    keyact_resolve_result result_{};
};

TEST_F(BoundResolve, CallsTheActionWithItsContext)
{
    EXPECT_EQ(keyact_bound_action_resolve(&bound_, &host_, &args_, &result_), KEYACT_OK);
    EXPECT_EQ(result_.mana_value_halves, 77u); // the source, echoed
    EXPECT_EQ(result_.exiled_count, 4u);
    EXPECT_EQ(result_.flags, KEYACT_RESULT_COMPLETE);
}

TEST_F(BoundResolve, NullArgumentsAreInvalidAndNothingIsCalled)
{
    KeyactBoundAction no_action = bound_;
    no_action.action = nullptr;

    EXPECT_EQ(keyact_bound_action_resolve(nullptr, &host_, &args_, &result_), KEYACT_E_INVAL);
    EXPECT_EQ(keyact_bound_action_resolve(&no_action, &host_, &args_, &result_), KEYACT_E_INVAL);
    EXPECT_EQ(keyact_bound_action_resolve(&bound_, nullptr, &args_, &result_), KEYACT_E_INVAL);
    EXPECT_EQ(keyact_bound_action_resolve(&bound_, &host_, nullptr, &result_), KEYACT_E_INVAL);
    EXPECT_EQ(keyact_bound_action_resolve(&bound_, &host_, &args_, nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(result_.flags, 0u);
    EXPECT_EQ(result_.discovered, KEYACT_CARD_NONE);
}

TEST_F(BoundResolve, TooSmallStructsAreInvalidAndNothingIsCalled)
{
    host_.struct_size = offsetof(keyact_host, get_extension);
    EXPECT_EQ(keyact_bound_action_resolve(&bound_, &host_, &args_, &result_), KEYACT_E_INVAL);
    host_ = keyact_test::echo_host();

    args_.struct_size = 0;
    EXPECT_EQ(keyact_bound_action_resolve(&bound_, &host_, &args_, &result_), KEYACT_E_INVAL);
    args_.struct_size = sizeof(keyact_resolve_args);

    result_.struct_size = offsetof(keyact_resolve_result, stranded);
    EXPECT_EQ(keyact_bound_action_resolve(&bound_, &host_, &args_, &result_), KEYACT_E_INVAL);
    EXPECT_EQ(result_.flags, 0u);

    // Larger structs (a newer minor's) are fine.
    struct {
        keyact_resolve_result base;
        uint64_t newer[2];
    } larger{};
    larger.base.struct_size = sizeof larger;
    EXPECT_EQ(keyact_bound_action_resolve(&bound_, &host_, &args_, &larger.base), KEYACT_OK);
    EXPECT_EQ(larger.base.mana_value_halves, 77u); // the source, echoed
}

}  // namespace
