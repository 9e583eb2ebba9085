"""Languages: the catalogues are complete and current, the language is chosen and saved, plurals and
numbers follow the language, the font draws every character, and no marked module hides `_`."""
from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pygame
import pytest

from game.app import cli
from game.text import i18n
from game.core.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_catalogues_are_complete_current_and_compiled():
    """The CI check: messages.pot matches the marked strings, every language translates every entry
    (none fuzzy, same {placeholders}), and each committed .mo is its .po compiled."""
    assert _tool().problems() == []


def test_every_shipped_language_has_a_catalogue_and_the_command_line_knows_them():
    assert sorted(_tool().languages()) == sorted(code for code in i18n.LANGUAGES if code != i18n.DEFAULT)
    assert cli.LANGUAGE_CODES == tuple(i18n.LANGUAGES)


@pytest.mark.parametrize("code, word", [("de", "EINSTELLUNGEN"), ("fr", "RÉGLAGES"), ("es", "AJUSTES")])
def test_a_language_translates_and_english_is_the_source(code, word):
    assert i18n.set_language(code) == code
    assert i18n._("SETTINGS") == word
    i18n.set_language("en")
    assert i18n._("SETTINGS") == "SETTINGS"


def test_an_unknown_language_is_english():
    assert i18n.set_language("xx") == "en"


@pytest.mark.parametrize("code, one, many", [
    ("en", "1 die", "1,234 dice"), ("de", "1 Würfel", "1.234 Würfel"),
    ("fr", "1 dé", "1\u202f234 dés"), ("es", "1 dado", "1.234 dados"),
])
def test_plurals_and_numbers_follow_the_language(code, one, many):
    i18n.set_language(code)
    assert i18n.ngettext("{n} die", "{n} dice", 1) == one
    assert i18n.ngettext("{n} die", "{n} dice", 1234) == many


@pytest.mark.parametrize("code, places", [("en", "1st 2nd 3rd 4th 11th 22nd"), ("de", "1. 2. 3. 4. 11. 22."),
                                          ("fr", "1er 2e 3e 4e 11e 22e"), ("es", "1.º 2.º 3.º 4.º 11.º 22.º")])
def test_places_are_ordinals_of_the_language(code, places):
    i18n.set_language(code)
    assert " ".join(i18n.ordinal(n) for n in (1, 2, 3, 4, 11, 22)) == places


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LC_ALL": "fr_CA"}, "fr"), ({"LANGUAGE": "es:en"}, "es"),
    ({"LANGUAGE": "it:fr"}, "fr"), ({"LANG": "C.UTF-8"}, None), ({"LANG": "ja_JP.UTF-8"}, None), ({}, None),
])
def test_the_system_language_is_used_only_when_we_ship_it(environ, expected):
    assert i18n.system_language(environ) == expected


def test_command_line_then_settings_then_system(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    assert i18n.choose("de", "es") == "de"
    assert i18n.choose(None, "es") == "es"
    assert i18n.choose(None, "") == "fr"


def test_the_language_is_saved_with_the_settings_and_a_bad_one_refused(user_dir):
    settings = Settings()
    settings.language = "es"
    settings.save()
    assert Settings.load()[0].language == "es"
    (user_dir / "settings.json").write_text('{"language": "klingon"}', encoding="utf-8")
    loaded, warning = Settings.load()
    assert loaded.language == "" and "language" in warning


def test_lang_goes_with_the_window_and_screenshots_only():
    assert cli.parse_args(["--lang", "de", "--screenshot", "x.png", "--scene", "title"]).lang == "de"
    with pytest.raises(cli.UsageError, match="--lang only goes with"):
        cli.parse_args(["--lang", "de", "--headless"])
    with pytest.raises(cli.UsageError):
        cli.parse_args(["--lang", "xx"])


def _translations():
    from babel.messages.pofile import read_po
    for code in _tool().languages():
        with (ROOT / "assets" / "locale" / code / "LC_MESSAGES" / "messages.po").open("rb") as fh:
            for message in read_po(fh):
                if message.id:
                    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
                    yield from strings


def test_the_font_draws_every_character_the_catalogues_use():
    """A glyph missing from the game's typeface would come from the fallback font (or draw as an
    empty box): every character a translation uses is in the face (tests/test_typeface.py checks
    the code's symbols too)."""
    from game.render.text import GameFont
    pygame.font.init()
    font = GameFont(40)
    used = sorted({c for text in _translations() for c in text if not c.isspace()})
    assert {"ß", "ñ", "¡", "¿", "é", "è", "ü", "ä", "ö", "«", "»", "„", "“"} <= set(used)
    capitals = {"Ç", "À", "É", "È", "Ñ", "Ü", "Ä", "Ö"}   # a sentence may start with one ("Ça", "À la caisse")
    assert [c for c in sorted(set(used) | capitals) if not font.has(c)] == []


def _binds_underscore(func: ast.AST) -> bool:
    """`_` assigned in the function's own scope (a comprehension's `_` has a scope of its own)."""
    in_comprehensions = {id(n) for c in ast.walk(func) if isinstance(c, ast.comprehension)
                         for n in ast.walk(c.target)}
    return any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)
               and id(n) not in in_comprehensions for n in ast.walk(func))


def _calls_underscore(func: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
               for n in ast.walk(func))


def test_no_function_that_translates_also_uses_underscore_as_a_throwaway_name():
    """`for _ in ...` makes `_` local to the whole function: a `_("...")` in it would then fail."""
    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in ast.walk(tree):
            if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) \
                    and _calls_underscore(func) and _binds_underscore(func):
                bad.append(f"{path.relative_to(ROOT)}:{func.lineno}")
    assert bad == []


def test_the_settings_language_row_switches_at_once_and_is_saved(user_dir):
    from game import app
    from game.scenes.menus.settings import SettingsScene
    pygame.init()
    try:
        ctx = app.make_context(load_user_files=False)
        scene = SettingsScene(ctx)
        row = scene.menu.items[0]
        assert row.label == "Language" and row.value() == "English"
        row.adjust(1)
        assert i18n.language() == "de" and row.value() == "Deutsch"
        assert Settings.load()[0].language == "de"
        assert i18n._(row.label) == "Sprache"
        row.adjust(-1)
        assert i18n.language() == "en" and Settings.load()[0].language == "en"
    finally:
        pygame.quit()


def test_the_window_starts_in_the_saved_language_and_lang_wins(user_dir):
    from game import app
    settings = Settings()
    settings.language = "fr"
    settings.save()
    pygame.init()
    try:
        app.make_context()
        assert i18n.language() == "fr"
        app.make_context(lang="es")
        assert i18n.language() == "es"
    finally:
        pygame.quit()
