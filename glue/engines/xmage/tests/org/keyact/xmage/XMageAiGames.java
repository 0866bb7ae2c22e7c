/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import mage.abilities.effects.keyword.DiscoverEffect;
import mage.cards.Card;
import mage.cards.decks.Deck;
import mage.constants.PhaseStep;
import mage.constants.RangeOfInfluence;
import mage.game.Game;
import mage.game.GameOptions;
import mage.player.ai.ComputerPlayer;
import mage.players.Player;
import mage.util.RandomUtil;

/**
 * AI-only games: two of XMage's ComputerPlayers ({@link AiPlayer}) with 40-card decks (17 basic lands, 23 cards
 * drawn from the discover and cascade cards of the shared XMage jars and, a third of the time,
 * any card of them) play whole games, on XMage's own game loop, to the end or to a turn limit,
 * in a JVM started with the switch ({@code -javaagent:keyact-xmage.jar}, so every discover and
 * cascade, the static callers' included, goes through keyact) and under fatal validation
 * ({@code -Dorg.keyact.validate=fatal}). Each game runs on a thread of its own, watched: a game
 * whose turn, step and game log stay the same for {@link #STUCK_SECONDS} is stuck (one that
 * reaches the turn limit is not). keyact's reports (its validation reports and failures, logger
 * {@code org.keyact}, WARNING and up) are counted. Prints played, finished, turn-limited, stuck,
 * reports, and how many discovers and cascades keyact resolved; exits 1 on a stuck game, a
 * report, a game XMage aborted with an exception through keyact, or no discover or cascade at all.
 *
 * <p>Arguments: {@code --games N --seed S --turns T}.
 */
public final class XMageAiGames {
    static final int STUCK_SECONDS = 30;
    static final String[] LANDS = {"basiclands.Plains", "basiclands.Island", "basiclands.Swamp", "basiclands.Mountain",
        "basiclands.Forest"};

    private XMageAiGames() {}

    /** XMage's two-player duel for these games: deckbuilt, shuffled, mulligans as XMage's AI decides. */
    static final class Duel extends mage.game.TwoPlayerDuel {
        Duel() {
            super(mage.constants.MultiplayerAttackOption.LEFT, RangeOfInfluence.ALL,
                mage.game.mulligan.MulliganType.GAME_DEFAULT.getMulligan(0), 40, 20, 7);
        }

        Duel(Duel d) {
            super(d);
        }

        @Override
        public Duel copy() {
            return new Duel(this);
        }
    }

    /**
     * XMage's ComputerPlayer, which answers every question of a game (targets, modes, mana,
     * discover's and cascade's questions) but, as the shared jars ship it, passes every priority
     * and never attacks ("minimum implementation": the stronger AIs are other modules). This adds
     * the least that plays a game: in its own main phase with the stack empty, play a land, else
     * cast one of the spells XMage's own rules say it can cast (picked by RandomUtil), else pass;
     * attack with every creature that can. Everything else is ComputerPlayer's.
     */
    static final class AiPlayer extends ComputerPlayer {
        /** Spells whose cast failed this turn (not tried again until the next turn). */
        private final java.util.Set<UUID> failed = new java.util.HashSet<>();
        private int turn = -1;

        AiPlayer(String name) {
            super(name, RangeOfInfluence.ALL);
        }

        AiPlayer(AiPlayer p) {
            super(p);
        }

        @Override
        public boolean priority(Game game) {
            if (game.getTurnNum() != turn) {
                turn = game.getTurnNum();
                failed.clear();
            }
            boolean main = game.getTurnStepType() == PhaseStep.PRECOMBAT_MAIN || game.getTurnStepType() == PhaseStep.POSTCOMBAT_MAIN;
            if (game.isActivePlayer(getId()) && main && game.getStack().isEmpty()) {
                List<mage.abilities.ActivatedAbility> lands = new ArrayList<>(), spells = new ArrayList<>();
                for (mage.abilities.ActivatedAbility a : getPlayable(game, true))
                    if (a instanceof mage.abilities.PlayLandAbility)
                        lands.add(a);
                    else if (a instanceof mage.abilities.SpellAbility && !failed.contains(a.getSourceId()))
                        spells.add(a);
                List<mage.abilities.ActivatedAbility> from = !lands.isEmpty() ? lands : spells;
                if (!from.isEmpty()) {
                    mage.abilities.ActivatedAbility a = from.get(RandomUtil.nextInt(from.size()));
                    if (activateAbility(a, game))
                        return true;
                    failed.add(a.getSourceId());
                    return priority(game);
                }
            }
            pass(game);
            return false;
        }

        @Override
        public void selectAttackers(Game game, UUID attackingPlayerId) {
            UUID defender = game.getOpponents(getId()).iterator().next();
            for (mage.game.permanent.Permanent p : game.getBattlefield().getAllActivePermanents(
                mage.filter.StaticFilters.FILTER_PERMANENT_CREATURE, getId(), game))
                if (p.canAttack(defender, game))
                    declareAttacker(p.getId(), defender, game, false);
        }

        @Override
        public AiPlayer copy() {
            return new AiPlayer(this);
        }
    }

    static Deck deck(XMageDifferential.Pool pool, Random r, UUID owner) {
        List<String> spells = new ArrayList<>(pool.discover);
        spells.addAll(pool.cascade);
        spells.removeAll(pool.lands);
        Deck deck = new Deck();
        for (int i = 0; i < 17; i++)
            deck.getCards().add(XMageGames.card(LANDS[r.nextInt(LANDS.length)], owner));
        for (int i = 0; i < 23; i++) {
            List<String> from = r.nextInt(3) == 0 ? pool.all : spells;
            deck.getCards().add(XMageGames.card(from.get(r.nextInt(from.size())), owner));
        }
        return deck;
    }

    /** What one game did. */
    static final class Result {
        String end = "played";
        int turns;
        /** keyact's resolves that exiled cards: the adapter's one game-log line per exile run. */
        int resolves;
        Throwable thrown;
        final Deque<String> log = new ArrayDeque<>();
    }

    /** XMage's own errors (log4j ERROR and up), with their stack traces: a game XMage ended on one. */
    static final List<String> XMAGE_ERRORS = java.util.Collections.synchronizedList(new ArrayList<>());

    static {
        org.apache.log4j.Logger.getRootLogger().addAppender(new org.apache.log4j.AppenderSkeleton() {
            @Override
            protected void append(org.apache.log4j.spi.LoggingEvent event) {
                if (!event.getLevel().isGreaterOrEqual(org.apache.log4j.Level.ERROR))
                    return;
                StringBuilder s = new StringBuilder(String.valueOf(event.getMessage()));
                String[] trace = event.getThrowableStrRep();
                if (trace != null)
                    for (String line : trace)
                        s.append('\n').append(line);
                XMAGE_ERRORS.add(s.toString());
            }

            @Override
            public void close() {}

            @Override
            public boolean requiresLayout() {
                return false;
            }
        });
    }

    static Result play(XMageDifferential.Pool pool, long seed, int turnLimit) throws InterruptedException {
        RandomUtil.setSeed(seed);
        Random r = new Random(seed);
        Duel game = new Duel();
        Player alice = new AiPlayer("Alice"), bob = new AiPlayer("Bob");
        for (Player p : new Player[] {alice, bob}) {
            Deck deck = deck(pool, r, p.getId());
            p.init(game);
            game.loadCards(deck.getCards(), p.getId());
            game.addPlayer(p, deck);
        }
        GameOptions options = new GameOptions();
        options.stopOnTurn = turnLimit + 1;
        options.stopAtStep = PhaseStep.UNTAP;
        game.setGameOptions(options);
        Result result = new Result();
        AtomicLong lines = new AtomicLong();
        game.addTableEventListener(e -> {
            if (e.getMessage() == null)
                return;
            lines.incrementAndGet();
            if (Boolean.getBoolean("org.keyact.xmage.gamelog"))
                System.out.println("  log: " + e.getMessage().replaceAll("<[^>]*>", ""));
            if (e.getMessage().contains(" from the top of their library"))
                result.resolves++;
            synchronized (result.log) {
                result.log.addLast(e.getMessage().replaceAll("<[^>]*>", ""));
                if (result.log.size() > 30)
                    result.log.removeFirst();
            }
        });
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                game.start(r.nextBoolean() ? alice.getId() : bob.getId());
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "GAME " + seed); // XMage runs game code only in threads so named
        thread.setDaemon(true);
        thread.start();
        String seen = "";
        long since = System.nanoTime();
        while (thread.isAlive()) {
            thread.join(1000);
            String now = game.getTurnNum() + "/" + game.getTurnStepType() + "/" + lines.get();
            if (!now.equals(seen)) {
                seen = now;
                since = System.nanoTime();
            } else if (System.nanoTime() - since > STUCK_SECONDS * 1_000_000_000L) {
                result.end = "stuck";
                StringBuilder where = new StringBuilder();
                for (StackTraceElement f : thread.getStackTrace())
                    where.append("\n    at ").append(f);
                result.log.addLast("stuck in turn " + game.getTurnNum() + ", " + game.getTurnStepType() + ":" + where);
                thread.interrupt(); // XMage's game loop ends on an interrupt
                thread.join(5000);
                break;
            }
        }
        result.turns = game.getTurnNum();
        result.thrown = thrown.get();
        if (!result.end.equals("stuck"))
            result.end = result.thrown != null ? "threw" : game.hasEnded() && game.getTurnNum() <= turnLimit ? "finished"
                : "turn-limited";
        return result;
    }

    public static void main(String[] args) throws Exception {
        int games = 40, turns = 20;
        long seed = 1;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--games"))
                games = Integer.parseInt(args[++i]);
            else if (args[i].equals("--seed"))
                seed = Long.parseLong(args[++i]);
            else if (args[i].equals("--turns"))
                turns = Integer.parseInt(args[++i]);
            else
                throw new IllegalArgumentException("unknown argument " + args[i]);
        }
        if (!((Object) new DiscoverEffect(1) instanceof KeyactDiscoverEffect))
            throw new IllegalStateException("start this with -javaagent:keyact-xmage.jar (the switch)");
        XMageDifferential.Pool pool = new XMageDifferential.Pool();
        int finished = 0, limited = 0, stuck = 0, threw = 0, reports = 0, failed = 0, xmageErrors = 0;
        long resolves = 0;
        for (int g = 0; g < games; g++) {
            XMageGames.REPORTS.clear();
            XMAGE_ERRORS.clear();
            Result r = play(pool, seed + g, turns);
            List<String> problems = new ArrayList<>();
            synchronized (XMAGE_ERRORS) {
                xmageErrors += XMAGE_ERRORS.size();
                for (String error : XMAGE_ERRORS)
                    if (error.contains("org.keyact"))
                        problems.add("XMage logged an error through keyact: " + error);
                    else
                        System.out.println("game " + (seed + g) + ": XMage's own error: " + error.split("\n")[0]);
            }
            synchronized (XMageGames.REPORTS) {
                reports += XMageGames.REPORTS.size();
                for (String report : XMageGames.REPORTS)
                    problems.add("keyact reported: " + report);
            }
            switch (r.end) {
            case "finished": finished++; break;
            case "turn-limited": limited++; break;
            case "stuck": stuck++; problems.add("stuck"); break;
            default:
                threw++;
                java.io.StringWriter trace = new java.io.StringWriter();
                r.thrown.printStackTrace(new java.io.PrintWriter(trace));
                if (trace.toString().contains("org.keyact"))
                    problems.add("the game threw through keyact: " + trace);
            }
            resolves += r.resolves;
            System.out.println("game " + (seed + g) + ": " + r.end + " after " + r.turns + " turns, " + r.resolves
                + " discovers and cascades through keyact");
            if (!problems.isEmpty()) {
                failed++;
                System.out.println("FAIL game " + (seed + g) + ":\n  " + String.join("\n  ", problems)
                    + "\n  the game's last log lines:\n    " + String.join("\n    ", r.log));
            }
        }
        System.out.println("AI games: played " + games + ", finished " + finished + ", turn-limited " + limited
            + " (limit " + turns + " turns), stuck " + stuck + ", reports " + reports + ", threw " + threw
            + ", XMage's own errors " + xmageErrors + " (none through keyact: " + (failed == 0 ? "yes" : "see above") + ")");
        System.out.println("discovers and cascades through keyact (that exiled a card): " + resolves);
        System.exit(failed == 0 && resolves > 0 ? 0 : 1);
    }
}
