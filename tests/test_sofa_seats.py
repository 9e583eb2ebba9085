"""The sofa bar at the seat counts the screenshot scenes do not show: every text at least
TEXT_MIN_PX tall as drawn, none cut off, none over another (docs/READABILITY.md), in every
language and at the smallest, default and largest UI scale.

The registered scenes show the mall's Rush, the table and the results at 2, 4 and 6 seats; these
add the other seat counts of the table's phases, the Rush alone, Memory, Tidying Up and both
results screens.
"""
from __future__ import annotations

import pytest

from game.text import i18n
from game.scenes import registry
from game.files.register import UI_SCALE_MAX, UI_SCALE_MIN
from devkit.shots import mall as mall_shots
from devkit.shots import table as table_shots
from tests.test_i18n_layout import _problems

Shot = registry.Screenshot


def _phase(name: str):
    return lambda sim: sim.phase == name


SHOTS = [
    *(Shot(f"table_bidding_{n}", table_shots._shot(n, _phase("bidding")), 45) for n in (2, 6)),
    *(Shot(f"table_round_end_{n}", table_shots._shot(n, _phase("round_end")), 50) for n in (2, 6)),
    *(Shot(f"table_checkout_{n}", table_shots._shot(n, table_shots._in_checkout), 40) for n in (2, 6)),
    Shot("mall_rush_1", mall_shots._shot(1, "rush"), 60 * 9),
    *(Shot(f"mall_memory_{n}", mall_shots._shot(n, "memory"), 60 * 14) for n in (1, 2, 4)),
    *(Shot(f"mall_tidy_{n}", mall_shots._shot(n, "tidy"), 60 * 16) for n in (1, 2, 4)),
    *(Shot(f"results_{mode}_{n}", mall_shots.results_shot(n, mode), mall_shots.REVEALED)
      for n, mode in ((2, "rush"), (4, "tidy"), (6, "memory"))),
    *(Shot(f"checkout_results_{n}", table_shots.results_shot(n), 240) for n in (2, 3)),
    *(Shot(f"checkout_podium_{n}", table_shots._podium_shot(n), 240) for n in (3, 5)),
    *(Shot(f"podium_{n}", mall_shots.podium_shot(n), mall_shots.REVEALED) for n in (3, 5)),
    Shot("podium_teams_2x3", mall_shots.podium_shot(6, teams=True, totals=[5, 5, 2]), mall_shots.REVEALED),
]


@pytest.mark.parametrize("shot", SHOTS, ids=[shot.name for shot in SHOTS])
def test_the_scene_reads_from_the_sofa_at_this_seat_count(monkeypatch, shot):
    assert _problems(monkeypatch, shot, "en") == []


@pytest.mark.parametrize("scale", [UI_SCALE_MIN, 1.0, UI_SCALE_MAX])
@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.DEFAULT])
@pytest.mark.parametrize("shot", SHOTS, ids=[shot.name for shot in SHOTS])
def test_the_scene_fits_at_this_seat_count_in_every_language_and_ui_scale(monkeypatch, shot, code, scale):
    assert _problems(monkeypatch, shot, code, scale) == []


@pytest.mark.parametrize("scale", [UI_SCALE_MIN, UI_SCALE_MAX])
@pytest.mark.parametrize("shot", SHOTS, ids=[shot.name for shot in SHOTS])
def test_the_scene_fits_at_this_seat_count_at_every_ui_scale(monkeypatch, shot, scale):
    assert _problems(monkeypatch, shot, "en", scale) == []
