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


def test_a_short_last_word_never_sits_alone_on_its_line():
    """"done" (and "1s") used to wrap onto a line of their own."""
    pygame.init()
    ui = app.make_context(load_user_files=False).ui
    text = "Set dice (A/B), grab (A), Y: done"
    width = ui.text.width("Set dice (A/B), grab (A), Y:", 24) + 2
    lines = widgets.wrap_text(ui, text, 24, width)
    assert len(lines) == 2 and lines[-1] != "done"
    assert " ".join(lines).split() == text.split()
    assert all(ui.text.width(line, 24) <= width for line in lines)
    assert widgets.no_orphan(["wait", "1s"], lambda t: True) == ["wait", "1s"], "one word above: nothing to move"
