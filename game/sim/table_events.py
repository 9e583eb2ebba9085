"""The table's own phases and the events of a step (`TableSim.events`), typed.

One frozen class per kind with typed fields. Readers match on the class, ending in
`assert_never` so that mypy names every reader a new kind would pass by; nothing reads an event
by position or by its name. `kind` is the event's name where data names it
(assets/rumble.toml)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union, assert_never

from game.rules.phases import Phase


class TableStage(Phase):
    """The table's own phases on top of the engine's CheckoutPhase (TableSim.phase is one of either)."""

    COUNTDOWN = "countdown"   # 3-2-1 before a round: cursors move, buttons wait
    REVEAL = "reveal"         # every bonus bid shown together


# ----- a seat's own --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Refused:
    """The seat's press was refused, and the refusal is heard (`reason` in English)."""

    kind: ClassVar[str] = "error"
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class Rolled:
    kind: ClassVar[str] = "roll"
    seat: int
    dice: int          # how many dice rolled


@dataclass(frozen=True, slots=True)
class Grabbed:
    kind: ClassVar[str] = "grab"
    seat: int
    product: str


@dataclass(frozen=True, slots=True)
class RaceWon:
    """Two or more seats grabbed `product` in one step: `seat` got it."""

    kind: ClassVar[str] = "race"
    seat: int
    product: str


@dataclass(frozen=True, slots=True)
class Queued:
    """The seat joined the checkout queue with `dice` dice left (`auto`: its time ran out)."""

    kind: ClassVar[str] = "queue"
    seat: int
    dice: int
    auto: bool


@dataclass(frozen=True, slots=True)
class BonusTaken:
    """The seat was first in the queue and took the bonus `tokens`."""

    kind: ClassVar[str] = "bonus"
    seat: int
    tokens: int


@dataclass(frozen=True, slots=True)
class LastPlayer:
    """The seat is the last still rolling: `ticks` left before it is queued for them."""

    kind: ClassVar[str] = "last"
    seat: int
    ticks: int


@dataclass(frozen=True, slots=True)
class LastTick:
    """A second of the last player's time gone: `seconds` left."""

    kind: ClassVar[str] = "last_tick"
    seat: int
    seconds: int


@dataclass(frozen=True, slots=True)
class Landed:
    """Solo bonus round: the seat's dice were set (`face`: the one die turned to it, None: fitted
    to a product)."""

    kind: ClassVar[str] = "land"
    seat: int
    face: int | None


@dataclass(frozen=True, slots=True)
class Bought:
    kind: ClassVar[str] = "buy"
    seat: int
    bargain: str


@dataclass(frozen=True, slots=True)
class TokensChanged:
    """Checkout: the seat's tokens changed by `change` (0: a turn that bought nothing)."""

    kind: ClassVar[str] = "token"
    seat: int
    change: int


@dataclass(frozen=True, slots=True)
class SeatReady:
    kind: ClassVar[str] = "ready"
    seat: int


@dataclass(frozen=True, slots=True)
class BidStep:
    """The seat's secret bid moved one step (which way is never told)."""

    kind: ClassVar[str] = "bid_step"
    seat: int


# ----- the table's own -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Countdown:
    kind: ClassVar[str] = "countdown"
    seconds: int


@dataclass(frozen=True, slots=True)
class Go:
    kind: ClassVar[str] = "go"


@dataclass(frozen=True, slots=True)
class CheckoutBegan:
    kind: ClassVar[str] = "checkout"


@dataclass(frozen=True, slots=True)
class BiddingBegan:
    kind: ClassVar[str] = "bidding"


@dataclass(frozen=True, slots=True)
class GameOver:
    kind: ClassVar[str] = "over"
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundClosed:
    kind: ClassVar[str] = "round_end"
    round: int


@dataclass(frozen=True, slots=True)
class BidsRevealed:
    kind: ClassVar[str] = "reveal"
    bids: tuple[int, ...] | None


SeatEvent = Union[Refused, Rolled, Grabbed, RaceWon, Queued, BonusTaken, LastPlayer, LastTick, Landed, Bought,
                  TokensChanged, SeatReady, BidStep]
TableEvent = Union[SeatEvent, Countdown, Go, CheckoutBegan, BiddingBegan, GameOver, RoundClosed, BidsRevealed]


def seat_of(event: TableEvent) -> int | None:
    """The seat whose own event it is; None for the table's own."""
    match event:
        case (Refused(seat=seat) | Rolled(seat=seat) | Grabbed(seat=seat) | RaceWon(seat=seat) | Queued(seat=seat)
              | BonusTaken(seat=seat) | LastPlayer(seat=seat) | LastTick(seat=seat) | Landed(seat=seat)
              | Bought(seat=seat) | TokensChanged(seat=seat) | SeatReady(seat=seat) | BidStep(seat=seat)):
            return seat
        case Countdown() | Go() | CheckoutBegan() | BiddingBegan() | GameOver() | RoundClosed() | BidsRevealed():
            return None
        case _:
            assert_never(event)
