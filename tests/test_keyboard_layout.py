"""Key caps from the keyboard itself: the default keys are places on the keyboard, bound to what the
player's layout has there, and every cap is named as that keyboard prints it, in the player's language.

The layouts are injected at the boundary (game.input.layout.use_layout: scancode -> keycode), built
from the real tables: French AZERTY (A<->Q and Z<->W swapped, M beside L, the number row's unshifted
& é " ' ( - è _ ç à, ! : ; ù on the right) and German QWERTZ (Y<->Z, ö ä ü ß, - in the slash place)."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.input import layout
from game.input.bindings import Bindings, key_cap
from game.match.commands import Button
from game.render import glyphs, widgets
from game.scenes import registry
from game.text import i18n

K = pygame
US = {scan: key for key, scan in layout.US_POSITIONS.items()}


def _layout(**moved: int) -> dict[int, int]:
    """A layout: the US one with the keys at some places (KSCAN_ names without the prefix) changed."""
    table = dict(US)
    table.update({getattr(pygame, "KSCAN_" + place): key for place, key in moved.items()})
    return table


AZERTY = _layout(Q=K.K_a, W=K.K_z, A=K.K_q, Z=K.K_w, SEMICOLON=K.K_m, M=K.K_COMMA, COMMA=K.K_SEMICOLON,
                 PERIOD=K.K_COLON, SLASH=K.K_EXCLAIM, APOSTROPHE=0xF9, GRAVE=0xB2, LEFTBRACKET=K.K_CARET,
                 RIGHTBRACKET=K.K_DOLLAR, BACKSLASH=K.K_ASTERISK, MINUS=K.K_RIGHTPAREN, EQUALS=K.K_EQUALS,
                 **{"1": K.K_AMPERSAND, "2": 0xE9, "3": K.K_QUOTEDBL, "4": K.K_QUOTE, "5": K.K_LEFTPAREN,
                    "6": K.K_MINUS, "7": 0xE8, "8": K.K_UNDERSCORE, "9": 0xE7, "0": 0xE0})
QWERTZ = _layout(Y=K.K_z, Z=K.K_y, MINUS=0xDF, EQUALS=0xB4, LEFTBRACKET=0xFC, RIGHTBRACKET=K.K_PLUS,
                 SEMICOLON=0xF6, APOSTROPHE=0xE4, GRAVE=K.K_CARET, BACKSLASH=K.K_HASH, SLASH=K.K_MINUS)


@pytest.fixture
def keyboard(request):
    """The layout a test names, for the bindings made while it runs."""
    pygame.init()
    layout.use_layout(request.param)
    yield request.param
    layout.use_layout(None)


def caps(bindings: Bindings, half: str) -> dict[str, str]:
    from game.scenes.pads.sync import keyboard_keys

    class Ctx:
        pass
    ctx = Ctx()
    ctx.bindings = bindings     # keyboard_keys reads only the bindings
    return keyboard_keys(ctx, half)  # type: ignore[arg-type]


@pytest.mark.parametrize("keyboard", [AZERTY], indirect=True)
def test_a_french_keyboard_moves_with_zqsd(keyboard):
    b = Bindings()
    left = b.keys["left"]
    assert (left[Button.UP], left[Button.LEFT], left[Button.DOWN], left[Button.RIGHT]) == (K.K_z, K.K_q, K.K_s, K.K_d)
    said = caps(b, "left")
    assert said["MOVE"] == "ZQSD" and said["Y"] == "A" and said["BACK"] == "W" and said["LB"] == "&"
    right = caps(b, "right")
    assert (right["Y"], right["LB"], right["RB"], right["BACK"]) == ("!", ";", ":", "Ù")


@pytest.mark.parametrize("keyboard", [QWERTZ], indirect=True)
def test_a_german_keyboard_has_its_y_where_qwerty_has_z(keyboard):
    b = Bindings()
    said = caps(b, "left")
    assert said["MOVE"] == "WASD" and said["BACK"] == "Y" and b.keys["left"][Button.BACK] == K.K_y
    assert caps(b, "right")["Y"] == "-" and caps(b, "right")["BACK"] == "Ä"


@pytest.mark.parametrize("keyboard", [None], indirect=True)
def test_a_us_keyboard_keeps_the_keys_it_always_had(keyboard):
    b = Bindings()
    assert b.keys["left"][Button.UP] == K.K_w and b.keys["right"][Button.Y] == K.K_SLASH
    assert caps(b, "left")["MOVE"] == "WASD" and caps(b, "right")["MOVE"] == "Arrows"


@pytest.mark.parametrize("keyboard", [_layout(W=K.K_e)], indirect=True)
def test_a_layout_with_one_key_in_two_places_keeps_the_us_keys(keyboard):
    """No key may mean two buttons: then the defaults stay the US keys, which never clash."""
    assert Bindings().keys["left"][Button.UP] == K.K_w


def test_sdl_says_the_layout_at_the_boundary():
    """The lookup is SDL's own (SDL_GetKeyFromScancode of the library pygame loaded); the test
    machine's dummy video driver has SDL's default, US keymap."""
    pygame.init()
    layout.use_layout(None)
    assert layout.key_at(K.KSCAN_W) == K.K_w and layout.key_at(K.KSCAN_SLASH) == K.K_SLASH
    assert layout.at_position(K.K_SPACE) == K.K_SPACE      # printed the same everywhere: not looked up


@pytest.mark.parametrize("code, cap", [(K.K_LSHIFT, "LShift"), (K.K_RETURN, "Enter"), (K.K_BACKSPACE, "Bksp"),
                                       (K.K_UP, "Up"), (K.K_RCTRL, "RCtrl"), (K.K_z, "Z"), (0xF9, "Ù")])
def test_key_caps_are_short_and_name_other_layouts_letters(code, cap):
    pygame.init()
    assert key_cap(code) == cap


# ---------------------------------------------------------------- no English key name
PAD_WORDS = {"A", "B", "X", "Y", "LB", "RB", "START", "BACK", "Start", "Select", "LB/RB"}
ENGLISH_KEYS = {"Left", "Right", "Up", "Down", "Arrows", "Stick", "Enter", "Return", "Esc", "Escape", "Space",
                "Bksp", "Backspace", "LShift", "RShift", "LCtrl", "RCtrl", "LAlt", "RAlt", "Left Shift",
                "Right Shift", "Right Ctrl", "Left Ctrl"}
HINT = re.compile(r'\(\s*"([A-Za-z][A-Za-z0-9 /]*)",\s*(?:N_|_)\(')
DRAWING = ("scenes", "render")


def hint_keys() -> set[str]:
    """Every key named in a button hint of the game's screens (split at " / ")."""
    game = Path(__file__).resolve().parents[1] / "game"
    found = set()
    for folder in DRAWING:
        for path in (game / folder).rglob("*.py"):
            for keys in HINT.findall(path.read_text(encoding="utf-8")):
                found.update(part for part in keys.split(" / ") if part not in PAD_WORDS and len(part) > 1)
    return found - {"tidy", "rush", "memory"}      # mode ids in a table of the same shape


def test_every_key_a_hint_names_is_said_in_the_language():
    assert {"Left", "Right", "Up", "Down", "Esc", "Enter"} <= hint_keys()
    assert hint_keys() <= set(widgets.KEY_WORDS), hint_keys() - set(widgets.KEY_WORDS)


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.DEFAULT])
@pytest.mark.parametrize("keyboard", [None, AZERTY, QWERTZ], indirect=True)
def test_no_english_key_name_on_a_translated_screen(code, keyboard, monkeypatch):
    """The hint bars and key caps of screens with keyboard keys, in each language: no cap is an
    English key word its language says otherwise."""
    from game import app
    drawn: list[str] = []
    real = glyphs.badge
    monkeypatch.setattr(glyphs, "badge", lambda ui, label, height: drawn.append(str(label)) or real(ui, label, height))
    pygame.display.set_mode(app.LOGICAL_SIZE)
    try:
        for name in ("speedrun_settings", "speedrun_field_edit", "table_keyboards", "howto_keyboards", "title"):
            ctx = app.make_context(load_user_files=False, lang=code)
            app.stage_screenshot(ctx, registry.screenshot(name), 1)
            for scene in ctx.stack.scenes:
                scene.draw(pygame.display.get_surface(), 0.0)
        # An English key word is one the catalogue does not say, or says otherwise in this language.
        english = {word for word in ENGLISH_KEYS if word not in widgets.KEY_WORDS or i18n._(word) != word}
    finally:
        i18n.set_language(i18n.DEFAULT)
    assert drawn and not english & set(drawn), english & set(drawn)
