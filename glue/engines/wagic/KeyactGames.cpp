// SPDX-License-Identifier: MIT
// keyact's games against Wagic's own code, in Wagic's console runner (CONFIG+=keyact_games):
//
//   wagic keyact-games cascade GAMES SEED   keyact's cascade against Wagic's AACascade
//   wagic keyact-games discover GAMES SEED  discovers with spells of both players beneath them
//   wagic keyact-games ai GAMES SEED TURNS  both players Wagic's AI, discover and cascade in their decks
//   wagic keyact-games noplugin             two discovers and no plugin anywhere
//
// Game n plays from seed SEED + n (the game's rand(), which Wagic's generator, its AI, its shuffles
// and keyact's random_below draw from), so a game prints its seed and replays from it. Run under
// KEYACT_VALIDATE=fatal: a validation report fails its resolve, which the kit says through its log
// (counted here as a report; the layer's own line goes to stderr). Each mode prints its counts and
// the exit status is the number of failed games.
#include "PrecompiledHeader.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <time.h>
#include <keyact-engine.hpp>
#include "KeyactGames.h"
#include "KeyactAbility.h"
#include "AllAbilities.h"
#include "AIPlayerBaka.h"
#include "GameObserver.h"
#include "MTGDeck.h"
#include "Rules.h"
#include "TestSuiteAI.h"

namespace {

// The kit's messages: counted, and shown (Wagic's own log keeps a passing test's lines to itself).
int reports = 0, noPluginMessages = 0;
void countMessage(const char * message)
{
    (string(message).find("no plugin resolves") != string::npos ? noPluginMessages : reports)++;
    fprintf(stderr, "%s\n", message);
}

int idOf(const string & name)
{
    MTGCard * card = MTGCollection()->getCardByName(name);
    return card ? card->getMTGId() : 0;
}

string cardList(const vector<int> & ids)
{
    string s;
    for (size_t i = 0; i < ids.size(); i++)
        s += (i ? "," : "") + std::to_string(ids[i]);
    return s;
}

// Every card of the database a library may hold: lands and spells, no tokens, planes, schemes,
// dungeons or other cards that never are in a library.
vector<int> & cardPool()
{
    static vector<int> pool;
    const char * types[] = { "Creature", "Instant", "Sorcery", "Artifact", "Enchantment", "Planeswalker", "Battle", "Land" };
    for (size_t i = pool.size() ? MTGCollection()->ids.size() : 0; i < MTGCollection()->ids.size(); i++) { // once
        MTGCard * card = MTGCollection()->getCardById(MTGCollection()->ids[i]);
        if (!card || card->getMTGId() <= 0 || card->getRarity() == Constants::RARITY_T || card->data->name.empty()
            || card->data->hasType("Token") || card->data->hasType("Conspiracy") || card->data->hasType("Dungeon"))
            continue;
        for (const char * t : types)
            if (card->data->hasType(t)) {
                pool.push_back(card->getMTGId());
                break;
            }
    }
    return pool;
}

// The database's cards with cascade.
vector<int> cascadeCards()
{
    vector<int> cards;
    for (int id : cardPool()) {
        CardPrimitive * c = MTGCollection()->getCardById(id)->data;
        bool cascade = c->magicText.find("cascade:") != string::npos; // "auto=", and "autostack=" below
        for (auto & text : c->magicTexts)
            cascade = cascade || text.second.find("cascade:") != string::npos;
        if (cascade)
            cards.push_back(id);
    }
    return cards;
}

// A game set up as Wagic's test runner sets one up (zones by card id, the first main phase), whose
// players take no scripted action: this runner answers for both.
class SetUpGame: public TestSuiteGame
{
public:
    SetUpGame(unsigned int seed, const vector<string> zones[2]) : TestSuiteGame(NULL)
    {
        timerLimit = 1e9;
        observer = new GameObserver();
        initState.cleanup(this);
        endState.cleanup(this);
        initState.phase = MTG_PHASE_FIRSTMAIN;
        for (int p = 0; p < 2; p++)
            for (size_t i = 0; i < zones[p].size(); i++)
                if (zones[p][i].back() != ':') // an empty zone
                    initState.parsePlayerState(p, zones[p][i]);
        observer->loadTestSuitePlayer(0, this);
        observer->loadTestSuitePlayer(1, this);
        observer->startGame(GAME_TYPE_CLASSIC, Rules::getRulesByFilename("testsuite.txt"));
        initGame();
        srand(seed); // GameObserver seeds rand() with the time
    }
    GameObserver * game() { return observer; }
};

// Answers what Wagic asks while no player acts: menus (the option castChoice says), targets (valid
// ones in a fixed order: players, then cards on the battlefield, on the stack, in graveyards), the
// interrupt offers (declined when `pass`, so the stack resolves; left open otherwise, so it waits).
// With `pass`, a question is answered a few frames after it is asked, as a player takes time, and
// meanwhile the players pass whatever else they are offered: the game must not go on.
struct Driver
{
    GameObserver * g;
    std::mt19937 rng;
    bool pass;
    int castChoice; // -1: any option at random; 0: the first (cast); 1: the last (decline)
    int thinking;   // frames until the question asked is answered

    Driver(GameObserver * g, unsigned int seed, bool pass, int castChoice)
        : g(g), rng(seed), pass(pass), castChoice(castChoice), thinking(-1) {}

    // One frame and the answers it needs. Whether anything was asked.
    bool frame(float & dt)
    {
        g->Update(dt++);
        ActionLayer * layer = g->mLayers->actionLayer();
        TargetChooser * tc = g->getCurrentTargetChooser();
        bool menu = layer->menuObject && layer->abilitiesMenu && layer->abilitiesMenu->mObjects.size();
        if (pass && (g->mLayers->stackLayer()->askIfWishesToInterrupt || g->isInterrupting))
            g->mLayers->stackLayer()->cancelInterruptOffer(); // the player asked passes, or ends its interruption
        if (!menu && !tc)
            return false;
        if (thinking < 0)
            thinking = pass ? rng() % 8 : 0;
        if (thinking-- > 0)
            return true;
        if (menu) {
            int n = (int) layer->abilitiesMenu->mObjects.size();
            layer->doReactTo(castChoice < 0 ? (int) (rng() % n) : castChoice == 0 ? 0 : n - 1);
        }
        else
            pickTarget(tc);
        return true;
    }

    void pickTarget(TargetChooser * tc)
    {
        vector<Targetable *> candidates;
        for (int p = 1; p >= 0; p--)
            candidates.push_back(g->players[p]);
        for (int p = 1; p >= 0; p--) {
            MTGGameZone * zones[] = { g->players[p]->game->inPlay, g->players[p]->game->stack, g->players[p]->game->graveyard };
            for (MTGGameZone * z : zones)
                for (size_t i = 0; i < z->cards.size(); i++)
                    candidates.push_back(z->cards[i]);
        }
        for (Targetable * t : candidates) {
            if (!tc->canTarget(t) || tc->alreadyHasTarget(t))
                continue;
            MTGCardInstance * card = dynamic_cast<MTGCardInstance *>(t);
            if (card && card->currentZone == card->controller()->game->stack) {
                if (Interruptible * spell = g->mLayers->stackLayer()->getActionElementFromCard(card))
                    return g->stackObjectClicked(spell);
            }
            g->cardClick(card, card ? (Targetable *) card : t);
            return;
        }
        if (tc->source)
            g->cardClick(tc->source, tc->source); // no more valid targets: the spell's own card ends the choice
    }
};

// One player's cards where they are, by card id: zone name -> ids (the library in order, bottom first).
typedef std::map<string, vector<int> > Zones;
Zones zonesOf(Player * p)
{
    MTGPlayerCards * z = p->game;
    MTGGameZone * zones[] = { z->library, z->hand, z->graveyard, z->exile, z->inPlay, z->stack };
    const char * names[] = { "library", "hand", "graveyard", "exile", "battlefield", "stack" };
    Zones out;
    for (int i = 0; i < 6; i++) {
        out[names[i]]; // every zone, the empty ones too
        for (size_t k = 0; k < zones[i]->cards.size(); k++)
            if (!zones[i]->cards[k]->isToken)
                out[names[i]].push_back(zones[i]->cards[k]->getMTGId());
    }
    for (auto & zone : out)
        if (zone.first != "library")
            std::sort(zone.second.begin(), zone.second.end());
    return out;
}

string nameOf(int id)
{
    MTGCard * card = MTGCollection()->getCardById(id);
    return card ? card->data->name : std::to_string(id);
}
string names(const vector<int> & ids)
{
    string s;
    for (size_t i = 0; i < ids.size(); i++)
        s += (i ? "; " : "") + nameOf(ids[i]);
    return s;
}

// Creatures with no ability, for something to target.
const char * vanilla[] = { "Grizzly Bears", "Hill Giant", "Craw Wurm", "Gray Ogre", "Trained Armodon" };

// A keyact resolve in the action layer: one that waits for its player (or ended this frame).
MTGAbility * keyactResolve(GameObserver * g)
{
    for (size_t i = 0; i < g->mLayers->actionLayer()->mObjects.size(); i++) {
        MTGAbility * a = dynamic_cast<MTGAbility *>(g->mLayers->actionLayer()->mObjects[i]);
        if (a && IsKeyactAbility(a))
            return a;
    }
    return NULL;
}
bool keyactWaits(GameObserver * g) { return keyactResolve(g) != NULL; }

// ---- cascade: keyact's against Wagic's AACascade ----

// A cascade's outcome, for comparing: the library's cards never moved (in order: the original
// instances left where they were), those moved back (bottom first), and every other zone.
struct CascadeOutcome
{
    vector<int> unmoved, moved;
    bool movedAtBottom;
    Zones zones; // both players'; "library" replaced by the two lists above
    bool stuck;
    double cpuNs; // this thread's CPU from the ability's resolve to the last frame that changed anything
    int frames;   // ... and how many frames that was
};

double threadCpuNs()
{
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

CascadeOutcome playCascade(unsigned int seed, const vector<string> zones[2], bool keyact, int castChoice)
{
    CascadeOutcome out = { {}, {}, true, {}, false, 0, 0 };
    SetUpGame setup(seed, zones);
    GameObserver * g = setup.game();
    Player * p = g->players[0];
    vector<MTGCardInstance *> original = p->game->library->cards;
    MTGCardInstance * source = p->game->hand->cards.back();
    int id = g->mLayers->actionLayer()->getMaxId();
    MTGAbility * a = keyact ? NewKeyactAbility(g, id, source, "cascade", "manacost", NULL)
                            : NEW AACascade(g, id, source, NULL, "plibrarycount", NULL);
    a->oneShot = 1;
    // Timed: the resolve and the frames (Wagic's game and the answers), not the comparison's reads.
    double t = threadCpuNs();
    a->resolve();
    delete a;
    double spent = threadCpuNs() - t, settled = spent;
    Driver driver(g, seed, false, castChoice);
    float dt = 1;
    int quiet = 0, frames = 0;
    Zones last;
    for (; quiet < 20 && frames < 3000; frames++) {
        t = threadCpuNs();
        bool asked = driver.frame(dt);
        spent += threadCpuNs() - t;
        Zones now = zonesOf(p);
        quiet = asked || keyactWaits(g) || now != last ? 0 : quiet + 1;
        if (quiet == 0) {
            settled = spent;
            out.frames = frames + 1;
        }
        last = now;
    }
    out.cpuNs = settled;
    out.stuck = frames >= 3000;
    vector<MTGCardInstance *> & library = p->game->library->cards;
    for (size_t i = 0; i < library.size(); i++) {
        bool unmoved = std::find(original.begin(), original.end(), library[i]) != original.end();
        (unmoved ? out.unmoved : out.moved).push_back(library[i]->getMTGId());
        if (!unmoved && !out.unmoved.empty())
            out.movedAtBottom = false; // a moved card above an unmoved one
    }
    for (int i = 0; i < 2; i++)
        for (auto & zone : zonesOf(g->players[i]))
            if (zone.first != "library")
                out.zones[std::to_string(i) + zone.first] = zone.second;
    return out;
}

vector<int> sorted(vector<int> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

// The card a cascade found, as Wagic's AACascade reads it: the first nonland card from the top
// whose converted cost (Wagic's: a split card's first half) is below the source's.
int wagicsHit(const vector<int> & library, int sourceId)
{
    int n = MTGCollection()->getCardById(sourceId)->data->getManaCost()->getConvertedCost();
    for (size_t i = library.size(); i-- > 0;) {
        CardPrimitive * c = MTGCollection()->getCardById(library[i])->data;
        if (!c->isLand() && c->getManaCost()->getConvertedCost() < n)
            return library[i];
    }
    return 0;
}

int runCascade(int games, unsigned int seed)
{
    setenv("WAGIC_KEYACT_CASCADE", "1", 1); // cascade: through keyact when NewKeyactAbility makes it
    vector<int> & pool = cardPool();
    vector<int> sources = cascadeCards();
    int agree = 0, orderOnly = 0, split = 0, noTarget = 0, failed = 0;
    vector<double> ratios; // keyact's cost over Wagic's, per game both settled in
    double wagicNs = 0, keyactNs = 0, wagicFrames = 0, keyactFrames = 0;
    for (int n = 0; n < games; n++) {
        unsigned int s = seed + n;
        std::mt19937 rng(s);
        vector<int> library, p2;
        int source = sources[rng() % sources.size()];
        for (int k = 0, size = 8 + rng() % 14; k < size; k++)
            library.push_back(pool[rng() % pool.size()]);
        for (int k = 0, size = rng() % 4; k < size; k++) // something to target
            p2.push_back(idOf(vanilla[rng() % (sizeof vanilla / sizeof *vanilla)]));
        // No card both in the library and elsewhere: Wagic's set-up finds a card by its id.
        library.erase(std::remove_if(library.begin(), library.end(), [&](int id) {
            return id == source || std::find(p2.begin(), p2.end(), id) != p2.end(); }), library.end());
        vector<string> zones[2] = { { "library:" + cardList(library), "hand:" + std::to_string(source) },
                                    { "inplay:" + cardList(p2) } };
        if (getenv("KEYACT_GAMES_TRACE"))
            printf("  cascade game %u: source %s, library (bottom first) [%s], opponent's [%s]\n", s, nameOf(source).c_str(),
                   names(library).c_str(), names(p2).c_str());
        int castChoice = rng() % 3 ? 0 : 1; // cast two times in three, decline the third
        CascadeOutcome w = playCascade(s, zones, false, castChoice), k = playCascade(s, zones, true, castChoice);
        if (!w.stuck && !k.stuck && w.cpuNs > 0) {
            ratios.push_back(k.cpuNs / w.cpuNs);
            wagicNs += w.cpuNs;
            keyactNs += k.cpuNs;
            wagicFrames += w.frames;
            keyactFrames += k.frames;
        }
        bool same = w.unmoved == k.unmoved && sorted(w.moved) == sorted(k.moved) && w.zones == k.zones;
        bool held = !w.stuck && !k.stuck && k.movedAtBottom && k.zones["0exile"].empty();
        if (same && held) {
            agree++;
            orderOnly += w.moved != k.moved;
            continue;
        }
        // Wagic's AACascade reads a split card's first half only; CR 709.4 combines both halves'
        // mana costs outside the stack (Fire // Ice: 4). Then it stops at a card keyact skips.
        int hit = wagicsHit(library, source);
        if (held && hit && nameOf(hit).find(" // ") != string::npos) {
            split++;
            printf("  cascade game %u: explained: Wagic's AACascade stops at %s (a split card's first half), keyact reads both halves (CR 709.4)\n",
                   s, nameOf(hit).c_str());
            continue;
        }
        // Wagic's AACastCard casts a spell whose targets, which Wagic chooses as it resolves, are not
        // there: CR 601.2c says it cannot be cast (keyact puts it on the bottom with the rest).
        vector<int> extra;
        std::set_difference(w.zones["0stack"].begin(), w.zones["0stack"].end(), k.zones["0stack"].begin(),
                            k.zones["0stack"].end(), std::back_inserter(extra));
        w.zones["0stack"] = k.zones["0stack"];
        if (held && extra.size() == 1 && std::count(k.moved.begin(), k.moved.end(), extra[0]) && w.zones == k.zones
            && MTGCollection()->getCardById(extra[0])->data->magicText.find("target(") != string::npos) {
            noTarget++;
            printf("  cascade game %u: explained: Wagic casts %s, none of whose targets (chosen as it resolves) is there; "
                   "keyact puts it on the bottom (CR 601.2c)\n", s, nameOf(extra[0]).c_str());
            continue;
        }
        failed++;
        printf("  cascade game %u: DIFFERS (source %s, %s): library Wagic [%s] keyact [%s]; moved Wagic [%s] keyact [%s]%s%s\n", s,
               nameOf(source).c_str(), castChoice ? "declined" : "cast", names(w.unmoved).c_str(), names(k.unmoved).c_str(),
               names(w.moved).c_str(), names(k.moved).c_str(), w.stuck || k.stuck ? "; stuck" : "",
               k.movedAtBottom ? "" : "; keyact's moved cards not at the bottom");
        for (auto & z : w.zones)
            if (z.second != k.zones[z.first])
                printf("    %s: Wagic [%s] keyact [%s]\n", z.first.c_str(), names(z.second).c_str(), names(k.zones[z.first]).c_str());
    }
    printf("cascade: %d games, %d agree (%d of them in another bottom order: CR 702.85a's random order against "
           "Wagic's exile order), %d explained differences (%d a split card's mana value, CR 709.4; %d a spell cast "
           "without its targets, CR 601.2c), %d unexplained\n", games, agree, orderOnly, split + noTarget, split,
           noTarget, failed);
    // A figure, not a check: one process, the same games alternating, this thread's CPU time.
    if (!ratios.empty()) {
        std::sort(ratios.begin(), ratios.end());
        printf("cost: keyact's cascade over Wagic's AACascade, from the resolve to the last frame that changed "
               "anything: median %.3f of %zu games (min %.3f, max %.3f); mean %.0f us keyact, %.0f us Wagic (thread CPU), "
               "%.1f frames keyact, %.1f Wagic\n", ratios[ratios.size() / 2], ratios.size(), ratios.front(), ratios.back(),
               keyactNs / ratios.size() / 1000, wagicNs / ratios.size() / 1000, keyactFrames / ratios.size(),
               wagicFrames / ratios.size());
    }
    return failed;
}

// ---- discover with other objects on the stack ----

// Cards of Wagic's test suite and keyact's tests, whose resolution this runner can answer.
const char * discoverPool[] = { "Grizzly Bears", "Lightning Bolt", "Shock", "Counterspell", "Divination", "Llanowar Elves",
    "Kird Ape", "Giant Growth", "Naturalize", "Fire // Ice", "Bonecrusher Giant // Stomp", "Birthing Pod",
    "Spectral Procession", "Ivy Elemental", "Craw Wurm", "Hill Giant", "Serra Angel", "Shivan Dragon", "Wrath of God",
    "Disenchant", "Terror", "Island", "Forest", "Mountain", "Plains", "Swamp", "Halvar, God of Battle", "Snowfall Probe",
    "Geological Appraiser", "Trumpeting Carnosaur" };
// The spells beneath the discover, each player's (Wagic's set-up finds a card by its id, so no card
// is in two players' zones).
const char * beneathPool[2][3] = { { "Grizzly Bears", "Divination", "Kird Ape" }, { "Llanowar Elves", "Hill Giant", "Craw Wurm" } };

int runDiscover(int games, unsigned int seed)
{
    int held = 0, failed = 0, resolves = 0;
    for (int n = 0; n < games; n++) {
        unsigned int s = seed + n;
        std::mt19937 rng(s);
        vector<int> library, beneath[2], p2 = { idOf("Trained Armodon") };
        for (int p = 0; p < 2; p++)
            for (int k = 0, size = 1 + rng() % 2; k < size; k++)
                beneath[p].push_back(idOf(beneathPool[p][rng() % 3]));
        // No card both in the library and elsewhere: Wagic's set-up finds a card by its id.
        std::set<int> elsewhere = { p2[0], idOf("Primordial Gnawer") };
        elsewhere.insert(beneath[0].begin(), beneath[0].end());
        elsewhere.insert(beneath[1].begin(), beneath[1].end());
        for (int k = 0, size = 4 + rng() % 12; k < size; k++) {
            int id = idOf(discoverPool[rng() % (sizeof discoverPool / sizeof *discoverPool)]);
            if (id && !elsewhere.count(id))
                library.push_back(id);
        }
        vector<string> zones[2] = { { "library:" + cardList(library), "hand:" + cardList(beneath[0]), "inplay:" + std::to_string(idOf("Primordial Gnawer")) },
                                    { "hand:" + cardList(beneath[1]), "inplay:" + cardList(p2) } };
        SetUpGame setup(s, zones);
        GameObserver * g = setup.game();
        ActionStack * stack = g->mLayers->stackLayer();
        int cards = 0;
        for (int p = 0; p < 2; p++)
            for (auto & zone : zonesOf(g->players[p]))
                cards += zone.second.size();
        // The spells beneath, both players', in turns; then the discover above them.
        vector<Interruptible *> spells;
        for (size_t k = 0; k < 2 * std::max(beneath[0].size(), beneath[1].size()); k++) {
            Player * p = g->players[k % 2];
            if (k / 2 >= beneath[k % 2].size())
                continue;
            MTGCardInstance * card = p->game->hand->cards.front();
            spells.push_back(stack->addSpell(p->game->putInZone(card, p->game->hand, p->game->stack), NULL, NULL, 1, 0));
        }
        MTGCardInstance * source = g->players[0]->game->inPlay->cards[0];
        int discover = 1 + rng() % 6;
        stack->addAbility(NewKeyactAbility(g, g->mLayers->actionLayer()->getMaxId(), source, "discover", std::to_string(discover), NULL));
        Interruptible * discoverItem = stack->getAt(-1);
        Driver driver(g, s, true, -1);
        float dt = 1;
        bool waited = false, broke = false, over = false, strandedOrLost = false;
        int frames = 0;
        // Until the discover and every spell resolved, and nothing is asked for 20 frames.
        for (int quiet = 0; frames < 4000 && quiet < 20; frames++) {
            bool asked = driver.frame(dt), waits = keyactWaits(g);
            waited = waited || waits;
            for (size_t k = 0; waits && k < spells.size(); k++)
                broke = broke || spells[k]->state != NOT_RESOLVED;
            if (!over && discoverItem->state != NOT_RESOLVED && !waits) {
                // The discover is over: every card it exiled cast, in hand or on the bottom; none lost.
                int now = 0;
                for (int p = 0; p < 2; p++)
                    for (auto & zone : zonesOf(g->players[p]))
                        now += zone.second.size();
                strandedOrLost = now != cards || !zonesOf(g->players[0])["exile"].empty();
                over = true;
            }
            quiet = over && !asked && !stack->count(0, NOT_RESOLVED) ? quiet + 1 : 0;
        }
        resolves += waited;
        bool ok = !broke && frames < 4000 && !strandedOrLost;
        held += ok;
        if (!ok) {
            failed++;
            Interruptible * top = stack->getLatest(NOT_RESOLVED);
            printf("  discover game %u: discover %d over %zu spells, library (bottom first) [%s]: %s%s%s; "
                   "menu %s, target chooser %s, stack top %s, phase %s\n", s, discover, spells.size(), names(library).c_str(),
                   broke ? "a spell beneath resolved while it waited; " : "", frames >= 4000 ? "stuck; " : "",
                   strandedOrLost ? "cards lost or left in exile when it was over" : "",
                   g->mLayers->actionLayer()->menuObject ? "open" : "none", g->getCurrentTargetChooser() ? "open" : "none",
                   top ? top->getDisplayName().c_str() : "none", g->getCurrentGamePhaseName().c_str());
        }
    }
    printf("discover: %d games, %d held (nothing beneath resolved while it waited; when it was over no card lost or "
           "left in exile), %d waited for an answer, %d failed\n", games, held, resolves, failed);
    return failed;
}

// ---- both players Wagic's AI ----

const char * aiKeyact[] = { "Trumpeting Carnosaur", "Geological Appraiser", "Hit the Mother Lode", "Daring Discovery",
    "Walk with the Ancestors", "Etali's Favor", "Hidden Volcano", "Hidden Nursery", "Bloodbraid Elf", "Violent Outburst",
    "Bloodbraid Marauder", "Throes of Chaos", "Volcanic Torrent", "Natural Reclamation", "Sweet-Gum Recluse", "Annoyed Altisaur" };
const char * aiFiller[] = { "Lightning Bolt", "Shock", "Grizzly Bears", "Kird Ape", "Llanowar Elves", "Giant Growth",
    "Fire // Ice", "Craw Wurm", "Hill Giant", "Naturalize", "Ivy Elemental", "Bonecrusher Giant // Stomp", "Shivan Dragon" };

MTGDeck * aiDeck(std::mt19937 & rng)
{
    MTGDeck * deck = NEW MTGDeck(MTGCollection());
    for (int k = 0; k < 24; k++)
        deck->add(idOf(k % 2 ? "Mountain" : "Forest"));
    for (int k = 0; k < 20; k++)
        deck->add(idOf(aiKeyact[rng() % (sizeof aiKeyact / sizeof *aiKeyact)]));
    for (int k = 0; k < 16; k++)
        deck->add(idOf(aiFiller[rng() % (sizeof aiFiller / sizeof *aiFiller)]));
    return deck;
}

int runAI(int games, unsigned int seed, int turns)
{
    for (const char * name : aiKeyact)
        if (!idOf(name))
            printf("  ai: no card %s\n", name);
    for (const char * name : aiFiller)
        if (!idOf(name))
            printf("  ai: no card %s\n", name);
    int finished = 0, limit = 0, stuck = 0, resolves = 0, before = reports;
    for (int n = 0; n < games; n++) {
        unsigned int s = seed + n;
        std::mt19937 rng(s);
        GameObserver * g = new GameObserver();
        for (int p = 0; p < 2; p++) {
            string name = "keyact_ai_" + std::to_string(p);
            g->loadPlayer(p, NEW AIPlayerBaka(g, name, name, "", aiDeck(rng)));
        }
        srand(s);
        g->startGame(GAME_TYPE_CLASSIC, Rules::getRulesByFilename("classic.txt"));
        int seen = 0; // keyact resolves that waited: each one seen arrive in the action layer
        MTGAbility * waiting = NULL;
        float dt = 1;
        int still = 0, lastTurn = -1, lastPhase = -1;
        Zones last[2];
        for (; !g->didWin() && g->turn < turns && still < 3000;) {
            g->Update(dt++);
            MTGAbility * resolve = keyactResolve(g);
            seen += resolve && resolve != waiting;
            waiting = resolve;
            Zones now[2] = { zonesOf(g->players[0]), zonesOf(g->players[1]) };
            bool same = g->turn == lastTurn && (int) g->getCurrentGamePhase() == lastPhase && now[0] == last[0] && now[1] == last[1];
            still = same ? still + 1 : 0;
            lastTurn = g->turn, lastPhase = g->getCurrentGamePhase(), last[0] = now[0], last[1] = now[1];
        }
        resolves += seen;
        if (getenv("KEYACT_GAMES_TRACE"))
            printf("  ai game %u: turn %d, %d keyact resolves, reports so far %d\n", s, g->turn, seen, reports);
        if (still >= 3000) {
            stuck++;
            printf("  ai game %u: stuck in turn %d, %s, %d keyact resolves so far\n", s, g->turn,
                   g->getCurrentGamePhaseName().c_str(), seen);
        }
        else
            (g->didWin() ? finished : limit)++;
        delete g;
    }
    printf("ai: %d games played, %d to the end, %d to the turn limit (%d), %d stuck, %d keyact resolves waited for "
           "the AI, %d reports\n", games, finished, limit, turns, stuck, resolves, reports - before);
    return stuck;
}

// ---- no plugin ----

int runNoPlugin()
{
    vector<string> zones[2] = { { "library:" + cardList({ idOf("Island"), idOf("Grizzly Bears") }),
                                  "inplay:" + std::to_string(idOf("Primordial Gnawer")) }, {} };
    SetUpGame setup(1, zones);
    GameObserver * g = setup.game();
    Zones before = zonesOf(g->players[0]);
    MTGCardInstance * source = g->players[0]->game->inPlay->cards[0];
    for (int k = 0; k < 2; k++) {
        MTGAbility * a = NewKeyactAbility(g, g->mLayers->actionLayer()->getMaxId(), source, "discover", "3", NULL);
        a->resolve();
        delete a;
    }
    Driver driver(g, 1, true, 0);
    float dt = 1;
    for (int k = 0; k < 50; k++)
        driver.frame(dt);
    bool unchanged = zonesOf(g->players[0]) == before;
    printf("noplugin: 2 discovers, %d message%s (\"no plugin resolves discover\"), %s\n", noPluginMessages,
           noPluginMessages == 1 ? "" : "s", unchanged ? "nothing moved" : "CARDS MOVED");
    return noPluginMessages != 1 || !unchanged;
}

} // namespace

int KeyactGames(int argc, char * argv[])
{
    string mode = argc > 0 ? argv[0] : "";
    int games = argc > 1 ? atoi(argv[1]) : 0;
    unsigned int seed = argc > 2 ? strtoul(argv[2], NULL, 10) : 1;
    setvbuf(stdout, NULL, _IOLBF, 0); // lines in order with the messages on stderr
    keyact::set_log_handler(countMessage);
    int failed = mode == "cascade" ? runCascade(games, seed)
        : mode == "discover" ? runDiscover(games, seed)
        : mode == "ai" ? runAI(games, seed, argc > 3 ? atoi(argv[3]) : 20)
        : mode == "noplugin" ? runNoPlugin()
        : (fprintf(stderr, "keyact-games: cascade|discover GAMES SEED, ai GAMES SEED TURNS, or noplugin\n"), 1);
    if (reports)
        printf("keyact-games: %d resolves failed (validation reports, under KEYACT_VALIDATE=fatal)\n", reports);
    return failed + reports;
}
