/* SPDX-License-Identifier: MIT */
// test_bad_data.cc - broken, misshapen, missing and oversized input gives a
// clear error of the right kind and never crashes.
#include <iostream>
#include <regex>
#include <string>

#include "carddb_fixtures.h"
#include "carddb_test_util.h"
#include "carddb-private.h"

namespace {

class BadData : public ::testing::Test {
protected:
    // Load `text` (written as `name`) and expect failure with `code`;
    // returns the message.
    std::string Fails(const std::string &text, RefCardDbError code, bool gzip = false,
                      const std::string &name = "bad.json")
    {
        path_ = dir_.write(name, text, gzip);
        g_autoptr(GError) error = nullptr;
        RefCardDb *db = ref_carddb_load_file(path_.c_str(), &error);
        EXPECT_EQ(db, nullptr);
        ref_carddb_free(db);
        if (error == nullptr) {
            ADD_FAILURE() << "no error for " << text.substr(0, 80);
            return "";
        }
        EXPECT_TRUE(g_error_matches(error, REF_CARDDB_ERROR, code))
            << "code " << error->code << ": " << error->message;
        return error->message;
    }

    TempDir dir_;
    std::string path_;
};

// "FILE:LINE:COLUMN: message" with this test's file.
void ExpectFileLineColumn(const std::string &message, const std::string &path,
                          int line, int column = -1)
{
    std::smatch m;
    ASSERT_TRUE(std::regex_search(message, m, std::regex("^(.*):([0-9]+):([0-9]+): .+")))
        << message;
    EXPECT_EQ(m[1].str(), path) << message;
    EXPECT_EQ(std::stoi(m[2].str()), line) << message;
    if (column >= 0) {
        EXPECT_EQ(std::stoi(m[3].str()), column) << message;
    }
}

TEST_F(BadData, TruncatedJsonIsAParseErrorWithFileLineColumn)
{
    std::string truncated = "[\n  {\"name\": \"Shock\",\n   \"layout\": \"nor";
    std::string message = Fails(truncated, REF_CARDDB_ERROR_PARSE);
    ExpectFileLineColumn(message, path_, 3);
    // The same through gzip.
    message = Fails(truncated, REF_CARDDB_ERROR_PARSE, true);
    ExpectFileLineColumn(message, path_, 3);
}

TEST_F(BadData, SyntaxErrorsAreParseErrors)
{
    ExpectFileLineColumn(Fails("[1,\n  {\"a\": 2,}]", REF_CARDDB_ERROR_PARSE), path_, 2);
    ExpectFileLineColumn(Fails("", REF_CARDDB_ERROR_PARSE), path_, 1, 1);
    ExpectFileLineColumn(Fails("\x01\x02\xff garbage", REF_CARDDB_ERROR_PARSE), path_, 1);
    ExpectFileLineColumn(Fails("[] []", REF_CARDDB_ERROR_PARSE), path_, 1);
}

TEST_F(BadData, DeepNestingIsRefusedBeforeParsing)
{
    // json-glib recurses per level; this depth would overflow its stack.
    std::string deep(200000, '[');
    ExpectFileLineColumn(Fails("\n" + deep, REF_CARDDB_ERROR_PARSE), path_, 2, 65);
    // Brackets inside strings do not count.
    std::string text = "[{\"name\": \"" + std::string(1000, '[') + "\", \"type_line\": \"Instant\"}]";
    path_ = dir_.write("strings.json", text);
    g_autoptr(GError) error = nullptr;
    g_autoptr(RefCardDb) db = ref_carddb_load_file(path_.c_str(), &error);
    ASSERT_NE(db, nullptr) << error->message;
    EXPECT_EQ(ref_carddb_size(db), 1u);
}

TEST_F(BadData, WrongShapesAreFormatErrorsNamingCardAndField)
{
    struct Case {
        const char *text;
        const char *expect;  // substring of the message
    } cases[] = {
        { "42", "not an array or object" },
        { "\"cards\"", "not an array or object" },
        { R"({"cards": []})", "without a \"data\"" },
        { R"({"object": "card", "data": []})", "\"object\" is not \"list\"" },
        { R"(["Fire"])", "card 0: not an object" },
        { R"([{"name": "A", "type_line": "Instant"}, {"layout": "normal"}])", "card 1: field \"name\" is missing" },
        { R"([{"name": ""}])", "card 0: field \"name\" is missing or empty" },
        { R"([{"name": 5}])", "card 0: field \"name\" is not a string" },
        { R"([{"name": "Shock", "cmc": "one"}])", "card 0 \"Shock\": field \"cmc\" is not a number" },
        { R"([{"name": "Shock", "layout": ["normal"]}])", "\"Shock\": field \"layout\" is not a string" },
        { R"([{"name": "Shock", "card_faces": {"name": "x"}}])", "field \"card_faces\" is not an array" },
        { R"([{"name": "Fire // Ice", "card_faces": [{"name": "Fire"}, 7]}])", "field \"card_faces[1]\" is not an object" },
        { R"([{"name": "Fire // Ice", "card_faces": [{"name": "Fire"}, {"name": "Ice", "mana_cost": []}]}])",
          "card 0 \"Fire // Ice\": field \"card_faces[1].mana_cost\" is not a string" },
        { R"([{"name": "Fire // Ice", "card_faces": [{"name": "Fire"}, {"mana_cost": "{U}"}]}])",
          "field \"card_faces[1].name\" is missing" },
        { R"([{"name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R}",
               "card_faces": [{"name": "Fire"}, {"name": "Ice"}]}])",
          "\"Fire // Ice\": field \"mana_cost\" \"{1}{R}\" does not split into 2 faces" },
        { R"({"data": {"Shock": 3}})", "data.\"Shock\": expected an array" },
        { R"({"data": {"Shock": [{"layout": "normal"}]}})", "data.\"Shock\"[0]: field \"name\" is missing" },
        { R"({"data": {"code": "X", "cards": [{"name": "Opt", "manaValue": true}]}})",
          "data.cards[0] \"Opt\": field \"manaValue\" is not a number" },
        { R"({"data": {"code": "X", "cards": [{"name": "Opt", "side": 1}]}})",
          "data.cards[0]: field \"side\" is not a string" },
        { R"({"data": {"code": "X", "cards": 5}})", "field \"data.cards\" is not an array" },
        { R"({"format": "other"})", "unknown \"format\"" },
        { R"({"format": "keyact-carddb", "version": 2, "cards": []})", "field \"version\" is not 1" },
        { R"({"format": "keyact-carddb", "version": 1})", "field \"cards\" is missing" },
        { R"({"format": "keyact-carddb", "version": 1, "cards": [{"name": "A", "discover": {"kind": "x", "n": 1}}]})",
          "\"discover.kind\"" },
        { R"({"format": "keyact-carddb", "version": 1, "cards": [{"name": "A", "discover": {"kind": "other", "n": -3}}]})",
          "\"discover.n\"" },
        { R"({"format": "keyact-carddb", "version": 1, "cards": [{"name": "A", "faces": [{"name": 1}]}]})",
          "field \"faces[0].name\" is not a string" },
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.text);
        std::string message = Fails(c.text, REF_CARDDB_ERROR_FORMAT);
        EXPECT_NE(message.find(path_ + ": "), std::string::npos) << message;
        EXPECT_NE(message.find(c.expect), std::string::npos) << message;
    }
}

TEST_F(BadData, MissingAndUnreadableFilesAreIoErrors)
{
    g_autoptr(GError) error = nullptr;
    std::string missing = dir_.file("no-such-file.json");
    RefCardDb *db = ref_carddb_load_file(missing.c_str(), &error);
    EXPECT_EQ(db, nullptr);
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(g_error_matches(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_IO)) << error->message;
    EXPECT_NE(std::string(error->message).find("no-such-file.json"), std::string::npos);
    g_clear_error(&error);

    // A directory is not a card file.
    std::string dir = dir_.file("");
    db = ref_carddb_load_file(dir.c_str(), &error);
    EXPECT_EQ(db, nullptr);
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(g_error_matches(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_IO)) << error->message;
}

TEST_F(BadData, CorruptGzipIsAnIoError)
{
    std::string packed;
    {
        std::string path = dir_.write("ok.json.gz", "[{\"name\": \"Shock\"}]", true);
        g_autofree char *bytes = nullptr;
        gsize len = 0;
        ASSERT_TRUE(g_file_get_contents(path.c_str(), &bytes, &len, nullptr));
        packed.assign(bytes, len);
    }
    // Cut in the middle of the deflate stream, and garbage after the magic.
    Fails(packed.substr(0, packed.size() / 2), REF_CARDDB_ERROR_IO);
    Fails(std::string("\x1f\x8b") + "not a gzip stream at all", REF_CARDDB_ERROR_IO);
    // The magic alone in a one-byte file is plain (bad) JSON, not gzip.
    Fails("\x1f", REF_CARDDB_ERROR_PARSE);
}

TEST_F(BadData, OversizedInputIsRefused)
{
    // The limit is REF_CARDDB_MAX_BYTES; check the reader with a small one,
    // plain and as a gzip bomb (1 MiB of spaces packs into about 1 KiB).
    std::string big(1 << 20, ' ');
    for (bool gzip : { false, true }) {
        SCOPED_TRACE(gzip ? "gzip" : "plain");
        std::string path = dir_.write("big.json", "[" + big + "]", gzip);
        g_autoptr(GError) error = nullptr;
        g_autoptr(GBytes) bytes = ref_carddb_read_bytes(path.c_str(), 64 * 1024, &error);
        EXPECT_EQ(bytes, nullptr);
        ASSERT_NE(error, nullptr);
        EXPECT_TRUE(g_error_matches(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_IO));
        EXPECT_NE(std::string(error->message).find("larger than"), std::string::npos) << error->message;
        // Under the real limit the same file is fine (an empty database).
        g_autoptr(RefCardDb) db = ref_carddb_load_file(path.c_str(), &error);
        ASSERT_NE(db, nullptr);
        EXPECT_EQ(ref_carddb_size(db), 0u);
    }
}

// Five halves (the most any printed card has) load; more faces than the
// ABI can describe are a FORMAT error naming the card.
TEST_F(BadData, FacesUpToTheAbiLimitLoadAndMoreAreRefused)
{
    const char *five = R"([
      {"name": "Shock", "mana_cost": "{R}", "type_line": "Instant"},
      {"name": "Who // What // When // Where // Why", "layout": "split",
       "mana_cost": "{X}{W} // {2}{R} // {2}{U} // {3}{B} // {1}{G}",
       "card_faces": [{"name": "Who"}, {"name": "What"}, {"name": "When"}, {"name": "Where"}, {"name": "Why"}]}
    ])";
    std::string path = dir_.write("five.json", five);
    g_autoptr(GError) error = nullptr;
    g_autoptr(RefCardDb) db = ref_carddb_load_file(path.c_str(), &error);
    ASSERT_NE(db, nullptr) << error->message;
    const RefCard *who = ref_carddb_lookup(db, "Why");
    ASSERT_NE(who, nullptr);
    ASSERT_EQ(who->n_faces, 5u);
    EXPECT_EQ(FaceCost(who, 4), "{1}{G}");
    ExpectDescMatchesCard(who);

    // One face past the limit, in each format.
    std::string faces, entries, builtin_faces;
    for (guint i = 0; i <= KEYACT_MAX_FACES; i++) {
        std::string sep = i ? "," : "";
        std::string side(1, (char)('a' + i));
        faces += sep + R"({"name": "F)" + side + R"("})";
        builtin_faces += sep + R"({"name": "F)" + side + R"("})";
        entries += sep + R"({"name": "Many", "side": ")" + side + R"(", "faceName": "F)" + side
            + R"(", "layout": "split"})";
    }
    std::string limit = std::to_string(KEYACT_MAX_FACES);
    std::string count = std::to_string(KEYACT_MAX_FACES + 1);
    for (const std::string &text : {
             R"([{"name": "Many", "layout": "split", "card_faces": [)" + faces + "]}]",
             R"({"data": {"Many": [)" + entries + "]}}",
             R"({"data": {"code": "X", "cards": [)" + entries + "]}}",
             R"({"format": "keyact-carddb", "version": 1, "cards": [{"name": "Many", "faces": [)"
                 + builtin_faces + "]}]}" }) {
        SCOPED_TRACE(text);
        std::string message = Fails(text, REF_CARDDB_ERROR_FORMAT);
        EXPECT_NE(message.find("\"Many\""), std::string::npos) << message;
        EXPECT_NE(message.find(count + " faces"), std::string::npos) << message;
        EXPECT_NE(message.find("at most " + limit), std::string::npos) << message;
    }
}

TEST_F(BadData, NullsAndUnknownLayoutsAreAccepted)
{
    const char *text = R"([{"name": "Odd", "layout": "token", "mana_cost": null, "cmc": null,
                            "type_line": null, "oracle_text": null, "card_faces": null,
                            "extra": {"anything": [1, 2, 3]}}])";
    std::string path = dir_.write("nulls.json", text);
    g_autoptr(GError) error = nullptr;
    g_autoptr(RefCardDb) db = ref_carddb_load_file(path.c_str(), &error);
    ASSERT_NE(db, nullptr) << error->message;
    const RefCard *card = ref_carddb_lookup(db, "Odd");
    ASSERT_NE(card, nullptr);
    EXPECT_EQ(card->layout, KEYACT_LAYOUT_NORMAL);
    EXPECT_STREQ(card->layout_name, "token");
    EXPECT_EQ(card->n_faces, 1u);
    EXPECT_STREQ(card->faces[0].mana_cost, "");
    EXPECT_STREQ(card->type_line, "");
    EXPECT_EQ(card->published_mana_value, -1);
    EXPECT_FALSE(card->is_permanent);
    ExpectDescMatchesCard(card);
}

// Every truncation and a few hundred seeded random edits of the fixtures
// either load or fail with a card database error naming the file.
TEST_F(BadData, MangledFixturesNeverCrash)
{
    static const char kBytes[] = "\"[]{}:,0-9xe\\ \n\x80\xc3";
    g_autoptr(GRand) rand = g_rand_new_with_seed(701057);
    guint loaded = 0, refused = 0, format = 0;
    auto check = [&](const std::string &text) {
        std::string path = dir_.write("mangled.json", text);
        g_autoptr(GError) error = nullptr;
        g_autoptr(RefCardDb) db = ref_carddb_load_file(path.c_str(), &error);
        ASSERT_TRUE((db == nullptr) != (error == nullptr)) << text;
        if (db != nullptr) {
            loaded++;
            for (guint i = 0; i < ref_carddb_size(db); i++)
                ExpectDescMatchesCard(ref_carddb_get(db, i));
            return;
        }
        refused++;
        format += error->code == REF_CARDDB_ERROR_FORMAT;
        EXPECT_EQ(error->domain, REF_CARDDB_ERROR) << error->message;
        EXPECT_EQ(std::string(error->message).rfind(path, 0), 0u) << error->message;
    };
    for (const char *fixture : { kScryfallCards, kAtomicCards, kSetFile }) {
        std::string text = fixture;
        for (size_t len = 0; len < text.size(); len += 11)
            check(text.substr(0, len));
        for (int i = 0; i < 150; i++) {
            std::string edited = text;
            size_t at = (size_t)g_rand_int_range(rand, 0, (gint32)edited.size());
            switch (g_rand_int_range(rand, 0, 6)) {
            case 0:
                edited[at] = kBytes[g_rand_int_range(rand, 0, (gint32)sizeof kBytes - 1)];
                break;
            case 1:
                edited.erase(at, (size_t)g_rand_int_range(rand, 1, 40));
                break;
            case 2:
                edited.insert(at, edited.substr(at / 2, (size_t)g_rand_int_range(rand, 1, 80)));
                break;
            default: {
                // Still valid JSON: a string member's value becomes another type.
                static const char *const kValues[] = { "5", "[]", "{}", "null", "true", "\"\"", "[\"x\"]" };
                size_t colon = edited.find(": \"", at);
                if (colon == std::string::npos)
                    colon = edited.find(": \"");
                size_t end = edited.find('"', colon + 3);
                while (end != std::string::npos && edited[end - 1] == '\\')
                    end = edited.find('"', end + 1);
                if (end != std::string::npos)
                    edited.replace(colon + 2, end - colon - 1,
                                   kValues[g_rand_int_range(rand, 0, G_N_ELEMENTS(kValues))]);
                break;
            }
            }
            check(edited);
        }
    }
    // Every outcome happened: the edits reach the card checks, not only the parser.
    EXPECT_GT(loaded, 0u);
    EXPECT_GT(format, 0u);
    EXPECT_GT(refused, format);
    std::cout << "[ info     ] mangled inputs: " << loaded << " loaded, " << refused
              << " refused (" << format << " of them as FORMAT)\n";
}

}  // namespace
