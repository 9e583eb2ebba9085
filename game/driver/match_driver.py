"""Running a match: who presses each seat's buttons, recording, and the one bot-seed rule.

`MatchDriver` gathers one Command per seat each tick (a bot's, or the person's
from the caller), writes them to a replay when recording, and steps the
simulation. `bot_seed` is the only place a Sold Out! bot's generator seed is
made, so a seed plays the same in the window and headless.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

from game.input.commands import IDLE, Command
from game.match import SeatSpec

if TYPE_CHECKING:
    from game.bots.soldout import SoldOutBot
    from game.replay import ReplayWriter
    from game.sim.mall import MallSim

Controller = Callable[[Any], Command]   # the simulation in, this tick's Command out (a bot's `command`)
_NOBODY: Mapping[int, Command] = {}


class Repeater(Protocol):
    """A bot that repeats its last Command while its cooldown runs: `command(sim)` counts
    `cooldown` down and returns `move` while it is above 0, and only then thinks."""

    cooldown: int
    move: Command

    def command(self, sim: Any, /) -> Command: ...


def bot_seed(match_seed: int, seat: int) -> int:
    """A Sold Out! bot's generator seed: the match seed and the seat, nothing else (not the
    round, not whether a window is open). One bot plays a seat for the whole match."""
    return (match_seed * 1_000_003 + seat * 7919 + 17) & 0x7FFFFFFF


def soldout_bot(seat: SeatSpec, sim: MallSim, match_seed: int) -> SoldOutBot:
    """The bot for a seat (a person's seat taken over plays at normal)."""
    from game.bots.soldout import make_soldout_bot
    spec = seat if seat.kind == "bot" else SeatSpec(seat.seat, seat.name, "bot", "normal", seat.team)
    return make_soldout_bot(spec, sim, bot_seed(match_seed, seat.seat))


class MatchDriver:
    """Steps `sim` with one Command per key (a seat number, or a seat's index for the table)."""

    def __init__(self, sim: Any, keys: list[int], writer: ReplayWriter | None = None) -> None:
        self.sim = sim
        self.keys = keys
        self.writer = writer
        self.controllers: dict[int, Controller] = {}
        self._repeaters: dict[int, Repeater] = {}
        self._plan: list[tuple[int, Repeater | None, Controller | None]] | None = None
        self._plan_of: dict[int, Controller] | None = None

    def seat(self, key: int, controller: Controller) -> None:
        """Let `controller` (a bot's `command`) press this seat's buttons from now on."""
        self.controllers[key] = controller
        self._repeaters.pop(key, None)
        self._plan = None

    def seat_bot(self, key: int, bot: Repeater) -> None:
        """`seat(key, bot.command)`, with the bot's repeat run here: a headless match then makes
        one call per bot decision instead of one per seat and tick (the same Commands)."""
        self.seat(key, bot.command)
        self._repeaters[key] = bot

    def gather(self, people: Mapping[int, Command] | None = None) -> dict[int, Command]:
        """This tick's Commands, in key order: each controlled seat's, else the person's (or IDLE)."""
        people = people or _NOBODY
        sim = self.sim
        plan = self._plan
        if plan is None or self._plan_of is not self.controllers:   # a caller may swap the dict
            plan = self._make_plan()
        out = {}
        for key, bot, controller in plan:
            if bot is not None:
                if bot.cooldown > 0:          # SoldOutBot.command's first lines, without the call
                    bot.cooldown -= 1
                    out[key] = bot.move
                else:
                    out[key] = bot.command(sim)
            elif controller is not None:
                out[key] = controller(sim)
            else:
                out[key] = people.get(key, IDLE)
        return out

    def _make_plan(self) -> list[tuple[int, Repeater | None, Controller | None]]:
        plan: list[tuple[int, Repeater | None, Controller | None]] = []
        for key in self.keys:
            controller = self.controllers.get(key)
            bot = self._repeaters.get(key)
            if bot is not None and controller != bot.command:
                bot = None                   # the seat was handed to another controller since
            plan.append((key, bot, controller))
        self._plan, self._plan_of = plan, self.controllers
        return plan

    def step(self, people: Mapping[int, Command] | None = None) -> dict[int, Command]:
        """Gather, record and step one tick; returns the Commands used."""
        commands = self.gather(people)
        if self.writer is not None:
            self.writer.add_tick([commands[key] for key in self.keys])
        self.sim.step(commands)
        return commands

    def save(self, path: Path | str) -> None:
        """Write the recorded replay (no-op when not recording)."""
        if self.writer is not None:
            self.writer.save(Path(path))
