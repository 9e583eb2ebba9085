"""The typeface (game/render/text.py, docs/READABILITY.md "The typeface"): even spacing inside words
at every size the game draws, kerning on, every character the game draws in the face itself, a
clean fallback for any other, and the sofa bar meaning what it meant with the old font.

pygame's bundled freesansbold, the game's font before, fails the spacing test at sizes 24 to 44 ("but ton",
"Wei ter", "Auswähl en"): its hinting rounds each letter's advance on its own.
"""
from __future__ import annotations

import ast
import math
import unicodedata
from pathlib import Path

import pygame
import pytest

from game.render import text
from game.render.text import DISPLAY_FROM, GameFont, bar_px, min_font_size

ROOT = Path(__file__).resolve().parent.parent
WHITE = (255, 255, 255)
# The words the TV review saw break apart, and longer ones from each language.
WORDS = ("button", "Quit", "Select", "Personal", "zeigt", "Starttisch", "Weiter", "Auswählen", "Play", "Leave",
         "Sélectionner", "Réglages", "Pequeño", "Añadir", "Einstellungen", "Schnäppchen", "Controller", "Continuer")
SIZES = (24, 26, 28, 32, 36, 44, 60, 112)


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield


def _widest_gap(surface: pygame.Surface) -> int:
    """The widest run of ink-free columns between a word's first and last inked column."""
    w, h = surface.get_size()
    inked = [any(surface.get_at((x, y)).a > 60 for y in range(h)) for x in range(w)]
    xs = [x for x, ink in enumerate(inked) if ink]
    widest = run = 0
    for x in range(xs[0], xs[-1] + 1):
        run = 0 if inked[x] else run + 1
        widest = max(widest, run)
    return widest


@pytest.mark.parametrize("size", SIZES)
def test_no_gap_inside_a_word(size):
    """No blank between two letters of a word wider than 15% of the em: an uneven gap reads as a space."""
    font = GameFont(size)
    allowed = math.ceil(0.15 * font.point_size)
    gaps = {word: _widest_gap(font.render(word, True, WHITE)) for word in WORDS}
    assert {word: gap for word, gap in gaps.items() if gap > allowed} == {}


@pytest.mark.parametrize("size", [24, 60])
def test_kerning_is_on(size):
    """Pairs the face kerns (AV, To, Wa) set tighter than their letters side by side."""
    font = GameFont(size)
    for pair in ("AV", "To", "Wa"):
        assert font.size(pair)[0] < font.size(pair[0])[0] + font.size(pair[1])[0], pair


def test_headings_use_the_display_weight_and_the_rest_the_text_weight():
    assert GameFont(DISPLAY_FROM).face == text.DISPLAY_FACE
    assert GameFont(DISPLAY_FROM - 1).face == GameFont(24).face == text.TEXT_FACE
    for face in (text.TEXT_FACE, text.DISPLAY_FACE):
        assert face.is_file() and face.parent.joinpath("OFL.txt").is_file()


def _catalogue_characters() -> set[str]:
    from babel.messages.pofile import read_po
    chars: set[str] = set()
    for po in (ROOT / "assets" / "locale").glob("*/LC_MESSAGES/messages.po"):
        with po.open("rb") as fh:
            for message in read_po(fh):
                for part in [*(message.id if isinstance(message.id, (list, tuple)) else [message.id]),
                             *(message.string if isinstance(message.string, (list, tuple)) else [message.string])]:
                    chars |= set(part or "")
    return chars


def _code_characters() -> set[str]:
    """Every non-ASCII character in a string literal of game/ (the ×, ·, …, › the code draws)."""
    chars: set[str] = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                chars |= {c for c in node.value if ord(c) > 127}
    # not drawn: a docstring's example of a digit the input refuses, the private-use probe for a
    # face's missing-glyph box
    return {c for c in chars if unicodedata.category(c) != "Co"} - set("²")


@pytest.mark.parametrize("size", [24, DISPLAY_FROM])
def test_every_character_the_game_draws_is_in_the_face(size):
    """Every letter of every catalogue and every symbol the code draws comes from the face itself
    (text and display weights), not the fallback: accents, ß, ñ, ¡ ¿, « », „ “, ×, ·, …, ›, º."""
    used = {c for c in _catalogue_characters() | _code_characters() if not c.isspace()}
    assert {"ß", "ñ", "¡", "¿", "é", "«", "»", "„", "“", "×", "·", "…", "›"} <= used   # no catalogue says "Ç" since "Ça roule" went (test_i18n checks the capitals)
    font = GameFont(size)
    assert sorted(c for c in used if not font.has(c)) == []


def test_a_character_the_face_lacks_is_drawn_by_the_fallback_on_the_same_baseline():
    """A player's own level may be named in Cyrillic: those letters come from the bundled font,
    drawn beside the face's, not as empty boxes."""
    font = GameFont(32)
    assert not font.has("Д") and font.fallback().size("Д")[0] > 0
    mixed = font.render("Ma Дом", True, WHITE)
    assert mixed.get_height() == font.get_height()
    assert font.size("Ma Дом")[0] == mixed.get_width() == \
        font.size("Ma ")[0] + pygame.font.Font.size(font.fallback(), "Дом")[0]
    box = font.render("\U000f0000", True, WHITE).get_bounding_rect()       # the face's empty box
    alone = font.render("Д", True, WHITE).get_bounding_rect()
    assert alone.size != box.size


def test_a_space_the_face_lacks_is_a_space_not_a_box():
    """Babel groups French thousands with U+202F, which the face has no glyph for."""
    font = GameFont(32)
    assert not font.has("\u202f")
    grouped = font.render("1\u202f234", True, WHITE)
    assert _widest_gap(grouped) >= 3 and grouped.get_bounding_rect().h == font.render("1234", True, WHITE).get_bounding_rect().h


def test_the_sofa_bar_means_what_it_meant():
    """TEXT_MIN_PX counts the em of FreeSans Bold, whose ascent + descent is its em: at the floor the
    face's letters are at least as tall as the bundled font's were (capitals and lowercase)."""
    floor = min_font_size()
    face, old = GameFont(floor), pygame.font.Font(None, 24)
    assert bar_px(face) >= text.TEXT_MIN_PX and old.get_height() == text.TEXT_MIN_PX
    for letter in ("H", "x"):
        ink = face.render(letter, True, WHITE).get_bounding_rect().h
        assert ink >= old.render(letter, True, WHITE).get_bounding_rect().h, letter
    assert bar_px(GameFont(floor - 1)) < text.TEXT_MIN_PX or floor == text.TEXT_MIN_PX


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to list descriptors")
def test_fonts_hold_no_file_open():
    """The caches keep ~150 fonts; opened from their paths each held a descriptor, and those that
    outlived pygame.font were never closed (a test run reached 1,700, past select()'s 1024)."""
    fonts = [GameFont(size) for size in range(min_font_size(), min_font_size() + 40)]
    assert all(f.render("Schnäppchen", True, WHITE).get_width() > 0 for f in fonts)
    faces = {Path(text.TEXT_FACE).resolve(), Path(text.DISPLAY_FACE).resolve()}
    held = [fd for fd in Path("/proc/self/fd").iterdir() if fd.resolve() in faces]
    assert held == []
