"""Check Out! final scores: each row's seat shape stays inside the row's border and clear of the name
(with 6 rows the star's points crossed the border and touched the name, `checkout_results_6`)."""
from __future__ import annotations

import pygame
import pytest

from game import app
from game.scenes import registry
from game.scenes.table import results as table_results


@pytest.mark.parametrize("name", ["checkout_results", "checkout_results_6"])
def test_every_seat_shape_stays_inside_its_row(monkeypatch, name):
    pygame.init()
    try:
        pygame.display.set_mode(app.LOGICAL_SIZE)
        ctx = app.make_context(load_user_files=False)
        rows: list[pygame.Rect] = []
        faces: list[pygame.Surface] = []
        real_portrait = table_results.portrait

        def portrait(*args, **kwargs):      # the seat's character, its shape badged at the corner
            face = real_portrait(*args, **kwargs)
            faces.append(face)
            return face
        monkeypatch.setattr(table_results, "portrait", portrait)
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
        assert rows and len(faces) >= len(rows)
        for rect, face in zip(rows, faces[-len(rows):]):
            drawn = face.get_bounding_rect()          # what of the portrait is painted
            badge = drawn.move(face.get_rect(center=(rect.x + 58, rect.centery)).topleft)
            inner = rect.inflate(-6, -6)          # inside the 3 px border
            assert inner.contains(badge), (tuple(badge), tuple(rect))
            assert badge.right <= rect.x + 84 - 2, "the portrait touches the name"
    finally:
        pygame.quit()
