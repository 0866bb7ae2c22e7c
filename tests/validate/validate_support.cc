/* SPDX-License-Identifier: MIT */
// validate_support.cc - see validate_support.h.
#include "validate_support.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace validate {

// The first words of each rule as validate_layer.c writes it.
const char *const kLibrarySize = "library_size falls by one for each card moved out";
const char *const kLibraryCardRange = "library_card answers a card for every index below";
const char *const kLibraryAgrees = "library_card and library_cards agree with each other";
const char *const kLibraryCardsAnswer = "library_cards answers KEYACT_E_NOTFOUND exactly when";
const char *const kMoveDestination = "a move that succeeded put the card where it was asked";
const char *const kMoveFailedStays = "a move that failed left the card where it was";
const char *const kDescribeValid = "a description has a known layout";
const char *const kDescribeCost = "a face's mana cost is a printed cost keyact can read";
const char *const kDescribeStable = "a card is described the same way every time";
const char *const kCanCastRange = "can_cast_face answers 0 or 1";
const char *const kChooseRange = "choose answers an index below option_count";
const char *const kCastFreeRange = "cast_free answers KEYACT_CAST_DONE or KEYACT_CAST_FAILED";
const char *const kCastDoneOnStack = "a cast_free that answered KEYACT_CAST_DONE moved the card";
const char *const kCastFailedInExile = "a cast_free that answered KEYACT_CAST_FAILED";
const char *const kRandomRange = "random_below answers below its bound";
const char *const kRandomUniform = "random draws are uniform";
const char *const kApplyStepsDone = "apply_steps sets out_done to count on success";
const char *const kEndZones = "at the end of a resolve every card the plugin moved is where";

Validated::Validated(KeyactValidation mode, const char *env_name, const char *action)
{
    const char *path = g_getenv(env_name);
    if (path == nullptr || *path == '\0') {
        std::fprintf(stderr, "%s is not set (run the tests through meson test)\n", env_name);
        std::abort();
    }
    registry_ = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    if (!keyact_registry_load(registry_, path, KEYACT_LOAD_ALLOW_UNSAFE, &error) ||
        !keyact_registry_lookup(registry_, action, nullptr, &bound_, &error)) {
        std::fprintf(stderr, "cannot load %s: %s\n", path, error->message);
        std::abort();
    }
    keyact_registry_set_validation(registry_, mode);
    keyact_registry_set_violation_handler(registry_, collect, this, nullptr);
}

Validated::~Validated()
{
    keyact_registry_free(registry_);
}

void Validated::collect(const keyact_host *host, const KeyactViolation *v, gpointer data)
{
    auto *self = static_cast<Validated *>(data);
    self->reports_.push_back(Report{ v->callback, v->card, v->card_name ? v->card_name : "",
                                     v->answer, v->rule, v->message, host });
}

std::string Validated::all() const
{
    std::string text;
    for (const Report &r : reports_)
        text += r.message + "\n";
    return text.empty() ? "(no reports)" : text;
}

std::vector<Report> Validated::with_rule(const std::string &words) const
{
    std::vector<Report> found;
    for (const Report &r : reports_) {
        if (r.rule.find(words) != std::string::npos)
            found.push_back(r);
    }
    return found;
}

int32_t Validated::resolve(const keyact_host *host, FakeResolve *res, int32_t n,
                           keyact_player_id player)
{
    *res = FakeResolve{};
    res->args.struct_size = sizeof res->args;
    res->args.n = n;
    res->args.game = 1;
    res->args.player = player;
    res->args.source = KEYACT_CARD_NONE;
    res->result.struct_size = sizeof res->result;
    res->result.stranded = res->stranded;
    res->result.stranded_capacity = FAKE_STRANDED_CAPACITY;
    res->status = keyact_bound_action_resolve(&bound_, host, &res->args, &res->result);
    return res->status;
}

// ---- the game ----

static const FakeCardSpec kForest = { KEYACT_LAYOUT_NORMAL, 1, { { "Forest", "", KEYACT_FACE_LAND } } };
static const FakeCardSpec kShock = { KEYACT_LAYOUT_NORMAL, 1, { { "Shock", "{R}", 0 } } };
static const FakeCardSpec kBear = { KEYACT_LAYOUT_NORMAL, 1, { { "Grizzly Bears", "{1}{G}", 0 } } };

Game::Game(unsigned lands_above, unsigned lands_below, bool card_zone, guint batched,
           bool with_hit)
{
    host = fake_host_new(1, 1);
    for (unsigned i = 0; i < lands_above; i++)
        library.push_back(fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, &kForest));
    if (with_hit) {
        hit = fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, &kShock);
        library.push_back(hit);
    }
    for (unsigned i = 0; with_hit && i < lands_below; i++)
        library.push_back(fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, &kForest));
    fake_host_add_card(host, 1, FAKE_ZONE_HAND, &kBear);
    fake_host_set_batched(host, batched);
    fake_host_set_card_zone(host, card_zone ? TRUE : FALSE);
    fake_host_set_seed(host, 7);
}

Game::~Game()
{
    fake_host_free(host);
}

// ---- the wrong host ----

static WrongHost::Self *self_of(const keyact_host *table)
{
    return reinterpret_cast<WrongHost::Self *>(const_cast<keyact_host *>(table));
}

#define INNER(s) ((s)->inner)

static int32_t w_library_size(const keyact_host *t, keyact_game_id g, keyact_player_id p,
                              uint32_t *out)
{
    auto *s = self_of(t);
    int32_t rc = INNER(s)->library_size(INNER(s), g, p, out);
    if (rc == KEYACT_OK && s->wrong == Wrong::LibrarySizeStale) {
        if (!s->have_first_size) {
            s->first_size = *out;
            s->have_first_size = true;
        }
        *out = s->first_size;
    }
    if (rc == KEYACT_OK && s->wrong == Wrong::LibrarySizeOneHigh)
        *out += 1;
    return rc;
}

static int32_t w_library_card(const keyact_host *t, keyact_game_id g, keyact_player_id p,
                              uint32_t index, keyact_card_id *out)
{
    auto *s = self_of(t);
    if (s->wrong == Wrong::LibraryCardNotFound && index == 0)
        return KEYACT_E_NOTFOUND;
    if (s->wrong == Wrong::LibraryCardForeign && ++s->library_card_calls == 2) {
        *out = 999; // never given out
        return KEYACT_OK;
    }
    int32_t rc = INNER(s)->library_card(INNER(s), g, p, index, out);
    if (rc == KEYACT_OK && s->wrong == Wrong::LibraryCardStaleTop && index == 0) {
        if (s->first_top == KEYACT_CARD_NONE)
            s->first_top = *out;
        *out = s->first_top;
    }
    return rc;
}

static int32_t w_library_cards(const keyact_host *t, keyact_game_id g, keyact_player_id p,
                               uint32_t from, uint32_t count, keyact_card_id *out)
{
    auto *s = self_of(t);
    if (s->wrong == Wrong::LibraryCardsShifted)
        from++;
    int32_t rc = INNER(s)->library_cards(INNER(s), g, p, from, count, out);
    if (rc == KEYACT_OK && s->wrong == Wrong::LibraryCardsDuplicate && count >= 2)
        out[1] = out[0];
    return rc;
}

static int32_t w_move_card(const keyact_host *t, keyact_game_id g, keyact_player_id p,
                           keyact_card_id card, uint32_t to_zone, uint32_t index, uint32_t flags)
{
    auto *s = self_of(t);
    if (s->wrong == Wrong::MoveToHandExiles && to_zone == KEYACT_ZONE_HAND)
        return KEYACT_OK; // the card stays in exile
    if (s->wrong == Wrong::MoveNoOp && to_zone == KEYACT_ZONE_EXILE)
        return KEYACT_OK; // the card stays on top
    if (s->wrong == Wrong::MoveExileToHand && to_zone == KEYACT_ZONE_EXILE)
        to_zone = KEYACT_ZONE_HAND;
    if (s->wrong == Wrong::BottomOnTop && to_zone == KEYACT_ZONE_LIBRARY &&
        index == KEYACT_LIBRARY_BOTTOM)
        index = KEYACT_LIBRARY_TOP;
    int32_t rc = INNER(s)->move_card(INNER(s), g, p, card, to_zone, index, flags);
    if (rc == KEYACT_OK && s->wrong == Wrong::MoveFailsAfterMoving &&
        to_zone == KEYACT_ZONE_LIBRARY)
        return KEYACT_E_STATE;
    return rc;
}

// Shock as an engine may describe it on the stack, or in a batch: cost changed.
static const keyact_face_desc dearer = { sizeof(keyact_face_desc), 0, "Shock", "{1}{R}" };

static int32_t w_describe_card(const keyact_host *t, keyact_game_id g, keyact_card_id card,
                               keyact_card_desc *out)
{
    auto *s = self_of(t);
    int32_t rc = INNER(s)->describe_card(INNER(s), g, card, out);
    uint32_t zone = 0;
    if (rc == KEYACT_OK && s->wrong == Wrong::DescribeByZone &&
        INNER(s)->card_zone(INNER(s), g, card, &zone) == KEYACT_OK &&
        zone != KEYACT_ZONE_LIBRARY && zone != KEYACT_ZONE_EXILE &&
        std::strcmp(out->faces[0]->name, "Shock") == 0)
        out->faces[0] = &dearer; // an engine describing the card on the stack, cost changed
    if (rc == KEYACT_OK && s->wrong == Wrong::DescribeBadLayout &&
        std::strcmp(out->faces[0]->name, "Shock") == 0)
        out->layout = 99;
    return rc;
}

static int32_t w_can_cast_face(const keyact_host *t, keyact_game_id g, keyact_player_id p,
                               keyact_card_id card, uint32_t face, uint32_t *out)
{
    auto *s = self_of(t);
    int32_t rc = INNER(s)->can_cast_face(INNER(s), g, p, card, face, out);
    if (rc == KEYACT_OK && s->wrong == Wrong::CanCastCountsTargets && *out == 1)
        *out = 2; // "two legal targets"
    return rc;
}

static int32_t w_choose(const keyact_host *t, keyact_game_id g, keyact_player_id p,
                        keyact_card_id card, const keyact_option *options, uint32_t count,
                        uint32_t *out)
{
    auto *s = self_of(t);
    int32_t rc = INNER(s)->choose(INNER(s), g, p, card, options, count, out);
    if (rc == KEYACT_OK && s->wrong == Wrong::ChooseOneBased)
        *out += 1;
    return rc;
}

static int32_t w_cast_free(const keyact_host *t, keyact_game_id g, keyact_player_id p,
                           keyact_card_id card, uint32_t face, uint32_t *out)
{
    auto *s = self_of(t);
    if (s->wrong == Wrong::CastDoneNotCast) {
        *out = KEYACT_CAST_DONE; // "the engine said it was cast", nothing on the stack
        return KEYACT_OK;
    }
    int32_t rc = INNER(s)->cast_free(INNER(s), g, p, card, face, out);
    if (rc == KEYACT_OK && s->wrong == Wrong::CastFailedButCast)
        *out = KEYACT_CAST_FAILED; // the spell is on the stack all the same
    if (rc == KEYACT_OK && s->wrong == Wrong::CastFreeAnswersZero)
        *out = 0;
    return rc;
}

static int32_t w_random_below(const keyact_host *t, keyact_game_id g, uint32_t bound,
                              uint32_t *out)
{
    auto *s = self_of(t);
    int32_t rc = INNER(s)->random_below(INNER(s), g, bound, out);
    if (rc == KEYACT_OK && s->wrong == Wrong::RandomAlwaysZero)
        *out = 0;
    if (rc == KEYACT_OK && s->wrong == Wrong::RandomOneBased)
        *out += 1;
    return rc;
}

static void w_notify(const keyact_host *t, keyact_game_id g, const keyact_event *event)
{
    auto *s = self_of(t);
    if (INNER(s)->notify != nullptr)
        INNER(s)->notify(INNER(s), g, event);
}

static void w_log(const keyact_host *t, int32_t level, const char *message)
{
    auto *s = self_of(t);
    if (INNER(s)->log != nullptr)
        INNER(s)->log(INNER(s), level, message);
}

static int32_t w_describe_cards(const keyact_host *t, keyact_game_id g,
                                const keyact_card_id *cards, uint32_t count,
                                keyact_card_desc *const *out)
{
    auto *s = self_of(t);
    int32_t rc = INNER(s)->describe_cards(INNER(s), g, cards, count, out);
    for (uint32_t i = 0; rc == KEYACT_OK && s->wrong == Wrong::DescribeCardsDearer && i < count;
         i++)
        if (std::strcmp(out[i]->faces[0]->name, "Shock") == 0)
            out[i]->faces[0] = &dearer;
    return rc;
}

// The apply_steps lies fire once, on the first batch of at least three steps
// (the exile up to the hit), so each shows one misreport.
static int32_t w_apply_steps(const keyact_host *t, keyact_game_id g, keyact_player_id p,
                             const keyact_step *steps, uint32_t count, uint32_t *out_done)
{
    auto *s = self_of(t);
    const keyact_host *in = INNER(s);
    bool fire = !s->stepped_once && count >= 3;
    if (fire)
        s->stepped_once = true;
    switch (fire ? s->wrong : Wrong::None) {
    case Wrong::ApplyStepsFailAfterAll: {
        int32_t rc = in->apply_steps(in, g, p, steps, count, out_done);
        if (rc != KEYACT_OK)
            return rc;
        *out_done = 1;
        return KEYACT_E_STATE;
    }
    case Wrong::ApplyStepsFailDoneHigh:
        *out_done = count;
        return KEYACT_E_STATE;
    case Wrong::ApplyStepsSkipsOne: {
        keyact_step copy[64];
        std::memcpy(copy, steps, count * sizeof *steps);
        copy[1].to_zone = KEYACT_ZONE_NONE; // "that move was illegal": its event alone
        int32_t rc = in->apply_steps(in, g, p, copy, count, out_done);
        return rc;
    }
    case Wrong::ApplyStepsFailFewer: {
        uint32_t done = 0;
        int32_t rc = in->apply_steps(in, g, p, steps, 1, &done);
        if (rc != KEYACT_OK)
            return rc;
        *out_done = 2;
        return KEYACT_E_STATE;
    }
    default:
        break;
    }
    int32_t rc = in->apply_steps(in, g, p, steps, count, out_done);
    if (rc == KEYACT_OK && s->wrong == Wrong::ApplyStepsShort)
        *out_done = count - 1;
    if (rc == KEYACT_OK && s->wrong == Wrong::ApplyStepsOver)
        *out_done = count + 1;
    return rc;
}

static int32_t w_random_below_each(const keyact_host *t, keyact_game_id g,
                                   const uint32_t *bounds, uint32_t count, uint32_t *out)
{
    auto *s = self_of(t);
    int32_t rc = INNER(s)->random_below_each(INNER(s), g, bounds, count, out);
    if (rc == KEYACT_OK && s->wrong == Wrong::RandomAlwaysZero)
        for (uint32_t i = 0; i < count; i++)
            out[i] = 0;
    return rc;
}

static int32_t w_card_zone(const keyact_host *t, keyact_game_id g, keyact_card_id card,
                           uint32_t *out)
{
    auto *s = self_of(t);
    int32_t rc = INNER(s)->card_zone(INNER(s), g, card, out);
    if (rc == KEYACT_OK && s->wrong == Wrong::CardZoneNone && *out != KEYACT_ZONE_LIBRARY)
        *out = KEYACT_ZONE_NONE;
    if (rc == KEYACT_OK && s->wrong == Wrong::CardZoneStale)
        *out = KEYACT_ZONE_LIBRARY;
    return rc;
}

WrongHost::WrongHost(const keyact_host *inner, Wrong wrong)
{
    self_.inner = inner;
    self_.wrong = wrong;
    keyact_host &t = self_.table;
    std::memcpy(&t, inner, std::min<size_t>(inner->struct_size, sizeof t));
    t.host_name = "wrong host";
    t.host_data = nullptr;
    t.library_size = w_library_size;
    t.library_card = w_library_card;
    t.move_card = w_move_card;
    t.describe_card = w_describe_card;
    t.can_cast_face = w_can_cast_face;
    t.choose = w_choose;
    t.cast_free = w_cast_free;
    t.random_below = w_random_below;
    t.notify = w_notify;
    t.log = w_log;
    t.get_extension = nullptr;
    if (KEYACT_HOST_HAS(inner, library_cards) && inner->library_cards != nullptr)
        t.library_cards = w_library_cards;
    if (KEYACT_HOST_HAS(inner, describe_cards) && inner->describe_cards != nullptr)
        t.describe_cards = w_describe_cards;
    if (KEYACT_HOST_HAS(inner, apply_steps) && inner->apply_steps != nullptr)
        t.apply_steps = w_apply_steps;
    if (KEYACT_HOST_HAS(inner, random_below_each) && inner->random_below_each != nullptr)
        t.random_below_each = w_random_below_each;
    if (KEYACT_HOST_HAS(inner, card_zone) && inner->card_zone != nullptr)
        t.card_zone = w_card_zone;
}

}  // namespace validate
