"""The language in use: which gettext catalogue the game reads, set once the player's choice is
known (game/text/i18n.py chooses it and says texts through it; a Notice says itself through it).

Only the catalogue and the numbers live here, below both game/text/i18n.py and game/text/notice.py, so
that a Notice can say itself without the module that knows about Notices. No pygame here, and
Babel only once a language is set or a number written: until then the texts are the English of
the code, which is all a headless command (seat names in a match's spec) ever reads.
"""
from __future__ import annotations

import gettext as _gettext
from pathlib import Path

from game import asset
from game.text import LANGUAGES

DOMAIN = "messages"
DEFAULT = "en"

_state: dict[str, str] = {"code": DEFAULT}
_catalogue: list[_gettext.NullTranslations] = [_gettext.NullTranslations()]   # the one in use: English at first


def locale_dir() -> Path:
    """assets/locale: messages.pot and <code>/LC_MESSAGES/messages.{po,mo}."""
    return asset("locale")


def set_language(code: str) -> str:
    """Use language `code` from now on (an unknown code means English); returns the code in use."""
    from babel.support import NullTranslations, Translations   # Babel: once a language is chosen (see above)
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
        from babel import numbers   # Babel: once a number is written (see above)
        if len(_NUMBERS) >= 4096:
            _NUMBERS.clear()
        found = _NUMBERS[key] = numbers.format_decimal(value, locale=language())
    return found


def quantity(value: int | float, unit: str) -> str:
    """A quantity with its unit as the language writes it, from Babel's CLDR units
    ("digital-megabyte": 8 MB / 8 Mo)."""
    from babel import units   # Babel: once a quantity is written (see above)
    return str(units.format_unit(value, unit, length="short", locale=language()))
