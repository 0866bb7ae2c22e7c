// SPDX-License-Identifier: MIT
// keyact-engine.hpp - keyact for a C++ engine: the parts every adapter repeats, header-only,
// C++14, over the C ABI (keyact/*.h) and libkeyact-host's plain-C part (keyact-host-core.h):
// an engine compiles keyact's headers only, no GLib's, and links libkeyact-host (pkg-config
// keyact-engine-1). The engine writes the keyact_host callbacks as methods over its own card
// and player objects; keyact::Adapter makes the table, the card ids, the descriptions' storage
// and the stepped resolve of ABI 1.3 driven from a frame loop. glue/engines/wagic is the example.
//
//   class Discover : public keyact::Adapter<Discover, Card, Player> {
//       uint32_t library_size(Player *p);
//       Card *library_card(Player *p, uint32_t index_from_top);         // NULL: past the end
//       // or, for a library kept as a vector, instead of those two (zones.hpp):
//       keyact::Library<Card> library(Player *p);  // then move_card puts a card in anywhere
//       int32_t move_card(Player *p, Card *&card, uint32_t zone, uint32_t library_index,
//                         uint32_t flags);                               // may set the new object
//       void describe_card(Card *card, keyact::Description &d);         // once per card
//       uint32_t random_below(uint32_t bound);  // keyact::uniform_below over the game's generator
//       // optional: the table member stays NULL without them
//       bool can_cast_face(Player *p, Card *card, uint32_t face);       // unless waited
//       uint32_t choose(Player *, Card *, const keyact_option *, uint32_t count);     // blocking
//       uint32_t cast_free(Player *, Card *, uint32_t face);            // blocking: DONE/FAILED
//       uint32_t card_zone(Card *card);                                 // KEYACT_ZONE_*
//       void notify(const keyact_event *e);  void log(int32_t level, const char *message);
//       // the stepped resolve's questions, for the waits given to begin(); answered later
//       void ask_choice(Card *card, const keyact_question &q);
//       void ask_cast(Card *card, uint32_t face);
//       void ask_can_cast(Card *card, uint32_t face);
//       void finished(int32_t status, const keyact_resolve_result &result);  // required
//       static Card *card_now(Card *card);  // an engine that replaces card objects on moves
//   };
//   d->start(*action, game, player, n);   runs to the first question (or the end);
//   d->answer(value)   answers it and runs on to the next question or the end, at once; or
//   keyact::Answer a = d->answer_later(i);   for a menu option to keep: a() does the same with i
//   while the resolve still waits for that question, and nothing once it is gone.
//
// One Adapter object is one resolve's host: its table (host_data points at it, so the object
// must not move while a resolve is in progress: keep it on the heap), its card ids, its
// descriptions, its state block. Copying one makes a fresh adapter (no cards, no resolve), for
// engines that clone their abilities. Destroying one abandons a resolve still in progress.
// Game and player ids are the engine's pointers; the plugin's game id is not passed to the
// methods (the object knows its game). A resolve that cannot begin or that fails is said in
// the engine's log (log.hpp). Threads: every call for one object on one thread at a time, the
// game's; the engine's methods run inside start(), pump() and answer() only (an answer given
// inside an ask_* method is taken when it returns).
#ifndef KEYACT_ENGINE_HPP
#define KEYACT_ENGINE_HPP

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>

#include <keyact-host-core.h>

#include "keyact-engine/cards.hpp"
#include "keyact-engine/log.hpp"
#include "keyact-engine/mana-cost.hpp"
#include "keyact-engine/plugins.hpp"
#include "keyact-engine/random.hpp"
#include "keyact-engine/resolve.hpp"
#include "keyact-engine/zones.hpp"

namespace keyact {

namespace detail {
template <class...>
struct make_void { using type = void; };
// Whether the engine class declares the method `name` (its table member is then set).
#define KEYACT_ENGINE_HAS(name)                                                                  \
    template <class T, class = void>                                                             \
    struct has_##name : std::false_type {};                                                      \
    template <class T>                                                                           \
    struct has_##name<T, typename make_void<decltype(&T::name)>::type> : std::true_type {};
KEYACT_ENGINE_HAS(library)
KEYACT_ENGINE_HAS(can_cast_face)
KEYACT_ENGINE_HAS(choose)
KEYACT_ENGINE_HAS(cast_free)
KEYACT_ENGINE_HAS(card_zone)
KEYACT_ENGINE_HAS(notify)
KEYACT_ENGINE_HAS(log)
KEYACT_ENGINE_HAS(ask_choice)
KEYACT_ENGINE_HAS(ask_cast)
KEYACT_ENGINE_HAS(ask_can_cast)
#undef KEYACT_ENGINE_HAS

// What an Answer reaches: its Adapter's answer to question n, while the Adapter lives.
using Answerer = std::function<bool(uint64_t question, uint32_t value, int32_t status)>;
}  // namespace detail

// The answer to one question, given later (Adapter::answer_later()): an engine's menu option
// keeps one rather than a pointer to the resolve. Calling it answers that question (with the
// value it was made with, or the one given) and runs on, as Adapter::answer() does, while the
// resolve waits for that question; it does nothing and answers false once the resolve is gone
// (the game ended and abandoned it), over, or past that question. Copyable; call it on the
// resolve's thread. A default-constructed one is empty (false in a condition) and answers nothing.
class Answer {
public:
    Answer() = default;
    bool operator()() const { return (*this)(value_); }
    bool operator()(uint32_t value, int32_t status = 0) const
    {
        std::shared_ptr<detail::Answerer> to = to_.lock();
        return to && (*to)(question_, value, status);
    }
    explicit operator bool() const { return made_; }

private:
    template <class, class, class>
    friend class Adapter;
    Answer(std::weak_ptr<detail::Answerer> to, uint64_t question, uint32_t value)
        : to_(std::move(to)), question_(question), value_(value), made_(true) {}

    std::weak_ptr<detail::Answerer> to_;
    uint64_t question_ = 0;
    uint32_t value_ = 0;
    bool made_ = false;
};

template <class Derived, class Card, class Player>
class Adapter {
public:
    // `host_name`: static, for the plugin's diagnostics (may be NULL).
    explicit Adapter(const char *host_name = nullptr)
        : cards_(&Derived::card_now),
          alive_(std::make_shared<detail::Answerer>([this](uint64_t q, uint32_t v, int32_t s) { return answer_question(q, v, s); }))
    {
        keyact_host_table_init(&host_);
        host_.host_data = this;
        host_.host_name = host_name;
        host_.library_size = library_size_cb;
        host_.library_card = library_card_cb;
        host_.move_card = move_card_cb;
        host_.describe_card = describe_card_cb;
        host_.random_below = random_below_cb;
        set_can_cast_face(detail::has_can_cast_face<Derived>());
        set_choose(detail::has_choose<Derived>());
        set_cast_free(detail::has_cast_free<Derived>());
        set_card_zone(detail::has_card_zone<Derived>());
        set_notify(detail::has_notify<Derived>());
        set_log(detail::has_log<Derived>());
    }
    Adapter(const Adapter &other) : Adapter(other.host_.host_name) {}
    Adapter &operator=(const Adapter &) = delete;

    // The default: card objects stay what they are. An engine that makes a new object when a
    // card moves declares its own, answering the card's object now.
    static Card *card_now(Card *card) { return card; }

    // Begins a resolve of `action` by `player` for N = `n` (cascade: the spell's mana value),
    // waiting for the questions in `waits`. 0, or why it did not begin (also in the engine's
    // log: "keyact: discover cannot begin: ..."). Then pump(); start() does both.
    int32_t begin(const KeyactBoundAction &action, keyact_game_id game, Player *player, int32_t n,
                  uint32_t waits = KEYACT_WAIT_PLAYER, Card *source = nullptr)
    {
        cards_.clear();
        answered_ = false;
        name_ = action.action ? action.action->name : "?";
        keyact_resolve_args args = { sizeof args, n, game, (keyact_player_id) (uintptr_t) player,
                                     source ? cards_.id(source) : KEYACT_CARD_NONE };
        int32_t status = resolve_.begin(action, host_, args, waits);
        if (status)
            warn("keyact: " + name_ + " cannot begin: " + keyact_status_name(status));
        return status;
    }

    // begin(), then pump() up to the first question or the end: whether the resolve is in
    // progress (waiting for an answer) afterwards.
    bool start(const KeyactBoundAction &action, keyact_game_id game, Player *player, int32_t n,
               uint32_t waits = KEYACT_WAIT_PLAYER, Card *source = nullptr)
    {
        if (!begin(action, game, player, n, waits, source))
            pump();
        return resolving();
    }

    // The answer to the question asked (CHOOSE: the option's index; CAST: KEYACT_CAST_DONE or
    // KEYACT_CAST_FAILED; CAN_CAST: 1 or 0), or a failure `status`, and the resolve runs on at
    // once to its next question or its end. Nothing when no question waits.
    void answer(uint32_t value, int32_t status = 0)
    {
        if (!resolve_.waiting())
            return;
        answer_ = value, answer_status_ = status, answered_ = true;
        pump();
    }
    // The question asked now, to answer later through the Answer (a menu option's: `value`, its
    // index, is what the Answer gives when called without one).
    Answer answer_later(uint32_t value = 0) const { return Answer(alive_, questions_, value); }

    // Runs the resolve on when it can: just begun, or answered. A question goes to the engine
    // (ask_choice, ask_cast, ask_can_cast; one the engine has no method for is answered
    // KEYACT_E_NOTSUP at once, as a missing callback would fail); the end to finished(), after a
    // message when the resolve failed ("keyact: discover ended with E_HOST; 3 cards stay in
    // exile"). Inside an ask_* method it does nothing: the answer is taken when the method returns.
    void pump()
    {
        if (pumping_)
            return;
        pumping_ = true;
        int32_t status = KEYACT_WAITING;
        while (resolve_.active() && (!resolve_.waiting() || answered_)) {
            status = resolve_.waiting() ? resolve_.answer(answer_, answer_status_) : resolve_.step();
            answered_ = false;
            if (status != KEYACT_WAITING)
                break;
            questions_++;
            const keyact_question &q = resolve_.question();
            Card *card = cards_.find(q.card);
            if (q.kind == KEYACT_QUESTION_CHOOSE)
                ask_choice(detail::has_ask_choice<Derived>(), card, q);
            else if (q.kind == KEYACT_QUESTION_CAST)
                ask_cast(detail::has_ask_cast<Derived>(), card, q.face);
            else
                ask_can_cast(detail::has_ask_can_cast<Derived>(), card, q.face);
        }
        pumping_ = false;
        if (status == KEYACT_WAITING)
            return;
        if (status)
            warn("keyact: " + name_ + " ended with " + keyact_status_name(status) + "; " +
                 std::to_string(resolve_.result().stranded_count) + " cards stay in exile");
        self().finished(status, resolve_.result());
    }

    bool resolving() const { return resolve_.active(); }
    const keyact_question &question() const { return resolve_.question(); }
    // The card `id` stands for now (the result's discovered card, a question's card), or NULL.
    Card *card(keyact_card_id id) { return cards_.find(id); }
    // Words for a CHOOSE option: "Cast <the face's name>", "Put into your hand", "Put on the
    // bottom" (the face's name from the card's description).
    std::string option_text(const keyact_question &q, uint32_t i) const
    {
        const keyact_option &o = q.options[i];
        const Description *d = cards_.described(q.card);
        if (o.kind == KEYACT_OPTION_CAST_FACE)
            return "Cast " + (d ? d->face_name(o.face) : std::string("it"));
        return o.kind == KEYACT_OPTION_TO_HAND ? "Put into your hand" : "Put on the bottom";
    }
    // The table, for a member this kit does not set (get_extension, the batched calls).
    keyact_host &host_table() { return host_; }

private:
    static Adapter *of(const keyact_host *h) { return static_cast<Adapter *>(h->host_data); }
    static Derived &self(const keyact_host *h) { return of(h)->self(); }
    Derived &self() { return *static_cast<Derived *>(this); }
    static Player *player(keyact_player_id p) { return reinterpret_cast<Player *>((uintptr_t) p); }
    // Every card id the plugin hands back is one of this table's: any other is NOTFOUND.
    #define KEYACT_ENGINE_CARD(h, id, card) \
        Card *card = of(h)->cards_.find(id); \
        if (!card) \
            return KEYACT_E_NOTFOUND

    static int32_t library_size_cb(const keyact_host *h, keyact_game_id, keyact_player_id p, uint32_t *out)
    {
        *out = of(h)->library_size(detail::has_library<Derived>(), player(p));
        return KEYACT_OK;
    }
    static int32_t library_card_cb(const keyact_host *h, keyact_game_id, keyact_player_id p, uint32_t index,
                                   keyact_card_id *out)
    {
        Card *card = of(h)->library_card(detail::has_library<Derived>(), player(p), index);
        if (!card)
            return KEYACT_E_NOTFOUND;
        *out = of(h)->cards_.id(card);
        return KEYACT_OK;
    }
    static int32_t move_card_cb(const keyact_host *h, keyact_game_id, keyact_player_id p, keyact_card_id id,
                                uint32_t zone, uint32_t index, uint32_t flags)
    {
        KEYACT_ENGINE_CARD(h, id, card);
        Card *moved = card;
        int32_t status = self(h).move_card(player(p), moved, zone, index, flags);
        if (!status && moved)
            of(h)->cards_.update(id, moved);
        if (!status && moved && zone == KEYACT_ZONE_LIBRARY)
            of(h)->place(detail::has_library<Derived>(), player(p), moved, index);
        return status;
    }
    static int32_t describe_card_cb(const keyact_host *h, keyact_game_id, keyact_card_id id, keyact_card_desc *out)
    {
        Description *d = of(h)->cards_.description(id, [h](Card *c, Description &desc) {
            self(h).describe_card(c, desc);
        });
        if (!d)
            return KEYACT_E_NOTFOUND;
        d->fill(out);
        return KEYACT_OK;
    }
    static int32_t random_below_cb(const keyact_host *h, keyact_game_id, uint32_t bound, uint32_t *out)
    {
        *out = self(h).random_below(bound);
        return KEYACT_OK;
    }
    static int32_t can_cast_face_cb(const keyact_host *h, keyact_game_id, keyact_player_id p, keyact_card_id id,
                                    uint32_t face, uint32_t *out)
    {
        KEYACT_ENGINE_CARD(h, id, card);
        *out = self(h).can_cast_face(player(p), card, face) ? 1u : 0u;
        return KEYACT_OK;
    }
    static int32_t choose_cb(const keyact_host *h, keyact_game_id, keyact_player_id p, keyact_card_id id,
                             const keyact_option *options, uint32_t count, uint32_t *out)
    {
        KEYACT_ENGINE_CARD(h, id, card);
        *out = self(h).choose(player(p), card, options, count);
        return KEYACT_OK;
    }
    static int32_t cast_free_cb(const keyact_host *h, keyact_game_id, keyact_player_id p, keyact_card_id id,
                                uint32_t face, uint32_t *out)
    {
        KEYACT_ENGINE_CARD(h, id, card);
        *out = self(h).cast_free(player(p), card, face);
        return KEYACT_OK;
    }
    static int32_t card_zone_cb(const keyact_host *h, keyact_game_id, keyact_card_id id, uint32_t *out)
    {
        KEYACT_ENGINE_CARD(h, id, card);
        *out = self(h).card_zone(card);
        return KEYACT_OK;
    }
    #undef KEYACT_ENGINE_CARD
    static void notify_cb(const keyact_host *h, keyact_game_id, const keyact_event *e) { self(h).notify(e); }
    static void log_cb(const keyact_host *h, int32_t level, const char *message) { self(h).log(level, message); }

    // An optional member is set only when the engine declares its method: these are members
    // of a class template, so the callback (and its call of the method) is compiled only then.
    // The library: the engine's vector (Library), or its own two methods and placement.
    uint32_t library_size(std::true_type, Player *p) { return (uint32_t) self().library(p).cards.size(); }
    uint32_t library_size(std::false_type, Player *p) { return self().library_size(p); }
    Card *library_card(std::true_type, Player *p, uint32_t i) { return self().library(p).from_top(i); }
    Card *library_card(std::false_type, Player *p, uint32_t i) { return self().library_card(p, i); }
    void place(std::true_type, Player *p, Card *card, uint32_t index) { self().library(p).place(card, index); }
    void place(std::false_type, Player *, Card *, uint32_t) {}

    void set_can_cast_face(std::true_type) { host_.can_cast_face = can_cast_face_cb; }
    void set_can_cast_face(std::false_type) {}
    void set_choose(std::true_type) { host_.choose = choose_cb; }
    void set_choose(std::false_type) {}
    void set_cast_free(std::true_type) { host_.cast_free = cast_free_cb; }
    void set_cast_free(std::false_type) {}
    void set_card_zone(std::true_type) { host_.card_zone = card_zone_cb; }
    void set_card_zone(std::false_type) {}
    void set_notify(std::true_type) { host_.notify = notify_cb; }
    void set_notify(std::false_type) {}
    void set_log(std::true_type) { host_.log = log_cb; }
    void set_log(std::false_type) {}
    void ask_choice(std::true_type, Card *card, const keyact_question &q) { self().ask_choice(card, q); }
    void ask_choice(std::false_type, Card *, const keyact_question &) { answer(0, KEYACT_E_NOTSUP); }
    void ask_cast(std::true_type, Card *card, uint32_t face) { self().ask_cast(card, face); }
    void ask_cast(std::false_type, Card *, uint32_t) { answer(0, KEYACT_E_NOTSUP); }
    void ask_can_cast(std::true_type, Card *card, uint32_t face) { self().ask_can_cast(card, face); }
    void ask_can_cast(std::false_type, Card *, uint32_t) { answer(0, KEYACT_E_NOTSUP); }

    bool answer_question(uint64_t question, uint32_t value, int32_t status)
    {
        if (question != questions_ || !resolve_.waiting() || answered_)
            return false;
        answer(value, status);
        return true;
    }

    keyact_host host_;
    CardTable<Card> cards_;
    SteppedResolve resolve_;
    std::shared_ptr<detail::Answerer> alive_;  // Answers hold it weakly: gone with this object
    uint64_t questions_ = 0;  // questions asked so far: an Answer's question is the last one
    uint32_t answer_ = 0;
    int32_t answer_status_ = 0;
    bool answered_ = false, pumping_ = false;
    std::string name_;  // the action's, for the messages: a copy, the plugin may go first
};

}  // namespace keyact

#endif
