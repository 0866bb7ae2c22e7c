/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Cascade through the Java binding: strictly lower mana value, decline goes to the bottom. */
class CascadeTest {
    static Registry registry;
    static Action cascade;

    @BeforeAll
    static void load() {
        registry = Plugins.registry();
        cascade = registry.action("cascade");
    }

    @AfterAll
    static void close() {
        registry.close();
    }

    @Test
    void castsTheFirstCardWithLowerManaValue() {
        TestHost.Recording h = new TestHost.Recording(11);
        h.land("Mountain");
        long three = h.add("Three Drop", "{2}{R}");   // not < 3
        long two = h.add("Grizzly Bears", "{1}{G}");
        h.add("Below", "{G}");

        Result r = cascade.resolve(h, TestHost.GAME, TestHost.PLAYER, 3);

        assertEquals(Outcome.CAST, r.outcome());
        assertEquals(OptionalLong.of(two), r.discovered());
        assertEquals(List.of(two), h.stack);
        assertEquals(3, r.exiledCount());
        assertEquals(2, r.bottomedCount());
        assertTrue(h.library.indexOf(three) >= 1);
        assertEquals(EventType.FINISHED, h.events.get(h.events.size() - 1).type());
        h.assertConserved();
    }

    @Test
    void declinedCardGoesToTheBottomWithTheRest() {
        TestHost.Recording h = new TestHost.Recording(12);
        long bolt = h.add("Lightning Bolt", "{R}");
        h.cast = false;

        Result r = cascade.resolve(h, TestHost.GAME, TestHost.PLAYER, 4);

        assertEquals(Outcome.BOTTOM, r.outcome());
        assertEquals(List.of(bolt), h.library);
        assertTrue(h.hand.isEmpty());
        h.assertConserved();
    }
}
