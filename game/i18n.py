"""The player's language: gettext catalogues compiled from assets/locale/*.po, read with Babel.

    from game.i18n import _, N_, ngettext
    _("Settings")                                   # a marked string, translated now
    ngettext("{n} token", "{n} tokens", count)      # the plural form the language needs, {n} filled in
    N_("Rush")                                      # marked for extraction, translated later with _()
    N_plural("{n} bag scored", "{n} bags scored")   # a plural pair marked, said later with ngettext

Only what a player reads goes through here; the command line's messages for
developers and scripts stay English. The simulation never sees a translated
string (its hash must not depend on the language): texts are translated where
they are drawn. Data text (garment and product names, how-to cards) is
extracted from the TOML files by game/i18n_extract.py and translated with _()
where it is shown. No pygame here.
"""
from __future__ import annotations

import locale
import os
from pathlib import Path

from babel import Locale, lists, numbers, units
from babel.support import NullTranslations, Translations

from game.data import asset
from game.notice import Notice

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


class Verbatim(str):
    """A text shown as written in every language, never looked up in the catalogue: a player's own
    level name where a menu translates its values."""


def _(message: str) -> str:
    """`message` in the player's language ("" stays "": gettext would give the catalogue's header).
    A Notice (a sentence composed before the language was set) is said from its message id; a
    Verbatim text is shown as written."""
    if isinstance(message, Notice):
        return message.say()
    if isinstance(message, Verbatim):
        return message
    return _catalogue[0].gettext(message) if message else message


def N_(message: str) -> str:
    """Marks `message` for the catalogue without translating it (a table read before the language is set)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural pair for the catalogue without translating it: ngettext says it later with
    its count (tools/i18n.py extracts it as a plural entry)."""
    return singular, plural


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


def seconds(value: int | float) -> str:
    """A duration in seconds with its unit, the language's way: 30 sec / 30 Sek. / 30 s."""
    return units.format_unit(value, "duration-second", length="short", locale=language())


def percent(fraction: float) -> str:
    """A share as the language writes it: 80% / 80 % (0.8 -> 80)."""
    return numbers.format_percent(fraction, locale=language())


def and_list(items: list[str]) -> str:
    """Names joined as the language lists them: "Orange, Sky and Green" / "Orange, Himmel und Grün"."""
    return lists.format_list(items, locale=language()) if items else ""


# English says 1st 2nd 3rd 4th; Babel knows each language's ordinal categories (CLDR), the catalogue the words.
ORDINALS = {"one": N_("{n}st"), "two": N_("{n}nd"), "few": N_("{n}rd"), "other": N_("{n}th")}


def ordinal(n: int) -> str:
    """A place as the player's language writes it: 1st / 1. / 1er / 1.º"""
    form = Locale.parse(language()).ordinal_form(n)
    return _(ORDINALS.get(form, ORDINALS["other"])).format(n=n)


def language_name(code: str) -> str:
    """A language named in itself, for the Settings row."""
    return LANGUAGES.get(code) or Locale.parse(code).get_display_name(code) or code


def system_language(environ: dict[str, str] | None = None) -> str | None:
    """The system locale's language when it is one we ship (LANGUAGE, LC_ALL, LC_MESSAGES, LANG,
    then the OS locale), else None."""
    env = os.environ if environ is None else environ
    candidates = [part for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
                  for part in env.get(key, "").split(":") if part]
    if environ is None:
        try:
            candidates.append(locale.getlocale()[0] or "")
        except ValueError:
            pass
    for candidate in candidates:
        code = candidate.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in ("c", "posix"):
            continue
        if code in LANGUAGES:
            return code
    return None


def choose(cli: str | None, saved: str) -> str:
    """The language to start in: --lang, else the one saved in Settings, else the system's, else English."""
    return cli or saved or system_language() or DEFAULT
