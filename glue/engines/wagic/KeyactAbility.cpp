// SPDX-License-Identifier: MIT
// The keyact_host over Wagic's GameObserver, players and zones, and the stepped resolve meeting
// Wagic's frame loop. Reads, moves and random numbers answer at once; the choice and the free
// cast wait: the resolve returns with the question, Wagic's own menu or AACastCard asks the
// player (or the AI, or a test's "choice N"), and Update() answers and steps on, frames later.
#include "PrecompiledHeader.h"

#include <deque>
#include <keyact-host.h>
#include "KeyactAbility.h"
#include "AllAbilities.h"
#include "ManaCostHybrid.h"

// Plugins load from full paths only: Wagic's Res/plugins/ (its system root, a full path in the Qt
// builds), then KEYACT_PLUGIN_PATH and the install directory. Once per process, the registry kept
// for its lifetime (the test suite plays games on several threads at once; a resolve makes no
// registry call); a missing plugin is a warning.
static const KeyactBoundAction * keyactAction(int cascade)
{
    static KeyactBoundAction bound[2];
    static bool loaded = [] {
        KeyactRegistry * registry = keyact_registry_new();
        string dir = JFileSystem::GetInstance()->GetSystemRoot() + "plugins";
        g_autofree gchar * path = g_canonicalize_filename(dir.c_str(), NULL);
        keyact_registry_load_dir(registry, path, KEYACT_LOAD_DEFAULT);
        keyact_registry_load_search_path(registry, KEYACT_LOAD_DEFAULT);
        keyact_registry_get_selection(registry, "discover", &bound[0], NULL);
        keyact_registry_get_selection(registry, "cascade", &bound[1], NULL);
        return true;
    }();
    const char * name = cascade ? "cascade" : "discover";
    if (loaded && !bound[cascade].action)
        g_warning("keyact: no plugin resolves %s: put keyact-%s.so in Res/plugins/", name, name);
    return bound[cascade].action ? &bound[cascade] : NULL;
}

// Wagic keeps parsed costs only: the printed one is rebuilt. Colours are cost[1..6] (C last),
// hybrids ({2W} has colour 0), X cost[NB_Colors]; Phyrexian and snow symbols are extra costs (a
// snow symbol also adds one generic mana).
static string costText(ManaCost * m)
{
    auto symbol = [](int color) { return "{" + string(1, (char) toupper(Constants::MTGColorChars[color])); };
    ostringstream out, extra;
    int generic = m->getCost(Constants::MTG_COLOR_ARTIFACT);
    for (unsigned int i = 0; ExtraCost * e = m->getExtraCost(i); i++) {
        if (dynamic_cast<SnowCost *>(e))
            extra << "{S}", generic--;
        if (LifeorManaCost * phyrexian = dynamic_cast<LifeorManaCost *>(e))
            extra << costText(phyrexian->getManaCost()).insert(2, "/P");
    }
    if (generic)
        out << "{" << generic << "}";
    for (int color = 1; color < Constants::NB_Colors; color++)
        for (int n = 0; n < m->getCost(color); n++)
            out << symbol(color) << "}";
    for (unsigned int i = 0; ManaCostHybrid * h = m->getHybridCost(i); i++)
        out << (h->color1 ? symbol(h->color1) : "{" + std::to_string(h->value1)) << "/"
            << symbol(h->color2).substr(1) << "}";
    out << (m->hasX() ? "{X}" : "") << extra.str();
    return out.str();
}

// Split and adventure cards are one card "A // B" whose other= cost is the second half; a modal
// double-faced card's back is the other= cost its otherrestriction allows once it is turned.
static string faceName(CardPrimitive * card, uint32_t face)
{
    size_t half = card->name.find(" // ");
    if (half == string::npos)
        return face ? card->getManaCost()->getAlternative()->alternativeName : card->name;
    return face ? card->name.substr(half + 4) : card->name.substr(0, half);
}

// Wagic makes a new MTGCardInstance on every zone change and links the old one to it (next): a
// keyact id is an index into the cards seen, each followed to where it is now. A card's printed
// description is made once and lives beside it until the resolve is over.
struct KeyactCard
{
    MTGCardInstance * now;
    string text[4];
    keyact_face_desc face[2];
    keyact_card_desc desc;
};

// One resolve, and the ability discover:N parses into. A menu option is an AAKeyact too: its
// resolve() gives its index to the resolve it belongs to (menuOf).
class AAKeyact: public MTGAbility
{
public:
    string action, n;
    MTGAbility * andAbility;
    AAKeyact * menuOf;
    int reply; // the answer Update() gives next, or -1
    keyact_host host;
    gpointer state; // the resolve in progress, or NULL
    keyact_resolve_result result;
    keyact_question q;
    AACastCard * casting; // the cast a CAST question waits for
    std::deque<KeyactCard> cards;

    AAKeyact(GameObserver * g, int id, MTGCardInstance * source, string action, string n, MTGAbility * andAbility,
             AAKeyact * menuOf = NULL, int reply = -1) : MTGAbility(g, id, source), action(action), n(n),
        andAbility(andAbility), menuOf(menuOf), reply(reply), host(), state(NULL), result(), q(), casting(NULL)
    {
        oneShot = 1;
    }
    AAKeyact * clone() const // of the parsed ability or a menu option: no resolve in progress
    {
        AAKeyact * a = NEW AAKeyact(*this);
        a->andAbility = andAbility ? andAbility->clone() : NULL;
        return a;
    }
    ~AAKeyact() // a game over while the resolve waits: nothing more is moved
    {
        if (state)
            keyact_resolve_abandon(state, &result);
        g_free(state);
        SAFE_DELETE(andAbility);
        SAFE_DELETE(casting);
    }
    const string getMenuText() { return action; }
    int testDestroy() { return !state; }

    static AAKeyact * of(const keyact_host * host) { return (AAKeyact *) host->host_data; }
    MTGCardInstance * card(keyact_card_id id)
    {
        MTGCardInstance ** c = id && id <= cards.size() ? &cards[id - 1].now : NULL;
        while (c && (*c)->next)
            *c = (*c)->next;
        return c ? *c : NULL;
    }
    keyact_card_id idOf(MTGCardInstance * c)
    {
        for (size_t i = 0; i < cards.size(); i++)
            if (card(i + 1) == c)
                return i + 1;
        cards.push_back(KeyactCard { c, {}, {}, {} });
        return cards.size();
    }

    int resolve()
    {
        if (menuOf) {
            menuOf->reply = reply;
            return 1;
        }
        const KeyactBoundAction * bound = keyactAction(action == "cascade");
        if (!bound)
            return 0;
        AAKeyact * a = clone();
        keyact_host_table_init(&a->host);
        a->host.host_data = a;
        a->host.host_name = "Wagic";
        a->host.library_size = librarySize;
        a->host.library_card = libraryCard;
        a->host.move_card = moveCard;
        a->host.describe_card = describeCard;
        a->host.can_cast_face = canCastFace;
        a->host.random_below = randomBelow;
        a->host.card_zone = cardZone;
        a->result.struct_size = sizeof a->result;
        keyact_resolve_args args = { sizeof args, WParsedInt(n, NULL, source).getValue(), (keyact_game_id) game,
                                     (keyact_player_id) source->controller(), KEYACT_CARD_NONE };
        gsize size = keyact_bound_action_state_size(bound);
        a->state = g_malloc(size);
        if (int32_t status = keyact_bound_action_begin(bound, &a->host, &args, KEYACT_WAIT_PLAYER, a->state, size)) {
            g_warning("keyact: %s cannot begin: %s", action.c_str(), keyact_status_name(status));
            g_clear_pointer(&a->state, g_free);
        }
        a->Update(0); // the exile happens now, as the ability resolves
        if (a->state)
            return a->addToGame();
        delete a;
        return 1;
    }

    // Answers the question once Wagic has the answer, then runs the resolve on. The AACastCard of a
    // CAST question is driven from here, so the answer is read the frame it casts, while the spell
    // is on the stack; the cast is done when the card left exile (some card scripts move it on at
    // once: a modal double-faced card's instant back exiles itself as a copy is cast).
    void Update(float dt)
    {
        if (casting)
            casting->Update(dt);
        if (casting && casting->processed) {
            reply = card(q.card) != casting->target ? KEYACT_CAST_DONE : KEYACT_CAST_FAILED;
            SAFE_DELETE(casting);
        }
        if (!state || (q.kind && reply < 0))
            return;
        keyact_answer answer = { sizeof answer, q.kind, 0, (uint32_t) reply };
        if (q.kind)
            keyact_resolve_answer(state, &answer);
        q.struct_size = sizeof q;
        reply = -1;
        int32_t status = keyact_resolve_step(state, &result, &q);
        if (status == KEYACT_WAITING)
            return ask(card(q.card));
        if (status)
            g_warning("keyact: %s ended with %s; %u cards stay in exile", action.c_str(), keyact_status_name(status),
                      result.stranded_count);
        g_clear_pointer(&state, g_free);
        if (result.discovered) // for Hit the Mother Lode: evictmc is the discovered card's mana value
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

    // The question goes to Wagic's own machinery: a menu for the choice, AACastCard for the cast
    // (the second face is Wagic's alternative cost, paid for nothing).
    void ask(MTGCardInstance * c)
    {
        ActionLayer * layer = game->mLayers->actionLayer();
        if (q.kind == KEYACT_QUESTION_CAST) {
            c->alternateCostPaid[ManaCost::MANA_PAID_WITH_ALTERNATIVE] = q.face > 0;
            casting = NEW AACastCard(game, layer->getMaxId(), c, c, false, false, true, "", "", false, false, false,
                                     q.face > 0);
            return;
        }
        vector<MTGAbility *> options;
        for (uint32_t i = 0; i < q.option_count; i++) {
            uint32_t kind = q.options[i].kind;
            string text = kind == KEYACT_OPTION_CAST_FACE ? "Cast " + faceName(c->data, q.options[i].face)
                : kind == KEYACT_OPTION_TO_HAND ? "Put into your hand" : "Put on the bottom";
            options.push_back(NEW AAKeyact(game, 0, source, text, "", NULL, this, i));
        }
        (NEW MenuAbility(game, layer->getMaxId(), c, source, true, options, source->controller(), action))->resolve();
    }

    static int32_t librarySize(const keyact_host *, keyact_game_id, keyact_player_id player, uint32_t * out)
    {
        *out = ((Player *) player)->game->library->nb_cards;
        return KEYACT_OK;
    }

    // The top of Wagic's library is the end of its vector.
    static int32_t libraryCard(const keyact_host * host, keyact_game_id, keyact_player_id player, uint32_t index,
                               keyact_card_id * out)
    {
        MTGLibrary * library = ((Player *) player)->game->library;
        if (index >= (uint32_t) library->nb_cards)
            return KEYACT_E_NOTFOUND;
        *out = of(host)->idOf(library->cards[library->nb_cards - 1 - index]);
        return KEYACT_OK;
    }

    // putInZone puts a card on the top of a library, and there is no "put at index n": it is moved down.
    static int32_t moveCard(const keyact_host * host, keyact_game_id, keyact_player_id, keyact_card_id id, uint32_t zone,
                            uint32_t index, uint32_t)
    {
        MTGCardInstance * c = of(host)->card(id);
        MTGPlayerCards * z = c ? c->owner->game : NULL;
        MTGGameZone * zones[] = { NULL, z ? z->library : NULL, z ? z->exile : NULL, z ? z->hand : NULL };
        MTGGameZone * to = zone <= KEYACT_ZONE_HAND ? zones[zone] : NULL;
        if (!to || !(c = z->putInZone(c, c->currentZone, to)))
            return to ? KEYACT_E_STATE : KEYACT_E_NOTFOUND;
        vector<MTGCardInstance *> & cards = z->library->cards;
        vector<MTGCardInstance *>::iterator at = find(cards.begin(), cards.end(), c);
        if (at != cards.end()) {
            cards.erase(at);
            cards.insert(cards.end() - min<size_t>(index, cards.size()), c);
        }
        return KEYACT_OK;
    }

    static int32_t describeCard(const keyact_host * host, keyact_game_id, keyact_card_id id, keyact_card_desc * out)
    {
        MTGCardInstance * c = of(host)->card(id);
        if (!c)
            return KEYACT_E_NOTFOUND;
        KeyactCard & k = of(host)->cards[id - 1];
        ManaCost * cost = c->data->getManaCost();
        bool split = c->data->name.find(" // ") != string::npos;
        bool back = cost->getAlternative() && (split || c->data->getOtherRestrictions().find("isflipped") != string::npos);
        for (uint32_t face = 0; !k.desc.struct_size && face <= (uint32_t) back; face++) {
            k.text[face * 2] = faceName(c->data, face);
            k.text[face * 2 + 1] = costText(face ? cost->getAlternative() : cost);
            k.face[face] = keyact_face_desc { sizeof k.face[face], !face && c->isLand() ? KEYACT_FACE_LAND : 0u,
                                              k.text[face * 2].c_str(), k.text[face * 2 + 1].c_str() };
        }
        uint32_t layout = !back ? KEYACT_LAYOUT_NORMAL : !split ? KEYACT_LAYOUT_MODAL_DFC
            : c->has(Constants::ADVENTURE) ? KEYACT_LAYOUT_ADVENTURE : KEYACT_LAYOUT_SPLIT;
        k.desc = keyact_card_desc { sizeof k.desc, layout, back ? 2u : 1u, 0, { &k.face[0], back ? &k.face[1] : NULL } };
        memcpy(out, &k.desc, out->struct_size = min<uint32_t>(out->struct_size, sizeof k.desc));
        return KEYACT_OK;
    }

    // The spell's targets, as AACastCard checks them before it casts.
    static int32_t canCastFace(const keyact_host * host, keyact_game_id, keyact_player_id, keyact_card_id id, uint32_t,
                               uint32_t * out)
    {
        MTGCardInstance * c = of(host)->card(id);
        TargetChooser * tc = c ? TargetChooserFactory(c->getObserver()).createTargetChooser(c) : NULL;
        *out = !tc || tc->validTargetsExist();
        SAFE_DELETE(tc);
        return c ? KEYACT_OK : KEYACT_E_NOTFOUND;
    }

    static int32_t randomBelow(const keyact_host *, keyact_game_id game, uint32_t bound, uint32_t * out)
    {
        *out = (uint32_t) ((GameObserver *) game)->getRandomGenerator()->random() % bound;
        return KEYACT_OK;
    }

    // For the validation layer: where a card is now, by Wagic's zone names.
    static int32_t cardZone(const keyact_host * host, keyact_game_id, keyact_card_id id, uint32_t * out)
    {
        static const char * names[] = { "", "library", "exile", "hand", "stack", "battlefield", "graveyard" };
        MTGCardInstance * c = of(host)->card(id);
        const char * zone = c && c->currentZone ? c->currentZone->getName() : "";
        for (*out = KEYACT_ZONE_LIBRARY; *out < KEYACT_ZONE_OTHER && strcmp(zone, names[*out]); ++*out)
            continue;
        return c ? KEYACT_OK : KEYACT_E_NOTFOUND;
    }
};

MTGAbility * NewKeyactAbility(GameObserver * observer, int id, MTGCardInstance * source, string action, string n,
                              MTGAbility * andAbility)
{
    if (action == "cascade" && !g_getenv("WAGIC_KEYACT_CASCADE"))
        return NULL;
    return NEW AAKeyact(observer, id, source, action, n, andAbility);
}

bool IsKeyactAbility(MTGAbility * a)
{
    return dynamic_cast<AAKeyact *>(a) != NULL;
}
