"""The career's progress: the stars won, each backed by the replay that earned it.

One file per challenge (the register's CAREER_PROGRESS, career/<id>.json), written atomically:
a damaged file costs that challenge's stars and nothing else (it is moved aside). A file keeps
at most one run per star (the replay of the best result for each star, as a speedrun keeps its
PB's); on load each run is re-judged from its replay (game/career/worlds.py `replayed`: the bots
play again) and must earn exactly the stars it claims, or the file is moved aside. So a progress
file edited by hand cannot claim a star its replay does not earn.

All storage is here, behind `load`, `stars_of`, `record`: moving progress into a records
database changes this module only.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Iterator

from game.career.challenges import Career, Challenge
from game.career.worlds import Outcome, ReplayMismatch, replayed
from game.driver.replay import ReplayError, read_replay
from game.files.register import CAREER_PROGRESS, PROGRESS_VERSION
from game.files.untrusted import UntrustedError
from game.text.notice import N_, Notice, message_of

@dataclass(frozen=True, slots=True)
class Run:
    """A kept run: the stars it earned and its replay."""

    stars: tuple[int, ...]
    replay: str

    def to_json(self) -> dict[str, object]:
        return {"stars": list(self.stars), "replay": self.replay}


_VERIFIED: dict[tuple[str, str], tuple[int, ...]] = {}   # (challenge, replay digest) -> stars: once a process


@dataclass
class Progress:
    """Stars per challenge (their places 0-2 on its card), and the warnings met on loading."""

    stars: dict[str, frozenset[int]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def of(self, challenge_id: str) -> frozenset[int]:
        return self.stars.get(challenge_id, frozenset())

    def total(self) -> int:
        return sum(len(won) for won in self.stars.values())

    def opened(self, career: Career) -> list[str]:
        """The chapters the stars won open (by id, in order)."""
        total = self.total()
        return [chapter.id for chapter in career.chapters if chapter.stars_to_open <= total]


def _file(challenge: Challenge) -> str:
    return f"{challenge.id}.json"


def verified_stars(challenge: Challenge, replay_text: str) -> tuple[int, ...]:
    """The stars a replay earns, re-judged (ReplayError / ReplayMismatch when it is not a run of it)."""
    key = (challenge.id, hashlib.sha256(replay_text.encode("utf-8")).hexdigest())
    if key not in _VERIFIED:
        _VERIFIED[key] = replayed(challenge, read_replay(replay_text)).stars
    return _VERIFIED[key]


def _runs(challenge: Challenge, warnings: list[str]) -> list[Run]:
    """The challenge's runs, each re-judged; a file that fails is moved aside (its warning kept)."""
    name = _file(challenge)
    if name not in CAREER_PROGRESS.names():
        return []
    loaded = CAREER_PROGRESS.load(None, name)
    if loaded.warning is not None:
        warnings.append(str(loaded.warning))
    data = loaded.data
    if not isinstance(data, dict) or loaded.newer or data.get("challenge") != challenge.id:
        return []
    runs = [Run(tuple(run["stars"]), run["replay"]) for run in data["runs"]]
    for run in runs:
        try:
            earned = verified_stars(challenge, run.replay)
        except (ReplayError, ReplayMismatch) as exc:
            warnings.append(_aside(challenge, Notice(N_("{file}: a replay cannot be played ({error})"),
                                                     file=CAREER_PROGRESS.relative(name), error=str(exc))))
            return []
        if sorted(earned) != sorted(run.stars):
            warnings.append(_aside(challenge, Notice(N_("{file} claims stars its replay does not earn"),
                                                     file=CAREER_PROGRESS.relative(name))))
            return []
    return runs


def _aside(challenge: Challenge, problem: Notice) -> str:
    try:
        return CAREER_PROGRESS.set_aside(problem, _file(challenge))
    except (OSError, UntrustedError) as exc:
        return message_of(exc) if isinstance(exc, UntrustedError) else str(problem)


def load(career: Career) -> Progress:
    """Every challenge's stars, each re-judged from its replay (what `warm` judged ahead is not
    judged again; its warnings are said here)."""
    progress = Progress(warnings=_HELD.copy())
    _HELD.clear()
    for challenge in career.challenges():
        runs = _runs(challenge, progress.warnings)
        won = frozenset(star for run in runs for star in run.stars)
        if won:
            progress.stars[challenge.id] = won
    return progress


_HELD: list[str] = []   # warnings met while judging ahead, said by the next load


def warm(career: Career) -> Iterator[None]:
    """Judge the challenges' replays ahead, one challenge a step (the menus' idle time: the
    career screen and the title's badge then read progress without a pause)."""
    for challenge in career.challenges():
        _runs(challenge, _HELD)
        yield None


def judged_total(career: Career) -> int | None:
    """The stars won, if every kept run has been judged this session (else None): the title's
    badge, which never makes the title wait for a replay."""
    total = 0
    for challenge in career.challenges():
        name = _file(challenge)
        if name not in CAREER_PROGRESS.names():
            continue
        loaded = CAREER_PROGRESS.load(None, name)
        if loaded.warning is not None:      # moved aside: the career screen's next load says so
            _HELD.append(str(loaded.warning))
        data = loaded.data
        if not isinstance(data, dict) or data.get("challenge") != challenge.id:
            continue
        won: set[int] = set()
        for run in data["runs"]:
            key = (challenge.id, hashlib.sha256(run["replay"].encode("utf-8")).hexdigest())
            if key not in _VERIFIED:
                return None
            won |= set(_VERIFIED[key])
        total += len(won)
    return total


def record(outcome: Outcome) -> tuple[frozenset[int], str | None]:
    """Keep `outcome` if it earns a star its challenge's file has no run for yet, or more stars than
    a kept run; returns the stars now won and a warning if the file could not be saved."""
    challenge = outcome.challenge
    warnings: list[str] = []
    runs = _runs(challenge, warnings)
    mine = set(outcome.stars)
    if outcome.replay is None or not mine:
        return frozenset(s for run in runs for s in run.stars), None
    kept = _best([*runs, Run(tuple(sorted(mine)), outcome.replay)])
    won = frozenset(s for run in kept for s in run.stars)
    data = {"version": PROGRESS_VERSION, "challenge": challenge.id, "runs": [run.to_json() for run in kept]}
    return won, CAREER_PROGRESS.try_save(data, _file(challenge))


def _best(runs: list[Run]) -> list[Run]:
    """The fewest runs that back every star, those with the most stars first (a tie: the earlier)."""
    ranked = sorted(enumerate(runs), key=lambda pair: (-len(pair[1].stars), pair[0]))
    kept: list[Run] = []
    backed: set[int] = set()
    for _n, run in ranked:
        stars = set(run.stars)
        if not stars <= backed:
            kept.append(run)
            backed |= stars
    return kept


def stars_of(progress: Progress, challenge: Challenge) -> frozenset[int]:
    return progress.of(challenge.id)
