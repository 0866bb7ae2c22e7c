/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Whether a {@link Registry} runs its plugins isolated, and with which limits: libkeyact-host's
 * {@code KeyactIsolation} (see {@code keyact-host.h}, "isolated plugins").
 *
 * <p><b>In-process</b> ({@link #off()}, the default) a plugin is a shared library inside the
 * JVM: it runs with the server's rights, and a crash in it ends the JVM with every game on it.
 * <b>Isolated</b>, each plugin runs in sandboxed helper processes ({@code keyact-plugin-helper},
 * seccomp: no files, no network, no processes, no signals to others; capped memory and CPU
 * time): a plugin that crashes, hangs past its deadline, exits or does what the sandbox forbids
 * costs one resolve, which throws a {@link KeyactException} with {@link Status#PLUGIN} and lists
 * every card it left in exile as stranded ({@link Result#stranded()}); the next resolve starts a
 * fresh helper. The game is the same either way: the same {@link Host} calls in the same order.
 * Isolation does not make a plugin follow the rules: {@link Validation} and {@code keyact check}
 * are for that.
 *
 * <p>Turned on by {@link Registry#Registry(Isolation)}, by the system property
 * {@code org.keyact.isolate=true} for a Registry made without one ({@link Registry#shared()}
 * included, hence the XMage switch), or for every load of the process by the environment
 * variable {@code KEYACT_ISOLATE=1}, which the C library reads and which isolates whatever this
 * says. Immutable.
 *
 * @since 1.5
 */
public final class Isolation {
    private static final Isolation OFF = new Isolation(false, 0, 0L, 0);
    private static final Isolation ON = new Isolation(true, 0, 0L, 0);

    private final boolean isolated;
    private final int deadlineMillis;
    private final long memoryBytes;
    private final int cpuSeconds;

    private Isolation(boolean isolated, int deadlineMillis, long memoryBytes, int cpuSeconds) {
        this.isolated = isolated;
        this.deadlineMillis = deadlineMillis;
        this.memoryBytes = memoryBytes;
        this.cpuSeconds = cpuSeconds;
    }

    /** Plugins in-process (unless {@code KEYACT_ISOLATE=1} says otherwise). */
    public static Isolation off() {
        return OFF;
    }

    /** Plugins isolated, with the library's limits (see {@link Builder}). */
    public static Isolation on() {
        return ON;
    }

    /** Plugins isolated, with limits of one's own. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * What the system property {@code org.keyact.isolate} asks: {@code true} (also {@code 1},
     * {@code yes}) {@link #on()}; unset, empty, {@code false} ({@code 0}, {@code no},
     * {@code off}) {@link #off()}; anything else isolates, with a warning, as the C library does
     * for {@code KEYACT_ISOLATE} (an operator who set it meant something).
     */
    public static Isolation fromSystemProperty() {
        String p = System.getProperty("org.keyact.isolate");
        if (p == null || p.isEmpty())
            return OFF;
        switch (p.toLowerCase(Locale.ROOT)) {
        case "true": case "1": case "yes": case "on":
            return ON;
        case "false": case "0": case "no": case "off":
            return OFF;
        default:
            java.util.logging.Logger.getLogger("org.keyact").warning("org.keyact.isolate=" + p
                + ": write true or false; isolating the plugins");
            return ON;
        }
    }

    /** Whether plugins run isolated. */
    public boolean isolated() {
        return isolated;
    }

    /** The per-call deadline, if set (else {@code KEYACT_ISOLATE_DEADLINE_MS}, else 5000 ms). */
    public OptionalInt deadlineMillis() {
        return deadlineMillis > 0 ? OptionalInt.of(deadlineMillis) : OptionalInt.empty();
    }

    /** Each helper's address space, if set (else 1 GiB). */
    public OptionalLong memoryBytes() {
        return memoryBytes > 0 ? OptionalLong.of(memoryBytes) : OptionalLong.empty();
    }

    /** Each helper's CPU time over its life, if set (else 600 s). */
    public OptionalInt cpuSeconds() {
        return cpuSeconds > 0 ? OptionalInt.of(cpuSeconds) : OptionalInt.empty();
    }

    int rawDeadlineMillis() {
        return deadlineMillis;
    }

    long rawMemoryBytes() {
        return memoryBytes;
    }

    int rawCpuSeconds() {
        return cpuSeconds;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof Isolation))
            return false;
        Isolation i = (Isolation) o;
        return isolated == i.isolated && deadlineMillis == i.deadlineMillis
            && memoryBytes == i.memoryBytes && cpuSeconds == i.cpuSeconds;
    }

    @Override
    public int hashCode() {
        return Objects.hash(isolated, deadlineMillis, memoryBytes, cpuSeconds);
    }

    @Override
    public String toString() {
        if (!isolated)
            return "Isolation[off]";
        return "Isolation[on, deadline " + (deadlineMillis > 0 ? deadlineMillis + " ms" : "default")
            + ", memory " + (memoryBytes > 0 ? memoryBytes + " bytes" : "default")
            + ", cpu " + (cpuSeconds > 0 ? cpuSeconds + " s" : "default") + "]";
    }

    /** Isolation with limits; every limit not set keeps the library's default. */
    public static final class Builder {
        private int deadlineMillis;
        private long memoryBytes;
        private int cpuSeconds;

        private Builder() {}

        /**
         * How long the plugin may run in one call, a resolve or a step (its own time, added up
         * over the call; the Host's own methods are not counted: a player may think for minutes); a plugin over it is killed and the resolve
         * throws {@link Status#PLUGIN}.
         *
         * @throws IllegalArgumentException unless positive
         */
        public Builder deadlineMillis(int millis) {
            if (millis <= 0)
                throw new IllegalArgumentException("deadlineMillis must be positive, not " + millis);
            deadlineMillis = millis;
            return this;
        }

        /**
         * Each helper process's address space: an allocation past it fails in the plugin.
         *
         * @throws IllegalArgumentException unless positive
         */
        public Builder memoryBytes(long bytes) {
            if (bytes <= 0)
                throw new IllegalArgumentException("memoryBytes must be positive, not " + bytes);
            memoryBytes = bytes;
            return this;
        }

        /**
         * Each helper process's CPU time over its life; a helper that used half of it is replaced
         * between resolves.
         *
         * @throws IllegalArgumentException unless positive
         */
        public Builder cpuSeconds(int seconds) {
            if (seconds <= 0)
                throw new IllegalArgumentException("cpuSeconds must be positive, not " + seconds);
            cpuSeconds = seconds;
            return this;
        }

        /** Isolated, with these limits. */
        public Isolation build() {
            return new Isolation(true, deadlineMillis, memoryBytes, cpuSeconds);
        }
    }
}
