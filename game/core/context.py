"""What every scene receives: the services of the running game, passed in (no globals)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Protocol, Sequence

from game import TICK_RATE
from game.evening.tonight import Evening
from game.match.record import MatchRecord
from game.match.seats import LobbySeat
from game.match.spec import GameOptions
from game.core.stack import SceneStack

if TYPE_CHECKING:
    from game.core.scene import Scene
    from game.core.transition import SceneFade
    from game.input.bindings import Bindings
    from game.input.manager import InputManager
    from game.render.ui import UI
    from game.core.settings import Settings

TOAST_SECONDS = 4.0


class Sounds(Protocol):
    """What scenes and the loop ask of the game's audio (game.core.audio.Audio)."""

    def play(self, name: str) -> None: ...
    def update(self, scenes: Sequence[Scene]) -> None: ...
    def set_volume(self, volume: float) -> None: ...
    def set_music_volume(self, volume: float) -> None: ...
    def preload(self) -> Iterator[None]: ...


class Silence:
    """Sounds that play nothing: rehearsals and the attract loop's demos are not heard."""

    def play(self, name: str) -> None:
        return None

    def update(self, scenes: Sequence[Scene]) -> None:
        return None

    def set_volume(self, volume: float) -> None:
        return None

    def set_music_volume(self, volume: float) -> None:
        return None

    def preload(self) -> Iterator[None]:
        return iter(())


@dataclass(slots=True)
class Toast:
    text: str
    ticks_left: int
    total: int
    count: int = 1          # the same message said again while it was showing or waiting


class Toasts:
    """Short messages (warnings, a pulled pad) in one queue: SHOWN at a time, drawn in the top
    scene's toast zone (Scene.toast_zone: never over a player's panel, a timer or a score); the
    rest wait their turn. A message said again while showing or waiting is merged into it (its
    time starts again, and it says how many times). `pinned` is a standing prompt drawn first
    (a new controller waiting to be set up), set every tick by whoever owns it."""

    SHOWN = 2

    def __init__(self) -> None:
        self.items: list[Toast] = []
        self.shown_once: set[str] = set()
        self.pinned: str | None = None

    def show(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        ticks = max(1, int(seconds * TICK_RATE))
        for toast in self.items:
            if toast.text == text:
                toast.count += 1
                toast.ticks_left = toast.total = max(toast.ticks_left, ticks)
                return
        self.items.append(Toast(text, ticks, ticks))

    def show_once(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        """Show `text` only the first time this session (a problem that repeats on every save)."""
        if text not in self.shown_once:
            self.shown_once.add(text)
            self.show(text, seconds)

    def update(self) -> None:
        """Only the messages showing count down; the ones waiting keep their whole time."""
        for toast in self.showing():
            toast.ticks_left -= 1
        self.items = [t for t in self.items if t.ticks_left > 0]

    def showing(self) -> list[Toast]:
        """The messages on screen now: the oldest SHOWN (one fewer under a pinned prompt)."""
        return self.items[:self.SHOWN - (1 if self.pinned else 0)]

    def texts(self) -> list[str]:
        """Every message showing or waiting, oldest first."""
        return [t.text for t in self.items]


@dataclass
class LobbyChoices:
    """The lobby's choices, kept across matches: the game, the seed, and each game's own options
    (its GameOptions, which its game object turns to and from the lobby's rows), so switching
    games in the lobby keeps each game's last choices."""

    game: str = ""          # a game's key; "" until the lobby opens: the first game in menu order
    seed: int = 0           # 0 until the lobby opens and draws one (it draws from 1 up)
    by_game: dict[str, GameOptions] = field(default_factory=dict)   # a game not yet chosen: its lobby_options()


@dataclass
class Context:
    stack: SceneStack
    input: "InputManager"
    settings: "Settings"
    bindings: "Bindings"
    audio: Sounds
    ui: "UI"
    screen_size: tuple[int, int] = (1280, 720)
    seats: list[LobbySeat] = field(default_factory=list)   # the lobby's table, kept across matches
    lobby: LobbyChoices = field(default_factory=LobbyChoices)   # the lobby's last choices
    toasts: Toasts = field(default_factory=Toasts)
    bot_takeovers: list[int] = field(default_factory=list)  # seats a bot took over after a pad was lost
    record_path: str | None = None   # --record FILE: the game scene saves the next match's replay there
    # The career: the game scene hands the next match's replay text here when it is over (once).
    record_to: Callable[[str], None] | None = None
    quit_requested: bool = False
    # Who hears of each match played in the window when it ends (the stats, the evening): see finished_match.
    match_listeners: list[Callable[[MatchRecord], None]] = field(default_factory=list)
    evening: Evening = field(default_factory=Evening)   # tonight's matches (game.evening.store.attach keeps them)
    livesplit_address: tuple[str, int] | None = None   # --livesplit HOST:PORT (overrides the settings)
    livesplit: Any = None                              # the live LiveSplit link (game.scenes.speedrun.link)
    tick: int = 0                                           # ticks since start (animations)
    fade: "SceneFade | None" = None                         # the fade between scenes (app.draw)
    # The app installs this so the settings screen can switch fullscreen live.
    apply_display: Callable[["Settings"], None] = lambda settings: None

    def toast(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        self.toasts.show(text, seconds)

    def save_warning(self, warning: str | None) -> None:
        """A user file could not be saved: say so once a session (the change still applies)."""
        if warning:
            self.toasts.show_once(warning, seconds=8)

    def finished_match(self, record: MatchRecord) -> None:
        """A real match in the window is over (never a demo, a replay or a rehearsal): tell the records."""
        for listener in list(self.match_listeners):
            listener(record)

    def sound(self, name: str) -> None:
        self.audio.play(name)

    def sandbox(self) -> Context:
        """A context sharing the game's caches (UI, settings, input) but nothing a scene in it could
        change: its own scene stack (nobody applies or draws it), silence, no lobby, toasts, bot
        take-overs or record path. Rehearsals and the attract loop's demos run in one."""
        return dataclasses.replace(self, stack=SceneStack(), audio=Silence(), seats=[], lobby=LobbyChoices(), toasts=Toasts(),
                                   bot_takeovers=[], record_path=None, record_to=None, quit_requested=False,
                                   match_listeners=[])

    def quit(self) -> None:
        self.quit_requested = True
