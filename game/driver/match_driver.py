"""Running a match: who presses each seat's buttons, recording, and the one bot-seed rule.

Every match is stepped here, in the window and headless alike: the mall and
table scenes, the speedrun sessions and the headless runners each hold one
`MatchDriver`. Each tick it gathers one Command per seat from that seat's
controller:

- a person: the Command the caller passes in (`people`), IDLE when absent;
- a bot or a pilot: a callable seated with `seat(key, controller)` (a bot's `command`);
- a replay: `playback` (a replay's ticks) stands for every seat, the controllers rest;

writes them to a replay when recording, and steps the simulation. `bot_seed`
is the only place a bot's generator seed is made from the match seed, so a seed plays
the same in the window and headless. `start_due_round()` starts a world's next
round at once in the mode its game's schedule gives (the headless rule, which replays
follow). The driver knows no game: which bot a seat gets, when a bot must think whatever
its cooldown (`Repeater.eager_phase`) and the schedule all come from the game's side.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Generic, Iterable, Iterator, Mapping, Protocol, TypeVar

from game.match.commands import IDLE, Command
from game.match.spec import MatchSpec
from game.sim.protocol import Simulation

if TYPE_CHECKING:
    from game.driver.replay import ReplayWriter

S = TypeVar("S", bound=Simulation)           # the world a driver steps: the mall's face or the table's
S_in = TypeVar("S_in", bound=Simulation, contravariant=True)
Controller = Callable[[S], Command]   # the simulation in, this tick's Command out (a bot's `command`)
_NOBODY: Mapping[int, Command] = {}


class Repeater(Protocol[S_in]):
    """A bot that repeats its last Command while its cooldown runs: `command(sim)` counts
    `cooldown` down and returns `move` while it is above 0, and only then thinks. In its
    `eager_phase` it is asked every tick (a Sold Out! bot reads a Memory list on show whatever
    its cooldown); "" for none."""

    cooldown: int
    move: Command
    eager_phase: str

    def command(self, sim: S_in, /) -> Command: ...


class RoundsWorld(Simulation, Protocol):
    """A world played in rounds, each in a mode: what start_due_round() asks of it."""

    def start_next_round(self, mode: str) -> None: ...


R = TypeVar("R", bound=RoundsWorld)


def bot_seed(match_seed: int, seat: int) -> int:
    """A bot's generator seed: the match seed and the seat, nothing else (not the round, not
    whether a window is open). One bot plays a seat for the whole match."""
    return (match_seed * 1_000_003 + seat * 7919 + 17) & 0x7FFFFFFF


class Stepper(Protocol):
    """A match driver, whichever world it steps: what a speedrun session asks of one."""

    @property
    def keys(self) -> list[int]: ...
    @property
    def writer(self) -> ReplayWriter | None: ...

    def gather(self, people: Mapping[int, Command] | None = None) -> dict[int, Command]: ...
    def play(self, commands: Mapping[int, Command], record: bool = True) -> None: ...


class MatchDriver(Generic[S]):
    """Steps `sim` with one Command per key (a seat number, or a seat's index for the table).

    `keys` are in the replay's seat order: a recorded tick lists the keys' Commands in it."""

    def __init__(self, sim: S, keys: list[int], writer: ReplayWriter | None = None,
                 playback: Iterable[list[Command]] | None = None, rounds: list[str] | None = None) -> None:
        self.sim = sim
        self.keys = keys
        self.writer = writer
        self.controllers: dict[int, Controller[S]] = {}
        self.rounds = rounds              # every round's mode (the game's schedule), for start_due_round()
        self._next_round = 1
        self._playback: Iterator[list[Command]] | None = iter(playback) if playback is not None else None
        self._pending: list[Command] | None = next(self._playback, None) if self._playback is not None else None
        self._repeaters: dict[int, Repeater[S]] = {}
        self._plan: list[tuple[int, Repeater[S] | None, Controller[S] | None, str]] | None = None
        self._plan_of: dict[int, Controller[S]] | None = None
        self._eager: tuple[str, ...] = ()       # the plan's bots' eager phases (see gather)
        self._watcher: Callable[[S], None] | None = None

    # ----- who plays -----------------------------------------------------------------
    def seat(self, key: int, controller: Controller[S]) -> None:
        """Let `controller` (a bot's `command`) press this seat's buttons from now on."""
        self.controllers[key] = controller
        self._repeaters.pop(key, None)
        self._plan = None

    def seat_bot(self, key: int, bot: Repeater[S]) -> None:
        """`seat(key, bot.command)`, with the bot's repeat run here: a headless match then makes
        one call per bot decision instead of one per seat and tick (the same Commands)."""
        self.seat(key, bot.command)
        self._repeaters[key] = bot

    def watch(self, watcher: Callable[[S], None]) -> None:
        """Let `watcher` read the world after every tick this driver steps (a match's tally for
        the records: game.match.tally). It reads only: the match plays the same with or without."""
        self._watcher = watcher

    @property
    def replaying(self) -> bool:
        return self._playback is not None

    def played_out(self) -> bool:
        """A replay's commands have all been used (never true when not replaying)."""
        return self._playback is not None and self._pending is None

    # ----- a tick --------------------------------------------------------------------
    def gather(self, people: Mapping[int, Command] | None = None) -> dict[int, Command]:
        """This tick's Commands, in key order: the replay's; else each controlled seat's, else
        the person's (or IDLE)."""
        if self._playback is not None:
            recorded = self._pending or []   # past a replay's end every seat is idle
            self._pending = next(self._playback, None)
            return {key: recorded[i] if i < len(recorded) else IDLE for i, key in enumerate(self.keys)}
        people = people or _NOBODY
        sim = self.sim
        plan = self._plan
        if plan is None or self._plan_of is not self.controllers:   # a caller may swap the dict
            plan = self._make_plan()
        out = {}
        phase = sim.phase
        if phase not in self._eager:     # most ticks: no bot must think whatever its cooldown
            for key, bot, controller, _eager in plan:
                if bot is not None:
                    if bot.cooldown > 0:   # the bot's own first lines, without the call
                        bot.cooldown -= 1
                        out[key] = bot.move
                    else:
                        out[key] = bot.command(sim)
                elif controller is not None:
                    out[key] = controller(sim)
                else:
                    out[key] = people.get(key, IDLE)
            return out
        for key, bot, controller, eager in plan:
            if bot is not None:
                if bot.cooldown > 0 and phase != eager:
                    bot.cooldown -= 1
                    out[key] = bot.move
                else:
                    out[key] = bot.command(sim)
            elif controller is not None:
                out[key] = controller(sim)
            else:
                out[key] = people.get(key, IDLE)
        return out

    def _make_plan(self) -> list[tuple[int, Repeater[S] | None, Controller[S] | None, str]]:
        # Each bot's eager phase is read once here, not per seat and tick (a class constant).
        plan: list[tuple[int, Repeater[S] | None, Controller[S] | None, str]] = []
        for key in self.keys:
            controller = self.controllers.get(key)
            bot = self._repeaters.get(key)
            if bot is not None and controller != bot.command:
                bot = None                   # the seat was handed to another controller since
            plan.append((key, bot, controller, bot.eager_phase if bot is not None else ""))
        self._plan, self._plan_of = plan, self.controllers
        self._eager = tuple(sorted({eager for _k, _b, _c, eager in plan if eager}))
        return plan

    def play(self, commands: Mapping[int, Command], record: bool = True) -> None:
        """Record (unless `record` is False) and step one tick with `commands`."""
        if record and self.writer is not None:
            self.writer.add_tick([commands.get(key, IDLE) for key in self.keys])
        self.sim.step(dict(commands))
        if self._watcher is not None:
            self._watcher(self.sim)

    def step(self, people: Mapping[int, Command] | None = None) -> dict[int, Command]:
        """Gather, record and step one tick; returns the Commands used."""
        commands = self.gather(people)
        if self.writer is not None:
            self.writer.add_tick([commands.get(key, IDLE) for key in self.keys])
        self.sim.step(commands)     # `play` without its copy: gather's dict is new every tick
        if self._watcher is not None:
            self._watcher(self.sim)
        return commands

    def start_due_round(self: MatchDriver[R]) -> bool:
        """If a round just ended, start the next in its scheduled mode. False when the match has
        no round left to start (a replay that ran past its rounds)."""
        if self.sim.phase != "round_over" or self.rounds is None:
            return True
        if self._next_round >= len(self.rounds):
            return False
        self.sim.start_next_round(self.rounds[self._next_round])
        self._next_round += 1
        return True

    # ----- the recording -------------------------------------------------------------
    def save(self, path: Path | str) -> None:
        """Write the recorded replay (no-op when not recording)."""
        if self.writer is not None:
            self.writer.save(Path(path))

    def stop_recording(self) -> ReplayWriter | None:
        """Stop recording (the match is over); returns the writer to save, if any."""
        writer, self.writer = self.writer, None
        return writer


def recorder(spec: MatchSpec) -> ReplayWriter:
    """A replay writer for the match `spec` (its header names the seats in key order)."""
    # The replay module (and the user-file register it shares its size cap with) only for a match
    # that records: a plain headless match never loads it (issue #46).
    from game.driver.replay import ReplayWriter, header_for
    return ReplayWriter(header_for(spec))
