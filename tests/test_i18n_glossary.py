"""The catalogues follow the glossary (docs/TRANSLATING.md): seat names read as names, game terms are
said one way, a pad's button is never a keyboard's key, two key caps never share a name, German
never turns formal, and the renderings a native review threw out do not come back."""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from game.render import widgets

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("de", "fr", "es")
COLUMNS = {"Deutsch": "de", "Français": "fr", "Español": "es"}


@cache
def catalogue(code: str) -> Catalog:
    with open(ROOT / "assets" / "locale" / code / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po)


def said(code: str, msgid: str) -> str:
    message = catalogue(code).get(msgid)
    assert message is not None, f"{msgid!r} is not in the {code} catalogue"
    return str(message.string)


def glossary_rows() -> list[tuple[str, str, str]]:
    """(code, msgid, translation) for every row of the glossary's tables headed "| msgid |"."""
    rows: list[tuple[str, str, str]] = []
    codes: list[str | None] = []
    for line in (ROOT / "docs" / "TRANSLATING.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if not cells:
            codes = []
        elif cells[0] == "msgid":
            codes = [COLUMNS.get(cell) for cell in cells[1:]]
        elif codes and not set(cells[0]) <= {"-"}:
            rows += [(code, cells[0], cell) for code, cell in zip(codes, cells[1:]) if code]
    return rows


def test_the_glossary_has_the_seat_and_label_tables():
    msgids = {msgid for _, msgid, _ in glossary_rows()}
    assert {"Orange", "Sky", "Green", "Yellow", "Blue", "Pink", "Assist", "Flip", "Sum of best"} <= msgids


@pytest.mark.parametrize("code, msgid, word", glossary_rows())
def test_the_catalogue_says_the_glossary_word(code, msgid, word):
    assert said(code, msgid) == word


@pytest.mark.parametrize("code", LANGS)
def test_seat_names_are_six_different_names(code):
    names = [said(code, name) for name in ("Orange", "Sky", "Green", "Yellow", "Blue", "Pink")]
    assert len(set(names)) == 6 and all(name[:1].isupper() for name in names)


# A sample of what the last native review found, each wrong in its own way; none may come back.
THROWN_OUT = [
    ("de", "Sky", "Himmel"), ("fr", "Sky", "Ciel"), ("es", "Sky", "Cielo"),
    ("de", "Assist", "Hilfe"), ("fr", "Assist", "Aide"), ("es", "Assist", "Ayuda"),
    ("de", "Sum of best", "Summe der Besten"), ("es", "a loss is no time", "perder no da tiempo"),
    ("fr", "Rolling...", "Ça roule…"), ("fr", "Flip", "Tourner"),
    ("fr", "Most cards wins the bags", "Le plus de cartes gagne les sacs"),
    ("es", "Real time keeps running through a pause; game time stops, as in the game.",
     "El tiempo real sigue en pausa; el de juego se para, como en el juego."),
    ("de", "The Outlet Village", "Das Outlet-Dorf"), ("fr", "The Street Market", "Le Marché de rue"),
    ("es", "The Outlet Village", "El Pueblo Outlet"), ("de", "The Galleria", "Die Galerie"),
]


@pytest.mark.parametrize("code, msgid, wrong", THROWN_OUT)
def test_a_rendering_the_review_threw_out_stays_out(code, msgid, wrong):
    assert said(code, msgid) != wrong


HINT_MEANINGS = ("Back", "Select", "Delete", "Cancel", "Keep", "Pause", "Choose")


@pytest.mark.parametrize("code", LANGS)
def test_key_caps_have_names_of_their_own(code):
    """Two keys on one footer ("X / Bksp: Delete   B / Esc: Back") must not read alike, and a key
    is not named like an action a hint beside it names."""
    caps = {name: said(code, word) for name, word in widgets.KEY_WORDS.items()}
    assert len(set(caps.values())) == len(caps), caps
    meanings = {said(code, meaning) for meaning in HINT_MEANINGS}
    assert not meanings & set(caps.values())


BUTTON = {"de": "knopf", "fr": "bouton", "es": "botón"}
KEY = {"de": "taste", "fr": "touche", "es": "tecla"}


@pytest.mark.parametrize("code", LANGS)
def test_a_pads_button_is_never_a_key_and_a_key_never_a_button(code):
    wrong = []
    for message in catalogue(code):
        english = " ".join(message.id) if isinstance(message.id, tuple) else str(message.id)
        text = " ".join(message.string) if isinstance(message.string, tuple) else str(message.string)
        if re.search(r"\bbuttons?\b", english) and KEY[code] in text.lower():
            wrong.append(english)
        if re.search(r"\bkeys?\b", english) and BUTTON[code] in text.lower():
            wrong.append(english)
    assert wrong == []


def test_german_never_says_the_formal_you():
    """"Sie" starts a sentence or means "they", written lowercase mid-sentence: after a colon too."""
    formal = re.compile(r"(?<![.!?] )(?<!^)\b(Sie|Ihnen)\b")
    wrong = []
    for message in catalogue("de"):
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        wrong += [text for text in texts if formal.search(str(text))]
    assert wrong == []


def test_spanish_never_says_usted():
    texts = [str(m.string) for m in catalogue("es")]
    assert not [text for text in texts if re.search(r"\busted(es)?\b", text, re.IGNORECASE)]
