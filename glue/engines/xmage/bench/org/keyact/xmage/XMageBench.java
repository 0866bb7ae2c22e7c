/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
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
 * keyact's discover against XMage's own DiscoverEffect, in XMage: discover 3 from a 60-card
 * library whose top cards are passed over before the hit (declined, so it goes to hand), each
 * resolve on its own copy of one real duel (TwoPlayerDuel.copy(), outside the timing). Per round
 * the three resolves alternate, each timed in this thread's CPU time: XMage's effect, keyact's
 * effect, and keyact with a Host that does nothing (arrays, no XMage calls: keyact's own cost).
 * After warm-up rounds, the median of the rounds' per-resolve times; one JSON line per figure.
 * Last, the nothing-Host resolve back to back (no XMage work in between: warm caches), keyact's
 * floor.
 */
public final class XMageBench {
    static final int WARMUP = 5, ROUNDS = 15, PER_ROUND = 40;
    static final String[] TOP = {"basiclands.Mountain", "s.ShivanDragon", "basiclands.Island", "h.HillGiant",
        "f.FireIce", "basiclands.Mountain", "g.GrayOgre", "o.Opt"};
    static final String[] REST = {"basiclands.Mountain", "basiclands.Island", "l.LightningBolt", "h.HillGiant",
        "d.Divination", "s.ShivanDragon"};

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

    /** Declines every free cast (the hit goes to hand), so each copy resolves the same way. */
    static final class Decliner extends ComputerPlayer {
        Decliner(String name) {
            super(name, RangeOfInfluence.ALL);
        }

        Decliner(Decliner d) {
            super(d);
        }

        @Override
        public boolean chooseMulligan(Game game) {
            return false;
        }

        @Override
        public boolean chooseUse(Outcome outcome, String message, Ability source, Game game) {
            return false;
        }

        @Override
        public Decliner copy() {
            return new Decliner(this);
        }
    }

    /** keyact alone: discover on 60 card handles in arrays, every answer at once. */
    static final class NothingHost implements Host {
        static final CardDescription LAND = CardDescription.normal("Mountain", "", true);
        static final CardDescription BIG = CardDescription.normal("Shivan Dragon", "{4}{R}{R}", false);
        static final CardDescription HIT = CardDescription.normal("Opt", "{U}", false);
        int top;

        public int librarySize(long g, long p) { return 60 - top; }
        public long libraryCard(long g, long p, int i) { return top + i < 60 ? top + i + 1 : 0; }
        public void moveCard(long g, long p, long card, org.keyact.Zone to, int index, boolean reveal) {
            if (to == org.keyact.Zone.EXILE)
                top++;
        }
        public CardDescription describeCard(long g, long card) {
            return card == TOP.length ? HIT : card % 2 == 0 ? BIG : LAND;
        }
        public boolean canCastFace(long g, long p, long card, int face) { return true; }
        public Choice decide(long g, long p, long card, List<Option> options) { return Choice.decline(); }
        public boolean castFree(long g, long p, long card, int face) { return false; }
        public int randomBelow(long g, int bound) { return 0; }
    }

    static Card card(String name, UUID owner) throws ReflectiveOperationException {
        Class<?> type = Class.forName("mage.cards." + name);
        String n = type.getSimpleName().equals("FireIce") ? "Fire // Ice" : type.getSimpleName();
        return (Card) type.getConstructor(UUID.class, CardSetInfo.class).newInstance(owner, new CardSetInfo(n, "KEYACT", "1", Rarity.COMMON));
    }

    public static void main(String[] args) throws Exception {
        org.apache.log4j.BasicConfigurator.configure();
        org.apache.log4j.Logger.getRootLogger().setLevel(org.apache.log4j.Level.ERROR);
        Duel game = new Duel();
        game.addPlayer(new Decliner("Alice"), new Deck());
        game.addPlayer(new Decliner("Bob"), new Deck());
        GameOptions options = new GameOptions();
        options.skipInitShuffling = true;
        game.setGameOptions(options);
        UUID aliceId = game.getPlayers().keySet().iterator().next();
        game.setUp(aliceId);
        Player alice = game.getPlayer(aliceId);
        alice.getLibrary().reset();
        for (Player p : game.getPlayers().values())
            p.getLibrary().reset();
        List<Card> library = new ArrayList<>();
        for (String n : TOP)
            library.add(card(n, aliceId));
        while (library.size() < 60)
            library.add(card(REST[library.size() % REST.length], aliceId));
        Card source = card("g.GeologicalAppraiser", aliceId);
        Set<Card> all = new HashSet<>(library);
        all.add(source);
        game.loadCards(all, aliceId);
        for (int i = library.size() - 1; i >= 0; i--)
            alice.getLibrary().putOnTop(library.get(i), game);
        game.getState().setZone(source.getId(), Zone.HAND);
        alice.getHand().add(source);
        Ability ability = null;
        for (Ability a : source.getAbilities())
            for (Effect e : a.getEffects())
                if (e instanceof DiscoverEffect)
                    ability = a;
        Ability discoverAbility = ability;
        Effect xmage = new DiscoverEffect(3), keyact = new KeyactDiscoverEffect(3);
        Action discover = Registry.shared().action("discover");

        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long[][] ns = new long[3][ROUNDS];
        int exiled = 0;
        for (int round = -WARMUP; round < ROUNDS; round++) {
            long[] sum = new long[3];
            for (int i = 0; i < PER_ROUND; i++) {
                for (int k0 = 0; k0 < 3; k0++) {
                    int k = (k0 + i + Math.max(round, 0)) % 3; // rotate who goes first
                    Game copy = game.copy();
                    NothingHost nothing = new NothingHost();
                    long t0 = cpu.getCurrentThreadCpuTime();
                    if (k == 0)
                        xmage.apply(copy, discoverAbility);
                    else if (k == 1)
                        keyact.apply(copy, discoverAbility);
                    else
                        exiled = discover.resolve(nothing, 1, 1, 3).exiledCount();
                    sum[k] += cpu.getCurrentThreadCpuTime() - t0;
                    if (k < 2 && copy.getPlayer(aliceId).getHand().size() != 2)
                        throw new IllegalStateException("the discover did not put its hit into hand: " + k);
                }
            }
            if (round >= 0)
                for (int k = 0; k < 3; k++)
                    ns[k][round] = sum[k] / PER_ROUND;
        }
        String[] names = {"xmage_effect", "keyact_effect", "keyact_nothing_host"};
        long[] median = new long[3];
        for (int k = 0; k < 3; k++) {
            long[] sorted = ns[k].clone();
            Arrays.sort(sorted);
            median[k] = sorted[ROUNDS / 2];
            System.out.printf("{\"figure\": \"%s\", \"library\": 60, \"n\": 3, \"exiled\": %d, \"median_ns_per_resolve\": %d,"
                + " \"min_ns\": %d, \"max_ns\": %d, \"rounds\": %d, \"per_round\": %d, \"clock\": \"thread cpu\"}%n",
                names[k], exiled, median[k], sorted[0], sorted[ROUNDS - 1], ROUNDS, PER_ROUND);
        }
        // The same nothing-Host resolve back to back, caches and JIT warm: keyact's floor.
        long[] hot = new long[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < 2000; i++)
                discover.resolve(new NothingHost(), 1, 1, 3);
            hot[r] = (cpu.getCurrentThreadCpuTime() - t0) / 2000;
        }
        Arrays.sort(hot);
        System.out.printf("{\"figure\": \"keyact_nothing_host_back_to_back\", \"median_ns_per_resolve\": %d, \"min_ns\": %d,"
            + " \"max_ns\": %d, \"rounds\": %d, \"per_round\": 2000, \"clock\": \"thread cpu\"}%n",
            hot[ROUNDS / 2], hot[0], hot[ROUNDS - 1], ROUNDS);
        double[] ratios = new double[ROUNDS];
        for (int r = 0; r < ROUNDS; r++)
            ratios[r] = (double) ns[1][r] / ns[0][r];
        Arrays.sort(ratios);
        System.out.printf("{\"figure\": \"keyact_over_xmage\", \"median_ratio\": %.3f, \"min_ratio\": %.3f, \"max_ratio\": %.3f,"
            + " \"target\": \"<= 1.00\"}%n", ratios[ROUNDS / 2], ratios[0], ratios[ROUNDS - 1]);
    }
}
