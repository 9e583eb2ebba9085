"""The mall's phases and the events of a tick (`MallSim.events`), typed.

One frozen class per kind with typed fields. Readers match on the class (`match event:
case Took(seat=seat, card=card)`), ending in `assert_never` so that mypy names every reader
a new kind would pass by; nothing reads an event by position or by its name. `kind` is the
event's name where data names it (assets/rumble.toml). Phases are a StrEnum: a phase still
equals its name ("playing") and hashes as it did."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union, assert_never

from game.rules.phases import Phase


class MallPhase(Phase):
    """study (Memory family only) -> countdown -> playing -> sold_out (the freeze after any
    round end) -> round_over (call start_next_round) ... -> match_over."""

    STUDY = "study"
    COUNTDOWN = "countdown"
    PLAYING = "playing"
    SOLD_OUT = "sold_out"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


# ----- a seat's action went through (the engine applied it) ---------------------------
@dataclass(frozen=True, slots=True)
class Picked:
    kind: ClassVar[str] = "picked"
    seat: int
    pile: int


@dataclass(frozen=True, slots=True)
class Flipped:
    """`pile`: the pile still held after the flip (None: it is gone)."""

    kind: ClassVar[str] = "flipped"
    seat: int
    pile: int | None


@dataclass(frozen=True, slots=True)
class Took:
    """`card`: the card that showed when it was taken."""

    kind: ClassVar[str] = "took"
    seat: int
    card: str | None
    pile: int


@dataclass(frozen=True, slots=True)
class Delivered:
    kind: ClassVar[str] = "delivered"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Placed:
    kind: ClassVar[str] = "placed"
    seat: int
    card: str
    dresser: int


@dataclass(frozen=True, slots=True)
class PutDown:
    """`pile`: the pile put down (None: the seat held none and the engine said so)."""

    kind: ClassVar[str] = "put_down"
    seat: int
    pile: int | None


@dataclass(frozen=True, slots=True)
class Returned:
    kind: ClassVar[str] = "returned"
    seat: int
    pile: int


@dataclass(frozen=True, slots=True)
class HandBack:
    kind: ClassVar[str] = "hand_back"
    seat: int
    card: str | None


@dataclass(frozen=True, slots=True)
class Called:
    """Memory family: the seat called SOLD OUT!"""

    kind: ClassVar[str] = "called"
    seat: int


ActionEvent = Union[Picked, Flipped, Took, Delivered, Placed, PutDown, Returned, HandBack, Called]
# Actions that move a card between a pile, a hand, a carry, a table and a dresser (not a pile's
# own moves or flips): what bots' plans depend on.
CARD_MOVES = (Took, Delivered, Returned, Placed, HandBack)


# ----- everything else ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Selected:
    """LB/RB: the target objective card (None: auto) or the hand card."""

    kind: ClassVar[str] = "selected"
    seat: int
    choice: int | None


@dataclass(frozen=True, slots=True)
class Ready:
    kind: ClassVar[str] = "ready"
    seat: int


@dataclass(frozen=True, slots=True)
class Rejected:
    kind: ClassVar[str] = "rejected"
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class PileGone:
    kind: ClassVar[str] = "pile_gone"
    pile: int


@dataclass(frozen=True, slots=True)
class SoldOutCalled:
    """The round ended with SOLD OUT! for `side` (seat: whose action it was, None if no one's)."""

    kind: ClassVar[str] = "sold_out"
    side: int | None
    seat: int | None


@dataclass(frozen=True, slots=True)
class RoundEnded:
    kind: ClassVar[str] = "round_over"
    cause: str


@dataclass(frozen=True, slots=True)
class PhaseChanged:
    kind: ClassVar[str] = "phase"
    phase: MallPhase


MallEvent = Union[ActionEvent, Selected, Ready, Rejected, PileGone, SoldOutCalled, RoundEnded, PhaseChanged]


def seat_of(event: MallEvent) -> int | None:
    """The seat whose own event it is (their action, choice, readiness or refusal); None for
    the round's own (a pile gone, SOLD OUT! for a side, the round's end, a phase)."""
    match event:
        case (Picked(seat=seat) | Flipped(seat=seat) | Took(seat=seat) | Delivered(seat=seat)
              | Placed(seat=seat) | PutDown(seat=seat) | Returned(seat=seat) | HandBack(seat=seat)
              | Called(seat=seat) | Selected(seat=seat) | Ready(seat=seat) | Rejected(seat=seat)):
            return seat
        case PileGone() | SoldOutCalled() | RoundEnded() | PhaseChanged():
            return None
        case _:
            assert_never(event)
