// SPDX-License-Identifier: MIT
// keyact-engine/zones.hpp - the zone chores an engine's move_card and card_zone share.
// Pure functions over the caller's data; any thread.
#ifndef KEYACT_ENGINE_ZONES_HPP
#define KEYACT_ENGINE_ZONES_HPP

#include <algorithm>
#include <vector>

#include <keyact/keyact.h>

namespace keyact {

// The KEYACT_ZONE_* value of a zone by its usual name ("library", "exile", "hand", "stack",
// "battlefield", "graveyard"; any case), KEYACT_ZONE_OTHER for any other: for card_zone.
inline uint32_t zone_named(const char *name)
{
    static const char *const names[] = { "library", "exile", "hand", "stack", "battlefield", "graveyard" };
    for (uint32_t zone = KEYACT_ZONE_LIBRARY; name && zone < KEYACT_ZONE_OTHER; zone++) {
        const char *a = name, *b = names[zone - KEYACT_ZONE_LIBRARY];
        while (*a && (*a >= 'A' && *a <= 'Z' ? *a - 'A' + 'a' : *a) == *b)  // ASCII, whatever the locale
            a++, b++;
        if (!*a && !*b)
            return zone;
    }
    return KEYACT_ZONE_OTHER;
}

// Where the top of an engine's library vector is.
enum class LibraryTop { Front, Back };

// Moves `card`, already in `library`, to `index_from_top` (move_card's library_index:
// KEYACT_LIBRARY_TOP, n from the top, KEYACT_LIBRARY_BOTTOM or anything past the end is the
// bottom): for an engine that can put a card into its library on top only. Nothing when the
// card is not there.
template <class T>
void move_within_library(std::vector<T> &library, const T &card, uint32_t index_from_top, LibraryTop top)
{
    auto at = std::find(library.begin(), library.end(), card);
    if (at == library.end())
        return;
    T moved = *at;
    library.erase(at);
    size_t from_top = std::min<size_t>(index_from_top, library.size());
    library.insert(top == LibraryTop::Back ? library.end() - from_top : library.begin() + from_top, moved);
}

// An engine's library as a vector of its card objects, for an engine that keeps it so: an
// Adapter engine that answers one from library(player) gets library_size, library_card and the
// placement at an index (move_card then only puts the card into the library) from the kit.
// Borrows the vector, for the call it was made in.
template <class Card>
struct Library {
    std::vector<Card *> &cards;
    LibraryTop top;

    // The card `index_from_top` below the top, or NULL past the end.
    Card *from_top(uint32_t index_from_top) const
    {
        if (index_from_top >= cards.size())
            return nullptr;
        return top == LibraryTop::Back ? cards[cards.size() - 1 - index_from_top] : cards[index_from_top];
    }
    void place(Card *card, uint32_t index_from_top) const { move_within_library(cards, card, index_from_top, top); }
};

}  // namespace keyact

#endif
