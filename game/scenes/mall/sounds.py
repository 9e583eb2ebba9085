"""The mall's events as sounds: what each kind of event sounds like, and whose it must be."""
from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from game.sim.mall_events import (Called, Delivered, Flipped, HandBack, MallEvent, MallPhase, PhaseChanged, Picked,
                                  PileGone, Placed, PutDown, Ready, Rejected, Returned, RoundEnded, Selected,
                                  SoldOutCalled, Took, seat_of)
from game.sim.mall_face import MallForSounds

if TYPE_CHECKING:
    from game.bots.soldout import SoldOutBot
    from game.core.context import Context


def sound_of(event: MallEvent, human: bool) -> str | None:
    """The sound an event makes (None: none). `human`: the event is a person's own; only theirs
    flip and buzz (six bots flipping would drown the room)."""
    match event:
        case Picked():
            return "pickup"
        case PutDown() | Returned() | HandBack():
            return "putdown"
        case Flipped():
            return "flip" if human else None
        case Took():
            return "take"
        case Delivered() | Placed():
            return "deliver"
        case Ready():
            return "confirm"
        case Selected():
            return "menu_move"
        case Rejected():
            return "error" if human else None
        case PhaseChanged(phase=MallPhase.PLAYING):
            return "go"
        case PhaseChanged(phase=MallPhase.SOLD_OUT):
            return "sold_out"
        case PhaseChanged(phase=MallPhase.MATCH_OVER):
            return "win"
        case PhaseChanged() | Called() | PileGone() | SoldOutCalled() | RoundEnded():
            return None
        case _:
            assert_never(event)


def play_sounds(ctx: "Context", sim: MallForSounds, bots: dict[int, SoldOutBot]) -> None:
    """The tick's events as sounds."""
    for event in sim.events:
        seat = seat_of(event)
        human = seat is not None and seat in sim.by_seat and not sim.by_seat[seat].bot and seat not in bots
        sound = sound_of(event, human)
        if sound:
            ctx.sound(sound)
