"""Sold Out!: the game object (game.match.games.Game), and its bots' seats as the driver takes them."""
from __future__ import annotations

from typing import Any, Sequence

from game.bots.soldout import SoldOutBot, make_soldout_bot
from game.driver import soldout_headless
from game.driver.match_driver import Controller, bot_seed
from game.match.commands import Button, Command
from game.match.games import Choices, Demo, Game, Runner, ScenarioRunner, register
from game.match.spec import MatchOptions, MatchSpec, SeatSpec
from game.rules.soldout import modes, scenario
from game.sim.mall_face import MallFace
from game.speedrun.courses import Course, SoldOutCourse
from game.text.notice import N_

STUDY_READY_TICKS = 240   # a pilot's seats press ready this long into Memory's study time


class SoldOut(Game):
    key = "soldout"
    title = "Sold Out!"
    min_seats = 1
    # Sold Out! 2: a Rush card goes straight to the Starting Table (only the assist sends one back) and Memory
    #   puts a hand card back with B while the hand is open, not with a tap of Y.
    # Sold Out! 3: seats acting in the same tick go in an order drawn for that tick, not in seat order.
    rules_revision = 3
    older_rules = {
        1: N_("this replay was recorded under older Sold Out! rules (a Rush card could go back into a pile, Y put "
              "a Memory card back, simultaneous actions went by seat order) and cannot be replayed"),
        2: N_("this replay was recorded under older Sold Out! rules (simultaneous actions went by seat order) and "
              "cannot be replayed"),
    }
    solo_unchanged = frozenset({2})   # revision 3 only ordered seats acting in one tick
    lobby_rows = frozenset({"mode", "rounds", "level", "assist"})
    ghosts = True     # the runner's avatar walks the mall

    def modes(self) -> Sequence[str]:
        return modes.choices()     # the registry: a mode registered later counts too

    def mode_name(self, mode: str) -> str:
        return modes.display_name(mode)

    def round_modes(self) -> Sequence[str]:
        return modes.keys()

    def spec(self, seats: tuple[SeatSpec, ...], seed: int, choices: Choices = Choices()) -> MatchSpec:
        return MatchSpec(self.key, seats, mode=choices.mode or self.default_mode(), rounds=choices.rounds or 1, seed=seed,
                         teams=choices.teams, level=choices.level,
                         options=MatchOptions(assist=choices.assist))

    def schedule(self, spec: MatchSpec) -> list[str]:
        """A recorded schedule, else the spec's mode every round, or for "choose" the modes in turn."""
        return modes.schedule(spec)

    def runner(self) -> Runner:
        return soldout_headless

    def scenarios(self) -> ScenarioRunner:
        return scenario

    def demos(self) -> Sequence[Demo]:
        return [Demo(key, modes.get(key).demo_players) for key in modes.keys()]

    def course(self, spec: MatchSpec) -> Course[Any]:
        return SoldOutCourse(spec)


def bot_for(seat: SeatSpec, sim: MallFace, match_seed: int) -> SoldOutBot:
    """The bot for a seat (a person's seat taken over plays at normal)."""
    spec = seat if seat.kind == "bot" else SeatSpec(seat.seat, seat.name, "bot", "normal", seat.team)
    return make_soldout_bot(spec, sim, bot_seed(match_seed, seat.seat))


def ready_after_study(controller: Controller[MallFace]) -> Controller[MallFace]:
    """A pilot (screenshots, the benchmark): `controller`, except that Memory's study time ends
    for everyone STUDY_READY_TICKS in, so a demo does not wait out the whole study."""
    def command(sim: MallFace) -> Command:
        if sim.phase == "study" and sim.tick - sim.phase_tick > STUDY_READY_TICKS:
            return Command(pressed=Button.A)
        return controller(sim)
    return command


SOLD_OUT = register(SoldOut())
