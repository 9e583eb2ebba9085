"""Nothing drawn on a level's floor hides a shop sign's words: a pile on any of its spots (its cards
rise over the wall behind it) and its count, a dresser's chair ring, the Starting Table (none of
them over a sign's plate), and Tidying Up's dresser cards with their leader lines (none over its
words), at every seat count (the map's scale follows
the seats) and in every mode, on every shipped level.

Geometry from the real scene: the rects are where the mall's picture draws them in a 1280x720
frame. A window of any size shows that frame scaled as a whole (SCALED; --screenshot --size
letterboxes it the same way), so 1920x1080 is the same picture, half as big again."""
from __future__ import annotations

import pygame
import pytest

from game.files.levels import list_levels
from game.render.ambient import sign_plates, sign_words
from game.scenes.mall.card_spots import pile_rect
from game.text import i18n
from gamectx import mark_howto_seen, played_mall

LEVELS = [path.stem for path in list_levels()]
SEATS = range(2, 7)
COUNTS = range(1, 11)   # a pile's count sits on its top card: higher on a taller pile


@pytest.fixture()
def mall_ctx(ctx):
    mark_howto_seen()
    return ctx


def _frame(ctx, seats: int, mode: str, level: str, seed: int = 3, plates: bool = True):
    """The scene a tick into its round, drawn once at 1280x720, and its signs' plates (or the
    words on them, in the language in use) on screen."""
    scene = played_mall(ctx, seats, mode, 1, seed=seed, level=level)
    ctx.stack.draw(pygame.Surface((1280, 720)), 0.0)
    layout = scene.picture.layout
    return scene, (sign_plates if plates else sign_words)(scene.sim.level, layout.map_rect, layout.scale)


def _leaves(ctx) -> None:
    ctx.stack.pop()
    ctx.stack.apply()


def _floor_things(scene) -> list[tuple[str, pygame.Rect]]:
    """Everything standing on the floor where the level puts it: a pile (and its count at every
    height) on each pile spot, each chair's ring, the Starting Table."""
    view, level = scene.picture.view, scene.sim.level
    things = []
    for x, y in level.pile_spots:
        body = pile_rect(view.at(x, y), view.pile_size)
        things.append((f"the pile on ({x}, {y})", body))
        things += [(f"the count {n} on ({x}, {y})", view.counts.badge(n).get_rect(center=view.number_at(body, n)))
                   for n in COUNTS]
    things += [(f"the chair at ({x}, {y})", view.chair_ring(view.at(x, y))) for x, y in level.chairs]
    tx, ty, tw, th = level.table_rect
    table = pygame.Rect(view.at(tx, ty), (round(tw * view.scale), round(th * view.scale)))
    return things + [("the Starting Table", table)]


@pytest.mark.parametrize("level", LEVELS)
def test_nothing_on_the_floor_covers_a_sign(mall_ctx, level):
    found_signs = False
    for seats in SEATS:
        for mode in ("rush", "memory", "tidy"):
            scene, boards = _frame(mall_ctx, seats, mode, level)
            found_signs |= bool(boards)
            drawn = [("a dealt pile's count", rect) for rect in scene.picture.view.counts.piles]
            covered = [(what, board.topleft) for what, rect in _floor_things(scene) + drawn
                       for board in boards if rect.colliderect(board)]
            assert covered == [], f"{level}, {seats} seats, {mode}"
            _leaves(mall_ctx)
    assert found_signs or level in ("outlet", "galleria")


@pytest.mark.parametrize("lang", ["en", "fr"])    # French has the longest signs (Chaussures, Nouveautés)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seats", SEATS)
def test_no_dresser_card_covers_a_signs_words(mall_ctx, level, seats, lang):
    """Each round deals the dressers to other chairs and the piles to other spots: a few rounds'.
    A card may hide the end of a long plate, never its words (nor a few px round them)."""
    i18n.set_language(lang)
    for seed in range(3):
        scene, boards = _frame(mall_ctx, seats, "tidy", level, seed, plates=False)
        view, sim = scene.picture.view, scene.sim
        spots = view.card_spots.spots(sim)     # where this frame drew them (kept for the round)
        assert len(spots) == len(sim.dressers) > 0
        for d in sim.dressers:
            card, chair = spots[d.index], view.at(d.x, d.y)      # the card with its count strip under it
            face = pygame.Rect(card.x, card.y, card.w, card.h - view.strip_h)
            end = (min(max(chair[0], face.left), face.right - 1), min(max(chair[1], face.top), face.bottom - 1))
            line = not face.collidepoint(chair)                    # the leader line, 5 px wide
            covered = [board.topleft for board in boards
                       if card.colliderect(board) or line and board.inflate(4, 4).clipline(chair, end)]
            assert covered == [], f"{level}, {seats} seats, seed {seed}: the card of the chair at {d.x, d.y}"
        _leaves(mall_ctx)
