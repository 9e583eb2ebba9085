"""Six people with pads join the lobby by pressing A: pads found at start, hot-plugged, swapped."""
import pygame
import pytest

from game import app
from vpad import VirtualPad, detach_all
from tests.pad_loop import frame, lobby_ctx, tap


@pytest.fixture
def pads():
    attached: list[VirtualPad] = []
    yield attached
    detach_all(attached)


@pytest.fixture
def make_ctx(monkeypatch):
    pygame.init()
    yield lambda: lobby_ctx(monkeypatch)
    pygame.quit()


def seated_pads(ctx) -> list[int]:
    return [s.device[1] for s in ctx.seats if s.device and s.device[0] == "pad"]


def plug(pads) -> VirtualPad:
    pad = VirtualPad()
    pads.append(pad)
    return pad


@pytest.mark.parametrize("count", [2, 4, 6])
def test_pads_plugged_in_before_the_game_all_join(make_ctx, pads, count):
    for _ in range(count):
        plug(pads)
    ctx = make_ctx()
    frame(ctx)
    for pad in pads:
        tap(ctx, pad, "a")
    assert seated_pads(ctx) == [pad.instance_id for pad in pads]


@pytest.mark.parametrize("count", [2, 4, 6])
def test_pads_hot_plugged_in_the_lobby_all_join(make_ctx, pads, count):
    ctx = make_ctx()
    frame(ctx)
    for _ in range(count):
        plug(pads)
        frame(ctx)
    for pad in reversed(pads):   # any order: seats are taken first come, first served
        tap(ctx, pad, "a")
    assert sorted(seated_pads(ctx)) == sorted(pad.instance_id for pad in pads)
    assert [s.seat for s in ctx.seats] == list(range(count))


def test_pads_pressing_a_in_the_same_frame_all_join(make_ctx, pads):
    ctx = make_ctx()
    for _ in range(6):
        plug(pads)
    frame(ctx)
    for pad in pads:
        pad.button("a", True)
    frame(ctx)
    assert len(ctx.seats) == 6


def test_a_pad_plugged_in_while_another_is_pulled_out_still_joins(make_ctx, pads):
    """SDL drops a queued 'device added' event when another device is removed before the
    queue is read (a swap within one frame, or during a slow frame): the new pad must
    still be opened and join by A."""
    ctx = make_ctx()
    first, second = plug(pads), plug(pads)
    frame(ctx)
    tap(ctx, first, "a")
    newcomer = plug(pads)       # plugged in ...
    first.detach()              # ... and another pulled out before the game reads events
    pads.remove(first)
    frame(ctx)
    tap(ctx, newcomer, "a")
    tap(ctx, second, "a")
    assert ("pad", newcomer.instance_id) in ctx.input.devices()
    assert sorted(seated_pads(ctx)) == sorted([newcomer.instance_id, second.instance_id])


def test_the_last_player_leaving_by_b_stays_in_the_lobby(make_ctx, pads):
    ctx = make_ctx()
    pad = plug(pads)
    frame(ctx)
    tap(ctx, pad, "a")
    assert len(ctx.seats) == 1
    tap(ctx, pad, "b")          # leaves the seat: one press, one action
    assert ctx.seats == [] and ctx.stack.top.name == "lobby"
    tap(ctx, pad, "b")          # an unseated B with nobody seated goes back
    assert ctx.stack.top.name == "title"


def test_the_last_keyboard_leaving_by_its_b_stays_in_the_lobby(make_ctx):
    ctx = make_ctx()
    for code in (pygame.K_SPACE, pygame.K_LSHIFT):    # left layout: A joins, B leaves
        ctx.input.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        app.tick(ctx)
        ctx.input.handle_event(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        app.tick(ctx)
    assert ctx.seats == [] and ctx.stack.top.name == "lobby"
