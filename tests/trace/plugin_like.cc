/* SPDX-License-Identifier: MIT */
// plugin_like.cc - see plugin_like.h.
#include "plugin_like.h"

#include <cstring>

namespace {

constexpr keyact_game_id kGame = 1;
constexpr keyact_player_id kPlayer = 1;

void keep(PluginLikeAnswers *answers, int32_t status)
{
    answers->statuses[answers->n_calls++] = status;
}

}  // namespace

const char kPluginLikeTrace[] =
    "library_size(game=1, player=1) = 0 -> 3\n"
    "library_card(game=1, player=1, index_from_top=0) = 0 -> 7\n"
    "describe_card(game=1, card=7) = 0 -> {layout=SPLIT, faces=[\"Fire\" {1}{R}, \"Ice\" {1}{U}]}\n"
    "can_cast_face(game=1, player=1, card=7, face=1) = 0 -> 1\n"
    "choose(game=1, player=1, card=7, options=[CAST_FACE(face=1, mv_halves=4), TO_HAND], "
    "option_count=2) = 0 -> 0\n"
    "cast_free(game=1, player=1, card=7, face=1) = 0 -> 1\n"
    "move_card(game=1, player=1, card=8, to_zone=EXILE, library_index=0, flags=REVEAL) = 0\n"
    "move_card(game=1, player=1, card=9, to_zone=LIBRARY, library_index=BOTTOM, flags=0) = 0\n"
    "random_below(game=1, bound=3) = 0 -> 2\n"
    "notify(game=1, event={type=DISCOVERED, player=1, card=7, n=3, face=NONE, index=0, "
    "mv_halves=4})\n"
    "log(level=INFO, message=\"discovered \\\"Fire\\\"\")\n"
    "get_extension(id=\"org.keyact.test.tiny.v1\") = <table>\n"
    "get_extension(id=\"org.example.none.v1\") = NULL\n"
    "library_card(game=1, player=1, index_from_top=9) = -5 (KEYACT_E_NOTFOUND)\n";

void plugin_like_run(const keyact_host *host, PluginLikeAnswers *answers)
{
    std::memset(answers, 0, sizeof *answers);

    keep(answers, host->library_size(host, kGame, kPlayer, &answers->library_size));
    keep(answers, host->library_card(host, kGame, kPlayer, 0, &answers->top_card));

    answers->desc.struct_size = sizeof answers->desc;
    keep(answers, host->describe_card(host, kGame, answers->top_card, &answers->desc));
    keep(answers, host->can_cast_face(host, kGame, kPlayer, answers->top_card, 1,
                                      &answers->can_cast));

    const keyact_option options[2] = {
        {sizeof(keyact_option), KEYACT_OPTION_CAST_FACE, 1, 4},
        {sizeof(keyact_option), KEYACT_OPTION_TO_HAND, KEYACT_FACE_NONE, 0},
    };
    keep(answers, host->choose(host, kGame, kPlayer, answers->top_card, options, 2,
                               &answers->chosen));
    keep(answers, host->cast_free(host, kGame, kPlayer, answers->top_card, 1,
                                  &answers->cast_result));

    keep(answers, host->move_card(host, kGame, kPlayer, 8, KEYACT_ZONE_EXILE, 0,
                                  KEYACT_MOVE_REVEAL));
    keep(answers, host->move_card(host, kGame, kPlayer, 9, KEYACT_ZONE_LIBRARY,
                                  KEYACT_LIBRARY_BOTTOM, 0));
    keep(answers, host->random_below(host, kGame, 3, &answers->random_value));

    if (host->notify != nullptr) {
        const keyact_event event = {sizeof(keyact_event), KEYACT_EVENT_DISCOVERED, kPlayer,
                                    answers->top_card, 3, KEYACT_FACE_NONE, 0, 4};
        host->notify(host, kGame, &event);
    }
    if (host->log != nullptr)
        host->log(host, KEYACT_LOG_INFO, "discovered \"Fire\"");
    if (host->get_extension != nullptr) {
        answers->extension = host->get_extension(host, "org.keyact.test.tiny.v1");
        answers->missing_extension = host->get_extension(host, "org.example.none.v1");
    }

    keyact_card_id past_end = KEYACT_CARD_NONE;
    keep(answers, host->library_card(host, kGame, kPlayer, 9, &past_end));
}
