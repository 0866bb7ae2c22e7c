/* SPDX-License-Identifier: MIT */
// tiny_host.cc - the tiny inner host's callbacks.
#include "tiny_host.h"

#include <algorithm>

namespace {

TinyHost *self(const keyact_host *host)
{
    auto *tiny = static_cast<TinyHost *>(host->host_data);
    tiny->calls++;
    if (host != &tiny->table)
        tiny->foreign_host_calls++;
    return tiny;
}

int32_t library_size(const keyact_host *host, keyact_game_id, keyact_player_id,
                     uint32_t *out_size)
{
    *out_size = static_cast<uint32_t>(self(host)->library.size());
    return KEYACT_OK;
}

int32_t library_card(const keyact_host *host, keyact_game_id, keyact_player_id,
                     uint32_t index, keyact_card_id *out_card)
{
    TinyHost *tiny = self(host);
    if (index >= tiny->library.size())
        return KEYACT_E_NOTFOUND;
    *out_card = tiny->library[index];
    return KEYACT_OK;
}

int32_t move_card(const keyact_host *host, keyact_game_id, keyact_player_id,
                  keyact_card_id card, uint32_t to_zone, uint32_t library_index, uint32_t flags)
{
    TinyHost *tiny = self(host);
    auto it = std::find(tiny->library.begin(), tiny->library.end(), card);
    if (it == tiny->library.end())
        return KEYACT_E_STATE;
    tiny->library.erase(it);
    if (to_zone == KEYACT_ZONE_EXILE) {
        tiny->exile.push_back(card);
    } else if (to_zone == KEYACT_ZONE_HAND) {
        tiny->hand.push_back(card);
    } else {
        size_t at = std::min<size_t>(library_index, tiny->library.size());
        tiny->library.insert(tiny->library.begin() + static_cast<std::ptrdiff_t>(at), card);
    }
    tiny->moves.push_back({card, to_zone, library_index, flags});
    return KEYACT_OK;
}

int32_t describe_card(const keyact_host *host, keyact_game_id, keyact_card_id,
                      keyact_card_desc *out_desc)
{
    static const keyact_face_desc faces[2] = {
        {sizeof(keyact_face_desc), 0, kTinyFaceNames[0], kTinyFaceCosts[0]},
        {sizeof(keyact_face_desc), 0, kTinyFaceNames[1], kTinyFaceCosts[1]},
    };
    self(host);
    out_desc->layout = KEYACT_LAYOUT_SPLIT;
    out_desc->face_count = 2;
    out_desc->reserved0 = 0;
    out_desc->faces[0] = &faces[0];
    out_desc->faces[1] = &faces[1];
    out_desc->faces[2] = nullptr;
    out_desc->faces[3] = nullptr;
    out_desc->struct_size = sizeof(keyact_card_desc);
    return KEYACT_OK;
}

int32_t can_cast_face(const keyact_host *host, keyact_game_id, keyact_player_id,
                      keyact_card_id, uint32_t face, uint32_t *out_can)
{
    self(host);
    *out_can = face == 1 ? 1u : 0u;
    return KEYACT_OK;
}

int32_t choose(const keyact_host *host, keyact_game_id, keyact_player_id, keyact_card_id,
               const keyact_option *, uint32_t option_count, uint32_t *out_index)
{
    self(host);
    if (option_count == 0)
        return KEYACT_E_INVAL;
    *out_index = 0;
    return KEYACT_OK;
}

int32_t cast_free(const keyact_host *host, keyact_game_id, keyact_player_id,
                  keyact_card_id card, uint32_t, uint32_t *out_cast)
{
    TinyHost *tiny = self(host);
    tiny->library.erase(std::remove(tiny->library.begin(), tiny->library.end(), card),
                        tiny->library.end());
    tiny->stack.push_back(card);
    *out_cast = KEYACT_CAST_DONE;
    return KEYACT_OK;
}

int32_t random_below(const keyact_host *host, keyact_game_id, uint32_t bound,
                     uint32_t *out_value)
{
    self(host);
    *out_value = bound - 1;  // deterministic: the largest answer
    return KEYACT_OK;
}

void notify(const keyact_host *host, keyact_game_id, const keyact_event *event)
{
    self(host)->events.push_back(*event);
}

void log_message(const keyact_host *host, int32_t, const char *message)
{
    self(host)->messages.emplace_back(message);
}

const void *get_extension(const keyact_host *host, const char *id)
{
    TinyHost *tiny = self(host);
    // One extension: the tiny host itself, to show pointers pass through.
    return std::string(id) == "org.keyact.test.tiny.v1" ? tiny : nullptr;
}

// ABI 1.1: the batched calls, each as the 1.0 calls it stands for.
int32_t library_cards(const keyact_host *host, keyact_game_id game, keyact_player_id player,
                      uint32_t from_top, uint32_t count, keyact_card_id *out_cards)
{
    TinyHost *tiny = self(host);
    if (static_cast<size_t>(from_top) + count > tiny->library.size())
        return KEYACT_E_NOTFOUND;
    for (uint32_t i = 0; i < count; i++)
        out_cards[i] = tiny->library[from_top + i];
    (void)game;
    (void)player;
    return KEYACT_OK;
}

int32_t describe_cards(const keyact_host *host, keyact_game_id game,
                       const keyact_card_id *cards, uint32_t count,
                       keyact_card_desc *const *out_descs)
{
    for (uint32_t i = 0; i < count; i++) {
        int32_t rc = describe_card(host, game, cards[i], out_descs[i]);
        if (rc != KEYACT_OK)
            return rc;
    }
    return KEYACT_OK;
}

int32_t apply_steps(const keyact_host *host, keyact_game_id game, keyact_player_id player,
                    const keyact_step *steps, uint32_t count, uint32_t *out_done)
{
    for (uint32_t i = 0; i < count; i++) {
        const keyact_step &step = steps[i];
        if (step.to_zone != KEYACT_ZONE_NONE) {
            int32_t rc = move_card(host, game, player, step.card, step.to_zone,
                                   step.library_index, step.flags);
            if (rc != KEYACT_OK) {
                *out_done = i;
                return rc;
            }
        }
        if (step.event != nullptr)
            notify(host, game, step.event);
    }
    *out_done = count;
    return KEYACT_OK;
}

int32_t random_below_each(const keyact_host *host, keyact_game_id game, const uint32_t *bounds,
                          uint32_t count, uint32_t *out_values)
{
    for (uint32_t i = 0; i < count; i++) {
        int32_t rc = random_below(host, game, bounds[i], &out_values[i]);
        if (rc != KEYACT_OK)
            return rc;
    }
    return KEYACT_OK;
}

}  // namespace

TinyHost::TinyHost() : table(), library{7, 8, 9}
{
    table.struct_size = sizeof(keyact_host);
    table.abi_major = KEYACT_ABI_MAJOR;
    table.abi_minor = KEYACT_ABI_MINOR;
    table.host_data = this;
    table.host_name = "tiny";
    table.library_size = library_size;
    table.library_card = library_card;
    table.move_card = move_card;
    table.describe_card = describe_card;
    table.can_cast_face = can_cast_face;
    table.choose = choose;
    table.cast_free = cast_free;
    table.random_below = random_below;
    table.notify = notify;
    table.log = log_message;
    table.get_extension = get_extension;
    table.library_cards = library_cards;
    table.describe_cards = describe_cards;
    table.apply_steps = apply_steps;
    table.random_below_each = random_below_each;
}
