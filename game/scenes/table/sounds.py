"""The table's events as sounds (a person's refusals buzz), and the grab flashes."""
from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from game.scenes.table.draw import TableView
from game.sim.table_events import (BiddingBegan, BidsRevealed, BidStep, BonusTaken, Bought, CheckoutBegan, Countdown,
                                   GameOver, Go, Grabbed, Landed, LastPlayer, LastTick, Queued, RaceWon, Refused,
                                   Rolled, RoundClosed, SeatReady, TableEvent, TokensChanged)
from game.sim.table_face import TableForSounds

if TYPE_CHECKING:
    from game.bots.checkout import CheckOutBot
    from game.core.context import Context


def sound_of(event: TableEvent, human: bool) -> str | None:
    """The sound an event makes (None: none). `human`: the event is a person's own (only a
    person's refusals buzz)."""
    match event:
        case Refused():
            return "error" if human else None
        case TokensChanged(change=change):
            return "token" if change else None
        case Rolled():
            return "roll"
        case Grabbed():
            return "grab"
        case Queued():
            return "queue"
        case Bought():
            return "buy"
        case BonusTaken() | BidsRevealed():
            return "bonus"
        case Countdown() | LastPlayer() | LastTick():
            return "countdown"
        case Go():
            return "go"
        case GameOver():
            return "win"
        case SeatReady():
            return "confirm"
        case Landed():
            return "land"
        case BidStep():
            return "menu_move"
        case RaceWon() | CheckoutBegan() | BiddingBegan() | RoundClosed():
            return None
        case _:
            assert_never(event)


def table_sounds(ctx: "Context", sim: TableForSounds, view: TableView, bots: dict[int, CheckOutBot]) -> None:
    """The tick's events as sounds, a flash on each product grabbed, and the dice landing."""
    for event in sim.events:
        if isinstance(event, Grabbed):
            view.flashes[event.product] = (event.seat, sim.tick)
        sound = sound_of(event, isinstance(event, Refused) and event.seat not in bots)
        if sound:
            ctx.sound(sound)
    if any(s.land_tick == sim.tick and s.land_tick > 0 for s in sim.seats):
        ctx.sound("land")
