"""The Check Out! results' column headings keep clear of the next column's icon in every language
(Spanish "estrellas" ran up to the token's coin, German "Schnäppchen" nearly into the star).
Geometry from the real scene, its icons tagged where they are blitted."""
from __future__ import annotations

import pygame
import pytest

from game import app
from game.render import icons, tabletop
from game.scenes import registry
from game.scenes.table import results
from game.text import i18n
from game.text.i18n import _
from tests.textprobe import TextProbe

GAP = 16    # px of clear background at least between two headings' ink


@pytest.fixture()
def clean_up():
    yield
    i18n.set_language(i18n.DEFAULT)
    pygame.quit()


def _tagging(probe: TextProbe, make, label: str):
    def tagged(size: int) -> pygame.Surface:
        made = make(size)
        probe.tag(made, "shape", label)
        return made
    return tagged


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_results_headings_keep_apart(monkeypatch, clean_up, code):
    probe = TextProbe(monkeypatch)
    monkeypatch.setattr(results, "star_icon", _tagging(probe, icons.star_icon, "star"))
    monkeypatch.setattr(results, "token_surface", _tagging(probe, tabletop.token_surface, "token"))
    pygame.init()
    pygame.display.set_mode(app.LOGICAL_SIZE)
    ctx = app.make_context(load_user_files=False, lang=code)
    app.stage_screenshot(ctx, registry.screenshot("checkout_results"), 3)
    screen = probe.screen()
    ctx.stack.draw(screen, 0.0)
    items = probe.items(screen)
    total = next(rect for kind, label, rect in items if label == _("total"))
    row = sorted((rect.x, label, rect) for _kind, label, rect in items
                 if abs(rect.centery - total.centery) <= 6 and rect.x >= results.COLUMNS["products"] - 8)
    assert [label for _x, label, _rect in row][:5] == [_("products"), _("bargains"), "star", _("stars"), "token"]
    tight = [(a, b) for (_xa, a, ra), (_xb, b, rb) in zip(row, row[1:])
             if (a, b) not in (("star", _("stars")), ("token", _("tokens"))) and rb.left - ra.right < GAP]
    assert tight == []
