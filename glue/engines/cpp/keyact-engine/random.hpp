// SPDX-License-Identifier: MIT
// keyact-engine/random.hpp - random_below from the engine's own generator, uniform.
//
// host.h asks random_below for a uniform integer below `bound`, from the game's generator (so a
// game the engine replays from its seed replays keyact's choices too). An engine's generator
// gives uniform integers in [0, max] (C's rand(): max RAND_MAX); `draw() % bound` would favour
// the small numbers whenever max + 1 is not a multiple of bound. This draws as many times as the
// bound needs (a bound above max + 1 takes two draws or more) and rejects the draws past the
// largest multiple of bound, so every number below bound is equally likely. Pure: any thread,
// with the engine's generator.
#ifndef KEYACT_ENGINE_RANDOM_HPP
#define KEYACT_ENGINE_RANDOM_HPP

#include <cstdint>

namespace keyact {

// A uniform integer in [0, bound) from `draw()`, which returns uniform integers in [0, max]
// (max >= 1, at most UINT32_MAX). A bound of 0 or 1 gives 0 without drawing.
template <class Draw>
uint32_t uniform_below(uint32_t bound, uint64_t max, Draw &&draw)
{
    if (bound < 2 || max < 1)
        return 0;
    const uint64_t radix = max + 1;
    for (;;) {
        uint64_t value = 0, range = 1;  // value is uniform in [0, range)
        while (range < bound) {
            value = value * radix + (uint64_t) draw();
            range *= radix;  // range < bound < 2^32 and radix <= 2^32 before: no overflow
        }
        uint64_t limit = range - range % bound;  // the largest multiple of bound in range
        if (value < limit)
            return (uint32_t) (value % bound);
    }
}

}  // namespace keyact

#endif
