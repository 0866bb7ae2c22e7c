/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import mage.abilities.common.EntersBattlefieldTriggeredAbility;
import mage.abilities.effects.keyword.DiscoverEffect;
import mage.abilities.keyword.CascadeAbility;
import mage.cards.Card;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What keyact's XMage drop-in must do as XMage does: print XMage's text by XMage's defaults, replay
 * a seeded game, and judge castability by XMage's own cast rules (better than XMage's own
 * discover, which offers a card its player can't cast).
 */
class XMageRulesTest {
    @BeforeEach
    void quiet() {
        XMageGames.REPORTS.clear();
    }

    @Test
    void discoverTextAsXMagePrintsIt() {
        for (int n : new int[] {1, 3, 10}) {
            assertEquals(rule(new DiscoverEffect(n)), rule(new KeyactDiscoverEffect(n)), "the default, discover " + n);
            for (boolean reminder : new boolean[] {true, false})
                assertEquals(rule(new DiscoverEffect(n, reminder)), rule(new KeyactDiscoverEffect(n, reminder)),
                    "discover " + n + ", reminder " + reminder);
        }
        assertTrue(rule(new KeyactDiscoverEffect(3)).contains("<i>(Exile cards"), "XMage's default has reminder text");
    }

    @Test
    void everyDiscoverCardReadsTheSame() {
        for (String name : XMageGames.discoverCards()) {
            Card xmage = XMageGames.card(name, UUID.randomUUID()), keyact = XMageGames.card(name, UUID.randomUUID());
            XMageGames.useKeyact(keyact);
            assertEquals(rules(xmage), rules(keyact), name);
        }
    }

    @Test
    void cascadeTextAsXMagePrintsIt() {
        assertEquals(new CascadeAbility().getRule(), new KeyactCascadeAbility().getRule());
        for (boolean reminder : new boolean[] {true, false})
            assertEquals(new CascadeAbility(reminder).getRule(), new KeyactCascadeAbility(reminder).getRule());
    }

    static String rule(mage.abilities.effects.Effect discover) {
        return new EntersBattlefieldTriggeredAbility(discover).getRule();
    }

    static List<String> rules(Card card) {
        List<String> out = new ArrayList<>();
        for (Card face : XMageGames.faces(card))
            out.addAll(face.getRules());
        return out;
    }

    /** Seven cards above the hit, each a different card, so their bottom order shows. */
    static final String[] PASSED_OVER = {"basiclands.Mountain", "s.ShivanDragon", "basiclands.Island", "h.HillGiant",
        "g.GrayOgre", "basiclands.Forest", "d.DaringDiscovery", "o.Opt", "l.LightningBolt", "d.Divination"};

    /** Alice's whole library, top first, after keyact's discover 1 declined (Opt to hand). */
    static List<String> libraryAfter(long seed) {
        XMageGames.Built b = XMageGames.build(new XMageGames.Setup().library(PASSED_OVER).source("h.HitTheMotherLode")
            .use(false).seed(seed), true);
        KeyactDiscoverEffect.doDiscover(b.alice, 1, b.game, b.source.getSpellAbility());
        XMageGames.settle(b.game);
        List<String> names = new ArrayList<>();
        for (UUID id : b.alice.getLibrary().getCardList())
            names.add(b.game.getCard(id).getName());
        return names;
    }

    /** XMage's tests seed RandomUtil: keyact's bottom order comes from it, so the game replays. */
    @Test
    void aSeededGameReplays() {
        List<String> first = libraryAfter(4), again = libraryAfter(4), other = libraryAfter(5);
        assertEquals(List.of("LightningBolt", "Divination"), first.subList(0, 2), "the cards below the hit stay on top");
        assertEquals(first, again, "the same seed, the same library, bottom order included");
        assertNotEquals(first, other, "another seed, another bottom order");
        assertEquals(new java.util.HashSet<>(first), new java.util.HashSet<>(other));
        assertEquals(List.of(), XMageGames.REPORTS);
    }

    /** One discover n of Alice, through XMage's own effect or keyact's: the outcome and the questions asked. */
    static String[] discover(XMageGames.Setup s, boolean keyact) {
        return discover(s, keyact, 3);
    }

    static String[] discover(XMageGames.Setup s, boolean keyact, int n) {
        XMageGames.Built b = XMageGames.build(s, keyact);
        if (keyact)
            KeyactDiscoverEffect.doDiscover(b.alice, n, b.game, b.source.getSpellAbility());
        else
            DiscoverEffect.doDiscover(b.alice, n, b.game, b.source.getSpellAbility());
        XMageGames.settle(b.game);
        return new String[] {XMageGames.outcome(b), String.valueOf(b.alice.freeCastQuestions)};
    }

    /**
     * CR 601.3: a player can begin to cast a spell only if no rule or effect prohibits it. Under
     * Bob's Drannith Magistrate ("Your opponents can't cast spells from anywhere other than their
     * hands") Alice can't cast the Opt she discovers in exile. XMage's own discover offers it
     * anyway, and the cast it then tries fails (the card goes to hand); keyact asks XMage's cast
     * rules first and does not offer it. Opt goes to hand both ways.
     */
    @Test
    void aHitItsPlayerCannotCastIsNotOffered() {
        XMageGames.Setup s = new XMageGames.Setup().library("basiclands.Mountain", "o.Opt", "h.HillGiant")
            .source("h.HitTheMotherLode").bobBattlefield("org.keyact.xmage.DrannithMagistrateTestCard");
        String[] xmage = discover(s, false), keyact = discover(s, true);
        assertEquals(xmage[0], keyact[0]);
        assertTrue(keyact[0].contains("HAND [HitTheMotherLode, Opt]"), keyact[0]);
        assertEquals("1", xmage[1], "XMage offers the cast it then can't make");
        assertEquals("0", keyact[1], "keyact does not offer it");

        // Without the Magistrate keyact offers Opt, and casts it.
        String[] free = discover(new XMageGames.Setup().library("basiclands.Mountain", "o.Opt", "h.HillGiant")
            .source("h.HitTheMotherLode").bobBattlefield("g.GrayOgre"), true);
        assertEquals("1", free[1]);
        assertTrue(free[0].contains("GRAVEYARD [Opt]"), free[0]);
        assertEquals(List.of(), XMageGames.REPORTS);
    }

    /** Cast card from Alice's hand for free; its cascade resolves with everything it causes. */
    static String[] cascade(XMageGames.Setup s, boolean keyact) {
        XMageGames.Built b = XMageGames.build(s, keyact);
        assertTrue(b.alice.cast(b.alice.chooseAbilityForCast(b.source, b.game, true), b.game, true,
            new mage.ApprovingObject(b.source.getSpellAbility(), b.game)));
        XMageGames.settle(b.game);
        return new String[] {XMageGames.outcome(b), String.valueOf(b.alice.freeCastQuestions)};
    }

    /**
     * CR 702.85a: cascade may cast the card found "if the resulting spell's mana value is less
     * than this spell's mana value". Volcanic Torrent (5) cascades into Esika, God of the Tree
     * (3 in exile); its back face, The Prismatic Bridge, is 5. XMage offers it (its filter reads
     * "5 or less") and casts it when its player picks it; keyact offers Esika only, and Esika is
     * cast.
     */
    @Test
    void cascadeNeverCastsAFaceOfTheSpellsManaValue() {
        XMageGames.Setup s = new XMageGames.Setup().library("e.EsikaGodOfTheTree", "h.HillGiant")
            .source("v.VolcanicTorrent").part("The Prismatic Bridge");
        String xmage = cascade(s, false)[0], keyact = cascade(s, true)[0];
        assertTrue(xmage.contains("BATTLEFIELD [The Prismatic Bridge]"), "XMage casts the Bridge\n" + xmage);
        assertTrue(keyact.contains("BATTLEFIELD [EsikaGodOfTheTree]"), "keyact casts Esika\n" + keyact);
        assertEquals(List.of(), XMageGames.REPORTS);
    }

    /**
     * CR 601.3 (a spell can be cast only if no rule or effect prohibits it; Ice needs a target
     * permanent, and there is none): a discover 4 finds Fire // Ice with nothing on the
     * battlefield, and its player wants Ice. XMage offers both halves, Ice is picked, its cast
     * fails and the card goes to hand; keyact offers Fire only, and Fire is cast.
     */
    @Test
    void aHalfItsPlayerCannotCastIsNotOffered() {
        XMageGames.Setup s = new XMageGames.Setup().library("f.FireIce", "h.HillGiant").source("h.HitTheMotherLode")
            .part("Ice");
        String[] xmage = discover(s, false, 4), keyact = discover(s, true, 4);
        assertTrue(xmage[0].contains("HAND [Fire // Ice, HitTheMotherLode]"), "XMage: Ice picked, not cast\n" + xmage[0]);
        assertTrue(keyact[0].contains("GRAVEYARD [Fire // Ice]"), "keyact: Fire cast\n" + keyact[0]);
        assertEquals(List.of(), XMageGames.REPORTS);
    }
}
