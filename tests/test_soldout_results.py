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
from game.scenes.mall.mode_choice import SAID_TICKS, ModeChoiceScene, last_place, least_played
from game.scenes.mall.results import SoldOutResultsScene
from tests.gamectx import fresh_pygame
from tests.menus import A_HELD, A_TAP, hold_a


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
    """Once the stage has had its time, a tap shows the rest of the reveal; then `label` (the
    focused row) is chosen: a tap for Continue, held A for a choice that ends the moment."""
    while not results.moment.ready:
        tick(ctx)
    anim = results.animation()
    if anim is not None and not anim.done:
        tick(ctx, A_TAP)
        tick(ctx)
    assert results.menu.selected.label == label
    if results.menu.selected.hold:
        hold_a(lambda cmd: tick(ctx, cmd))
    else:
        tick(ctx, A_TAP)


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
        placed = [c for slot in mall.sim.round.tables[side] for c, _ in slot.placed]
        assert sum(len(w) for w in wrong) == sum(mall.sim.round.mistakes[p] for p in top.shown.members(side))
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
    choice = ctx.stack.top
    assert isinstance(choice, ModeChoiceScene) and choice.chooser is None    # anyone chooses the first
    while not choice.moment.ready:
        tick(ctx)
    for _ in range(2):
        tick(ctx, {-1: Command(pressed=Button.DOWN, held=Button.DOWN)})
        tick(ctx)
    assert choice.menu.selected.label == "Tidying Up"
    hold_a(lambda cmd: tick(ctx, cmd))
    assert choice.chosen == "tidy" and ctx.stack.top is choice      # said out loud before it starts
    for _ in range(SAID_TICKS):
        tick(ctx)
    mall = ctx.stack.top
    assert isinstance(mall, MallScene) and mall.sim.mode == "tidy" and opening not in ctx.stack.scenes
    play_out_round(mall.sim, seed=3)
    tick(ctx)
    results = ctx.stack.top
    assert results.choose and results.menu.selected.value is None    # who chooses is said next
    choose(ctx, results, "Next round")
    chooser = ctx.stack.top
    assert isinstance(chooser, ModeChoiceScene)
    side = last_place(mall.sim.match.totals, results.result.side_scores)
    assert chooser.chooser.names == tuple(mall.names[mall.sim.seats[p]] for p in results.shown.members(side))
    tick(ctx, A_HELD)                                     # A still held from "Next round" is not heard
    while not chooser.moment.ready:
        tick(ctx, A_HELD)
    tick(ctx, {-1: Command(pressed=Button.UP, held=Button.UP)})
    tick(ctx)
    mode = ["rush", "memory", "tidy"][chooser.menu.index]
    hold_a(lambda cmd: tick(ctx, cmd))
    for _ in range(SAID_TICKS):
        tick(ctx)
    assert ctx.stack.top is mall and mall.sim.mode == mode


def test_last_place_chooses_and_a_bot_picks_the_mode_played_least():
    assert last_place([5, 2, 2], [0, 1, 0]) == 2          # level on 2: fewer bags this round
    assert last_place([5, 2, 2], [0, 0, 0]) == 1          # still level: the first side
    assert least_played(["rush"]) == "memory"
    assert least_played(["rush", "memory"]) == "tidy"
    assert least_played(["rush", "memory", "tidy", "rush"]) == "memory"


def test_a_bot_in_last_place_chooses_and_the_screen_says_so(ctx):
    mall = start(ctx, demo_spec(3, "choose", seed=4, rounds=3))   # seat 2 is a bot
    choice = ctx.stack.top
    choice.pick("rush")
    for _ in range(SAID_TICKS):
        tick(ctx)
    mall = ctx.stack.top
    play_out_round(mall.sim, seed=4)
    mall.sim.match.totals[:] = [4, 3, 0]
    tick(ctx)
    results = ctx.stack.top
    chooser = results.chooser()
    assert chooser.names == (mall.names[2],) and chooser.seats == () and chooser.bot_pick == "memory"
    choose(ctx, results, "Next round")
    for _ in range(200):
        tick(ctx, A_TAP if _ % 15 == 0 else None)       # people mashing change nothing
        if ctx.stack.top is mall:
            break
    assert mall.sim.mode == "memory"


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


def test_only_the_choosers_controller_moves_the_choice_and_a_stick_from_the_round_never_does(ctx):
    from game.match.seats import identities
    from game.scenes.mall.mode_choice import MIN_TICKS, Chooser
    ids = identities()
    ctx.input.assign(("kb", "left"), 0)
    ctx.input.assign(("kb", "right"), 1)
    chosen = []
    scene = ModeChoiceScene(ctx, chosen.append, Chooser((ids[1].name,), (ids[1],), (1,), "memory"), preset="memory")
    ctx.stack.push(scene)
    ctx.stack.apply()

    def key(code: int, down: bool) -> None:
        ctx.input.handle_event(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code, mod=0,
                                                  unicode="", scancode=0))

    def ticks(n: int) -> None:
        for _ in range(n):
            ctx.stack.update(ctx.input.poll() | {-1: ctx.input.menu_command()})
            ctx.stack.apply()

    key(pygame.K_DOWN, True)                 # the right half's stick, still held from the round
    ticks(MIN_TICKS + 60)
    assert scene.menu.selected.label == "Memory"
    key(pygame.K_DOWN, False)
    ticks(1)
    key(pygame.K_s, True)                    # the left half (not the chooser) pushes down
    ticks(2)
    key(pygame.K_s, False)
    ticks(1)
    assert scene.menu.selected.label == "Memory"
    key(pygame.K_DOWN, True)                 # the chooser, pressed afresh
    ticks(2)
    key(pygame.K_DOWN, False)
    ticks(1)
    assert scene.menu.selected.label == "Tidying Up"
    key(pygame.K_RETURN, True)               # and held: chosen, then said for a moment
    ticks(60)
    key(pygame.K_RETURN, False)
    assert scene.chosen == "tidy" and chosen == []
    ticks(SAID_TICKS)
    assert chosen == ["tidy"]


def test_the_results_are_handed_a_frozen_result_and_callbacks_never_the_mall(ctx):
    """A results screen takes what it shows and how it leaves (it held the live mall and called
    back into it): built from the round's result alone, it draws, chooses through its callbacks,
    and keeps no scene."""
    import dataclasses

    from game.core.scene import Scene
    from game.scenes.mall.results import RoundChoices
    from game.scenes.mall.round_end import round_result

    mall = start(ctx, demo_spec(3, "rush", seed=5, rounds=2))
    play_out_round(mall.sim, seed=5)
    result = round_result(mall)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.final = True                                    # type: ignore[misc]
    assert not result.final and result.number == 1 and result.rounds == 2
    assert result.totals == tuple(mall.sim.match.totals) and result.players[0].name == mall.names[0]
    assert not [v for v in vars(result).values() if type(v).__module__.startswith("game.sim")]   # no view of the world
    reveal = mall.sim.reveal()
    assert [result.reveal.members(s) for s in range(result.reveal.sides())] == [reveal.members(s) for s in range(3)]
    assert result.reveal.wrong_cards(0, 1) == reveal.wrong_cards(0, 1) and result.reveal.cause() == reveal.cause()
    asked: list[object] = []
    choices = RoundChoices(rematch=lambda: asked.append("rematch"), to_lobby=lambda: asked.append("lobby"),
                           next_round=asked.append)
    results = SoldOutResultsScene(ctx, result, choices)
    ctx.stack.push(results)
    ctx.stack.apply()
    assert not [v for v in vars(results).values() if isinstance(v, Scene)]   # no scene held: only its callbacks
    results.draw(pygame.Surface(SCREEN), 0.0)
    choose(ctx, results, "Next round")
    assert asked == [result.next_mode]                         # the round goes on through the callback
