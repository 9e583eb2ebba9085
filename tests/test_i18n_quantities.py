"""Numbers with units and dates in the player's language: a size in a sentence made before the language is known
(a file's limit, a replay's) is English where it is made and Babel's CLDR units where it is said
(16 MB, 16 Mo with a narrow no-break space, 1,5 kB). The speedrun clock is not one of them: it stays LiveSplit notation on purpose
(docs/TRANSLATING.md, Glossary)."""
from __future__ import annotations

import pickle
import zlib

import pytest

from game.files.untrusted import UntrustedError, inflate, size_text
from game.text import i18n
from game.text.notice import N_, Notice, said


@pytest.fixture
def speak():
    yield i18n.set_language
    i18n.set_language(i18n.DEFAULT)


@pytest.mark.parametrize("code, limit, expected", [
    ("en", 16 << 20, "16 MB"), ("fr", 16 << 20, "16\u202fMo"), ("de", 1536, "1,5 kB"), ("fr", 1536, "1,5\u202fko"),
    ("es", 300, "300 B"),
])
def test_a_size_is_said_the_languages_way(speak, code, limit, expected):
    made = Notice(N_("compressed data expands past the {limit} limit"), limit=size_text(limit))
    speak(code)
    assert expected in i18n._(made)


def test_a_size_stays_english_where_it_is_made_and_survives_a_copy(speak):
    with pytest.raises(UntrustedError) as caught:
        inflate(zlib.compress(b"x" * 5000), 2048)
    assert str(caught.value) == "compressed data expands past the 2 KB limit"   # the log, the command line
    speak("fr")
    assert said(caught.value) == "les données décompressées dépassent la limite de 2\u202fko"
    again = pickle.loads(pickle.dumps(caught.value.args[0]))
    assert i18n._(again) == "les données décompressées dépassent la limite de 2\u202fko"


def test_a_replay_too_long_names_its_limit_in_the_language(speak):
    from game.driver.replay import MAX_REPLAY_BYTES, ReplayError, read_replay
    with pytest.raises(ReplayError) as caught:
        read_replay("x" * (MAX_REPLAY_BYTES + 1))
    assert str(caught.value).endswith(f"(the limit is {MAX_REPLAY_BYTES >> 20} MB)")
    speak("de")
    assert said(caught.value).endswith(f"(die Grenze liegt bei {MAX_REPLAY_BYTES >> 20} MB)")


@pytest.mark.parametrize("code, year, expected", [
    ("en", True, "Dec 6, 2026"), ("de", True, "6. Dez. 2026"), ("fr", False, "6 déc."), ("es", False, "6 dic"),
])
def test_a_day_on_a_board_is_written_the_languages_way(speak, code, year, expected):
    """The speedrun boards' dates were ISO slices (12-06, 2026-12-06) in every language."""
    speak(code)
    assert i18n.day("2026-12-06T21:14:03+00:00", year=year) == expected
    assert i18n.day("not a date") == "not a date"


def test_a_daily_run_names_its_day_in_the_language(speak):
    from game.scenes.speedrun.common import variant_line
    from game.speedrun.categories import load_categories, make_setup
    import datetime
    setup = make_setup(load_categories()["rush"], "daily", today=datetime.date(2026, 12, 6))
    speak("de")
    assert "6. Dez. 2026" in variant_line(setup) and "2026-12-06" not in variant_line(setup)
