"""A seated card's device line ("Keyboard (left)") is said whole in every language: it is the
game's own words, so no translation may be cut to an ellipsis on the card (Spanish once read
"Teclado (izquier…" beside the shopper)."""
from __future__ import annotations

import pygame
import pytest

from game import app
from game.render import widgets
from game.scenes import registry
from game.text import i18n


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_keyboard_halves_are_named_whole_on_their_cards(monkeypatch, code):
    asked: dict[str, str] = {}
    fit = widgets.fit_text

    def recording(ui, text, width, size="small"):
        asked[text] = fit(ui, text, width, size)
        return asked[text]
    monkeypatch.setattr(widgets, "fit_text", recording)
    pygame.init()
    try:
        pygame.display.set_mode(app.LOGICAL_SIZE)
        ctx = app.make_context(load_user_files=False, lang=code)
        app.stage_screenshot(ctx, registry.screenshot("lobby"), 1)   # two keyboard halves seated
        ctx.stack.draw(pygame.Surface(app.LOGICAL_SIZE), 0.0)
        halves = [i18n._("Keyboard (left)"), i18n._("Keyboard (right)")]
        assert all(half in asked for half in halves), "the lobby scene seats both keyboard halves"
        assert {half: asked[half] for half in halves} == {half: half for half in halves}
    finally:
        i18n.set_language(i18n.DEFAULT)
        pygame.quit()
