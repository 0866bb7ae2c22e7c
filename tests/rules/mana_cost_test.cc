/* SPDX-License-Identifier: MIT */
// mana_cost_test.cc - kp_mana_value: every symbol class, exact halves, and
// every kind of malformed cost refused with the offset of the bad symbol.
#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <string>

extern "C" {
#include <keyact/status.h>
#include "kp_mana_cost.h"
}

namespace {

struct Valid {
    const char *cost;
    uint32_t halves;
};

// Readable test names (and no printing of struct padding bytes).
void PrintTo(const Valid &v, std::ostream *os)
{
    *os << '"' << v.cost << "\" = " << v.halves << " halves";
}

class ManaValueOf : public ::testing::TestWithParam<Valid> {};

TEST_P(ManaValueOf, IsExactInHalves)
{
    uint32_t halves = 12345;
    uint32_t offset = 777;

    ASSERT_EQ(kp_mana_value(GetParam().cost, &halves, &offset), KEYACT_OK) << GetParam().cost;
    EXPECT_EQ(halves, GetParam().halves) << GetParam().cost;
    EXPECT_EQ(offset, 777u) << "error_offset written on success";
}

INSTANTIATE_TEST_SUITE_P(
    SymbolClasses, ManaValueOf,
    ::testing::Values(
        // No cost at all.
        Valid{"", 0},
        // Generic, one and several digits; Gleemax's {1000000}.
        Valid{"{0}", 0}, Valid{"{1}", 2}, Valid{"{9}", 18}, Valid{"{10}", 20},
        Valid{"{15}", 30}, Valid{"{16}", 32}, Valid{"{1000000}", 2000000},
        Valid{"{3}{U}{U}", 10},
        // Variables are 0 outside the stack.
        Valid{"{X}", 0}, Valid{"{X}{X}{R}", 2}, Valid{"{X}{Y}{Z}{R}{R}", 4},
        // Colored, colorless, snow.
        Valid{"{W}", 2}, Valid{"{U}", 2}, Valid{"{B}", 2}, Valid{"{R}", 2},
        Valid{"{G}", 2}, Valid{"{C}", 2}, Valid{"{S}", 2},
        Valid{"{W}{U}{B}{R}{G}", 10}, Valid{"{6}{C}", 14},
        // Hybrid: all ten pairs, and colorless hybrid.
        Valid{"{W/U}", 2}, Valid{"{W/B}", 2}, Valid{"{U/B}", 2}, Valid{"{U/R}", 2},
        Valid{"{B/R}", 2}, Valid{"{B/G}", 2}, Valid{"{R/G}", 2}, Valid{"{R/W}", 2},
        Valid{"{G/W}", 2}, Valid{"{G/U}", 2}, Valid{"{C/W}", 2},
        Valid{"{1}{R/G}{R/G}{R/G}", 8},
        // Monocolored hybrid counts its 2 (Reaper King is 10).
        Valid{"{2/W}", 4}, Valid{"{2/R}{2/R}{2/R}", 12},
        Valid{"{2/W}{2/U}{2/B}{2/R}{2/G}", 20},
        // Phyrexian and hybrid Phyrexian.
        Valid{"{W/P}", 2}, Valid{"{U/P}", 2}, Valid{"{1}{B/P}{B/P}", 6},
        Valid{"{G/U/P}", 2}, Valid{"{2}{G}{G/U/P}{U}", 10}, Valid{"{1}{R}{R/W/P}{W}", 8},
        // Half mana: Little Girl is 1/2.
        Valid{"{HW}", 1}, Valid{"{HR}", 1}, Valid{"{HU}", 1}, Valid{"{HB}", 1},
        Valid{"{HG}", 1}, Valid{"{\xC2\xBD}", 1}, Valid{"{3}{HW}", 7},
        Valid{"{HW}{HW}", 2},
        // Mixed, as printed.
        Valid{"{2}{U/P}{X}", 6},
        // The largest total that fits: 2 * 2147483647 + 1 = UINT32_MAX.
        Valid{"{2147483647}", 4294967294u}, Valid{"{2147483647}{HW}", 4294967295u}));

TEST(ManaValue, NullIsZero)
{
    uint32_t halves = 99;

    ASSERT_EQ(kp_mana_value(nullptr, &halves, nullptr), KEYACT_OK);
    EXPECT_EQ(halves, 0u);
}

TEST(ManaValue, NullOutputIsInval)
{
    EXPECT_EQ(kp_mana_value("{1}", nullptr, nullptr), KEYACT_E_INVAL);
}

TEST(ManaValue, LongestAcceptedCost)
{
    // 85 symbols of 3 bytes: 255 bytes, just inside the limit.
    std::string cost;
    for (int i = 0; i < 85; i++)
        cost += "{1}";
    ASSERT_LE(cost.size(), KP_MANA_COST_MAX_BYTES);
    uint32_t halves = 0;
    ASSERT_EQ(kp_mana_value(cost.c_str(), &halves, nullptr), KEYACT_OK);
    EXPECT_EQ(halves, 170u);
}

struct Bad {
    std::string cost;
    uint32_t offset;
    const char *why;
};

void PrintTo(const Bad &b, std::ostream *os)
{
    *os << b.why << " (" << b.cost.size() << " bytes)";
}

class BadCost : public ::testing::TestWithParam<Bad> {};

TEST_P(BadCost, IsRefusedAtTheBadSymbol)
{
    uint32_t halves = 5;
    uint32_t offset = 12345;

    EXPECT_EQ(kp_mana_value(GetParam().cost.c_str(), &halves, &offset), KEYACT_E_BADCOST)
        << GetParam().why;
    EXPECT_EQ(offset, GetParam().offset) << GetParam().why;
    EXPECT_EQ(halves, 0u) << GetParam().why;
    // The offset is optional.
    EXPECT_EQ(kp_mana_value(GetParam().cost.c_str(), &halves, nullptr), KEYACT_E_BADCOST)
        << GetParam().why;
}

static std::string Repeat(const std::string &piece, size_t bytes)
{
    std::string out;
    while (out.size() < bytes)
        out += piece;
    return out;
}

INSTANTIATE_TEST_SUITE_P(
    Malformed, BadCost,
    ::testing::Values(
        Bad{"{", 0, "lone open brace"},
        Bad{"{2", 0, "unterminated symbol"},
        Bad{"{1}{", 3, "unterminated last symbol"},
        Bad{"{1{2}", 0, "brace inside a symbol"},
        Bad{"}}", 0, "close braces only"},
        Bad{"{2}}", 3, "stray close brace"},
        Bad{"{}", 0, "empty symbol"},
        Bad{"{Q}", 0, "unknown symbol"},
        Bad{"{2}{Q}", 3, "unknown symbol after a good one"},
        Bad{"{T}", 0, "tap symbol is no mana"},
        Bad{"{E}", 0, "energy is no mana"},
        Bad{"{P}", 0, "bare Phyrexian is rules text only"},
        Bad{"{H}", 0, "half of nothing"},
        Bad{"{w}", 0, "lower case"},
        Bad{"{ 1}", 0, "space inside"},
        Bad{"{W/W}", 0, "hybrid of one color"},
        Bad{"{2/P}", 0, "two-generic Phyrexian"},
        Bad{"{3/W}", 0, "three-generic hybrid"},
        Bad{"{W/U/G}", 0, "three-color hybrid"},
        Bad{"{01}", 0, "leading zero"},
        Bad{"{\xE2\x88\x9E}", 0, "infinity has no finite mana value"},
        Bad{"{2} {G}", 3, "space between symbols"},
        Bad{"{2}x{G}", 3, "junk between symbols"},
        Bad{"x", 0, "junk only"},
        Bad{"{1} // {2}", 3, "joined costs of two faces"},
        Bad{"{\xFF}", 0, "invalid UTF-8 inside a symbol"},
        Bad{"{1}\xC3\x28", 3, "invalid UTF-8 after a symbol"},
        Bad{"{\xC2}", 0, "truncated UTF-8 sequence"},
        Bad{"{4294967296}", 0, "2^32 generic"},
        Bad{"{1}{4294967296}", 3, "2^32 generic after a symbol"},
        Bad{"{2147483648}", 0, "halves overflow uint32"},
        Bad{"{2147483647}{1}", 12, "total overflows uint32"},
        Bad{"{99999999999}", 0, "eleven digits"},
        Bad{"{18446744073709551616}", 0, "2^64 generic"},
        Bad{Repeat("{1}", 10240), 255, "10 kB of valid symbols"},
        Bad{Repeat("a", 10240), 0, "10 kB of junk"},
        Bad{Repeat("{", 10240), 0, "10 kB of open braces"},
        Bad{"{" + Repeat("1", 10240) + "}", 0, "one 10 kB symbol"}));

} // namespace
