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


def test_a_line_never_breaks_at_a_no_break_space():
    """French puts a no-break space before : ; ! ? and inside « »: a line never starts with "!"
    or ":" (str.split() would cut there too)."""
    pygame.init()
    ui = app.make_context(load_user_files=False).ui
    text = "Maintiens Y\u202f: annonce\u00a0«\u202fSOLD OUT!\u202f» quand ta liste est pleine\u202f!"
    for width in range(80, 400, 7):
        lines = widgets.wrap_text(ui, text, 24, width)
        assert not any(line[0] in ":;!?»" for line in lines), (width, lines)
        assert not any(line.endswith("«") for line in lines), (width, lines)
        assert " ".join(lines).replace("- ", "") == text      # every word kept (a long one hyphenated)


def test_the_games_call_is_never_broken_across_lines():
    """German wrapped "Halte Y, um SOLD / OUT! zu rufen" in the mall's margin."""
    pygame.init()
    ui = app.make_context(load_user_files=False).ui
    text = "Halte Y, um SOLD OUT! zu rufen"
    for width in range(60, 300, 5):
        lines = widgets.wrap_text(ui, text, 22, width)
        assert not any(line.endswith("SOLD") or line.startswith("OUT!") for line in lines), (width, lines)


def test_a_word_wider_than_the_line_breaks_where_its_language_hyphenates_it():
    """A narrow panel used to let a long word run over its border; it breaks where the language
    does, and with `narrows` a word that fits once narrowed stays whole (the caller narrows it)."""
    from game.text import i18n
    pygame.init()
    ui = app.make_context(load_user_files=False).ui
    i18n.set_language("de")
    try:
        width = ui.text.width("Einstellungen", 24) * 2 // 3
        lines = widgets.wrap_text(ui, "Einstellungen", 24, width)
        assert lines == ["Einstel-", "lungen"] and all(ui.text.width(line, 24) <= width for line in lines)
        i18n.set_language("es")
        word = "¡Prepárate!"
        assert widgets.wrap_text(ui, word, 26, round(ui.text.width(word, 26) * 0.85), narrows=True) == [word]
    finally:
        i18n.set_language(i18n.DEFAULT)
