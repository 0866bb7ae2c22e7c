/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import mage.abilities.Ability;
import mage.abilities.effects.Effect;
import mage.abilities.effects.keyword.DiscoverEffect;
import mage.cards.Card;
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
import org.keyact.Action;
import org.keyact.CardDescription;
import org.keyact.Choice;
import org.keyact.Host;
import org.keyact.Option;
import org.keyact.Registry;

/**
 * keyact's discover against XMage's own DiscoverEffect, in XMage, in one JVM started with the
 * switch ({@code -javaagent:keyact-xmage.jar}): discover 3 from a 60-card library whose top 6
 * cards are passed over before the hit, Gray Ogre (7 cards exiled), each resolve on its own copy of one
 * real duel ({@code TwoPlayerDuel.copy()}, outside the timing), the hit declined (to hand) or
 * cast. Per round, alternating (100 times the four, each time in a random order), each timed in
 * this thread's CPU time:
 *
 * <ul>
 *   <li>{@code xmage}: XMage's own DiscoverEffect. The switch replaced that class in this JVM,
 *       so it is its class file from XMage's jar defined again under another name of the same
 *       length ({@code XMageOwnEffect}): the same bytecode;</li>
 *   <li>{@code direct}: {@code KeyactDiscoverEffect}, as an edited card makes it;</li>
 *   <li>{@code switch}: the unchanged card's own effect (Geological Appraiser's
 *       {@code DiscoverEffect}, keyact's stand-in under the switch);</li>
 *   <li>{@code nothing}: keyact with a Host that does nothing (arrays, no XMage calls): keyact's
 *       own cost.</li>
 * </ul>
 *
 * After warm-up rounds, the median of the rounds' per-resolve times and of the rounds' ratios to
 * XMage's own; one JSON line per figure, and what one keyact resolve did (cards exiled,
 * descriptions, engine calls) against XMage's own calls.
 */
public final class XMageBench {
    static final int WARMUP = 5, ROUNDS = 15, PER_ROUND = 100;
    /** -Dorg.keyact.isolate=true: the plugin in its sandboxed helper process (xmage-bench-isolated). */
    static final boolean ISOLATED = Boolean.getBoolean("org.keyact.isolate");
    static final String[] TOP = {"basiclands.Mountain", "s.ShivanDragon", "basiclands.Island", "h.HillGiant",
        "f.FireIce", "basiclands.Mountain", "g.GrayOgre", "o.Opt"};
    static final String[] REST = {"basiclands.Mountain", "basiclands.Island", "l.LightningBolt", "h.HillGiant",
        "d.Divination", "s.ShivanDragon"};
    static final String[] EFFECTS = {"xmage", "direct", "switch", "nothing"};

    static final class Duel extends TwoPlayerDuel {
        Duel() {
            super(MultiplayerAttackOption.LEFT, RangeOfInfluence.ALL, MulliganType.GAME_DEFAULT.getMulligan(0), 60, 20, 7);
        }

        Duel(Duel d) {
            super(d);
        }

        void setUp(UUID id) {
            init(id);
        }

        @Override
        public Duel copy() {
            return new Duel(this);
        }
    }

    /**
     * Answers every free cast with {@code cast} (so each copy resolves the same way) and counts the
     * engine calls an effect makes through the player.
     */
    static final class Answerer extends ComputerPlayer {
        final boolean cast;
        final Map<String, Integer> calls = new LinkedHashMap<>();

        Answerer(String name, boolean cast) {
            super(name, RangeOfInfluence.ALL);
            this.cast = cast;
        }

        Answerer(Answerer a) {
            super(a);
            cast = a.cast;
        }

        void count(String call) {
            calls.merge(call, 1, Integer::sum);
        }

        @Override
        public boolean chooseMulligan(Game game) {
            return false;
        }

        @Override
        public boolean chooseUse(Outcome outcome, String message, Ability source, Game game) {
            count("chooseUse");
            return cast;
        }

        @Override
        public boolean moveCards(Card card, Zone toZone, Ability source, Game game) {
            count("moveCards(" + toZone + ")");
            return super.moveCards(card, toZone, source, game);
        }

        @Override
        public boolean putCardsOnBottomOfLibrary(mage.cards.Cards cards, Game game, Ability source, boolean anyOrder) {
            count("putCardsOnBottomOfLibrary(" + cards.size() + " cards)");
            return super.putCardsOnBottomOfLibrary(cards, game, source, anyOrder);
        }

        @Override
        public boolean cast(mage.abilities.SpellAbility ability, Game game, boolean noMana, mage.ApprovingObject approving) {
            count("cast");
            return super.cast(ability, game, noMana, approving);
        }

        @Override
        public Answerer copy() {
            return new Answerer(this);
        }
    }

    /** keyact alone: discover on 60 card handles in arrays (the 7th the hit), every answer at once. */
    static final class NothingHost implements Host {
        static final CardDescription LAND = CardDescription.normal("Mountain", "", true);
        static final CardDescription BIG = CardDescription.normal("Shivan Dragon", "{4}{R}{R}", false);
        static final CardDescription HIT = CardDescription.normal("Gray Ogre", "{2}{R}", false);
        final boolean cast;
        int top;

        NothingHost(boolean cast) {
            this.cast = cast;
        }

        public int librarySize(long g, long p) { return 60 - top; }
        public long libraryCard(long g, long p, int i) { return top + i < 60 ? top + i + 1 : 0; }
        public void moveCard(long g, long p, long card, org.keyact.Zone to, int index, boolean reveal) {
            if (to == org.keyact.Zone.EXILE)
                top++;
        }
        public CardDescription describeCard(long g, long card) {
            return card == 7 ? HIT : card % 2 == 0 ? BIG : LAND;
        }
        public boolean canCastFace(long g, long p, long card, int face) { return true; }
        public Choice decide(long g, long p, long card, List<Option> options) {
            return cast ? Choice.cast(0) : Choice.decline();
        }
        public boolean castFree(long g, long p, long card, int face) { return true; }
        public int randomBelow(long g, int bound) { return 0; }
    }

    /** keyact's XMage Host, counting what it is asked and the calls it makes into XMage. */
    static final class CountingHost extends KeyactDiscoverEffect.XMageHost {
        final Map<String, Integer> calls = new LinkedHashMap<>();
        final Set<Card> described = new HashSet<>();

        CountingHost(Player player, Game game, Ability source) {
            super(player, game, source);
        }

        void count(String call) {
            calls.merge(call, 1, Integer::sum);
        }

        @Override
        protected List<Card> library() {
            count("library (ids)");
            return super.library();
        }

        @Override
        protected CardDescription describe(Card card) {
            count("describe");
            described.add(card);
            return super.describe(card);
        }

        @Override
        protected void toExile(Card card) {
            count("Card.moveToExile + processAction");
            super.toExile(card);
        }

        @Override
        protected void toHand(Card card) {
            count("moveCards(HAND)");
            super.toHand(card);
        }

        @Override
        protected void toBottom(List<Card> cards) {
            count("ZonesHandler.moveCards(" + cards.size() + " cards to the bottom)");
            super.toBottom(cards);
        }

        @Override
        protected boolean canCast(Card face) {
            count("canCast");
            return super.canCast(face);
        }

        @Override
        protected Optional<Card> choose(Card card, List<Card> castable) {
            count("choose");
            return super.choose(card, castable);
        }

        @Override
        protected void cast(Card face) {
            count("cast");
            super.cast(face);
        }

        @Override
        protected Zone zone(Card card) {
            count("zone");
            return super.zone(card);
        }
    }

    static Card card(String name, UUID owner) throws ReflectiveOperationException {
        Class<?> type = Class.forName("mage.cards." + name);
        String n = type.getSimpleName().equals("FireIce") ? "Fire // Ice" : type.getSimpleName();
        return (Card) type.getConstructor(UUID.class, CardSetInfo.class).newInstance(owner, new CardSetInfo(n, "KEYACT", "1", Rarity.COMMON));
    }

    /** The game: Alice's library, her Geological Appraiser in hand; her answer to the free cast. */
    static final class Scene {
        final Duel game;
        final UUID alice;
        final Ability ability;
        final Effect cardsOwn;

        Scene(boolean cast) throws ReflectiveOperationException {
            game = new Duel();
            game.addPlayer(new Answerer("Alice", cast), new Deck());
            game.addPlayer(new Answerer("Bob", cast), new Deck());
            GameOptions options = new GameOptions();
            options.skipInitShuffling = true;
            game.setGameOptions(options);
            alice = game.getPlayers().keySet().iterator().next();
            game.setUp(alice);
            Player player = game.getPlayer(alice);
            for (Player p : game.getPlayers().values())
                p.getLibrary().reset();
            mage.game.turn.Phase main = new mage.game.turn.PreCombatMainPhase();
            main.setStep(new mage.game.turn.PreCombatMainStep());
            game.getTurn().setPhase(main);
            game.getState().setActivePlayerId(alice);
            game.getState().setPriorityPlayerId(alice);
            List<Card> library = new ArrayList<>();
            for (String n : TOP)
                library.add(card(n, alice));
            while (library.size() < 60)
                library.add(card(REST[library.size() % REST.length], alice));
            Card source = card("g.GeologicalAppraiser", alice);
            Set<Card> all = new HashSet<>(library);
            all.add(source);
            game.loadCards(all, alice);
            for (int i = library.size() - 1; i >= 0; i--)
                player.getLibrary().putOnTop(library.get(i), game);
            game.getState().setZone(source.getId(), Zone.HAND);
            player.getHand().add(source);
            Ability found = null;
            Effect own = null;
            for (Ability a : source.getAbilities())
                for (Effect e : a.getEffects())
                    if (e instanceof DiscoverEffect) {
                        found = a;
                        own = e;
                    }
            ability = found;
            cardsOwn = own;
        }

        /** The copy's outcome is the one asked for: the hit in hand, or cast (on the stack). */
        void check(Game copy, boolean cast, String effect) {
            boolean ok = cast ? copy.getStack().size() == 1 && copy.getPlayer(alice).getHand().size() == 1
                : copy.getStack().isEmpty() && copy.getPlayer(alice).getHand().size() == 2;
            if (!ok)
                throw new IllegalStateException(effect + (cast ? " did not cast" : " did not put into hand")
                    + " its hit: stack " + copy.getStack().size() + ", hand " + copy.getPlayer(alice).getHand().size());
        }
    }

    /**
     * XMage's own DiscoverEffect: the class itself without the switch; with it, its class file
     * from XMage's jar (resources are never transformed) under the name XMageOwnEffect, the same
     * length, so the constant pool keeps its layout, defined in a loader of its own beside XMage.
     */
    static Effect xmagesOwn(int n) throws IOException, ReflectiveOperationException {
        if (!((Object) new DiscoverEffect(n) instanceof KeyactDiscoverEffect))
            return new DiscoverEffect(n);
        String name = "mage/abilities/effects/keyword/DiscoverEffect", renamed = "mage/abilities/effects/keyword/XMageOwnEffect";
        byte[] bytes;
        try (InputStream in = ClassLoader.getSystemResourceAsStream(name + ".class")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int k; (k = in.read(buffer)) > 0; )
                out.write(buffer, 0, k);
            bytes = out.toByteArray();
        }
        byte[] from = name.getBytes(StandardCharsets.US_ASCII), to = renamed.getBytes(StandardCharsets.US_ASCII);
        int replaced = 0;
        for (int i = 0; i + from.length <= bytes.length; i++)
            if (Arrays.equals(Arrays.copyOfRange(bytes, i, i + from.length), from)) {
                System.arraycopy(to, 0, bytes, i, to.length);
                replaced++;
            }
        if (replaced == 0)
            throw new IllegalStateException("XMage's DiscoverEffect class file does not name itself");
        final byte[] renamedBytes = bytes;
        ClassLoader loader = new ClassLoader(XMageBench.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String className) throws ClassNotFoundException {
                if (!className.equals(renamed.replace('/', '.')))
                    throw new ClassNotFoundException(className);
                return defineClass(className, renamedBytes, 0, renamedBytes.length);
            }
        };
        return (Effect) loader.loadClass(renamed.replace('/', '.')).getConstructor(int.class).newInstance(n);
    }

    static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    public static void main(String[] args) throws Exception {
        org.apache.log4j.BasicConfigurator.configure();
        org.apache.log4j.Logger.getRootLogger().setLevel(org.apache.log4j.Level.ERROR);
        boolean switched = (Object) new DiscoverEffect(3) instanceof KeyactDiscoverEffect;
        if (!switched)
            System.out.println("{\"note\": \"started without -javaagent:keyact-xmage.jar: the switch is not measured\"}");
        Action discover = Registry.shared().action("discover");
        Effect xmage = xmagesOwn(3), direct = new KeyactDiscoverEffect(3);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        for (boolean cast : new boolean[] {false, true}) {
            String mode = cast ? "cast" : "decline";
            Scene scene = new Scene(cast);
            Effect[] effects = {xmage, direct, switched ? scene.cardsOwn : null, null};
            int kinds = EFFECTS.length;
            long[][] ns = new long[kinds][ROUNDS];
            java.util.Random order = new java.util.Random(32);
            int[] sequence = {0, 1, 2, 3};
            for (int round = -WARMUP; round < ROUNDS; round++) {
                long[] sum = new long[kinds];
                for (int i = 0; i < PER_ROUND; i++) {
                    for (int top = kinds - 1; top > 0; top--) { // each resolve in a random order: none always follows another
                        int j = order.nextInt(top + 1), swap = sequence[top];
                        sequence[top] = sequence[j];
                        sequence[j] = swap;
                    }
                    for (int k : sequence) {
                        if (k == 2 && !switched)
                            continue;
                        Game copy = k < 3 ? scene.game.copy() : null;
                        NothingHost nothing = new NothingHost(cast);
                        long t0 = cpu.getCurrentThreadCpuTime();
                        if (k < 3)
                            effects[k].apply(copy, scene.ability);
                        else
                            discover.resolve(nothing, 1, 1, 3);
                        sum[k] += cpu.getCurrentThreadCpuTime() - t0;
                        if (k < 3)
                            scene.check(copy, cast, EFFECTS[k]);
                    }
                }
                if (round >= 0)
                    for (int k = 0; k < kinds; k++)
                        ns[k][round] = sum[k] / PER_ROUND;
            }
            for (int k = 0; k < kinds; k++) {
                if (k == 2 && !switched)
                    continue;
                long[] sorted = ns[k].clone();
                Arrays.sort(sorted);
                System.out.printf("{\"figure\": \"%s\", \"mode\": \"%s\", \"library\": 60, \"n\": 3,"
                    + " \"median_ns_per_resolve\": %d, \"min_ns\": %d, \"max_ns\": %d, \"rounds\": %d, \"per_round\": %d,"
                    + " \"clock\": \"thread cpu\"}%n", EFFECTS[k], mode, sorted[ROUNDS / 2], sorted[0], sorted[ROUNDS - 1],
                    ROUNDS, PER_ROUND);
            }
            for (int k = 1; k <= 2; k++) {
                if (k == 2 && !switched)
                    continue;
                double[] ratios = new double[ROUNDS];
                for (int r = 0; r < ROUNDS; r++)
                    ratios[r] = (double) ns[k][r] / ns[0][r];
                double[] sorted = ratios.clone();
                Arrays.sort(sorted);
                // Isolated (issue 31): the helper's round trips are allowed 10 %.
                System.out.printf("{\"figure\": \"%s_over_xmage\", \"mode\": \"%s\", \"median_ratio\": %.3f,"
                    + " \"min_ratio\": %.3f, \"max_ratio\": %.3f, \"rounds\": %d, \"per_round\": %d, \"isolated\": %b,"
                    + " \"target\": \"%s\"%s}%n", EFFECTS[k], mode, median(ratios), sorted[0], sorted[ROUNDS - 1],
                    ROUNDS, PER_ROUND, ISOLATED, ISOLATED ? "<= 1.10" : "<= 1.00", ISOLATED ? "" : ", \"moonshot\": \"<= 0.95\"");
            }
            // What one resolve did, outside the timing: keyact's Host calls, and XMage's own calls.
            Game copy = scene.game.copy();
            Answerer alice = (Answerer) copy.getPlayer(scene.alice);
            CountingHost host = new CountingHost(alice, copy, scene.ability);
            host.resolve("discover", 3);
            Game own = scene.game.copy();
            Answerer ownAlice = (Answerer) own.getPlayer(scene.alice);
            xmage.apply(own, scene.ability);
            System.out.printf("{\"figure\": \"one_resolve\", \"mode\": \"%s\", \"exiled\": %d, \"descriptions\": %d,"
                + " \"cards_described\": %d, \"keyact_host_calls\": %s, \"keyact_player_calls\": %s,"
                + " \"xmage_player_calls\": %s}%n", mode, host.result().exiledCount(),
                host.calls.getOrDefault("describe", 0), host.described.size(), json(host.calls), json(alice.calls),
                json(ownAlice.calls));
        }
        // The nothing-Host resolve back to back (no XMage work in between: warm caches): keyact's floor.
        long[] hot = new long[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < 2000; i++)
                discover.resolve(new NothingHost(false), 1, 1, 3);
            hot[r] = (cpu.getCurrentThreadCpuTime() - t0) / 2000;
        }
        Arrays.sort(hot);
        System.out.printf("{\"figure\": \"nothing_back_to_back\", \"median_ns_per_resolve\": %d, \"min_ns\": %d,"
            + " \"max_ns\": %d, \"rounds\": %d, \"per_round\": 2000, \"clock\": \"thread cpu\"}%n",
            hot[ROUNDS / 2], hot[0], hot[ROUNDS - 1], ROUNDS);
    }

    static String json(Map<String, Integer> calls) {
        StringBuilder s = new StringBuilder("{");
        calls.forEach((k, v) -> s.append(s.length() > 1 ? ", " : "").append('"').append(k).append("\": ").append(v));
        return s.append('}').toString();
    }
}
