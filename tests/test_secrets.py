"""A shared screen keeps secrets: what a neighbour on the sofa sees must not tell them a hidden value."""
from __future__ import annotations

import pygame
import pytest

from game.match.commands import Button, Command
from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout.options import SoldOutOptions
from game.scenes.mall.scene import MallScene, open_mall
from game.scenes.mall.layout import SCREEN
from game.sim.table_events import BidStep
from tests.gamectx import mark_howto_seen


@pytest.fixture
def ctx(ctx):
    mark_howto_seen()
    return ctx

def _memory_scene(ctx) -> MallScene:
    spec = MatchSpec(game="soldout", seats=(SeatSpec(0, "Fox"), SeatSpec(1, "Owl")), seed=5, options=SoldOutOptions(mode="memory", rounds=1))
    scene = open_mall(ctx, spec)
    ctx.stack.push(scene)
    ctx.stack.apply()
    for seat in (0, 1):
        ctx.stack.update({seat: Command(pressed=Button.A)})   # ready: skip the study phase
        ctx.stack.apply()
    while scene.sim.phase != "playing":
        ctx.stack.update({})
        ctx.stack.apply()
    return scene


def _panel_pixels(scene: MallScene, hand: list[str], hand_open: bool) -> bytes:
    sim = scene.sim
    pile = sorted(sim.round.piles)[0]
    cards = sim.round.piles[pile]
    for card in sim.round.hands[0]:
        cards.append(card)
    sim.round.hands[0] = []
    for card in hand:   # move the chosen cards from their piles into seat 0's hand
        where = sim.round.where_is(card)
        sim.round.piles[where[1]].remove(card)
        sim.round.hands[0].append(card)
    sim.by_seat[0].hand_open = hand_open
    surface = pygame.Surface(SCREEN)
    scene.hud.draw(surface, sim, {0: 0, 1: 0})
    panel = scene.hud.panel_of[0].info
    return pygame.image.tobytes(surface.subsurface(panel), "RGB")


def test_memory_hand_is_face_down_unless_its_owner_looks(ctx):
    scene = _memory_scene(ctx)
    rnd = scene.sim.round
    first, second = rnd.piles[0][0], rnd.piles[1][0]
    closed_a = _panel_pixels(scene, [first], hand_open=False)
    closed_b = _panel_pixels(scene, [second], hand_open=False)
    assert closed_a == closed_b          # nothing on screen tells which card is held
    open_a = _panel_pixels(scene, [first], hand_open=True)
    open_b = _panel_pixels(scene, [second], hand_open=True)
    assert open_a != open_b and open_a != closed_a   # the owner's look shows the card


def test_holding_a_shoulder_opens_the_hand(ctx):
    scene = _memory_scene(ctx)
    ctx.stack.update({0: Command(held=Button.RB)})
    ctx.stack.apply()
    assert scene.sim.by_seat[0].hand_open and not scene.sim.by_seat[1].hand_open
    ctx.stack.update({})
    ctx.stack.apply()
    assert not scene.sim.by_seat[0].hand_open


def _bidding_table(ctx, monkeypatch):
    from game.rules.checkout import BIDDING
    from game.scenes.table.scene import TableScene
    monkeypatch.setattr("game.scenes.menus.howto.is_seen", lambda key: True)
    seats = (SeatSpec(0, "Orange"), SeatSpec(1, "Sky"), SeatSpec(2, "Green", "bot"))
    scene = TableScene(ctx, MatchSpec("checkout", seats, seed=3))
    ctx.stack.push(scene)
    ctx.stack.apply()
    sim = scene.sim
    for player in sim.game.players:
        player.tokens = 4
    sim.game.supply -= 12
    sim.game.round, sim.game.phase = 5, BIDDING
    return scene


def _frame(ctx, scene, commands: dict[int, Command]) -> bytes:
    ctx.stack.update(commands)
    ctx.stack.apply()
    surface = pygame.Surface(SCREEN)
    scene.draw(surface, 0.0)
    return pygame.image.tobytes(surface, "RGB")


def test_a_bid_being_chosen_never_shows_unless_its_owner_peeks(ctx, monkeypatch, tmp_path):
    scene = _bidding_table(ctx, monkeypatch)
    up = Command(pressed=Button.UP, held=Button.UP)
    _frame(ctx, scene, {})
    first = _frame(ctx, scene, {0: up})                  # Orange bids 1
    assert scene.sim.seats[0].bid_choice == 1
    assert BidStep(0) in scene.sim.events     # a sound, the same for every step
    _frame(ctx, scene, {})
    second = _frame(ctx, scene, {0: up})                 # Orange bids 2
    assert scene.sim.seats[0].bid_choice == 2
    _frame(ctx, scene, {})
    assert _frame(ctx, scene, {}) == first == second     # the screen cannot tell 1 from 2
    peek = _frame(ctx, scene, {0: Command(held=Button.Y)})
    assert scene.sim.seats[0].peek and not scene.sim.seats[1].peek
    assert peek != second                                # the owner sees it while holding Y
    pygame.image.save(pygame.image.frombytes(peek, SCREEN, "RGB"), str(tmp_path / "peek.png"))
