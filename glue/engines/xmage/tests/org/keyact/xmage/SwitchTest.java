/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mage.ApprovingObject;
import mage.abilities.effects.Effect;
import mage.abilities.effects.keyword.DiscoverEffect;
import mage.abilities.keyword.CascadeAbility;
import org.junit.jupiter.api.BeforeEach;
import org.keyact.Plugin;
import org.keyact.Registry;
import org.junit.jupiter.api.Test;

/**
 * In a JVM started with {@code -javaagent:keyact-xmage.jar} (the switch), XMage's own cards
 * resolve through keyact unchanged: the effect they construct, the static they call and the
 * cascade ability are keyact's. Run by meson in such a JVM, and also without the agent, where it
 * checks XMage's own outcome for the same games.
 */
class SwitchTest {
    static final boolean SWITCHED = Boolean.getBoolean("org.keyact.xmage.switched");

    @BeforeEach
    void quiet() {
        XMageGames.REPORTS.clear();
    }

    @Test
    void xmagesClassesAreKeyacts() {
        assertEquals(SWITCHED, (Object) new DiscoverEffect(3) instanceof KeyactDiscoverEffect);
        assertEquals(SWITCHED, (Object) new CascadeAbility() instanceof KeyactCascadeAbility);
    }

    /**
     * With {@code -Dorg.keyact.isolate=true} the switch's registry ({@link Registry#shared()})
     * loads every plugin isolated, each in its sandboxed helper process; the games below play the
     * same.
     */
    @Test
    void isolatedWhenAsked() {
        boolean isolate = Boolean.getBoolean("org.keyact.isolate");
        assertEquals(isolate, Registry.shared().isolation().isolated());
        assertTrue(!Registry.shared().plugins().isEmpty(), "the switch's registry loaded no plugin");
        for (Plugin p : Registry.shared().plugins())
            assertEquals(isolate, p.isolated(), p.toString());
    }

    /**
     * Unchanged cards read the same with and without the switch: XMage's DiscoverEffect(3) prints
     * reminder text by default (Geological Appraiser), DiscoverEffect(3, false) none (Zoetic Glyph).
     */
    @Test
    void theCardsTextIsXMages() {
        String appraiser = String.join(" ", XMageGames.card("g.GeologicalAppraiser", java.util.UUID.randomUUID()).getRules());
        String glyph = String.join(" ", XMageGames.card("z.ZoeticGlyph", java.util.UUID.randomUUID()).getRules());
        assertTrue(appraiser.contains("discover 3. <i>(Exile cards from the top of your library until you exile a nonland"
            + " card with mana value 3 or less. Cast it without paying its mana cost or put it into your hand. Put the rest"
            + " on the bottom in a random order.)</i>"), appraiser);
        assertTrue(glyph.contains("discover 3.") && !glyph.contains("<i>(Exile cards"), glyph);
    }

    /**
     * Hit the Mother Lode's own effect calls the static DiscoverEffect.doDiscover(player, 10, ...)
     * and makes 10 - (the discovered card's mana value) tapped Treasures. Its discover hits
     * Cut // Ribbons (4), whose player picks Ribbons: XMage offers that aftermath half from exile,
     * the cast fails and the card goes to hand; through keyact only Cut is offered (CR 702.127a)
     * and it is cast, killing Bob's Ogre. 6 Treasures either way.
     */
    @Test
    void hitTheMotherLodeThroughTheStatic() {
        XMageGames.Built b = XMageGames.build(new XMageGames.Setup().library("c.CutRibbons", "h.HillGiant")
            .source("h.HitTheMotherLode").part("Ribbons").bobBattlefield("g.GrayOgre"), false);
        for (Effect e : b.source.getSpellAbility().getEffects())
            e.apply(b.game, b.source.getSpellAbility());
        XMageGames.settle(b.game);
        String out = XMageGames.outcome(b);
        long treasures = b.game.getBattlefield().getAllActivePermanents(b.alice.getId()).stream()
            .filter(p -> p.getName().contains("Treasure")).count();
        assertEquals(6, treasures, out);
        assertTrue(out.contains(SWITCHED ? "GRAVEYARD [Cut // Ribbons]" : "HAND [Cut // Ribbons, HitTheMotherLode]"), out);
        assertTrue(out.contains(SWITCHED ? "Bob: life 20; GRAVEYARD [GrayOgre]" : "Bob: life 20; BATTLEFIELD [GrayOgre]"), out);
        assertEquals(List.of(), XMageGames.REPORTS, "keyact reported (validation or a failure)");
    }

    /** An unchanged cascade card: Bloodbraid Elf cascades into Opt, through keyact when switched. */
    @Test
    void bloodbraidElf() {
        XMageGames.Built b = XMageGames.build(new XMageGames.Setup().library(CascadeCardsTest.LIBRARY)
            .source("b.BloodbraidElf"), false);
        assertTrue(b.alice.cast(b.alice.chooseAbilityForCast(b.source, b.game, true), b.game, true,
            new ApprovingObject(b.source.getSpellAbility(), b.game)));
        XMageGames.settle(b.game);
        String out = XMageGames.outcome(b);
        assertTrue(out.contains("BATTLEFIELD [BloodbraidElf]; GRAVEYARD [Opt]; HAND [Divination]"), out);
        assertEquals(List.of(), XMageGames.REPORTS, "keyact reported (validation or a failure)");
    }
}
