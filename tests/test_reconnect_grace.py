"""The reconnect overlay opens mid-play: A presses meant for the game must not hand a seat to a bot."""
import pygame
import pytest

from game import app
from game.core.scene import Scene
from game.scenes import reconnect
from game.scenes.lobby import LobbyScene
from game.scenes.reconnect import ReconnectScene
from vpad import VirtualPad


@pytest.fixture
def ctx():
    pygame.init()
    context = app.make_context(load_user_files=False)
    context.stack.push(LobbyScene(context))
    context.stack.apply()
    yield context
    pygame.quit()


def frame(ctx) -> None:
    for event in pygame.event.get():
        ctx.input.handle_event(event)
    app.tick(ctx)


def tap(ctx, pad, name) -> None:
    pad.button(name, True)
    frame(ctx)
    pad.button(name, False)
    frame(ctx)


def test_a_press_from_a_playing_seat_right_after_a_disconnect_does_not_bring_a_bot(ctx):
    stays, leaves = VirtualPad(), VirtualPad()
    try:
        frame(ctx)
        tap(ctx, stays, "a")
        tap(ctx, leaves, "a")
        assert len(ctx.seats) == 2
        ctx.stack.push(Scene(ctx))                  # a match is running
        ctx.stack.apply()
        leaves.detach()
        frame(ctx)
        ctx.stack.push(ReconnectScene(ctx))
        ctx.stack.apply()
        tap(ctx, stays, "a")                        # still playing: this press was for the game
        assert ctx.bot_takeovers == [] and ctx.seats[1].kind == "human"
        assert ctx.stack.top.name == "reconnect"
        for _ in range(reconnect.MENU_GRACE_TICKS):
            frame(ctx)
        tap(ctx, stays, "a")                        # a deliberate press on "Replace Sky with a bot"
        assert ctx.bot_takeovers == [1] and ctx.seats[1].kind == "bot"
    finally:
        stays.detach()


def test_a_spare_pad_takes_the_seat_at_once(ctx):
    stays, leaves = VirtualPad(), VirtualPad()
    spare = None
    try:
        frame(ctx)
        tap(ctx, stays, "a")
        tap(ctx, leaves, "a")
        ctx.stack.push(Scene(ctx))
        ctx.stack.apply()
        leaves.detach()
        frame(ctx)
        ctx.stack.push(ReconnectScene(ctx))
        ctx.stack.apply()
        spare = VirtualPad()
        frame(ctx)
        tap(ctx, spare, "a")
        assert ctx.input.device_of(1) == ("pad", spare.instance_id)
        assert ctx.stack.top.name == "scene"
    finally:
        stays.detach()
        if spare is not None:
            spare.detach()
