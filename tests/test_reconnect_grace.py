"""The reconnect overlay opens mid-play: A presses meant for the game must not hand a seat to a bot."""
import pytest

from game.core.scene import Scene
from game.scenes.pads import reconnect
from game.scenes.menus.lobby import LobbyScene
from game.scenes.pads.reconnect import ReconnectScene
from vpad import VirtualPad
from tests import pad_loop


@pytest.fixture
def ctx(ctx):
    ctx.stack.push(LobbyScene(ctx))
    ctx.stack.apply()
    return ctx

def frame(ctx) -> None:
    pad_loop.frame(ctx, scenes=False)   # the seats alone: scenes get no raw events here


def tap(ctx, pad, name: str) -> None:
    pad_loop.tap(ctx, pad, name, scenes=False)


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
        tap(ctx, stays, "a")                        # A on the resting "Wait" row: nothing
        assert ctx.bot_takeovers == []
        press_down(ctx, stays)                      # the bot row ...
        tap(ctx, stays, "a")                        # ... a tap is not enough
        assert ctx.bot_takeovers == []
        hold_a(ctx, stays, reconnect.BOT_HOLD_TICKS // 2)   # let go half way: nothing
        assert ctx.bot_takeovers == []
        hold_a(ctx, stays, reconnect.BOT_HOLD_TICKS + 1)    # a deliberate hold
        assert ctx.bot_takeovers == [1] and ctx.seats[1].kind == "bot"
    finally:
        stays.detach()


def press_down(ctx, pad) -> None:
    pad.button("down", True)
    frame(ctx)
    pad.button("down", False)
    frame(ctx)


def hold_a(ctx, pad, ticks: int) -> None:
    pad.button("a", True)
    for _ in range(ticks):
        frame(ctx)
    pad.button("a", False)
    frame(ctx)


def _two_seated_one_pulled(ctx):
    stays, leaves = VirtualPad(), VirtualPad()
    frame(ctx)
    tap(ctx, stays, "a")
    tap(ctx, leaves, "a")
    assert len(ctx.seats) == 2
    ctx.stack.push(Scene(ctx))
    ctx.stack.apply()
    leaves.detach()
    frame(ctx)
    assert ctx.input.disconnected_seats() == [1]
    ctx.stack.push(ReconnectScene(ctx))
    ctx.stack.apply()
    return stays


def test_a_replugged_pad_takes_its_seat_back_at_once_with_a_toast(ctx):
    stays = _two_seated_one_pulled(ctx)
    back = None
    try:
        back = VirtualPad()                         # same make and model: the same GUID
        frame(ctx)                                  # no button pressed
        assert ctx.input.device_of(1) == ("pad", back.instance_id)
        assert ctx.seats[1].device == ("pad", back.instance_id) and ctx.seats[1].kind == "human"
        assert any("is back" in text for text in ctx.toasts.texts())
        frame(ctx)
        assert ctx.stack.top.name == "scene" and ctx.bot_takeovers == []
    finally:
        stays.detach()
        if back is not None:
            back.detach()


def test_the_only_new_pad_takes_the_one_waiting_seat_whatever_its_make(ctx):
    stays = _two_seated_one_pulled(ctx)
    other = None
    try:
        other = VirtualPad(vendor=0x054C, product=0x09CC)   # a PlayStation pad: another GUID than the lost one
        frame(ctx)
        assert ctx.input.pads[other.instance_id].guid != ctx.input.pads[stays.instance_id].guid
        assert ctx.input.device_of(1) == ("pad", other.instance_id)
    finally:
        stays.detach()
        if other is not None:
            other.detach()


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
