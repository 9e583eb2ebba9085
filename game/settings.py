"""Player settings (volume, display, accessibility), kept in settings.json."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from game import schema
from game.i18n import LANGUAGES
from game.notice import N_, Notice, join
from game.speedrun.address import host_problem
from game.userfiles import load_checked, merged, try_save_json

FILE_NAME = "settings.json"
VERSION = 1
UI_SCALE_MIN = 0.75
UI_SCALE_MAX = 1.5
RUMBLE_LEVELS = ("off", "low", "high")
# The file as a whole; each setting is checked on its own below so one bad value costs only itself.
FILE_SCHEMA = schema.table({"version": schema.integer(0, 1 << 31)})


@dataclass
class Settings:
    volume: float = 0.8          # 0.0-1.0, volume of the sound effects
    fullscreen: bool = False
    colourblind: bool = False    # extra shape/pattern cues on top of the Okabe-Ito colours
    screen_shake: bool = True
    ui_scale: float = 1.0        # UI_SCALE_MIN..UI_SCALE_MAX
    show_fps: bool = False
    music_volume: float = 0.6    # 0.0-1.0, the music and jingles, apart from the effects
    rumble: str = "low"          # RUMBLE_LEVELS: how hard your own pad rumbles at your own events
    nintendo_swap: bool = False  # Nintendo pads: confirm with the bottom button instead of A
    livesplit: bool = False      # speedruns drive the runner's LiveSplit (its TCP server)
    livesplit_host: str = "localhost"
    livesplit_port: int = 16834
    language: str = ""           # "" until chosen: the game follows the system locale (game/i18n.py)

    @classmethod
    def load(cls) -> tuple["Settings", str | None]:
        """Read settings.json; unknown keys are kept for the next save, bad values fall back to defaults.

        A file from a newer version of the game is left untouched (and never saved over) this session."""
        loaded = load_checked(FILE_NAME, {}, FILE_SCHEMA, VERSION)
        settings = cls()
        settings._raw, settings._newer = loaded.raw, loaded.newer
        data, warning = loaded.data, loaded.warning
        if not isinstance(data, dict):
            return settings, join(warning, Notice(N_("{file} is not a table of settings; using defaults"), file=FILE_NAME))
        bad: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value = _valid(f.name, data[f.name])
            if value is None:
                bad.append(f.name)
            else:
                setattr(settings, f.name, value)
        if bad:
            # {names}: the keys in settings.json, as the file spells them
            warning = join(warning, Notice.ngettext("{file}: bad value for {names}; using the default",
                                                    "{file}: bad values for {names}; using the defaults",
                                                    len(bad), file=FILE_NAME, names=", ".join(bad)))
        return settings, warning

    def save(self) -> str | None:
        """Write settings.json; returns a one-line warning if it cannot be written (never raises)."""
        if getattr(self, "_newer", False):
            return None   # the newer game's file stays as it is; these settings last this session
        return try_save_json(FILE_NAME, merged(getattr(self, "_raw", None), {**asdict(self), "version": VERSION}))


def _valid(name: str, value: object) -> object | None:
    """The value if it is acceptable for setting `name`, else None."""
    if name in ("fullscreen", "colourblind", "screen_shake", "show_fps", "nintendo_swap", "livesplit"):
        return value if isinstance(value, bool) else None
    if name == "language":
        return value if value == "" or value in LANGUAGES else None
    if name == "rumble":
        return value if value in RUMBLE_LEVELS else None
    if name == "livesplit_host":
        return value if isinstance(value, str) and host_problem(value) is None else None
    if name == "livesplit_port":
        return value if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 65535 else None
    # bool is an int subclass: refuse it for numeric settings.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    if name in ("volume", "music_volume"):
        return value if 0.0 <= value <= 1.0 else None
    if name == "ui_scale":
        return value if UI_SCALE_MIN <= value <= UI_SCALE_MAX else None
    return None

