"""Player settings (volume, display, accessibility), kept in settings.json."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from game.text.notice import N_, Notice, join
from game.files.schema import SchemaError
from game.speedrun.address import host_problem
from game.files.register import SETTING_CHECKS, SETTINGS
from game.files.userfiles import merged

FILE_NAME = SETTINGS.relative()
VERSION = SETTINGS.version


@dataclass
class Settings:
    volume: float = 0.8          # 0.0-1.0, volume of the sound effects
    fullscreen: bool = False
    colourblind: bool = False    # extra shape/pattern cues on top of the Okabe-Ito colours
    screen_shake: bool = True
    reduced_motion: bool = False  # a level's ambient life (escalators, fountains, bunting...) stands still
    ui_scale: float = 1.0        # UI_SCALE_MIN..UI_SCALE_MAX
    show_fps: bool = False
    music_volume: float = 0.6    # 0.0-1.0, the music and jingles, apart from the effects
    rumble: str = "low"          # RUMBLE_LEVELS: how hard your own pad rumbles at your own events
    nintendo_swap: bool = False  # Nintendo pads: confirm with the bottom button instead of A
    livesplit: bool = False      # speedruns drive the runner's LiveSplit (game.scenes.speedrun.link)
    livesplit_link: str = "tcp"  # LIVESPLIT_LINKS: LiveSplit's TCP server, or LiveSplit One connecting to the game
    livesplit_host: str = "localhost"   # where LiveSplit's TCP server is
    livesplit_port: int = 16834  # its port, or the port the game opens for LiveSplit One
    livesplit_others: bool = False      # LiveSplit One may connect from other devices (else this computer only)
    language: str = ""           # "" until chosen: the game follows the system locale (game/text/i18n.py)

    def __post_init__(self) -> None:
        # Not fields (never saved as settings): the file as read, whose keys this version does not know
        # survive a save, and whether a newer game wrote it (then it is never overwritten).
        self.raw: dict[str, Any] | None = None
        self.newer = False

    @classmethod
    def load(cls) -> tuple["Settings", str | None]:
        """Read settings.json; unknown keys are kept for the next save, bad values fall back to defaults.

        A file from a newer version of the game is left untouched (and never saved over) this session."""
        loaded = SETTINGS.load({})
        settings = cls()
        settings.raw, settings.newer = loaded.raw, loaded.newer
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
        if self.newer:
            return None   # the newer game's file stays as it is; these settings last this session
        return SETTINGS.try_save(merged(self.raw, {**asdict(self), "version": VERSION}))


def _valid(name: str, value: object) -> object | None:
    """The value if it is acceptable for setting `name` (its check in the register, and for the
    LiveSplit host the link's own: a name a connection can use), else None."""
    check = SETTING_CHECKS.get(name)
    if check is None:
        return None
    try:
        check(value, name)
    except SchemaError:
        return None
    if name == "livesplit_host" and (not isinstance(value, str) or host_problem(value) is not None):
        return None
    # Numbers are floats in the game (a file may say 1 for 1.0); bool is refused by the check.
    return float(value) if isinstance(_DEFAULTS.get(name), float) else value  # type: ignore[arg-type]


_DEFAULTS = asdict(Settings())
