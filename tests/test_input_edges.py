"""Input read from events, not from the frame: an edge is given to the tick it belongs to, and a
menu's auto-repeat is measured in real time from the press, so a long frame never turns a tap into
two moves (seen under load: Rounds 3 -> 5 on one tap)."""
from __future__ import annotations

import pygame
import pytest

from game.input.bindings import Bindings
from game.input.manager import InputManager
from game.input.typematic import REPEAT_DELAY, REPEAT_EVERY, Typematic
from game.match.commands import Button
from game.scenes.menus.title import TitleScene
from tests.pad_loop import RealLoop as Window


def key(kind: int, code: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0)


@pytest.fixture
def title(ctx):
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    return ctx.stack.top


def test_an_edge_read_in_a_frame_belongs_to_its_last_tick():
    pygame.init()
    manager = InputManager(Bindings())
    manager.assign(("kb", "left"), 0)
    manager.handle_event(key(pygame.KEYDOWN, pygame.K_w), at=10.0)
    earlier = [manager.poll(at)[0] for at in (9.967, 9.983)]
    assert all(not c.pressed and not c.held for c in earlier)     # the press is not in the ticks before it
    assert manager.poll(10.0)[0].pressed == Button.UP
    assert manager.poll(10.017)[0].held == Button.UP and not manager.poll(10.033)[0].pressed


def test_the_tests_loop_is_the_windows_a_press_in_a_frame_due_no_tick_runs_one(ctx, title):
    """tests/pad_loop.RealLoop runs the window's own FrameInput: a frame of 0.6 of a tick just after
    a tick is due none, and a press read in it runs the next tick at once (the copy it replaced did not)."""
    window = Window(ctx)
    window.frame(1 / 60)
    window.step.reset()                          # just after a tick
    start = ctx.tick
    window.frame(0.6 / 60)
    assert ctx.tick == start                     # nothing pressed: no tick due
    window.step.reset()
    row = title.menu.index
    window.frame(0.6 / 60, key(pygame.KEYDOWN, pygame.K_DOWN))
    assert ctx.tick == start + 1 and title.menu.index == row + 1


@pytest.mark.parametrize("frames", [
    [(0.25, "down"), (0.0667, None), (0.25, "up")],     # a long frame, a short one, the release
    [(0.016, "down"), (0.1, None), (0.4, "up")],        # still down 0.1 s on, released in a stall
    [(0.016, "down"), (0.9, "up")],                     # released during a one-second stall
])
def test_a_tap_through_long_frames_moves_one_row(ctx, title, frames):
    window = Window(ctx)
    window.frame(0.016)
    start = title.menu.index
    for seconds, edge in frames:
        events = {"down": [key(pygame.KEYDOWN, pygame.K_DOWN)], "up": [key(pygame.KEYUP, pygame.K_DOWN)], None: []}
        window.frame(seconds, *events[edge])
    for _ in range(30):
        window.frame(0.016)
    assert title.menu.index == start + 1


def test_a_held_direction_repeats_in_real_time_whatever_the_frame_rate(ctx, title):
    """Seen held for 0.45 s: the press, then repeats at 0.3 and 0.4 s: three rows, at 60 frames a
    second or at 11."""
    for frame_seconds in (1 / 60, 0.09):
        title.menu.index = 0
        window = Window(ctx)
        window.frame(frame_seconds, key(pygame.KEYDOWN, pygame.K_DOWN))
        for _ in range(round(0.45 / frame_seconds)):
            window.frame(frame_seconds)
        window.frame(frame_seconds, key(pygame.KEYUP, pygame.K_DOWN))
        window.frame(frame_seconds)
        assert title.menu.index == 3, frame_seconds


def test_typematic_waits_for_the_press_to_be_seen_held():
    repeat = Typematic()
    assert repeat.step(Button.DOWN, Button.DOWN, 0.0) == Button.NONE
    assert repeat.step(Button.DOWN, Button.NONE, REPEAT_DELAY - 0.01) == Button.NONE
    assert repeat.step(Button.DOWN, Button.NONE, REPEAT_DELAY, settled=False) == Button.NONE   # a release may be read
    assert repeat.step(Button.DOWN, Button.NONE, REPEAT_DELAY) == Button.DOWN
    assert repeat.step(Button.DOWN, Button.NONE, REPEAT_DELAY + REPEAT_EVERY / 2) == Button.NONE
    assert repeat.step(Button.DOWN, Button.NONE, REPEAT_DELAY + REPEAT_EVERY) == Button.DOWN
    assert repeat.step(Button.DOWN, Button.NONE, 5.0) == Button.DOWN       # after a stall: one, not a burst
    assert repeat.step(Button.DOWN, Button.NONE, 5.0 + 1 / 60) == Button.NONE
    assert repeat.step(Button.NONE, Button.NONE, 5.1) == Button.NONE
    assert repeat.step(Button.DOWN, Button.NONE, 9.0) == Button.NONE       # held without a press seen: no repeat


def test_a_pad_stick_held_in_a_menu_repeats_and_its_release_in_a_long_frame_does_not(ctx, title):
    from tests.vpad import VirtualPad, detach_all
    pad = VirtualPad()
    try:
        window = Window(ctx)
        pygame.event.pump()
        window.frame(0.016, *pygame.event.get())
        start = title.menu.index
        pad.axis(1, 1.0)
        pygame.event.pump()
        window.frame(0.25, *pygame.event.get())
        pad.axis(1, 0.0)
        pygame.event.pump()
        window.frame(0.4, *pygame.event.get())    # the release arrives after a 0.4 s frame
        assert title.menu.index == start + 1
    finally:
        detach_all([pad])


def test_the_window_loop_gives_a_press_in_a_frame_due_no_tick_to_its_early_tick(ctx, title):
    """The window's frame stamps what it reads with the moment it read it, and a press in a frame
    due no tick pulls that tick forward: the press is in the tick this very frame draws."""
    import time

    from game.app import WindowLoop
    loop = WindowLoop(ctx, pygame.display.get_surface(), vsync=False)
    loop.frame()
    start = title.menu.index
    loop.step.accumulator = loop.step.dt * 0.6          # the next tick is not yet due ...
    loop.previous = time.perf_counter()
    pygame.event.post(key(pygame.KEYDOWN, pygame.K_DOWN))   # ... but a press came
    ticks = loop.step.ticks
    loop.frame()
    assert loop.step.ticks == ticks + 1 and title.menu.index == start + 1
    assert ctx.input.now <= loop.previous                 # the tick stood for the frame's reading
