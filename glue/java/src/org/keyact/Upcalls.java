/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the C host table calls during one resolve (package-private): converts C values to the
 * {@link Host}'s types and back. One per thread, reused from resolve to resolve (a nested resolve
 * on the same thread gets its own), so the buffers that carry batched calls and the cache of C
 * card descriptions persist: nothing is allocated per exiled card. The C side checks for an
 * exception after every call into this class and never makes another JNI call with one pending.
 *
 * <p>Every call's arguments, the batched calls' data and the result cross in {@link #mem},
 * direct memory both sides address: C writes a call's arguments (the first {@link #ARGS} longs)
 * and data (the rest) there before the upcall and reads the answer after it, so an upcall is
 * one JNI call with no arguments (and its exception check), and no array is copied through
 * JNI. Only log takes its message as an argument.
 */
final class Upcalls {
    /** Longs of {@link #mem} that carry an upcall's arguments; its data part follows. */
    static final int ARGS = 8;
    /**
     * Indexes into the data part of {@link #mem} of the result, written by the C side after the
     * resolve, followed by RES_STRANDED stranded card ids.
     */
    static final int RES_OUTCOME = 0, RES_DISCOVERED = 1, RES_MVH = 2, RES_FACE = 3, RES_EXILED = 4,
        RES_BOTTOMED = 5, RES_FLAGS = 6, RES_STRANDED = 7, RES_LENGTH = 8;
    /** The shared buffer's first size, in longs: a batch of 16 steps fits. */
    static final int INITIAL_LONGS = ARGS + 256;
    /** features bits: which optional Host methods this Host overrides. */
    static final int FEATURE_NOTIFY = 1, FEATURE_LOG = 2, FEATURE_SINGLE = 4, FEATURE_CARD_ZONE = 8;
    /** Java-only features bits (above the C side's): optional methods the binding calls. */
    static final int FEATURE_EXILE_RUN = 1 << 16, FEATURE_CHOICE = 1 << 17, FEATURE_JAVA_ONLY = ~0xffff;
    /**
     * System property {@code org.keyact.batched=false}: offer the plugin only the ABI 1.0 single
     * calls (for measuring the batched calls against them), read once; tests may set it.
     */
    static volatile int batching = Boolean.parseBoolean(System.getProperty("org.keyact.batched", "true"))
        ? 0 : FEATURE_SINGLE;
    /** Above this many cached descriptions the cache is emptied before the next resolve. */
    static final int MAX_CACHED = 4096;

    private static final ThreadLocal<Upcalls> PER_THREAD = ThreadLocal.withInitial(Upcalls::new);
    private static final Zone[] ZONES = {null, Zone.LIBRARY, Zone.EXILE, Zone.HAND};
    private static final EventType[] TYPES = EventType.values();
    private static final LogLevel[] LEVELS = LogLevel.values();
    private static final OptionKind[] KINDS = {null, OptionKind.CAST_FACE, OptionKind.TO_HAND, OptionKind.TO_BOTTOM};
    private static final Outcome[] OUTCOMES = Outcome.values();
    /** Result.faceCast for each face a card can have: one object each. */
    private static final OptionalInt[] FACES = new OptionalInt[CardDescription.MAX_FACES];

    static {
        for (int i = 0; i < FACES.length; i++)
            FACES[i] = OptionalInt.of(i);
    }
    private static final ClassValue<Integer> FEATURES = new ClassValue<Integer>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            return (overrides(type, "notify", long.class, Event.class) ? FEATURE_NOTIFY : 0)
                | (overrides(type, "log", LogLevel.class, String.class) ? FEATURE_LOG : 0)
                | (overrides(type, "cardZone", long.class, long.class) ? FEATURE_CARD_ZONE : 0)
                | (overrides(type, "exileRunOver", long.class, long.class, List.class) ? FEATURE_EXILE_RUN : 0)
                | (overrides(type, "choose", long.class, long.class, long.class, List.class)
                   || overrides(type, "decide", long.class, long.class, long.class, List.class) ? FEATURE_CHOICE : 0);
        }
    };

    /** The C blocks of the cached descriptions, freed with the cache or when this is collected. */
    private static final class Blocks implements Runnable {
        long[] ptrs = new long[64];
        int count;

        void add(long p) {
            if (count == ptrs.length)
                ptrs = java.util.Arrays.copyOf(ptrs, 2 * count);
            ptrs[count++] = p;
        }

        @Override
        public void run() {
            Native.freeDescriptions(ptrs, count);
            count = 0;
        }
    }

    private final IdentityHashMap<CardDescription, Long> described = new IdentityHashMap<>();
    private final Blocks blocks = new Blocks();
    /**
     * Names this Upcalls' cache, renamed when it is emptied: a Converted of another name is
     * another thread's or stale. A number, so a description keeps no Upcalls reachable.
     */
    private static final AtomicLong CACHES = new AtomicLong();
    private long cache = CACHES.incrementAndGet();
    /** The last Host class and its FEATURES. */
    private Class<?> hostClass;
    private int hostFeatures;

    /** A description's C block in the cache named cache (CardDescription.converted). */
    static final class Converted {
        final long cache;
        final long block;

        Converted(long cache, long block) {
            this.cache = cache;
            this.block = block;
        }
    }

    Host host;
    /** This resolve's Host's FEATURES, the Java-only bits included. */
    int features;
    /** This resolve's game and player, for the notifications the binding adds. */
    long game, player;
    /** The cards exiled so far in this resolve's exile run (exiled[0..exiledCount)). */
    long[] exiled = new long[64];
    int exiledCount;
    /** The exile run is over (its notification went out, or nothing was exiled before it ended). */
    boolean runOver;
    /** The registry resolving: kept reachable (and so open) while its resolve runs. */
    Registry registry;
    /** Set by the C side: the first throwable of the resolve. */
    Throwable failure;
    /** Set by the C side (jni/validate.c) when the validation layer reported; see validationErrors(). */
    byte[] violations;
    private List<ValidationException> validationErrors;
    /** Set by the C side (jni/validate.c): the checks the validation layer skipped, or null. */
    String skipped;
    /** Set by the C side under FATAL: the unsettled cards, card and zone in turn, or null. */
    long[] unsettled;
    /**
     * The shared buffer (direct, native order) as longs, and its address and size for the C
     * side; replaced by {@link #reserve}. Its ByteBuffer is kept here, so the memory lives as
     * long as this object.
     */
    LongBuffer mem;
    long address;
    int capacity;
    /** The arrays the Host's batched methods take, grown on demand. */
    long[] longs = new long[64];
    int[] ints = new int[64];
    int[] ints2 = new int[64];
    CardDescription[] descs = new CardDescription[64];
    /** Entries of descs the last describeCards filled, cleared by release. */
    private int descsUsed;
    final Steps steps = new Steps();

    private Upcalls() {
        Cleanup.register(this, blocks);
        allocate(INITIAL_LONGS);
    }

    private void allocate(int longs) {
        ByteBuffer bytes = ByteBuffer.allocateDirect(8 * longs).order(ByteOrder.nativeOrder());
        long at = Native.address(bytes);
        if (at == 0)
            throw new OutOfMemoryError("keyact: a direct buffer without an address");
        mem = bytes.asLongBuffer();
        address = at;
        capacity = longs;
    }

    /** This thread's Upcalls, for tests that look at its cache. */
    static Upcalls current() {
        return PER_THREAD.get();
    }

    /** This thread's Upcalls bound to host (a fresh one when this thread is already resolving). */
    static Upcalls acquire(Registry registry, Host host, long game, long player) {
        Upcalls up = PER_THREAD.get();
        if (up.host != null)
            up = new Upcalls();
        if (up.described.size() > MAX_CACHED) {
            up.described.clear();
            up.blocks.run();
            up.cache = CACHES.incrementAndGet();
        }
        up.host = host;
        Class<?> type = host.getClass();
        if (type != up.hostClass) { // a Host per resolve is usually of the last one's class
            up.hostClass = type;
            up.hostFeatures = FEATURES.get(type);
        }
        up.features = up.hostFeatures;
        if ((up.features & FEATURE_CHOICE) == 0)
            throw new IllegalArgumentException(host.getClass().getName() + " overrides neither Host.choose nor Host.decide");
        up.registry = registry;
        up.game = game;
        up.player = player;
        up.exiledCount = 0;
        up.runOver = false;
        up.failure = null;
        up.violations = null;
        up.validationErrors = null;
        up.skipped = null;
        up.unsettled = null;
        return up;
    }

    void release() {
        host = null;
        registry = null;
        failure = null;
        violations = null;
        validationErrors = null;
        skipped = null;
        unsettled = null;
        steps.deferred = null;
        java.util.Arrays.fill(descs, 0, descsUsed, null);
        descsUsed = 0;
    }

    /** The features bits the C side reads. */
    static int features(Host host) {
        return (FEATURES.get(host.getClass()) & ~FEATURE_JAVA_ONLY) | batching;
    }

    private static boolean overrides(Class<?> type, String name, Class<?>... params) {
        try {
            return type.getMethod(name, params).getDeclaringClass() != Host.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** The run's exiled card was moved: remember it for {@link Host#exileRunOver}. */
    private void exiled(long card) {
        if (exiledCount == exiled.length)
            exiled = java.util.Arrays.copyOf(exiled, 2 * exiledCount);
        exiled[exiledCount++] = card;
    }

    /**
     * A callback past the exile run is about to be made (or the resolve ended): tell the Host
     * once that the run is over. Its throw fails the callback it precedes.
     */
    void endExileRun() {
        if (runOver)
            return;
        runOver = true;
        if (exiledCount == 0 || (features & FEATURE_EXILE_RUN) == 0)
            return;
        List<Long> cards = new ArrayList<>(exiledCount);
        for (int i = 0; i < exiledCount; i++)
            cards.add(exiled[i]);
        host.exileRunOver(game, player, Collections.unmodifiableList(cards));
    }

    /** The result the C side wrote into mem, with this failure. */
    Result result(java.util.Optional<KeyactException> failure) {
        int stCount = (int) data(RES_STRANDED);
        List<Long> list = Collections.emptyList();
        if (stCount > 0) {
            list = new ArrayList<>(stCount);
            for (int i = 0; i < stCount; i++)
                list.add(data(RES_LENGTH + i));
        }
        int outcome = (int) data(RES_OUTCOME);
        int face = (int) data(RES_FACE);
        long discovered = data(RES_DISCOVERED);
        OptionalInt faceCast = face < 0 ? OptionalInt.empty()
            : face < FACES.length ? FACES[face] : OptionalInt.of(face);
        return new Result(outcome >= 0 && outcome < OUTCOMES.length ? OUTCOMES[outcome] : Outcome.NONE,
            discovered != 0 ? OptionalLong.of(discovered) : OptionalLong.empty(),
            (int) data(RES_MVH), faceCast,
            (int) data(RES_EXILED), (int) data(RES_BOTTOMED), complete(), list, failure,
            validationErrors(), validationSkipped(), unsettledCards());
    }

    /** What the C side said was skipped, as the Result says it. */
    java.util.Optional<String> validationSkipped() {
        return skipped == null ? java.util.Optional.<String>empty()
            : java.util.Optional.of("the Host " + host.getClass().getName() + " does not override cardZone: "
                + skipped);
    }

    private List<UnsettledCard> unsettledCards() {
        if (unsettled == null)
            return Collections.emptyList();
        Zone[] zones = Zone.values();
        List<UnsettledCard> out = new ArrayList<>(unsettled.length / 2);
        for (int i = 0; i + 1 < unsettled.length; i += 2) {
            int code = (int) unsettled[i + 1];
            java.util.Optional<Zone> zone = code >= 1 && code <= zones.length
                ? java.util.Optional.of(zones[code - 1]) : java.util.Optional.<Zone>empty();
            out.add(new UnsettledCard(unsettled[i], zone));
        }
        return Collections.unmodifiableList(out);
    }

    /** The C side's flags: the resolve ran to its end. */
    boolean complete() {
        return (data(RES_FLAGS) & 1) != 0;
    }

    /** The C side's flags: no implementation was acquired (nothing ran). */
    boolean unserved() {
        return data(RES_FLAGS) == -1;
    }

    /** Argument i of the upcall being made. */
    private long arg(int i) {
        return mem.get(i);
    }

    /** Long i of the data part. */
    long data(int i) {
        return mem.get(ARGS + i);
    }

    /** Sets long i of the data part. */
    void setData(int i, long value) {
        mem.put(ARGS + i, value);
    }

    /** The validation layer's reports of this resolve, parsed once (the same objects every time). */
    List<ValidationException> validationErrors() {
        if (validationErrors == null)
            validationErrors = ValidationReports.parse(violations);
        return validationErrors;
    }

    // ---- called from C ----

    /** Makes mem's data part hold at least arg 0 longs; returns its address (the C side's next). */
    long reserve() {
        return reserve((int) arg(0));
    }

    long reserve(int n) {
        if (capacity - ARGS < n)
            allocate(ARGS + Math.max(n, 2 * (capacity - ARGS)));
        return address;
    }

    /** Makes the Host arrays hold n elements. */
    private void arrays(int n) {
        if (longs.length < n) {
            int cap = Math.max(n, 2 * longs.length);
            longs = new long[cap];
            ints = new int[cap];
            ints2 = new int[cap];
            descs = new CardDescription[cap];
        }
    }

    int librarySize() {
        return host.librarySize(arg(0), arg(1));
    }

    long libraryCard() {
        return host.libraryCard(arg(0), arg(1), (int) arg(2));
    }

    void moveCard() {
        moveCard(arg(0), arg(1), arg(2), (int) arg(3), (int) arg(4), (int) arg(5));
    }

    private void moveCard(long game, long player, long card, int zone, int libraryIndex, int flags) {
        if (zone <= 0 || zone >= ZONES.length)
            throw new KeyactException(Status.INVAL, "unknown zone " + zone);
        Zone to = ZONES[zone];
        if (to != Zone.EXILE)
            endExileRun();
        host.moveCard(game, player, card, to, libraryIndex, (flags & 1) != 0);
        if (to == Zone.EXILE && !runOver)
            exiled(card);
    }

    long describeCard() {
        return block(host.describeCard(arg(0), arg(1)));
    }

    /** Descriptions converted to C by this thread (each distinct object once). */
    long conversions;

    /** The C block of d, converting it on first sight (package-private for tests). */
    long block(CardDescription d) {
        if (d == null)
            throw new NullPointerException("Host.describeCard returned null");
        Converted c = d.converted;
        if (c != null && c.cache == cache)
            return c.block;
        Long p = described.get(d);
        if (p != null) {
            d.converted = new Converted(cache, p);
            return p;
        }
        List<Face> faces = d.faces();
        int[] flags = new int[faces.size()];
        byte[][] names = new byte[faces.size()][];
        byte[][] costs = new byte[faces.size()][];
        for (int i = 0; i < flags.length; i++) {
            Face f = faces.get(i);
            flags[i] = (f.land() ? 1 : 0) | (f.notCastable() ? 2 : 0);
            names[i] = Utf8.bytes(f.name());
            costs[i] = Utf8.bytes(f.manaCost());
        }
        long block = Native.newDescription(d.layout().ordinal(), flags, names, costs);
        if (block == 0)
            throw new OutOfMemoryError("keyact: no memory for a card description");
        blocks.add(block);
        conversions++;
        described.put(d, block);
        d.converted = new Converted(cache, block);
        return block;
    }

    boolean canCastFace() {
        endExileRun();
        return host.canCastFace(arg(0), arg(1), arg(2), (int) arg(3));
    }

    int choose() {
        endExileRun();
        return host.choose(arg(0), arg(1), arg(2), options((int) arg(3)));
    }

    /** A list of options choose handed out, and the packed ints it was made from. */
    private static final class OptionList {
        final int[] packed;
        final List<Option> list;

        OptionList(int[] packed, List<Option> list) {
            this.packed = packed;
            this.list = list;
        }
    }

    /**
     * The option lists choose handed out, by a hash of their packed ints. A plugin asks few
     * distinct lists (a card's faces and the fallbacks), so a question is answered without
     * building one; the lists are unmodifiable, a Host may keep them.
     */
    private final OptionList[] optionLists = new OptionList[64];

    /** The count options C packed into mem's data part (kind, face, mana value halves). */
    List<Option> options(int count) {
        int n = 3 * count, h = count;
        for (int i = 0; i < n; i++)
            h = 31 * h + (int) data(i);
        int slot = (h ^ (h >>> 16)) & (optionLists.length - 1);
        OptionList cached = optionLists[slot];
        if (cached != null && samePacked(cached.packed, n))
            return cached.list;
        int[] packed = new int[n];
        List<Option> options = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int kind = (int) data(3 * i);
            if (kind <= 0 || kind >= KINDS.length)
                throw new KeyactException(Status.INVAL, "unknown option kind " + kind);
            packed[3 * i] = kind;
            packed[3 * i + 1] = (int) data(3 * i + 1);
            packed[3 * i + 2] = (int) data(3 * i + 2);
            options.add(new Option(KINDS[kind], packed[3 * i + 1], packed[3 * i + 2]));
        }
        List<Option> list = Collections.unmodifiableList(options);
        optionLists[slot] = new OptionList(packed, list);
        return list;
    }

    private boolean samePacked(int[] packed, int n) {
        if (packed.length != n)
            return false;
        for (int i = 0; i < n; i++)
            if (packed[i] != (int) data(i))
                return false;
        return true;
    }

    boolean castFree() {
        endExileRun();
        return host.castFree(arg(0), arg(1), arg(2), (int) arg(3));
    }

    int randomBelow() {
        endExileRun();
        return host.randomBelow(arg(0), (int) arg(1));
    }

    /** {@link Host#cardZone}'s answer as {@code KEYACT_ZONE_*}, 0 for an unknown card. */
    int cardZone() {
        return host.cardZone(arg(0), arg(1)).map(Zone::code).orElse(0);
    }

    /** notify's upcall (Object has the name). Arguments: game, then the event as a step's
     * event part (type, player, card, n, face, index, mana value halves). */
    void event() {
        int type = (int) arg(1);
        if (type > EventType.HIT.ordinal() + 1)
            endExileRun();
        if (type >= 1 && type <= TYPES.length)
            host.notify(arg(0), new Event(TYPES[type - 1], arg(2), arg(3), (int) arg(4), (int) arg(5),
                (int) arg(6), (int) arg(7)));
    }

    void log(int level, byte[] message) {
        host.log(LEVELS[Math.max(0, Math.min(level, LEVELS.length - 1))], Utf8.string(message));
    }

    /** Arguments: game, player, from top, count; the cards go back in the data part. */
    void libraryCards() {
        int count = (int) arg(3);
        arrays(count);
        host.libraryCards(arg(0), arg(1), (int) arg(2), count, longs);
        mem.position(ARGS);
        mem.put(longs, 0, count);
    }

    /** Arguments: game, count; the cards are in the data part, and their C blocks go back in
     * the same slots. */
    void describeCards() {
        int count = (int) arg(1);
        arrays(count);
        mem.position(ARGS);
        mem.get(longs, 0, count);
        descsUsed = Math.max(descsUsed, count);
        host.describeCards(arg(0), longs, count, descs);
        for (int i = 0; i < count; i++)
            setData(i, block(descs[i]));
    }

    /**
     * Arguments: game, player, count. Applies the batch in the data part (Steps.STRIDE longs a
     * step), then writes the number of steps applied after it, whether or not the Host threw;
     * returns the throwable of a notify inside the batch (see {@link Steps#deliver}), or null.
     */
    Throwable applySteps() {
        return applySteps(arg(0), arg(1), (int) arg(2));
    }

    Throwable applySteps(long game, long player, int count) {
        steps.reserve(count);
        mem.position(ARGS);
        mem.get(steps.data, 0, count * Steps.STRIDE);
        steps.applied = 0;
        steps.deferred = null;
        try {
            applyBatch(game, player, count);
        } finally {
            setData(count * Steps.STRIDE, steps.applied);
        }
        Throwable deferred = steps.deferred;
        steps.deferred = null;
        return deferred;
    }

    private void applyBatch(long game, long player, int count) {
        int run = 0;
        while (!runOver && run < count && steps.inExileRun(run))
            run++;
        if (run == 0) {
            if (!runOver)
                endExileRun();
            steps.count = count;
            host.applySteps(game, player, steps);
            return;
        }
        // The batch starts with (or is) the end of the exile run: apply the run's steps, tell
        // the Host the run is over, then apply the rest as a batch of its own.
        steps.count = run;
        try {
            host.applySteps(game, player, steps);
        } finally {
            for (int i = 0; i < steps.applied; i++)
                if (steps.moves(i))
                    exiled(steps.card(i));
        }
        if (run == count)
            return;
        endExileRun();
        steps.shift(run, count);
        try {
            host.applySteps(game, player, steps);
        } finally {
            steps.applied += run;
        }
    }

    /** Arguments: game, count; the bounds are in the data part, and the values go back after
     * them. */
    void randomBelowEach() {
        endExileRun();
        int count = (int) arg(1);
        arrays(count);
        for (int i = 0; i < count; i++)
            ints[i] = (int) data(i);
        host.randomBelowEach(arg(0), ints, count, ints2);
        for (int i = 0; i < count; i++)
            setData(count + i, ints2[i]);
    }
}
