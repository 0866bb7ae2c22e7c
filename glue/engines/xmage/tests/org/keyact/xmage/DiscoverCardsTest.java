/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mage.abilities.Ability;
import mage.abilities.effects.Effect;
import mage.abilities.effects.keyword.DiscoverEffect;
import mage.cards.Card;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every card of the XMage jar that uses DiscoverEffect, and the rules cases, each resolved in a
 * real duel once by XMage's own effect and once through keyact, compared card by card. Where
 * they differ the test names the rule and asserts keyact's outcome. Run once with validation
 * off and once with {@code -Dorg.keyact.validate=true}: either way nothing is reported.
 */
class DiscoverCardsTest {
    /** A library with something for every N: lands first, then rising mana values. */
    static final String[] LIBRARY = {"basiclands.Mountain", "f.FireIce", "s.ShivanDragon", "basiclands.Island",
        "h.HillGiant", "o.Opt", "g.GrayOgre", "d.Divination", "l.LightningBolt"};

    @BeforeEach
    void quiet() {
        XMageGames.REPORTS.clear();
    }

    /** What one side did: the outcome text and the card its discover returned. */
    static final class Side {
        final String outcome;
        /** The game log of the resolve and what followed it. */
        final List<String> log;
        final Card returned;

        Side(String outcome, List<String> log, Card returned) {
            this.outcome = outcome;
            this.log = log;
            this.returned = returned;
        }
    }

    /**
     * Resolve setup's discover both ways: with the source card's discover ability when it has a
     * DiscoverEffect, else through the static doDiscover with {@code n} (the cards that call it).
     */
    static Side[] both(XMageGames.Setup setup, int n) {
        Side[] sides = new Side[2];
        for (int k = 0; k < 2; k++) {
            boolean keyact = k == 1;
            XMageGames.Built b = XMageGames.build(setup, keyact);
            Object[] found = XMageGames.discoverAbility(b.source);
            Card returned;
            if (found != null && n < 0) {
                ((Effect) found[1]).apply(b.game, (Ability) found[0]);
                returned = null;
            } else {
                Ability ability = found != null ? (Ability) found[0] : b.source.getSpellAbility();
                int amount = n >= 0 ? n : 3;
                returned = keyact ? KeyactDiscoverEffect.doDiscover(b.alice, amount, b.game, ability)
                    : DiscoverEffect.doDiscover(b.alice, amount, b.game, ability);
            }
            XMageGames.settle(b.game);
            sides[k] = new Side(XMageGames.outcome(b), b.log, returned);
        }
        assertEquals(List.of(), XMageGames.REPORTS, "keyact reported (validation or a failure)");
        return sides;
    }

    static void same(XMageGames.Setup setup, int n) {
        Side[] s = both(setup, n);
        assertEquals(s[0].outcome, s[1].outcome, "XMage's own discover and keyact's differ");
        assertEquals(s[0].log, s[1].log, "the game logs of XMage's own discover and keyact's differ");
        assertEquals(name(s[0].returned), name(s[1].returned), "doDiscover returned different cards");
    }

    static String name(Card c) {
        return c == null ? null : c.getName();
    }

    @Test
    void everyDiscoverCardOfTheJar() {
        List<String> cards = XMageGames.discoverCards();
        assertTrue(cards.size() >= 30, "the jar's discover cards: " + cards);
        for (String card : cards) {
            XMageGames.Setup s = new XMageGames.Setup().library(LIBRARY).source(card).bobBattlefield("g.GrayOgre");
            boolean ability = XMageGames.discoverAbility(XMageGames.card(card, java.util.UUID.randomUUID())) != null;
            Side[] sides = both(s, ability ? -1 : 3);
            System.out.println("discover card " + card + (ability ? " (its ability)" : " (doDiscover 3)") + ":\n"
                + sides[1].outcome);
            assertEquals(sides[0].outcome, sides[1].outcome, card + ": XMage's own discover and keyact's differ");
            assertEquals(sides[0].log, sides[1].log, card + ": the game logs of XMage's own discover and keyact's differ");
        }
    }

    @Test
    void splitCardPassedOverWhenTheHalvesAddUpAboveN() {
        // Fire // Ice is 4 in exile (CR 709.4): discover 3 passes it over although each half is 2.
        same(new XMageGames.Setup().library("f.FireIce", "o.Opt", "h.HillGiant").source("g.GeologicalAppraiser"), -1);
    }

    @Test
    void splitHalf() {
        same(new XMageGames.Setup().library("f.FireIce", "h.HillGiant").source("h.HitTheMotherLode").part("Ice")
            .bobBattlefield("g.GrayOgre"), 4);
    }

    @Test
    void adventure() {
        same(new XMageGames.Setup().library("basiclands.Mountain", "b.BonecrusherGiant", "h.HillGiant")
            .source("g.GeologicalAppraiser").part("Stomp").bobBattlefield("g.GrayOgre"), -1);
    }

    @Test
    void modalDoubleFacedBackFace() {
        XMageGames.Setup s = new XMageGames.Setup().library("k.KolvoriGodOfKinship", "h.HillGiant")
            .source("h.HitTheMotherLode").part("The Ringhart Crest");
        same(s, 4);
        String out = both(s, 4)[1].outcome;
        assertTrue(out.contains("BATTLEFIELD [The Ringhart Crest]"), "the back face was cast\n" + out);
    }

    @Test
    void xIsZero() {
        // Stonecoil Serpent cast for free: X = 0, a 0/0 that dies.
        same(new XMageGames.Setup().library("basiclands.Mountain", "s.StonecoilSerpent", "h.HillGiant")
            .source("h.HitTheMotherLode"), 0);
    }

    @Test
    void aftermathHalfIsNotCastFromExile() {
        // CR 702.127a: an aftermath half is cast only from a graveyard. XMage offers Ribbons from
        // exile; its player picks it, the cast fails and the card goes to hand. keyact offers Cut
        // only, and Cut is cast.
        XMageGames.Setup s = new XMageGames.Setup().library("c.CutRibbons", "h.HillGiant")
            .source("h.HitTheMotherLode").part("Ribbons").bobBattlefield("g.GrayOgre");
        Side[] sides = both(s, 4);
        assertNotEquals(sides[0].outcome, sides[1].outcome);
        assertTrue(sides[0].outcome.contains("HAND [Cut // Ribbons"), "XMage: to hand\n" + sides[0].outcome);
        assertTrue(sides[1].outcome.contains("GRAVEYARD [Cut // Ribbons"), "keyact: Cut cast\n" + sides[1].outcome);
        assertTrue(sides[1].outcome.contains("Bob: life 20; GRAVEYARD [GrayOgre]"), "Cut killed the Ogre\n" + sides[1].outcome);
    }

    @Test
    void noLegalTarget() {
        // Murder with no creature: XMage's cast fails, keyact does not offer it; to hand both ways.
        XMageGames.Setup s = new XMageGames.Setup().library("basiclands.Mountain", "m.Murder", "h.HillGiant")
            .source("g.GeologicalAppraiser");
        same(s, -1);
        assertTrue(both(s, -1)[1].outcome.contains("HAND [GeologicalAppraiser, Murder]"));
    }

    @Test
    void libraryRunsOut() {
        // CR 701.57c: the library ran out; its last card (Island, mana value 0 <= 4) is the
        // discovered card. XMage's doDiscover returns null, keyact's the Island. (The cards that
        // read it count null as mana value 0: Hit the Mother Lode's Treasures are the same.)
        Side[] sides = both(new XMageGames.Setup().library("basiclands.Mountain", "basiclands.Island")
            .source("h.HitTheMotherLode"), 4);
        assertEquals(sides[0].outcome, sides[1].outcome);
        assertNull(sides[0].returned);
        assertEquals("Island", name(sides[1].returned));
    }

    @Test
    void emptyLibrary() {
        same(new XMageGames.Setup().source("h.HitTheMotherLode"), 4);
    }

    @Test
    void discoverChainedFromADiscoveredSpell() {
        // Daring Discovery's discover 4 casts Geological Appraiser, whose trigger discovers 3.
        XMageGames.Setup s = new XMageGames.Setup().library("basiclands.Mountain", "g.GeologicalAppraiser",
            "basiclands.Island", "l.LightningBolt", "h.HillGiant").source("d.DaringDiscovery");
        same(s, -1);
        String out = both(s, -1)[1].outcome;
        assertTrue(out.contains("BATTLEFIELD [GeologicalAppraiser]") && out.contains("GRAVEYARD [LightningBolt]"), out);
    }

    @Test
    void declinedHit() {
        XMageGames.Setup s = new XMageGames.Setup().library("basiclands.Mountain", "h.HillGiant")
            .source("h.HitTheMotherLode").use(false);
        same(s, 4);
        assertTrue(both(s, 4)[1].outcome.contains("HAND [HillGiant, HitTheMotherLode]"));
    }

    @Test
    void theAiChooses() {
        same(new XMageGames.Setup().library("basiclands.Mountain", "b.BonecrusherGiant", "h.HillGiant")
            .source("g.GeologicalAppraiser").use(null).bobBattlefield("g.GrayOgre"), -1);
    }
}
