"""Check Out! final scores: each row's seat shape stays inside the row's border and clear of the name
(with 6 rows the star's points crossed the border and touched the name, `checkout_results_6`)."""
from __future__ import annotations

import pygame
import pytest

from game import app
from game.render import widgets
from game.scenes import registry
from game.scenes.table import results as table_results


@pytest.mark.parametrize("name", ["checkout_results", "checkout_results_6"])
def test_every_seat_shape_stays_inside_its_row(monkeypatch, name):
    pygame.init()
    try:
        pygame.display.set_mode(app.LOGICAL_SIZE)
        ctx = app.make_context(load_user_files=False)
        badges: list[pygame.Rect] = []
        rows: list[pygame.Rect] = []
        real_badge = widgets.seat_badge

        def seat_badge(surface, identity, center, radius, faded=False):
            outline = max(3, radius // 6)
            points = widgets.shape_points(identity.shape, center, radius + outline * 1.4)
            if points is None:
                r = radius + outline
                badges.append(pygame.Rect(center[0] - r, center[1] - r, 2 * r, 2 * r))
            else:
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                badges.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
            return real_badge(surface, identity, center, radius, faded)
        monkeypatch.setattr(widgets, "seat_badge", seat_badge)
        scene_cls = table_results.CheckoutResultsScene
        real_row = scene_cls._row

        def row(self, surf, score, y, h, won):
            rect = real_row(self, surf, score, y, h, won)
            rows.append(rect)
            return rect
        monkeypatch.setattr(scene_cls, "_row", row)
        shot = registry.screenshot(name)
        app.stage_screenshot(ctx, shot, 1)
        app.draw(ctx, pygame.Surface(app.LOGICAL_SIZE), 0.0)
        assert rows and len(badges) >= len(rows)
        for rect, badge in zip(rows, badges[-len(rows):]):
            inner = rect.inflate(-6, -6)          # inside the 3 px border
            assert inner.contains(badge), (tuple(badge), tuple(rect))
            assert badge.right <= rect.x + 84 - 2, "the shape touches the name"
    finally:
        pygame.quit()
