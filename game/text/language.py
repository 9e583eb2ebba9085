"""The language in use: which gettext catalogue the game reads, set once the player's choice is
known (game/text/i18n.py chooses it and says texts through it; a Notice says itself through it).

Only the catalogue and the numbers live here, below both game/text/i18n.py and game/text/notice.py, so
that a Notice can say itself without the module that knows about Notices. No pygame here.
"""
from __future__ import annotations

from pathlib import Path

from babel import numbers, units
from babel.support import NullTranslations, Translations

from game import asset

DOMAIN = "messages"
DEFAULT = "en"
# The languages we ship, each named in itself (the Settings row shows these).
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}

_state: dict[str, str] = {"code": DEFAULT}
_catalogue: list[NullTranslations] = [NullTranslations()]   # the one in use


def locale_dir() -> Path:
    """assets/locale: messages.pot and <code>/LC_MESSAGES/messages.{po,mo}."""
    return asset("locale")


def set_language(code: str) -> str:
    """Use language `code` from now on (an unknown code means English); returns the code in use."""
    code = code if code in LANGUAGES else DEFAULT
    catalogue: NullTranslations = NullTranslations()
    if code != DEFAULT:
        loaded = Translations.load(str(locale_dir()), [code], DOMAIN)
        if isinstance(loaded, Translations):
            catalogue = loaded
    _state["code"], _catalogue[0] = code, catalogue
    return code


def language() -> str:
    """The code of the language in use (en, de, fr, es)."""
    return str(_state["code"])


def gettext(message: str) -> str:
    """`message` from the catalogue in use ("" stays "": gettext would give the catalogue's header)."""
    return _catalogue[0].gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
    """The form of `singular`/`plural` that `n` needs in the player's language, with {n} (and
    any other {name} in `values`) filled in; n is written with the language's digit grouping."""
    form: str = _catalogue[0].ngettext(singular, plural, n)
    return form.format(n=number(n), **values)


_NUMBERS: dict[tuple[str, int | float], str] = {}


def number(value: int | float) -> str:
    """A number as the player's language writes it (1,234 / 1.234 / 1 234). Kept: a HUD says
    the same counts every frame, and Babel takes tens of microseconds a number."""
    key = (str(_state["code"]), value)
    found = _NUMBERS.get(key)
    if found is None:
        if len(_NUMBERS) >= 4096:
            _NUMBERS.clear()
        found = _NUMBERS[key] = numbers.format_decimal(value, locale=language())
    return found


def quantity(value: int | float, unit: str) -> str:
    """A quantity with its unit as the language writes it, from Babel's CLDR units
    ("digital-megabyte": 8 MB / 8 Mo)."""
    return str(units.format_unit(value, unit, length="short", locale=language()))
