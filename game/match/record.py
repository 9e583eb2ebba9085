"""What a finished match leaves behind for the player's records: who sat where, who won, and
the few facts the stats screen and the evening's honours tell stories with.

Built once when a match in the window ends (never from a demo, a replay or a speedrun
practice), stored in the records database, and read by the stats screen and the evening.
Plain data, no pygame: the same record comes out of a headless replay of the same match.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.match.spec import SeatKind


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat's part in a finished match."""

    seat: int
    name: str                 # as shown on the podium (a profile's name, or the seat's colour name)
    profile: int | None       # the profile that played this seat (game.files.database profiles); None: a guest or a bot
    kind: SeatKind
    difficulty: str           # bots only ("" for humans)
    team: int | None          # None when teams were off
    score: int                # the final score the podium shows
    place: int                # 1 = won; tied seats share a place
    # Facts for stats and honours; each is 0 when the game has no such thing.
    sold_out_calls: int = 0   # Sold Out!: SOLD OUT! called by this seat
    flips: int = 0            # Sold Out!: cards flipped; Check Out!: dice rolls
    grabs: int = 0            # Sold Out!: cards delivered or placed; Check Out!: products grabbed
    walked: float = 0.0       # Sold Out!: tiles walked
    fastest_grab: int | None = None   # ticks from a round's start (Sold Out!) or a roll (Check Out!) to the first grab


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One finished match, as the records keep it."""

    game: str                 # a registered game's key
    modes: tuple[str, ...]    # each round's mode, in order (Check Out!: ("standard",))
    level: str                # the level's map name; "" for games without levels
    seed: int
    ticks: int                # the match's length in simulation ticks
    finished: str             # when it ended, local time, ISO 8601 to the second (the records' clock, not the sim's)
    seats: tuple[SeatLine, ...]

    @property
    def winners(self) -> tuple[SeatLine, ...]:
        return tuple(line for line in self.seats if line.place == 1)

    @property
    def margin(self) -> int:
        """Points between the winner and the best seat that did not share first place (0 for a tie at the top)."""
        best = max((line.score for line in self.seats), default=0)
        rest = [line.score for line in self.seats if line.place != 1]
        return 0 if not rest else best - max(rest)
