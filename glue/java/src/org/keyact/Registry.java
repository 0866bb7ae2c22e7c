/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Loaded keyact plugins and which implementation serves each action: libkeyact-host's
 * {@code KeyactRegistry}.
 *
 * <p><b>Selection.</b> For each action name one implementation is selected, by this precedence:
 * an explicit {@link #select}; the environment variable {@code KEYACT_IMPL}
 * ({@code discover=ID[,cascade=ID2...]}), read once by the constructor; the highest plugin
 * version. A choice that no loaded plugin satisfies leaves the action without an implementation
 * (resolves throw {@link Status#NOTFOUND}) rather than running another one.
 *
 * <p><b>Threads.</b> Loading, selecting, unloading and listing are serialised by this object's
 * monitor (the C registry wants one control thread at a time; any thread may be it).
 * {@link Action#resolve} runs on any thread, concurrently, even while another thread selects
 * (hot swap) or unloads: each resolve pins the implementation it started with.
 *
 * <p><b>Closing.</b> {@link #close()} drops the registry's references. It waits only for resolves
 * that are at that moment picking their implementation (a few instructions), never for a running
 * resolve: a resolve in flight holds its own reference to its plugin and finishes safely on it;
 * the plugin is unloaded when the last such resolve returns, on that resolve's thread. After
 * close, {@link Action#resolve} and every other method throw {@link IllegalStateException};
 * close itself is idempotent.
 *
 * <p><b>Failures.</b> A refused load or select throws {@link KeyactException} whose message is
 * the host library's GError message, the same text a C host gets; refusals while loading the
 * search path are listed by {@link #refused()}.
 *
 * <p><b>Isolation.</b> A registry made with {@link #Registry(Isolation)} and an isolating
 * {@link Isolation}, or without one while the system property {@code org.keyact.isolate=true}
 * is set, loads every plugin isolated: each runs in sandboxed helper processes, and a plugin
 * that crashes or hangs costs one resolve ({@link Status#PLUGIN}), never the JVM. See
 * {@link Isolation}.
 */
public final class Registry implements AutoCloseable {
    private final long handle;
    private final Isolation isolation;
    private final Map<String, Action> actions = new HashMap<>();
    private boolean closed;

    /** The process's registry (see {@link #shared()}), made on first use. */
    private static final class Shared {
        static final Registry REGISTRY = loadShared();
    }

    private boolean isShared;

    /**
     * The one registry of this process, for an engine that needs keyact for its whole life: made
     * on first use with every plugin of the standard plugin path loaded, in this order: each
     * directory of the system property {@code org.keyact.plugin.path} (':'-separated; files
     * sorted by name), then the plugins this jar carries (when its natives are the jar's: see the
     * binding's README, "Natives"), then {@link #loadSearchPath()} ({@code KEYACT_PLUGIN_PATH},
     * then the install directory). Files it refuses are listed by {@link #refused()}; a resolve
     * of an action no plugin serves throws {@link Status#NOTFOUND} naming each directory searched. Its
     * plugins run isolated when the system property {@code org.keyact.isolate=true} is set when
     * it is made (see {@link Isolation#fromSystemProperty()}). Its {@link #close()} does nothing:
     * it lives as long as the process.
     *
     * @since 1.4
     */
    public static Registry shared() {
        return Shared.REGISTRY;
    }

    private static Registry loadShared() {
        Registry r = new Registry();
        r.isShared = true;
        for (String dir : System.getProperty("org.keyact.plugin.path", "").split(":"))
            if (!dir.isEmpty())
                r.loadEach(new java.io.File(dir));
        // Loaded by full path from the extraction directory: libkeyact-host checks each file
        // and that directory as it checks any plugin (owner, no write access for others).
        if (Native.BUNDLED_PLUGINS.isPresent())
            r.loadEach(Native.BUNDLED_PLUGINS.get().toFile());
        r.loadSearchPath();
        return r;
    }

    /** Every *.so of {@code dir}, sorted by name; refusals are listed by refused(). */
    private void loadEach(java.io.File dir) {
        java.io.File[] files = dir.listFiles((d, name) -> name.endsWith(".so"));
        if (files == null)
            return;
        java.util.Arrays.sort(files);
        for (java.io.File f : files) {
            try {
                load(f.toPath());
            } catch (KeyactException refusedFile) {
                // listed by refused(), as the search path's refusals are
            }
        }
    }

    /** {@link #loadSearchPath()} ran: its directories are among those a NOTFOUND names. */
    private volatile boolean searchedPath;

    /**
     * Where a resolve that found no implementation says it looked: each directory searched (the
     * shared registry's {@code org.keyact.plugin.path} and the jar's plugins, then the search
     * path: KEYACT_PLUGIN_PATH and the install directory), with what it holds now, and every
     * file refused.
     */
    private String whereLooked() {
        StringBuilder s = new StringBuilder();
        s.append(plugins().size()).append(" plugin(s) loaded");
        List<String> searched = new ArrayList<>();
        if (isShared)
        if (isShared) {
            for (String dir : System.getProperty("org.keyact.plugin.path", "").split(":"))
                if (!dir.isEmpty())
                    searched.add(holds(dir, "-Dorg.keyact.plugin.path"));
            if (Native.BUNDLED_PLUGINS.isPresent())
                searched.add(holds(Native.BUNDLED_PLUGINS.get().toString(), "the jar's plugins"));
        }
        if (searchedPath) {
            List<String> dirs = Utf8.fields(Native.searchDirs());
            for (int i = 0; i < dirs.size(); i++)
                searched.add(holds(dirs.get(i), i == dirs.size() - 1 ? "the install directory" : "KEYACT_PLUGIN_PATH"));
        }
        s.append(searched.isEmpty() ? "; no directory searched (plugins loaded by path only)"
            : "; searched " + String.join(", ", searched));
        for (Refusal r : refused())
            s.append("; refused ").append(r.file()).append(": ").append(r.reason());
        return s.toString();
    }

    /** "DIR (from: what it holds)". */
    private static String holds(String dir, String from) {
        java.io.File d = new java.io.File(dir);
        java.io.File[] files = d.listFiles((parent, name) -> name.endsWith(".so"));
        String what = !d.isDirectory() ? "no such directory" : files == null ? "cannot be read"
            : files.length == 0 ? "no *.so file" : files.length + " *.so file(s)";
        return dir + " (" + from + ": " + what + ")";
    }

    /**
     * An empty registry (reads {@code KEYACT_IMPL} like the C registry), its plugins isolated as
     * the system property {@code org.keyact.isolate} says ({@link Isolation#fromSystemProperty()}).
     */
    public Registry() {
        this(Isolation.fromSystemProperty());
    }

    /**
     * An empty registry whose loads are in-process or isolated as {@code isolation} says (the
     * system property is not read; {@code KEYACT_ISOLATE=1} in the environment isolates anyway).
     *
     * @since 1.5
     */
    public Registry(Isolation isolation) {
        this.isolation = Objects.requireNonNull(isolation, "isolation");
        Native.init();
        long h = Native.registryNew();
        if (h == 0)
            throw new OutOfMemoryError("keyact: no memory for a registry");
        handle = h;
        Cleanup.register(this, () -> {
            Native.registryClose(h);
            Native.registryDestroy(h);
        });
        Validation v = validationProperty();
        if (v != null)
            Native.setValidation(h, v.code());
        if (isolation.isolated())
            Native.setIsolation(h, true, isolation.rawDeadlineMillis(), isolation.rawMemoryBytes(),
                isolation.rawCpuSeconds());
    }

    /**
     * How this registry loads its plugins (what it was made with).
     *
     * @since 1.5
     */
    public Isolation isolation() {
        return isolation;
    }

    /**
     * {@code -Dorg.keyact.validate}: true or report, fatal, false or off; null when unset (the
     * C library's KEYACT_VALIDATE then decides). Anything else reports, with a warning, as
     * libkeyact-host does for KEYACT_VALIDATE.
     */
    private static Validation validationProperty() {
        String p = System.getProperty("org.keyact.validate");
        if (p == null || p.isEmpty())
            return null;
        switch (p.toLowerCase(java.util.Locale.ROOT)) {
        case "true": case "1": case "report":
            return Validation.REPORT;
        case "fatal":
            return Validation.FATAL;
        case "false": case "0": case "off":
            return Validation.OFF;
        default:
            ValidationReports.LOG.warning("org.keyact.validate=" + p
                + ": write true (report), fatal or false; validating with reports");
            return Validation.REPORT;
        }
    }

    /**
     * Switch the validation layer for every resolve of this registry (see {@link Validation});
     * resolves already running keep their mode, later ones take this one.
     *
     * @since 1.3
     */
    public synchronized void setValidation(Validation mode) {
        open();
        Native.setValidation(handle, Objects.requireNonNull(mode, "mode").code());
    }

    /**
     * The validation mode of the next resolves: what {@link #setValidation} set, else the system
     * property {@code org.keyact.validate} or the environment's {@code KEYACT_VALIDATE} as read
     * when this registry was made.
     *
     * @since 1.3
     */
    public synchronized Validation getValidation() {
        open();
        return Validation.of(Native.getValidation(handle));
    }

    private void open() {
        if (closed)
            throw new IllegalStateException("the keyact registry is closed");
    }

    private static KeyactException refusal(byte[] answer) {
        List<String> f = Utf8.fields(answer);
        int code = Integer.parseInt(f.get(0));
        // KeyactHostError: ABI_MAJOR 3 and NEGOTIATE 4 are version refusals, NOT_FOUND 8,
        // ISOLATION 12 an isolated load that failed (the plugin or its helper).
        Status status = code == 3 || code == 4 ? Status.VERSION : code == 8 ? Status.NOTFOUND
            : code == 12 ? Status.PLUGIN : Status.INVAL;
        return new KeyactException(status, f.get(1));
    }

    /**
     * Load the plugin at {@code file} (made absolute) and register its actions; returns what it
     * declared. Refused files are also listed by {@link #refused()}.
     *
     * @throws KeyactException with the host library's message when the file is refused
     */
    public synchronized Plugin load(Path file) {
        open();
        Path abs = file.toAbsolutePath();
        byte[] err = Native.load(handle, Utf8.bytes(abs.toString()));
        if (err != null)
            throw refusal(err);
        for (Plugin p : plugins())
            if (p.file().equals(abs))
                return p;
        throw new IllegalStateException("loaded " + abs + " but the registry does not list it");
    }

    /**
     * Load every {@code *.so} in each directory of {@code KEYACT_PLUGIN_PATH} (':'-separated),
     * then the install directory, files sorted by name; refusals are skipped and listed by
     * {@link #refused()}. Returns how many loaded.
     */
    public synchronized int loadSearchPath() {
        open();
        searchedPath = true;
        return Native.loadSearchPath(handle);
    }

    /**
     * Remove the plugin loaded from {@code file}: its actions stop being candidates and the
     * selection moves on. Resolves running on it finish first; its module closes when the last
     * one returns.
     *
     * @throws KeyactException NOTFOUND when no plugin was loaded from that file
     */
    public synchronized void unload(Path file) {
        open();
        byte[] err = Native.unload(handle, Utf8.bytes(file.toAbsolutePath().toString()));
        if (err != null)
            throw refusal(err);
    }

    /** The loaded plugins in load order (a snapshot). */
    public synchronized List<Plugin> plugins() {
        open();
        List<String> f = Utf8.fields(Native.plugins(handle));
        List<Plugin> out = new ArrayList<>();
        for (int i = 0; i < f.size(); ) {
            Path file = Paths.get(f.get(i));
            String id = f.get(i + 1), version = f.get(i + 2);
            int major = Integer.parseInt(f.get(i + 3)), minor = Integer.parseInt(f.get(i + 4));
            boolean isolated = f.get(i + 5).equals("1");
            int n = Integer.parseInt(f.get(i + 6));
            i += 7;
            List<Implementation> impls = new ArrayList<>(n);
            for (int k = 0; k < n; k++, i += 3)
                impls.add(new Implementation(f.get(i), f.get(i + 1), f.get(i + 2)));
            out.add(new Plugin(file, id, version, major, minor, impls, isolated));
        }
        return Collections.unmodifiableList(out);
    }

    /** The files refused so far, with the host library's reason (a snapshot). */
    public synchronized List<Refusal> refused() {
        open();
        List<String> f = Utf8.fields(Native.refused(handle));
        List<Refusal> out = new ArrayList<>();
        for (int i = 0; i + 1 < f.size(); i += 2)
            out.add(new Refusal(Paths.get(f.get(i)), f.get(i + 1)));
        return Collections.unmodifiableList(out);
    }

    /**
     * Choose the implementation of {@code action} explicitly: {@code selector} is an
     * implementation id of that action or the full path of a loaded plugin providing it. New
     * resolves use it at once; running ones finish on the old one.
     *
     * @throws KeyactException NOTFOUND (and nothing changes) when no loaded plugin matches
     */
    public synchronized void select(String action, String selector) {
        open();
        Objects.requireNonNull(selector, "selector");
        byte[] err = Native.select(handle, Utf8.bytes(action), Utf8.bytes(selector));
        if (err != null)
            throw refusal(err);
    }

    /** Drop the explicit choice for {@code action}: back to {@code KEYACT_IMPL} and versions. */
    public synchronized void clearSelection(String action) {
        open();
        byte[] err = Native.select(handle, Utf8.bytes(action), null);
        if (err != null)
            throw refusal(err);
    }

    /** Which implementation serves {@code action} now, and why (a snapshot). */
    public synchronized Selection selection(String action) {
        open();
        List<String> f = Utf8.fields(Native.selection(handle, Utf8.bytes(action)));
        SelectedBy by = SelectedBy.values()[Integer.parseInt(f.get(0))];
        String reason = f.get(1);
        if (by == SelectedBy.NONE || f.size() < 7)
            return new Selection(by, Optional.empty(), Optional.empty(), Optional.empty(), reason);
        return new Selection(by, Optional.of(new Implementation(f.get(2), f.get(3), f.get(4))),
            Optional.of(Paths.get(f.get(5))), Optional.of(f.get(6)), reason);
    }

    /**
     * The action {@code name}, bound to its slot: it may have no implementation yet (resolves
     * then throw NOTFOUND) and follows every later load, unload and select. The same object for
     * the same name; valid until close.
     */
    public synchronized Action action(String name) {
        open();
        return actions.computeIfAbsent(name, n -> {
            long slot = Native.slot(handle, Utf8.bytes(n));
            if (slot == 0)
                throw new OutOfMemoryError("keyact: no memory for a slot");
            return new Action(this, n, slot);
        });
    }

    /** Drop the registry's references (see the class comment). Idempotent; nothing for {@link #shared()}. */
    @Override
    public synchronized void close() {
        if (closed || isShared)
            return;
        closed = true;
        Native.registryClose(handle);
    }

    Result resolve(Action action, long slot, Host host, long game, long player, int n, long source) {
        Upcalls up = Upcalls.acquire(this, host, game, player);
        Result result;
        try {
            int status = Native.resolve(handle, slot, up, up.address, up.capacity, game, player, n, source,
                (up.features & ~Upcalls.FEATURE_JAVA_ONLY) | Upcalls.batching);
            if (status == 1)
                throw new IllegalStateException("the keyact registry is closed");
            if (status == Status.NOTFOUND.code() && up.failure == null && up.unserved())
                throw new KeyactException(Status.NOTFOUND, "no implementation serves " + action.name() + " ("
                    + whereLooked() + ")");
            try {
                up.endExileRun();
            } catch (Throwable t) {
                if (up.failure == null)
                    up.failure = t;
            }
            Throwable cause = up.failure;
            boolean complete = up.complete();
            List<ValidationException> violations = up.validationErrors();
            ValidationReports.log(violations);
            ValidationReports.logSkipped(host.getClass(), up.validationSkipped());
            // Validation FATAL failed the resolve (KEYACT_E_HOST): the first report is why, and
            // the resolve throws even when the plugin recovered and completed.
            boolean fatal = status == Status.HOST.code() && !violations.isEmpty()
                && Native.getValidation(handle) == Validation.FATAL.code();
            if (fatal && cause == null)
                cause = violations.get(0);
            KeyactException failure = null;
            if (status != 0 || cause != null) {
                // Status 0 with a cause: only notify or log threw (they cannot fail in C).
                Status s = status != 0 ? Status.of(status)
                    : cause instanceof KeyactException ? ((KeyactException) cause).status() : Status.HOST;
                String what = cause == null ? ""
                    : cause instanceof ValidationException ? " (validation: " + cause.getMessage() + ")"
                    : " (a Host method threw " + cause + ")";
                String message = action.name() + " failed: KEYACT_E_" + s + " (" + status + ")" + what;
                failure = complete && !fatal ? new KeyactException(s, message, null, cause)
                    : new KeyactException(s, message, up.result(Optional.<KeyactException>empty()), cause);
            }
            if (!complete && failure == null)
                failure = new KeyactException(Status.STATE, action.name() + " did not complete",
                    up.result(Optional.<KeyactException>empty()), null);
            result = complete && !fatal ? up.result(Optional.ofNullable(failure)) : failure.result().get();
            host.resolveOver(game, player, result);
            if (!complete || fatal)
                throw failure;
        } finally {
            up.release();
        }
        return result;
    }
}
