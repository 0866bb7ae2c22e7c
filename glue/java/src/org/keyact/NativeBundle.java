/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One platform's natives inside the jar that holds keyact's classes (package-private):
 * {@code org/keyact/native/PLATFORM/}, listed with their SHA-256 and mode by the folder's
 * {@code INDEX} (glue/java/natives/bundle.py writes it), extracted into a private directory
 * named by the INDEX's own SHA-256.
 *
 * <p>Safe when several JVMs start at once and against files planted beforehand: a file is used
 * only when it is a regular file of this user that nobody else may write and its content hashes
 * to the INDEX's value, checked at every start; anything else in its place is replaced. A file
 * is written under a temporary name, hashed, made read-only and renamed over its final name in
 * one step, so no JVM ever sees half a file under a final name; JVMs that extract the same file
 * at once rename identical bytes. Nothing is synced to disk: a file a power cut damaged fails
 * its hash at the next start and is written again.
 */
final class NativeBundle {
    /** What a start found: the directory and how many files were checked and written. */
    static final class Extracted {
        final Path dir;
        final List<String> files;
        final int verified, written;

        Extracted(Path dir, List<String> files, int verified, int written) {
            this.dir = dir;
            this.files = files;
            this.verified = verified;
            this.written = written;
        }
    }

    private static final class Entry {
        final String sha256, path;
        final Set<PosixFilePermission> mode;

        Entry(String sha256, String mode, String path) {
            this.sha256 = sha256;
            this.mode = PosixFilePermissions.fromString(mode.equals("0500") ? "r-x------" : "r--------");
            this.path = path;
        }
    }

    /** Temporary files older than this are left by a JVM that died while extracting. */
    private static final long STALE_MILLIS = TimeUnit.HOURS.toMillis(1);
    private static final String PART = ".part";

    final String platform;
    /** Where this jar's folders are: "jar:file:/x/keyact.jar!/org/keyact/native/". */
    private final String base;
    private final byte[] index;
    /** "2.34": the newest glibc symbol version the natives need (bundle.py reads it off them). */
    final String glibc;
    private final List<Entry> entries = new ArrayList<>();

    private NativeBundle(String platform, String base, byte[] index) {
        this.platform = platform;
        this.base = base;
        this.index = index;
        String floor = "";
        for (String line : new String(index, StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.split(" ", 3);
            if (line.startsWith("#") || line.isEmpty())
                continue;
            if (f.length == 2 && f[0].equals("glibc"))
                floor = f[1];
            else if (f.length == 3 && f[0].matches("[0-9a-f]{64}") && f[1].matches("0[0-7]{3}")
                     && !f[2].contains("..") && !f[2].startsWith("/"))
                entries.add(new Entry(f[0], f[1], f[2]));
            else
                throw new IllegalStateException("keyact: " + base + platform + "/INDEX: bad line \"" + line + "\"");
        }
        glibc = floor;
    }

    /** The URL of the natives root beside {@code Native.class}, in the same jar or folder. */
    static String root() {
        URL self = Native.class.getResource("Native.class");
        String url = self == null ? "" : self.toString();
        String suffix = "org/keyact/Native.class";
        return url.endsWith(suffix) ? url.substring(0, url.length() - suffix.length()) + "org/keyact/native/" : null;
    }

    /** Where this jar was read from, for messages: the jar file or the class folder. */
    static String source() {
        String root = root();
        if (root == null)
            return "keyact's classes";
        String s = root.substring(0, root.length() - "org/keyact/native/".length());
        if (s.startsWith("jar:"))
            s = s.substring(4, s.length() - 2);
        return s.startsWith("file:") ? s.substring(5) : s;
    }

    /** The platform's bundle, or null when this jar carries none for it. */
    static NativeBundle find(String platform) throws IOException {
        String root = root();
        if (root == null)
            return null;
        byte[] index = read(root + platform + "/INDEX");
        return index == null ? null : new NativeBundle(platform, root, index);
    }

    /** The platforms this jar carries natives for (its org/keyact/native/PLATFORMS), for messages. */
    static List<String> carried() {
        List<String> out = new ArrayList<>();
        String root = root();
        try {
            byte[] list = root == null ? null : read(root + "PLATFORMS");
            if (list != null)
                for (String line : new String(list, StandardCharsets.UTF_8).split("\n"))
                    if (!line.trim().isEmpty())
                        out.add(line.trim());
        } catch (IOException e) {
            // none listed
        }
        return Collections.unmodifiableList(out);
    }

    private static byte[] read(String url) throws IOException {
        InputStream in;
        try {
            in = new URL(url).openStream();
        } catch (java.io.FileNotFoundException absent) {
            return null;
        }
        try (InputStream i = in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = i.read(buffer)) > 0; )
                out.write(buffer, 0, n);
            return out.toByteArray();
        }
    }

    /**
     * Extract into {@code parent}/PLATFORM-HASH ({@code parent} and it made private: see
     * {@link PrivateDirectory}), writing only what is missing or not exactly the INDEX's file.
     */
    Extracted extractInto(Path parent) throws IOException {
        Path dir = PrivateDirectory.ensure(PrivateDirectory.ensure(parent)
            .resolve(platform + "-" + hex(sha256(index)).substring(0, 20)));
        int verified = 0, written = 0;
        List<String> files = new ArrayList<>();
        java.util.Set<Path> folders = new java.util.LinkedHashSet<>();
        folders.add(dir);
        for (Entry e : entries) {
            Path file = dir.resolve(e.path);
            if (folders.add(file.getParent()))
                PrivateDirectory.ensure(file.getParent());
            if (PrivateDirectory.isPrivateFile(file) && e.sha256.equals(hex(sha256(file)))) {
                verified++;
            } else {
                write(e, file);
                written++;
            }
            files.add(e.path);
        }
        for (Path folder : folders)
            removeStale(folder);
        return new Extracted(dir, Collections.unmodifiableList(files), verified, written);
    }

    private void write(Entry e, Path file) throws IOException {
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS))
            throw new SecurityException("keyact: " + file + " is a directory where keyact's " + e.path + " belongs");
        Path part = Files.createTempFile(file.getParent(), "." + file.getFileName() + ".", PART);
        try {
            MessageDigest digest = newDigest();
            byte[] buffer = new byte[1 << 16];
            try (InputStream in = new URL(base + platform + "/" + e.path).openStream();
                 OutputStream out = Files.newOutputStream(part, StandardOpenOption.WRITE)) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                    out.write(buffer, 0, n);
                }
                out.flush();
            }
            String got = hex(digest.digest());
            if (!got.equals(e.sha256))
                throw new IOException("keyact: " + source() + " is damaged: " + platform + "/" + e.path
                    + " has SHA-256 " + got + ", its INDEX says " + e.sha256);
            Files.setPosixFilePermissions(part, e.mode);
            Files.move(part, file, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(part);
        }
    }

    /** Temporary files a JVM that died while extracting left behind (never used: never renamed). */
    private static void removeStale(Path dir) throws IOException {
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(dir, ".*" + PART)) {
            for (Path p : parts)
                if (now - Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toMillis() > STALE_MILLIS)
                    Files.deleteIfExists(p);
        }
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("keyact: this JVM has no SHA-256", e);
        }
    }

    private static byte[] sha256(byte[] bytes) {
        return newDigest().digest(bytes);
    }

    private static byte[] sha256(Path file) throws IOException {
        MessageDigest digest = newDigest();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            for (int n; (n = in.read(buffer)) > 0; )
                digest.update(buffer, 0, n);
        }
        return digest.digest();
    }

    private static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder(bytes.length * 2);
        for (byte b : bytes)
            s.append(Character.forDigit((b >> 4) & 15, 16)).append(Character.forDigit(b & 15, 16));
        return s.toString();
    }

}
