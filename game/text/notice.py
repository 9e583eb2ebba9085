"""A sentence for the player made before it can be translated: its English message id and values,
said in the player's language when it is shown.

User files are read before the language is applied (settings.json holds it), and worker threads
(the attempt writer, the LiveSplit link) compose messages the game thread shows later. They make
a Notice: a str whose text is the English (the log, stderr and the tests read that) which also
keeps how it was made, so `i18n._(notice)` (the toasts call it) says it in the language in use:

    Notice(N_("{file} is corrupt (line {line})"), file="settings.json", line=3)
    Notice(N_("the limit is {size}"), size=Quantity(8, "digital-megabyte", "8 MB"))   # 8 Mo in French
    Notice.ngettext("{file}: bad value for {names}; using the default",
                    "{file}: bad value for {names}; using the defaults", 2, file=..., names=...)
    join(first, second)          # "{first}; {second}", each part said on its own

Mark the message with N_() (or call Notice.ngettext, which extraction reads like ngettext) so it
reaches the catalogue. A value that is itself a Notice is said too; other values go in as they
are. No pygame and no Babel here: the headless command line reads user files as well.
"""
from __future__ import annotations

import gettext
from typing import Any



def N_(message: str) -> str:
    """game.text.i18n.N_ (marks a message for the catalogue), here without importing Babel."""
    return message


# TRANSLATORS: two problems with one saved file, shown in one line
JOIN = N_("{first}; {second}")
_ENGLISH = gettext.NullTranslations()


class Notice(str):
    """English text that can say itself in the player's language (see the module docstring)."""

    msgid: str
    plural: str | None
    number: int | None   # the count a plural form is chosen for (not `count`: str has one)
    values: dict[str, Any]

    def __new__(cls, msgid: str, /, **values: Any) -> "Notice":
        return cls._make(msgid, None, None, values)

    @classmethod
    def ngettext(cls, singular: str, plural: str, n: int, /, **values: Any) -> "Notice":
        """The plural form `n` needs, with {n} and the other values filled in when said."""
        return cls._make(singular, plural, n, values)

    @classmethod
    def _make(cls, msgid: str, plural: str | None, n: int | None, values: dict[str, Any]) -> "Notice":
        # English, as gettext's untranslated catalogue says it (its plural rule, not one of ours)
        english = msgid if plural is None or n is None else _ENGLISH.ngettext(msgid, plural, n)
        extra = {"n": format(n, ",")} if n is not None else {}
        made = str.__new__(cls, english.format(**values, **extra))
        made.msgid, made.plural, made.number, made.values = msgid, plural, n, dict(values)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        # copy and pickle rebuild it from its parts (str's own way would format the English again)
        return (Notice._make, (self.msgid, self.plural, self.number, self.values))

    def say(self) -> str:
        """The text in the language in use (English until a language is set)."""
        from game.text import language   # Babel, only once a Notice is said (not for the headless command line)
        values = {key: value.say() if isinstance(value, (Notice, Quantity)) else value
                  for key, value in self.values.items()}
        if self.plural is not None and self.number is not None:
            return language.ngettext(self.msgid, self.plural, self.number, **values)
        return language.gettext(self.msgid).format(**values)


class Quantity(str):
    """A number with its unit as a Notice's value: English as made ("8 MB", for the log and the
    command line), written the player's language's way when the Notice is said ("8 Mo": Babel's
    CLDR units). `unit` is a CLDR unit name ("digital-megabyte")."""

    value: float
    unit: str

    def __new__(cls, value: float, unit: str, english: str) -> "Quantity":
        made = str.__new__(cls, english)
        made.value, made.unit = value, unit
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Quantity, (self.value, self.unit, str(self)))

    def say(self) -> str:
        from game.text import language
        return language.quantity(self.value, self.unit)


class Verbatim(str):
    """A text shown as written in every language, never looked up in the catalogue (i18n._ gives
    it back as it is): a player's own level name where a menu translates its values."""


def join(first: str | None, second: str | None) -> str | None:
    """Two problems of one file in one line ("{first}; {second}"); either may be None."""
    if not first or not second:
        return first or second
    return Notice(JOIN, first=first, second=second)


def message_of(error: BaseException) -> str:
    """An exception's message, as the Notice it was raised with when it was (to pass it on as a
    value or another exception's message), else its English text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Notice) else str(error)


def said(error: BaseException) -> str:
    """An exception's message for the player: translated when it was raised with a Notice (its
    str() stays English for the command line), else as it is."""
    return say(message_of(error))


def say(text: str) -> str:
    """`text` in the player's language if it is a Notice, else as it is (already translated)."""
    return text.say() if isinstance(text, Notice) else text
