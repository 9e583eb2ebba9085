"""Whole sentences: every text a translator sees is a whole sentence or label, never a piece a
screen glues to another ("Find a" / "pile", "Status: {status}" with a translated "Off", " and "),
and line breaking is the layout's job, not a msgid cut in two ("Press the button you want for",
a how-to line ending in the middle of a sentence)."""
from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.text import i18n

ROOT = Path(__file__).resolve().parent.parent
# English words a sentence does not end on: a msgid ending with one was cut for a line break.
DANGLING = {"a", "an", "the", "to", "for", "of", "with", "and", "or", "by", "from", "at", "your", "Get"}


def _template():
    with (ROOT / "assets" / "locale" / "messages.pot").open("rb") as fh:
        return [m for m in read_po(fh) if m.id]


def _forms(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def test_no_message_is_a_fragment_glued_to_another():
    """No msgid starts or ends with a space (" and ", " (flagged)"), ends on a word a sentence
    cannot end on ("Find a", "to call") or with a comma or hyphen (half a sentence or word)."""
    bad = []
    for message in _template():
        for text in _forms(message):
            words = text.rstrip(".…").split()
            if text != text.strip() or (words and words[-1] in DANGLING) or text.rstrip().endswith((",", "-")):
                bad.append(text)
    assert bad == []


def test_an_on_off_value_is_never_put_into_a_sentence():
    """A state is said by a sentence of its own ("Status: off"), not "Status: {status}" with a
    translated "Off" (French "État : Non")."""
    ids = {text for message in _template() for text in _forms(message)}
    assert not [text for text in ids if "{status}" in text or "{direction}" in text or "{word}" in text]
    assert {"Status: off", "Push the stick or the d-pad up", "d-pad left"} <= ids


def test_a_howto_line_is_a_whole_paragraph():
    """Each how-to line is wrapped by the card: it ends a sentence, never halfway through one."""
    import tomllib
    for path in sorted((ROOT / "assets" / "howto").glob("*.toml")):
        for page in tomllib.loads(path.read_text(encoding="utf-8"))["page"]:
            for line in page["lines"]:
                assert line.rstrip().endswith((".", "!", "?", ")")), (path.name, line)


@pytest.mark.parametrize("code, n, said", [
    ("en", 1, "1 bag scored"), ("en", 0, "0 bags scored"), ("fr", 0, "0 sac marqué"), ("fr", 1, "1 sac marqué"),
    ("fr", 2, "2 sacs marqués"), ("de", 0, "0 Tüten geholt"), ("es", 1, "1 bolsa conseguida"),
])
def test_a_count_takes_the_languages_own_plural(code, n, said):
    """French takes the singular for 0 and 1; English and German the plural for 0."""
    i18n.set_language(code)
    try:
        assert i18n.ngettext("{n} bag scored", "{n} bags scored", n) == said
    finally:
        i18n.set_language(i18n.DEFAULT)


@pytest.mark.parametrize("code, english, said", [
    ("en", "You only have 1 change tokens", "You only have 1 change token"),
    ("fr", "You only have 1 change tokens", "Tu n'as que 1 jeton de monnaie"),
    ("de", "You only have 3 change tokens", "Du hast nur 3 Wechselgeld-Marken"),
    ("es", "Milk costs 1 dice and you have 0 left in the queue", "Leche cuesta 1 dado y te quedan 0 en la cola"),
    ("en", "Set your 1 dice to 1 faces from 1 to 6", "Set your 1 die to 1 face from 1 to 6"),
    ("fr", "0 wrong cards", "0 mauvaise carte"),
])
def test_a_counted_refusal_is_said_with_the_right_form(code, english, said):
    """The rules say counts in one English form; the screen says the form the count needs."""
    from game.scenes.reasons import say_reason
    i18n.set_language(code)
    try:
        assert say_reason(english) == said
    finally:
        i18n.set_language(i18n.DEFAULT)


def test_names_are_listed_the_languages_way():
    i18n.set_language("de")
    try:
        assert i18n.and_list(["Orange", "Himmel", "Grün"]) == "Orange, Himmel und Grün"
    finally:
        i18n.set_language(i18n.DEFAULT)


@pytest.mark.parametrize("code, secs, percent", [("en", "29 sec", "80%"), ("de", "29 Sek.", "80\u00a0%"),
                                                 ("fr", "29\u202fs", "80\u00a0%"), ("es", "29 s", "80\u00a0%")])
def test_numbers_with_units_follow_the_language(code, secs, percent):
    """Seconds and percentages are written by Babel: never "29s" beside "30 s"."""
    i18n.set_language(code)
    try:
        assert i18n.seconds(29) == secs and i18n.percent(0.8) == percent
    finally:
        i18n.set_language(i18n.DEFAULT)
