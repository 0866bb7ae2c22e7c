/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.keyact.Registry;
import org.keyact.Validation;
import org.keyact.ValidationException;
import org.junit.jupiter.api.Test;

/** The validation layer catches a deliberately wrong castFree in a real XMage game. */
class WrongCastFreeTest {
    /** Casts as the adapter does, then says it did not: the card is on the stack and moved to hand. */
    static final class LyingHost extends KeyactDiscoverEffect.XMageHost {
        LyingHost(XMageGames.Built b) {
            super(b.alice, b.game, b.source.getSpellAbility());
        }

        @Override
        public boolean castFree(long game, long player, long card, int face) {
            super.castFree(game, player, card, face);
            return false;
        }
    }

    @Test
    void reported() {
        Registry shared = Registry.shared();
        Validation before = shared.getValidation();
        shared.setValidation(Validation.REPORT);
        try {
            XMageGames.Built b = XMageGames.build(new XMageGames.Setup().library("basiclands.Mountain", "h.HillGiant")
                .source("h.HitTheMotherLode"), true);
            LyingHost host = new LyingHost(b);
            host.resolve("discover", 4);
            List<ValidationException> reports = host.result().validationErrors();
            assertFalse(reports.isEmpty(), "the wrong castFree went unreported");
            assertTrue(reports.stream().anyMatch(r -> r.callback().equals("cast_free")), reports.toString());
        } finally {
            shared.setValidation(before);
            XMageGames.REPORTS.clear();
        }
    }
}
