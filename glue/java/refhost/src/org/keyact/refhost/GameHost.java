/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.List;
import java.util.Optional;

import org.keyact.CardDescription;
import org.keyact.Event;
import org.keyact.Host;
import org.keyact.LogLevel;
import org.keyact.Option;
import org.keyact.OptionKind;
import org.keyact.Zone;

/**
 * keyact's callbacks mapped onto the {@link Game}. Player handles are the
 * seat + 1, card handles the card id, the game handle {@link Game#ID}.
 * Every callback checks its handles; a bad one throws, which keyact turns
 * into a failing status for that one call. Called only inside a resolve,
 * on the thread playing the game.
 *
 * In Forge the same calls land on: {@code librarySize}/{@code libraryCard}
 * on {@code Player.getCardsIn(ZoneType.Library)}; {@code moveCard} on
 * {@code GameAction.moveTo}/{@code exile}/{@code moveToLibrary(c, -1, sa)};
 * {@code describeCard} on the card's {@code CardState}s; {@code canCastFace}
 * on the state's spells ({@code SpellAbility.canPlay()}); {@code choose} on
 * {@code PlayerController.confirmAction}/{@code getAbilityToPlay};
 * {@code castFree} on {@code PlayerController.playSaFromPlayEffect};
 * {@code randomBelow} on the game's seeded random numbers.
 */
public final class GameHost implements Host {
    private final Game game;

    GameHost(Game game) {
        this.game = game;
    }

    private void checkGame(long gameId) {
        if (gameId != Game.ID)
            throw new IllegalArgumentException("unknown game " + gameId);
    }

    private Player player(long handle) {
        Player p = handle >= 1 && handle <= game.players.size() ? game.players.get((int) handle - 1) : null;
        if (p == null)
            throw new IllegalArgumentException("unknown player " + handle);
        return p;
    }

    private Card card(long handle) {
        Card c = game.card(handle);
        if (c == null)
            throw new IllegalArgumentException("unknown card " + handle);
        return c;
    }

    private static void checkFace(Card c, int face) {
        if (face < 0 || face >= c.rules().states().size())
            throw new IndexOutOfBoundsException(c.name() + " has no face " + face);
    }

    @Override
    public int librarySize(long gameId, long playerId) {
        checkGame(gameId);
        return player(playerId).getCardsIn(ZoneType.LIBRARY).size();
    }

    @Override
    public long libraryCard(long gameId, long playerId, int indexFromTop) {
        checkGame(gameId);
        List<Card> library = player(playerId).getCardsIn(ZoneType.LIBRARY);
        if (indexFromTop < 0 || indexFromTop >= library.size())
            throw new IndexOutOfBoundsException("no library card " + indexFromTop);
        return library.get(indexFromTop).id();
    }

    /** ABI 1.1 batched: one lookup of the library for the whole run of cards (0 past its end). */
    @Override
    public void libraryCards(long gameId, long playerId, int fromTop, int count, long[] out) {
        checkGame(gameId);
        List<Card> library = player(playerId).getCardsIn(ZoneType.LIBRARY);
        if (fromTop < 0)
            throw new IndexOutOfBoundsException("no library card " + fromTop);
        for (int i = 0; i < count; i++)
            out[i] = fromTop + i < library.size() ? library.get(fromTop + i).id() : 0;
    }

    @Override
    public void moveCard(long gameId, long playerId, long cardId, Zone to, int libraryIndex, boolean reveal) {
        checkGame(gameId);
        Player p = player(playerId);
        Card c = card(cardId);
        if (c.owner() != p)
            throw new IllegalArgumentException(c.name() + " is not " + p.name() + "'s");
        /* Spells and permanents are not the plugin's to move. */
        if (c.zone == ZoneType.STACK || c.zone == ZoneType.BATTLEFIELD)
            throw new IllegalStateException(c.name() + " is on the " + c.zone.key());
        // every card here is public: revealing changes nothing
        switch (to) {
        case LIBRARY -> {
            int size = p.getCardsIn(ZoneType.LIBRARY).size() - (c.zone == ZoneType.LIBRARY ? 1 : 0);
            if (libraryIndex != LIBRARY_BOTTOM && (libraryIndex < 0 || libraryIndex > size))
                throw new IndexOutOfBoundsException("library index " + libraryIndex);
            game.getAction().moveTo(c, ZoneType.LIBRARY, libraryIndex == LIBRARY_BOTTOM ? -1 : libraryIndex);
            if (libraryIndex == LIBRARY_BOTTOM && game.current != null)
                game.current.bottom.add(c);
        }
        case EXILE -> {
            game.getAction().moveTo(c, ZoneType.EXILE, -1);
            if (game.current != null)
                game.current.exiled.add(c);
        }
        case HAND -> game.getAction().moveTo(c, ZoneType.HAND, -1);
        }
    }

    @Override
    public CardDescription describeCard(long gameId, long cardId) {
        checkGame(gameId);
        return card(cardId).rules().description();
    }

    @Override
    public boolean canCastFace(long gameId, long playerId, long cardId, int face) {
        checkGame(gameId);
        player(playerId);
        Card c = card(cardId);
        checkFace(c, face);
        boolean can = !PlayerController.namesFace(game.controller.cannotCast, c.rules(), face);
        if (game.current != null && face < 32) {
            game.current.facesAsked |= 1 << face;
            if (!can)
                game.current.facesRefused |= 1 << face;
        }
        return can;
    }

    @Override
    public int choose(long gameId, long playerId, long cardId, List<Option> options) {
        checkGame(gameId);
        Player p = player(playerId);
        Card c = card(cardId);
        if (options.isEmpty())
            throw new IllegalArgumentException("no options");
        if (game.current != null)
            game.current.options = List.copyOf(options);
        int chosen = game.chooser != null ? game.chooser.choose(game, p.index(), c, options) : -1;
        boolean asked = chosen >= 0 && chosen < options.size();
        if (!asked)
            chosen = game.controller.choose(c.rules(), options);
        game.controller.choicesMade++;
        if (game.current != null)
            game.current.chosen = chosen;
        Option o = options.get(chosen);
        GameEvent e = new GameEvent(GameEvent.Type.CHOICE, p.index(), c);
        e.index = chosen;
        e.asked = asked;
        e.optionKind = o.kind();
        e.face = o.kind() == OptionKind.CAST_FACE ? o.face() : -1;
        game.addEvent(e);
        return chosen;
    }

    @Override
    public boolean castFree(long gameId, long playerId, long cardId, int face) {
        checkGame(gameId);
        Player p = player(playerId);
        Card c = card(cardId);
        checkFace(c, face);
        if (c.zone != ZoneType.EXILE || c.owner() != p)
            throw new IllegalStateException(c.name() + " is not in " + p.name() + "'s exile");
        if (PlayerController.namesFace(game.controller.castFails, c.rules(), face))
            return false;
        /* A cast like any other: its cast triggers (cascade) trigger. */
        game.getAction().castSpell(p.index(), c, face, true, game.controller.x, false);
        return true;
    }

    @Override
    public int randomBelow(long gameId, int bound) {
        checkGame(gameId);
        return game.rng.below(bound);
    }

    /** ABI 1.1 batched: the same draws, in order, as the single calls. */
    @Override
    public void randomBelowEach(long gameId, int[] bounds, int count, int[] out) {
        checkGame(gameId);
        for (int i = 0; i < count; i++)
            out[i] = game.rng.below(bounds[i]);
    }

    /** For the validation layer (keyact-jvm run --validate): the card's zone, empty for no such card. */
    @Override
    public Optional<Zone> cardZone(long gameId, long cardId) {
        checkGame(gameId);
        Card c = game.card(cardId);
        if (c == null)
            return Optional.empty();
        return Optional.of(switch (c.zone) {
            case LIBRARY -> Zone.LIBRARY;
            case EXILE -> Zone.EXILE;
            case HAND -> Zone.HAND;
            case STACK -> Zone.STACK;
            case BATTLEFIELD -> Zone.BATTLEFIELD;
            case GRAVEYARD -> Zone.GRAVEYARD;
            case NONE -> Zone.OTHER;
        });
    }

    private static GameEvent.Type typeOf(Event event) {
        return switch (event.type()) {
            case EXILED -> GameEvent.Type.EXILED;
            case HIT -> GameEvent.Type.HIT;
            case CAST -> GameEvent.Type.CAST_FREE;
            case CAST_FAILED -> GameEvent.Type.CAST_FAILED;
            case TO_HAND -> GameEvent.Type.TO_HAND;
            case BOTTOM -> GameEvent.Type.BOTTOM;
            case DISCOVERED -> GameEvent.Type.DISCOVERED;
            case FINISHED -> GameEvent.Type.FINISHED;
        };
    }

    @Override
    public void notify(long gameId, Event event) {
        if (gameId != Game.ID)
            return;
        long ph = event.player();
        int player = ph >= 1 && ph <= game.players.size() ? (int) ph - 1 : 0;
        GameEvent e = new GameEvent(typeOf(event), player, game.card(event.card()));
        e.n = event.n();
        e.face = event.face();
        e.index = event.index();
        e.manaValueHalves = event.manaValueHalves();
        game.addEvent(e);
    }

    @Override
    public void log(LogLevel level, String message) {
        if (level == LogLevel.WARNING || level == LogLevel.ERROR)
            System.err.println("keyact-jvm: plugin: " + message);
    }
}
