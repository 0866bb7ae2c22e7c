/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Which libkeyact-jni this JVM loads, once, from where (package-private; {@link Native} calls it):
 * <ol>
 * <li>the file named by the system property {@code org.keyact.jni.library} or the environment
 * variable {@code KEYACT_JNI_LIBRARY}: system libraries (a distribution's packages; the plugins
 * then come from the search path alone);
 * <li>else the natives this jar carries for the running platform ({@link NativeBundle}),
 * extracted into {@code org.keyact.native.dir} / {@code KEYACT_NATIVE_DIR} when set, else
 * {@code $XDG_CACHE_HOME/keyact} ({@code ~/.cache/keyact}), else {@code java.io.tmpdir/keyact-UID},
 * the first that is private or can be made so ({@link PrivateDirectory}), and loaded by full path;
 * <li>else, when the jar carries nothing for this platform (a distribution's jar, built with
 * {@code -Djar_natives=disabled}), {@code System.loadLibrary("keyact-jni")} from
 * {@code java.library.path}, as before 1.4.
 * </ol>
 * One debug line (logger {@code org.keyact}, level FINE) names the files loaded and where from.
 */
final class NativeLoader {
    static final String JNI = "libkeyact-jni.so";
    static final Logger LOG = Logger.getLogger("org.keyact");

    private NativeLoader() {}

    /** A system property, else an environment variable; null when neither is set (or empty). */
    private static String setting(String property, String variable) {
        String p = System.getProperty(property);
        if (p != null && !p.isEmpty())
            return p;
        String v = System.getenv(variable);
        return v != null && !v.isEmpty() ? v : null;
    }

    private static String settingName(String property, String variable) {
        String p = System.getProperty(property);
        return p != null && !p.isEmpty() ? "-D" + property : variable;
    }

    /** "linux-x86_64", "linux-aarch64": the folder names bundle.py writes (meson's cpu family). */
    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String o = os.startsWith("linux") ? "linux" : os.startsWith("mac") ? "macos"
            : os.startsWith("windows") ? "windows" : os.replaceAll("[^a-z0-9]", "");
        String a = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64"
            : arch.equals("aarch64") || arch.equals("arm64") ? "aarch64" : arch.replaceAll("[^a-z0-9_]", "");
        return o + "-" + a;
    }

    /** Loads libkeyact-jni; the bundled plugins' folder when the natives are the jar's. */
    static Optional<Path> load() {
        long start = System.nanoTime();
        String file = setting("org.keyact.jni.library", "KEYACT_JNI_LIBRARY");
        if (file != null) {
            String how = settingName("org.keyact.jni.library", "KEYACT_JNI_LIBRARY");
            try {
                System.load(Paths.get(file).toAbsolutePath().toString());
            } catch (UnsatisfiedLinkError e) {
                throw clear("cannot load the JNI library " + file + " (" + how + "): " + e.getMessage()
                    + ". Name the installed file (Debian: libkeyact-java, /usr/lib/<triplet>/jni/" + JNI + "), or unset "
                    + how + " to use the natives inside " + NativeBundle.source(), e);
            }
            logSystem(how, start);
            return Optional.empty();
        }
        String platform = platform();
        NativeBundle bundle;
        try {
            bundle = NativeBundle.find(platform);
        } catch (IOException e) {
            throw clear("cannot read the natives inside " + NativeBundle.source() + ": " + e, e);
        }
        if (bundle == null)
            return loadFromLibraryPath(platform, start);

        NativeBundle.Extracted x = extract(bundle);
        Path jni = x.dir.resolve(JNI);
        try {
            System.load(jni.toString());
        } catch (UnsatisfiedLinkError e) {
            if (String.valueOf(e.getMessage()).contains("another classloader"))
                throw clear("keyact's classes are loaded twice in this JVM, by two class loaders, and the natives can"
                    + " serve only one: put " + NativeBundle.source() + " on one class path only", e);
            throw clear("cannot load " + jni + ", extracted from " + NativeBundle.source() + " for " + platform
                + ": " + e.getMessage() + ". These natives need glibc " + bundle.glibc + " or newer (Linux with glibc,"
                + " not musl), and a directory that allows running code (not mounted noexec: choose another with"
                + " -Dorg.keyact.native.dir=DIR)", e);
        }
        logBundled(bundle, x, start);
        return Optional.of(x.dir.resolve("plugins"));
    }

    /** Into the chosen directory, or the first of the defaults that works. */
    private static NativeBundle.Extracted extract(NativeBundle bundle) {
        String chosen = setting("org.keyact.native.dir", "KEYACT_NATIVE_DIR");
        List<Path> candidates = new ArrayList<>();
        if (chosen != null) {
            candidates.add(Paths.get(chosen).toAbsolutePath());
        } else {
            String xdg = System.getenv("XDG_CACHE_HOME");
            String home = System.getProperty("user.home", "");
            if (xdg != null && Paths.get(xdg).isAbsolute())
                candidates.add(Paths.get(xdg, "keyact"));
            else if (home.startsWith("/"))
                candidates.add(Paths.get(home, ".cache", "keyact"));
            candidates.add(Paths.get(System.getProperty("java.io.tmpdir", "/tmp"), "keyact-" + PrivateDirectory.UID));
        }
        StringBuilder why = new StringBuilder();
        for (Path dir : candidates) {
            try {
                return bundle.extractInto(dir);
            } catch (IOException | RuntimeException e) {
                // RuntimeException: also a file system without POSIX modes and owners
                why.append(why.length() == 0 ? "" : "; ").append(dir).append(": ").append(e);
            }
        }
        throw clear("cannot extract the natives for " + bundle.platform + " from " + NativeBundle.source() + " ("
            + why + "). Choose a directory with -Dorg.keyact.native.dir=DIR (or KEYACT_NATIVE_DIR), or load"
            + " system libraries with -Dorg.keyact.jni.library=FILE", null);
    }

    private static Optional<Path> loadFromLibraryPath(String platform, long start) {
        try {
            System.loadLibrary("keyact-jni");
        } catch (UnsatisfiedLinkError e) {
            List<String> carried = NativeBundle.carried();
            throw clear((carried.isEmpty() ? NativeBundle.source() + " carries no natives"
                    : NativeBundle.source() + " carries no natives for " + platform + " (only for "
                      + String.join(", ", carried) + ")")
                + ", and " + JNI + " is not on java.library.path=" + System.getProperty("java.library.path")
                + ": " + e.getMessage() + ". Install keyact's JNI library for " + platform + " and name it with"
                + " -Dorg.keyact.jni.library=FILE (or its directory with -Djava.library.path=DIR)", e);
        }
        logSystem("java.library.path", start);
        return Optional.empty();
    }

    private static UnsatisfiedLinkError clear(String message, Throwable cause) {
        UnsatisfiedLinkError e = new UnsatisfiedLinkError("keyact: " + message);
        if (cause != null)
            e.initCause(cause);
        return e;
    }

    private static void logSystem(String how, long start) {
        if (!LOG.isLoggable(Level.FINE))
            return;
        Map<String, String> mapped = mapped();
        LOG.fine("keyact natives: system libraries (" + how + "): " + JNI + " " + find(mapped, JNI)
            + ", libkeyact-host.so.1 " + find(mapped, "libkeyact-host.so.1")
            + "; plugins from the search path; " + millis(start));
    }

    private static void logBundled(NativeBundle bundle, NativeBundle.Extracted x, long start) {
        Map<String, String> mapped = mapped();
        StringBuilder elsewhere = new StringBuilder();
        for (String f : x.files) {
            String at = find(mapped, f);
            if (!at.equals("?") && !Paths.get(at).startsWith(x.dir))
                elsewhere.append(elsewhere.length() == 0 ? "" : ", ").append(f).append(" from ").append(at);
        }
        // A library this process had already loaded (same soname) serves keyact instead of the
        // bundled copy: worth a warning, the build's tests never see it.
        if (elsewhere.length() > 0)
            LOG.warning("keyact natives: this process had already loaded " + elsewhere
                + "; keyact uses those instead of the copies in " + x.dir);
        if (LOG.isLoggable(Level.FINE))
            LOG.fine("keyact natives: " + bundle.platform + " from " + NativeBundle.source() + ", in " + x.dir
                + " (" + x.verified + " verified, " + x.written + " extracted, " + millis(start) + "): "
                + String.join(", ", x.files));
    }

    private static String millis(long start) {
        return String.format(Locale.ROOT, "%.1f ms", (System.nanoTime() - start) / 1e6);
    }

    /** Where the file {@code name} (or the file its soname link leads to, name.N...) is mapped; "?" if not. */
    private static String find(Map<String, String> mapped, String name) {
        for (Map.Entry<String, String> m : mapped.entrySet())
            if (m.getKey().equals(name) || m.getKey().startsWith(name + "."))
                return m.getValue();
        return "?";
    }

    /** File name -> path of every file mapped into this process (/proc/self/maps), first path seen. */
    private static Map<String, String> mapped() {
        Map<String, String> out = new LinkedHashMap<>();
        Path maps = Paths.get("/proc/self/maps");
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(maps),
                StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                int slash = line.indexOf(" /");
                if (slash < 0)
                    continue;
                String path = line.substring(slash + 1).trim();
                out.putIfAbsent(path.substring(path.lastIndexOf('/') + 1), path);
            }
        } catch (IOException e) {
            // no /proc: the line names the files without their paths
        }
        return out;
    }
}
