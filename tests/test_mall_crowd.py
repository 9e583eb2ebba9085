"""Every shopper always visible: shoppers standing together are drawn apart (for the eye only; the
simulation and its hash never see it), a shopper still hidden by another, by a card over a head or
by the shutter shows through as an outline, and no card covers a pile's count."""
from __future__ import annotations

import itertools
import math

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from devkit.shots import mall as mall_shots
from game.scenes.mall.crowd import spread
from game.scenes.mall.layout import SCREEN
from game.sim.mall_stage import gather

SIZE = 40.0
GAP, LIMIT = 0.95 * SIZE, 1.0 * SIZE


def _shown(points, offsets):
    return [(p[0] + o[0], p[1] + o[1]) for p, o in zip(points, offsets)]


def _apart(points, least):
    return all(math.dist(a, b) >= least for a, b in itertools.combinations(points, 2))


# Where bodies stand in a crowd: the simulation keeps them from overlapping, but a sprite is up
# to 2.7 times its body (six seats), so their pictures would.
crowds = st.lists(st.tuples(st.floats(0, 2.5 * SIZE), st.floats(0, 2.5 * SIZE)), min_size=2, max_size=6).filter(
    lambda pts: _apart(pts, 0.37 * SIZE))


@settings(max_examples=300, deadline=None)
@given(crowds)
def test_a_crowd_is_drawn_apart_each_shopper_near_where_it_stands(points):
    offsets = spread(points, GAP, LIMIT)
    assert _apart(_shown(points, offsets), 0.9 * GAP)
    assert all(math.hypot(*o) <= LIMIT + 1e-6 for o in offsets)
    assert spread(points, GAP, LIMIT) == offsets        # the same crowd, the same picture


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1000), st.floats(0, 1000)), min_size=1, max_size=6).filter(
    lambda pts: _apart(pts, GAP)))
def test_shoppers_already_apart_are_drawn_where_they_stand(points):
    assert spread(points, GAP, LIMIT) == [(0.0, 0.0)] * len(points)


@pytest.mark.parametrize("n", [2, 3, 6])
def test_shoppers_on_one_spot_fan_out(n):
    """Six spawned on one spot (a level with fewer spawns than seats) are all drawn apart."""
    points = [(100.0, 100.0)] * n
    assert _apart(_shown(points, spread(points, GAP, LIMIT)), 0.9 * GAP)


CROWDS = [(players, mode) for players in (2, 4, 6) for mode in ("rush", "tidy")]


def _crowd(ctx, players, mode):
    scene = mall_shots.crowd_shot(players, mode, teams=2 if players >= 4 and mode == "tidy" else 0)(ctx, 1)
    ctx.stack.push(scene)
    ctx.stack.apply()
    return scene


@pytest.mark.parametrize("players, mode", CROWDS)
def test_no_shopper_in_a_crowd_is_a_third_hidden_by_the_others(ctx, players, mode):
    """All at the Starting Table or at a dresser, bodies touching: each still two thirds in sight
    behind the shoppers in front of it (the five stacked at the table were hidden before). What
    a card carried over a head still hides is outlined (test_mall_tags)."""
    scene = _crowd(ctx, players, mode)
    before = scene.sim.state_hash()
    scene.draw(pygame.Surface(SCREEN), 0.0)
    view = scene.view
    for sprite, _w, _h, rect, at in view.sight.drawn:
        hidden = pygame.mask.Mask(rect.size)
        for front in [r for r in view.sight.occluders[at + 1:] if r in view.body_rects]:
            clip = rect.clip(front)
            if clip.w and clip.h:
                hidden.draw(pygame.mask.Mask(clip.size, fill=True), (clip.x - rect.x, clip.y - rect.y))
        assert hidden.count() * 3 < rect.w * rect.h, f"{sprite.identity.name} is hidden at {tuple(rect)}"
    assert scene.sim.state_hash() == before          # drawn apart for the eye only


@pytest.mark.parametrize("players, mode", [(6, "rush"), (6, "tidy")])
def test_no_card_covers_a_count(ctx, players, mode):
    """A pile's count and a dresser's are drawn after the shoppers, the piles and cards over their
    heads and the flying cards: nothing but a name tag (which steps round it) is drawn over one
    (cards carried over a head, and shoppers, covered them before)."""
    scene = _crowd(ctx, players, mode)
    pile, x, y = scene.sim.floor_piles()[0]
    gather(scene.sim, x, y - 8)          # the crowd on a pile, some holding piles over their heads
    drawn: list[tuple[pygame.Rect, int]] = []

    class Screen(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):  # noqa: D102
            done = super().blit(source, dest, area, special_flags)
            drawn.append((done, id(source)))
            return done
    for _frame in range(3):
        drawn.clear()
        scene.draw(Screen(SCREEN), 0.0)
        view = scene.view
        counts = view.counts.piles + view.counts.carried
        badges = {id(badge) for badge in [*view.counts.badges.values(), *view.counts.strips.values()]}   # and the dressers
        tags = {id(tag) for tag, _want, _rect, _colour in view._tags}
        assert counts
        for n, (rect, src) in enumerate(drawn):
            if src not in badges:
                continue
            over = [r for r, s in drawn[n + 1:] if s not in badges and s not in tags and r.colliderect(rect)
                    and view.layout.map_rect.colliderect(r)]
            assert not over, f"something drawn over the pile count at {tuple(rect)}: {over}"
        scene.update({})
