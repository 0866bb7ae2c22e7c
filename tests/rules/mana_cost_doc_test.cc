/* SPDX-License-Identifier: MIT */
// mana_cost_doc_test.cc - keyact-plugin(7)'s MANA COSTS section and the
// plugins' parser (kp_mana_value) say the same: every symbol in the page's
// value tables has the value its row states, every cost in the "refused"
// table is refused, and the parser accepts no symbol the tables leave out.
// The page is read from KEYACT_DOC_PLUGIN_PAGE (doc/keyact-plugin.7.scd),
// so editing either side alone fails here.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
#include <keyact/status.h>
#include "kp_mana_cost.h"
}

namespace {

struct Row {
    std::string line;     // for messages
    uint32_t halves;      // the row's value x2
    std::vector<std::string> symbols;
};

struct Refused {
    std::string cost;
    std::string why;
};

struct Section {
    std::vector<Row> rows;
    std::vector<Refused> refused;
};

// "0.5" -> 1, "16" -> 32; false for anything else.
bool ParseHalves(const std::string &text, uint32_t *out)
{
    if (text.empty() || text.size() > 12)
        return false;
    uint64_t whole = 0;
    size_t i = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; i++)
        whole = whole * 10u + (uint64_t)(text[i] - '0');
    if (i == 0)
        return false;
    uint64_t halves = whole * 2u;
    if (i < text.size()) {
        if (text.substr(i) != ".5")
            return false;
        halves++;
    }
    *out = (uint32_t)halves;
    return halves <= UINT32_MAX;
}

std::vector<std::string> Symbols(const std::string &text)
{
    std::vector<std::string> out;
    size_t pos = 0;
    while ((pos = text.find('{', pos)) != std::string::npos) {
        size_t end = text.find('}', pos);
        if (end == std::string::npos)
            break;
        out.push_back(text.substr(pos, end - pos + 1));
        pos = end + 1;
    }
    return out;
}

// The literal blocks of "# MANA COSTS": a block headed "value  symbols" is
// a value table, one headed "refused  why" the refused costs.
Section ReadSection()
{
    const char *path = std::getenv("KEYACT_DOC_PLUGIN_PAGE");
    Section section;
    if (path == nullptr) {
        ADD_FAILURE() << "KEYACT_DOC_PLUGIN_PAGE is not set";
        return section;
    }
    std::ifstream in(path);
    if (!in) {
        ADD_FAILURE() << "cannot read " << path;
        return section;
    }
    std::string line;
    bool in_section = false, in_block = false;
    enum { NONE, VALUES, REFUSED } kind = NONE;
    while (std::getline(in, line)) {
        if (line.rfind("# ", 0) == 0) {
            in_section = line == "# MANA COSTS";
            continue;
        }
        if (!in_section)
            continue;
        if (line.rfind("```", 0) == 0) {
            in_block = !in_block;
            kind = NONE;
            continue;
        }
        if (!in_block)
            continue;
        std::istringstream words(line);
        std::string first, second;
        words >> first >> second;
        if (kind == NONE) {
            if (first == "value" && second == "symbols")
                kind = VALUES;
            else if (first == "refused" && second == "why")
                kind = REFUSED;
            else
                ADD_FAILURE() << "a MANA COSTS block with an unknown header: " << line;
            continue;
        }
        if (kind == VALUES) {
            Row row{line, 0, Symbols(line)};
            EXPECT_TRUE(ParseHalves(first, &row.halves)) << "no value in row: " << line;
            EXPECT_FALSE(row.symbols.empty()) << "no symbol in row: " << line;
            section.rows.push_back(row);
        } else {
            section.refused.push_back(Refused{first, line});
        }
    }
    return section;
}

class ManaCostDoc : public ::testing::Test {
protected:
    static void SetUpTestSuite() { section_ = new Section(ReadSection()); }
    static void TearDownTestSuite() { delete section_; }
    static Section *section_;
};

Section *ManaCostDoc::section_ = nullptr;

TEST_F(ManaCostDoc, TablesAreThere)
{
    // A page whose tables were renamed or dropped must not pass vacuously.
    EXPECT_GE(section_->rows.size(), 10u);
    EXPECT_GE(section_->refused.size(), 10u);
}

TEST_F(ManaCostDoc, EverySymbolHasItsRowsValue)
{
    for (const Row &row : section_->rows) {
        for (const std::string &symbol : row.symbols) {
            uint32_t halves = 0;
            uint32_t offset = 0;
            EXPECT_EQ(kp_mana_value(symbol.c_str(), &halves, &offset), KEYACT_OK)
                << symbol << " (row \"" << row.line << "\") is refused at " << offset;
            EXPECT_EQ(halves, row.halves) << symbol << " (row \"" << row.line << "\")";
        }
    }
}

TEST_F(ManaCostDoc, EveryRefusedCostIsRefused)
{
    for (const Refused &refused : section_->refused) {
        uint32_t halves = 7;
        EXPECT_EQ(kp_mana_value(refused.cost.c_str(), &halves, nullptr), KEYACT_E_BADCOST)
            << refused.why;
        EXPECT_EQ(halves, 0u) << refused.why;
    }
}

// Every body of one to five characters from the letters and signs that
// occur in mana symbols (and a few that must not): whatever the parser
// accepts is in the tables, or is generic mana (digits only, whose rule the
// page states in words and the next test checks).
TEST_F(ManaCostDoc, ParserAcceptsNothingElse)
{
    std::set<std::string> documented;
    for (const Row &row : section_->rows)
        documented.insert(row.symbols.begin(), row.symbols.end());

    static const char alphabet[] = "WUBRGCSXYZPHTEQ/2";
    const size_t n = sizeof alphabet - 1;
    std::vector<std::string> undocumented;
    for (size_t len = 1; len <= 5; len++) {
        std::vector<size_t> digit(len, 0);
        for (;;) {
            std::string body;
            bool all_digits = true;
            for (size_t d : digit) {
                body += alphabet[d];
                all_digits = all_digits && alphabet[d] == '2';
            }
            std::string symbol = "{" + body + "}";
            uint32_t halves = 0;
            if (!all_digits && kp_mana_value(symbol.c_str(), &halves, nullptr) == KEYACT_OK
                && documented.count(symbol) == 0)
                undocumented.push_back(symbol);
            size_t i = 0;
            while (i < len && ++digit[i] == n)
                digit[i++] = 0;
            if (i == len)
                break;
        }
    }
    EXPECT_TRUE(undocumented.empty())
        << undocumented.size() << " accepted symbols missing from keyact-plugin(7), e.g. "
        << (undocumented.empty() ? std::string() : undocumented.front());
    EXPECT_EQ(documented.count("{\xC2\xBD}"), 1u) << "{½} is accepted but not in the tables";
}

// The rule the page states in words: {N} is N, no leading zero but {0}.
TEST_F(ManaCostDoc, GenericManaIsItsNumber)
{
    for (uint32_t value = 0; value < 1000; value++) {
        std::string symbol = "{" + std::to_string(value) + "}";
        uint32_t halves = 0;
        ASSERT_EQ(kp_mana_value(symbol.c_str(), &halves, nullptr), KEYACT_OK) << symbol;
        EXPECT_EQ(halves, 2u * value) << symbol;
        std::string padded = "{0" + std::to_string(value) + "}";
        EXPECT_EQ(kp_mana_value(padded.c_str(), &halves, nullptr), KEYACT_E_BADCOST) << padded;
    }
}

} // namespace
