/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import mage.abilities.Ability;
import mage.abilities.Mode;
import mage.abilities.SpellAbility;
import mage.abilities.effects.Effect;
import mage.abilities.effects.Effects;
import mage.abilities.effects.keyword.DiscoverEffect;
import mage.abilities.keyword.CascadeAbility;
import mage.cards.Card;
import mage.cards.CardImpl;
import mage.cards.CardSetInfo;
import mage.cards.decks.Deck;
import mage.constants.MultiplayerAttackOption;
import mage.constants.Outcome;
import mage.constants.RangeOfInfluence;
import mage.constants.Rarity;
import mage.constants.Zone;
import mage.game.Game;
import mage.game.GameOptions;
import mage.game.TwoPlayerDuel;
import mage.game.mulligan.MulliganType;
import mage.player.ai.ComputerPlayer;
import mage.players.Player;
import mage.util.RandomUtil;

/**
 * Real XMage two-player duels for the tests: Alice (a scripted ComputerPlayer) and Bob, each
 * library in a fixed order, built once with XMage's own discover and cascade and once with
 * keyact's (every DiscoverEffect and CascadeAbility of the cards swapped for keyact's before the
 * cards enter the game), and the outcome as text, card by card.
 */
final class XMageGames {
    static {
        org.apache.log4j.BasicConfigurator.configure();
        org.apache.log4j.Logger.getRootLogger().setLevel(org.apache.log4j.Level.ERROR);
    }

    /** What the validation layer reported (logger org.keyact.validate), and keyact's own warnings (WARNING and up). */
    static final List<String> REPORTS = Collections.synchronizedList(new ArrayList<>());
    private static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()) // INFO: the checks a Host skips
                REPORTS.add(r.getLoggerName() + ": " + new java.util.logging.SimpleFormatter().formatMessage(r));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    static {
        Logger.getLogger("org.keyact").addHandler(CAPTURE);
    }

    private XMageGames() {}

    /** XMage's TwoPlayerDuel with its setup (init) callable without playing the game loop. */
    static final class Duel extends TwoPlayerDuel {
        Duel() {
            super(MultiplayerAttackOption.LEFT, RangeOfInfluence.ALL, MulliganType.GAME_DEFAULT.getMulligan(0), 60, 20, 7);
        }

        Duel(Duel d) {
            super(d);
        }

        /** XMage's setup, and the turn order its game loop would keep (a failed cast restores it). */
        void setUp(UUID startingPlayer) {
            init(startingPlayer);
            playerList = state.getPlayerList(startingPlayer);
        }

        /** Resolve the top of the stack as XMage's game loop does (it removes what resolved). */
        void resolveTop() {
            resolve();
        }

        @Override
        public Duel copy() {
            return new Duel(this);
        }
    }

    /**
     * XMage's ComputerPlayer, with the discover/cascade questions scripted: {@code use} answers
     * "Cast spell without paying its mana cost (...)?" (null: the AI decides), {@code part} picks
     * the part to cast by name among those XMage opened (null or not open: the AI's pick).
     */
    static final class Bot extends ComputerPlayer {
        Boolean use;
        String part;
        /** How many times the player was asked to cast a card without paying its mana cost. */
        int freeCastQuestions;
        /** Seeded answers per card instead of use and part (null: none), shared by the copies. */
        Answers answers;

        Bot(String name) {
            super(name, RangeOfInfluence.ALL);
        }

        Bot(Bot b) {
            super(b);
            use = b.use;
            part = b.part;
            freeCastQuestions = b.freeCastQuestions;
            answers = b.answers;
        }

        @Override
        public boolean chooseMulligan(Game game) {
            return false;
        }

        @Override
        public boolean chooseUse(Outcome outcome, String message, Ability source, Game game) {
            if (message.startsWith("Cast spell without paying its mana cost")) {
                freeCastQuestions++;
                if (answers != null) {
                    Boolean answer = answers.asked(this, message, source, game);
                    return answer != null ? answer : super.chooseUse(outcome, message, source, game);
                }
                if (use != null)
                    return use;
            }
            return super.chooseUse(outcome, message, source, game);
        }

        @Override
        public SpellAbility chooseAbilityForCast(Card card, Game game, boolean noMana) {
            List<Card> open = new ArrayList<>();
            for (Card p : faces(card))
                if (Boolean.TRUE.equals(game.getState().getValue("PlayFromNotOwnHandZone" + p.getId())))
                    open.add(p);
            String wanted = answers != null ? answers.part(card) : part;
            for (Card p : open)
                if (p.getName().equals(wanted))
                    return answers != null ? answers.picked(p) : p.getSpellAbility();
            if (answers != null && !open.isEmpty()) // the face wanted is not offered: the first offered
                return answers.picked(open.get(0));
            return super.chooseAbilityForCast(card, game, noMana);
        }

        /**
         * With seeded answers, the random bottom order of XMage's own code (its discover's and
         * cascade's shuffle is unseeded) is drawn as keyact draws it: from RandomUtil, each card
         * from the last down swapping with one at or before it, and placed first card first. So
         * the same seed gives XMage's own effect and keyact's the same order, and a later draw
         * that reaches these cards sees the same cards in every run.
         */
        @Override
        public boolean putCardsOnBottomOfLibrary(mage.cards.Cards cards, Game game, Ability source, boolean anyOrder) {
            if (answers == null || anyOrder || cards.size() < 2)
                return super.putCardsOnBottomOfLibrary(cards, game, source, anyOrder);
            List<UUID> order = new ArrayList<>(cards); // the order they were added: exiled
            for (int top = order.size() - 1; top >= 1; top--)
                Collections.swap(order, top, RandomUtil.nextInt(top + 1));
            for (UUID card : order)
                super.putCardsOnBottomOfLibrary(new mage.cards.CardsImpl(game.getCard(card)), game, source, false);
            return true;
        }

        @Override
        public Bot copy() {
            return new Bot(this);
        }
    }

    /**
     * Answers to the free-cast questions decided by a game's seed and the card asked about (so a
     * question one run asks and another does not shifts no other answer): cast (half the time),
     * decline, or the AI decides; the face wanted, by the same hash over all the card's faces
     * (the first offered when that one is not). Records what was asked and why a face was offered
     * that keyact would not offer.
     */
    static final class Answers {
        final long seed;
        final List<Question> asked = new ArrayList<>();

        Answers(long seed) {
            this.seed = seed;
        }

        int hash(String card, int salt) {
            long h = seed * 0x9E3779B97F4A7C15L + card.hashCode() * 0xC2B2AE3D27D4EB4FL + salt;
            h ^= h >>> 33;
            h *= 0xff51afd7ed558ccdL;
            h ^= h >>> 33;
            return (int) (h & 0x7fffffff);
        }

        /** Record the question (the faces its message names, found in exile) and answer it (null: the AI). */
        Boolean asked(Player player, String message, Ability source, Game game) {
            String text = message.replaceAll("<[^>]*>", "");
            Question q = new Question();
            for (Card card : game.getExile().getAllCards(game))
                for (Card face : faces(card))
                    if (text.contains(face.getName() + " [" + face.getId().toString().substring(0, 3) + "]")) { // its log name
                        q.card = card.getMainCard().getName();
                        q.offered.add(face.getName());
                        if (card instanceof mage.cards.SplitCard && face == faces(card).get(1)
                            && face.getAbilities().containsClass(mage.abilities.keyword.AftermathAbility.class))
                            q.aftermath.add(face.getName());
                        if (!new KeyactDiscoverEffect.XMageHost(player, game, source).canCast(face))
                            q.uncastable.add(face.getName());
                        int n = cascadeValue(source, game);
                        if (n >= 0 && face.getManaValue() >= n)
                            q.notBelowCascade.add(face.getName());
                    }
            q.byXMage = askedByXMage();
            int v = q.card == null ? 9 : hash(q.card, 1) % 10;
            q.use = v < 5 ? Boolean.TRUE : v < 8 ? Boolean.FALSE : null;
            asked.add(q);
            return q.use;
        }

        /** The question comes from XMage's own discover or cascade (CardUtil's free cast), not keyact's Host. */
        static boolean askedByXMage() {
            for (StackTraceElement f : new Throwable().getStackTrace()) {
                if (f.getClassName().equals("org.keyact.EngineHost"))
                    return false;
                if (f.getClassName().equals("mage.util.CardUtil") && f.getMethodName().equals("castSpellWithAttributesForFree"))
                    return true;
            }
            return false;
        }

        /** The mana value of the spell whose cascade asks (XMage's, keyact's or the switched), or -1. */
        static int cascadeValue(Ability source, Game game) {
            if (!(source instanceof CascadeAbility || source instanceof KeyactCascadeAbility))
                return -1;
            mage.game.stack.Spell spell = game.getStack().getSpell(source.getSourceId());
            mage.MageObject object = spell != null ? spell : game.getObject(source.getSourceId());
            return object == null ? -1 : object.getManaValue();
        }

        /** The face of card this game's answers want cast. */
        String part(Card card) {
            List<Card> all = faces(card);
            return all.get(hash(card.getMainCard().getName(), 2) % all.size()).getName();
        }

        SpellAbility picked(Card face) {
            if (!asked.isEmpty())
                asked.get(asked.size() - 1).cast = face.getName();
            return face.getSpellAbility();
        }
    }

    /** One free-cast question: the card, the faces offered, and those keyact would not offer and why. */
    static final class Question {
        String card;
        final List<String> offered = new ArrayList<>(), aftermath = new ArrayList<>(), uncastable = new ArrayList<>(),
            notBelowCascade = new ArrayList<>();
        Boolean use;
        String cast;
        /** Asked by XMage's own code (its discover or cascade), not through keyact. */
        boolean byXMage;

        /** The XMage bug this question shows when its player cast a face keyact would not offer, or null. */
        String xmageBug() {
            if (cast == null)
                return null;
            if (aftermath.contains(cast))
                return "XMage offers an aftermath half from exile (CR 702.127a)";
            if (uncastable.contains(cast))
                return "XMage offers a face its player can't cast, and the cast fails (CR 601.3)";
            if (notBelowCascade.contains(cast))
                return "XMage's cascade casts a face of mana value not below the spell's (CR 702.85a)";
            return null;
        }

        @Override
        public String toString() {
            String bug = xmageBug();
            return card + " offered " + offered + " answered " + (use == null ? "by the AI" : use)
                + (cast != null ? ", " + cast + " picked" : "") + (byXMage ? " " + BY_XMAGE : "")
                + (bug != null ? ": " + BUG + bug : "");
        }

        static final String BUG = "XMage bug: ", BY_XMAGE = "(asked by XMage's own code)";
    }

    /** One game: Alice's and Bob's zones by card class name ("basiclands.Mountain", "l.LightningBolt"). */
    static final class Setup {
        final List<String> library = new ArrayList<>(), hand = new ArrayList<>(), battlefield = new ArrayList<>();
        final List<String> bobLibrary = new ArrayList<>(), bobBattlefield = new ArrayList<>();
        String source;
        Boolean use = true;
        String part;
        long seed = 20260824L;

        Setup library(String... cards) {
            Collections.addAll(library, cards);
            return this;
        }

        Setup bobBattlefield(String... cards) {
            Collections.addAll(bobBattlefield, cards);
            return this;
        }

        Setup battlefield(String... cards) {
            Collections.addAll(battlefield, cards);
            return this;
        }

        Setup source(String card) {
            source = card;
            return this;
        }

        Setup use(Boolean use) {
            this.use = use;
            return this;
        }

        Setup part(String part) {
            this.part = part;
            return this;
        }

        Setup seed(long seed) {
            this.seed = seed;
            return this;
        }
    }

    /** A built game: the game, Alice, her source card and the libraries as built. */
    static final class Built {
        final Duel game;
        final Bot alice;
        final Player bob;
        final Card source;
        /** Each library card's zone change counter as built. */
        final java.util.Map<UUID, Integer> moves = new java.util.HashMap<>();
        /** The game log from the build on, as players read it (see {@link XMageGames#logLine}). */
        final List<String> log = new ArrayList<>();

        Built(Duel game, Bot alice, Player bob, Card source) {
            this.game = game;
            this.alice = alice;
            this.bob = bob;
            this.source = source;
            for (Player p : new Player[] {alice, bob})
                for (UUID id : p.getLibrary().getCardList())
                    moves.put(id, game.getState().getZoneChangeCounter(id));
            game.addTableEventListener(e -> {
                if (e.getEventType() == mage.game.events.TableEvent.EventType.INFO)
                    log.add(logLine(e.getMessage()));
            });
        }

        /** A library card left the library (and came back) since the game was built. */
        boolean moved(UUID card) {
            return moves.getOrDefault(card, -1) != game.getState().getZoneChangeCounter(card);
        }
    }

    /**
     * The card of class mage.cards.NAME owned by owner (a basic land: basiclands.Name), or of a
     * test's own card class (its full name, org.keyact.xmage...).
     */
    static Card card(String name, UUID owner) {
        try {
            Class<?> type = Class.forName(name.startsWith("org.keyact.") ? name : "mage.cards." + name);
            String cardName = SPLIT_NAMES.getOrDefault(type.getSimpleName(), type.getSimpleName());
            return (Card) type.getConstructor(UUID.class, CardSetInfo.class)
                .newInstance(owner, new CardSetInfo(cardName, "KEYACT", "1", Rarity.COMMON));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no XMage card " + name, e);
        }
    }

    /** XMage names a split card's halves from its printed name; other names here are cosmetic. */
    private static final java.util.Map<String, String> SPLIT_NAMES = new java.util.HashMap<>();

    static {
        SPLIT_NAMES.put("FireIce", "Fire // Ice");
        SPLIT_NAMES.put("BoomBust", "Boom // Bust");
        SPLIT_NAMES.put("CommitMemory", "Commit // Memory");
        SPLIT_NAMES.put("CutRibbons", "Cut // Ribbons");
    }

    /** The card's faces as keyact's XMage host sees them. */
    static List<Card> faces(Card card) {
        return FACES.faces(card);
    }

    private static final KeyactDiscoverEffect.XMageHost FACES = new KeyactDiscoverEffect.XMageHost(null, null, null);

    /** Build setup: through keyact when {@code keyact} (the cards' discover and cascade swapped). */
    static Built build(Setup s, boolean keyact) {
        RandomUtil.setSeed(s.seed);
        Duel game = new Duel();
        Bot alice = new Bot("Alice");
        alice.use = s.use;
        alice.part = s.part;
        Bot bob = new Bot("Bob");
        game.addPlayer(alice, new Deck());
        game.addPlayer(bob, new Deck());
        GameOptions options = new GameOptions();
        options.skipInitShuffling = true;
        game.setGameOptions(options);
        game.setUp(alice.getId());
        alice = (Bot) game.getPlayer(alice.getId()); // the game's own objects from here on
        bob = (Bot) game.getPlayer(bob.getId());
        alice.getLibrary().reset(); // setUp drew the opening hands from empty libraries: not a loss
        bob.getLibrary().reset();
        // Alice's first main phase, her priority: she may cast sorceries.
        mage.game.turn.Phase main = new mage.game.turn.PreCombatMainPhase();
        main.setStep(new mage.game.turn.PreCombatMainStep());
        game.getTurn().setPhase(main);
        game.getState().setActivePlayerId(alice.getId());
        game.getState().setPriorityPlayerId(alice.getId());
        Card source = s.source == null ? null : card(s.source, alice.getId());
        place(game, alice, s.library, s.hand, s.battlefield, source, keyact);
        place(game, bob, s.bobLibrary.isEmpty() ? Collections.nCopies(5, "basiclands.Island") : s.bobLibrary, Collections.<String>emptyList(), s.bobBattlefield, null, keyact);
        return new Built(game, alice, bob, source);
    }

    private static void place(Game game, Player p, List<String> library, List<String> hand, List<String> battlefield,
                              Card source, boolean keyact) {
        List<Card> lib = new ArrayList<>(), inHand = new ArrayList<>(), onField = new ArrayList<>();
        for (String n : library)
            lib.add(card(n, p.getId()));
        for (String n : hand)
            inHand.add(card(n, p.getId()));
        for (String n : battlefield)
            onField.add(card(n, p.getId()));
        if (source != null)
            inHand.add(source);
        Set<Card> all = new HashSet<>(lib);
        all.addAll(inHand);
        all.addAll(onField);
        if (keyact)
            all.forEach(XMageGames::useKeyact);
        game.loadCards(all, p.getId());
        for (int i = lib.size() - 1; i >= 0; i--)
            p.getLibrary().putOnTop(lib.get(i), game);
        for (Card c : inHand) {
            game.getState().setZone(c.getId(), Zone.HAND);
            p.getHand().add(c);
        }
        for (Card c : onField)
            p.moveCards(c, Zone.BATTLEFIELD, null, game);
        game.applyEffects();
    }

    /** Swap the card's DiscoverEffects and CascadeAbilities (in every part) for keyact's. */
    static void useKeyact(Card card) {
        for (Card part : faces(card)) {
            List<Ability> cascades = new ArrayList<>();
            for (Ability a : part.getAbilities()) {
                if (a instanceof CascadeAbility)
                    cascades.add(a);
                for (Mode m : a.getModes().values()) {
                    Effects effects = m.getEffects();
                    for (int i = 0; i < effects.size(); i++)
                        if (effects.get(i) instanceof DiscoverEffect) {
                            DiscoverEffect own = (DiscoverEffect) effects.get(i);
                            Effect keyact = new KeyactDiscoverEffect(amount(own), own.getText(m).contains("<i>"));
                            effects.set(i, keyact.concatBy(own.getConcatPrefix()));
                        }
                }
            }
            for (Ability a : cascades) {
                part.getAbilities().remove(a);
                part.addAbility(new KeyactCascadeAbility(withReminder((CascadeAbility) a)));
            }
        }
    }

    /**
     * Every card class of the XMage sets jar (system property org.keyact.xmage.sets) that uses
     * DiscoverEffect: its own class, or an effect class of its source file, names it.
     */
    static List<String> discoverCards() {
        java.util.TreeSet<String> cards = new java.util.TreeSet<>();
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(System.getProperty("org.keyact.xmage.sets"))) {
            for (java.util.jar.JarEntry e : Collections.list(jar.entries())) {
                if (!e.getName().startsWith("mage/cards/") || !e.getName().endsWith(".class"))
                    continue;
                String bytes = new String(jar.getInputStream(e).readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
                if (!bytes.contains("mage/abilities/effects/keyword/DiscoverEffect"))
                    continue;
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("([A-Za-z0-9]+)\\.java").matcher(bytes);
                String dir = e.getName().substring("mage/cards/".length(), "mage/cards/".length() + 2);
                if (m.find())
                    cards.add(dir.replace('/', '.') + m.group(1));
            }
        } catch (java.io.IOException x) {
            throw new IllegalStateException(x);
        }
        return new ArrayList<>(cards);
    }

    /** XMage's CascadeAbility keeps its reminder flag private (Maelstrom Wanderer's first has none). */
    static boolean withReminder(CascadeAbility a) {
        try {
            Field f = CascadeAbility.class.getDeclaredField("withReminder");
            f.setAccessible(true);
            return f.getBoolean(a);
        } catch (ReflectiveOperationException x) {
            throw new IllegalStateException(x);
        }
    }

    /** XMage's DiscoverEffect keeps its N private. */
    static int amount(DiscoverEffect e) {
        try {
            Field f = DiscoverEffect.class.getDeclaredField("amount");
            f.setAccessible(true);
            return f.getInt(e);
        } catch (ReflectiveOperationException x) {
            throw new IllegalStateException(x);
        }
    }

    /** The card's ability that discovers, and its DiscoverEffect or KeyactDiscoverEffect. */
    static Object[] discoverAbility(Card card) {
        for (Card part : faces(card))
            for (Ability a : part.getAbilities())
                for (Mode m : a.getModes().values())
                    for (Effect e : m.getEffects())
                        if (e instanceof DiscoverEffect || e instanceof KeyactDiscoverEffect)
                            return new Object[] {a, e};
        return null;
    }

    /** Resolve everything on the stack, with the triggers it causes, as the game loop would. */
    static void settle(Game game) {
        settle(game, null);
    }

    /**
     * {@link #settle(Game)}, seeding XMage's RandomUtil with {@code seed} plus the step before each
     * object resolves (null: not), so a draw one run makes and another does not (keyact's bottom
     * order, where XMage's own effect shuffles with an unseeded generator) shifts no later draw.
     */
    static void settle(Game game, Long seed) {
        for (int i = 0; i < 50; i++) {
            game.getState().handleSimultaneousEvent(game);
            game.checkStateAndTriggered();
            if (game.getStack().isEmpty())
                return;
            if (seed != null)
                RandomUtil.setSeed(seed + i);
            ((Duel) game).resolveTop();
            game.applyEffects();
        }
        throw new IllegalStateException("the stack did not settle: " + game.getStack());
    }

    /**
     * A line of XMage's game log without its markup and the object ids in its names ("Opt [1a2]"
     * is "Opt"): ids are random in every game, the rest is what players read.
     */
    static String logLine(String message) {
        return message.replaceAll("<[^>]*>", "").replaceAll(" \\[[0-9a-f]{3}\\]", "");
    }

    /**
     * The outcome card by card: each player's life, hand, battlefield, graveyard, exile, stack
     * (sorted names), and library: the cards that never moved in their order, then those that
     * left it and came back (put on the bottom) sorted, since XMage's bottom order is an unseeded
     * shuffle.
     */
    static String outcome(Built b) {
        StringBuilder s = new StringBuilder();
        for (Player built : new Player[] {b.alice, b.bob}) {
            Game g = b.game;
            Player p = g.getPlayer(built.getId()); // a failed cast restores the game's players from a copy
            TreeMap<String, List<String>> zones = new TreeMap<>();
            for (Card c : g.getCards()) {
                if (!c.getOwnerId().equals(p.getId()) || c.getMainCard() != c)
                    continue;
                Zone z = g.getState().getZone(c.getId());
                if (z == Zone.LIBRARY || z == Zone.BATTLEFIELD)
                    continue;
                zones.computeIfAbsent(String.valueOf(z), k -> new ArrayList<>()).add(c.getName());
            }
            for (mage.game.permanent.Permanent perm : g.getBattlefield().getAllPermanents())
                if (perm.getOwnerId().equals(p.getId())) // by the face it is (a modal back face, a token)
                    zones.computeIfAbsent("BATTLEFIELD", k -> new ArrayList<>()).add(perm.getName());
            s.append(p.getName()).append(": life ").append(p.getLife());
            zones.forEach((z, names) -> {
                Collections.sort(names);
                s.append("; ").append(z).append(' ').append(names);
            });
            List<String> top = new ArrayList<>(), bottom = new ArrayList<>();
            for (UUID id : p.getLibrary().getCardList())
                (b.moved(id) ? bottom : top).add(g.getCard(id).getName());
            Collections.sort(bottom);
            s.append("; library ").append(top).append(" then bottom ").append(bottom).append('\n');
        }
        return s.toString();
    }
}
