/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import mage.ApprovingObject;
import mage.abilities.Ability;
import mage.abilities.effects.Effect;
import mage.abilities.effects.keyword.DiscoverEffect;
import mage.cards.Card;
import mage.game.Game;
import mage.players.Player;

/**
 * Differential games: keyact's discover and cascade against XMage's own, in real XMage duels, at
 * scale. Game g of a run with seed S is drawn from seed S + g: Alice's library (0 to 40 cards,
 * each a basic land or any card of the shared XMage jars), a few creatures of Bob's and lands of
 * Alice's, and one action: discover N (N from 0 to 10) by a discover card's ability, a discover
 * card cast for free (its own discover: triggers, the static doDiscover), or a cascade card cast
 * for free; the free-cast questions answered per card from the seed ({@link XMageGames.Answers}),
 * every other choice XMage's AI's. Each game is played three times from the same seed (XMage's
 * {@code RandomUtil} seeded): with XMage's own effects, with every DiscoverEffect and
 * CascadeAbility of the cards swapped for keyact's (direct), and with the cards unchanged in a
 * second JVM started with {@code -javaagent:keyact-xmage.jar} (the switch), which this one starts
 * and reads. Compared: each player's life, every card's zone, the order of the library's unmoved
 * cards and the moved-back cards as a multiset (XMage's own bottom order is an unseeded shuffle);
 * direct and switched, both keyact, must agree exactly, the whole library in order included.
 *
 * <p>A difference between XMage's own outcome and keyact's is explained only by a free-cast
 * question where XMage offered a face keyact did not, for a listed reason, each an XMage bug
 * pinned by a test: an aftermath half from exile (CR 702.127a), a face its player cannot cast
 * (CR 601.3), a cascade face of mana value not below the cascading spell's (CR 702.85a). Anything
 * else, a validation report (the keyact runs validate) or a switched run that differs from the
 * direct one fails the run. Prints the counts; exits 1 on a failure.
 *
 * <p>Arguments: {@code --games N --seed S} (the switched JVM also gets {@code --switched}); the
 * switch's jar comes from {@code -Dorg.keyact.xmage.agent}.
 */
public final class XMageDifferential {
    static final String[] BOB_CREATURES = {"g.GrayOgre", "h.HillGiant", "s.ShivanDragon"};
    static final String[] LANDS = {"basiclands.Plains", "basiclands.Island", "basiclands.Swamp", "basiclands.Mountain",
        "basiclands.Forest"};

    enum Mode { OWN, DIRECT, SWITCHED }

    private XMageDifferential() {}

    /** The cards: every card class of the sets jar that XMage can make, and which discover or cascade. */
    static final class Pool {
        final List<String> all = new ArrayList<>(), discover = new ArrayList<>(), cascade = new ArrayList<>(),
            lands = new ArrayList<>();

        Pool() {
            List<String> discovers = XMageGames.discoverCards();
            try (java.util.jar.JarFile jar = new java.util.jar.JarFile(System.getProperty("org.keyact.xmage.sets"))) {
                for (java.util.jar.JarEntry e : Collections.list(jar.entries())) {
                    String n = e.getName();
                    if (!n.startsWith("mage/cards/") || !n.endsWith(".class") || n.contains("$"))
                        continue;
                    String name = n.substring("mage/cards/".length(), n.length() - ".class".length()).replace('/', '.');
                    Card card;
                    try {
                        card = XMageGames.card(name, UUID.randomUUID());
                    } catch (RuntimeException | LinkageError notACard) {
                        continue; // a helper class of a card's file, not a card
                    }
                    all.add(name);
                    if (card.isLand())
                        lands.add(name);
                    String bytes = new String(jar.getInputStream(e).readAllBytes(), StandardCharsets.ISO_8859_1);
                    if (discovers.contains(name))
                        discover.add(name);
                    if (bytes.contains("mage/abilities/keyword/CascadeAbility"))
                        cascade.add(name);
                }
            } catch (IOException x) {
                throw new IllegalStateException(x);
            }
            Collections.sort(all);
            Collections.sort(discover);
            Collections.sort(cascade);
        }
    }

    /** A game as drawn from its seed. */
    static final class Plan {
        final long seed;
        final XMageGames.Setup setup = new XMageGames.Setup();
        /** 0: discover n with the source's ability; 1: cast the source (discover); 2: cast the source (cascade). */
        final int kind;
        final int n;

        Plan(Pool pool, long seed) {
            this.seed = seed;
            Random r = new Random(seed);
            int size = r.nextInt(10) == 0 ? r.nextInt(3) : r.nextInt(41);
            for (int i = 0; i < size; i++)
                setup.library.add(r.nextInt(100) < 35 ? LANDS[r.nextInt(LANDS.length)] : pool.all.get(r.nextInt(pool.all.size())));
            for (int i = r.nextInt(3); i > 0; i--)
                setup.bobBattlefield.add(BOB_CREATURES[r.nextInt(BOB_CREATURES.length)]);
            for (int i = r.nextInt(3); i > 0; i--)
                setup.battlefield.add(LANDS[r.nextInt(LANDS.length)]);
            int what = r.nextInt(3);
            n = r.nextInt(11);
            List<String> sources = what == 2 ? pool.cascade : pool.discover;
            String source = sources.get(r.nextInt(sources.size()));
            kind = what == 1 && pool.lands.contains(source) ? 0 : what; // a land is not cast: its ability discovers
            setup.source(source).seed(seed).use(null);
        }

        @Override
        public String toString() {
            return "seed " + seed + ": " + (kind == 0 ? "discover " + n + " by " : kind == 1 ? "cast (discover) " : "cast (cascade) ")
                + setup.source + ", library " + setup.library + ", Alice's lands " + setup.battlefield
                + ", Bob's creatures " + setup.bobBattlefield;
        }
    }

    /** One run of a game: its outcome, Alice's whole library in order, the questions and the reports. */
    static final class Played {
        final String outcome, library, questions;

        Played(String outcome, String library, String questions) {
            this.outcome = outcome;
            this.library = library;
            this.questions = questions;
        }

        String line(long seed) {
            return seed + "\t" + esc(outcome) + "\t" + esc(library) + "\t" + esc(questions);
        }

        static Played parse(String[] f) {
            return new Played(unesc(f[1]), unesc(f[2]), unesc(f[3]));
        }

        /** The questions as asked, without who asked them. */
        List<String> asked() {
            List<String> out = new ArrayList<>();
            for (String q : lines(questions))
                if (!q.startsWith("REPORT "))
                    out.add(q.replace(" " + XMageGames.Question.BY_XMAGE, ""));
            return out;
        }

        static String esc(String s) {
            return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
        }

        static String unesc(String s) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\\' && i + 1 < s.length()) {
                    char d = s.charAt(++i);
                    b.append(d == 't' ? '\t' : d == 'n' ? '\n' : d);
                } else {
                    b.append(c);
                }
            }
            return b.toString();
        }
    }

    static Played play(Plan plan, Mode mode) {
        XMageGames.REPORTS.clear();
        XMageGames.Answers answers = new XMageGames.Answers(plan.seed);
        String outcome, library = "";
        try {
            XMageGames.Built b = XMageGames.build(plan.setup, mode == Mode.DIRECT);
            if (Boolean.getBoolean("org.keyact.xmage.gamelog"))
                b.game.addTableEventListener(e -> {
                    if (e.getMessage() != null)
                        System.err.println(mode + " log: " + e.getMessage().replaceAll("<[^>]*>", ""));
                });
            b.alice.answers = answers;
            ((XMageGames.Bot) b.bob).answers = answers;
            if (plan.kind == 0) {
                Object[] found = XMageGames.discoverAbility(b.source);
                Ability ability = found != null ? (Ability) found[0] : b.source.getSpellAbility();
                Effect discover = mode == Mode.DIRECT ? new KeyactDiscoverEffect(plan.n) : new DiscoverEffect(plan.n);
                discover.apply(b.game, ability);
            } else {
                b.alice.cast(b.alice.chooseAbilityForCast(b.source, b.game, true), b.game, true,
                    new ApprovingObject(b.source.getSpellAbility(), b.game));
            }
            XMageGames.settle(b.game, plan.seed * 1_000_003L);
            outcome = XMageGames.outcome(b);
            StringBuilder order = new StringBuilder();
            for (UUID id : b.game.getPlayer(b.alice.getId()).getLibrary().getCardList())
                order.append(b.game.getCard(id).getName()).append(", ");
            library = order.toString();
        } catch (RuntimeException | StackOverflowError e) {
            outcome = "threw " + e;
            if (Boolean.getBoolean("org.keyact.xmage.traces")) {
                System.err.println("game " + plan + " (" + mode + "):");
                e.printStackTrace();
            }
        }
        StringBuilder q = new StringBuilder();
        for (XMageGames.Question question : answers.asked)
            q.append(question).append('\n');
        if (mode != Mode.OWN)
            for (String report : XMageGames.REPORTS)
                q.append("REPORT ").append(report).append('\n');
        return new Played(outcome, library, q.toString());
    }

    /**
     * Why XMage's own outcome differs from keyact's: the first question of XMage's run where its
     * player picked a face keyact does not offer (the listed XMage bugs), or null.
     */
    static String explain(Played own) {
        for (String q : lines(own.questions)) {
            int at = q.indexOf(XMageGames.Question.BUG);
            if (at >= 0)
                return q.substring(at + XMageGames.Question.BUG.length());
        }
        return null;
    }

    static final String UNDETERMINED = "not determined by the seed: played again, the same game ends differently"
        + " (XMage's AI breaks ties, the legend rule's or the order of triggers, by object ids, which are random),"
        + " and keyact's end is among XMage's own";
    static final int REPLAYS = 8;

    /**
     * The game is not determined by its seed, and that explains each difference seen: where
     * XMage's own outcome differs from keyact's, XMage's own effect played again ends the game in
     * more than one way, keyact's among them; where the two keyact runs differ, keyact's direct
     * run played again does too, the switched run's among them.
     */
    static boolean undetermined(Plan plan, Played own, Played direct, Played switched, boolean ownDiffers,
                                boolean keyactDiffers) {
        java.util.Set<String> owns = new java.util.HashSet<>(), directs = new java.util.HashSet<>();
        owns.add(own.outcome);
        directs.add(direct.outcome + direct.library);
        for (int i = 0; i < REPLAYS; i++) {
            owns.add(play(plan, Mode.OWN).outcome);
            Played again = play(plan, Mode.DIRECT);
            directs.add(again.outcome + again.library);
        }
        boolean ownExplained = !ownDiffers
            || owns.size() > 1 && owns.contains(direct.outcome) && owns.contains(switched.outcome);
        boolean keyactExplained = !keyactDiffers || directs.size() > 1 && directs.contains(switched.outcome + switched.library);
        return ownExplained && keyactExplained;
    }

    static List<String> lines(String s) {
        List<String> out = new ArrayList<>();
        for (String l : s.split("\n"))
            if (!l.isEmpty())
                out.add(l);
        return out;
    }

    public static void main(String[] args) throws Exception {
        int games = 500;
        long seed = 1;
        boolean switched = false, verbose = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--games"))
                games = Integer.parseInt(args[++i]);
            else if (args[i].equals("--seed"))
                seed = Long.parseLong(args[++i]);
            else if (args[i].equals("--switched"))
                switched = true;
            else if (args[i].equals("--verbose"))
                verbose = true;
            else if (args[i].equals("--only")) // one game, its seed: --seed S --games 1
                verbose = true;
            else
                throw new IllegalArgumentException("unknown argument " + args[i]);
        }
        boolean isSwitched = (Object) new DiscoverEffect(1) instanceof KeyactDiscoverEffect;
        if (switched != isSwitched)
            throw new IllegalStateException(switched ? "--switched without -javaagent:keyact-xmage.jar" : "started with the switch");
        Pool pool = new Pool();
        if (switched) {
            for (int g = 0; g < games; g++)
                System.out.println("GAME\t" + play(new Plan(pool, seed + g), Mode.SWITCHED).line(seed + g));
            System.out.flush();
            return;
        }
        Process child = startSwitched(games, seed);
        Map<Long, Played> switchedRuns = new TreeMap<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    if (line.startsWith("GAME\t")) {
                        String[] f = line.substring(5).split("\t", -1);
                        synchronized (switchedRuns) {
                            switchedRuns.put(Long.parseLong(f[0]), Played.parse(f));
                        }
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        reader.start();

        System.out.println("differential games: " + games + " from seed " + seed + ", a pool of " + pool.all.size()
            + " cards (" + pool.discover.size() + " discover, " + pool.cascade.size() + " cascade) and the basic lands");
        List<Plan> plans = new ArrayList<>();
        List<Played> own = new ArrayList<>(), direct = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            Plan plan = new Plan(pool, seed + g);
            plans.add(plan);
            own.add(play(plan, Mode.OWN));
            direct.add(play(plan, Mode.DIRECT));
        }
        int status = child.waitFor();
        reader.join();

        int agree = 0, failures = 0, xmageThrew = 0, askedMore = 0, asked = 0, castFace = 0, exact = 0;
        Map<String, Integer> explained = new TreeMap<>();
        for (int g = 0; g < games; g++) {
            Plan plan = plans.get(g);
            Played o = own.get(g), d = direct.get(g), s = switchedRuns.get(plan.seed);
            List<String> problems = new ArrayList<>();
            if (s == null) {
                failures++;
                System.out.println("FAIL game " + plan + "\nthe switched JVM did not play it");
                continue;
            }
            for (Played keyact : new Played[] {d, s}) {
                String run = keyact == d ? "direct" : "switched";
                for (String q : lines(keyact.questions)) {
                    if (q.startsWith("REPORT "))
                        problems.add("keyact (" + run + ") reported: " + q);
                    else if (q.contains(XMageGames.Question.BUG) && !q.contains(XMageGames.Question.BY_XMAGE))
                        problems.add("keyact (" + run + ") offered a face it must not: " + q);
                    else if (keyact == s && q.contains(XMageGames.Question.BY_XMAGE))
                        problems.add("the switch left a discover or cascade to XMage's own code: " + q);
                }
            }
            String why = explain(o);
            boolean differs = why == null && (!o.outcome.equals(d.outcome) || !o.outcome.equals(s.outcome));
            boolean keyactDiffers = !s.outcome.equals(d.outcome) || !s.library.equals(d.library);
            if ((differs || keyactDiffers) && undetermined(plan, o, d, s, differs, keyactDiffers)) {
                why = UNDETERMINED;
                differs = keyactDiffers = false;
            }
            for (Played keyact : new Played[] {d, s})
                if (differs && !o.outcome.equals(keyact.outcome))
                    problems.add("XMage's own and keyact's (" + (keyact == d ? "direct" : "switched")
                        + ") differ, unexplained:\n  own    " + o.outcome + "  questions " + o.questions + "\n  keyact "
                        + keyact.outcome + "  questions " + keyact.questions);
            // Both keyact: the same game to the card, the bottom order included.
            if (keyactDiffers)
                problems.add("switched and direct differ:\n  direct   " + d.outcome + "  library " + d.library
                    + "\n  switched " + s.outcome + "  library " + s.library);
            // XMage's own and keyact's bottom orders come from the same draws (see Bot).
            if (o.library.equals(s.library))
                exact++;
            if (o.outcome.startsWith("threw"))
                xmageThrew++;
            if (!o.asked().equals(s.asked()))
                askedMore++;
            if (!s.questions.isEmpty())
                asked++;
            if (s.questions.contains(" picked"))
                castFace++;
            if (verbose)
                System.out.println("game " + plan + "\n  own      " + o.outcome.replace("\n", "\n           ") + "  questions "
                    + o.questions + "\n  switched " + s.outcome.replace("\n", "\n           ") + "  questions " + s.questions);
            if (!problems.isEmpty()) {
                failures++;
                System.out.println("FAIL game " + plan + "\n" + String.join("\n", problems));
            } else if (o.outcome.equals(d.outcome) && o.outcome.equals(s.outcome)) {
                agree++;
            } else {
                explained.merge(why, 1, Integer::sum);
                System.out.println("explained: game " + plan + "\n  " + why + "\n  own    " + o.outcome.replace("\n", "\n         ")
                    + "  questions " + o.questions.replace("\n", "\n    ") + "\n  keyact " + s.outcome.replace("\n", "\n         ")
                    + "  questions " + s.questions.replace("\n", "\n    "));
            }
        }
        System.out.println("games: " + games);
        System.out.println("agreements (XMage's own, keyact direct and switched the same): " + agree);
        System.out.println("games with Alice's library the same in every run, bottom order included: " + exact);
        explained.forEach((why, count) -> System.out.println("explained difference: " + why + ": " + count));
        System.out.println("games with a free-cast question (keyact, switched): " + asked + ", with a face cast: " + castFace);
        System.out.println("games whose free-cast questions differ (same outcome or explained): " + askedMore);
        System.out.println("games in which XMage itself threw (the same in every run): " + xmageThrew);
        System.out.println("failures (unexplained, reports, switched != direct): " + failures);
        if (status != 0)
            System.out.println("the switched JVM exited with " + status);
        System.exit(failures == 0 && status == 0 ? 0 : 1);
    }

    /** The same games in a JVM started with the switch, this JVM's flags and class path. */
    static Process startSwitched(int games, long seed) throws IOException {
        String agent = System.getProperty("org.keyact.xmage.agent");
        if (agent == null)
            throw new IllegalStateException("-Dorg.keyact.xmage.agent=keyact-xmage.jar is not set");
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        cmd.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-javaagent:" + agent);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(XMageDifferential.class.getName());
        Collections.addAll(cmd, "--games", String.valueOf(games), "--seed", String.valueOf(seed), "--switched");
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}
