"""Driving the real loop from a test: one frame of events and a tick, a button tap, a lobby.

Shared by the tests that plug SDL virtual pads (tests/vpad.py) into a real game context.
"""
from __future__ import annotations

import pygame

from game import app
from game.scenes import registry
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.title import TitleScene


def frame(ctx, scenes: bool = True) -> None:
    """One frame of the real loop: every queued event (to the scenes too, unless `scenes` is
    False: then only the input manager sees them, as a test of the seats alone wants), a tick."""
    for event in pygame.event.get():
        ctx.input.handle_event(event)
        if scenes:
            ctx.stack.handle_event(event)
    app.tick(ctx)


def tap(ctx, pad, name: str, scenes: bool = True) -> None:
    """Press and release one button of a virtual pad, a frame each."""
    pad.button(name, True)
    frame(ctx, scenes)
    pad.button(name, False)
    frame(ctx, scenes)


def lobby_ctx(monkeypatch):
    """A context at the lobby (over the title), with no scene modules imported behind its back."""
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_loaded", [True])
    ctx = app.make_context(load_user_files=False)
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.push(LobbyScene(ctx))
    ctx.stack.apply()
    return ctx


class RealLoop:
    """The window loop's input path without a window: the game's own `FrameInput` (what
    `WindowLoop.frame` runs), on a clock of the test's. Each frame reads every queued event at
    `now`, then runs the ticks due, a press in a frame due no tick pulling the next one forward.
    `events` adds events a test makes itself (a key press) to the frame's."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.input = app.FrameInput(ctx)
        self.step = self.input.step
        self.now = 100.0

    def frame(self, seconds: float = 1 / 60, *events: pygame.event.Event) -> None:
        self.now += seconds
        self.input.run([*pygame.event.get(), *events], self.now, seconds)
        self.ctx.stack.apply()
