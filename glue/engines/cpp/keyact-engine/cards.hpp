// SPDX-License-Identifier: MIT
// keyact-engine/cards.hpp - stable keyact card ids over an engine's card objects, and the
// printed description of each card, kept for as long as the plugin may read it.
//
// A plugin keeps card ids across moves; many engines do not keep card objects: Wagic makes a
// new MTGCardInstance on every zone change and links the old one to it. So an id is an index
// (+ 1) into the cards a resolve has seen, and a lookup follows the engine's link from the
// stored object to the card's object now (`now`, given by the engine) and stores that.
// Owns: the table and the descriptions; borrows the engine's card objects, which must outlive
// the table (or be reachable through `now` from the stored ones). Threads: the resolve's.
#ifndef KEYACT_ENGINE_CARDS_HPP
#define KEYACT_ENGINE_CARDS_HPP

#include <cstring>
#include <deque>
#include <string>
#include <utility>

#include <keyact/keyact.h>

#include "log.hpp"

namespace keyact {

// One printed card as describe_card answers it: the faces in face order. The strings and the
// structs the plugin gets point into this object, so it must not move while a step runs
// (CardTable keeps it in place for the resolve's lifetime: a plugin may describe several cards
// in one step and read them all).
class Description {
public:
    uint32_t layout = KEYACT_LAYOUT_NORMAL;  // KEYACT_LAYOUT_*

    // Adds the next face: its name, its printed mana cost ("{2}{G/P}", "" for none; see
    // mana-cost.hpp) and KEYACT_FACE_* flags. More than KEYACT_MAX_FACES is a programming error:
    // the face is left out, with a message.
    void face(std::string name, std::string mana_cost, uint32_t flags = 0)
    {
        if (count_ == KEYACT_MAX_FACES)
            return warn("keyact: a card described with more than " + std::to_string(KEYACT_MAX_FACES) +
                        " faces; \"" + name + "\" left out");
        names_[count_] = std::move(name);
        costs_[count_] = std::move(mana_cost);
        flags_[count_++] = flags;
    }
    uint32_t face_count() const { return count_; }
    const std::string &face_name(uint32_t face) const { return names_[face < count_ ? face : 0]; }

    // Fills *out (at most out->struct_size bytes, which the plugin set) with pointers into this.
    void fill(keyact_card_desc *out)
    {
        keyact_card_desc desc = { sizeof desc, layout, count_, 0, {} };
        for (uint32_t i = 0; i < count_; i++) {
            faces_[i] = keyact_face_desc { sizeof faces_[i], flags_[i], names_[i].c_str(), costs_[i].c_str() };
            desc.faces[i] = &faces_[i];
        }
        uint32_t size = out->struct_size < sizeof desc ? out->struct_size : (uint32_t) sizeof desc;
        memcpy(out, &desc, size);
        out->struct_size = size;
    }

private:
    uint32_t count_ = 0;
    std::string names_[KEYACT_MAX_FACES], costs_[KEYACT_MAX_FACES];
    uint32_t flags_[KEYACT_MAX_FACES] = {};
    keyact_face_desc faces_[KEYACT_MAX_FACES] = {};
};

template <class Card>
class CardTable {
public:
    // `now(card)`: the object that stands for `card` now (itself for an engine that keeps its
    // card objects). Never NULL for a card the engine knows.
    using Now = Card *(*)(Card *card);
    explicit CardTable(Now now) : now_(now) {}

    // The card `id` stands for now, or NULL for an id this table did not give.
    Card *find(keyact_card_id id)
    {
        if (!id || id > entries_.size())
            return nullptr;
        Entry &e = entries_[id - 1];
        return e.card = now_(e.card);
    }
    // The id of `card`: the one it got before (also when it left and came back), or a new one.
    keyact_card_id id(Card *card)
    {
        for (size_t i = 0; i < entries_.size(); i++)
            if (find(i + 1) == card)
                return i + 1;
        entries_.push_back(Entry { card, Description(), false });
        return entries_.size();
    }
    // For an engine whose move answers the card's new object: `id` stands for `card` now.
    void update(keyact_card_id id, Card *card)
    {
        if (id && id <= entries_.size())
            entries_[id - 1].card = card;
    }
    // The description of a card of this table; `build(Description &)` fills it the first time
    // (a printed card does not change during a resolve). NULL for an unknown id.
    template <class Build>
    Description *description(keyact_card_id id, Build &&build)
    {
        Card *card = find(id);
        if (!card)
            return nullptr;
        Entry &e = entries_[id - 1];
        if (!e.described)
            build(card, e.desc), e.described = true;
        return &e.desc;
    }
    // The description already built for `id`, or NULL.
    const Description *described(keyact_card_id id) const
    {
        return id && id <= entries_.size() && entries_[id - 1].described ? &entries_[id - 1].desc : nullptr;
    }
    // Forgets every card: for a new resolve.
    void clear() { entries_.clear(); }

private:
    struct Entry {
        Card *card;
        Description desc;
        bool described;
    };
    std::deque<Entry> entries_;  // a deque: adding a card moves no description
    Now now_;
};

}  // namespace keyact

#endif
