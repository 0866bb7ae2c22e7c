// SPDX-License-Identifier: MIT
// The keyact_host over Wagic's GameObserver, players and zones, and the stepped resolve meeting
// Wagic's frame loop, over keyact's C++ kit (glue/engines/cpp/keyact-engine.hpp: the table, the
// card ids, the state block). Reads, moves and random numbers answer at once; the choice and the
// free cast wait: Wagic's own menu or AACastCard asks the player (or the AI, or a test's
// "choice N"), and the answer runs the resolve on at once, frames later. While they wait, the
// menu (and, for the stack, KeyactWaitsForMenu) and the cast's target chooser hold Wagic's game:
// nothing else resolves and no one gets priority until the resolve is over (CR 608.2).
#include "PrecompiledHeader.h"

#include <cstdlib>
#include <memory>
#include <keyact-engine.hpp>
#include "KeyactAbility.h"
#include "AbilityParser.h"
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

// Whether the targets an ability chooses as it resolves exist: its own, if it targets (CR 115.1: a
// card on the battlefield, the stack, in a graveyard or exile; Wagic's notatarget() and its
// target(...|myhand), target(...|mylibrary) choose a card, no target), each part's of an "A && B"
// line, the wrapped ability's (a targeted line of an instant is a "may" around it).
static bool targetsExist(GameObserver * g, MTGAbility * a)
{
    MultiAbility * parts = dynamic_cast<MultiAbility *>(a);
    NestedAbility * nested = dynamic_cast<NestedAbility *>(a);
    TargetChooser * tc = dynamic_cast<TargetAbility *>(a) ? a->getActionTc() : NULL;
    bool targets = false;
    for (int p = 0; tc && tc->targetter && p < 2; p++) {
        MTGPlayerCards * z = g->players[p]->game;
        targets = targets || tc->targetsZone(z->inPlay) || tc->targetsZone(z->stack) || tc->targetsZone(z->graveyard) || tc->targetsZone(z->exile);
    }
    if (tc) // X targets, X 0 as the spell is cast for free: none
        return !targets || !tc->maxtargets || tc->validTargetsExist();
    if (parts)
        return std::all_of(parts->abilities.begin(), parts->abilities.end(), [g](MTGAbility * part) { return targetsExist(g, part); });
    return !nested || !nested->ability || targetsExist(g, nested->ability);
}

// While a resolve casts (on its game's thread): where the cast spell's triggers wait.
static thread_local vector<std::pair<MTGCardInstance *, MTGGameZone *> > * castTriggers = NULL;

// One resolve, and the ability discover:N parses into. A menu option is an AAKeyact too: its
// resolve() gives its index through the Answer it keeps (nothing once the resolve is gone).

class AAKeyact: public MTGAbility, public keyact::Adapter<AAKeyact, MTGCardInstance, Player>
{
public:
    string action, n;
    std::shared_ptr<MTGAbility> andAbility; // the parsed ability's, shared by its clones; only ever cloned
    keyact::Answer option; // a menu option's
    AACastCard * casting; // the cast a CAST question waits for
    vector<std::pair<MTGCardInstance *, MTGGameZone *> > triggered; // its spell's cast triggers (autostack=)

    AAKeyact(GameObserver * g, int id, MTGCardInstance * source, string action, string n, MTGAbility * andAbility,
             keyact::Answer option = keyact::Answer()) : MTGAbility(g, id, source), Adapter("Wagic"), action(action), n(n),
        andAbility(andAbility), option(option), casting(NULL) { oneShot = 1; }
    AAKeyact * clone() const { return NEW AAKeyact(*this); } // the kit's part of a copy is fresh: no resolve
    ~AAKeyact() { SAFE_DELETE(casting); } // the kit abandons a resolve still waiting
    const string getMenuText() { return action; }
    int testDestroy() { return !resolving(); }
    // Wagic makes a new MTGCardInstance on every zone change and links the old one to it.
    static MTGCardInstance * card_now(MTGCardInstance * c) { return c->next ? card_now(c->next) : c; }

    // Plugins load from full paths only: Wagic's Res/plugins/ (its system root, a full path in the
    // Qt builds), then KEYACT_PLUGIN_PATH and the install directory; once per process, kept until it
    // exits. The kit's messages go to Wagic's log, unless the process sent them elsewhere first.
    int resolve()
    {
        if (option)
            return option(), 1;
        // Wagic resolves each line of a spell with several targets once per target (Daring
        // Discovery's up to three): one discover, with the first.
        Spell * spell = dynamic_cast<Spell *>(game->mLayers->stackLayer()->getActionElementFromCard(source));
        if (spell && spell->getNbTargets() > 1 && target != spell->getNextTarget())
            return 1;
        if (!keyact::log_handler())
            keyact::set_log_handler([](const char * message) { DebugTrace(message); });
        string plugins = JFileSystem::GetInstance()->GetSystemRoot() + "plugins";
        const KeyactBoundAction * bound = keyact::Plugins::once(plugins, "Res/plugins/").find(action);
        AAKeyact * a = bound ? clone() : NULL;
        // The exile happens now, as the ability resolves; a resolve waiting for its player stays in the game.
        if (a && a->start(*bound, (keyact_game_id) game, source->controller(), WParsedInt(n, NULL, source).getValue()))
            return a->addToGame();
        delete a;
        return bound != NULL;
    }

    // The AACastCard of a CAST question, driven from here from the frame it is asked on (its target
    // chooser holds the game), so the answer is read the frame it casts, while the spell is on the
    // stack. The cast is done when the card left exile; a failed one leaves the card's alternative
    // cost unpaid. The spell's cast triggers wait in `triggered` (KeyactDefersCastTriggers).
    void Update(float dt)
    {
        if (casting) {
            castTriggers = &triggered;
            casting->Update(dt);
            castTriggers = NULL;
        }
        if (!casting || !casting->processed)
            return;
        MTGCardInstance * exiled = (MTGCardInstance *) casting->target;
        exiled->alternateCostPaid[ManaCost::MANA_PAID_WITH_ALTERNATIVE] = 0; // the object in exile, a card again if not cast
        SAFE_DELETE(casting);
        answer(card(question().card) != exiled ? KEYACT_CAST_DONE : KEYACT_CAST_FAILED);
    }

    // The end: the kit said any failure in Wagic's log. The discovered card replaces what an earlier
    // discover of the source imprinted, and its mana value (keyact's: a split card's is both halves')
    // is the source's "thatmuch" (Hit the Mother Lode's Treasures); the card's and!( )! ability runs;
    // then the cast spell's triggers, which Wagic resolves as the spell is cast, and CR 603.3 once
    // the resolve is over.
    void finished(int32_t, const keyact_resolve_result & result)
    {
        source->imprintedCards.clear();
        if (result.discovered)
            source->imprintedCards.push_back(card(result.discovered));
        source->thatmuch = result.mana_value_halves / 2;
        if (MTGAbility * a = andAbility ? andAbility->clone() : NULL) {
            a->target = source;
            if (!a->oneShot)
                a->addToGame();
            else {
                a->resolve();
                delete a;
            }
        }
        for (size_t i = 0; i < triggered.size(); i++)
            AbilityFactory(game).magicText(game->mLayers->actionLayer()->getMaxId(), NULL, triggered[i].first, 1, 0, triggered[i].second);
    }

    // The questions go to Wagic's own machinery: a menu for the choice (its options about the card,
    // as Wagic's menus are), AACastCard for the cast (the second face is Wagic's alternative cost,
    // paid for nothing).
    void ask_choice(MTGCardInstance * c, const keyact_question & q)
    {
        vector<MTGAbility *> menu;
        for (uint32_t i = 0; i < q.option_count; i++)
            menu.push_back(NEW AAKeyact(game, 0, c, option_text(q, i), "", NULL, answer_later(i)));
        (NEW MenuAbility(game, game->mLayers->actionLayer()->getMaxId(), c, source, true, menu, source->controller(), action))->resolve();
    }
    void ask_cast(MTGCardInstance * c, uint32_t face)
    {
        c->alternateCostPaid[ManaCost::MANA_PAID_WITH_ALTERNATIVE] = face > 0;
        casting = NEW AACastCard(game, game->mLayers->actionLayer()->getMaxId(), c, c, false, false, true, "", "", false,
                                 false, false, face > 0);
        Update(0);
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
    // Wagic's own checks of a cast, for the face: the play restrictions and epic, the spell's target=
    // (as AACastCard checks it), and the targets the face's lines choose as it resolves. A split or
    // adventure card's second half is its "if paid(alternative) then" lines (Ice: "... target(*|
    // battlefield)"), the first its "ifnot" lines and an instant's or sorcery's other lines; a
    // "choice" line is a mode (one with its targets will do), "upto:" targets may be none (CR 601.2c).
    // Only a line with "target(" has a target chooser (Wagic's parser makes one from it alone), so
    // only those are parsed: the parser is most of what a check costs.
    // Not the timing restrictions: a spell cast while another resolves ignores them.
    bool can_cast_face(Player * p, MTGCardInstance * c, uint32_t face)
    {
        std::unique_ptr<TargetChooser> tc(TargetChooserFactory(game).createTargetChooser(c));
        bool can = !p->epic && (!tc || tc->validTargetsExist()) && p->game->playRestrictions->canPutIntoZone(c, p->game->stack) != PlayRestriction::CANT_PLAY;
        bool modes = false, aMode = false;
        std::istringstream lines(AutoLineMacro::Process(c->magicText));
        const string second = "if paid(alternative) then ", first = "ifnot paid(alternative) then ", mode = "choice ";
        for (string line; std::getline(lines, line);) {
            bool ofSecond = !line.compare(0, second.size(), second), ofFirst = !line.compare(0, first.size(), first);
            string effect = face ? (ofSecond ? line.substr(second.size()) : "")
                : ofFirst ? line.substr(first.size()) : !ofSecond && c->isSorceryorInstant() ? line : "";
            bool isMode = !effect.compare(0, mode.size(), mode);
            std::unique_ptr<MTGAbility> a(effect.find("target(") == string::npos || effect.find("upto:") != string::npos ? NULL
                                          : AbilityFactory(game).parseMagicLine(effect.substr(isMode ? mode.size() : 0), 0, NULL, c));
            bool exist = targetsExist(game, a.get());
            modes = modes || isMode;
            aMode = aMode || (isMode && exist);
            can = can && (isMode || exist);
        }
        return can && (!modes || aMode);
    }
    // The game's generator, which Wagic's replays and tests load: rand(), uniform in [0, RAND_MAX].
    uint32_t random_below(uint32_t bound) { return keyact::uniform_below(bound, RAND_MAX, [this] { return game->getRandomGenerator()->random(); }); }
    // For the validation layer: where a card is now, by Wagic's zone names.
    uint32_t card_zone(MTGCardInstance * c) { return keyact::zone_named(c->currentZone ? c->currentZone->getName() : ""); }
};

MTGAbility * NewKeyactAbility(GameObserver * observer, int id, MTGCardInstance * source, string action, string n, MTGAbility * andAbility)
{
    bool wagicCascade = action == "cascade" && !std::getenv("WAGIC_KEYACT_CASCADE"); // Wagic's own AACascade
    return wagicCascade ? NULL : NEW AAKeyact(observer, id, source, action, n, andAbility);
}

bool IsKeyactAbility(MTGAbility * a) { return dynamic_cast<AAKeyact *>(a) != NULL; }

bool KeyactDefersCastTriggers(MTGCardInstance * card, MTGGameZone * to)
{
    if (castTriggers)
        castTriggers->push_back(std::make_pair(card, to));
    return castTriggers != NULL;
}

bool KeyactWaitsForMenu(ActionElement * e) { AAKeyact * a = dynamic_cast<AAKeyact *>(e); return a && a->resolving() && !a->casting; }
