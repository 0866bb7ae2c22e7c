// SPDX-License-Identifier: MIT
// keyact-engine/resolve.hpp - one stepped resolve (ABI 1.3) and its state block, in RAII.
//
// Owns: the state block (keyact_bound_action_state_size() bytes, from new[], at an address
// aligned to KEYACT_RESOLVE_STATE_ALIGN), the last question and the result. Borrows: the host table given
// to begin(), which must stay at its address until the resolve is over, and the action, whose
// plugin libkeyact-host keeps loaded for as long as the resolve is in progress.
// Threads: one call at a time, on any thread; the host's callbacks run inside step() and
// answer(), on the calling thread.
#ifndef KEYACT_ENGINE_RESOLVE_HPP
#define KEYACT_ENGINE_RESOLVE_HPP

#include <cstddef>
#include <memory>

#include <keyact-host-core.h>

namespace keyact {

class SteppedResolve {
public:
    SteppedResolve() { clear(); }
    // A resolve in progress lives in its block: a copy would end it twice (stepped.h).
    SteppedResolve(const SteppedResolve &) = delete;
    SteppedResolve &operator=(const SteppedResolve &) = delete;
    // A resolve still in progress is abandoned: the plugin moves nothing more, and the library
    // drops its reference to the plugin (a block freed while waiting would leak it).
    ~SteppedResolve() { abandon(); }

    // Begins a resolve of `action` over `host`, the questions in `waits` (KEYACT_WAIT_*) to be
    // answered later. Makes no host call. 0, or the status for which it did not begin
    // (KEYACT_E_NOTSUP: the action has no stepped resolve).
    int32_t begin(const KeyactBoundAction &action, const keyact_host &host, const keyact_resolve_args &args,
                  uint32_t waits)
    {
        abandon();
        clear();
        size_t size = keyact_bound_action_state_size(&action);
        if (!size)
            return KEYACT_E_NOTSUP;
        size_t room = size + KEYACT_RESOLVE_STATE_ALIGN;
        block_.reset(new unsigned char[room]);
        void *state = block_.get();
        state_ = std::align(KEYACT_RESOLVE_STATE_ALIGN, size, state, room);
        int32_t status = keyact_bound_action_begin(&action, &host, &args, waits, state_, size);
        if (status)
            free_block();
        return status;
    }

    // Runs the resolve on. KEYACT_WAITING: question() is the question to answer. Anything else:
    // the resolve is over, the status and result() as keyact_bound_action_resolve() gives them,
    // and the block is freed.
    int32_t step()
    {
        if (!state_)
            return KEYACT_E_STATE;
        question_.struct_size = sizeof question_;
        int32_t status = keyact_resolve_step(state_, &result_, &question_);
        if (status != KEYACT_WAITING)
            finish();
        return status;
    }

    // Answers question() with `value` (or the failure `status` its callback would have
    // returned) and steps on: step()'s status. An answer the library refuses ends the resolve
    // as abandon() does, with that refusal's status: a resolve that cannot be answered would
    // wait for ever.
    int32_t answer(uint32_t value, int32_t status = 0)
    {
        if (!waiting())
            return KEYACT_E_STATE;
        keyact_answer a = { sizeof a, question_.kind, status, value };
        int32_t refused = keyact_resolve_answer(state_, &a);
        if (refused) {
            abandon();
            return refused;
        }
        return step();
    }

    // Ends a resolve in progress: result().stranded_count counts every card the plugin moved
    // (all in exile as far as it knows). Nothing for a resolve that is not in progress.
    void abandon()
    {
        if (state_)
            keyact_resolve_abandon(state_, &result_);
        finish();
    }

    bool active() const { return state_ != nullptr; }
    bool waiting() const { return state_ && question_.kind != KEYACT_QUESTION_NONE; }
    // Valid while waiting(): a copy, nothing in it points into the block.
    const keyact_question &question() const { return question_; }
    // Filled when the resolve is over (its stranded cards counted, not listed: no buffer).
    const keyact_resolve_result &result() const { return result_; }

private:
    void clear()
    {
        question_ = keyact_question();
        result_ = keyact_resolve_result();
        question_.struct_size = sizeof question_;
        result_.struct_size = sizeof result_;
    }
    void free_block()
    {
        block_.reset();
        state_ = nullptr;
    }
    void finish()
    {
        free_block();
        question_.kind = KEYACT_QUESTION_NONE;
    }

    std::unique_ptr<unsigned char[]> block_;  // the allocation; state_ is its aligned start
    void *state_ = nullptr;
    keyact_question question_;
    keyact_resolve_result result_;
};

}  // namespace keyact

#endif
