"""Music: one looping track per kind of scene, streamed, and short jingles over it.

assets/music/music.toml says which scene plays which track and which sound
effects bring a jingle. The track follows the top-most scene the table names,
so a pause menu keeps the music of the game under it. Music has its own
volume, apart from the effects.

Where there is no audio device, or the SDL audio driver is "dummy" (tests,
screenshots, benches), music is off entirely: nothing is loaded or decoded.
The pygame calls sit behind a small backend so the logic is testable there.
"""
from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Protocol

from game.data import asset

MUSIC_DIR = asset("music")
CONFIG = MUSIC_DIR / "music.toml"
TICK_SECONDS = 1 / 60

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MusicTable:
    scenes: dict[str, str] = field(default_factory=dict)     # scene name -> track
    jingles: dict[str, str] = field(default_factory=dict)    # effect name -> jingle
    duck: float = 0.25
    fade_ms: int = 400

    @classmethod
    def load(cls, path: Path = CONFIG) -> "MusicTable":
        """The table, or an empty one (no music) if the file is missing or broken: logged once."""
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            mix = data.get("mix", {})
            return cls(dict(data.get("scenes", {})), dict(data.get("jingles", {})),
                       float(mix.get("duck", 0.25)), int(mix.get("fade_ms", 400)))
        except (OSError, tomllib.TOMLDecodeError, TypeError, ValueError) as exc:
            log.warning("no music: %s: %s", path.name, exc)
            return cls()


class Backend(Protocol):
    def play_track(self, path: Path, fade_ms: int) -> None: ...
    def stop_track(self) -> None: ...
    def set_track_volume(self, volume: float) -> None: ...
    def play_jingle(self, path: Path, volume: float) -> float: ...   # returns its length in seconds


class PygameBackend:
    """pygame.mixer.music streams the track; a jingle is a Sound on a channel of its own."""

    def __init__(self) -> None:
        import pygame
        self.pygame = pygame
        self._jingles: dict[Path, "pygame.mixer.Sound"] = {}

    def play_track(self, path: Path, fade_ms: int) -> None:
        music = self.pygame.mixer.music
        music.load(str(path))
        music.play(loops=-1, fade_ms=fade_ms)

    def stop_track(self) -> None:
        self.pygame.mixer.music.fadeout(200)

    def set_track_volume(self, volume: float) -> None:
        self.pygame.mixer.music.set_volume(volume)

    def play_jingle(self, path: Path, volume: float) -> float:
        sound = self._jingles.get(path)
        if sound is None:
            sound = self._jingles[path] = self.pygame.mixer.Sound(str(path))
        sound.set_volume(volume)
        sound.play()
        return sound.get_length()


class Music:
    """Chooses, starts and mixes the music; `update()` once per tick."""

    def __init__(self, volume: float, backend: Backend | None, table: MusicTable | None = None) -> None:
        self.volume = _clamp(volume)
        self.backend = backend
        self.table = table if table is not None else MusicTable.load()
        self.track: str | None = None
        self.duck_ticks = 0
        self._broken: list[str] = []

    @property
    def enabled(self) -> bool:
        return self.backend is not None

    def track_for(self, scenes: Iterable[object]) -> str | None:
        """The track of the top-most scene that has one (a scene's own `music` wins over the table)."""
        for scene in reversed(list(scenes)):
            track = getattr(scene, "music", None) or self.table.scenes.get(getattr(scene, "name", ""))
            if track:
                return track
        return None

    def follow(self, scenes: Iterable[object]) -> None:
        """Play the track the stack asks for (nothing new if it is already playing)."""
        if self.backend is None:
            return
        track = self.track_for(scenes)
        if track == self.track:
            return
        self.track = track
        try:
            if track is None:
                self.backend.stop_track()
                return
            self.backend.play_track(MUSIC_DIR / f"{track}.ogg", self.table.fade_ms)
            self._apply_volume()
        except Exception as exc:   # a missing or unreadable file: the game goes on without it
            self._warn(track or "", exc)

    def effect_played(self, effect: str) -> None:
        """A sound effect just played: its jingle (if any) plays over the ducked music."""
        jingle = self.table.jingles.get(effect)
        if self.backend is None or jingle is None or self.volume <= 0.0 or self.duck_ticks > 0:
            return
        try:
            seconds = self.backend.play_jingle(MUSIC_DIR / f"{jingle}.ogg", self.volume)
        except Exception as exc:
            self._warn(jingle, exc)
            return
        self.duck_ticks = max(1, round(seconds / TICK_SECONDS))
        self._apply_volume()

    def update(self) -> None:
        if self.duck_ticks > 0:
            self.duck_ticks -= 1
            if self.duck_ticks == 0:
                self._apply_volume()

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)
        self._apply_volume()

    def level(self) -> float:
        """What the track plays at now: the music volume, lower under a jingle."""
        return self.volume * (self.table.duck if self.duck_ticks > 0 else 1.0)

    def _apply_volume(self) -> None:
        if self.backend is not None:
            try:
                self.backend.set_track_volume(self.level())
            except Exception as exc:
                self._warn("volume", exc)

    def _warn(self, what: str, exc: Exception) -> None:
        if what not in self._broken:
            self._broken.append(what)
            log.warning("music %s: %s", what, exc)


def _clamp(volume: float) -> float:
    return max(0.0, min(1.0, float(volume)))
