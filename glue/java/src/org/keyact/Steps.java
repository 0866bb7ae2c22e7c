/* SPDX-License-Identifier: MIT */
package org.keyact;

/**
 * One batch of {@link Host#applySteps}: steps [0, count()), each an optional move and then an
 * optional event ({@code keyact_step}). A view over arrays the binding reuses from batch to batch:
 * valid during the applySteps call only, never kept. Reading a step allocates nothing;
 * {@link #event(int)} builds an Event, and events are present only for a Host that overrides
 * {@link Host#notify}.
 */
public final class Steps {
    static final int STRIDE = 11;
    static final int ZONE = 0, LIBRARY_INDEX = 1, FLAGS = 2, CARD = 3, EV_TYPE = 4, EV_PLAYER = 5,
        EV_CARD = 6, EV_N = 7, EV_FACE = 8, EV_INDEX = 9, EV_MVH = 10;
    private static final Zone[] ZONES = {null, Zone.LIBRARY, Zone.EXILE, Zone.HAND};
    private static final EventType[] TYPES = EventType.values();

    /** Written by the binding before each batch: STRIDE longs per step. */
    long[] data = new long[STRIDE * 16];
    int count;
    /** Steps fully applied; the binding reads it when applySteps throws. */
    int applied;
    /** The first throwable of a notify inside the batch, handed to the binding afterwards. */
    Throwable deferred;

    Steps() {}

    /** Grows the buffer for n steps (called by the binding, rarely). */
    void reserve(int n) {
        if (data.length < n * STRIDE)
            data = new long[Math.max(n, 2 * data.length / STRIDE) * STRIDE];
    }

    /** The number of steps. */
    public int count() {
        return count;
    }

    /** True when step i moves a card; false when the step is its event alone. */
    public boolean moves(int i) {
        return data[i * STRIDE + ZONE] != 0;
    }

    /** The card step i moves. */
    public long card(int i) {
        return data[i * STRIDE + CARD];
    }

    /** Where step i moves its card (only when {@link #moves} is true). */
    public Zone zone(int i) {
        int z = (int) data[i * STRIDE + ZONE];
        if (z <= 0 || z >= ZONES.length)
            throw new KeyactException(Status.INVAL, "unknown zone " + z);
        return ZONES[z];
    }

    /** The library index of step i's move, as for {@link Host#moveCard}. */
    public int libraryIndex(int i) {
        return (int) data[i * STRIDE + LIBRARY_INDEX];
    }

    /** Step i's move reveals the card. */
    public boolean reveal(int i) {
        return (data[i * STRIDE + FLAGS] & 1) != 0;
    }

    /** True when step i has an event for {@link Host#notify}. */
    public boolean hasEvent(int i) {
        return data[i * STRIDE + EV_TYPE] != 0;
    }

    /** Step i's event (a new object), only when {@link #hasEvent} is true. */
    public Event event(int i) {
        int b = i * STRIDE;
        int t = (int) data[b + EV_TYPE];
        if (t < 1 || t > TYPES.length)
            throw new IllegalStateException("step " + i + " has no event");
        return new Event(TYPES[t - 1], data[b + EV_PLAYER], data[b + EV_CARD], (int) data[b + EV_N],
            (int) data[b + EV_FACE], (int) data[b + EV_INDEX], (int) data[b + EV_MVH]);
    }

    /** Step i belongs to the exile run: it moves nothing or moves to exile, and its event (if
     * any) is EXILED or HIT. */
    boolean inExileRun(int i) {
        int b = i * STRIDE;
        long zone = data[b + ZONE], type = data[b + EV_TYPE];
        return (zone == 0 || zone == Zone.EXILE.code()) && type <= EventType.HIT.ordinal() + 1
            && (zone != 0 || type != 0);
    }

    /** Drop steps [0, from): steps [from, count) become [0, count - from); applied restarts at 0. */
    void shift(int from, int count) {
        System.arraycopy(data, from * STRIDE, data, 0, (count - from) * STRIDE);
        this.count = count - from;
        applied = 0;
    }

    /** Record that steps [0, i] are applied: call it after each step an override applied. */
    public void markApplied(int i) {
        applied = i + 1;
    }

    /**
     * Deliver step i's event to {@code host.notify} as the single calls would: a throwable from
     * notify is kept for the resolve (it fails it) but does not stop the batch.
     */
    public void deliver(Host host, long game, int i) {
        try {
            host.notify(game, event(i));
        } catch (Throwable t) {
            if (deferred == null)
                deferred = t;
        }
    }
}
