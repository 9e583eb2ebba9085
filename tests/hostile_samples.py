"""A player's whole user folder, made by the game's own writers: one real file of every kind the
register declares (game/files/register.py). Run in a child with SOLDOUT_USER_DIR set, by
hostile.make_samples: the seeds tools/fuzz.py mutates, and the folder tests/test_user_register.py
starts the shell over to see that every registered file is read."""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

GUID = "03000000ff0018e44172636164650000"
BOARD = "rush.set.A"       # the board the speedrun menu opens on (category rush, set seed A)


def main() -> None:
    from game.input import mappings
    from game.input.bindings import Bindings
    from game.driver.replay import to_code
    from game.scenes.menus.howto import mark_seen
    from game.scenes.speedrun.results import save_code
    from game.core.settings import Settings
    from game.speedrun.attempts import AttemptLog
    from game.speedrun.categories import load_categories, make_setup
    from game.speedrun.demo import RouteRunner
    from game.speedrun.lss_export import write_board_lss
    from game.speedrun.records import Records, save_replay
    from game.speedrun.session import RunSession
    from game.files.register import RECORDS
    from game.files.register import ARCHIVE_ROWS, ERROR_LOG, GAME_LOG, KEEP_LAST, PLAYER_LEVELS, PLAYER_REPLAYS
    import hostile
    from level_folder import own_level

    Settings(volume=0.5, colourblind=True, livesplit_host="runner-pc", language="de").save()
    Bindings().save()
    mappings.save(GUID, mappings.build_mapping(GUID, "Arcade Stick", {"a": "b0", "b": "b1", "up": "h0.1", "left": "-a0"}))
    mark_seen("checkout")
    setup = make_setup(load_categories()["rush"], "set", seed_index=0)
    session = RunSession(setup)
    runner = RouteRunner(session.sim)
    while not session.over:
        session.step(runner.command())
    text, out, splits = session.replay_text(), session.outcome, list(session.splits.times)
    real = [t * 1000 // 60 + 40 for t in splits]
    records = Records()
    run = {"ticks": out.ticks, "splits": splits, "real_splits": real, "names": list(session.splits.names),
           "items": list(session.split_items), "flags": [], "seed": setup.seed, "seed_label": str(setup.seed_label),
           "reason": out.reason, "complete": True, "state_hash": out.state_hash, "real_ms": real[-1],
           "replay": save_replay(setup.board, text), "date": "2026-11-30T10:00:00"}
    records.add_run(setup.board, run)
    records.count_attempt(setup.board)
    RECORDS.save(records.data)      # an older game's speedrun.json: the shell's start imports it into the database
    log = AttemptLog(setup.board)       # in memory: it writes the kept replays; its files are an older game's
    total = ARCHIVE_ROWS + KEEP_LAST + 6           # one archive file, compact rows and detail
    every = []
    for n in range(total):
        slower = [t + 3 * (n % 5) for t in splits]
        done = n % 4 != 1
        every.append(log.add({
            "outcome": "finished" if done else "reset", "ticks": slower[-1] if done else None,
            "splits": slower if done else slower[:2], "real_splits": real if done else real[:2],
            "real_ms": real[-1], "names": list(session.splits.names), "flags": ["assist"] if n % 9 == 8 else [],
            "seed": setup.seed, "started": "2026-11-30T10:00:00+00:00", "ended": "2026-11-30T10:01:00+00:00",
            "pb": n == total - 1, "golds": [0] if n == 0 else [], "reason": "",
            "comparison": {"pb": splits, "best": [t - 10 for t in splits]}},
            replay_text=text if n == 0 or n >= total - 3 else None))
    log.add_practice(1, 300)
    old_history(setup.board, every, log.practice)   # the shell's start imports it into the database
    save_code(setup.board, to_code(text))
    match = hostile.good_replay()
    PLAYER_REPLAYS.folder_path()
    (PLAYER_REPLAYS.folder_path() / "last match.replay").write_text(match, encoding="utf-8")
    (PLAYER_REPLAYS.folder_path() / "from a friend.txt").write_text(to_code(match) + "\n", encoding="utf-8")
    write_board_lss(setup, records, log)
    ERROR_LOG.write_text("Traceback (most recent call last):\n  an earlier crash\n")
    GAME_LOG.write_text("2026-11-30 10:00:00,000 WARNING game.core.audio: could not load sound flip.wav\n")
    own_level(PLAYER_LEVELS.folder_path())
    from game.files import level_kit
    level_kit.provide()     # the rest of the Tiled kit beside the player's own tileset
    from game.career.challenges import load_career
    from game.career.worlds import play
    from game.files.register import CAREER_PROGRESS
    first = load_career().challenges()[0]
    won = play(first, first.seed, "expert")              # the career's first challenge, its stars won
    # as an older game kept it: the shell's start imports it into the database
    CAREER_PROGRESS.save({"version": 1, "challenge": first.id,
                          "runs": [{"stars": sorted(won.stars), "replay": won.replay}]}, f"{first.id}.json")
    from game.files import database, profiles
    from game.evening import store
    from devkit.shots.evening import sample_records
    evening, _said = store.resume(database.shared())     # tonight so far: the shell's start carries it on
    for record in sample_records():
        evening.add(record)
    database.shared().write(lambda c: c.execute("INSERT INTO meta VALUES ('sample', 'hostile_samples')"))
    made = profiles.create(database.shared(), "Anna-Lena", [], "gran", 3)    # a profile for the fuzzer to mutate
    if isinstance(made, profiles.Profile):
        profiles.update(database.shared(), profiles.Profile(made.id, made.name, "pip", 3, True, "high", {"A": 1}))
    stats_sample(database.shared())
    database.close_all()              # every save committed before the samples are read


def stats_sample(db) -> None:
    """Two matches saved as the window saves them (profiles, a guest, a bot), and the stats exported."""
    from game.match.record import MatchRecord, SeatLine
    from game.stats import export, store
    save = store.Saver(db)
    for n, (game, modes) in enumerate((("soldout", ("rush", "tidy")), ("checkout", ("standard",)))):
        save(MatchRecord(game, modes, "mall" if game == "soldout" else "", n + 1, 4000 + n, "2026-11-30T20:00:00+01:00", (
            SeatLine(0, 'Ada, "the Great"', 1, "human", "", None, 12 + n, 1, 1, 20, 6, 123.4, 90),
            SeatLine(1, "Bo", 2, "human", "", None, 9, 2, 0, 14, 4, 98.0, 130),
            SeatLine(2, "Orange", None, "human", "", None, 9, 2, 0, 9, 3, 80.5, None),
            SeatLine(3, "Mint", None, "bot", "hard", None, 4, 4, 0, 30, 2, 140.0, 200))))
    db.flush()
    export.export(db)


def old_history(board: str, every: list[dict], practice: dict[str, list[int]]) -> None:
    """The history files an older game kept: one archive of ARCHIVE_ROWS compact rows, the rows after
    it, the last KEEP_LAST attempts (and the older ones keeping a replay) in detail."""
    from game.files.register import ARCHIVE_ROWS, HISTORIES, HISTORY_ARCHIVES, KEEP_LAST
    from game.speedrun.attempts import Summary

    def row(a: dict) -> list:
        return [a["id"], a["outcome"], a["ticks"], a["real_ms"], a["started"], a["flags"], a["splits"],
                a["real_splits"]]

    older = every[:-KEEP_LAST]
    HISTORY_ARCHIVES.save({"version": 2, "board": board, "number": 1,
                           "rows": [row(a) for a in older[:ARCHIVE_ROWS]]}, f"{board}-1.json")
    HISTORIES.save({"version": 2, "archived": 1, "compacted": older[-1]["id"], "practice": practice,
                    "rows": [row(a) for a in older[ARCHIVE_ROWS:]],
                    "attempts": [a for a in every if a["replay"] or a in every[-KEEP_LAST:]],
                    "summary": Summary.of(every).to_data()}, f"{board}.json")


if __name__ == "__main__":
    main()
