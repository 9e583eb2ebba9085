"""Career progress (game/career/progress.py): stars kept per challenge, each backed by its replay and
re-judged on load; a damaged or tampered file costs its own challenge's stars and nothing else."""
from __future__ import annotations

import json

import pytest

from game.career import progress
from game.career.challenges import load_career
from game.career.worlds import play
from game.files.register import CAREER_PROGRESS

CAREER = load_career()
FIRST = CAREER.challenges()[0]
SECOND = CAREER.challenges()[2]


@pytest.fixture(scope="module")
def won():
    """A run of the first challenge that wins stars, and one of another challenge."""
    first = next(o for o in (play(FIRST, FIRST.seed + k, "expert") for k in range(5)) if len(o.stars) >= 2)
    second = next(o for o in (play(SECOND, SECOND.seed + k, "expert") for k in range(5)) if o.stars)
    return first, second


def test_stars_are_kept_and_read_back_from_their_replays(won):
    first, second = won
    assert progress.record(first) == (frozenset(first.stars), None)
    assert progress.record(second)[1] is None
    loaded = progress.load(CAREER)
    assert loaded.warnings == []
    assert loaded.of(FIRST.id) == frozenset(first.stars) and loaded.of(SECOND.id) == frozenset(second.stars)
    assert loaded.total() == len(first.stars) + len(second.stars)
    assert loaded.opened(CAREER)[0] == CAREER.chapters[0].id


def test_a_worse_run_does_not_replace_a_better_one_and_a_new_star_is_added(won):
    first, _ = won
    progress.record(first)
    lost = next(o for o in (play(FIRST, FIRST.seed + k, "easy") for k in range(20)) if not o.stars)
    assert progress.record(lost)[0] == frozenset(first.stars)
    data = json.loads(CAREER_PROGRESS.read_text(f"{FIRST.id}.json"))
    assert len(data["runs"]) == 1 and data["runs"][0]["replay"] == first.replay


def test_a_file_claiming_stars_its_replay_does_not_earn_is_set_aside_and_costs_nothing_else(won):
    first, second = won
    progress.record(first)
    progress.record(second)
    name = f"{SECOND.id}.json"
    data = json.loads(CAREER_PROGRESS.read_text(name))
    data["runs"][0]["stars"] = [0, 1, 2] if sorted(second.stars) != [0, 1, 2] else [0]
    CAREER_PROGRESS.save(data, name)
    loaded = progress.load(CAREER)
    assert loaded.of(SECOND.id) == frozenset() and loaded.of(FIRST.id) == frozenset(first.stars)
    assert any("claims stars its replay does not earn" in w for w in loaded.warnings)
    assert name not in CAREER_PROGRESS.names()                 # moved aside, kept beside it
    assert any(p.name.startswith(name + ".corrupt") for p in CAREER_PROGRESS.folder_path().iterdir())


def test_a_replay_whose_opponents_were_edited_earns_nothing(won):
    first, _ = won
    progress.record(first)
    name = f"{FIRST.id}.json"
    data = json.loads(CAREER_PROGRESS.read_text(name))
    header, *ticks = data["runs"][0]["replay"].splitlines()
    data["runs"][0]["replay"] = "\n".join([header, *(t.rsplit(" ", 1)[0] + " ." for t in ticks)]) + "\n"
    CAREER_PROGRESS.save(data, name)
    loaded = progress.load(CAREER)
    assert loaded.of(FIRST.id) == frozenset() and any("cannot be played" in w for w in loaded.warnings)


def test_a_damaged_file_is_set_aside_and_the_next_win_saves_afresh(won, user_dir):
    first, _ = won
    folder = CAREER_PROGRESS.folder_path()
    (folder / f"{FIRST.id}.json").write_bytes(b"\x00garbage")
    loaded = progress.load(CAREER)
    assert loaded.of(FIRST.id) == frozenset() and len(loaded.warnings) == 1
    assert progress.record(first) == (frozenset(first.stars), None)
    assert progress.load(CAREER).of(FIRST.id) == frozenset(first.stars)


def test_a_damaged_file_the_titles_badge_met_first_is_still_reported_by_the_career(won):
    folder = CAREER_PROGRESS.folder_path()
    (folder / f"{FIRST.id}.json").write_bytes(b'{"version": 1, "challenge": "first_rush", "runs": [{"stars": [7]}]}')
    assert progress.judged_total(CAREER) == 0          # the title's badge reads first, and sets it aside
    loaded = progress.load(CAREER)
    assert any(f"{FIRST.id}.json" in warning for warning in loaded.warnings)
