"""The command line (DESIGN.md "The command line"). Bad arguments -> usage + exit 2, never a traceback."""
from __future__ import annotations

import argparse
import re
import textwrap
from pathlib import Path
from typing import Callable, Sequence

from game import VERSION, program_name
from game.match import games
from game.match.spec import DIFFICULTIES
from game.files.untrusted import echo

MAX_BOTS = 6
MAX_ROUNDS = 5
MAX_MATCHES = 100_000
SEED_MAX = (1 << 64) - 1   # what a replay header holds (game/driver/replay.py)
TEAM_SIZES = (2, 3)          # RULES.md "Teams": teams of 2 or 3; a headless match has two teams
LANGUAGE_CODES = ("en", "de", "fr", "es")   # game/text/i18n.py LANGUAGES; command-line messages stay English
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
    "career": "--career ID --headless",
}
# The options that choose a run mode (with --replay FILE); at most one of them, or --replay --headless.
MODE_OPTIONS = ("headless", "screenshot", "check_level", "scenario", "tournament", "export_lss", "career")
# Which run modes each option means something in; any other use is refused (exit 2), never
# silently ignored. A new option adds one line here (mode selectors themselves are not listed).
FLAG_MODES: dict[str, tuple[str, ...]] = {
    "json": ("headless", "headless_replay", "career"),
    "game": ("headless", "tournament"),
    "mode": ("headless", "tournament"),
    "bots": ("headless",),
    "difficulty": ("headless",),
    "rounds": ("headless",),
    "seed": ("headless", "screenshot", "tournament", "career"),
    "teams": ("headless",),
    "level": ("headless", "replay", "headless_replay"),   # with a replay: where its level is
    "record": ("headless", "window", "career"),
    "bot_level": ("career",),
    "scene": ("screenshot",),
    "size": ("screenshot",),
    "fullscreen": ("window", "replay"),
    "matches": ("tournament",),
    "livesplit": ("window", "replay"),
    "out": ("export_lss",),
    "lang": ("window", "replay", "screenshot"),
}
DEFAULTS = {"bots": 4, "difficulty": "normal", "size": (1280, 720)}
# The flags that name a game's options, by the words its game object reads them by (Game.options_from);
# --level is handed over checked (cli_checks.level_argument), so the runner adds it itself.
OPTION_FLAGS = ("mode", "rounds", "teams")


class UsageError(Exception):
    """A bad command line: the message is one line; the caller reports it (game.report_error), exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # argparse's own complaints (an unknown option, a missing value): "argument --x: ..." -> "--x: ...",
        # with where to look; our own checks raise UsageError themselves, already naming their option.
        message = re.sub(r"^argument ([^:]+): ", r"\1: ", message)
        raise UsageError(f"{message} ({self.prog} --help lists the options)")

    def format_help(self) -> str:
        self.epilog = help_epilog()    # built when asked: it reads the scene and board lists
        for action in self._actions:   # and each game's modes: a match of the other game never loads them
            if action.dest == "mode":
                action.help = MODE_HELP.format(modes=_modes_said())
        return super().format_help()


NUMBER = re.compile(r"-?[0-9]+", re.ASCII)   # int() would also take "1_000", " 3", "+3" and "٣"
MAX_DIGITS = 24                               # past every limit here; int() of a huge string is slow


def _shown(text: str) -> str:
    return f"'{echo(text, 40)}'"


def _whole_number(flag: str, low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        span = f"{low}-{high}"
        if not NUMBER.fullmatch(text):
            raise UsageError(f"{flag} must be a whole number {span} in the digits 0-9, not {_shown(text)}")
        if len(text.lstrip("-")) > MAX_DIGITS or not low <= int(text) <= high:
            raise UsageError(f"{flag} must be {span}, not {_shown(text)}")
        return int(text)
    return parse


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"([0-9]{1,5})[xX]([0-9]{1,5})", text)
    if not match:
        raise UsageError(f"--size must look like 1280x720, not {_shown(text)}")
    w, h = int(match[1]), int(match[2])
    if w < 1280 or h < 720 or w > 7680 or h > 4320:
        raise UsageError(f"--size must be between 1280x720 and 7680x4320, not {_shown(text)}")
    return w, h


def _checked(action: argparse.Action) -> Callable[[str], object]:
    """The value check of an option that takes one: never empty or blank (which used to mean "not
    given" further on), then its own conversion, then its choices, each refused naming the option."""
    flag = action.option_strings[0]
    convert = action.type if callable(action.type) else None
    choices = tuple(action.choices) if action.choices is not None else None
    wanted = f"one of {', '.join(choices)}" if choices else (action.metavar or "a value")

    def parse(text: str) -> object:
        if not text.strip():
            raise UsageError(f"{flag} needs {wanted}, not an empty value")
        value = convert(text) if convert else text
        if choices is not None and value not in choices:
            raise UsageError(f"{flag} must be {wanted}, not {_shown(text)}")
        return value
    return parse


def build_parser() -> argparse.ArgumentParser:
    prog = program_name()
    p = _Parser(prog=prog, description="Sold Out! and Check Out!: party games for the couch. Without "
                "options it opens the game at its title screen.", allow_abbrev=False,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"Sold Out! / Check Out! {VERSION}")
    p.add_argument("--headless", action="store_true", help="no window: bots play a whole match as fast as possible")
    p.add_argument("--json", action="store_true",
                   help="with --headless or --replay: print the result as one JSON line (no window)")
    keys = games.keys()
    p.add_argument("--game", choices=keys, default=None, help=f"with --headless/--tournament (default {keys[0]})")
    p.add_argument("--mode", default=None, metavar="MODE", help=MODE_HELP)   # its modes filled in by format_help
    p.add_argument("--bots", type=_whole_number("--bots", 1, MAX_BOTS), default=None, metavar="N",
                   help="with --headless: seats filled by bots, 1-6 (default 4)")
    p.add_argument("--difficulty", choices=DIFFICULTIES, default=None, help="with --headless (default normal)")
    p.add_argument("--rounds", type=_whole_number("--rounds", 1, MAX_ROUNDS), default=None, metavar="N",
                   help="with --headless: Sold Out! rounds, 1-5 (Check Out! always plays 4 + bonus)")
    p.add_argument("--seed", type=_whole_number("--seed", 0, SEED_MAX), default=None, metavar="N",
                   help="with --headless/--screenshot/--tournament: the match's seed, 0-2^64-1 "
                        "(the same seed plays the same match; default: a random one, 0 for a screenshot)")
    p.add_argument("--teams", action="store_true", help="with --headless: two teams (4-6 bots, Sold Out! only)")
    p.add_argument("--level", metavar="NAME|FILE",
                   help="Sold Out! level with --headless: one by name (a shipped one such as boutique or mall, "
                        "or yours in the user folder's levels/) or a .tmx file; with --replay: where to find "
                        "the replay's level")
    p.add_argument("--record", metavar="FILE", help="with --headless or the window: write the match's replay to FILE")
    p.add_argument("--replay", metavar="FILE",
                   help="play a replay back in the window (or with --headless --json: re-simulate it)")
    p.add_argument("--screenshot", metavar="FILE",
                   help="render one frame of --scene to a .png (or .jpg/.bmp/.tga) without a window and exit")
    p.add_argument("--scene", metavar="NAME", help="the scene for --screenshot (listed below)")
    p.add_argument("--size", type=_size, default=None, metavar="WxH",
                   help="--screenshot size (default 1280x720; other shapes are letterboxed)")
    p.add_argument("--check-level", metavar="FILE|NAME",
                   help="validate a level (a .tmx file or a level's name) and measure how fair its seats are; "
                        "exit 0 if fine (unequal seats only warn), 2 with the error")
    p.add_argument("--scenario", nargs="+", metavar="FILE",
                   help="run conformance scenario files; exit 1 naming the failing cases")
    p.add_argument("--career", metavar="ID",
                   help="with --headless: play the career challenge ID with a bot in your seat and print its "
                        "stars (docs/CAREER.md lists the challenges)")
    p.add_argument("--bot-level", choices=DIFFICULTIES, default=None,
                   help="with --career: the bot in your seat (default normal)")
    p.add_argument("--fullscreen", action="store_true", help="start the window in fullscreen")
    p.add_argument("--tournament", action="store_true",
                   help="bots of neighbouring difficulties play many headless matches; prints win rates")
    p.add_argument("--matches", type=_whole_number("--matches", 1, MAX_MATCHES), default=None, metavar="N",
                   help="--tournament: matches per pairing and mode (default 40)")
    p.add_argument("--livesplit", type=_livesplit_address, metavar="HOST:PORT",
                   help="link speedruns to a LiveSplit Server (default port 16834; an IPv6 host in brackets)")
    p.add_argument("--export-lss", metavar="BOARD",
                   help="write a LiveSplit splits file for a speedrun board (listed below) and exit")
    p.add_argument("--out", metavar="FILE", help="--export-lss: the file to write")
    p.add_argument("--lang", choices=LANGUAGE_CODES, default=None, metavar="CODE",
                   help=f"the game's language: {', '.join(LANGUAGE_CODES)} (default: Settings, else the system's)")
    for action in p._actions:
        if action.option_strings and action.nargs != 0:
            action.type = _checked(action)
    return p


MODE_HELP = "with --headless/--tournament: the game's mode ({modes})"


def _modes_said() -> str:
    """Each game's modes as --mode takes them, its default first: "Sold Out!: rush (default), memory, tidy"."""
    said = [f"{game.title}: {', '.join(game.cli_modes())}" for game in games.all_games()
            if "mode" not in game.unused_flags]
    return "; ".join(said) + "; the first is the default"


def help_epilog() -> str:
    """The lists --help ends with: screenshot scenes, speedrun boards, exit codes."""
    from game.scenes import registry                       # the scenes: only when --help is asked for
    from game.speedrun.categories import SEED_LETTERS, load_categories
    categories = load_categories()
    letters = max(len(c.set_seeds) for c in categories.values())
    wrap = textwrap.TextWrapper(width=100, initial_indent="  ", subsequent_indent="  ")
    return "\n".join([
        "screenshot scenes (--scene NAME):",
        wrap.fill(", ".join(registry.screenshot_names()) if registry.screenshots_available()
                  else "none in an installed game: screenshots run from a checkout of its sources"),
        "speedrun boards (--export-lss BOARD):",
        wrap.fill(", ".join(categories)),
        wrap.fill(f"BOARD alone is set seed A; BOARD.set.{SEED_LETTERS[0]} to BOARD.set.{SEED_LETTERS[letters - 1]} "
                  "a set seed; BOARD.daily today's daily seed, BOARD.daily.YYYY-MM-DD another day's"),
        "exit codes:",
        wrap.fill("0 done; 1 a scenario case failed, no display for the window, or an unexpected error; "
                  "2 a bad argument or file; 141 the output pipe was closed"),
    ])


def run_mode(args: argparse.Namespace) -> str:
    """The one thing this command line asks for (a key of RUN_MODES)."""
    if args.replay:
        return "headless_replay" if args.headless or args.json else "replay"   # --json: no window
    if args.career:
        return "career"
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
    from game.speedrun.address import AddressError, parse_address   # (ipaddress) only when --livesplit is given
    try:
        return parse_address(text)
    except AddressError as exc:    # the one host and port rule (game.speedrun.address), said for this option
        raise UsageError(f"--livesplit: {exc}") from None


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse and cross-check; raises UsageError with a one-line message."""
    args = build_parser().parse_args(list(argv))
    if args.screenshot and not args.scene:
        raise UsageError("--screenshot needs --scene NAME")
    if args.record and args.replay:
        raise UsageError("use --record or --replay, not both")
    chosen = [name for name in (*MODE_OPTIONS, "replay") if getattr(args, name)]
    if len(chosen) > 1 and set(chosen) not in ({"headless", "replay"}, {"headless", "career"}):
        raise UsageError(f"{' and '.join(map(_flag, chosen))} cannot be used together")
    if args.career and not args.headless:
        raise UsageError("--career ID needs --headless (in the window the career is on the title screen)")
    given = given_options(argv)
    for dest, value in {"game": games.keys()[0], **DEFAULTS}.items():   # the first game in menu order
        if getattr(args, dest) is None:
            setattr(args, dest, value)
    _check_game_options(args)     # first: the rulebook's reason is the more useful message
    _check_flags_fit_the_mode(args, given)
    if args.screenshot and Path(args.screenshot).suffix.lower() not in SCREENSHOT_TYPES:
        raise UsageError(f"--screenshot {echo(args.screenshot)}: pygame writes {', '.join(SCREENSHOT_TYPES)} files; "
                         "name it e.g. shot.png")
    return args


def _check_game_options(args: argparse.Namespace) -> None:
    """What each rulebook refuses (RULES.md), said with the rule (the game's object says which)."""
    game = games.get(args.game)
    for dest, why in game.unused_flags.items():
        if getattr(args, dest):
            owner = next(g for g in games.all_games() if dest not in g.unused_flags)
            raise UsageError(f"{_flag(dest)} is for {owner.title} (--game {owner.key}); {why}")
    if args.mode is not None and args.mode not in (modes := game.cli_modes()):   # asked only when given
        raise UsageError(f"--mode must be one of {', '.join(modes)}, not {_shown(args.mode)}")
    refusal = game.cli_refusal(args.bots, args.headless)
    if refusal is not None:
        raise UsageError(refusal)
    if args.teams and args.headless:
        low, high = 2 * TEAM_SIZES[0], 2 * TEAM_SIZES[-1]
        if not low <= args.bots <= high:
            raise UsageError(f"--teams needs --bots {low}-{high}: RULES.md says teams have "
                             f"{TEAM_SIZES[0]} or {TEAM_SIZES[-1]} players, and --headless plays two teams")


def option_words(args: argparse.Namespace) -> dict[str, object]:
    """The game's options the command line names (Game.options_from's words): a flag not given is None."""
    return {flag: getattr(args, flag) for flag in OPTION_FLAGS}


def usage() -> str:
    return build_parser().format_usage()
