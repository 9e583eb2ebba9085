"""Sold Out!: the game object (game.match.games.Game).

Imported by the command line and the replay reader before they know what will run, so it imports
only the options: the rules' mode registry (each method's own import), the runner, the course and
the conformance runner (the mall's simulation, bots and levels) are imported when first asked for,
and a Check Out! match, which registers this game too, loads none of them (issue #46).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from game.match.games import LIKELY_SEATS, Demo, Game, Rehearsal, Runner, ScenarioRunner, register
from game.match.spec import GameOptions, MatchSpec
from game.rules.soldout.options import LOBBY_ROUNDS, SoldOutOptions, as_sold_out
from game.text.notice import N_

if TYPE_CHECKING:
    from game.match.tally import Tally
    from game.speedrun.courses import Course


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
        from game.rules.soldout import modes
        return modes.choices()     # the registry: a mode registered later counts too

    def mode_name(self, mode: str) -> str:
        from game.rules.soldout import modes
        return modes.display_name(mode)

    def round_modes(self) -> Sequence[str]:
        from game.rules.soldout import modes
        return modes.keys()

    # ----- its options (game/rules/soldout/options.py)
    def options_from(self, fields: Mapping[str, object]) -> SoldOutOptions:
        mode, rounds, level, assist = (fields.get(word) for word in ("mode", "rounds", "level", "assist"))
        return SoldOutOptions(mode=str(mode or self.default_mode()),
                              rounds=rounds if isinstance(rounds, int) and rounds > 0 else 1,
                              level=level if isinstance(level, str) else None, teams=bool(fields.get("teams", False)),
                              assist=None if assist is None else bool(assist))

    def fields(self, options: GameOptions) -> dict[str, Any]:
        own = as_sold_out(options)
        return {"mode": own.mode, "rounds": own.rounds, "level": own.level, "teams": own.teams, "assist": own.assist}

    def lobby_options(self) -> SoldOutOptions:
        return SoldOutOptions(mode=self.default_mode(), rounds=LOBBY_ROUNDS, assist=False)

    def schedule(self, spec: MatchSpec) -> list[str]:
        """A recorded schedule, else the spec's mode every round, or for "choose" the modes in turn."""
        from game.rules.soldout import modes
        return modes.schedule(spec)

    def runner(self) -> Runner:
        from game.driver import soldout_headless   # the mall and its bots: only for a match run headless
        return soldout_headless

    def scenarios(self) -> ScenarioRunner:
        from game.rules.soldout import scenario    # the conformance cases: only for --scenario
        return scenario

    def demos(self) -> Sequence[Demo]:
        from game.rules.soldout import modes
        return [Demo(key, modes.get(key).demo_players) for key in modes.keys()]

    def rehearsals(self) -> Sequence[Rehearsal]:
        """The lobby's first mode at every table first; then "choose each round" (its chooser) and
        every other registered mode, at every table."""
        from game.rules.soldout import modes
        first, *others = modes.keys()
        later = [Rehearsal(mode, players, first=False) for mode in others for players in LIKELY_SEATS]
        return [*(Rehearsal(first, players) for players in LIKELY_SEATS),
                Rehearsal(modes.CHOOSE, 4, first=False), *later]

    def course(self, spec: MatchSpec) -> Course[Any]:
        from game.speedrun.courses import SoldOutCourse   # the speedrun referee: only for a run
        return SoldOutCourse(spec)

    def tally(self, spec: MatchSpec) -> Tally[Any]:
        from game.games.soldout_tally import SoldOutTally   # the events it counts: only for a live match
        return SoldOutTally(spec)


SOLD_OUT = register(SoldOut())
