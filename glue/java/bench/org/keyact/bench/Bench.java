/* SPDX-License-Identifier: MIT */
package org.keyact.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.keyact.Action;
import org.keyact.CardDescription;
import org.keyact.Face;
import org.keyact.Host;
import org.keyact.Layout;
import org.keyact.Option;
import org.keyact.OptionKind;
import org.keyact.Registry;
import org.keyact.UpcallCount;
import org.keyact.Zone;

/**
 * The binding's benchmark, one JVM run, one JSON line per figure (run by
 * {@code meson test --benchmark --suite java-bench}; arguments: the discover plugin's path):
 * <ul>
 * <li>resolve: discover 3 on the 60-card LCI deck through JNI against a pure-Java discover written
 *     the way Forge's DiscoverEffect does it, on the same host objects; medians of interleaved
 *     rounds after a warm-up, in thread CPU time;</li>
 * <li>upcall: the JNI upcalls per resolve, the resolve's ns per upcall all told, the same resolve
 *     in C alone ({@link CResolve}), the binding's ns per upcall (the JNI resolve less the C one,
 *     per upcall: the Java host's own work is in it) and a bare upcall (CallIntMethod with a
 *     cached id, {@link BareUpcall}), all timed in the same rounds, in this thread's CPU time
 *     ({@link #cpuNanos});</li>
 * <li>alloc: Java heap bytes per resolve in steady state (ThreadMXBean), on the deck and on
 *     bottom-hit libraries of 10 and 200 cards, with a host that leaves notify at its default;</li>
 * <li>threads: resolves per second with 2 threads over 1.</li>
 * </ul>
 * Upcalls per exiled card are counted by UpcallsTest (suite java).
 */
public final class Bench {
    static final long GAME = 1, PLAYER = 1;

    /** The 60-card R/G LCI deck of tests/bench/bench_deck.c. */
    static final Object[][] DECK = {
        {11, "Mountain", null}, {11, "Forest", null}, {1, "Hidden Volcano", null}, {1, "Hidden Nursery", null},
        {3, "Goblin Tomb Raider", "{R}"}, {3, "Belligerent Yearling", "{1}{R}"},
        {3, "Intrepid Paleontologist", "{1}{G}"}, {3, "Brazen Blademaster", "{2}{R}"},
        {3, "Pugnacious Hammerskull", "{2}{G}"}, {3, "Child of the Volcano", "{3}{R}"},
        {3, "Bedrock Tortoise", "{3}{G}"}, {2, "Bonehoard Dracosaur", "{3}{R}{R}"},
        {3, "Trumpeting Carnosaur", "{4}{R}{R}"}, {2, "Seismic Monstrosaur", "{4}{R}{R}"},
        {3, "Geological Appraiser", "{2}{R}{R}"}, {2, "Daring Discovery", "{4}{R}"},
        {2, "Curator of Sun's Creation", "{3}{R}"}, {1, "Brass's Tunnel-Grinder", "TRANSFORM"},
    };

    /** An array host: the library as a window [top, end) of a long[]; cards are 1..n. */
    static final class ArrayHost implements Host {
        final CardDescription[] desc;
        final int[] manaValue;
        final boolean[] land;
        final long[] order;
        long[] lib = new long[1024];
        int top, end, hand, stack;
        long rng;

        ArrayHost(List<CardDescription> cards) {
            int n = cards.size();
            desc = new CardDescription[n + 1];
            manaValue = new int[n + 1];
            land = new boolean[n + 1];
            order = new long[n];
            for (int i = 0; i < n; i++) {
                desc[i + 1] = cards.get(i);
                Face f = cards.get(i).faces().get(0);
                land[i + 1] = f.land();
                manaValue[i + 1] = f.manaCost().isEmpty() ? 0 : mv(f.manaCost());
                order[i] = i + 1;
            }
        }

        static int mv(String cost) {
            int v = 0;
            for (int i = 0; i < cost.length(); i++) {
                char c = cost.charAt(i);
                if (c == '{') {
                    int j = cost.indexOf('}', i);
                    String s = cost.substring(i + 1, j);
                    v += Character.isDigit(s.charAt(0)) ? Integer.parseInt(s) : 1;
                    i = j;
                }
            }
            return v;
        }

        /** Reset to a shuffled order (seeded, the same for every variant of a round). */
        void reset(long seed) {
            rng = seed;
            for (int i = order.length - 1; i > 0; i--) {
                int j = randomBelow(GAME, i + 1);
                long t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            if (lib.length < order.length * 2)
                lib = new long[order.length * 4];
            System.arraycopy(order, 0, lib, 0, order.length);
            top = 0;
            end = order.length;
        }

        @Override public int librarySize(long game, long player) { return end - top; }
        @Override public long libraryCard(long game, long player, int i) { return top + i < end ? lib[top + i] : 0; }
        @Override public void moveCard(long game, long player, long card, Zone to, int index, boolean reveal) {
            if (top < end && lib[top] == card)
                top++;
            if (to == Zone.LIBRARY) {
                if (end == lib.length) {
                    System.arraycopy(lib, top, lib, 0, end - top);
                    end -= top;
                    top = 0;
                }
                lib[end++] = card;
            } else if (to == Zone.HAND) {
                hand++;
            }
        }
        @Override public CardDescription describeCard(long game, long card) { return desc[(int) card]; }
        @Override public boolean canCastFace(long game, long player, long card, int face) { return true; }
        @Override public int choose(long game, long player, long card, List<Option> options) { return 0; }
        @Override public boolean castFree(long game, long player, long card, int face) { stack++; return true; }
        @Override public int randomBelow(long game, int bound) {
            rng += 0x9E3779B97F4A7C15L;
            long z = rng;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            return (int) Long.remainderUnsigned(z, bound);
        }
    }

    /**
     * Discover N as Forge's DiscoverEffect does it, on the same host: walk the library from the
     * top exiling each card until a nonland with mana value <= N, offer the free cast, else hand;
     * the rest to the bottom in a random order.
     */
    static long pureJava(ArrayHost h, int n, long[] exiled) {
        int count = 0;
        long hit = 0;
        while (h.librarySize(GAME, PLAYER) > 0) {
            long c = h.libraryCard(GAME, PLAYER, 0);
            h.moveCard(GAME, PLAYER, c, Zone.EXILE, 0, true);
            int card = (int) c;
            if (!h.land[card] && h.manaValue[card] <= n) {
                hit = c;
                break;
            }
            exiled[count++] = c;
        }
        if (hit != 0) {
            if (h.canCastFace(GAME, PLAYER, hit, 0)
                    && h.choose(GAME, PLAYER, hit, List.of(new Option(OptionKind.CAST_FACE, 0, 0))) == 0
                    && h.castFree(GAME, PLAYER, hit, 0)) {
                // cast
            } else {
                h.moveCard(GAME, PLAYER, hit, Zone.HAND, 0, false);
            }
        }
        for (int i = count - 1; i > 0; i--) {
            int j = h.randomBelow(GAME, i + 1);
            long t = exiled[i];
            exiled[i] = exiled[j];
            exiled[j] = t;
        }
        for (int i = 0; i < count; i++)
            h.moveCard(GAME, PLAYER, exiled[i], Zone.LIBRARY, Host.LIBRARY_BOTTOM, false);
        return hit;
    }

    static List<CardDescription> deck() {
        List<CardDescription> cards = new java.util.ArrayList<>();
        for (Object[] e : DECK) {
            for (int c = 0; c < (Integer) e[0]; c++) {
                String name = (String) e[1], cost = (String) e[2];
                if ("TRANSFORM".equals(cost))
                    cards.add(new CardDescription(Layout.TRANSFORM, List.of(new Face(name, "{2}{R}", false, false),
                        new Face("Tecutlan, the Searing Rift", "", true, false))));
                else
                    cards.add(CardDescription.of(new Face(name, cost == null ? "" : cost, cost == null, false)));
            }
        }
        return cards;
    }

    /** A library of `size` lands with one hit at the bottom. */
    static List<CardDescription> bottomHit(int size) {
        List<CardDescription> cards = new java.util.ArrayList<>();
        for (int i = 0; i < size - 1; i++)
            cards.add(CardDescription.of(new Face("Mountain", "", true, false)));
        cards.add(CardDescription.of(new Face("Brazen Blademaster", "{2}{R}", false, false)));
        return cards;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    /**
     * This thread's CPU time (ThreadMXBean; CLOCK_THREAD_CPUTIME_ID on Linux): the resolve,
     * upcall and C figures are timed with it, in the same thread, so that other processes on a
     * busy machine do not count in them (their effect on the caches still does).
     */
    static long cpuNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    public static void main(String[] args) throws Exception {
        try (Registry registry = new Registry()) {
            registry.load(Path.of(args[0]));
            Action discover = registry.action("discover");
            ArrayHost host = new ArrayHost(deck());
            long[] scratch = new long[1024];
            int perRound = 20000, rounds = 15;
            // Warm up both.
            for (int i = 0; i < 100000; i++) {
                host.reset(i);
                discover.resolve(host, GAME, PLAYER, 3);
                host.reset(i);
                pureJava(host, 3, scratch);
            }
            double[] jni = new double[rounds], java = new double[rounds], bare = new double[rounds],
                c = new double[rounds];
            BareUpcall.Target target = new BareUpcall.Target();
            BareUpcall.nsPerUpcall(target, 1_000_000); // warm-up
            long upcalls0 = UpcallCount.ofThisThread();
            for (int r = 0; r < rounds; r++) {
                bare[r] = BareUpcall.nsPerUpcall(target, 10 * perRound);
                c[r] = CResolve.nsPerResolve(args[0], perRound);
                long t0 = cpuNanos();
                for (int i = 0; i < perRound; i++) {
                    host.reset(r * perRound + i);
                    discover.resolve(host, GAME, PLAYER, 3);
                }
                long t1 = cpuNanos();
                for (int i = 0; i < perRound; i++) {
                    host.reset(r * perRound + i);
                    pureJava(host, 3, scratch);
                }
                long t2 = cpuNanos();
                // The reset (a 60-card shuffle) is in both; subtract it.
                for (int i = 0; i < perRound; i++)
                    host.reset(r * perRound + i);
                long t3 = cpuNanos();
                double reset = (double) (t3 - t2) / perRound;
                jni[r] = (double) (t1 - t0) / perRound - reset;
                java[r] = (double) (t2 - t1) / perRound - reset;
            }
            double upcalls = (double) (UpcallCount.ofThisThread() - upcalls0) / (rounds * perRound);
            double mj = median(jni), mp = median(java), mb = median(bare), mc = median(c);
            System.out.printf("{\"figure\":\"resolve\",\"deck\":\"lci60\",\"n\":3,\"jni_ns\":%.0f,\"pure_java_ns\":%.0f,\"ratio\":%.2f}%n",
                mj, mp, mj / mp);
            // The binding's cost per upcall: what a JNI resolve costs over the same resolve in C.
            double binding = (mj - mc) / upcalls;
            System.out.printf("{\"figure\":\"upcall\",\"deck\":\"lci60\",\"n\":3,\"upcalls_per_resolve\":%.2f,"
                + "\"jni_ns_per_upcall\":%.0f,\"c_resolve_ns\":%.0f,\"binding_ns_per_upcall\":%.0f,"
                + "\"bare_upcall_ns\":%.0f,\"binding_over_bare\":%.2f}%n",
                upcalls, mj / upcalls, mc, binding, mb, binding / mb);

            for (String lib : List.of("lci60", "bottom10", "bottom200")) {
                ArrayHost h = lib.equals("lci60") ? host : new ArrayHost(bottomHit(lib.equals("bottom10") ? 10 : 200));
                for (int i = 0; i < 20000; i++) {
                    h.reset(i);
                    discover.resolve(h, GAME, PLAYER, 3);
                }
                int k = 20000;
                long resetBytes;
                long a0 = allocated();
                for (int i = 0; i < k; i++)
                    h.reset(i);
                resetBytes = allocated() - a0;
                long a1 = allocated();
                for (int i = 0; i < k; i++) {
                    h.reset(i);
                    discover.resolve(h, GAME, PLAYER, 3);
                }
                double per = (double) (allocated() - a1 - resetBytes) / k;
                System.out.printf("{\"figure\":\"alloc\",\"library\":\"%s\",\"bytes_per_resolve\":%.0f}%n", lib, per);
            }

            double one = throughput(discover, 1), two = throughput(discover, 2);
            System.out.printf("{\"figure\":\"threads\",\"one_per_s\":%.0f,\"two_per_s\":%.0f,\"ratio\":%.2f}%n",
                one, two, two / one);
        }
    }

    static double throughput(Action discover, int threads) throws InterruptedException {
        int each = 100000;
        Thread[] ts = new Thread[threads];
        long t0 = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            ts[t] = new Thread(() -> {
                ArrayHost h = new ArrayHost(deck());
                for (int i = 0; i < each; i++) {
                    h.reset(i);
                    discover.resolve(h, GAME, PLAYER, 3);
                }
            });
            ts[t].start();
        }
        for (Thread t : ts)
            t.join();
        return threads * each / ((System.nanoTime() - t0) / 1e9);
    }
}
