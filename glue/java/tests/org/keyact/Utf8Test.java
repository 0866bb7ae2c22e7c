/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * Names cross as real UTF-8: the bytes C holds are exactly the UTF-8 encoding (written out here
 * byte by byte, not computed with the same encoder), a 4-byte character included, which JNI's
 * modified UTF-8 would have split into two 3-byte surrogates. And each distinct description is
 * converted to C once per thread, not on every describe call.
 */
class Utf8Test {
    private static byte[] b(int... v) {
        byte[] out = new byte[v.length];
        for (int i = 0; i < v.length; i++)
            out[i] = (byte) v[i];
        return out;
    }

    private static byte[] cSees(String name) {
        Upcalls up = Upcalls.current();
        long block = up.block(CardDescription.of(new Face(name, "{1}", false, false)));
        return Native.describedString(block, 0, false);
    }

    @Test
    void poolNamesReachCAsUtf8() {
        // "Lim-Dûl's Vault": û = C3 BB
        assertArrayEquals(b('L', 'i', 'm', '-', 'D', 0xC3, 0xBB, 'l', '\'', 's', ' ', 'V', 'a', 'u', 'l', 't'),
            cSees("Lim-D\u00fbl's Vault"));
        // "Æther Vial": Æ = C3 86
        assertArrayEquals(b(0xC3, 0x86, 't', 'h', 'e', 'r', ' ', 'V', 'i', 'a', 'l'), cSees("\u00c6ther Vial"));
        // "Jötun Grunt": ö = C3 B6
        assertArrayEquals(b('J', 0xC3, 0xB6, 't', 'u', 'n', ' ', 'G', 'r', 'u', 'n', 't'), cSees("J\u00f6tun Grunt"));
        // U+1F409 DRAGON: F0 9F 90 89 in UTF-8 (modified UTF-8: ED A0 BD ED B0 89)
        assertArrayEquals(b(0xF0, 0x9F, 0x90, 0x89, ' ', 'T', 'o', 'k', 'e', 'n'), cSees("\uD83D\uDC09 Token"));
    }

    @Test
    void costsCrossToo() {
        Upcalls up = Upcalls.current();
        long block = up.block(new CardDescription(Layout.SPLIT, List.of(
            new Face("Fire", "{1}{R}", false, false), new Face("Ice", "{1}{U}", false, true))));
        assertArrayEquals("{1}{U}".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
            Native.describedString(block, 1, true));
    }

    @Test
    void nulInANameIsRefused() {
        Upcalls up = Upcalls.current();
        assertThrows(IllegalArgumentException.class,
            () -> up.block(CardDescription.of(new Face("a\0b", "", false, false))));
    }

    @Test
    void resolveWithNonAsciiNamesAndEachDescriptionConvertedOnce() {
        try (Registry r = Plugins.registry()) {
            TestHost h = new TestHost(3);
            h.add("Lim-D\u00fbl's Vault", "{U}{B}");
            h.add("\u00c6ther Vial", "{1}");
            h.add("J\u00f6tun Grunt", "{1}{W}");
            long before = Upcalls.current().conversions;
            for (int i = 0; i < 50; i++) {
                TestHost g = new TestHost(i);
                g.cards.putAll(h.cards);
                g.all.addAll(h.cards.keySet());
                g.library.addAll(List.of(100L, 101L, 102L));
                g.cast = false;
                Result res = r.action("discover").resolve(g, TestHost.GAME, TestHost.PLAYER, 2);
                assertEquals(OptionalLong.of(100L), res.discovered());
            }
            // Lim-Dûl's Vault (mana value 2) is the hit each time. With the batched calls the
            // plugin may describe the cards below it too: at most the 3 distinct descriptions,
            // each converted once over the 50 resolves (not 50 or 150 times).
            long converted = Upcalls.current().conversions - before;
            assertTrue(converted >= 1 && converted <= 3, "converted " + converted);
        }
    }
}
