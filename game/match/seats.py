"""Seat identities (assets/seats.toml) and the lobby's seat table.

A seat's identity (colour + shape + name) is data; the lobby fills seats with
humans (a device) or bots (a difficulty) and turns the table into SeatSpecs.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache

from game import asset
# The catalogue alone (not i18n, which loads Babel): names are data, said in the language in
# use, and a headless match (English, no language set) reads them without the translations.
from game.text.language import gettext, language
from game.text.notice import N_
from game.match.spec import DIFFICULTIES, SeatSpec

MAX_SEATS = 6
TEAM_COUNT = 3
TEAM_NAMES = (N_("Team A"), N_("Team B"), N_("Team C"))   # how they look: game/render/teams.py
SEATS_FILE = asset("seats.toml")

DeviceId = tuple[str, str | int]  # ("kb", "left") | ("kb", "right") | ("pad", instance_id)


@dataclass(frozen=True, slots=True)
class SeatIdentity:
    index: int
    name: str
    colour: tuple[int, int, int]
    shape: str

    @property
    def hex(self) -> str:
        """The seat's colour as "#RRGGBB" (how the drawing of shapes and dice takes it)."""
        return "#%02X%02X%02X" % self.colour


def seat_name(seats: list[LobbySeat], seat: int) -> str:
    """Seat `seat`'s name in the lobby's table `seats`: a profile's name where one sits there."""
    return next((s.name for s in seats if s.seat == seat), identities()[seat].name)


def team_name(team: int) -> str:
    """"Team A", in the player's language."""
    return gettext(TEAM_NAMES[team])


def _rgb(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def identities() -> tuple[SeatIdentity, ...]:
    """The six seat identities, in seat order, named in the player's language."""
    return _identities(language())


@lru_cache(maxsize=4)
def _identities(lang: str) -> tuple[SeatIdentity, ...]:
    data = tomllib.loads(SEATS_FILE.read_text(encoding="utf-8"))
    return tuple(
        SeatIdentity(i, gettext(entry["name"]), _rgb(entry["colour"]), entry["shape"])
        for i, entry in enumerate(data["seat"][:MAX_SEATS])
    )


@dataclass(slots=True)
class LobbySeat:
    """One filled seat in the lobby: a human on a device, or a bot."""

    seat: int
    kind: str = "human"              # "human" | "bot"
    device: DeviceId | None = None   # humans only
    difficulty: str = "normal"       # bots only
    team: int = 0                    # used when teams are on
    device_name: str = ""            # "Keyboard (left)", the pad's name (shown in the lobby)
    character: str | None = None     # the shopper this seat plays (assets/cast.toml); None: the seat's default.
                                     # Presentation only: never in the MatchSpec, the replay or the hash
    profile: int | None = None       # humans only: the player's profile (records database); None: a guest seat
    profile_name: str = ""           # that profile's name, shown for the seat everywhere ("": the seat's colour name)

    @property
    def identity(self) -> SeatIdentity:
        return identities()[self.seat]

    def cycle_difficulty(self, step: int = 1) -> None:
        index = DIFFICULTIES.index(self.difficulty) if self.difficulty in DIFFICULTIES else 1
        self.difficulty = DIFFICULTIES[(index + step) % len(DIFFICULTIES)]

    @property
    def name(self) -> str:
        """What the seat is called everywhere: its profile's name, else its colour's."""
        return self.profile_name or self.identity.name

    def spec(self, teams: bool) -> SeatSpec:
        return SeatSpec(
            seat=self.seat,
            name=self.name,   # a replay's header may show it; no hash reads it
            kind="bot" if self.kind == "bot" else "human",
            difficulty=self.difficulty,
            team=self.team if teams else None,
        )
