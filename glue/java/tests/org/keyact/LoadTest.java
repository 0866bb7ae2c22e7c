/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Loading, listing, selecting, and refusals: a refused file surfaces the same GError message a C
 * host gets (compared with what the keyact command, a C host over the same library, prints).
 */
class LoadTest {
    /** The message `keyact list --plugin FILE` prints for a refused file (after "keyact list: "). */
    private static String cMessage(Path file) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Plugins.env("KEYACT_TEST_KEYACT").toString(), "list",
            "--plugin", file.toString());
        pb.environment().put("KEYACT_PLUGIN_PATH", "");
        pb.environment().remove("KEYACT_IMPL");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertTrue(p.waitFor() != 0, "keyact list refuses " + file);
        String text = out.toString(StandardCharsets.UTF_8).strip();
        String prefix = "keyact list: ";
        assertTrue(text.startsWith(prefix), text);
        return text.substring(prefix.length());
    }

    private static void refusedLikeC(Path file, Status status) throws Exception {
        try (Registry r = new Registry()) {
            KeyactException e = assertThrows(KeyactException.class, () -> r.load(file));
            assertEquals(status, e.status());
            assertEquals(cMessage(file), e.getMessage());
            assertEquals(List.of(new Refusal(file.toAbsolutePath(), e.getMessage())), r.refused());
            assertEquals(List.of(), r.plugins());
        }
    }

    @Test
    void notAPluginIsRefusedWithTheCMessage() throws Exception {
        refusedLikeC(Path.of(System.getProperty("org.keyact.jni.library")).getParent().resolve("keyact.jar"),
            Status.INVAL);
    }

    @Test
    void abi2PluginIsRefusedWithTheCMessage() throws Exception {
        refusedLikeC(Plugins.env("KEYACT_TEST_FIXTURE_ABI_MAJOR_2"), Status.VERSION);
    }

    @Test
    void noEntryIsRefusedWithTheCMessage() throws Exception {
        refusedLikeC(Plugins.env("KEYACT_TEST_FIXTURE_NO_ENTRY"), Status.INVAL);
    }

    @Test
    void pluginsAndSelection() {
        try (Registry r = Plugins.registry()) {
            List<Plugin> plugins = r.plugins();
            assertEquals(2, plugins.size());
            Plugin d = plugins.get(0);
            assertEquals(Plugins.discover().toAbsolutePath(), d.file());
            assertEquals("org.keyact.discover", d.id());
            assertEquals(1, d.abiMajor());
            assertEquals(List.of("discover"), d.implementations().stream().map(Implementation::action).toList());
            assertEquals("org.keyact.discover.cr701_57", d.implementations().get(0).implId());

            Selection s = r.selection("discover");
            assertEquals(SelectedBy.VERSION, s.by());
            assertEquals("org.keyact.discover.cr701_57", s.implementation().orElseThrow().implId());
            assertEquals(d.version(), s.version().orElseThrow());
            assertTrue(!s.reason().isEmpty());

            r.select("discover", "org.keyact.discover.cr701_57");
            assertEquals(SelectedBy.EXPLICIT, r.selection("discover").by());
            KeyactException e = assertThrows(KeyactException.class, () -> r.select("discover", "no.such.impl"));
            assertEquals(Status.NOTFOUND, e.status());
            assertEquals(SelectedBy.EXPLICIT, r.selection("discover").by(), "a refused select changes nothing");
            r.clearSelection("discover");
            assertEquals(SelectedBy.VERSION, r.selection("discover").by());

            assertEquals(SelectedBy.NONE, r.selection("nothing").by());
            assertTrue(r.selection("nothing").implementation().isEmpty());
            assertThrows(KeyactException.class, () -> r.load(Plugins.discover()), "the same file twice");

            r.unload(Plugins.cascade());
            assertEquals(1, r.plugins().size());
            KeyactException gone = assertThrows(KeyactException.class,
                () -> r.action("cascade").resolve(new TestHost(1), TestHost.GAME, TestHost.PLAYER, 3));
            assertEquals(Status.NOTFOUND, gone.status());
        }
    }

    @Test
    void searchPathComesFromTheEnvironment() {
        // meson sets KEYACT_PLUGIN_PATH to "": only the install directory, which may be empty.
        try (Registry r = new Registry()) {
            int n = r.loadSearchPath();
            assertEquals(n, r.plugins().size());
        }
    }

    /** An action no plugin serves: the message names the directories searched, the install directory by name. */
    @Test
    void notFoundNamesTheDirectoriesSearched() {
        try (Registry r = new Registry()) {
            KeyactException byPath = assertThrows(KeyactException.class,
                () -> r.action("no-such-action").resolve(new TestHost(1), TestHost.GAME, TestHost.PLAYER, 3));
            assertEquals(Status.NOTFOUND, byPath.status());
            assertTrue(byPath.getMessage().contains("no directory searched"), byPath.getMessage());

            r.loadSearchPath();
            KeyactException searched = assertThrows(KeyactException.class,
                () -> r.action("no-such-action").resolve(new TestHost(1), TestHost.GAME, TestHost.PLAYER, 3));
            String installDir = Utf8.fields(Native.searchDirs()).get(0); // KEYACT_PLUGIN_PATH is ""
            assertTrue(searched.getMessage().contains("searched " + installDir + " (the install directory: "),
                searched.getMessage());
        }
        KeyactException shared = assertThrows(KeyactException.class,
            () -> Registry.shared().action("no-such-action").resolve(new TestHost(1), TestHost.GAME, TestHost.PLAYER, 3));
        assertTrue(shared.getMessage().contains("(the install directory: "), shared.getMessage());
    }
}
