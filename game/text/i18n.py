"""The player's language: gettext catalogues compiled from assets/locale/*.po, read with Babel.

    from game.text.i18n import _, N_, ngettext
    _("Settings")                                   # a marked string, translated now
    ngettext("{n} token", "{n} tokens", count)      # the plural form the language needs, {n} filled in
    N_("Rush")                                      # marked for extraction, translated later with _()
    N_plural("{n} bag scored", "{n} bags scored")   # a plural pair marked, said later with ngettext

Only what a player reads goes through here; the command line's messages for
developers and scripts stay English. The simulation never sees a translated
string (its hash must not depend on the language): texts are translated where
they are drawn. Data text (garment and product names, how-to cards) is
extracted from the TOML files by game/text/extract.py and translated with _()
where it is shown. No pygame here.
"""
from __future__ import annotations

import locale
from functools import lru_cache
import os

import datetime as _dt

from babel import Locale, dates, lists, numbers, units

from game.text import LANGUAGES
from game.text.language import DEFAULT, DOMAIN, gettext, language, locale_dir, ngettext, number, set_language
from game.text.notice import Notice, Verbatim

# The language's own names, read through here by everyone who says a text.
__all__ = ["DEFAULT", "DOMAIN", "LANGUAGES", "N_", "N_plural", "Verbatim", "_", "and_list", "choose",
           "day", "language", "language_name", "locale_dir", "ngettext", "number", "ordinal", "percent", "seconds",
           "set_language", "system_language"]


def _(message: str) -> str:
    """`message` in the player's language ("" stays "": gettext would give the catalogue's header).
    A Notice (a sentence composed before the language was set) is said from its message id; a
    Verbatim text is shown as written."""
    if isinstance(message, Notice):
        return message.say()
    if isinstance(message, Verbatim):
        return message
    return gettext(message)


def N_(message: str) -> str:
    """Marks `message` for the catalogue without translating it (a table read before the language is set)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural pair for the catalogue without translating it: ngettext says it later with
    its count (tools/i18n.py extracts it as a plural entry)."""
    return singular, plural


def seconds(value: int | float) -> str:
    """A duration in seconds with its unit, the language's way: 30 sec / 30 Sek. / 30 s."""
    return _seconds(value, language())


@lru_cache(maxsize=256, typed=True)   # a clock on screen says it every frame: Babel took 0.1-0.3 ms each time
def _seconds(value: int | float, lang: str) -> str:
    return units.format_unit(value, "duration-second", length="short", locale=lang)


def percent(fraction: float) -> str:
    """A share as the language writes it: 80% / 80 % (0.8 -> 80)."""
    return numbers.format_percent(fraction, locale=language())


def day(iso: str, year: bool = True) -> str:
    """A day as the language writes it, from a YYYY-MM-DD date or an ISO timestamp: Dec 6, 2026 /
    6. Dez. 2026 / 6 déc. 2026 (without the year: Dec 6 / 6. Dez.). Text that is no date stays."""
    return _day(iso[:10], year, language())


@lru_cache(maxsize=512)   # a board draws the same dates every frame
def _day(iso: str, year: bool, lang: str) -> str:
    try:
        when = _dt.date.fromisoformat(iso)
    except ValueError:
        return iso
    return str(dates.format_skeleton("yMMMd" if year else "MMMd", when, locale=lang))


def and_list(items: list[str]) -> str:
    """Names joined as the language lists them: "Orange, Sky and Green" / "Orange, Azur und Grün"."""
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
