"""Results between rounds, built from rounds really played through the mall scene."""
from __future__ import annotations

import pygame
import pytest

from game.match.commands import Button, Command
from game.match.spec import MatchSpec
from game.scenes.menus.howto import mark_seen
from game.scenes.mall.scene import MallOpening, MallScene, demo_spec, open_mall
from game.sim.mall_stage import play_out_round
from game.scenes.mall.layout import SCREEN
from game.scenes.mall.results import ChooseModeScene, SoldOutResultsScene
from tests.gamectx import fresh_pygame


@pytest.fixture()
def ctx():
    fresh_pygame()
    pygame.display.set_mode(SCREEN)
    from game.app import make_context
    context = make_context(load_user_files=False)
    for mode in ("rush", "memory", "tidy"):
        mark_seen(mode)
    return context


def start(ctx, spec: MatchSpec) -> MallScene:
    scene = open_mall(ctx, spec)
    ctx.stack.push(scene)
    ctx.stack.apply()
    return scene


def tick(ctx, commands=None) -> None:
    ctx.stack.update(commands or {})
    ctx.stack.apply()


def menu_labels(scene: SoldOutResultsScene) -> list[str]:
    return [item.label for item in scene.menu.items]


def choose(ctx, results, label: str) -> None:
    """After the input delay, A shows the rest of the reveal, then A picks `label` (the focused row)."""
    while results.wait_ticks:
        tick(ctx)
    anim = results.animation()
    if anim is not None and not anim.done:
        tick(ctx, {-1: Command(pressed=Button.A)})
    assert results.menu.selected.label == label
    tick(ctx, {-1: Command(pressed=Button.A)})


def call_sold_out(ctx, mall: MallScene, seat: int = 0) -> None:
    """Memory: everyone ready, then `seat` holds Y until SOLD OUT!, then the freeze runs out."""
    for _ in range(400):
        if mall.sim.phase == "playing":
            break
        tick(ctx, {s: Command(pressed=Button.A) for s in mall.sim.seats})
    for _ in range(mall.sim.t.hold_ticks + 2):
        tick(ctx, {seat: Command(held=Button.Y)})
    assert mall.sim.phase == "sold_out"
    for _ in range(mall.sim.t.freeze_ticks + 2):
        tick(ctx)


def test_memory_round_called_by_a_player_ends_in_results(ctx):
    mall = start(ctx, demo_spec(2, "memory", seed=8, rounds=2))
    call_sold_out(ctx, mall, seat=1)
    top = ctx.stack.top
    assert isinstance(top, SoldOutResultsScene)
    assert top.shown.sold_out_by() == 1
    assert "called by Sky" in top._cause_text()
    assert menu_labels(top) == ["Next round", "Rematch", "Back to lobby"]
    top.draw(pygame.Surface(SCREEN), 0.0)
    choose(ctx, top, "Next round")
    assert ctx.stack.top is mall
    assert mall.sim.phase == "study" and mall.sim.mode == "memory"
    assert len(mall.sim.match.results) == 1


def test_rush_results_show_right_and_wrong(ctx):
    mall = start(ctx, demo_spec(4, "rush", seed=5, rounds=1))
    play_out_round(mall.sim, seed=5)
    tick(ctx)
    top = ctx.stack.top
    assert isinstance(top, SoldOutResultsScene)
    assert top.final and menu_labels(top) == ["Continue"]
    for side in range(top.shown.sides()):
        wrong = top._wrong_cards(side)
        placed = [c for slot in top.mall.sim.round.tables[side] for c, _ in slot.placed]
        assert sum(len(w) for w in wrong) == sum(top.mall.sim.round.mistakes[p] for p in top.shown.members(side))
        assert len(placed) >= sum(len(w) for w in wrong)
    top.draw(pygame.Surface(SCREEN), 0.0)


def test_tidy_results_draw_every_dresser(ctx):
    mall = start(ctx, demo_spec(6, "tidy", seed=9, rounds=2))
    play_out_round(mall.sim, seed=9)
    tick(ctx)
    top = ctx.stack.top
    assert isinstance(top, SoldOutResultsScene)
    assert len(top.shown.dresser_cards()) == 8
    top.draw(pygame.Surface(SCREEN), 0.0)


def test_rematch_replaces_the_mall(ctx):
    mall = start(ctx, demo_spec(2, "rush", seed=5, rounds=1))
    play_out_round(mall.sim, seed=5)
    tick(ctx)
    results = ctx.stack.top
    choose(ctx, results, "Continue")             # never Rematch first: the podium comes before
    assert ctx.stack.top is results and results.podium is not None
    choose(ctx, results, "Rematch")
    new = ctx.stack.top
    assert isinstance(new, MallScene) and new is not mall
    assert new.spec.seats == mall.spec.seats and new.spec.seed == mall.spec.seed + 1


def test_choose_each_round_asks_for_the_mode(ctx):
    spec = demo_spec(2, "choose", seed=3, rounds=2)
    opening = start(ctx, spec)
    assert isinstance(opening, MallOpening)               # no match until the first mode is chosen
    assert isinstance(ctx.stack.top, ChooseModeScene)
    tick(ctx, {-1: Command(pressed=Button.DOWN)})
    tick(ctx, {-1: Command(pressed=Button.DOWN)})
    tick(ctx, {-1: Command(pressed=Button.A)})
    mall = ctx.stack.top
    assert isinstance(mall, MallScene) and mall.sim.mode == "tidy" and opening not in ctx.stack.scenes
    play_out_round(mall.sim, seed=3)
    tick(ctx)
    results = ctx.stack.top
    assert results.choose
    results._cycle(1)
    mode = results.next_mode
    results.next_round()
    ctx.stack.apply()
    assert mall.sim.mode == mode


def test_memory_results_mark_every_objective_the_same_way(ctx):
    """Found items get a tick, missing ones a grey bar, whatever unlisted cards the hand holds;
    the unlisted cards are shown crossed on their own, beside no objective card."""
    mall = start(ctx, demo_spec(2, "memory", seed=8, rounds=1))
    rnd = mall.sim.round
    listed = rnd.list_items(0)
    first = rnd.catalogue.objectives[rnd.tables[0][0].card].items
    unlisted = [c for pid in sorted(rnd.piles) for c in rnd.piles[pid] if c not in rnd.list_items(0)
                and c not in rnd.list_items(1)]
    # a look-alike of each objective's first garment in hand, plus one item of the first card
    decoys: list[str] = []
    for items in (first, rnd.catalogue.objectives[rnd.tables[0][1].card].items):
        garment = rnd.catalogue.items[items[0]].garment
        decoys.append(next(c for c in unlisted if c not in decoys and rnd.catalogue.items[c].garment == garment))
    for card in [first[0], *decoys]:
        rnd.piles[rnd.where_is(card)[1]].remove(card)
        rnd.hands[0].append(card)
    call_sold_out(ctx, mall, seat=1)
    top = ctx.stack.top
    assert isinstance(top, SoldOutResultsScene)
    assert top.item_marks(0, 0) == ["right"] + ["missing"] * (len(first) - 1)
    second = rnd.catalogue.objectives[rnd.tables[0][1].card].items
    assert top.item_marks(0, 1) == ["missing"] * len(second)
    assert top._wrong_cards(0) == [[], []] and sorted(top.shown.unlisted(0)) == sorted(decoys)
    assert set(listed) >= {first[0]}
    top.draw(pygame.Surface(SCREEN), 0.0)
