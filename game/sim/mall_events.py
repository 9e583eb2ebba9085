"""The mall's phases and the events of a tick (`MallSim.events`), typed.

Each event is a NamedTuple whose first field names its kind, so `event[0]`,
`event[1]` and unpacking read them as the plain tuples they replace. Phases are a
StrEnum: a phase still equals its name ("playing") and hashes as it did."""
from __future__ import annotations

from typing import Callable, Literal, NamedTuple, Union

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
class Picked(NamedTuple):
    kind: Literal["picked"]
    seat: int
    pile: int


class Flipped(NamedTuple):
    kind: Literal["flipped"]
    seat: int
    pile: int | None


class Took(NamedTuple):
    kind: Literal["took"]
    seat: int
    card: str | None
    pile: int


class Delivered(NamedTuple):
    kind: Literal["delivered"]
    seat: int
    card: str


class Placed(NamedTuple):
    kind: Literal["placed"]
    seat: int
    card: str
    dresser: int


class PutDown(NamedTuple):
    kind: Literal["put_down"]
    seat: int
    pile: int | None


class Returned(NamedTuple):
    kind: Literal["returned"]
    seat: int
    pile: int


class HandBack(NamedTuple):
    kind: Literal["hand_back"]
    seat: int
    card: str | None


class Called(NamedTuple):
    """Memory family: the seat called SOLD OUT! (the seat is given twice, as it always was)."""

    kind: Literal["called"]
    seat: int
    caller: int


ACTIONS: dict[str, Callable[..., MallEvent]] = {"picked": Picked, "flipped": Flipped, "took": Took, "delivered": Delivered, "placed": Placed,
           "put_down": PutDown, "returned": Returned, "hand_back": HandBack, "called": Called}


# ----- everything else ----------------------------------------------------------------
class Selected(NamedTuple):
    """LB/RB: the target objective card (None: auto) or the hand card."""

    kind: Literal["selected"]
    seat: int
    choice: int | None


class Ready(NamedTuple):
    kind: Literal["ready"]
    seat: int


class Rejected(NamedTuple):
    kind: Literal["rejected"]
    seat: int
    reason: str


class PileGone(NamedTuple):
    kind: Literal["pile_gone"]
    pile: int


class SoldOutCalled(NamedTuple):
    """The round ended with SOLD OUT! for `side` (seat: whose action it was, None if no one's)."""

    kind: Literal["sold_out"]
    side: int | None
    seat: int | None


class RoundEnded(NamedTuple):
    kind: Literal["round_over"]
    cause: str


class PhaseChanged(NamedTuple):
    kind: Literal["phase"]
    phase: MallPhase


MallEvent = Union[Picked, Flipped, Took, Delivered, Placed, PutDown, Returned, HandBack, Called,
                  Selected, Ready, Rejected, PileGone, SoldOutCalled, RoundEnded, PhaseChanged]
