"""The register of user files: every file the game keeps in the player's data folder, declared once.

Each entry says where the file lives (its folder and the bare names it may have),
its size cap, its schema (checked all the way down before anything uses it) and
what happens when it is damaged; game/files/userfiles.py's `UserFile` reads and writes
it through the one untrusted-file door. Game code touches the user folder only
through these entries (tests/test_user_register.py checks), and the tests check
that each one is covered: a fuzzer seed and a damaged file the whole shell starts
over (tests/hostile.py, tools/fuzz.py) and a kill -9 during its save.

To add a file: declare it here (`one(...)` for a single JSON file; a folder of
files is a `UserFile` with its folder and the pattern of the names in it, as
RUN_CODES), add it to REGISTER, give tests/hostile_samples.py a real one and
tests/hostile.py a damaged case (and a KILL9 save if the game writes it), and
list it in docs/RELIABILITY.md: tests/test_user_register.py checks all but the last.
"""
from __future__ import annotations

from game import levels_dir
from game.files import schema
from game.text import LANGUAGES   # the codes alone: not the translations (Babel) a headless run never says
from game.match.commands import Button
from game.text.notice import N_
from game.files.userfiles import LOGS, SAVE_FAILED, Damage, UserFile

KB, MB = 1 << 10, 1 << 20
MAX_TICKS = 60 * 60 * 60 * 24     # a day of ticks: any time beyond is damage
MAX_SPLITS = 256                  # splits in one run: far above any course
MAX_REAL_MS = 10 ** 12
REPLAY_CAP = 16 * MB              # a 5-round, 6-player match is about 300 KB
RUN_CODE_CAP = 8 * MB
LEVEL_CAP = 16 * MB               # the level reader's own caps are smaller (a map 4 MB, its tileset image more)
SPEEDRUN_SAVE_FAILED = N_("Your speedrun records cannot be saved ({error}): they last this session")

# Bare file names (never paths): what a stored name may look like.
BOARD_NAME = r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,119}"
REPLAY_NAME = r"[A-Za-z0-9][A-Za-z0-9_.-]{0,150}\.replay"
_TICKS = schema.integer(0, MAX_TICKS)
_SPLITS = schema.ascending(_TICKS, MAX_SPLITS)           # cumulative times: a split is a whole number
_REAL = schema.ascending(schema.integer(0, MAX_REAL_MS), MAX_SPLITS)
_FLAGS = schema.array(schema.text(32, pattern=r"[a-z_]{1,32}"), 16)
_DATE = schema.text(40, pattern=r"[0-9T:+.Z-]{0,40}")
_NAMES = schema.array(schema.text(200), MAX_SPLITS)


def one(key: str, name: str, cap: int, schema_: schema.Check, version: int | None, example: object,
        save_failed: str = SAVE_FAILED, written: bool = True) -> UserFile:
    """A single JSON file in the user folder, moved aside when damaged."""
    folder, _, bare = name.rpartition("/")
    return UserFile(key, folder, _escape(bare), cap, Damage.ASIDE, "json", schema_, version, name=bare,
                    made=_escape(bare), save_failed=save_failed, example=example, written=written)


def _escape(name: str) -> str:
    return name.replace(".", r"\.")


# ---------------------------------------------------------------- settings.json
VERSION_FIELD = schema.integer(0, 1 << 31)
UI_SCALE_MIN, UI_SCALE_MAX = 0.75, 1.5
RUMBLE_LEVELS = ("off", "low", "high")
LIVESPLIT_LINKS = ("tcp", "one")   # LiveSplit's TCP server, LiveSplit One (game.scenes.speedrun.link)
# Each setting is checked on its own (Settings.load): one bad value costs only itself.
SETTING_CHECKS: dict[str, schema.Check] = {
    "volume": schema.number(0.0, 1.0), "music_volume": schema.number(0.0, 1.0),
    "ui_scale": schema.number(UI_SCALE_MIN, UI_SCALE_MAX),
    **{flag: schema.boolean() for flag in ("fullscreen", "colourblind", "screen_shake", "reduced_motion", "show_fps",
                                           "nintendo_swap", "livesplit", "livesplit_others")},
    "livesplit_link": schema.text(8, choices=LIVESPLIT_LINKS),
    "rumble": schema.text(8, choices=RUMBLE_LEVELS),
    "language": schema.text(8, choices=("", *LANGUAGES)),
    # The LiveSplit link's own settings; the host is checked as a host name where the link uses it.
    "livesplit_host": schema.text(253, pattern=r"[^\s]{1,253}", min_len=1),
    "livesplit_port": schema.integer(1, 65535),
}
SETTINGS = one("settings", "settings.json", 64 * KB, schema.table({"version": VERSION_FIELD}), 1,
               {"version": 1, "volume": 0.5, "music_volume": 0.4, "ui_scale": 1.25, "fullscreen": False,
                "colourblind": True, "screen_shake": False, "reduced_motion": True, "show_fps": True, "rumble": "high",
                "nintendo_swap": True, "livesplit": True, "livesplit_link": "one", "livesplit_others": True,
                "livesplit_host": "runner-pc.local", "livesplit_port": 16835, "language": "de"})

# ---------------------------------------------------------------- bindings.json
BINDABLE = (Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT, Button.A, Button.B,
            Button.X, Button.Y, Button.LB, Button.RB, Button.START, Button.BACK)
LAYOUTS = ("left", "right")
MAX_KEY_CODE = (1 << 31) - 1      # SDL keycodes are 32-bit (scancode keys have bit 30 set)
MAX_PAD_BUTTON = 63               # SDL game controller buttons are a small enum
BINDABLE_NAMES = tuple(b.name for b in BINDABLE if b.name is not None)   # as the file spells them: "A", "LB"
_KEYS = schema.table({name: schema.integer(0, MAX_KEY_CODE) for name in BINDABLE_NAMES})
BINDINGS = one("bindings", "bindings.json", 64 * KB, schema.nullable(schema.table({
    "version": VERSION_FIELD,
    "keyboard": schema.table({layout: _KEYS for layout in LAYOUTS}),
    "pad": schema.table({name: schema.integer(0, MAX_PAD_BUTTON) for name in BINDABLE_NAMES}),
})), 1, {"version": 1, "keyboard": {"left": {"A": 32, "B": 98}, "right": {"A": 13}}, "pad": {"A": 1, "B": 0}})

# ---------------------------------------------------------------- pad_mappings.json
# SDL's mapping text, as the set-up wizard writes it: "guid,name,a:b0,dpup:h0.1,-lefty:-a1,". Printable
# (a lone surrogate cannot reach SDL), one line, and each field a target and a raw input.
PAD_GUID = r"[0-9a-f]{32}"
PAD_MAPPING = r"[0-9a-f]{32},[^,\n]{1,100},(?:[+-]?[a-z]{1,16}:(?:[+-]?a[0-9]{1,3}~?|b[0-9]{1,3}|h[0-9]{1,2}\.[0-9]{1,2}),){1,40}"
PAD_MAPPINGS = one("pad_mappings", "pad_mappings.json", 256 * KB, schema.satisfies(
    schema.mapping(schema.text(32, pattern=PAD_GUID), schema.text(2000, pattern=PAD_MAPPING), 256),
    lambda data: all(mapping.startswith(guid + ",") for guid, mapping in data.items()),
    "each mapping must start with its pad's GUID"), None,
    {"030000005e0400008e02000010010000": "030000005e0400008e02000010010000,Manette,a:b0,b:b1,dpup:h0.1,-lefty:-a1,"})

# ---------------------------------------------------------------- howto_seen.json
HOWTO_SEEN = one("howto_seen", "howto_seen.json", 16 * KB,
                 schema.array(schema.text(40, pattern=r"[a-z0-9_]{1,40}"), 256), None, ["checkout", "rush"])

# ---------------------------------------------------------------- speedrun.json
RECORDS_VERSION = 1
MAX_RUNS = 1000                   # runs in one list (the game keeps 10)
_RUN_FIELDS = {
    "ticks": schema.nullable(_TICKS), "splits": _SPLITS, "real_splits": _REAL, "names": _NAMES,
    "items": schema.array(schema.text(200), MAX_SPLITS), "flags": _FLAGS,
    "seed": schema.integer(-(1 << 63), 1 << 64), "date": _DATE, "real_ms": schema.number(0, MAX_REAL_MS),
    "complete": schema.boolean(), "reason": schema.nullable(schema.text(500)), "seed_label": schema.text(200),
    "state_hash": schema.text(128), "replay": schema.nullable(schema.text(200, pattern=REPLAY_NAME)),
}
_RUN = schema.table(_RUN_FIELDS)
_PB = schema.table({**_RUN_FIELDS, "ticks": _TICKS}, required=("ticks", "splits"))
_RANKED = schema.table({**_RUN_FIELDS, "ticks": _TICKS}, required=("ticks", "date"))
_BOARD = schema.table({
    "pb": schema.nullable(_PB), "best_segments": schema.array(schema.nullable(_TICKS), MAX_SPLITS),
    "leaderboard": schema.array(_RANKED, MAX_RUNS), "last": schema.array(_RUN, MAX_RUNS),
    "attempts": schema.integer(0, 1 << 53),
})
# Each board is checked on its own (game/speedrun/records.py: Records.load): a damaged one costs only
# itself, never every other board's PBs. Older files (another version number) are set aside; a newer
# one is left alone.
RECORD_BOARD = _BOARD
RECORDS = one("speedrun_records", "speedrun.json", 16 * MB, schema.table(
    {"version": schema.integer(RECORDS_VERSION, RECORDS_VERSION),
     "boards": schema.mapping(schema.text(200), schema.table({}), 100_000)}, required=("version", "boards")),
    RECORDS_VERSION, {"version": 1, "boards": {"rush_solo.set.A": {
        "pb": {"ticks": 900, "splits": [300, 600, 900], "real_splits": [5100, 10200, 15300],
               "names": ["Card 1", "Card 2", "SOLD OUT!"], "flags": [], "seed": 4, "date": "2026-11-30T10:00:00",
               "replay": "rush_solo.set.A-20261130-100000.replay", "real_ms": 15300, "complete": True},
        "best_segments": [290, 300, None], "leaderboard": [{"ticks": 900, "date": "2026-11-30T10:00:00"}],
        "last": [{"ticks": None, "splits": [310], "flags": ["assist"]}], "attempts": 3}}},
    save_failed=SPEEDRUN_SAVE_FAILED, written=False)   # read once, imported into records.sqlite3, kept as it is
RECORD_REPLAYS = UserFile(
    "speedrun_replays", "replays/speedrun", REPLAY_NAME, REPLAY_CAP, Damage.REFUSE, "replay",
    made=r"[A-Za-z0-9_][A-Za-z0-9_.-]*-[0-9]{8}-[0-9]{6}(?:-[0-9]{1,6})?\.replay", save_failed=SPEEDRUN_SAVE_FAILED)

# ---------------------------------------------------------------- records.sqlite3
# The player's records database (game/files/database.py opens it: never read through UserFile.load).
RECORDS_DB = UserFile("records_db", "", r"records\.sqlite3", 64 * MB, Damage.ASIDE, "sqlite",
                      name="records.sqlite3", made=r"records\.sqlite3", save_failed=SPEEDRUN_SAVE_FAILED)

# ---------------------------------------------------------------- speedrun attempt histories
# Older games' histories: read once per board, imported into records.sqlite3 (game.speedrun.attempts),
# kept as they are. The schemas of an attempt, a row, the summary and practice check the database's too.
HISTORY_VERSION = 2
KEEP_LAST = 50                    # the last attempts keep their detail (and their replays)
PRACTICE_KEEP = 20
OUTCOMES = ("finished", "reset", "dnf")
MAX_KEPT = 20_000                 # attempts kept in detail: the last 50, every PB and every gold
ARCHIVE_ROWS = 1000               # compact rows per archive file (about 100 KB)
MAX_TREND = 100_000               # sum-of-best changes (each is a gold)
_ATTEMPT = schema.table({
    "id": schema.integer(1, 1 << 40), "outcome": schema.text(8, choices=OUTCOMES), "ticks": schema.nullable(_TICKS),
    "real_ms": schema.number(0, MAX_REAL_MS), "splits": _SPLITS, "real_splits": _REAL, "names": _NAMES,
    "flags": _FLAGS, "seed": schema.integer(-(1 << 63), 1 << 64), "started": _DATE, "ended": _DATE,
    "pb": schema.boolean(), "golds": schema.array(schema.integer(0, MAX_SPLITS), MAX_SPLITS),
    "reason": schema.nullable(schema.text(500)), "replay": schema.nullable(schema.text(200, pattern=REPLAY_NAME)),
    "comparison": schema.table({"pb": _SPLITS, "best": schema.array(schema.nullable(_TICKS), MAX_SPLITS)}),
}, required=("id", "outcome"))
_ATTEMPTS = schema.ascending(_ATTEMPT, MAX_KEPT, strict=True, key=lambda attempt: attempt["id"])
_PRACTICE = schema.mapping(schema.text(3, pattern=r"[0-9]{1,3}"), schema.array(_TICKS, 1000), MAX_SPLITS)
# A compacted attempt: [id, outcome, ticks or null, real ms, started, flags, splits, real splits].
ROW = schema.row(schema.integer(1, 1 << 40), schema.text(8, choices=OUTCOMES), schema.nullable(_TICKS),
                 schema.nullable(schema.number(0, MAX_REAL_MS)), _DATE, _FLAGS, _SPLITS, _REAL)
_ROWS = schema.ascending(ROW, ARCHIVE_ROWS, strict=True, key=lambda row: row[0])   # by attempt id
_SUMMARY = schema.table({
    "attempts": schema.integer(0, 1 << 40), "finished": schema.integer(0, 1 << 40),
    "last_id": schema.integer(0, 1 << 40), "last_clean": schema.integer(0, 1 << 40),
    # clean finished times: [ticks, how many], one pair per distinct time, ascending
    "times": schema.ascending(schema.row(_TICKS, schema.integer(1, 1 << 40)), MAX_TICKS, strict=True,
                              key=lambda pair: pair[0]),
    "seg_sums": schema.array(schema.integer(0, 1 << 62), MAX_SPLITS),
    "seg_counts": schema.array(schema.integer(0, 1 << 40), MAX_SPLITS),
    "best": schema.array(schema.nullable(_TICKS), MAX_SPLITS),
    # the best segments after each attempt that changed them: [attempt id, best segments]
    "trend": schema.ascending(schema.row(schema.integer(1, 1 << 40), schema.array(schema.nullable(_TICKS), MAX_SPLITS)),
                              MAX_TREND, strict=True, key=lambda point: point[0]),
}, required=("attempts", "finished", "last_id", "last_clean", "times", "seg_sums", "seg_counts", "best", "trend"))
ATTEMPT = _ATTEMPT                 # one attempt in detail, as the records database keeps it too
SUMMARY = _SUMMARY                 # the running summary, as the records database keeps it too
PRACTICE = _PRACTICE               # practice times per segment, as the records database keeps them too
_HISTORY_V1 = schema.table({"version": schema.integer(1, 1), "practice": _PRACTICE, "attempts": _ATTEMPTS},
                           required=("version", "attempts"))
_HISTORY_V2 = schema.table({
    "version": schema.integer(2, 2), "practice": _PRACTICE, "attempts": _ATTEMPTS, "rows": _ROWS,
    "archived": schema.integer(0, 1 << 30), "compacted": schema.integer(0, 1 << 40), "summary": _SUMMARY,
}, required=("version", "attempts", "rows", "archived", "compacted"))
HISTORIES = UserFile(
    "attempt_history", "speedrun_attempts", BOARD_NAME + r"\.json", 8 * MB, Damage.ASIDE, "json",
    schema.versioned({1: _HISTORY_V1, 2: _HISTORY_V2}), HISTORY_VERSION, made=BOARD_NAME + r"\.json",
    save_failed=SPEEDRUN_SAVE_FAILED, written=False, example={
        "version": 2, "practice": {"1": [240, 228]}, "archived": 0, "compacted": 1,
        "rows": [[1, "reset", None, 4100, "2026-11-30T10:00:00+00:00", [], [250], [4100]]],
        "attempts": [{"id": 2, "outcome": "finished", "ticks": 900, "real_ms": 15300, "splits": [300, 600, 900],
                      "real_splits": [5100, 10200, 15300], "names": ["Card 1", "Card 2", "SOLD OUT!"],
                      "flags": [], "seed": 4, "started": "2026-11-30T10:01:00+00:00", "pb": True, "golds": [1, 2],
                      "reason": None, "replay": "rush_solo.set.A-2.replay",
                      "comparison": {"pb": [], "best": [250]}}]})
HISTORY_ARCHIVES = UserFile(
    "attempt_archive", "speedrun_attempts/archive", BOARD_NAME + r"-[0-9]{1,7}\.json", 4 * MB, Damage.ASIDE, "json",
    schema.table({"version": schema.integer(2, 2), "rows": _ROWS}, required=("version", "rows")), HISTORY_VERSION,
    made=BOARD_NAME + r"-[0-9]{1,7}\.json", save_failed=SPEEDRUN_SAVE_FAILED, written=False, example={
        "version": 2, "rows": [[1, "finished", 950, 16000, "2026-11-29T10:00:00+00:00", ["assist"],
                                [310, 640, 950], [5200, 10700, 16000]]]})
ATTEMPT_REPLAYS = UserFile(
    "attempt_replays", "replays/speedrun/attempts", REPLAY_NAME, REPLAY_CAP, Damage.REFUSE, "replay",
    made=BOARD_NAME + r"-[0-9]{1,13}\.replay", save_failed=SPEEDRUN_SAVE_FAILED)

# ---------------------------------------------------------------- runs to watch, the player's and the game's
RUN_CODES = UserFile("run_codes", "runcodes", BOARD_NAME + r"\.txt", RUN_CODE_CAP, Damage.REFUSE, "run code",
                     made=BOARD_NAME + r"\.txt")
# Replays and run codes the player puts in replays/ to watch: any name of theirs (never written or deleted).
PLAYER_REPLAYS = UserFile("player_replays", "replays", r"[^/\\\x00-\x1f\x7f]{1,200}\.(?:replay|rep|txt)",
                          REPLAY_CAP, Damage.REFUSE, "replay or run code", written=False)

# ---------------------------------------------------------------- written, never read back
SPLITS_EXPORTS = UserFile("splits_exports", "splits", BOARD_NAME + r"\.lss", 64 * MB, Damage.REFUSE, "LiveSplit splits",
                          made=BOARD_NAME + r"\.lss", read=False, save_failed=SPEEDRUN_SAVE_FAILED)
# The stats as CSV (game/stats/export.py), for a spreadsheet: every match's seats, and each subject's stats.
STATS_CSV = r"(?:matches|players|head_to_head)\.csv"
STATS_EXPORTS = UserFile("stats_exports", "stats", STATS_CSV, 64 * MB, Damage.REFUSE, "CSV", made=STATS_CSV, read=False,
                         save_failed=N_("The stats cannot be exported ({error})"))
# The logs live in the platform's log folder (userfiles.log_dir; `logs/` under SOLDOUT_USER_DIR).
ERROR_LOG = UserFile("error_log", LOGS, r"error\.log", 1 * MB, Damage.REFUSE, "text", name="error.log",
                     made=r"error\.log", read=False)
# The warnings and errors of the sessions that had any (game/files/logfile.py), never printed on the terminal:
# game.log the newest, game.1.log the one before, up to game.{LOG_SESSIONS - 1}.log.
LOG_SESSIONS = 5
GAME_LOG = UserFile("game_log", LOGS, rf"game(?:\.[1-{LOG_SESSIONS - 1}])?\.log", 256 * KB, Damage.REFUSE, "text",
                    name="game.log", made=rf"game(?:\.[1-{LOG_SESSIONS - 1}])?\.log", read=False)

# ---------------------------------------------------------------- the player's own levels
# Levels the player keeps (the lobby lists them each time it opens), each with its tileset and image
# beside it: also found by --level NAME, --check-level NAME and a replay of one. Listed and located
# through this entry (names(), located(): a name it takes, never a link out of the folder), then read
# by the level reader (game/files/level_files.py: its own caps per kind of file, a level's files kept to its
# folder, its own broken and fuzzed levels), not by read_bytes. At most levels.MAX_USER_LEVELS are
# listed. Made at start (app.make_context) so a player finds it; never written.
# A levels folder that is a link (kept with the player's Tiled projects) is followed, for reading only.
PLAYER_LEVELS = UserFile("player_levels", "levels", r"[^/\\\x00-\x1f\x7f]{1,200}\.(?:tmx|tsx|png)", LEVEL_CAP,
                         Damage.REFUSE, "level", written=False, follows_links=True)

# ---------------------------------------------------------------- career progress
# One file per challenge, as older games kept the career (game/career/progress.py): its stars, each
# backed by the replay that earned it. Read once, imported into records.sqlite3, kept as it is (a
# backup); a damaged one is moved aside at the import and costs that challenge's stars alone.
PROGRESS_VERSION = 1
CHALLENGE_FILE = r"[a-z][a-z0-9_]{0,39}\.json"
CAREER_PROGRESS = UserFile(
    "career_progress", "career", CHALLENGE_FILE, 4 * MB, Damage.ASIDE, "json", schema.table({
        "version": schema.integer(PROGRESS_VERSION, PROGRESS_VERSION),
        "challenge": schema.text(40, pattern=r"[a-z][a-z0-9_]{0,39}"),
        "runs": schema.array(schema.table({
            "stars": schema.array(schema.integer(0, 2), 3, min_len=1, unique=lambda star: star),
            # lines of text, read by the replay reader (game/driver/replay.py) when the stars are re-judged
            "replay": schema.satisfies(schema.anything(), lambda text: isinstance(text, str) and 0 < len(text) < 4 * MB,
                                       "expected a replay's text"),
        }, required=("stars", "replay"), max_extra=0), 3, min_len=1),
    }, required=("version", "challenge", "runs")), PROGRESS_VERSION, made=CHALLENGE_FILE,
    save_failed=N_("Your career progress cannot be saved ({error}): it lasts this session"), written=False,
    example={"version": 1, "challenge": "first_rush", "runs": [{"stars": [0, 2], "replay": "replay text"}]})

# The levels folder as a Tiled project (game/files/level_kit.py): at start the game writes the tileset,
# its image, the project and its object types there, and the templates in levels/templates/, where they
# are missing or an older version of the game wrote them (a file without the game's mark is the player's:
# read to see whose it is, never written over). Listed before PLAYER_LEVELS, whose names they also fit.
_TILESETS = "|".join(sorted(path.stem for path in levels_dir().glob("*.tsx")))     # each theme's: mall, outlet...
KIT_NAMES = rf"(?:{_TILESETS})\.(?:tsx|png)|sold_out\.tiled-project|objecttypes\.xml"
LEVEL_KIT = UserFile("level_kit", "levels", KIT_NAMES, LEVEL_CAP, Damage.REFUSE, "Tiled project file", made=KIT_NAMES)
LEVEL_TEMPLATES = UserFile("level_templates", "levels/templates", r"[a-z_]{1,40}\.tx", 64 * KB, Damage.REFUSE,
                           "Tiled object template", made=r"[a-z_]{1,40}\.tx")

REGISTER: tuple[UserFile, ...] = (
    RECORDS_DB, SETTINGS, BINDINGS, PAD_MAPPINGS, HOWTO_SEEN, RECORDS, RECORD_REPLAYS, HISTORIES, HISTORY_ARCHIVES,
    ATTEMPT_REPLAYS, RUN_CODES, PLAYER_REPLAYS, SPLITS_EXPORTS, STATS_EXPORTS, ERROR_LOG, GAME_LOG, LEVEL_KIT, LEVEL_TEMPLATES,
    PLAYER_LEVELS, CAREER_PROGRESS,
)


def entry_for(relative: str) -> UserFile | None:
    """The entry a user-folder path ("speedrun_attempts/rush.set.A.json") belongs to, if any."""
    return next((entry for entry in REGISTER if entry.owns(relative)), None)
