"""Nothing decided by hands still playing, in the real window loop with SDL virtual pads.

(Played before: in a team match a player still steering as the other team called SOLD OUT! moved
the results menu from "Next round" to "Back to lobby", while "Next round" still looked chosen.)
"""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.render import widgets
from game.sim.mall_stage import play_out_round
from tests.test_results_mash import hold, window
from tests.vpad import LEFT_X, LEFT_Y, VirtualPad, detach_all

HOLD = widgets.HOLD_TICKS + 2

STEER = [(-1.0, 0.0), (0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (0.7, 0.7), (0.0, 1.0)]   # never through the centre


@pytest.fixture
def pad():
    pygame.init()
    made = VirtualPad()
    yield made
    detach_all([made])


def _stick(pad, x: float, y: float) -> None:
    pad.axis(LEFT_X, x)
    pad.axis(LEFT_Y, y)


def steer_and_tap(loop, pad, ticks: int) -> set[str]:
    """A player still playing: the stick turning from one direction to the next every half second
    (never centred), A tapped every quarter second. Returns every results row highlighted meanwhile."""
    highlighted: set[str] = set()
    for tick in range(ticks):
        x, y = STEER[(tick // 30) % len(STEER)]
        _stick(pad, x, y)
        if tick % 15 == 0:
            pad.button("a", True)
        elif tick % 15 == 7:
            pad.button("a", False)
        pygame.event.pump()
        loop.frame()
        top = loop.ctx.stack.top
        if top.name == "soldout_results":
            highlighted.add(top.menu.selected.label)
    pad.button("a", False)
    return highlighted


def _team_match(pad):
    from game.scenes.mall.scene import demo_spec, open_mall
    ctx, loop = window(pad)
    spec = demo_spec(4, "rush", seed=5, rounds=2, teams=2)
    spec = dataclasses.replace(spec, seats=tuple(dataclasses.replace(s, kind="human" if s.seat == 0 else "bot")
                                                 for s in spec.seats))
    ctx.input.assign(("pad", pad.instance_id), 0)
    mall = open_mall(ctx, spec)
    ctx.stack.push(mall)
    ctx.stack.apply()
    loop.frame()
    return ctx, loop, mall


def test_a_player_steering_and_tapping_through_sold_out_cannot_move_or_choose_the_results_menu(pad):
    ctx, loop, mall = _team_match(pad)
    steer_and_tap(loop, pad, 60)                           # playing
    play_out_round(mall.sim, seed=5, freeze_ticks=2)       # the other team calls SOLD OUT!
    highlighted = steer_and_tap(loop, pad, 60 * 12)        # still steering, still tapping, for twelve seconds
    assert highlighted == {"Next round"}                   # the highlight never moved
    results = ctx.stack.top
    assert results.name == "soldout_results" and not results.done and mall.sim.phase == "round_over"
    assert results.menu.selected.label == "Next round" and results.menu.index == 0
    # Once the stick is let go, it is heard: down moves the highlight, and only that row looks chosen.
    _stick(pad, 0.0, 0.0)
    for _ in range(3):
        pygame.event.pump()
        loop.frame()
    _stick(pad, 0.0, 1.0)
    pygame.event.pump()
    loop.frame()
    assert results.menu.selected.label == "Rematch"
    _stick(pad, 0.0, 0.0)
    for _ in range(3):
        pygame.event.pump()
        loop.frame()
    hold(loop, pad)                                        # held on purpose: the choice is made
    assert results.done


def test_a_results_menu_starts_on_its_main_choice_and_only_the_highlight_looks_chosen(ctx):
    """The main choice was drawn filled whether highlighted or not: after a move, two rows looked chosen."""
    items = [widgets.MenuItem("Next round", lambda: None, primary=True, hold=True),
             widgets.MenuItem("Rematch", lambda: None, hold=True),
             widgets.MenuItem("Back to lobby", lambda: None, hold=True)]
    menu = widgets.MenuList(items, row_height=54, width=470)
    assert menu.index == 0                                 # on the main choice, listed first
    surface = pygame.Surface((1280, 720))

    def fill_of(row: int) -> tuple[int, int, int]:
        surface.fill((0, 0, 0))
        menu.draw(surface, ctx.ui, (100, 100))
        return tuple(surface.get_at((100 + menu.width - 8, 100 + row * 54 + 24)))[:3]

    first_highlighted = fill_of(0)
    menu.move(2)
    assert fill_of(0) == fill_of(1) != first_highlighted   # moved off: the main choice looks like any row
    assert fill_of(2) != fill_of(1)


# ---------------------------------------------------------------- bonus bids
def _bidding_table(pad):
    from game.scenes.table.scene import TableScene, demo_spec
    ctx, loop = window(pad)
    spec = demo_spec(3, 4)
    spec = dataclasses.replace(spec, seats=(dataclasses.replace(spec.seats[0], kind="human"), *spec.seats[1:]))
    ctx.input.assign(("pad", pad.instance_id), 0)
    table = TableScene(ctx, spec)
    ctx.stack.push(table)
    ctx.stack.apply()
    table.fast_forward(lambda sim: sim.phase == "bidding")
    assert table.sim.phase == "bidding" and table.sim.bid_limit(0) >= 2, table.sim.bid_limit(0)
    return ctx, loop, table


def _frames(loop, pad, ticks: int, a: bool | None = None) -> None:
    for _ in range(ticks):
        if a is not None:
            pad.button("a", a)
        pygame.event.pump()
        loop.frame()


def test_mashing_a_as_the_bids_open_never_sits_anyone_out(pad):
    """A bid of 0 locked on the first A: a player with tokens sat out and a bot won the bonus alone."""
    from tests.test_results_mash import mash
    ctx, loop, table = _bidding_table(pad)
    mash(loop, pad, 60 * 10)                               # ten seconds of mashing A as the bids open
    assert table.sim.phase == "bidding" and not table.sim.bid_made(0)
    assert "hold" in table.picture.hud._doing(0)[0].lower()    # the panel says how a bid locks
    _frames(loop, pad, 3)
    _frames(loop, pad, HOLD, a=True)                       # held at 0: the panel asks, nothing is locked
    _frames(loop, pad, 2, a=False)
    assert not table.sim.bid_made(0) and table.bids.state(0).asked
    pad.button("up", True)                               # up: a bid of 1, the question gone
    _frames(loop, pad, 2)
    pad.button("up", False)
    _frames(loop, pad, 2)
    assert table.sim.seats[0].bid_choice == 1 and not table.bids.state(0).asked
    _frames(loop, pad, HOLD, a=True)                       # held: locked at 1
    _frames(loop, pad, 2, a=False)
    assert table.sim.bid_made(0)
    for _ in range(60 * 40):                               # the bots bid, the bids are revealed
        _frames(loop, pad, 1)
        if table.sim.revealed is not None:
            break
    assert table.sim.revealed is not None and table.sim.revealed[0] == 1


def test_a_bid_of_zero_is_locked_by_a_second_hold_after_the_question(pad):
    ctx, loop, table = _bidding_table(pad)
    _frames(loop, pad, 3)
    _frames(loop, pad, HOLD, a=True)
    _frames(loop, pad, 2, a=False)
    assert table.bids.state(0).asked and not table.sim.bid_made(0)
    _frames(loop, pad, HOLD, a=True)                       # asked, and held again: sits out
    _frames(loop, pad, 2, a=False)
    assert table.sim.bid_made(0) and table.sim.seats[0].bid_choice == 0


def test_the_bids_show_how_long_they_stay_open(pad):
    """Bids still open lock as chosen when the time is up: the top bar counts it down."""
    from game.text.i18n import seconds
    ctx, loop, table = _bidding_table(pad)
    _frames(loop, pad, 2)
    left = table.sim.turn_left()
    headline, _seat = table.picture.hud._headline(table.sim.phase)
    assert left > 0 and seconds((left + 59) // 60) in headline


# ---------------------------------------------------------------- how-to cards: ready, not turn
@pytest.fixture
def four_pads():
    pygame.init()
    made = [VirtualPad() for _ in range(4)]
    yield made
    detach_all(made)


def _howto_window(pads):
    from game import app
    from game.scenes import registry
    from game.scenes.menus.howto import push_howto
    from game.scenes.menus.title import TitleScene
    from tests.pad_loop import RealLoop
    ctx = app.make_context(load_user_files=False)
    registry.load_scene_modules()
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    loop = RealLoop(ctx)
    loop.frame()
    for seat, made in enumerate(pads):
        assert made.instance_id in ctx.input.pads
        ctx.input.assign(("pad", made.instance_id), seat)
    assert push_howto(ctx, "checkout")
    ctx.stack.apply()
    card = ctx.stack.top
    assert card.name == "howto" and len(card.pages) == 7 and card.people == tuple(range(len(pads)))
    return ctx, loop, card


def test_four_pads_each_pressing_a_once_turn_one_page_not_four(four_pads):
    """Each pressing A once "to be ready" flashed pages 1-4 past unread and landed the group on page 5."""
    from game.scenes.menus.howto import MIN_PAGE_TICKS
    ctx, loop, card = _howto_window(four_pads)
    _frames(loop, four_pads[0], MIN_PAGE_TICKS)            # everyone reads page 1
    for made in four_pads:                                 # one after the other, a tap each
        made.button("a", True)
        _frames(loop, made, 2)
        made.button("a", False)
        _frames(loop, made, 2)
    assert card.page == 1 and not card.ready               # page 2, nobody ready on it yet
    surface = pygame.Surface((1280, 720))
    card.draw(surface, 0.0)                                # the badges and the rule draw


def test_four_pads_mashing_a_through_the_how_to_show_every_page_its_time(four_pads):
    from game.scenes.menus.howto import MIN_PAGE_TICKS
    ctx, loop, card = _howto_window(four_pads)
    shown = [0] * len(card.pages)
    for tick in range(60 * 30):
        if ctx.stack.top is not card:
            break
        shown[card.page] += 1
        for i, made in enumerate(four_pads):               # four thumbs, out of step
            made.button("a", (tick + 4 * i) % 15 < 7)
        pygame.event.pump()
        loop.frame()
    for made in four_pads:
        made.button("a", False)
    assert ctx.stack.top is not card                       # all ready on the last page: closed
    assert min(shown) >= MIN_PAGE_TICKS, shown             # no page flashed past


def test_the_card_waits_for_the_last_player_and_bots_are_never_asked(four_pads):
    from game.scenes.menus.howto import MIN_PAGE_TICKS
    ctx, loop, card = _howto_window(four_pads[:2])          # two people seated; the other seats are bots
    _frames(loop, four_pads[0], MIN_PAGE_TICKS)
    four_pads[0].button("a", True)
    _frames(loop, four_pads[0], 2)
    four_pads[0].button("a", False)
    _frames(loop, four_pads[0], 60 * 5)
    assert card.page == 0 and card.ready == {0}            # waiting for the second player only
    four_pads[1].button("a", True)
    _frames(loop, four_pads[1], 2)
    four_pads[1].button("a", False)
    _frames(loop, four_pads[1], 2)
    assert card.page == 1


def test_every_persons_shopper_is_marked_at_go_solo_among_bots_too(ctx, monkeypatch):
    """A solo player among five bots had nothing marking their shopper at GO. One marker, not two:
    the "you are here" rings (MallFx.ping) round the person's shopper, never a bot's, and no
    find-me pulse stacked on them."""
    from game.scenes.mall import picture
    from game.scenes.mall.fx import PING_TICKS
    from game.scenes.mall.scene import demo_spec, open_mall
    from game.scenes.menus.howto import mark_seen
    mark_seen("rush")
    spec = demo_spec(6, "rush", seed=2)
    spec = dataclasses.replace(spec, seats=tuple(dataclasses.replace(s, kind="human" if s.seat == 0 else "bot")
                                                 for s in spec.seats))
    mall = open_mall(ctx, spec)
    ctx.stack.push(mall)
    ctx.stack.apply()
    for _ in range(60 * 30):
        if mall.sim.phase == "playing":
            break
        mall.update({})
    assert mall.sim.phase == "playing"
    pulsed: list[int] = []
    monkeypatch.setattr(picture, "pulse_rings", lambda surface, seat, *rest: pulsed.append(seat))
    mall.draw(pygame.Surface((1280, 720)), 0.0)
    fx = mall.picture.fx_tick()
    assert [seat for seat in range(6) if fx.ping(seat, 0.0) >= 0] == [0]   # the person's shopper, never a bot's
    assert pulsed == []                                    # one marker at GO
    for _ in range(PING_TICKS):
        mall.update({})
    mall.draw(pygame.Surface((1280, 720)), 0.0)
    assert [seat for seat in range(6) if mall.picture.fx_tick().ping(seat, 0.0) >= 0] == []   # then the map is theirs


def test_memorys_study_call_lies_beside_the_map_not_over_it(ctx, monkeypatch):
    """A dark band with the study call lay over the middle of the map and a shopper."""
    from game import app
    from game.scenes import registry
    from game.scenes.mall.overlay import MallOverlays
    shot = registry.screenshot("mall_study")
    app.stage_screenshot(ctx, shot, 0)
    mall = next(s for s in ctx.stack.scenes if s.name == "mall")
    assert mall.sim.phase == "study"
    with_call = pygame.Surface((1280, 720))
    ctx.stack.draw(with_call, 0.0)
    monkeypatch.setattr(MallOverlays, "draw_phase", lambda *args, **kwargs: None)
    without = pygame.Surface((1280, 720))
    ctx.stack.draw(without, 0.0)
    map_rect = mall.picture.layout.map_rect
    assert pygame.image.tobytes(with_call.subsurface(map_rect), "RGB") == \
        pygame.image.tobytes(without.subsurface(map_rect), "RGB")            # the map untouched
    assert pygame.image.tobytes(with_call, "RGB") != pygame.image.tobytes(without, "RGB")   # the call is there


# ---------------------------------------------------------------- the career's challenge card: ready, not turn
def _card_window(pads, team: bool):
    """The career's challenge card on top of the title, in the real window loop."""
    from game.career.challenges import load_career
    from game.scenes.menus.career import ChallengeCard
    from tests.test_results_mash import window
    ctx, loop = window(pads[0])
    challenge = next(c for c in load_career().challenges() if (c.partner is not None) == team)
    card = ChallengeCard(ctx, None, challenge)
    ctx.stack.push(card)
    ctx.stack.apply()
    started: list[bool] = []
    card.start = lambda: started.append(True)            # the match itself is not what is tried here
    return ctx, loop, card, started


def _tap(loop, made, frames_after: int = 2) -> None:
    made.button("a", True)
    _frames(loop, made, 2)
    made.button("a", False)
    _frames(loop, made, frames_after)


def test_a_thumb_mashing_a_into_the_challenge_card_never_skips_its_goals(four_pads):
    """The card started the match on the first A: a double tap from the career map went past the
    goals unread. Now an A counts once the card has been up 0.75 s; the tap that sits the player
    down before that only seats them."""
    from game.scenes.ready import READY_AFTER_TICKS
    ctx, loop, card, started = _card_window(four_pads, team=False)
    for _ in range(READY_AFTER_TICKS // 6 - 1):
        _tap(loop, four_pads[0])                           # 6 frames a tap: all inside the first 0.75 s
    assert card.player is not None and not started and card.gate.people == (0,) and not card.gate.ready
    _frames(loop, four_pads[0], READY_AFTER_TICKS)
    _tap(loop, four_pads[0])
    assert started


def test_a_team_challenge_starts_when_both_players_are_ready_and_start_starts_at_once(four_pads):
    from game.scenes.ready import READY_AFTER_TICKS
    ctx, loop, card, started = _card_window(four_pads, team=True)
    _frames(loop, four_pads[0], READY_AFTER_TICKS)
    _tap(loop, four_pads[0])                               # the player sits down: not ready yet (a team-mate may join)
    _tap(loop, four_pads[1])                               # the team-mate joins, ready
    assert card.gate.people == (0, 1) and card.gate.ready == {1} and not started
    card.draw(pygame.Surface((1280, 720)), 0.0)            # the badges and the rule draw
    _tap(loop, four_pads[0])
    assert started
    started.clear()
    ctx, loop, card, started = _card_window(four_pads, team=True)
    _tap(loop, four_pads[0])
    four_pads[0].button("start", True)
    _frames(loop, four_pads[0], 2)
    four_pads[0].button("start", False)
    assert started, "the player's START begins at once"


# ---------------------------------------------------------------- Memory's study: ready, not turn
def test_a_thumb_mashing_a_into_memorys_study_never_marks_its_player_ready(pad):
    """A mashed A from the screen before marked the player ready on the study's first tick (with
    the bots ready, the list was gone before it was read). An A counts once the study has been up
    0.75 s, as on the how-to cards."""
    from game.scenes.mall.scene import demo_spec, open_mall
    from game.scenes.ready import READY_AFTER_TICKS
    ctx, loop = window(pad)
    spec = demo_spec(2, "memory", seed=5)
    spec = dataclasses.replace(spec, seats=tuple(dataclasses.replace(s, kind="human" if s.seat == 0 else "bot")
                                                 for s in spec.seats))
    ctx.input.assign(("pad", pad.instance_id), 0)
    mall = open_mall(ctx, spec)
    ctx.stack.push(mall)
    ctx.stack.apply()
    loop.frame()
    assert mall.sim.phase == "study"
    me = mall.sim.by_seat[0]
    while mall.sim.tick - mall.sim.phase_tick < READY_AFTER_TICKS - 4:
        _tap(loop, pad, 0)
    assert mall.sim.phase == "study" and not me.ready, "an A in the study's first 0.75 s counted"
    _frames(loop, pad, 6)
    _tap(loop, pad)
    assert me.ready or mall.sim.phase != "study"
