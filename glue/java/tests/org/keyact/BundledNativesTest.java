/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The natives inside keyact.jar, as a machine without keyact installed gets them: each case
 * starts JVMs ({@link NativesProbe}) on keyact.jar alone, with no keyact system property, no
 * LD_LIBRARY_PATH and no KEYACT_* variable unless the case is about one, and a cache directory
 * of its own (XDG_CACHE_HOME): extraction on first use, verification after, files planted or
 * half written beforehand, JVMs starting at once, isolated plugins in the jar's helper, unsafe
 * directories, a platform the jar does not carry, and the system-library override.
 */
class BundledNativesTest {
    @TempDir
    Path tmp;

    /** What one JVM printed and how it ended. */
    record Run(int status, String out) {
        String natives() {
            Matcher m = Pattern.compile("keyact natives: .*").matcher(out);
            return m.find() ? m.group() : "";
        }

        void ok() {
            assertEquals(0, status, out);
            assertTrue(out.contains("resolved CAST Lightning Bolt"), out);
        }
    }

    private static Path jarOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private ProcessBuilder probe(Map<String, String> env, String... jvmArgs) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // The fallback directory (java.io.tmpdir/keyact-UID) inside the case's own too.
        cmd.add("-Djava.io.tmpdir=" + Files.createDirectories(tmp.resolve("javatmp")));
        cmd.addAll(List.of(jvmArgs));
        cmd.addAll(List.of("-cp", jarOf(Registry.class) + ":" + jarOf(NativesProbe.class), "org.keyact.NativesProbe"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Map<String, String> e = pb.environment();
        e.keySet().removeIf(k -> k.startsWith("KEYACT_") || k.equals("LD_LIBRARY_PATH") || k.startsWith("XDG_"));
        e.put("HOME", tmp.resolve("home").toString());
        e.put("XDG_CACHE_HOME", tmp.resolve("cache").toString());
        e.putAll(env);
        return pb;
    }

    private Run run(Map<String, String> env, String... jvmArgs) throws Exception {
        Process p = probe(env, jvmArgs).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out);
    }

    /** The files keyact.jar carries for this platform (its INDEX's lines but comments and the glibc floor). */
    private static List<String> bundled() throws IOException {
        try (java.io.InputStream in = Registry.class.getResourceAsStream(
                "/org/keyact/native/" + NativeLoader.platform() + "/INDEX")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                .filter(l -> !l.startsWith("#") && !l.startsWith("glibc "))
                .map(l -> l.split(" ", 3)[2]).toList();
        }
    }

    /** The one platform folder the runs extracted into. */
    private Path extracted() throws IOException {
        try (Stream<Path> s = Files.list(tmp.resolve("cache/keyact"))) {
            List<Path> dirs = s.toList();
            assertEquals(1, dirs.size(), dirs.toString());
            return dirs.get(0);
        }
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void firstUseExtractsAndLaterStartsVerify() throws Exception {
        List<String> files = bundled();
        assertTrue(files.containsAll(List.of("libkeyact-jni.so", "libkeyact-host.so.1", "keyact-plugin-helper",
            "libglib-2.0.so.0", "libgmodule-2.0.so.0", "libffi.so.8", "libpcre2-8.so.0",
            "plugins/keyact-discover.so", "plugins/keyact-cascade.so")), files.toString());
        Run first = run(Map.of());
        first.ok();
        assertTrue(first.natives().contains("0 verified, " + files.size() + " extracted"), first.out());
        Path dir = extracted();
        assertTrue(dir.getFileName().toString().matches(NativeLoader.platform() + "-[0-9a-f]{20}"), dir.toString());
        assertEquals("rwx------", mode(tmp.resolve("cache/keyact")));
        assertEquals("rwx------", mode(dir));
        assertEquals("rwx------", mode(dir.resolve("plugins")));
        for (String f : files)
            assertEquals(f.equals("keyact-plugin-helper") ? "r-x------" : "r--------", mode(dir.resolve(f)), f);
        // The plugins are the jar's, loaded by full path from the extraction directory, and
        // every library keyact loaded (GLib too, though this machine has its own) is the copy
        // there: DT_RPATH $ORIGIN wins over the system's.
        assertTrue(first.out().contains("plugin " + dir.resolve("plugins/keyact-discover.so")), first.out());
        assertTrue(first.out().contains("plugin " + dir.resolve("plugins/keyact-cascade.so")), first.out());
        assertFalse(first.out().contains("refused"), first.out());
        for (String f : List.of("libkeyact-jni.so", "libkeyact-host.so.1", "libglib-2.0.so.0", "libgmodule-2.0.so.0",
                                "libffi.so.8", "libpcre2-8.so.0", "plugins/keyact-discover.so"))
            assertTrue(first.out().contains("mapped " + dir.resolve(f) + "\n"), f + " not mapped from " + dir + ":\n" + first.out());
        assertFalse(Pattern.compile("mapped (?!" + Pattern.quote(dir.toString()) + ").*(keyact|libglib|libgmodule|libffi|libpcre2)")
            .matcher(first.out()).find(), "a library mapped from elsewhere:\n" + first.out());

        Run second = run(Map.of());
        second.ok();
        assertTrue(second.natives().contains(files.size() + " verified, 0 extracted"), second.out());
        assertEquals(dir, extracted());
    }

    @Test
    void plantedDamagedAndHalfWrittenFilesAreReplaced() throws Exception {
        run(Map.of()).ok();
        Path dir = extracted();
        // A damaged library, a symlink where a library belongs, and what a JVM that died while
        // extracting leaves: a temporary file (an old one is removed, a recent one left alone).
        Path glib = dir.resolve("libglib-2.0.so.0");
        Files.setPosixFilePermissions(glib, PosixFilePermissions.fromString("rw-------"));
        Files.write(glib, "not GLib".getBytes(StandardCharsets.UTF_8));
        Path ffi = dir.resolve("libffi.so.8");
        Files.delete(ffi);
        Files.createSymbolicLink(ffi, Path.of("/dev/null"));
        Path plugin = dir.resolve("plugins/keyact-discover.so");
        Files.setPosixFilePermissions(plugin, PosixFilePermissions.fromString("rw-rw-rw-"));
        Path stale = Files.write(dir.resolve(".libkeyact-host.so.1.123.part"), new byte[10]);
        Files.setLastModifiedTime(stale, FileTime.fromMillis(System.currentTimeMillis() - 2 * 3600_000L));
        Path recent = Files.write(dir.resolve(".libkeyact-host.so.1.456.part"), new byte[10]);

        Run r = run(Map.of());
        r.ok();
        assertTrue(r.natives().contains((bundled().size() - 3) + " verified, 3 extracted"), r.out());
        assertTrue(Files.isRegularFile(ffi, LinkOption.NOFOLLOW_LINKS));
        assertEquals("r--------", mode(glib));
        assertEquals("r--------", mode(plugin));
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(recent));
    }

    @Test
    void jvmsStartingAtOnceShareOneExtraction() throws Exception {
        List<Process> started = new ArrayList<>();
        for (int i = 0; i < 4; i++)
            started.add(probe(Map.of()).start());
        for (Process p : started) {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            new Run(p.waitFor(), out).ok();
        }
        Path dir = extracted();
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(), s.filter(f -> f.getFileName().toString().endsWith(".part")).toList());
        }
        Run after = run(Map.of());
        after.ok();
        assertTrue(after.natives().contains(bundled().size() + " verified, 0 extracted"), after.out());
    }

    /**
     * Isolated plugins (org.keyact.isolate=true) from the jar: libkeyact-host finds the helper
     * the jar carries beside it, extracted with its exec bit, and the resolve runs there.
     */
    @Test
    void isolatedPluginsRunInTheJarsHelper() throws Exception {
        Run r = run(Map.of(), "-Dorg.keyact.isolate=true");
        r.ok();
        Path dir = extracted();
        assertTrue(r.out().contains("plugin " + dir.resolve("plugins/keyact-discover.so") + " isolated"), r.out());
        assertEquals("r-x------", mode(dir.resolve("keyact-plugin-helper")));
    }

    @Test
    void aDirectoryOthersCanWriteIsRefused() throws Exception {
        Path open = Files.createDirectories(tmp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Run r = run(Map.of("KEYACT_NATIVE_DIR", open.resolve("natives").toString()));
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains(open + " is writable by others (mode 0777) and not sticky"), r.out());
        assertTrue(r.out().contains("-Dorg.keyact.native.dir=DIR"), r.out());
        assertFalse(Files.exists(open.resolve("natives")));
    }

    @Test
    void ourOwnDirectoryIsMadePrivate() throws Exception {
        Path mine = Files.createDirectories(tmp.resolve("cache/keyact"));
        Files.setPosixFilePermissions(mine, PosixFilePermissions.fromString("rwxrwxrwx"));
        Run r = run(Map.of());
        r.ok();
        assertEquals("rwx------", mode(mine));
        assertTrue(r.natives().contains("in " + mine + "/"), r.out());
    }

    /** A cache folder reached through a symlink: the real folder is checked and used. */
    @Test
    void aLinkedCacheFolderIsUsedByItsRealPath() throws Exception {
        Path real = Files.createDirectories(tmp.resolve("real-cache"));
        Files.createSymbolicLink(tmp.resolve("linked-cache"), real);
        Run r = run(Map.of("XDG_CACHE_HOME", tmp.resolve("linked-cache").toString()));
        r.ok();
        assertTrue(r.natives().contains("in " + real.toRealPath().resolve("keyact") + "/"), r.out());
    }

    /** Only root can give a directory to another user; elsewhere the case is skipped. */
    @Test
    void anotherUsersDirectoryIsRefusedOrAvoided() throws Exception {
        assumeTrue(PrivateDirectory.UID == 0, "SKIP: needs root to make a directory of another user");
        Path theirs = Files.createDirectories(tmp.resolve("theirs"));
        Files.setAttribute(theirs, "unix:uid", 65534);
        Run chosen = run(Map.of(), "-Dorg.keyact.native.dir=" + theirs);
        assertEquals(1, chosen.status(), chosen.out());
        assertTrue(chosen.out().contains(theirs + " is owned by user 65534, neither this process's user (0) nor root"),
            chosen.out());

        // The default place taken by another user: the loader uses java.io.tmpdir/keyact-UID.
        Path cache = Files.createDirectories(tmp.resolve("cache/keyact"));
        Files.setAttribute(cache, "unix:uid", 65534);
        Path javaTmp = tmp.resolve("javatmp");
        Run fallback = run(Map.of());
        fallback.ok();
        assertTrue(fallback.natives().contains("in " + javaTmp.resolve("keyact-0") + "/" + NativeLoader.platform() + "-"),
            fallback.out());
    }

    @Test
    void aPlatformTheJarDoesNotCarryIsNamed() throws Exception {
        Run r = run(Map.of(), "-Dos.arch=riscv64");
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("carries no natives for linux-riscv64 (only for "), r.out());
        assertTrue(r.out().contains("-Dorg.keyact.jni.library=FILE"), r.out());
    }

    /** KEYACT_JNI_LIBRARY: the system's libraries and plugins; nothing is extracted. */
    @Test
    void theSystemLibraryOverrideExtractsNothing() throws Exception {
        String build = System.getenv("KEYACT_TEST_JNI");
        assumeTrue(build != null && !build.isEmpty(), "SKIP: KEYACT_TEST_JNI is not set");
        Run r = run(Map.of("KEYACT_JNI_LIBRARY", build,
            "KEYACT_PLUGIN_PATH", Plugins.discover().getParent() + ":" + Plugins.cascade().getParent()));
        r.ok();
        assertTrue(r.natives().contains("system libraries (KEYACT_JNI_LIBRARY): libkeyact-jni.so " + build), r.out());
        assertFalse(Files.exists(tmp.resolve("cache/keyact")));
        assertTrue(r.out().contains("plugin " + Plugins.discover()), r.out());
    }
}
