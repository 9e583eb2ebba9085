"""The command line (DESIGN.md "The command line"). Bad arguments -> usage + exit 2, never a traceback."""
from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Sequence

from game import VERSION, program_name
from game.match import DIFFICULTIES, GAME_TITLES
from game.rules.soldout import modes as soldout_modes
from game.speedrun.livesplit_link import AddressError, parse_address

GAMES = tuple(GAME_TITLES)
MAX_BOTS = 6
MAX_ROUNDS = 5
SEED_MAX = (1 << 64) - 1   # what a replay header holds (game/replay.py)
TEAM_SIZES = (2, 3)          # RULES.md "Teams": teams of 2 or 3; a headless match has two teams
LANGUAGE_CODES = ("en", "de", "fr", "es")   # game/i18n.py LANGUAGES; command-line messages stay English
SCREENSHOT_TYPES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")   # what pygame.image.save writes

# What the command line was asked to do: the run mode, and how a message names it.
RUN_MODES = {
    "window": "the game window",
    "replay": "--replay FILE (in the window)",
    "headless": "--headless",
    "headless_replay": "--replay FILE --headless",
    "screenshot": "--screenshot",
    "check_level": "--check-level",
    "scenario": "--scenario",
    "tournament": "--tournament",
    "export_lss": "--export-lss",
}
# The options that choose a run mode (with --replay FILE); at most one of them, or --replay --headless.
MODE_OPTIONS = ("headless", "screenshot", "check_level", "scenario", "tournament", "export_lss")
# Which run modes each option means something in; any other use is refused (exit 2), never
# silently ignored. A new option adds one line here (mode selectors themselves are not listed).
FLAG_MODES: dict[str, tuple[str, ...]] = {
    "json": ("headless", "headless_replay"),
    "game": ("headless", "tournament"),
    "mode": ("headless", "tournament"),
    "bots": ("headless",),
    "difficulty": ("headless",),
    "rounds": ("headless",),
    "seed": ("headless", "screenshot", "tournament"),
    "teams": ("headless",),
    "level": ("headless",),
    "record": ("headless", "window"),
    "scene": ("screenshot",),
    "size": ("screenshot",),
    "fullscreen": ("window", "replay"),
    "matches": ("tournament",),
    "livesplit": ("window", "replay"),
    "out": ("export_lss",),
    "lang": ("window", "replay", "screenshot"),
}
DEFAULTS = {"game": "soldout", "bots": 4, "difficulty": "normal", "size": (1280, 720)}


class UsageError(Exception):
    """A bad command line: the message is one line; the caller prints usage and exits 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _int_range(low: int, high: int | None, what: str):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if value < low or (high is not None and value > high):
            span = f"{low}-{high}" if high is not None else f">= {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {span}, not {value}")
        return value
    return parse


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)[xX](\d+)", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}")
    w, h = int(match[1]), int(match[2])
    if w < 1280 or h < 720 or w > 7680 or h > 4320:
        raise argparse.ArgumentTypeError(f"size must be between 1280x720 and 7680x4320, not {text}")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=program_name(), description="Sold Out! and Check Out!: party games for the couch.",
                allow_abbrev=False)
    p.add_argument("--version", action="version", version=f"Sold Out! / Check Out! {VERSION}")
    p.add_argument("--headless", action="store_true", help="no window: bots play a whole match as fast as possible")
    p.add_argument("--json", action="store_true", help="with --headless/--replay: print the result as one JSON line")
    p.add_argument("--game", choices=GAMES, default=None, help="with --headless/--tournament (default soldout)")
    p.add_argument("--mode", choices=soldout_modes.keys(), default=None, help="Sold Out! mode (default rush)")
    p.add_argument("--bots", type=_int_range(1, MAX_BOTS, "--bots"), default=None, metavar="N",
                   help="seats filled by bots, 1-6 (default 4)")
    p.add_argument("--difficulty", choices=DIFFICULTIES, default=None, help="with --headless (default normal)")
    p.add_argument("--rounds", type=_int_range(1, MAX_ROUNDS, "--rounds"), default=None, metavar="N",
                   help="Sold Out! rounds, 1-5 (Check Out! always plays 4 + bonus)")
    p.add_argument("--seed", type=_int_range(0, SEED_MAX, "--seed"), default=None, metavar="N")
    p.add_argument("--teams", action="store_true", help="with --headless: two teams (4-6 bots, Sold Out! only)")
    p.add_argument("--level", metavar="NAME|FILE",
                   help="Sold Out! level: one by name (shipped, or yours in the user folder's levels/) "
                        "or a .tmx file")
    p.add_argument("--record", metavar="FILE", help="write the match's replay to FILE")
    p.add_argument("--replay", metavar="FILE", help="play a replay back")
    p.add_argument("--screenshot", metavar="FILE",
                   help="render one frame of --scene to a .png (or .jpg/.bmp/.tga) and exit")
    p.add_argument("--scene", metavar="NAME", help="the scene for --screenshot")
    p.add_argument("--size", type=_size, default=None, metavar="WxH",
                   help="--screenshot size (default 1280x720; other shapes are letterboxed)")
    p.add_argument("--check-level", metavar="FILE|NAME",
                   help="validate a level and measure how fair its seats are; exit 0 if fine, 2 with the error")
    p.add_argument("--scenario", nargs="+", metavar="FILE", help="run conformance scenario files")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    p.add_argument("--tournament", action="store_true",
                   help="bots of neighbouring difficulties play many headless matches; prints win rates")
    p.add_argument("--matches", type=_int_range(1, 100_000, "--matches"), default=None, metavar="N",
                   help="--tournament: matches per pairing and mode (default 40)")
    p.add_argument("--livesplit", type=_livesplit_address, metavar="HOST:PORT",
                   help="link speedruns to a LiveSplit Server (default port 16834)")
    p.add_argument("--export-lss", metavar="CATEGORY", help="write a LiveSplit splits file for a speedrun board "
                   "(rush, rush.set.B, rush.daily) and exit")
    p.add_argument("--out", metavar="FILE", help="--export-lss: the file to write")
    p.add_argument("--lang", choices=LANGUAGE_CODES, default=None, metavar="CODE",
                   help=f"the game's language: {', '.join(LANGUAGE_CODES)} (default: Settings, else the system's)")
    return p


def run_mode(args: argparse.Namespace) -> str:
    """The one thing this command line asks for (a key of RUN_MODES)."""
    if args.replay:
        return "headless_replay" if args.headless or args.json else "replay"   # --json: no window
    return next((mode for mode in MODE_OPTIONS if getattr(args, mode)), "window")


def given_options(argv: Sequence[str]) -> set[str]:
    """The dest names of the options the user actually typed (defaults do not count)."""
    parser = build_parser()
    for action in parser._actions:
        action.default = argparse.SUPPRESS
    return set(vars(parser.parse_args(list(argv))))


def _flag(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def _check_flags_fit_the_mode(args: argparse.Namespace, given: set[str]) -> None:
    mode = run_mode(args)
    for dest, modes in FLAG_MODES.items():
        if dest in given and mode not in modes:
            where = " or ".join(RUN_MODES[m] for m in modes)
            raise UsageError(f"{_flag(dest)} only goes with {where}, not with {RUN_MODES[mode]}")


def _livesplit_address(text: str) -> tuple[str, int]:
    try:
        return parse_address(text)
    except AddressError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--livesplit ")) from None


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse and cross-check; raises UsageError with a one-line message."""
    args = build_parser().parse_args(list(argv))
    if args.screenshot and not args.scene:
        raise UsageError("--screenshot needs --scene NAME")
    if args.record and args.replay:
        raise UsageError("use --record or --replay, not both")
    chosen = [name for name in (*MODE_OPTIONS, "replay") if getattr(args, name)]
    if len(chosen) > 1 and set(chosen) != {"headless", "replay"}:
        raise UsageError(f"{' and '.join(map(_flag, chosen))} cannot be used together")
    given = given_options(argv)
    for dest, value in DEFAULTS.items():
        if getattr(args, dest) is None:
            setattr(args, dest, value)
    _check_game_options(args)     # first: the rulebook's reason is the more useful message
    _check_flags_fit_the_mode(args, given)
    if args.screenshot and Path(args.screenshot).suffix.lower() not in SCREENSHOT_TYPES:
        raise UsageError(f"--screenshot {args.screenshot}: pygame writes {', '.join(SCREENSHOT_TYPES)} files; "
                         "name it e.g. shot.png")
    return args


def _check_game_options(args: argparse.Namespace) -> None:
    """What each rulebook refuses (RULES.md), said with the rule."""
    if args.game == "checkout":
        for dest, why in (("mode", "Check Out! has one mode"),
                          ("rounds", "Check Out! always plays 4 rounds + a bonus round"),
                          ("level", "Check Out! is played at the dice table"),
                          ("teams", "Check Out! has no teams in its rulebook")):
            if getattr(args, dest):
                raise UsageError(f"{_flag(dest)} is for Sold Out! (--game soldout); {why}")
        if args.headless and args.bots < 2:
            raise UsageError("Check Out! needs at least 2 players: use --bots 2 or more")
    if args.teams and args.headless:
        low, high = 2 * TEAM_SIZES[0], 2 * TEAM_SIZES[-1]
        if not low <= args.bots <= high:
            raise UsageError(f"--teams needs --bots {low}-{high}: RULES.md says teams have "
                             f"{TEAM_SIZES[0]} or {TEAM_SIZES[-1]} players, and --headless plays two teams")


def usage() -> str:
    return build_parser().format_usage()
