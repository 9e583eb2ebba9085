"""Monkey testing: random Commands into the simulations and every scene, invariants after every tick.

The harness is shared: tests/test_monkey.py runs a short version in CI, and

    python tools/monkey.py --minutes N [--seed S]

runs the long one, round-robin over every target with fresh seeds until the
time is up, then prints one JSON line (targets, seeds, ticks, failures). A
failure names the target, the seed and the tick, so `--only TARGET --seed S`
reproduces it.

Targets
- mall:<mode>      MallSim directly (Sold Out!), 2-6 seats, teams sometimes,
                   rounds chained in random modes; seats go quiet (leave) and
                   come back. Invariants: each of the 85 cards in exactly one
                   place; every engine pile has a place on the floor or in a
                   hand; avatars inside the map and out of the walls; finished
                   rounds add up to the match totals; the round always ends.
- table            TableSim (Check Out!) when it exists, else the rules engine
                   with random legal/illegal actions. Invariants: tokens and
                   every player's dice conserved (the engine's own checker).
- scenes           the whole shell (title, lobby, settings, controls, pause,
                   and every scene registered for screenshots or as a game):
                   random key presses, pad buttons and sticks, and SDL virtual
                   pads plugged and pulled. Nothing may raise; a scene holding
                   a simulation is checked like the targets above.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.match.commands import STICK_MAX, Button, Command  # noqa: E402
from game.core.scene import Scene  # noqa: E402

if TYPE_CHECKING:
    import pygame

    from game.core.context import Context
    from game.files.levels import Level
    from game.rules.checkout.engine import CheckoutGame
    from game.rules.soldout.catalogue import Catalogue as SoldOutCatalogue
    from game.rules.soldout.engine import Round
    from game.scenes.registry import ShotFactory
    from game.sim.mall import MallSim
    from game.sim.table import TableSim
    from game.sim.tuning import Tuning

# A scene target: (context, seed) -> the scenes to push, bottom first (none: it pushed its own).
Build = Callable[["Context", int], list[Scene]]

BUTTONS = [Button.A, Button.B, Button.X, Button.Y, Button.LB, Button.RB, Button.START, Button.BACK,
           Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT]
PLAY_BUTTONS = [Button.A, Button.A, Button.A, Button.B, Button.X, Button.X, Button.Y, Button.LB, Button.RB]
MODES = ("rush", "memory", "tidy")


class MonkeyFailure(AssertionError):
    """An invariant broke or something raised: says where (target, seed, tick) and what."""


# ---------------------------------------------------------------- commands
class Masher:
    """One seat's random hands: a stick held for a while, buttons mashed and held, quiet spells.

    `steer` (optional) gives a point to walk towards now and then, so avatars
    reach piles and tables instead of only rattling against walls.
    """

    def __init__(self, rng: random.Random, buttons: list[Button] = PLAY_BUTTONS) -> None:
        self.rng = rng
        self.buttons = buttons
        self.stick = (0, 0)
        self.stick_left = 0
        self.held = Button.NONE
        self.held_left = 0
        self.quiet = 0   # ticks the seat sends nothing (the player left the pad)

    def next(self, towards: tuple[int, int] | None = None) -> Command | None:
        rng = self.rng
        if self.quiet:
            self.quiet -= 1
            return None
        if rng.random() < 0.001:
            self.quiet = rng.randrange(30, 400)
        if self.stick_left <= 0:
            self.stick_left = rng.randrange(4, 90)
            if towards is not None and rng.random() < 0.7:
                self.stick = towards
            elif rng.random() < 0.25:
                self.stick = (0, 0)
            else:
                self.stick = (rng.randint(-STICK_MAX, STICK_MAX), rng.randint(-STICK_MAX, STICK_MAX))
        self.stick_left -= 1
        dx, dy = self.stick
        if rng.random() < 0.05:  # stick noise
            dx = max(-STICK_MAX, min(STICK_MAX, dx + rng.randint(-3, 3)))
            dy = max(-STICK_MAX, min(STICK_MAX, dy + rng.randint(-3, 3)))
        pressed = Button.NONE
        if rng.random() < 0.12:
            pressed = rng.choice(self.buttons)
            if rng.random() < 0.1:
                pressed |= rng.choice(self.buttons)
        if self.held_left <= 0:
            self.held = rng.choice(self.buttons) if rng.random() < 0.08 else Button.NONE
            self.held_left = rng.randrange(5, 120)
        self.held_left -= 1
        return Command(dx, dy, pressed, self.held | pressed)


def _steer(fr: tuple[int, int], to: tuple[int, int]) -> tuple[int, int]:
    dx, dy = to[0] - fr[0], to[1] - fr[1]
    big = max(abs(dx), abs(dy), 1)
    return dx * STICK_MAX // big, dy * STICK_MAX // big


# ---------------------------------------------------------------- Sold Out! invariants
_CATALOGUES: dict[str, Any] = {}


def soldout_catalogue() -> SoldOutCatalogue:
    if "soldout" not in _CATALOGUES:
        from game.rules.soldout import load_catalogue
        _CATALOGUES["soldout"] = load_catalogue()
    catalogue: SoldOutCatalogue = _CATALOGUES["soldout"]
    return catalogue


def round_card_failures(rnd: Round, all_cards: list[str]) -> list[str]:
    """Each card in exactly one place (piles, hands, carried, tables, dressers)."""
    seen: list[str] = []
    for cards in rnd.piles.values():
        seen += cards
    for hand in rnd.hands:
        seen += hand
    seen += list(rnd.carried.values())
    for table in rnd.tables:
        for slot in table:
            seen += [c for c, _p in slot.placed]
    for slot in rnd.dressers:
        seen += [c for c, _p in slot.placed]
    if len(seen) == len(all_cards) and sorted(seen) == all_cards:
        return []
    counts = Counter(seen)
    twice = sorted(c for c, n in counts.items() if n > 1)
    missing = sorted(set(all_cards) - set(counts))
    return [f"{len(seen)} cards in play, not {len(all_cards)} (twice: {twice[:4]}, missing: {missing[:4]})"]


def mall_failures(sim: MallSim, placed: bool = True) -> list[str]:
    """Everything that must hold in a MallSim after any tick.

    placed=False skips "every engine pile lies somewhere on the map": for screenshot states
    that finish a round through the engine directly (game.sim.mall_stage.play_out_round)."""
    failures: list[str] = []
    match = sim.match
    rnd = match.round
    if rnd is not None:
        failures += round_card_failures(rnd, sorted(sim.catalogue.items))
        held = rnd.held
        for player, pile in held.items():
            if pile not in rnd.piles:
                failures.append(f"player {player} holds pile {pile}, which does not exist")
        for pile in rnd.piles:
            if placed and pile not in sim.piles:
                failures.append(f"engine pile {pile} has no place in the mall")
        if len(set(held.values())) != len(held):
            failures.append(f"two players hold one pile: {held}")
        overlap = set(held) & set(rnd.carried)
        if overlap:
            failures.append(f"players {sorted(overlap)} hold a pile and carry a card at once")
    width, height = sim.level.pixel_size
    for pile, (x, y) in sim.piles.items():
        if rnd is not None and pile in rnd.piles and pile not in rnd.held.values():
            if not (0 <= x < width and 0 <= y < height):
                failures.append(f"pile {pile} lies off the map at ({x},{y})")
    ts = sim.level.tile_size
    for av in sim.avatars:
        x, y = av.pos
        if not (0 <= x < width and 0 <= y < height):
            failures.append(f"seat {av.seat} walked off the map to ({x},{y})")
        elif sim.level.is_solid(x // ts, y // ts):
            failures.append(f"seat {av.seat} stands inside a wall at tile ({x // ts},{y // ts})")
    results = match.results
    totals = [0] * len(match.totals)
    for result in results:
        for side, bags in enumerate(result.side_scores):
            totals[side] += bags
            if bags < 0:
                failures.append(f"a side scored {bags} bags")
    if totals != list(match.totals):
        failures.append(f"match totals {match.totals} are not the sum of the rounds {totals}")
    return failures


def make_mall(seed: int, players: int, mode: str, teams: bool = False, rounds: int = 3,
              limit_ticks: int | None = None) -> MallSim:
    """A MallSim; `limit_ticks` shortens the round time limit so short runs see many round ends."""
    import dataclasses

    from game.files.levels import levels_for_players, load_level
    from game.match.spec import MatchSpec, SeatSpec
    from game.rules.soldout.options import SoldOutOptions
    from game.sim.mall import MallSim
    from game.sim.tuning import load_tuning
    tuning = _TUNING.setdefault("mall", load_tuning())
    if limit_ticks is not None:
        tuning = dataclasses.replace(tuning, limit_ticks=limit_ticks)
    seats = tuple(SeatSpec(i, f"P{i + 1}", kind="human", team=(i % 2) if teams else None)
                  for i in range(players))
    spec = MatchSpec("soldout", seats, SoldOutOptions(mode=mode, rounds=rounds, teams=teams), seed)
    return MallSim(spec, _level(levels_for_players(players), load_level), soldout_catalogue(), seed,
                   tuning=tuning)


_LEVELS: dict[Path, Level] = {}
_TUNING: dict[str, Tuning] = {}


def _level(path: Path, loader: Callable[[Path], Level]) -> Level:
    if path not in _LEVELS:
        _LEVELS[path] = loader(path)
    return _LEVELS[path]


def _mall_targets(sim: MallSim, seat: int) -> tuple[int, int]:
    """Somewhere worth walking to: a pile, the Starting Table, a dresser."""
    rng = random.Random(sim.tick * 31 + seat)   # a private Random: never touch the match's own
    options = [(x, y) for _pid, x, y in sim.floor_piles()]
    tx, ty, tw, th = sim.level.table_rect
    options.append((tx + tw // 2, ty + th // 2))
    options += [(d.x, d.y) for d in sim.dressers]
    return rng.choice(options) if options else sim.by_seat[seat].pos


def run_mall(seed: int, mode: str, ticks: int, check_every: int = 1) -> dict[str, int]:
    """A MallSim under random hands for `ticks` ticks (chaining rounds). Raises MonkeyFailure."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    teams = players >= 4 and rng.random() < 0.4
    limit = rng.choice((None, 900, 2400))   # the real 10-minute limit, or short rounds
    sim = make_mall(seed, players, mode, teams, rounds=rng.randint(1, 5), limit_ticks=limit)
    hands = {s: Masher(random.Random(seed * 100 + s)) for s in sim.seats}
    goals: dict[int, tuple[int, int]] = {}
    done = 0
    rounds = 0
    for tick in range(1, ticks + 1):
        if sim.phase == "round_over":
            sim.start_next_round(rng.choice(MODES))
            rounds += 1
        elif sim.phase == "match_over":
            sim = make_mall(seed + tick, players, rng.choice(MODES), teams, rounds=rng.randint(1, 3),
                            limit_ticks=limit)
            hands = {s: Masher(random.Random(seed * 100 + tick + s)) for s in sim.seats}
        commands: dict[int, Command] = {}
        for seat, hand in hands.items():
            if tick % 60 == seat or seat not in goals:
                goals[seat] = _mall_targets(sim, seat)
            cmd = hand.next(_steer(sim.by_seat[seat].pos, goals[seat]))
            if cmd is not None:
                commands[seat] = cmd
        try:
            sim.step(commands)
        except Exception as exc:
            raise MonkeyFailure(f"mall:{mode} seed {seed} tick {tick}: step raised "
                                f"{type(exc).__name__}: {exc}") from exc
        done += 1
        if tick % check_every == 0 or sim.phase != "playing":
            failures = mall_failures(sim)
            if failures:
                raise MonkeyFailure(f"mall:{mode} seed {seed} tick {tick} ({sim.phase}): {'; '.join(failures)}")
    return {"ticks": done, "rounds": rounds + len(sim.match.results)}


# ---------------------------------------------------------------- Check Out!
def table_failures(game: CheckoutGame) -> list[str]:
    from game.rules.checkout.scenario import invariant_failures
    failures = invariant_failures(game)
    if game.phase == "over":
        from game.rules.checkout.scoring import count_sets
        for score, player in zip(game.scores(), game.players):
            if score.total != score.stars + player.tokens + game.rules.set_bonus * score.sets:
                failures.append(f"seat {player.seat}: total {score.total} != stars + tokens + sets bonus")
            if score.sets != count_sets(player.products, game.catalogue):
                failures.append(f"seat {player.seat}: {score.sets} sets counted wrongly")
    return failures


def _find_game(obj: object) -> CheckoutGame | None:
    """The CheckoutGame inside a TableSim (or a scene), whatever the attribute is called."""
    from game.rules.checkout.engine import CheckoutGame
    if isinstance(obj, CheckoutGame):
        return obj
    for name in ("game", "engine", "rules", "checkout"):
        value = getattr(obj, name, None)
        if isinstance(value, CheckoutGame):
            return value
    return None


def make_table(seed: int, players: int) -> TableSim | None:
    """A TableSim when game.sim.table exists; None otherwise."""
    try:
        from game.sim import table as table_module
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("game.sim.table"):
            return None
        raise
    from game.match.spec import MatchSpec, SeatSpec
    seats = tuple(SeatSpec(i, f"P{i + 1}", kind="human") for i in range(players))
    spec = MatchSpec("checkout", seats, seed=seed)
    cls: type[TableSim] = getattr(table_module, "TableSim")
    try:
        return cls(spec)
    except TypeError:
        from game.rules.checkout import load_catalogue
        return cls(spec, load_catalogue(), seed)


def run_table(seed: int, ticks: int) -> dict[str, int]:
    """TableSim under random hands (or, before it exists, the engine under random actions)."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    sim = make_table(seed, players)
    if sim is None:
        return _run_table_engine(seed, players, ticks)
    hands = {s: Masher(random.Random(seed * 100 + s), BUTTONS) for s in range(players)}
    done = matches = 0
    for tick in range(1, ticks + 1):
        commands = {s: c for s, h in hands.items() if (c := h.next()) is not None}
        try:
            sim.step(commands)
        except Exception as exc:
            raise MonkeyFailure(f"table seed {seed} tick {tick}: step raised {type(exc).__name__}: {exc}") from exc
        done += 1
        game = _find_game(sim)
        if game is not None and (failures := table_failures(game)):
            raise MonkeyFailure(f"table seed {seed} tick {tick} ({game.phase}): {'; '.join(failures)}")
        if _table_over(sim, game):
            matches += 1
            sim = make_table(seed + tick, players)
            assert sim is not None   # as the first one was
    return {"ticks": done, "matches": matches}


def _table_over(sim: object, game: CheckoutGame | None) -> bool:
    over = getattr(sim, "over", None)
    if isinstance(over, bool):
        return over
    return game is not None and game.phase == "over"


def _run_table_engine(seed: int, players: int, steps: int) -> dict[str, int]:
    from game.rules.checkout import autoplay, load_catalogue
    from game.rules.checkout.engine import OVER, CheckoutGame
    catalogue = _CATALOGUES.setdefault("checkout", load_catalogue())
    rng = random.Random(seed)
    game = CheckoutGame(catalogue, players, random.Random(seed))
    matches = 0
    for step in range(1, steps + 1):
        seat = rng.randrange(players + 1)
        roll = rng.random()
        if roll < 0.5 and seat < players:
            autoplay._act(game, rng)
        elif roll < 0.6:
            game.roll(seat)
        elif roll < 0.7:
            game.grab(seat, rng.sample([t.id for t in game.table], min(2, len(game.table))))
        elif roll < 0.75:
            game.join_queue(seat)
        elif roll < 0.8:
            game.finish_last_holder()
        elif roll < 0.85:
            game.buy(seat, rng.choice(game.display or ["nachos"]))
        elif roll < 0.9:
            game.end_checkout_turn(seat)
        elif roll < 0.95:
            game.bid(seat, rng.randint(-1, 6))
        else:
            game.next_round()
        failures = table_failures(game)
        if failures:
            raise MonkeyFailure(f"table(engine) seed {seed} step {step} ({game.phase}): {'; '.join(failures)}")
        if game.phase == OVER:
            matches += 1
            game = CheckoutGame(catalogue, players, random.Random(seed + step))
    return {"ticks": steps, "matches": matches, "engine_only": True}


# ---------------------------------------------------------------- scenes
def scene_targets() -> list[tuple[str, Build]]:
    """(name, build(ctx, seed) -> list of scenes, bottom first) for every scene the shell knows."""
    from game.match import games
    from game.match.spec import SeatSpec
    from game.scenes import registry
    targets: list[tuple[str, Build]] = []
    for name in registry.screenshot_names():
        shot = registry.screenshot(name)
        assert shot is not None   # one of screenshot_names()
        targets.append((f"shot:{name}", _shot_build(shot.factory)))
    registry.load_scene_modules()
    for game in sorted(registry._games):
        for mode in games.get(game).round_modes():
            def build(ctx: Context, seed: int, game: str = game, mode: str = mode) -> list[Scene]:
                from game.scenes.menus.title import TitleScene
                rng = random.Random(seed)
                players = rng.randint(games.get(game).min_seats, 6)
                humans = rng.randint(1, min(2, players))
                seats = tuple(SeatSpec(i, f"P{i + 1}", kind="human" if i < humans else "bot",
                                       difficulty=rng.choice(("easy", "normal", "hard")))
                              for i in range(players))
                for i in range(humans):   # both keyboard layouts sit down
                    ctx.input.assign(("kb", ("left", "right")[i]), i)
                played = games.get(game)
                spec = played.spec(seats, seed, played.options_from({"mode": mode, "rounds": rng.randint(1, 3)}))
                ctx.stack.push(TitleScene(ctx))
                ctx.stack.apply()
                registry.start_game(ctx, spec)
                return []
            targets.append((f"game:{game}:{mode}", build))
    return targets


def _shot_build(factory: ShotFactory) -> Build:
    return lambda ctx, seed: _as_list(factory(ctx, seed))


def _as_list(made: Scene | list[Scene]) -> list[Scene]:
    return made if isinstance(made, list) else [made]


class ScreenMonkey:
    """The whole shell under random keys, pad buttons, sticks and hot-plugged virtual pads."""

    def __init__(self, seed: int, pads: bool = True) -> None:
        import pygame

        from game import app
        self.pygame = pygame
        self.app = app
        self.rng = random.Random(seed)
        if not pygame.get_init():
            pygame.init()
        # Start from fresh fonts: Font objects cached before a pygame.quit() are dead after a
        # re-init (icons.font now checks that itself; clearing is cheap and keeps us independent).
        from game.render import icons
        if hasattr(icons.font, "cache_clear"):
            icons.font.cache_clear()
        if pygame.display.get_surface() is None:
            pygame.display.set_mode((1280, 720))
        self.surface = pygame.Surface((1280, 720))
        self.ctx = app.make_context(load_user_files=False)
        self.keys = self._keys()
        self.down: list[int] = []
        self.pads: list[Any] = []
        self.use_pads = pads and _vpad_available()
        self.plug_rate = 0.004    # per tick: a pad is plugged in (at most 3)
        self.pull_rate = 0.002    # per tick: a pad is pulled out
        self.visited: Counter[str] = Counter()

    def _keys(self) -> list[int]:
        pg = self.pygame
        keys = {pg.K_ESCAPE, pg.K_RETURN, pg.K_SPACE, pg.K_UP, pg.K_DOWN, pg.K_LEFT, pg.K_RIGHT,
                pg.K_BACKSPACE, pg.K_F1, pg.K_x}
        for layout in self.ctx.bindings.keys.values():
            keys.update(layout.values())
        return sorted(keys)

    def close(self) -> None:
        for pad in self.pads:
            try:
                pad.detach()
            except RuntimeError:
                pass
        self.pads = []
        self._pump()

    def _pump(self) -> None:
        pg = self.pygame
        pg.event.pump()
        for event in pg.event.get():
            self.ctx.input.handle_event(event)
            self.ctx.stack.handle_event(event)

    def _event(self, kind: int, key: int) -> None:
        event = self.pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)
        self.ctx.input.handle_event(event)
        self.ctx.stack.handle_event(event)

    def _random_input(self) -> None:
        pg, rng = self.pygame, self.rng
        roll = rng.random()
        if roll < 0.18:
            key = rng.choice(self.keys)
            if key not in self.down:
                self.down.append(key)
                self._event(pg.KEYDOWN, key)
        if self.down and rng.random() < 0.2:
            key = self.down.pop(rng.randrange(len(self.down)))
            self._event(pg.KEYUP, key)
        if not self.use_pads:
            return
        from vpad import BUTTON, LEFT_X, LEFT_Y, VirtualPad  # tests/vpad.py
        if rng.random() < self.plug_rate and len(self.pads) < 3:
            self.pads.append(VirtualPad())
        if self.pads and rng.random() < self.pull_rate:
            self.pads.pop(rng.randrange(len(self.pads))).detach()
        for pad in self.pads:
            if rng.random() < 0.06:
                pad.button(rng.choice(list(BUTTON)), rng.random() < 0.6)
            if rng.random() < 0.03:
                pad.axis(rng.choice((LEFT_X, LEFT_Y)), rng.uniform(-1, 1))
        self._pump()

    def run(self, label: str, build: Build, seed: int, ticks: int, draw_every: int = 7,
            seat_pad: bool = False) -> int:
        """Build the scene(s), then `ticks` random ticks. Raises MonkeyFailure with the tick.

        seat_pad: in a game target, a virtual pad plays seat 0 (so pulling it brings up the
        reconnect prompt, and plugging a pad back can reclaim the seat)."""
        # A fresh context per target, as the game has one per run: screenshot factories seat their
        # own players and would pile them onto the last target's seats otherwise.
        self.ctx = self.app.make_context(load_user_files=False)
        self.down = []
        self.rng = random.Random(f"{label}:{seed}")   # str seeds hash the same in every process
        ctx, app = self.ctx, self.app
        tick = 0
        try:
            ctx.stack.clear_to(_Blank(ctx))
            ctx.stack.apply()
            for scene in build(ctx, seed):
                ctx.stack.push(scene)
            ctx.stack.apply()
            if seat_pad and self.use_pads and label.startswith("game:"):
                from vpad import VirtualPad
                if not self.pads:
                    self.pads.append(VirtualPad())
                    self._pump()
                ctx.input.assign(("pad", self.pads[0].instance_id), 0)
            for tick in range(1, ticks + 1):
                self._random_input()
                app.tick(ctx)
                if ctx.quit_requested or len(ctx.stack) == 0 or (
                        len(ctx.stack) == 1 and isinstance(ctx.stack.top, _Blank)):
                    ctx.quit_requested = False
                    from game.scenes.menus.title import TitleScene
                    ctx.stack.clear_to(TitleScene(ctx))
                    ctx.stack.apply()
                top = ctx.stack.top
                self.visited[getattr(top, "name", type(top).__name__)] += 1
                failures = scene_sim_failures(ctx, placed=not label.startswith(BUILT_BY_ENGINE))
                if failures:
                    raise MonkeyFailure(f"{label} seed {seed} tick {tick}: {'; '.join(failures)}")
                if tick % draw_every == 0:
                    app.draw(ctx, self.surface, self.rng.random())
        except MonkeyFailure:
            raise
        except Exception as exc:
            stack = [getattr(s, "name", type(s).__name__) for s in ctx.stack.scenes]
            seats = [(s.seat, s.kind, s.device) for s in ctx.seats]
            raise MonkeyFailure(f"{label} seed {seed} tick {tick} (stack {stack}, lobby seats {seats}, "
                                f"{len(self.pads)} pads): {type(exc).__name__}: {exc}") from exc
        return tick


class _Blank(Scene):
    """An empty bottom scene so a target's own scenes can be pushed over a clean stack."""

    opaque = True
    name = "blank"

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill((0, 0, 0))


# Screenshot states that end a round through the rules engine, not by walking the mall: their
# leftover piles have no spot on the map by design (game.sim.mall_stage.play_out_round), so only that check is off.
BUILT_BY_ENGINE = ("shot:mall_sold_out", "shot:results", "shot:soldout_results")


def scene_sim_failures(ctx: Context, placed: bool = True) -> list[str]:
    """Check any simulation a scene on the stack holds (MallSim, TableSim)."""
    failures: list[str] = []
    for scene in ctx.stack.scenes:
        for name in ("sim", "mall", "table", "world"):
            sim = getattr(scene, name, None)
            if sim is None:
                continue
            if hasattr(sim, "avatars") and hasattr(sim, "match"):
                failures += mall_failures(sim, placed)
            else:
                game = _find_game(sim)
                if game is not None:
                    failures += table_failures(game)
    return failures


def _vpad_available() -> bool:
    tests = str(ROOT / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    try:
        import vpad  # noqa: F401
        probe = vpad.VirtualPad()
        probe.detach()
        return True
    except Exception:  # no SDL virtual joystick on this build: keys only
        return False


# ---------------------------------------------------------------- the long run
def targets() -> list[str]:
    return [*(f"mall:{m}" for m in MODES), "table", "scenes"]


def run_target(name: str, seed: int, ticks: int, screen: ScreenMonkey | None = None) -> dict[str, int]:
    if name.startswith("mall:"):
        return run_mall(seed, name.split(":", 1)[1], ticks)
    if name == "table":
        return run_table(seed, ticks)
    screen = screen or ScreenMonkey(seed)
    total = 0
    for label, build in scene_targets():
        total += screen.run(label, build, seed, max(30, ticks // 8))
    return {"ticks": total}


def _reproduce_scene(label: str, seed: int, ticks: int) -> int:
    """Run one scene target once, printing the full traceback of a failure."""
    import traceback
    screen = ScreenMonkey(seed)
    builds = dict(scene_targets())
    try:
        screen.run(label, builds[label], seed, max(30, ticks // 8))
    except MonkeyFailure as exc:
        print(f"FAIL {exc}", file=sys.stderr)
        traceback.print_exception(exc.__cause__ or exc)
        return 1
    finally:
        screen.close()
    print(f"ok: {label} seed {seed}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="how long to run (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--ticks", type=int, default=20000, help="ticks per target per seed (default 20000)")
    parser.add_argument("--only", choices=targets(), help="one target only")
    parser.add_argument("--scene", help="with --only scenes: one scene target (e.g. shot:lobby), with a traceback")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "SOLDOUT_USER_DIR" not in os.environ:   # the monkey rebinds keys: never in the player's folder
        import tempfile
        os.environ["SOLDOUT_USER_DIR"] = tempfile.mkdtemp(prefix="monkey-")
    if args.scene:
        return _reproduce_scene(args.scene, args.seed, args.ticks)
    start = time.perf_counter()
    end = start + args.minutes * 60
    names = [args.only] if args.only else targets()
    stats: dict[str, dict[str, Any]] = {n: {"seeds": 0, "ticks": 0} for n in names}
    failures: list[str] = []
    seed = args.seed
    screen = None
    while time.perf_counter() < end:
        for name in names:
            if time.perf_counter() >= end:
                break
            try:
                if name == "scenes" and screen is None:
                    screen = ScreenMonkey(seed)
                result = run_target(name, seed, args.ticks, screen)
                stats[name]["seeds"] += 1
                stats[name]["ticks"] += result["ticks"]
            except MonkeyFailure as exc:
                failures.append(str(exc))
                print(f"FAIL {exc}", file=sys.stderr, flush=True)
        seed += 1
    if screen is not None:
        stats.setdefault("scenes", {})["visited"] = dict(screen.visited.most_common())
        screen.close()
    report = {"minutes": round((time.perf_counter() - start) / 60, 2), "first_seed": args.seed,
              "last_seed": seed - 1, "ticks": sum(s["ticks"] for s in stats.values()),
              "targets": stats, "failures": failures}
    print(json.dumps(report))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
