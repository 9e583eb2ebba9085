"""Check Out!: the game object (game.match.games.Game).

Light to import, as Sold Out!'s (game/games/soldout.py): the runner, the course and the
conformance runner are imported when first asked for.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from game.match.games import Demo, Game, Runner, ScenarioRunner, register
from game.match.spec import MatchSpec
from game.text.notice import N_

if TYPE_CHECKING:
    from game.match.tally import Tally
    from game.speedrun.courses import Course

ROUNDS = 4   # the rulebook's: 4 rounds and a bonus round
_ROTATING = N_("this replay was recorded under older Check Out! rules (simultaneous grabs at the dice table went in "
               "a rotating order) and cannot be replayed")


@dataclass(frozen=True, slots=True)
class CheckOutOptions:
    """Check Out!'s options: it has one mode, its rulebook's rounds and no level, so nothing to choose
    but what the lobby's seat table has. `teams` is kept as the lobby asked (a replay's header
    records it); the table plays without teams, its rulebook has none."""

    teams: bool = False


class CheckOut(Game):
    key = "checkout"
    title = "Check Out!"
    min_seats = 2
    # Check Out! 3: two grabs in one tick go in the tick's drawn order, not a rotating one. (Check Out! had no
    #   revision of its own before: its replays carried none or the Sold Out! number, 2, both the older order.)
    rules_revision = 3
    older_rules = {1: _ROTATING, 2: _ROTATING}
    fixed_rounds = ROUNDS
    rounds_said = N_("{rounds} + bonus")
    place = N_("Dice table")
    unused_flags = {"mode": "Check Out! has one mode",
                    "rounds": "Check Out! always plays 4 rounds + a bonus round",
                    "level": "Check Out! is played at the dice table",
                    "teams": "Check Out! has no teams in its rulebook"}

    def modes(self) -> Sequence[str]:
        return ("standard",)

    def mode_name(self, mode: str) -> str:
        return N_("Standard")

    def options_from(self, fields: Mapping[str, object]) -> CheckOutOptions:
        """Check Out! has one mode, its rulebook's rounds and no level: the words for those are dropped."""
        return CheckOutOptions(teams=bool(fields.get("teams", False)))

    def cli_refusal(self, bots: int, headless: bool) -> str | None:
        if headless and bots < self.min_seats:
            return "Check Out! needs at least 2 players: use --bots 2 or more"
        return None

    def runner(self) -> Runner:
        from game.driver import table_headless   # the table and its bots: only for a match run headless
        return table_headless

    def scenarios(self) -> ScenarioRunner:
        from game.rules.checkout import scenario   # the conformance cases: only for --scenario
        return scenario

    def demos(self) -> Sequence[Demo]:
        return [Demo("standard", 4)]

    def course(self, spec: MatchSpec) -> Course[Any]:
        from game.speedrun.courses import CheckOutCourse   # the speedrun referee: only for a run
        return CheckOutCourse(spec)

    def tally(self, spec: MatchSpec) -> Tally[Any]:
        from game.games.checkout_tally import CheckOutTally   # the events it counts: only for a live match
        return CheckOutTally(spec)


CHECK_OUT = register(CheckOut())
