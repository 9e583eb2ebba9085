"""Bad input never ends in a traceback: broken levels, catalogues, user files,
replays, run codes and command lines each get one clear line and the documented
exit code or fallback, and nothing the player saved is lost (a save killed
mid-write leaves the previous file whole).

The command-line checks run main.py in real subprocesses (in parallel, to stay
fast); the file checks run in this process against the game's loaders.
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.files import database

from game.match import games
from game.match.spec import SeatSpec
from game.driver.replay import ReplayError, ReplayWriter, from_code, header_for, read_replay, to_code

ROOT = Path(__file__).resolve().parent.parent
MAIN = str(ROOT / "main.py")
BAD = ROOT / "tests" / "data" / "bad"
BROKEN_LEVELS = sorted((ROOT / "levels" / "broken").glob("*.tmx")) + sorted((BAD / "levels").glob("*.tmx"))


# ---------------------------------------------------------------- running main.py
def _env(user_dir: Path, **extra: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               SOLDOUT_USER_DIR=str(user_dir))
    env.update(extra)
    return env


def run_many(arg_lists: list[list[str]], user_dir: Path, timeout: float = 60) -> list[subprocess.CompletedProcess]:
    """Run `main.py ARGS` for each list, a few at a time; results in the same order."""
    results: list[subprocess.CompletedProcess | None] = [None] * len(arg_lists)
    pending = list(enumerate(arg_lists))
    running: list[tuple[int, list[str], subprocess.Popen]] = []
    deadline = time.monotonic() + timeout
    while pending or running:
        while pending and len(running) < 4:
            i, args = pending.pop(0)
            proc = subprocess.Popen([sys.executable, MAIN, *args], cwd=ROOT, env=_env(user_dir),
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            running.append((i, args, proc))
        i, args, proc = running.pop(0)
        try:
            out, err = proc.communicate(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            err += "\n[test: timed out]"
        results[i] = subprocess.CompletedProcess(args, proc.returncode, out, err)
    return results  # type: ignore[return-value]


def _no_traceback(result: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in result.stderr, f"{result.args}: traceback\n{result.stderr}"
    assert "Traceback" not in result.stdout, f"{result.args}: traceback on stdout\n{result.stdout}"


def _message_lines(text: str) -> list[str]:
    """The lines that say something."""
    return [line for line in text.splitlines() if line.strip()]


# ---------------------------------------------------------------- command line
BAD_ARGS = [
    ["--bots", "9"], ["--bots", "0"], ["--bots", "two"], ["--bots"], ["--seed", "-1"], ["--seed", "1e3"],
    ["--rounds", "0"], ["--rounds", "99"], ["--game", "chess"], ["--mode", "marathon"],
    ["--difficulty", "godlike"], ["--size", "100x100"], ["--size", "big"], ["--unknown-flag"],
    ["--headless", "--screenshot", "x.png", "--scene", "title"], ["--screenshot", "x.png"],
    ["--scene", "title"], ["--json"], ["--game", "checkout", "--mode", "rush"],
    ["--game", "checkout", "--rounds", "2"], ["--game", "checkout", "--level", "mall"],
    ["--game", "checkout", "--headless", "--bots", "1"], ["--record", "a", "--replay", "b"],
    ["--headles"], ["stray-positional"], ["--seed", "99999999999999999999999999999999999999", "--bots", "x"],
    ["--check-level"], ["--scenario"],
]


def test_bad_command_lines_are_one_line_and_exit_2(tmp_path):
    for result in run_many(BAD_ARGS, tmp_path / "user"):
        _no_traceback(result)
        assert result.returncode == 2, f"{result.args}: exit {result.returncode}\n{result.stderr}"
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("main.py: error: "), (result.args, result.stderr)


def test_bad_files_named_on_the_command_line(tmp_path):
    """Missing or unwritable paths given to file options: one line, exit 2."""
    folder = tmp_path / "a_folder"
    folder.mkdir()
    cases = [
        ["--headless", "--record", str(tmp_path / "no" / "such" / "dir" / "r.txt")],
        ["--headless", "--level", str(tmp_path / "nope.tmx")],
        ["--replay", str(tmp_path / "nope.replay"), "--headless", "--json"],
        ["--replay", str(folder), "--headless", "--json"],
        ["--replay", str(tmp_path / "nope.replay")],
        ["--check-level", str(tmp_path / "nope.tmx")],
        ["--check-level", str(folder)],
        ["--screenshot", str(tmp_path / "no" / "dir" / "x.png"), "--scene", "title"],
        ["--screenshot", str(tmp_path / "x.png"), "--scene", "no_such_scene"],
        ["--scenario", str(tmp_path / "nope.toml")],
    ]
    for result in run_many(cases, tmp_path / "user"):
        _no_traceback(result)
        assert result.returncode == 2, f"{result.args}: exit {result.returncode}\n{result.stdout}{result.stderr}"
        lines = _message_lines(result.stderr) + _message_lines(result.stdout)
        if result.args[0] == "--scenario":   # the runner's report adds its tally line
            lines = [line for line in lines if not re.fullmatch(r"\d+ passed, \d+ failed", line)]
        assert len(lines) == 1, (result.args, lines)


# ---------------------------------------------------------------- levels
def test_there_are_at_least_ten_kinds_of_broken_level():
    assert len(BROKEN_LEVELS) >= 10


def test_every_broken_level_is_refused_with_one_line(tmp_path):
    """`--check-level` exits 2 with '<file>: <problem>' for every broken level, a folder and a missing file."""
    (tmp_path / "folder.tmx").mkdir()
    paths = [*map(str, BROKEN_LEVELS), str(tmp_path / "folder.tmx"), str(tmp_path / "missing.tmx")]
    for path, result in zip(paths, run_many([["--check-level", p] for p in paths], tmp_path / "user")):
        _no_traceback(result)
        assert result.returncode == 2, f"{path}: exit {result.returncode}\n{result.stdout}{result.stderr}"
        lines = _message_lines(result.stdout) + _message_lines(result.stderr)
        assert len(lines) == 1 and lines[0].startswith(f"main.py: error: {path}: "), (path, lines)
        assert len(lines[0]) < 300, f"{path}: message too long to read: {lines[0]}"


def test_a_broken_level_is_refused_by_a_headless_match(tmp_path):
    """Playing on a broken level: one line naming the file, exit 2 (not a match on some other level)."""
    picks = [p for p in BROKEN_LEVELS if p.stem in ("two_tables", "not_tmx", "few_pile_spots", "zero_size",
                                                      "spot_unreachable", "empty")]
    results = run_many([["--headless", "--json", "--seed", "1", "--level", str(p)] for p in picks], tmp_path / "user")
    for path, result in zip(picks, results):
        _no_traceback(result)
        assert result.returncode == 2, f"{path.name}: exit {result.returncode}, played anyway?\n{result.stderr}"
        lines = _message_lines(result.stderr)
        assert len(lines) == 1 and path.name in lines[0], (path.name, result.stderr)


# ---------------------------------------------------------------- catalogues
SOLDOUT_CATALOGUE = ROOT / "assets" / "soldout" / "catalogue.toml"
CHECKOUT_CATALOGUE = ROOT / "assets" / "checkout"

# name -> how to break the Sold Out! catalogue text
SOLDOUT_BREAKS = {
    "empty": lambda t: "",
    "not_toml": lambda t: "this is [not toml = \n",
    "truncated": lambda t: t[: len(t) // 2],
    "binary": lambda t: "\x00\x01\x02garbage\xff",
    "wrong_item_count": lambda t: t.replace("items = 85", "items = 86", 1),
    "pile_sizes_wrong_sum": lambda t: t.replace("[10, 10, 10, 10, 9", "[10, 10, 10, 10, 8", 1),
    "pile_sizes_not_list": lambda t: re.sub(r"pile_sizes = \[[^\]]*\]", 'pile_sizes = "nine"', t, count=1),
    "negative_dressers": lambda t: t.replace("extra_dressers = 2", "extra_dressers = -2", 1),
    "dressers_as_string": lambda t: t.replace("extra_dressers = 2", 'extra_dressers = "2"', 1),
    "no_counts": lambda t: t.replace("[counts]", "[tallies]", 1),
    "garment_without_id": lambda t: t.replace('id = "tshirt"', 'ident = "tshirt"', 1),
    "garment_id_number": lambda t: t.replace('id = "tshirt"', "id = 7", 1),
    "duplicate_garment": lambda t: t.replace('id = "sweater"', 'id = "tshirt"', 1),
    "garment_as_table": lambda t: t.replace("[[garment]]", "[garment]", 1),
}


def _soldout_load(path: Path):
    from game.rules.soldout.catalogue import load_catalogue
    return load_catalogue(path)


def _checkout_load(path: Path):
    from game.rules.checkout.catalogue import load_catalogue
    return load_catalogue(path)


def _expect_clean_refusal(load, path: Path, label: str, allow_ok: bool = False) -> None:
    """The loader either accepts the file (only when allow_ok) or raises its CatalogueError, one line."""
    from game.rules.checkout.catalogue import CatalogueError as CheckoutError
    from game.rules.soldout.catalogue import CatalogueError as SoldoutError
    try:
        load(path)
    except (SoldoutError, CheckoutError) as exc:
        message = str(exc)
        assert "\n" not in message and message, f"{label}: message is not one line: {message!r}"
        assert str(path) in message or path.name in message, f"{label}: message does not name the file: {message}"
        return
    except Exception as exc:  # noqa: BLE001 - exactly what this test hunts
        pytest.fail(f"{label}: {type(exc).__name__}: {exc} (expected a CatalogueError)")
    assert allow_ok, f"{label}: the broken catalogue was accepted"


@pytest.mark.parametrize("kind", sorted(SOLDOUT_BREAKS))
def test_broken_soldout_catalogue(tmp_path, kind):
    path = tmp_path / "catalogue.toml"
    path.write_text(SOLDOUT_BREAKS[kind](SOLDOUT_CATALOGUE.read_text(encoding="utf-8")), encoding="utf-8",
                    errors="surrogateescape")
    _expect_clean_refusal(_soldout_load, path, kind)


def test_soldout_catalogue_with_random_lines_damaged(tmp_path):
    """Fuzz: drop, duplicate or retype single lines; the loader accepts or refuses cleanly, never crashes."""
    lines = SOLDOUT_CATALOGUE.read_text(encoding="utf-8").splitlines()
    rng = random.Random(9)
    path = tmp_path / "catalogue.toml"
    for n in range(120):
        copy = list(lines)
        i = rng.randrange(len(copy))
        how = n % 4
        if how == 0:
            del copy[i]
        elif how == 1:
            copy.insert(i, copy[i])
        elif how == 2:
            copy[i] = re.sub(r'= ".*"', "= 12", copy[i])
        else:
            copy[i] = re.sub(r"= -?\d+", '= "x"', copy[i])
        path.write_text("\n".join(copy) + "\n", encoding="utf-8")
        _expect_clean_refusal(_soldout_load, path, f"line {i + 1} mutation {how}", allow_ok=True)


# name -> (file inside assets/checkout, how to break it)
CHECKOUT_BREAKS = {
    "rules_missing": ("rules.toml", None),
    "products_empty": ("products.toml", lambda t: ""),
    "bargains_not_toml": ("bargains.toml", lambda t: "bargains = [ {"),
    "rules_negative_dice": ("rules.toml", lambda t: t.replace("dice_per_player = 5", "dice_per_player = -5", 1)),
    "rules_dice_as_text": ("rules.toml", lambda t: t.replace("dice_per_player = 5", 'dice_per_player = "five"', 1)),
    "tokens_as_bool": ("rules.toml", lambda t: t.replace("change_tokens = 30", "change_tokens = true", 1)),
    "product_face_seven": ("products.toml", lambda t: t.replace("faces = [1],", "faces = [7],", 1)),
    "product_faces_text": ("products.toml", lambda t: t.replace("faces = [1],", 'faces = "one",', 1)),
    "product_duplicate_id": ("products.toml", lambda t: t.replace('id = "cola"', 'id = "milk"', 1)),
    "product_no_stars": ("products.toml", lambda t: t.replace("stars = 3 },", "},", 1)),
    "products_truncated": ("products.toml", lambda t: t[: len(t) // 2]),
    "products_not_a_list": ("products.toml", lambda t: "products = 3\n"),
}


@pytest.mark.parametrize("kind", sorted(CHECKOUT_BREAKS))
def test_broken_checkout_catalogue(tmp_path, kind):
    folder = tmp_path / "checkout"
    shutil.copytree(CHECKOUT_CATALOGUE, folder)
    name, breaks = CHECKOUT_BREAKS[kind]
    target = folder / name
    if breaks is None:
        target.unlink()
    else:
        target.write_text(breaks(target.read_text(encoding="utf-8")), encoding="utf-8")
    _expect_clean_refusal(_checkout_load, target, kind)


def test_checkout_catalogue_with_random_lines_damaged(tmp_path):
    folder = tmp_path / "checkout"
    shutil.copytree(CHECKOUT_CATALOGUE, folder)
    rng = random.Random(4)
    for n in range(90):
        name = ("rules.toml", "products.toml", "bargains.toml")[n % 3]
        original = (CHECKOUT_CATALOGUE / name).read_text(encoding="utf-8").splitlines()
        copy = list(original)
        i = rng.randrange(len(copy))
        if n % 2:
            copy[i] = re.sub(r"\b\d+\b", str(rng.choice([0, -1, 99, 100000])), copy[i], count=1)
        else:
            del copy[i]
        (folder / name).write_text("\n".join(copy) + "\n", encoding="utf-8")
        _expect_clean_refusal(_checkout_load, folder / name, f"{name} line {i + 1}", allow_ok=True)
        (folder / name).write_text("\n".join(original) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- user files
CORRUPTIONS = {
    "empty": b"",
    "truncated": None,          # the first half of a good file
    "garbage": bytes(range(256)),
    "bad_utf8": b'{"volume": "\xff\xfe"}',
    "nul_bytes": b"\x00" * 64,
    "json_list": b"[1, 2, 3]",
    "json_string": b'"hello"',
    "json_null": b"null",
    "wrong_types": b'{"volume": "loud", "fullscreen": 3, "ui_scale": [1], "keyboard": 5, "pad": "x"}',
    "out_of_range": b'{"volume": 1e308, "ui_scale": -4, "keyboard": {"left": {"A": -1}}, "pad": {"A": 1e99}}',
    "unknown_names": b'{"keyboard": {"left": {"NOT_A_BUTTON": 97}}, "pad": {"ZZ": 1}, "colour": "teal"}',
    "deep_nesting": b"[" * 5000 + b"]" * 5000,
}


def _good_bytes(name: str) -> bytes:
    from game.input.bindings import Bindings
    from game.core.settings import Settings
    if name == "settings.json":
        Settings().save()
    else:
        Bindings().save()
    from game.files.userfiles import user_dir
    return (user_dir() / name).read_bytes()


def _load(name: str):
    from game.input.bindings import Bindings
    from game.core.settings import Settings
    return Settings.load() if name == "settings.json" else Bindings.load()


@pytest.mark.parametrize("name", ["settings.json", "bindings.json"])
@pytest.mark.parametrize("kind", sorted(CORRUPTIONS))
def test_corrupt_user_file_falls_back_and_keeps_the_bytes(user_dir, name, kind):
    from game.input.bindings import Bindings
    from game.core.settings import Settings
    good = _good_bytes(name)
    data = CORRUPTIONS[kind] if CORRUPTIONS[kind] is not None else good[: len(good) // 2]
    (user_dir / name).write_bytes(data)
    loaded, warning = _load(name)
    default = Settings() if name == "settings.json" else Bindings()
    if name == "settings.json":
        assert isinstance(loaded, Settings)
        for field in ("volume", "fullscreen", "colourblind", "screen_shake", "ui_scale", "show_fps"):
            value = getattr(loaded, field)
            assert type(value) is type(getattr(default, field)), f"{field} became {value!r}"
        assert 0.0 <= loaded.volume <= 1.0
    else:
        assert loaded.keys == default.keys and loaded.pad == default.pad or warning is None
    if kind in ("unknown_names",) and name == "settings.json":
        return  # unknown keys are ignored on purpose; the file is fine
    if kind == "json_null" and name == "bindings.json":
        assert (user_dir / name).read_bytes() == data   # "no bindings saved": left as it is
        return
    assert warning, f"{name} {kind}: silently replaced"
    assert "\n" not in warning
    # Nothing lost: either the file is still there untouched, or its bytes sit in a .corrupt-N copy.
    kept = [p.read_bytes() for p in user_dir.glob(name + "*") if p.is_file()]
    assert data in kept, f"{name} {kind}: the player's file is gone"
    # and the game still starts with these files: a context builds and ticks.
    loaded, warning2 = _load(name)
    assert loaded is not None


def test_user_file_that_is_a_folder(user_dir):
    from game.core.settings import Settings
    (user_dir / "settings.json").mkdir(parents=True)
    (user_dir / "settings.json" / "keep.txt").write_text("mine")
    settings, warning = Settings.load()
    assert warning and "\n" not in warning
    assert settings == Settings()
    kept = list(user_dir.rglob("keep.txt"))
    assert kept and kept[0].read_text() == "mine"
    Settings(volume=0.5).save()   # and the next save works
    assert Settings.load()[0].volume == 0.5


def test_game_starts_with_every_user_file_corrupt(tmp_path):
    """A fresh process builds the whole shell over corrupt settings and bindings: toasts, no traceback."""
    user = tmp_path / "user"
    user.mkdir()
    (user / "settings.json").write_bytes(b"{\"volume\": ")
    (user / "bindings.json").write_bytes(bytes(range(200)))
    code = ("import pygame; from game import app; pygame.init(); pygame.display.set_mode((1280, 720));"
            "ctx = app.make_context();"
            "from game.scenes.menus.title import TitleScene; ctx.stack.push(TitleScene(ctx)); ctx.stack.apply();"
            "[app.tick(ctx) for _ in range(30)]; app.draw(ctx, pygame.display.get_surface(), 0.0);"
            "print(len(ctx.toasts.items))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(user), capture_output=True,
                            text=True, timeout=60)
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.split()[-1]) == 2      # one toast per corrupt file
    assert sorted(p.name for p in user.iterdir() if "corrupt" in p.name) == \
        ["bindings.json.corrupt-1", "settings.json.corrupt-1"]


def test_speedrun_records_survive_corruption(user_dir):
    """Personal bests, splits and leaderboards (speedrun.json): a corrupt file gives empty records and a
    one-line warning, and its bytes are kept beside it."""
    records = pytest.importorskip("game.speedrun.records", reason="game.speedrun.records has not landed yet")
    name = records.FILE_NAME
    kinds = dict(CORRUPTIONS, truncated=b'{"version": 1, "boards": {"rush": {"pb": {"ticks": 12')
    kinds["bad_board"] = b'{"version": 1, "boards": {"rush": {"pb": {"ticks": "fast"}}}}'
    kinds["old_version"] = b'{"version": 0, "boards": {}}'
    del kinds["deep_nesting"]   # load_json's own test covers it (same reader)
    for kind, data in kinds.items():
        database.close_all()       # a fresh folder each time: no records database yet, so the file is imported
        for p in list(user_dir.iterdir()) if user_dir.exists() else []:
            if p.is_file():
                p.unlink()
        user_dir.mkdir(parents=True, exist_ok=True)
        (user_dir / name).write_bytes(data)
        loaded, warning = records.Records.load()
        assert isinstance(loaded, records.Records)
        kept = [p.read_bytes() for p in user_dir.glob(name + "*") if p.is_file()]
        assert data in kept, f"{kind}: {name} is gone"
        if kind != "json_null":
            assert warning and "\n" not in warning, f"{kind}: no warning ({warning!r})"
        loaded.save()            # the next save works and reads back
        assert records.Records.load()[1] is None


# ---------------------------------------------------------------- replays and run codes
def _replay_text(game: str = "soldout") -> str:
    seats = (SeatSpec(0, "Ana", "bot"), SeatSpec(1, "Ben", "bot"))
    played = games.get(game)
    spec = played.spec(seats, 5, played.options_from({"mode": played.default_mode(), "rounds": 1}))
    writer = ReplayWriter(header_for(spec))
    from game.match.commands import IDLE, Button, Command
    for t in range(200):
        writer.add_tick([Command(t % 5 - 2, 0, Button.A if t % 7 == 0 else Button.NONE, Button.NONE), IDLE])
    return writer.text()


def _replay_breaks(text: str) -> dict[str, bytes]:
    head, *rest = text.splitlines()
    body = "\n".join(rest)
    header = json.loads(head.split(" ", 2)[2])
    def with_header(**changes) -> str:
        h = dict(header, **changes)
        return f"SOCO-REPLAY 1 {json.dumps(h)}\n{body}\n"
    def without(key: str) -> str:
        h = {k: v for k, v in header.items() if k != key}
        return f"SOCO-REPLAY 1 {json.dumps(h)}\n{body}\n"
    return {
        "empty": b"",
        "garbage": bytes(range(256)) * 4,
        "bad_utf8": text.encode() + b"\xff\xfe\n",
        "truncated_header": text[:40].encode(),
        "truncated_mid_line": text[: len(text) - 7].encode() + b",",
        "wrong_magic": text.replace("SOCO-REPLAY", "XOXO-REPLAY", 1).encode(),
        "future_format": text.replace("SOCO-REPLAY 1", "SOCO-REPLAY 9", 1).encode(),
        "other_version": with_header(game_version="0.0.1").encode(),
        "header_not_json": f"SOCO-REPLAY 1 {{not json\n{body}\n".encode(),
        "header_a_list": f"SOCO-REPLAY 1 [1, 2]\n{body}\n".encode(),
        "header_deep_nesting": ("SOCO-REPLAY 1 " + "[" * 100000 + "]" * 100000 + f"\n{body}\n").encode(),
        "seven_seats": with_header(seats=[{"seat": i, "kind": "bot"} for i in range(7)]).encode(),
        "no_seats": with_header(seats=[]).encode(),
        "no_seed": without("seed").encode(),
        "seed_text": with_header(seed="five").encode(),
        "unknown_game": with_header(game="chess").encode(),
        "unknown_mode": with_header(mode="marathon").encode(),
        "rounds_zero": with_header(rounds=0).encode(),
        "rounds_huge": with_header(rounds=10**9).encode(),
        "seat_number_huge": with_header(seats=[{"seat": 10**9, "kind": "bot"}, {"seat": 1, "kind": "bot"}]).encode(),
        "level_missing": with_header(level="no_such_level.tmx").encode(),
        "level_number": with_header(level=7).encode(),
        "teams_text": with_header(teams="yes").encode(),
        "too_many_seats_on_a_line": (text + "1 . . .\n").encode(),
        "negative_count": (text + "-5 . .\n").encode(),
        "stick_out_of_range": (text + "1 99,0,0,0 .\n").encode(),
        "buttons_out_of_range": (text + "1 0,0,99999999,0 .\n").encode(),
        "six_hours_and_more": (text + "99999999 . .\n").encode(),
    }


def test_replay_texts_refused_or_played_cleanly(tmp_path):
    """Every damaged replay: `--replay F --headless --json` and `--replay F` exit 2 with one line, or (a header
    that is odd but playable, e.g. 10^9 rounds) play to the end and print the result: never exit 1."""
    files = []
    for kind, data in _replay_breaks(_replay_text()).items():
        path = tmp_path / f"{kind}.replay"
        path.write_bytes(data)
        files.append(path)
    args = [["--replay", str(p), "--headless", "--json"] for p in files]
    args += [["--replay", str(p)] for p in files if p.stem in ("empty", "garbage", "wrong_magic", "other_version")]
    results = run_many(args, tmp_path / "user", timeout=120)
    problems = []
    for result in results:
        if "Traceback" in result.stderr or "Traceback" in result.stdout:
            problems.append(f"{result.args[1]}: traceback\n{result.stderr[-800:]}")
            continue
        lines = _message_lines(result.stderr)
        if result.returncode == 0 and "--json" in result.args:
            try:
                json.loads(result.stdout.strip().splitlines()[-1])
                continue          # played cleanly
            except (ValueError, IndexError):
                pass
        if result.returncode != 2 or len(lines) != 1:
            problems.append(f"{Path(result.args[1]).stem} {' '.join(result.args[2:])}: exit {result.returncode}, "
                            f"stderr {lines[-3:]}")
    assert not problems, "\n".join(problems)


def test_run_codes_damaged_in_every_way_are_refused():
    text = _replay_text()
    code = to_code(text)
    assert read_replay(from_code(code)).tick_count == 200
    damaged = ["", "hello", "SOCO1-", "SOCO1-.", code[:-3], code[:len(code) // 2], code.replace("SOCO1-", "SOCO2-"),
               code[:-9] + ".00000000", code[:20] + "!!!!" + code[24:], code + "AAAA", code.lower(),
               "SOCO1-" + "A" * 5000 + ".12345678", "SOCO1-\x00\x01\x02.ffffffff"]
    rng = random.Random(3)
    for _ in range(200):  # single flipped characters anywhere in the body
        i = rng.randrange(len("SOCO1-"), len(code))
        damaged.append(code[:i] + rng.choice("AZaz09-_") + code[i + 1:])
    for bad in damaged:
        try:
            inner = from_code(bad)
        except ReplayError as exc:
            assert "\n" not in str(exc)
            continue
        # A flip can land on a character that decodes the same: then the text must be the same replay.
        assert inner == text, f"damaged code {bad[:40]}... decoded to a different replay"


def test_run_code_that_hides_a_broken_replay():
    """A run code whose checksum is right but whose replay is damaged: from_code passes, read_replay refuses."""
    for kind, data in _replay_breaks(_replay_text()).items():
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        try:
            read_replay(from_code(to_code(text)))
        except ReplayError as exc:
            assert "\n" not in str(exc)


# ---------------------------------------------------------------- saves killed mid-write
_SAVE_LOOP = """
import sys
from game.files.userfiles import save_json
n = 0
pad = "x" * 200000   # a big file: the kill usually lands mid-write
while True:
    n += 1
    save_json("settings.json", {"n": n, "pad": pad})
    if n == 3:
        print("go", flush=True)
"""


@pytest.mark.posix
def test_a_save_killed_mid_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    user = tmp_path / "user"
    user.mkdir()
    (user / "settings.json").write_text(json.dumps({"n": 0, "pad": "first"}))
    seen = set()
    rng = random.Random(1)
    for attempt in range(6):
        proc = subprocess.Popen([sys.executable, "-c", _SAVE_LOOP], cwd=ROOT, env=_env(user),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "go", proc.stderr.read()
        time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        assert proc.returncode == -signal.SIGKILL
        data = json.loads((user / "settings.json").read_text(encoding="utf-8"))  # whole and parseable
        assert data["n"] >= 3 and len(data["pad"]) == 200000
        seen.add(data["n"])
    # Leftover temp files from a kill do not confuse the loader.
    from game.core.settings import Settings
    monkeypatch.setenv("SOLDOUT_USER_DIR", str(user))
    settings, _warning = Settings.load()
    assert isinstance(settings, Settings)
    assert len(seen) >= 2   # the kills really landed at different moments
