/* SPDX-License-Identifier: MIT */
// rules_fidelity_test.cc - rules fidelity on the whole card pool.
//
// Loads keyact-discover.so with libkeyact-host and asks its rules extension
// (KEYACT_EXT_RULES), for every card the card database loads from the shared
// pool (KEYACT_CARD_POOL):
//   - the card's mana value in library and exile and whether it is a land,
//     and each face's own value, against the data's cmc / face_mana_value;
//   - for N = 0..16, the discover options (hit and castable faces), against
//     the oracle of discover_oracle.cc built from the published values.
// A cost the plugin's parser refuses fails the test and is listed. The only
// exceptions are the data faults of pool_exceptions.h. When the pool file is
// absent (a fresh clone has no ../shared) every test skips with a message
// and the program exits 77, which meson reports as SKIP.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "carddb.h"
#include "keyact-host.h"

#include "discover_oracle.h"
#include "pool_exceptions.h"

namespace cardpool {
namespace {

constexpr int kMaxN = 16;

// The pool README counts 25,276 card names; a much smaller load means a
// truncated or wrong file, not a pass.
constexpr guint kPoolAtLeast = 25000;

// Mismatch lines shown in a failure message; the count is always exact.
constexpr size_t kShownMismatches = 200;

// What the run found; printed by TearDownTestSuite.
struct Figures {
    unsigned cards = 0;                 // cards whose values were checked
    unsigned faces = 0;                 // faces whose cost went through the plugin's parser
    unsigned faces_compared = 0;        // ... and whose value was compared with a published one
    unsigned faces_null = 0;            // faces of multi-face cards with face_mana_value null
    unsigned fronts_via_cmc = 0;        // ... front faces, compared with the card's cmc instead
    unsigned faces_unpublished = 0;     // ... other faces: no published value to compare with
    unsigned oracle_plugin_values = 0;  // ... whose value the oracle took from the plugin
    unsigned option_cards = 0;          // cards whose discover options were checked
    unsigned option_checks = 0;         // (card, N) pairs
    unsigned not_in_library = 0;        // planar / scheme / vanguard cards
    unsigned mismatches = 0;            // over every test, must be 0
    std::set<std::string> exceptions_seen;
};

const char *PoolPath()
{
    return g_getenv("KEYACT_CARD_POOL");
}

bool PoolPresent()
{
    const char *path = PoolPath();
    return path != nullptr && g_file_test(path, G_FILE_TEST_IS_REGULAR);
}

std::string SkipMessage()
{
    const char *path = PoolPath();
    return std::string("the shared card pool is not beside this clone (KEYACT_CARD_POOL=")
           + (path != nullptr ? path : "unset")
           + "): it lives in ../shared/carddata, present in CI and the development tree, "
             "absent from a fresh clone";
}

long ToHalves(double value)
{
    return std::lround(value * 2.0);
}

std::string HalvesText(long halves)
{
    std::string text = std::to_string(halves / 2);
    if (halves % 2 != 0)
        text += ".5";
    return text;
}

const PoolException *Find(const std::vector<PoolException> &list, const char *name)
{
    for (const PoolException &entry : list) {
        if (g_strcmp0(entry.name, name) == 0)
            return &entry;
    }
    return nullptr;
}

bool NotInLibrary(const RefCard *card)
{
    for (const std::string &layout : kNotInLibraryLayouts) {
        if (layout == card->layout_name)
            return true;
    }
    return false;
}

// Layouts whose card value is the front face's (all but split and
// aftermath): there a front face without its own published value has the
// card's cmc.
bool FrontValued(const RefCard *card)
{
    return g_strcmp0(card->layout_name, "split") != 0
           && g_strcmp0(card->layout_name, "aftermath") != 0;
}

// The published value of face `f`, or -1 when the data has none.
double PublishedFaceValue(const RefCard *card, guint f, bool *via_cmc)
{
    *via_cmc = false;
    double value = card->face_published_mana_value[f];
    if (value < 0 && f == 0 && FrontValued(card)) {
        *via_cmc = card->n_faces > 1;
        value = card->published_mana_value;
    }
    return value;
}

// A face's printed cost, "" for none.
const char *CostOf(const RefCard *card, guint f)
{
    return card->faces[f].mana_cost != nullptr ? card->faces[f].mana_cost : "";
}

std::string FaceLabel(const RefCard *card, guint f)
{
    std::string label = card->name;
    if (card->n_faces > 1)
        label += std::string(" / face ") + std::to_string(f) + " \"" + card->faces[f].name + "\"";
    return label;
}

// "{Q}" for a bad symbol at `offset`, or the stray byte's character.
std::string BadSymbol(const char *cost, uint32_t offset)
{
    const std::string text(cost != nullptr ? cost : "");
    if (offset >= text.size())
        return "(end of cost)";
    if (text[offset] == '{') {
        size_t close = text.find('}', offset);
        return text.substr(offset, close == std::string::npos ? std::string::npos : close - offset + 1);
    }
    const char *start = text.c_str() + offset;
    return std::string(start, g_utf8_next_char(start) - start);
}

// A face mask as "{0,1}".
std::string FaceSet(uint32_t mask)
{
    std::string text = "{";
    for (uint32_t i = 0; i < 32; i++) {
        if ((mask & (1u << i)) != 0)
            text += (text.size() > 1 ? "," : "") + std::to_string(i);
    }
    return text + "}";
}

std::string Listed(const std::vector<std::string> &lines)
{
    std::ostringstream out;
    for (size_t i = 0; i < lines.size() && i < kShownMismatches; i++)
        out << "\n  " << lines[i];
    if (lines.size() > kShownMismatches)
        out << "\n  ... and " << lines.size() - kShownMismatches << " more";
    return out.str();
}

class CardPool : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        start_ = std::chrono::steady_clock::now();
        if (!PoolPresent())
            return;

        const char *module = g_getenv("KEYACT_DISCOVER_MODULE");
        if (module == nullptr || module[0] == '\0') {
            setup_error_ = "KEYACT_DISCOVER_MODULE is not set (meson sets it to keyact-discover.so)";
            return;
        }
        g_autoptr(GError) error = nullptr;
        // A build tree is not an install location; the ownership and
        // permission checks have their own tests in tests/host.
        plugin_ = keyact_plugin_load(module, KEYACT_LOAD_ALLOW_UNSAFE, &error);
        if (plugin_ == nullptr) {
            setup_error_ = std::string("cannot load ") + module + ": " + error->message;
            return;
        }
        rules_ = static_cast<const keyact_rules_ext *>(
            keyact_plugin_get_extension(plugin_, KEYACT_EXT_RULES));
        if (rules_ == nullptr || rules_->struct_size < sizeof(keyact_rules_ext)
            || rules_->mana_value == nullptr || rules_->card_mana_value == nullptr
            || rules_->discover_options == nullptr) {
            setup_error_ = std::string(module) + " has no complete " KEYACT_EXT_RULES " extension";
            rules_ = nullptr;
            return;
        }
        db_ = ref_carddb_load_file(PoolPath(), &error);
        if (db_ == nullptr)
            setup_error_ = std::string("cannot load the card pool: ") + error->message;
    }

    static void TearDownTestSuite()
    {
        if (PoolPresent())
            PrintFigures();
        g_clear_pointer(&db_, ref_carddb_free);
        g_clear_pointer(&plugin_, keyact_plugin_unload);
        rules_ = nullptr;
    }

    void SetUp() override
    {
        if (!PoolPresent())
            GTEST_SKIP() << SkipMessage();
        ASSERT_TRUE(setup_error_.empty()) << setup_error_;
        ASSERT_GE(ref_carddb_size(db_), kPoolAtLeast) << "the card pool looks truncated";
    }

    static void PrintFigures();

    // Values of one card (test 1). Appends to `mismatches` and `unparsed`.
    static void CheckValues(const RefCard *card, std::vector<std::string> &mismatches,
                            std::vector<std::string> &unparsed);
    // The oracle's view of `card`; false (and a line in `mismatches`) when a
    // face needed the plugin's value and the plugin refused its cost.
    static bool BuildOracleCard(const RefCard *card, OracleCard *out,
                                std::vector<std::string> &mismatches);

    static RefCardDb *db_;
    static KeyactPlugin *plugin_;
    static const keyact_rules_ext *rules_;
    static std::string setup_error_;
    static Figures figures_;
    static std::chrono::steady_clock::time_point start_;
};

RefCardDb *CardPool::db_ = nullptr;
KeyactPlugin *CardPool::plugin_ = nullptr;
const keyact_rules_ext *CardPool::rules_ = nullptr;
std::string CardPool::setup_error_;
Figures CardPool::figures_;
std::chrono::steady_clock::time_point CardPool::start_;

void CardPool::CheckValues(const RefCard *card, std::vector<std::string> &mismatches,
                           std::vector<std::string> &unparsed)
{
    const PoolException *meld = Find(kMeldResults, card->name);
    const PoolException *front_half = Find(kFrontHalfCmc, card->name);
    bool faces_parse = true;

    figures_.cards++;
    for (guint f = 0; f < card->n_faces; f++) {
        const char *cost = CostOf(card, f);
        uint32_t halves = 0, offset = 0;
        figures_.faces++;
        if (card->n_faces > 1 && card->face_published_mana_value[f] < 0)
            figures_.faces_null++;
        if (rules_->mana_value(cost, &halves, &offset) != KEYACT_OK) {
            unparsed.push_back(FaceLabel(card, f) + ": cost \"" + cost + "\": bad symbol "
                               + BadSymbol(cost, offset) + " at byte " + std::to_string(offset)
                               + " (data cmc " + HalvesText(ToHalves(card->published_mana_value)) + ")");
            faces_parse = false;
            continue;
        }
        if (meld != nullptr)
            continue;  // its one face is the card, checked as the exception below
        bool via_cmc = false;
        const double published = PublishedFaceValue(card, f, &via_cmc);
        if (published < 0) {
            figures_.faces_unpublished++;
            continue;
        }
        figures_.fronts_via_cmc += via_cmc ? 1u : 0u;
        figures_.faces_compared++;
        if (static_cast<long>(halves) != ToHalves(published))
            mismatches.push_back(FaceLabel(card, f) + ": face value " + HalvesText(halves)
                                 + ", published " + HalvesText(ToHalves(published))
                                 + (via_cmc ? " (card cmc)" : ""));
    }

    uint32_t halves = 0, is_land = 0;
    const int32_t rc = rules_->card_mana_value(&card->desc, &halves, &is_land);
    if (rc != KEYACT_OK) {
        // A refused cost is already listed; any other refusal is a mismatch.
        if (faces_parse)
            mismatches.push_back(std::string(card->name) + ": card_mana_value returned "
                                 + std::to_string(rc));
        return;
    }

    OracleCard oracle;
    if (BuildOracleCard(card, &oracle, mismatches) && (is_land != 0) != OracleIsLand(oracle))
        mismatches.push_back(std::string(card->name) + ": plugin says "
                             + (is_land ? "land" : "nonland") + ", the type lines say otherwise");

    if (meld != nullptr) {
        if (CostOf(card, 0)[0] != '\0' || halves != 0 || card->published_mana_value <= 0)
            mismatches.push_back(std::string(card->name)
                                 + ": listed as a meld result but no longer looks like one");
        else
            figures_.exceptions_seen.insert(card->name);
        return;
    }
    if (card->published_mana_value < 0) {
        mismatches.push_back(std::string(card->name) + ": the data has no cmc");
        return;
    }
    long expected = ToHalves(card->published_mana_value);
    if (front_half != nullptr) {
        if (expected != ToHalves(card->face_published_mana_value[0])) {
            mismatches.push_back(std::string(card->name)
                                 + ": listed as a front-half cmc fault but its cmc is not the "
                                   "front half's value any more; update pool_exceptions.h");
            return;
        }
        expected = oracle.card_halves;  // the halves' published values combined
        figures_.exceptions_seen.insert(card->name);
    }
    if (static_cast<long>(halves) != expected)
        mismatches.push_back(std::string(card->name) + " (" + card->layout_name + "): card value "
                             + HalvesText(halves) + ", published " + HalvesText(expected));
}

bool CardPool::BuildOracleCard(const RefCard *card, OracleCard *out,
                               std::vector<std::string> &mismatches)
{
    OracleCard oracle;
    oracle.layout = card->layout_name;
    long halves_sum = 0;
    for (guint f = 0; f < card->n_faces; f++) {
        OracleFace face;
        face.land = TypeLineHasLand(card->faces[f].type_line);
        bool via_cmc = false;
        const double published = PublishedFaceValue(card, f, &via_cmc);
        if (published >= 0) {
            face.halves = ToHalves(published);
        } else {
            // No published value (modal, flip and reversible back faces):
            // the plugin's value it is, and the figures say how often.
            uint32_t halves = 0;
            if (rules_->mana_value(CostOf(card, f), &halves, nullptr) != KEYACT_OK) {
                mismatches.push_back(FaceLabel(card, f) + ": cost refused, no oracle value");
                return false;
            }
            face.halves = halves;
        }
        halves_sum += face.halves;
        oracle.faces.push_back(face);
    }
    oracle.card_halves = Find(kFrontHalfCmc, card->name) != nullptr
                             ? halves_sum
                             : ToHalves(card->published_mana_value);
    *out = oracle;
    return true;
}

void CardPool::PrintFigures()
{
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::printf("\n== card pool: rules fidelity through the loaded plugin ==\n");
    std::printf("cards checked:                   %u\n", figures_.cards);
    std::printf("faces checked:                   %u (%u against a published value, %u of them "
                "front faces against the card's cmc)\n",
                figures_.faces, figures_.faces_compared, figures_.fronts_via_cmc);
    std::printf("faces without a published value: %u (face_mana_value null; %u non-front faces "
                "not compared, %u oracle values taken from the plugin)\n",
                figures_.faces_null, figures_.faces_unpublished, figures_.oracle_plugin_values);
    std::printf("(card, N) option checks:         %u (%u cards, N = 0..%d)\n",
                figures_.option_checks, figures_.option_cards, kMaxN);
    std::printf("mismatches:                      %u\n", figures_.mismatches);
    std::printf("exceptions:\n");
    for (const auto *list : {&kFrontHalfCmc, &kMeldResults}) {
        for (const PoolException &entry : *list) {
            if (figures_.exceptions_seen.count(entry.name) != 0)
                std::printf("  %s: %s\n", entry.name, entry.reason);
        }
    }
    std::printf("  %u cards: %s\n", figures_.not_in_library, kNotInLibraryReason);
    std::printf("elapsed:                         %.2f s (informational)\n", seconds);
    std::fflush(stdout);
}

// Test 1: every card's and every face's mana value through the plugin
// equals the published one; no printed cost is refused.
TEST_F(CardPool, EveryValueMatchesThePublishedOne)
{
    std::vector<std::string> mismatches;
    std::vector<std::string> unparsed;
    for (guint i = 0; i < ref_carddb_size(db_); i++)
        CheckValues(ref_carddb_get(db_, i), mismatches, unparsed);

    for (const auto *list : {&kFrontHalfCmc, &kMeldResults}) {
        for (const PoolException &entry : *list) {
            if (figures_.exceptions_seen.count(entry.name) == 0 && ref_carddb_lookup(db_, entry.name) == nullptr)
                mismatches.push_back(std::string(entry.name) + ": listed exception is not in the pool");
        }
    }

    figures_.mismatches += static_cast<unsigned>(mismatches.size() + unparsed.size());
    EXPECT_EQ(figures_.cards, ref_carddb_size(db_));
    EXPECT_TRUE(unparsed.empty())
        << unparsed.size() << " printed costs the plugin's parser refuses (a real card must "
           "never count as 0; report to the lead):" << Listed(unparsed);
    EXPECT_TRUE(mismatches.empty()) << mismatches.size() << " mismatches:" << Listed(mismatches);
}

// Test 2: for N = 0..16, discover's hit and castable faces through the
// plugin equal the oracle's, for every card that can be in a library.
TEST_F(CardPool, DiscoverOptionsMatchTheOracle)
{
    std::vector<std::string> mismatches;
    for (guint i = 0; i < ref_carddb_size(db_); i++) {
        const RefCard *card = ref_carddb_get(db_, i);
        if (NotInLibrary(card)) {
            figures_.not_in_library++;
            continue;
        }
        if (Find(kMeldResults, card->name) != nullptr)
            continue;  // never in a library (pool_exceptions.h)

        for (guint f = 0; f < card->n_faces; f++) {
            bool via_cmc = false;
            if (PublishedFaceValue(card, f, &via_cmc) < 0)
                figures_.oracle_plugin_values++;
        }
        OracleCard oracle;
        if (!BuildOracleCard(card, &oracle, mismatches))
            continue;
        figures_.option_cards++;

        for (int n = 0; n <= kMaxN; n++) {
            uint32_t hit = 0xffu, faces = 0xffu;
            const int32_t rc = rules_->discover_options(&card->desc, n, &hit, &faces);
            const OracleOptions expected = OracleDiscover(oracle, n);
            figures_.option_checks++;
            if (rc != KEYACT_OK || (hit != 0) != expected.hit || faces != expected.faces)
                mismatches.push_back(std::string(card->name) + " (" + card->layout_name + ") N="
                                     + std::to_string(n) + ": plugin rc " + std::to_string(rc)
                                     + " hit " + std::to_string(hit) + " faces "
                                     + FaceSet(faces) + ", oracle hit "
                                     + std::to_string(expected.hit ? 1 : 0) + " faces "
                                     + FaceSet(expected.faces));
        }
    }
    figures_.mismatches += static_cast<unsigned>(mismatches.size());
    EXPECT_GT(figures_.option_cards, kPoolAtLeast - 1000u);
    EXPECT_TRUE(mismatches.empty()) << mismatches.size() << " mismatches:" << Listed(mismatches);
}

}  // namespace
}  // namespace cardpool

// Exit 77 (meson's SKIP) when the pool is absent, after gtest has reported
// each test as skipped with the reason.
int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    const int status = RUN_ALL_TESTS();
    if (status == 0 && !cardpool::PoolPresent()) {
        std::printf("SKIP: %s\n", cardpool::SkipMessage().c_str());
        return 77;
    }
    return status;
}
