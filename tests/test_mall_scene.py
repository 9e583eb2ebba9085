"""The mall scene, headless: every mode runs on scripted commands, pause stops time, screenshots."""
from __future__ import annotations

import random

import pygame
import pytest

from game.match.commands import STICK_MAX, Button, Command
from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout.options import SoldOutOptions
from devkit.bench.report import measure_mall_frames
from game.scenes.mall.scene import MallScene, demo_spec, open_mall
from game.scenes.mall.layout import SCREEN, compute_layout
from game.scenes.menus.pause import PauseScene
from game.scenes.pads.reconnect import ReconnectScene
from tests.gamectx import mark_howto_seen
from tests.gamectx import fresh_pygame


@pytest.fixture
def ctx(ctx):
    mark_howto_seen()
    return ctx

def start(ctx, spec: MatchSpec) -> MallScene:
    scene = open_mall(ctx, spec)
    ctx.stack.push(scene)
    ctx.stack.apply()
    return scene


def tick(ctx, commands: dict[int, Command] | None = None) -> None:
    ctx.stack.update(commands or {})
    ctx.stack.apply()


def scripted(rng: random.Random, seats: list[int]) -> dict[int, Command]:
    """Mashing people: a stick direction and a random button now and then."""
    out = {}
    for seat in seats:
        buttons = rng.choice([Button.NONE] * 6 + [Button.A, Button.X, Button.B, Button.LB, Button.Y])
        out[seat] = Command(rng.randint(-STICK_MAX, STICK_MAX), rng.randint(-STICK_MAX, STICK_MAX),
                            buttons, buttons)
    return out


@pytest.mark.parametrize("mode,players", [("rush", 2), ("memory", 3), ("tidy", 6)])
def test_every_mode_runs_on_scripted_commands(ctx, mode, players):
    spec = demo_spec(players, mode, seed=11)
    scene = start(ctx, spec)
    surface = pygame.Surface(SCREEN)
    rng = random.Random(5)
    humans = [s.seat for s in spec.seats if s.kind == "human"]
    for i in range(900):
        tick(ctx, scripted(rng, humans))
        if i % 60 == 0:
            ctx.stack.draw(surface, 0.5)
    assert scene.sim.tick > 800
    assert scene.sim.phase in ("playing", "sold_out", "round_over", "match_over")
    assert scene.sim.mode == mode


def test_bot_seats_walk(ctx):
    scene = start(ctx, demo_spec(3, "rush", seed=2))
    before = scene.sim.by_seat[2].pos
    for _ in range(400):
        tick(ctx)
    assert scene.bots, "game.bots should drive the bot seats"
    assert scene.sim.by_seat[2].pos != before


def test_start_pauses_and_time_stops(ctx):
    scene = start(ctx, demo_spec(2, "rush", seed=4))
    for _ in range(250):
        tick(ctx)
    assert scene.sim.phase == "playing"
    tick(ctx, {0: Command(pressed=Button.START)})
    assert isinstance(ctx.stack.top, PauseScene)
    frozen = scene.sim.tick
    for _ in range(120):
        tick(ctx, {0: Command(7, 0)})
    assert scene.sim.tick == frozen
    tick(ctx, {-1: Command(pressed=Button.START), 0: Command(pressed=Button.START)})
    assert ctx.stack.top is scene
    tick(ctx)
    assert scene.sim.tick == frozen + 1


def test_pulled_pad_pushes_reconnect(ctx, monkeypatch):
    scene = start(ctx, demo_spec(2, "rush", seed=4))
    tick(ctx)
    monkeypatch.setattr(ctx.input, "disconnected_seats", lambda: [1])
    frozen = scene.sim.tick
    tick(ctx)
    assert isinstance(ctx.stack.top, ReconnectScene)
    assert scene.sim.tick == frozen


def test_a_seat_a_bot_took_over_gets_the_bot_tag(ctx):
    scene = start(ctx, demo_spec(2, "rush", seed=4))
    tick(ctx)
    surface = pygame.Surface(SCREEN)
    scene.draw(surface, 0.0)
    head = scene.hud.panel_of[1].header
    before = pygame.image.tobytes(surface.subsurface(head), "RGB")
    assert not scene.hud.bots[1]
    scene._bot_takeover(1)
    scene.draw(surface, 0.0)
    assert scene.hud.bots[1]
    assert pygame.image.tobytes(surface.subsurface(head), "RGB") != before   # "BOT" beside the name


def test_back_shows_the_howto_card(ctx):
    scene = start(ctx, demo_spec(2, "tidy", seed=4))
    tick(ctx, {1: Command(pressed=Button.BACK)})
    assert ctx.stack.top.name == "howto"
    assert ctx.stack.top.title == "Tidying Up"
    assert scene.sim.tick == 0


def test_bad_level_is_a_toast_not_a_crash(ctx):
    spec = MatchSpec("soldout", (SeatSpec(0, "Orange"),), options=SoldOutOptions(level="no_such_level"))
    scene = start(ctx, spec)
    scene.draw(pygame.Surface(SCREEN), 0.0)
    tick(ctx)
    assert any("Cannot open the mall" in t for t in ctx.toasts.texts())
    assert scene not in ctx.stack.scenes


@pytest.mark.parametrize("players", range(1, 7))
def test_layout_fits_the_screen(players):
    layout = compute_layout((1280, 576), players)
    screen = pygame.Rect((0, 0), SCREEN)
    assert screen.contains(layout.map_rect)
    for i, p in enumerate(layout.panels):
        assert screen.contains(p.rect)
        # The garment on the viewer's card (86% of its short side, the slimmest 82% of that) >= 60 px.
        assert min(p.viewer.size) >= 85, "the card must read from the sofa"
        assert not p.rect.colliderect(layout.map_rect)
        for q in layout.panels[i + 1:]:
            assert not p.rect.colliderect(q.rect)


def test_screenshot_of_the_mall(tmp_path):
    fresh_pygame()
    from game.app import main
    out = tmp_path / "mall.png"
    assert main(["--screenshot", str(out), "--scene", "mall", "--seed", "3"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)


def test_measure_mall_frames_reports_numbers():
    fresh_pygame()
    result = measure_mall_frames(frames=20)
    for key in ("p50_ms", "p99_ms", "baseline_p50_ms", "baseline_p99_ms", "cpu_p50_ms", "cpu_p99_ms"):
        assert result[key] > 0


def run_to_match_end(ctx, scene: MallScene, limit: int = 60 * 60 * 30) -> None:
    """Tick the stack; hold A whenever results are up (Next round is chosen by holding A), until
    the match is over. The limit is past any legal match: two rounds at their longest (both to
    the mall's closing time) are about 21 minutes of game time, plus the results screens between them."""
    from game.render.widgets import HOLD_TICKS
    held = 0
    for _ in range(limit):
        top = ctx.stack.top
        if scene.sim.phase == "match_over":
            return
        if top is scene:
            held = 0
            tick(ctx, {})
            continue
        held = (held + 1) % (HOLD_TICKS + 2)     # let go, press, hold: again and again
        a = Button.NONE if held == 0 else Button.A
        tick(ctx, {-1: Command(pressed=a if held == 1 else Button.NONE, held=a)})
    raise AssertionError(f"the match did not end: {scene.sim.phase} at tick {scene.sim.tick}")


def test_record_in_the_window_then_replay_headless_and_in_the_window(ctx, tmp_path):
    from game.driver.replay import read_replay
    from game.driver.soldout_headless import replay_match
    path = tmp_path / "match.replay"
    ctx.record_path = str(path)
    seats = tuple(SeatSpec(i, n, "bot", "easy") for i, n in enumerate(("Orange", "Sky")))
    spec = MatchSpec("soldout", seats, seed=21, options=SoldOutOptions(mode="choose", rounds=2))
    live = start(ctx, spec)
    run_to_match_end(ctx, live)
    assert path.is_file() and ctx.record_path is None
    replay = read_replay(path.read_text(encoding="utf-8"))
    assert replay_match(replay)["state_hash"] == live.sim.state_hash()
    ctx.stack.clear_to(open_mall(ctx, replay.match_spec(), replay=replay))
    ctx.stack.apply()
    viewer = ctx.stack.top
    run_to_match_end(ctx, viewer)
    assert viewer.sim.state_hash() == live.sim.state_hash()


def test_the_countdown_works_out_the_ways_to_the_piles_after_the_present(ctx, monkeypatch):
    """The round's first choices asked for a field to every pile in one tick (7 ms on the
    6-seat mall); the scene's idle time works them out during the countdown instead."""
    import time

    from game.bots import pathfind
    from game.bots.soldout import pile_fields_ahead
    monkeypatch.setattr(pathfind, "_GRIDS", {})         # a process that never searched this mall
    scene = start(ctx, demo_spec(6, "tidy", 1))
    assert scene.sim.phase == "countdown" and scene.bots
    view = scene.sim.seat_view(next(iter(scene.bots)))
    assert len(pile_fields_ahead(view)) == len(scene.sim.floor_piles())
    scene.idle(time.perf_counter() - 1)                 # no time left: nothing done
    assert len(pile_fields_ahead(view)) == len(scene.sim.floor_piles())
    scene.idle(time.perf_counter() + 60)
    assert pile_fields_ahead(view) == []
