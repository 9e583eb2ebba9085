"""wrap_text: the one word-wrapper the how-to cards, mall panels and speedrun menu share."""
import pygame

from game import app
from game.render import widgets


def test_wrap_keeps_every_word_and_fits_the_width():
    pygame.init()
    ui = app.make_context(load_user_files=False).ui
    text = "Fill both objective cards at the Starting Table before anyone else shouts SOLD OUT"
    lines = widgets.wrap_text(ui, text, 24, 200)
    assert len(lines) > 1
    assert " ".join(lines).split() == text.split()
    assert all(ui.text.width(line, 24) <= 200 for line in lines if " " in line)
    assert widgets.wrap_text(ui, "", 24, 200) == []
