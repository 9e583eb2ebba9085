"""Attract mode: the idle title starts bot demos; any input returns to the title."""
import pygame
import pytest

from game import app
from game.match.commands import Button, Command
from game.scenes import registry
from game.scenes import attract
from game.scenes.attract import AttractScene, woke
from game.scenes.menus.title import ATTRACT_AFTER_TICKS, TitleScene


@pytest.fixture
def ctx(ctx):
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    return ctx

def test_the_idle_title_starts_the_attract_mode(ctx):
    assert registry.attract_factory() is not None
    for _ in range(ATTRACT_AFTER_TICKS):
        app.tick(ctx)
    assert isinstance(ctx.stack.top, AttractScene)
    demo = ctx.stack.top.demo
    assert demo is not None and demo.sim is not None


def test_bots_play_silently_without_touching_the_real_stack(ctx, monkeypatch):
    played = []
    monkeypatch.setattr(ctx, "sound", played.append)
    scene = AttractScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply()
    sim = scene.demo.sim
    start = sim.tick
    for _ in range(60 * 8):
        scene.update({})
    assert sim.tick > start + 60 * 7
    assert sim.phase in ("playing", "sold_out", "round_over")
    assert any(sim.held_pile(s) is not None or sim.carried(s) is not None for s in sim.seats) or \
        sim.phase != "playing"
    assert played == [] and ctx.stack.top is scene and not ctx.stack.has_pending
    surface = pygame.Surface((1280, 720))
    scene.draw(surface, 0.5)


@pytest.mark.parametrize("command", [Command(pressed=Button.A), Command(pressed=Button.START, held=Button.START),
                                     Command(dx=16)])
def test_any_input_returns_to_the_title(ctx, command):
    ctx.stack.push(AttractScene(ctx))
    ctx.stack.apply()
    ctx.stack.top.update({-1: command})
    ctx.stack.apply()
    assert isinstance(ctx.stack.top, TitleScene)


def test_a_key_or_click_returns_to_the_title(ctx):
    for event in (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))):
        ctx.stack.push(AttractScene(ctx))
        ctx.stack.apply()
        ctx.stack.top.handle_event(event)
        ctx.stack.apply()
        assert isinstance(ctx.stack.top, TitleScene)


def test_a_resting_stick_does_not_wake_it():
    assert not woke(Command(dx=2, dy=-3))
    assert woke(Command(dy=-attract.STICK_WAKE))


def test_demos_take_turns(ctx, monkeypatch):
    monkeypatch.setattr(attract, "HOLD_END_TICKS", 3)
    scene = AttractScene(ctx)
    first = scene.index
    scene.demo.sim.phase = "match_over"     # as if the demo had just finished
    for _ in range(3):
        scene.update({})
    assert scene.index == (first + 1) % len(attract.demos())
    assert scene.demo is not None and scene.demo_ticks == 0


def test_the_demo_gets_its_work_ahead_as_a_real_match_does(ctx):
    """Its bots' first choice of piles searched 15 fields in one tick without it (7-10 ms)."""
    scene = AttractScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply()
    seen = []
    scene.demo.idle = seen.append
    app.idle(ctx, 123.0)
    assert seen == [123.0]


@pytest.mark.parametrize("held", [Command(pressed=Button.A, held=Button.A), Command(pressed=Button.DOWN, held=Button.DOWN),
                                  Command(dy=16, held=Button.DOWN)])
def test_the_press_that_ends_the_demo_does_nothing_on_the_title(ctx, held):
    """A Down that ended the demo moved the title's cursor; an instant Space went on into the lobby."""
    title = ctx.stack.top
    ctx.stack.push(AttractScene(ctx))
    ctx.stack.apply()
    ctx.stack.update({-1: held})                 # the press ends the demo...
    ctx.stack.apply()
    still = Command(dx=held.dx, dy=held.dy, held=held.held)
    for _ in range(30):                          # ... and is still down on the title
        ctx.stack.update({-1: still})
        ctx.stack.apply()
    assert ctx.stack.top is title and title.menu.index == 0
    ctx.stack.update({-1: Command()})            # let go: the title hears the next press
    ctx.stack.update({-1: Command(pressed=Button.DOWN, held=Button.DOWN)})
    assert title.menu.index == 1
