"""Replays: a match's header and every seat's Command per tick, as text.

Line 1: MAGIC, the format version and a one-line JSON header:
    SOCO-REPLAY 1 {"format": 1, "game_version": "0.1.0", "game": "soldout", ...}
Every further line is a run: COUNT then one token per seat, meaning COUNT
identical consecutive ticks. A token is "dx,dy,pressed,held" (buttons as
decimal bit masks) or "." for an idle seat, so a quiet stretch is one short line:
    240 . . 16,0,0,0
A seed and these commands reproduce the match bit for bit, so a replay from
another game version or rules revision (Game.rules_revision) is refused rather than replayed wrongly.

Run codes wrap a whole replay into one copy-pasteable string.
"""
from __future__ import annotations

import base64
import binascii
import io
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PureWindowsPath
from typing import Any, Iterator

from game import VERSION
from game.files import schema
from game.match.commands import IDLE, STICK_MAX, Button, Command
from game.match.spec import DIFFICULTIES, MatchSpec, SeatSpec, SpeedrunTag
from game.text.notice import N_, Notice, message_of
from game.files.untrusted import UntrustedError, echo, inflate, parse_json, size_text, strict_int
from game.files.register import REPLAY_CAP
from game.match import games
from game.files.userfiles import atomic_write_text

MAGIC = "SOCO-REPLAY"
FORMAT_VERSION = 1
CODE_PREFIX = "SOCO1-"
# Each game's rules revision (Game.rules_revision) is in every replay header as "rules" (a header without one:
# revision 1). A replay of an older revision would play its inputs under other rules, so it is refused, saying
# what changed since (Game.older_rules), unless one seat alone cannot tell (Game.solo_unchanged).
NEWER_RULES = N_("this replay was recorded under newer rules than this game knows and cannot be replayed")
HEADER_KEYS = ("format", "game_version", "game", "mode", "seed", "rounds", "teams", "level", "seats", "options")
BUTTON_MASK = max(Button) * 2 - 1  # every defined Button bit
IDLE_TOKEN = "."
MAX_TICKS = 60 * 60 * 60 * 6  # six hours at 60 Hz: anything longer is a damaged count
MAX_SEATS = 6
MAX_ROUNDS = 99   # far above any real match (the lobby offers 1-5): a bigger count is damage
MAX_REPLAY_BYTES = REPLAY_CAP     # a 5-round, 6-player match is about 300 KB
MAX_CODE_CHARS = 8 << 20       # a run code is the compressed replay in base64
MAX_BLANK_LINES = 100          # the writer never writes one: a file of blank lines is not a replay
SEED_MAX = (1 << 64) - 1

_SEAT = schema.table({
    "seat": schema.integer(0, MAX_SEATS - 1), "name": schema.text(64), "kind": schema.text(8, choices=("human", "bot")),
    "difficulty": schema.text(16, choices=DIFFICULTIES), "team": schema.nullable(schema.integer(0, MAX_SEATS - 1)),
}, required=("seat",))
_SPEEDRUN = schema.table({
    "category": schema.text(64), "variant": schema.text(16), "date": schema.text(10, pattern=r"([0-9]{4}-[0-9]{2}-[0-9]{2})?"),
    "seed_index": schema.integer(0, 99), "speed": schema.integer(1, 1000),
})
HEADER_SCHEMA = schema.table({
    "format": schema.integer(FORMAT_VERSION, FORMAT_VERSION), "game": schema.text(16),
    "mode": schema.text(16), "seed": schema.integer(0, SEED_MAX), "rounds": schema.integer(1, MAX_ROUNDS),
    "teams": schema.boolean(), "rules": schema.integer(1, 99), "level": schema.nullable(schema.text(255, min_len=1)),
    "level_hash": schema.text(64, pattern="[0-9a-f]{64}", min_len=64),
    "seats": schema.array(_SEAT, MAX_SEATS, min_len=1, unique=lambda s: s.get("seat")),
    "options": schema.table({"assist": schema.boolean(), "speedrun": _SPEEDRUN}),
    "schedule": schema.array(schema.text(16), MAX_ROUNDS, min_len=1),
}, required=HEADER_KEYS)


class ReplayError(Exception):
    """A replay or run code that cannot be played; str() is one line (English, for the command
    line); raised with a Notice, which the game says in the player's language (notice.said)."""


# Sentences said from more than one place
DAMAGED_HEADER = N_("the replay header is damaged")
DAMAGED_HEADER_BECAUSE = N_("the replay header is damaged ({why})")   # {why}: a technical detail
DAMAGED_LINE = N_("replay line {line} is damaged")
TOO_LONG = N_("replay line {line} has a value out of range (longer than six hours)")


def header_for(spec: MatchSpec) -> dict[str, Any]:
    """The replay header describing `spec` (the lobby/CLI build it from the MatchSpec). The game
    object writes its options ("mode", "rounds", "teams", "level", "options"); "schedule" is the
    mode of every round as the game's rule gave it when recorded (read back into
    MatchSpec.schedule), so a replay never depends on the rotation of a later version."""
    game = games.get(spec.game)
    own = game.header(spec.options)
    run = {} if spec.speedrun is None else spec.speedrun.to_json()
    return {
        "format": FORMAT_VERSION, "game_version": VERSION, "rules": game.rules_revision,
        "game": spec.game, "mode": own["mode"], "schedule": game.schedule(spec),
        "seed": spec.seed, "rounds": own["rounds"], "teams": own["teams"], **level_fields(own["level"], len(spec.seats)),
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "difficulty": s.difficulty, "team": s.team}
                  for s in spec.seats],
        "options": {**own["options"], **run},
    }


def level_fields(level: str | None, players: int) -> dict[str, Any]:
    """How a replay names the level a match names: its file name (never the path typed, which
    means nothing on another machine or in another folder) and its content hash. A match on
    the default level for its player count names none."""
    if level is None:
        return {"level": None}
    from game.sim import preload      # the level reader: only for a match that names a level
    from game.files.levels import resolve_level
    path = resolve_level(level, players)
    return {"level": path.name, "level_hash": preload.level(path).content_hash}


def bare_level_name(name: str) -> str:
    """The bare file name a header's level is found by: an old replay's typed path "lvl/my.tmx" ->
    "my.tmx" (split at / and at \\); "" for none. Looked up in known folders, never a path followed."""
    bare = PureWindowsPath(name).name
    return "" if bare in (".", "..") else bare


def locate_level(replay: "Replay", given: str | None = None, folder: Path | None = None) -> None:
    """Find the level `replay` was recorded on and set `replay.level_path`, or raise ReplayError.

    Looked for by its file name (levels.find_levels) in the player's levels folder, the shipped
    levels, then `given` (--level FILE, whatever its name) and the replay's own `folder`; the
    first whose content hash is the recorded one is played. A replay from before level hashes
    has none to compare: the first found is played."""
    name = replay.header.get("level")
    if name is None:
        return
    from game.sim import preload
    from game.files.levels import LEVELS_DIR, LevelError, find_levels, user_levels_dir
    bare = bare_level_name(name)
    found = find_levels(bare, (user_levels_dir(), LEVELS_DIR)) if bare else []
    found += [Path(given)] if given and _is_file(Path(given)) else []
    found += find_levels(bare, (folder,)) if bare and folder is not None else []
    if not found:
        raise ReplayError(Notice(N_("the replay's level {name} is not in your levels folder, among the shipped "
                                    "levels or beside the replay: give it with --level FILE"),
                                 name=echo(name, 60)))
    want = replay.header.get("level_hash")
    for path in found:
        try:
            if want is None or preload.level(path).content_hash == want:
                replay.level_path = str(path)
                return
        except LevelError:
            continue     # not a level this game can play: perhaps a later place has the right one
    raise ReplayError(Notice(N_("{path} is not the level this replay was recorded on: its content differs"),
                             path=echo(found[0], 200)))


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _token(command: Command) -> str:
    if command == IDLE:
        return IDLE_TOKEN
    return f"{command.dx},{command.dy},{int(command.pressed)},{int(command.held)}"


class ReplayWriter:
    """Collects commands tick by tick; run-length encodes as it goes."""

    def __init__(self, header: dict[str, Any]) -> None:
        self.header = {"format": FORMAT_VERSION, "game_version": VERSION, **header}
        missing = [k for k in (*HEADER_KEYS, "rules") if k not in self.header]
        if missing:
            raise ValueError(f"replay header lacks {', '.join(missing)}")
        self.seat_count = len(self.header["seats"])
        self._runs: list[list[Any]] = []   # [count, line of tokens]

    def add_tick(self, commands: list[Command]) -> None:
        """Record one tick: one Command per seat, in the header's seat order."""
        if len(commands) != self.seat_count:
            raise ValueError(f"expected {self.seat_count} commands, got {len(commands)}")
        line = " ".join(_token(c) for c in commands)
        if self._runs and self._runs[-1][1] == line:
            self._runs[-1][0] += 1
        else:
            self._runs.append([1, line])

    @property
    def tick_count(self) -> int:
        return sum(run[0] for run in self._runs)

    def text(self) -> str:
        head = f"{MAGIC} {FORMAT_VERSION} {json.dumps(self.header, separators=(',', ':'), sort_keys=True)}"
        return "\n".join([head, *(f"{count} {line}" for count, line in self._runs)]) + "\n"

    def save(self, path: Path) -> None:
        atomic_write_text(Path(path), self.text())


@dataclass
class Replay:
    header: dict[str, Any]
    runs: list[tuple[int, list[Command]]] = field(default_factory=list)
    level_path: str | None = None   # where its level was found (locate_level); None: by the header's name

    @property
    def tick_count(self) -> int:
        return sum(count for count, _ in self.runs)

    def match_spec(self) -> MatchSpec:
        """The MatchSpec the replay was recorded from (seats in header order)."""
        h = self.header
        seats = tuple(SeatSpec(seat=s["seat"], name=s.get("name", f"Player {s['seat'] + 1}"),
                               kind=s.get("kind", "human"), difficulty=s.get("difficulty", "normal"),
                               team=s.get("team")) for s in h["seats"])
        options = games.get(h["game"]).from_header(h, self.level_path or h["level"])
        return MatchSpec(game=h["game"], seats=seats, options=options, seed=h["seed"],
                         speedrun=SpeedrunTag.from_json(h["options"]),
                         schedule=tuple(h.get("schedule", ())))   # none in a replay from before schedules

    def ticks(self) -> Iterator[list[Command]]:
        """Every tick's commands (one per seat), in order."""
        for count, commands in self.runs:
            for _ in range(count):
                yield list(commands)


def read_replay(text: str) -> Replay:
    """Parse and fully validate a replay; raises ReplayError with a one-line message.

    Lines are read one at a time and identical lines share one parsed list, so
    memory follows what the replay says, not how it is padded.
    """
    if len(text) > MAX_REPLAY_BYTES:
        # TRANSLATORS: {size} is an amount with its unit, written your language's way (8 MB, 8 Mo)
        raise ReplayError(Notice(N_("this replay is too long (the limit is {size})"), size=size_text(MAX_REPLAY_BYTES)))
    lines = io.StringIO(text, newline=None)
    first = lines.readline().rstrip("\n")
    if not first.startswith(MAGIC + " "):
        raise ReplayError(Notice(N_("this is not a Sold Out!/Check Out! replay")))
    parts = first.split(" ", 2)
    version = strict_int(parts[1], 0, 1 << 31) if len(parts) == 3 else None
    if version is None:
        raise ReplayError(Notice(DAMAGED_HEADER))
    if version != FORMAT_VERSION:
        raise ReplayError(Notice(N_("replay format {version} is not supported (this game reads format {ours})"),
                                 version=version, ours=FORMAT_VERSION))
    header = _parse_header(parts[2])
    seats = len(header["seats"])
    replay = Replay(header)
    parsed: dict[str, list[Command]] = {}
    total = blank = 0
    for number, line in enumerate(lines, start=2):
        if not line.strip():
            blank += 1
            if blank > MAX_BLANK_LINES:
                raise ReplayError(Notice(N_("replay line {line} is damaged (blank)"), line=number))
            continue
        count, commands = _parse_run(line, number, seats, parsed)
        replay.runs.append((count, commands))
        total += count
        if total > MAX_TICKS:
            raise ReplayError(Notice(TOO_LONG, line=number))
    return replay


def _parse_header(raw: str) -> dict[str, Any]:
    try:
        header = parse_json(raw, "header")
    except UntrustedError:
        raise ReplayError(Notice(DAMAGED_HEADER)) from None
    if not isinstance(header, dict):
        raise ReplayError(Notice(DAMAGED_HEADER))
    if header.get("game_version") != VERSION:
        raise ReplayError(Notice(N_("this replay was made with version {theirs}, this is {ours}"),
                                 theirs=echo(header.get("game_version"), 40), ours=VERSION))
    missing = [k for k in HEADER_KEYS if k not in header]
    if missing:
        raise ReplayError(Notice(DAMAGED_HEADER_BECAUSE, why=f"no {missing[0]}"))
    try:
        schema.validate(header, HEADER_SCHEMA)
    except schema.SchemaError as exc:
        raise ReplayError(Notice(DAMAGED_HEADER_BECAUSE, why=str(exc))) from None
    game = games.find(header["game"])
    if game is None:
        raise ReplayError(Notice(DAMAGED_HEADER_BECAUSE,
                                 why=f"game: must be one of {', '.join(games.keys())}, not {echo(header['game'], 16)!r}"))
    _check_modes(game, header)
    if len(header["seats"]) < game.min_seats:
        raise ReplayError(Notice(DAMAGED_HEADER_BECAUSE, why=f"{game.key} needs {game.min_seats} seats or more"))
    if "level_hash" in header and (header["level"] is None or bare_level_name(header["level"]) != header["level"]
                                   or not header["level"]):
        raise ReplayError(Notice(DAMAGED_HEADER_BECAUSE, why="its level must be a bare file name"))
    refusal = _rules_refusal(game, header)
    if refusal is not None:
        raise ReplayError(Notice(refusal))
    return header


def _rules_refusal(game: games.Game, header: dict[str, Any]) -> str | None:
    """Why a validated header's rules revision cannot be replayed here (an N_ message), or None."""
    revision = header.get("rules", 1)
    if revision > game.rules_revision:
        return NEWER_RULES
    if revision == game.rules_revision or (revision in game.solo_unchanged and len(header["seats"]) == 1):
        return None
    return game.older_rules.get(revision, NEWER_RULES)


def _check_modes(game: games.Game, header: dict[str, Any]) -> None:
    """The match's mode and every recorded round's are modes the game has (a mode registered later
    counts too), and the schedule has one per round."""
    for mode, known in ((header["mode"], game.modes()), *((m, game.round_modes()) for m in header.get("schedule", ()))):
        if mode not in known:
            raise ReplayError(Notice(DAMAGED_HEADER_BECAUSE, why=f"mode {echo(mode, 16)!r} is not a {game.key} mode"))
    if len(header.get("schedule", ())) not in (0, header["rounds"]):
        raise ReplayError(Notice(DAMAGED_HEADER_BECAUSE, why="its schedule does not have one mode per round"))


def _parse_run(line: str, number: int, seats: int, parsed: dict[str, list[Command]]) -> tuple[int, list[Command]]:
    count_text, _, rest = line.strip().partition(" ")
    count = strict_int(count_text, 1, 1 << 62)
    if count is None:
        raise ReplayError(Notice(DAMAGED_LINE, line=number))
    if count > MAX_TICKS:
        raise ReplayError(Notice(TOO_LONG, line=number))
    commands = parsed.get(rest)
    if commands is None:
        tokens = rest.split()
        if len(tokens) != seats:
            raise ReplayError(Notice.ngettext("replay line {line} has {n} seat, the header has {seats}",
                                              "replay line {line} has {n} seats, the header has {seats}",
                                              len(tokens), line=number, seats=seats))
        commands = parsed[rest] = [_parse_token(t, number) for t in tokens]
    return count, commands


def _parse_token(token: str, number: int) -> Command:
    if token == IDLE_TOKEN:
        return IDLE
    values = token.split(",")
    read = [strict_int(v, -(1 << 62), 1 << 62) for v in values] if len(values) == 4 else [None]
    numbers = [n for n in read if n is not None]
    if len(numbers) != 4:
        raise ReplayError(Notice(DAMAGED_LINE, line=number))
    dx, dy, pressed, held = numbers
    if not (-STICK_MAX <= dx <= STICK_MAX and -STICK_MAX <= dy <= STICK_MAX
            and 0 <= pressed <= BUTTON_MASK and 0 <= held <= BUTTON_MASK):
        raise ReplayError(Notice(N_("replay line {line} has a value out of range"), line=number))
    return Command(dx, dy, Button(pressed), Button(held))


def to_code(text: str) -> str:
    """A whole replay as one copy-pasteable line: prefix, compressed body, checksum."""
    body = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    return f"{CODE_PREFIX}{body}.{zlib.crc32(text.encode('utf-8')):08x}"


def from_code(code: str) -> str:
    """The replay text inside a run code; ReplayError if it is not one or was damaged."""
    if len(code) > MAX_CODE_CHARS:
        # TRANSLATORS: {size} is an amount with its unit, written your language's way (8 MB, 8 Mo)
        raise ReplayError(Notice(N_("this run code is too long (the limit is {size})"), size=size_text(MAX_CODE_CHARS)))
    code = "".join(code.split())  # chat apps and terminals wrap long lines
    if not code.startswith(CODE_PREFIX):
        raise ReplayError(Notice(N_("this is not a run code (it should start with SOCO1-)")))
    body, _, checksum = code[len(CODE_PREFIX):].rpartition(".")
    try:
        raw = inflate(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), MAX_REPLAY_BYTES, zlib.MAX_WBITS)
        text = raw.decode("utf-8")
    except UntrustedError as exc:
        raise ReplayError(Notice(N_("this run code is damaged ({why})"), why=message_of(exc))) from None
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ReplayError(Notice(N_("this run code is damaged (check it was copied whole)"))) from None
    if f"{zlib.crc32(raw):08x}" != checksum.lower():
        raise ReplayError(Notice(N_("this run code is damaged (checksum mismatch)")))
    return text
