// SPDX-License-Identifier: MIT
// The keyact_host over Wagic's GameObserver, players and zones, and the stepped resolve meeting
// Wagic's frame loop, over keyact's C++ kit (glue/engines/cpp/keyact-engine.hpp: the table, the
// card ids, the state block). Reads, moves and random numbers answer at once; the choice and the
// free cast wait: Wagic's own menu or AACastCard asks the player (or the AI, or a test's
// "choice N"), and Update() answers and steps on, frames later.
#include "PrecompiledHeader.h"

#include <memory>
#include <keyact-engine.hpp>
#include "KeyactAbility.h"
#include "AllAbilities.h"
#include "ManaCostHybrid.h"

// Wagic keeps parsed costs only: the printed one is rebuilt. Colours are cost[1..6] (C last),
// hybrids ({2W} has colour 0); Phyrexian and snow symbols are extra costs (a snow symbol also
// added one generic mana).
static string costText(ManaCost * m)
{
    const char * color = Constants::MTGColorChars;
    keyact::ManaCostText text;
    text.generic(m->getCost(Constants::MTG_COLOR_ARTIFACT)).x(m->hasX());
    for (int c = 1; c < Constants::NB_Colors; c++)
        text.colored(color[c], m->getCost(c));
    for (unsigned int i = 0; ManaCostHybrid * h = m->getHybridCost(i); i++)
        h->color1 ? text.hybrid(color[h->color1], color[h->color2]) : text.hybrid(h->value1, color[h->color2]);
    for (unsigned int i = 0; ExtraCost * e = m->getExtraCost(i); i++) {
        if (dynamic_cast<SnowCost *>(e))
            text.snow().generic(-1);
        for (int c = 1; dynamic_cast<LifeorManaCost *>(e) && c < Constants::NB_Colors; c++)
            text.phyrexian(color[c], ((LifeorManaCost *) e)->getManaCost()->getCost(c));
    }
    return text.str();
}

// One resolve, and the ability discover:N parses into. A menu option is an AAKeyact too: its
// resolve() gives its index to the resolve it belongs to (menuOf).
class AAKeyact: public MTGAbility, public keyact::Adapter<AAKeyact, MTGCardInstance, Player>
{
public:
    string action, n;
    std::shared_ptr<MTGAbility> andAbility; // the parsed ability's, shared by its clones; only ever cloned
    AAKeyact * menuOf;
    int option;
    AACastCard * casting; // the cast a CAST question waits for

    AAKeyact(GameObserver * g, int id, MTGCardInstance * source, string action, string n, MTGAbility * andAbility,
             AAKeyact * menuOf = NULL, int option = -1) : MTGAbility(g, id, source), Adapter("Wagic"), action(action),
        n(n), andAbility(andAbility), menuOf(menuOf), option(option), casting(NULL) { oneShot = 1; }
    AAKeyact * clone() const { return NEW AAKeyact(*this); } // the kit's part of a copy is fresh: no resolve
    ~AAKeyact() { SAFE_DELETE(casting); } // the kit abandons a resolve still waiting
    const string getMenuText() { return action; }
    int testDestroy() { return !resolving(); }
    // Wagic makes a new MTGCardInstance on every zone change and links the old one to it.
    static MTGCardInstance * card_now(MTGCardInstance * c) { return c->next ? card_now(c->next) : c; }

    // Plugins load from full paths only: Wagic's Res/plugins/ (its system root, a full path in the
    // Qt builds), then KEYACT_PLUGIN_PATH and the install directory; once per process, kept until it
    // exits (the test suite plays games on several threads at once).
    int resolve()
    {
        if (menuOf) {
            menuOf->answer(option);
            return 1;
        }
        string root = JFileSystem::GetInstance()->GetSystemRoot();
        const KeyactBoundAction * bound = keyact::Plugins::once(root + "plugins", "Res/plugins/").find(action);
        if (!bound)
            return 0;
        AAKeyact * a = clone();
        // The exile happens now, as the ability resolves; a resolve waiting for its player stays in the game.
        if (a->start(*bound, (keyact_game_id) game, source->controller(), WParsedInt(n, NULL, source).getValue()))
            return a->addToGame();
        delete a;
        return 1;
    }

    // The AACastCard of a CAST question is driven from here, so the answer is read the frame it
    // casts, while the spell is on the stack; the cast is done when the card left exile (a modal
    // double-faced card's instant back exiles itself as a copy is cast).
    void Update(float dt)
    {
        if (casting)
            casting->Update(dt);
        if (casting && casting->processed) {
            answer(card(question().card) != casting->target ? KEYACT_CAST_DONE : KEYACT_CAST_FAILED);
            SAFE_DELETE(casting);
        }
        pump();
    }

    // The end: the kit warned about a failure. The discovered card is imprinted on the source (for
    // Hit the Mother Lode: evictmc is its mana value), then the card's and!( )! ability runs.
    void finished(int32_t, const keyact_resolve_result & result)
    {
        if (result.discovered)
            source->imprintedCards.push_back(card(result.discovered));
        if (MTGAbility * a = andAbility ? andAbility->clone() : NULL) {
            a->target = source;
            if (!a->oneShot)
                a->addToGame();
            else {
                a->resolve();
                delete a;
            }
        }
    }

    // The questions go to Wagic's own machinery: a menu for the choice, AACastCard for the cast
    // (the second face is Wagic's alternative cost, paid for nothing).
    void ask_choice(MTGCardInstance * c, const keyact_question & q)
    {
        vector<MTGAbility *> menu;
        for (uint32_t i = 0; i < q.option_count; i++)
            menu.push_back(NEW AAKeyact(game, 0, source, option_text(q, i), "", NULL, this, i));
        (NEW MenuAbility(game, game->mLayers->actionLayer()->getMaxId(), c, source, true, menu, source->controller(), action))->resolve();
    }
    void ask_cast(MTGCardInstance * c, uint32_t face)
    {
        c->alternateCostPaid[ManaCost::MANA_PAID_WITH_ALTERNATIVE] = face > 0;
        casting = NEW AACastCard(game, game->mLayers->actionLayer()->getMaxId(), c, c, false, false, true, "", "", false,
                                 false, false, face > 0);
    }

    // The top of Wagic's library is the end of its vector; the kit moves a card down from the top.
    keyact::Library<MTGCardInstance> library(Player * p) { return { p->game->library->cards, keyact::LibraryTop::Back }; }
    // putInZone answers the card's new instance, and puts a card into a library on its top.
    int32_t move_card(Player *, MTGCardInstance *& c, uint32_t zone, uint32_t, uint32_t)
    {
        MTGPlayerCards * z = c->owner->game;
        MTGGameZone * zones[] = { NULL, z->library, z->exile, z->hand }, * to = zone <= KEYACT_ZONE_HAND ? zones[zone] : NULL;
        return !to ? KEYACT_E_NOTFOUND : (c = z->putInZone(c, c->currentZone, to)) ? KEYACT_OK : KEYACT_E_STATE;
    }
    // Split and adventure cards are one card "A // B" whose other= cost is the second half; a modal
    // double-faced card's back is the other= cost its otherrestriction allows once it is turned.
    void describe_card(MTGCardInstance * c, keyact::Description & d)
    {
        ManaCost * cost = c->data->getManaCost(), * other = cost->getAlternative();
        size_t half = c->data->name.find(" // ");
        bool back = other && (half != string::npos || c->data->getOtherRestrictions().find("isflipped") != string::npos);
        d.layout = !back ? KEYACT_LAYOUT_NORMAL : half == string::npos ? KEYACT_LAYOUT_MODAL_DFC
            : c->has(Constants::ADVENTURE) ? KEYACT_LAYOUT_ADVENTURE : KEYACT_LAYOUT_SPLIT;
        d.face(c->data->name.substr(0, half), costText(cost), c->isLand() ? KEYACT_FACE_LAND : 0);
        if (back)
            d.face(half != string::npos ? c->data->name.substr(half + 4) : other->alternativeName, costText(other));
    }
    // The spell's targets, as AACastCard checks them before it casts.
    bool can_cast_face(Player *, MTGCardInstance * c, uint32_t)
    {
        std::unique_ptr<TargetChooser> tc(TargetChooserFactory(c->getObserver()).createTargetChooser(c));
        return !tc || tc->validTargetsExist();
    }
    uint32_t random_below(uint32_t bound) { return (uint32_t) game->getRandomGenerator()->random() % bound; }
    // For the validation layer: where a card is now, by Wagic's zone names.
    uint32_t card_zone(MTGCardInstance * c) { return keyact::zone_named(c->currentZone ? c->currentZone->getName() : ""); }
};

MTGAbility * NewKeyactAbility(GameObserver * observer, int id, MTGCardInstance * source, string action, string n, MTGAbility * andAbility)
{
    bool wagicCascade = action == "cascade" && !g_getenv("WAGIC_KEYACT_CASCADE"); // Wagic's own AACascade
    return wagicCascade ? NULL : NEW AAKeyact(observer, id, source, action, n, andAbility);
}

bool IsKeyactAbility(MTGAbility * a) { return dynamic_cast<AAKeyact *>(a) != NULL; }
