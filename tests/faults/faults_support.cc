/* SPDX-License-Identifier: MIT */
// faults_support.cc - the layout games of the fault sweep.
#include "faults_support.h"

namespace faults {

namespace {

FakeCardSpec one_face(const char *name, const char *cost, uint32_t flags = 0)
{
    FakeCardSpec spec{};
    spec.layout = KEYACT_LAYOUT_NORMAL;
    spec.face_count = 1;
    spec.faces[0] = {name, cost, flags};
    return spec;
}

FakeCardSpec two_faces(uint32_t layout, FakeFaceSpec front, FakeFaceSpec back)
{
    FakeCardSpec spec{};
    spec.layout = layout;
    spec.face_count = 2;
    spec.faces[0] = front;
    spec.faces[1] = back;
    return spec;
}

}  // namespace

KeyactPlugin *discover_plugin()
{
    return const_cast<KeyactPlugin *>(discover().plugin);
}

std::string layout_name(uint32_t layout)
{
    const char *name = keyact_layout_name(layout);
    std::string lower = name != nullptr ? name : "unknown";
    for (char &c : lower)
        c = g_ascii_tolower(c);
    return lower;
}

// Real cards, so each layout's castable faces and values are the printed ones.
FakeCardSpec layout_card(uint32_t layout)
{
    switch (layout) {
    case KEYACT_LAYOUT_SPLIT:  // Fire // Ice: value 4 in exile, each half 2
        return two_faces(layout, {"Fire", "{1}{R}", 0}, {"Ice", "{1}{U}", 0});
    case KEYACT_LAYOUT_AFTERMATH:  // Cut // Ribbons: value 4 + 2
        return two_faces(layout, {"Cut", "{1}{R}", 0}, {"Ribbons", "{X}{B}{B}", 0});
    case KEYACT_LAYOUT_ADVENTURE:  // Bonecrusher Giant // Stomp
        return two_faces(layout, {"Bonecrusher Giant", "{2}{R}", 0}, {"Stomp", "{1}{R}", 0});
    case KEYACT_LAYOUT_MODAL_DFC:  // Valki // Tibalt: back face costs more
        return two_faces(layout, {"Valki, God of Lies", "{1}{B}", 0},
                         {"Tibalt, Cosmic Impostor", "{5}{B}{R}", 0});
    case KEYACT_LAYOUT_TRANSFORM:  // Delver of Secrets // Insectile Aberration
        return two_faces(layout, {"Delver of Secrets", "{U}", 0}, {"Insectile Aberration", "", 0});
    case KEYACT_LAYOUT_FLIP:  // Akki Lavarunner // Tok-Tok, Volcano Born
        return two_faces(layout, {"Akki Lavarunner", "{3}{R}", 0},
                         {"Tok-Tok, Volcano Born", "{3}{R}", 0});
    case KEYACT_LAYOUT_MELD:  // Bruna, the Fading Light // Brisela
        return two_faces(layout, {"Bruna, the Fading Light", "{5}{W}{W}", 0},
                         {"Brisela, Voice of Nightmares", "", 0});
    default:
        return one_face("Lightning Strike", "{1}{R}");
    }
}

Game::Game(uint32_t layout, guint64 seed)
{
    host = fake_host_new(7, 2);
    fake_host_set_seed(host, seed);
    const FakeCardSpec forest = one_face("Forest", "", KEYACT_FACE_LAND);
    const FakeCardSpec library[] = {
        forest,
        one_face("Ancient Brontodon", "{6}{G}{G}"),
        layout_card(layout),
        one_face("Stone Rain", "{2}{R}{R}"),
        forest,
        one_face("Lightning Bolt", "{R}"),
    };
    for (const FakeCardSpec &spec : library) {
        keyact_card_id id = fake_host_add_card(host, kPlayer, FAKE_ZONE_LIBRARY, &spec);
        if (&spec == &library[2])
            layout_id = id;
    }
    const FakeCardSpec hand = one_face("Opt", "{U}");
    const FakeCardSpec source = one_face("Geological Appraiser", "{2}{R}{R}");
    fake_host_add_card(host, kPlayer, FAKE_ZONE_HAND, &hand);
    this->source = fake_host_add_card(host, kPlayer, FAKE_ZONE_BATTLEFIELD, &source);
    const FakeCardSpec cheap[] = {one_face("Memnite", "{0}"), one_face("Endless One", "{X}")};
    for (const FakeCardSpec &spec : cheap)
        fake_host_add_card(host, kOpponent, FAKE_ZONE_LIBRARY, &spec);
    fake_host_add_card(host, kOpponent, FAKE_ZONE_HAND, &hand);
    before = fake_host_snapshot(host);
}

Game::~Game()
{
    fake_snapshot_free(before);
    fake_host_free(host);
}

void Game::make_casts_fail()
{
    for (keyact_card_id id = 1; id <= fake_host_n_cards(host); id++) {
        const keyact_card_desc *desc = fake_host_card_desc(host, id);
        for (uint32_t face = 0; face < desc->face_count; face++)
            fake_host_set_cast_fails(host, id, face, TRUE);
    }
}

int32_t resolve(FakeHost *host, int32_t n, keyact_card_id source, FakeResolve *out)
{
    return resolve(discover(), host, n, source, out);
}

int32_t resolve(const KeyactBoundAction &action, FakeHost *host, int32_t n,
                keyact_card_id source, FakeResolve *out)
{
    fake_resolve_prepare(out, host, kPlayer, n, source);
    fake_host_reset_logs(host);
    out->status = keyact_bound_action_resolve(&action, fake_host_table(host), &out->args,
                                              &out->result);
    return out->status;
}

std::string conservation_problem(const FakeHost *host, const FakeSnapshot *before,
                                 const FakeResolve &res)
{
    g_autoptr(GError) error = nullptr;
    if (fake_host_check_conservation(host, before, &res.result, &error))
        return {};
    return error->message;
}

std::string result_problem(const FakeResolve &res, uint32_t uncast_outcome)
{
    const keyact_resolve_result &r = res.result;
    if (res.status > 0 || res.status < KEYACT_E_STATE)
        return "status " + std::to_string(res.status) + " is not a KEYACT_* code";
    if (r.stranded_count > r.exiled_count)
        return "more cards stranded than exiled";
    if ((r.flags & KEYACT_RESULT_COMPLETE) == 0) {
        if (res.status == KEYACT_OK)
            return "an unfinished resolve returned KEYACT_OK";
        return {};
    }
    if (r.stranded_count != 0)
        return "a COMPLETE result strands cards";
    if (r.outcome == KEYACT_OUTCOME_NONE && r.discovered != KEYACT_CARD_NONE)
        return "outcome NONE names a discovered card";
    if (r.outcome != KEYACT_OUTCOME_NONE && r.discovered == KEYACT_CARD_NONE)
        return "a cast, hand or bottom outcome without a discovered card";
    if (r.outcome != KEYACT_OUTCOME_NONE && r.outcome != KEYACT_OUTCOME_CAST
        && r.outcome != uncast_outcome)
        return "unexpected outcome " + std::to_string(r.outcome);
    if ((r.outcome == KEYACT_OUTCOME_CAST) != (r.face_cast != KEYACT_FACE_NONE))
        return "face_cast disagrees with the outcome";
    return {};
}

}  // namespace faults
