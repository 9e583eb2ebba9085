"""Friends mashing A as a match ends, in the real window loop with SDL virtual pads: every results
stage is shown, and mashing never leaves one: the next round, the podium, a rematch are each a hold.

(Played before: round 1's results were on screen for about a second and the next round counted
down four seconds later; on the last round the podium came at +4 s and a rematch at +5 s. Later
the last round's card breakdown and Check Out!'s final scores still went on a tap after 1-2 s.)
"""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.scenes.moment import STAGE_TICKS
from game.sim.mall_stage import play_out_round
from tests.menus import hold_a
from tests.pad_loop import RealLoop
from tests.vpad import VirtualPad, detach_all

MASH_EVERY = 15          # ticks: A every 0.25 s ...
MASH_DOWN = 7            # ... held about 0.12 s each time


@pytest.fixture
def pad():
    pygame.init()
    made = VirtualPad()
    yield made
    detach_all([made])


def window(pad):
    """The title with every scene, and the pad known to the input (as after it was plugged in)."""
    from game import app
    from game.scenes import registry
    from game.scenes.menus.howto import mark_seen
    from game.scenes.menus.title import TitleScene
    for card in ("rush", "memory", "tidy", "checkout"):
        mark_seen(card)
    ctx = app.make_context(load_user_files=False)
    registry.load_scene_modules()
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    loop = RealLoop(ctx)
    loop.frame()
    assert pad.instance_id in ctx.input.pads
    return ctx, loop


def mash(loop: RealLoop, pad, ticks: int, seen: list[str] | None = None) -> None:
    """`ticks` frames of a thumb on A: down for MASH_DOWN, up for the rest of every MASH_EVERY;
    `seen` collects what the top of the stack showed, stage by stage."""
    for tick in range(ticks):
        phase = tick % MASH_EVERY
        if phase == 0:
            pad.button("a", True)
        elif phase == MASH_DOWN:
            pad.button("a", False)
        pygame.event.pump()
        loop.frame()
        if seen is not None:
            shown = stage(loop.ctx)
            if not seen or seen[-1] != shown:
                seen.append(shown)
    pad.button("a", False)


def stage(ctx) -> str:
    top = ctx.stack.top
    if getattr(top, "podium", None) is not None:
        return f"{top.name}:podium"
    if top.name == "mall":
        return f"mall:{top.sim.phase}"
    return top.name


def test_mashing_a_through_a_sold_out_match_shows_every_stage_and_a_hold_leaves_each(pad):
    from game.scenes.mall.scene import demo_spec, open_mall
    ctx, loop = window(pad)
    spec = demo_spec(2, "rush", seed=5, rounds=2)
    spec = dataclasses.replace(spec, seats=(dataclasses.replace(spec.seats[0], kind="human"),
                                            dataclasses.replace(spec.seats[1], kind="bot")))
    ctx.input.assign(("pad", pad.instance_id), 0)
    mall = open_mall(ctx, spec)
    ctx.stack.push(mall)
    ctx.stack.apply()
    loop.frame()
    play_out_round(mall.sim, seed=5, freeze_ticks=2)        # SOLD OUT! has just been called
    assert mall.sim.phase == "sold_out"
    seen: list[str] = []
    mash(loop, pad, 60 * 20, seen)                          # twenty seconds of mashing
    assert seen == ["mall:sold_out", "soldout_results"]     # round 1's results stay: no new round
    results = ctx.stack.top
    assert results.reveal.done and not results.done and mall.sim.phase == "round_over"
    # Only a held A starts the next round.
    for _ in range(3):
        loop.frame()
    hold_a(lambda cmd: (pad.button("a", bool(cmd[-1].held)), pygame.event.pump(), loop.frame()))
    assert ctx.stack.top is mall and mall.sim.phase in ("countdown", "playing")
    play_out_round(mall.sim, seed=6, freeze_ticks=2)        # the last round's SOLD OUT!
    seen = []
    mash(loop, pad, 60 * 30, seen)
    assert seen == ["mall:sold_out", "soldout_results"]     # the final cards stay: a match is not left on a tap
    results = ctx.stack.top
    assert results.podium is None and results.reveal.done
    hold(loop, pad)
    assert results.podium is not None
    mash(loop, pad, 60 * 20)
    assert results.podium.done and not results.done and ctx.stack.scenes[-2] is mall    # no rematch
    assert mall.sim.phase == "match_over"


def hold(loop: RealLoop, pad) -> None:
    """Hold A long enough to choose a `hold` row, then let go."""
    for _ in range(3):
        loop.frame()
    hold_a(lambda cmd: (pad.button("a", bool(cmd[-1].held)), pygame.event.pump(), loop.frame()))


def test_the_last_rounds_cards_stay_until_someone_holds_a(pad):
    from game.scenes.mall.scene import demo_spec, open_mall
    ctx, loop = window(pad)
    mall = open_mall(ctx, demo_spec(2, "rush", seed=7, rounds=1))
    ctx.stack.push(mall)
    ctx.stack.apply()
    loop.frame()
    play_out_round(mall.sim, seed=7, freeze_ticks=2)
    ticks_on_cards = 0
    for _ in range(60 * 10 // MASH_EVERY):
        mash(loop, pad, MASH_EVERY)
        top = ctx.stack.top
        if top.name == "soldout_results" and top.podium is None:
            ticks_on_cards += MASH_EVERY
    assert ctx.stack.top.podium is None                     # ten seconds of mashing: the cards stay
    assert ticks_on_cards >= 60 * 10 - STAGE_TICKS
    hold(loop, pad)
    assert ctx.stack.top.podium is not None


def test_mashing_a_from_the_bonus_round_stays_on_the_final_scores_until_a_hold(pad):
    from game.scenes.table.scene import TableScene, demo_spec
    ctx, loop = window(pad)
    table = TableScene(ctx, demo_spec(3, 4))
    ctx.stack.push(table)
    ctx.stack.apply()
    table.fast_forward(lambda sim: sim.phase in ("bonus", "bonus_solo"))
    assert table.sim.phase in ("bonus", "bonus_solo") and not table.sim.over()    # the bonus round is being played
    seen: list[str] = []
    mash(loop, pad, 60 * 60, seen)                          # a minute of mashing from the bonus round on
    assert seen[-1] == "checkout_results"                   # the final scores stay: leaving them is a hold
    results = ctx.stack.top
    assert results.podium is None
    hold(loop, pad)
    assert results.podium is not None
    mash(loop, pad, 60 * 20)
    assert results.podium.done and not results.done and ctx.stack.scenes[-2] is table     # no rematch
