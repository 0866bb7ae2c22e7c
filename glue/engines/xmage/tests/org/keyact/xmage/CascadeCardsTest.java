/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mage.ApprovingObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A sample of XMage's cascade cards, each cast in a real duel with XMage's own CascadeAbility and
 * with keyact's (KeyactCascadeAbility, through the cascade plugin), compared card by card.
 */
class CascadeCardsTest {
    static final String[] LIBRARY = {"basiclands.Mountain", "f.FireIce", "s.ShivanDragon", "basiclands.Island",
        "h.HillGiant", "o.Opt", "g.GrayOgre", "d.Divination", "l.LightningBolt", "basiclands.Mountain"};

    @BeforeEach
    void quiet() {
        XMageGames.REPORTS.clear();
    }

    /** Cast card from Alice's hand for free; its cascade triggers and resolves with the rest. */
    static String cast(String card, boolean keyact, Boolean use) {
        XMageGames.Built b = XMageGames.build(new XMageGames.Setup().library(LIBRARY).source(card).use(use)
            .bobBattlefield("g.GrayOgre"), keyact);
        assertTrue(b.alice.cast(b.alice.chooseAbilityForCast(b.source, b.game, true), b.game, true,
            new ApprovingObject(b.source.getSpellAbility(), b.game)), "cast " + card);
        XMageGames.settle(b.game);
        return XMageGames.outcome(b) + "game log:\n" + String.join("\n", b.log);
    }

    @ParameterizedTest
    @ValueSource(strings = {"b.BloodbraidElf", "s.ShardlessAgent", "v.ViolentOutburst", "a.ArdentPlea",
        "m.MaelstromWanderer", "e.EnlistedWurm", "d.DemonicDread", "a.AnnoyedAltisaur"})
    void castAndCompare(String card) {
        for (Boolean use : new Boolean[] {true, false}) {
            String xmage = cast(card, false, use), keyact = cast(card, true, use);
            System.out.println("cascade " + card + (use ? " (cast)" : " (declined)") + ":\n" + keyact);
            assertEquals(xmage, keyact, card + ": XMage's own cascade and keyact's differ");
            assertEquals(List.of(), XMageGames.REPORTS, "keyact reported (validation or a failure)");
        }
    }
}
