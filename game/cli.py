"""The command line (DESIGN.md "The command line"). Bad arguments -> usage + exit 2, never a traceback."""
from __future__ import annotations

import argparse
import re
from typing import Sequence

from game import VERSION
from game.match import DIFFICULTIES

GAMES = ("soldout", "checkout")
MODES = ("rush", "memory", "tidy")
MAX_BOTS = 6
MAX_ROUNDS = 5


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
    p = _Parser(prog="main.py", description="Sold Out! and Check Out!: party games for the couch.",
                allow_abbrev=False)
    p.add_argument("--version", action="version", version=f"Sold Out! / Check Out! {VERSION}")
    p.add_argument("--headless", action="store_true", help="no window: bots play a whole match as fast as possible")
    p.add_argument("--json", action="store_true", help="with --headless/--replay: print the result as one JSON line")
    p.add_argument("--game", choices=GAMES, default="soldout")
    p.add_argument("--mode", choices=MODES, default=None, help="Sold Out! mode (default rush)")
    p.add_argument("--bots", type=_int_range(1, MAX_BOTS, "--bots"), default=4, metavar="N",
                   help="seats filled by bots, 1-6 (default 4)")
    p.add_argument("--difficulty", choices=DIFFICULTIES, default="normal")
    p.add_argument("--rounds", type=_int_range(1, MAX_ROUNDS, "--rounds"), default=None, metavar="N",
                   help="Sold Out! rounds, 1-5 (Check Out! always plays 4 + bonus)")
    p.add_argument("--seed", type=_int_range(0, None, "--seed"), default=None, metavar="N")
    p.add_argument("--teams", action="store_true")
    p.add_argument("--level", metavar="FILE", help="a levels/*.tmx for Sold Out!")
    p.add_argument("--record", metavar="FILE", help="write the match's replay to FILE")
    p.add_argument("--replay", metavar="FILE", help="play a replay back")
    p.add_argument("--screenshot", metavar="FILE", help="render one frame of --scene to a PNG and exit")
    p.add_argument("--scene", metavar="NAME", help="the scene for --screenshot")
    p.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH",
                   help="--screenshot size (default 1280x720)")
    p.add_argument("--check-level", metavar="FILE", help="validate a level; exit 0 if fine, 2 with the error")
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
    return p


def _livesplit_address(text: str) -> tuple[str, int]:
    from game.speedrun.livesplit_link import AddressError, parse_address
    try:
        return parse_address(text)
    except AddressError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--livesplit ")) from None


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse and cross-check; raises UsageError with a one-line message."""
    args = build_parser().parse_args(list(argv))
    if args.screenshot and not args.scene:
        raise UsageError("--screenshot needs --scene NAME")
    if args.scene and not args.screenshot:
        raise UsageError("--scene only goes with --screenshot FILE")
    if args.json and not (args.headless or args.replay):
        raise UsageError("--json only goes with --headless or --replay")
    if args.mode and args.game == "checkout":
        raise UsageError("--mode is for Sold Out! (--game soldout); Check Out! has one mode")
    if args.rounds and args.game == "checkout":
        raise UsageError("--rounds is for Sold Out!; Check Out! always plays 4 rounds + a bonus round")
    if args.level and args.game == "checkout":
        raise UsageError("--level is for Sold Out!; Check Out! is played at the dice table")
    if args.game == "checkout" and args.headless and args.bots < 2:
        raise UsageError("Check Out! needs at least 2 players: use --bots 2 or more")
    if args.record and args.replay:
        raise UsageError("use --record or --replay, not both")
    if args.matches and not args.tournament:
        raise UsageError("--matches only goes with --tournament")
    if args.tournament and (args.record or args.replay or args.json):
        raise UsageError("--tournament prints a table: it takes no --record, --replay or --json")
    if args.out and not args.export_lss:
        raise UsageError("--out only goes with --export-lss CATEGORY")
    if args.livesplit and (args.headless or args.screenshot or args.export_lss):
        raise UsageError("--livesplit links the game window's speedruns; it does not go with a command that opens none")
    exclusive = [name for name in ("headless", "screenshot", "check_level", "scenario", "tournament", "export_lss")
                 if getattr(args, name)]
    if len(exclusive) > 1:
        flags = " and ".join("--" + n.replace("_", "-") for n in exclusive)
        raise UsageError(f"{flags} cannot be used together")
    return args


def usage() -> str:
    return build_parser().format_usage()
