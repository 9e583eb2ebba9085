"""Music: a track for each setting, two minutes or more each, that rises as a round nears its
end, jingles that cut in on the beat, and a duck under the sounds that matter.

- Which track: the top-most scene on the stack that names music, by its name in
  assets/music/music.toml or by its own `music_cue()` (game/music/cues.py: the mall and the
  dice table, read from what the players can see). A pause menu over a game keeps its music.
- What plays when: game/music/director.py, a pure state machine that plans the music beat
  by beat (drive layer, jingles, track changes), and game/music/render.py, which cuts the
  beats from the decoded audio. game/music/mixer.py queues them on one mixer channel.
- Music has its own volume; at 0 nothing plays. Where there is no audio device, or the SDL
  audio driver is "dummy" (tests, screenshots, benches), music is off: nothing is loaded.
"""
from __future__ import annotations

from typing import Iterable, Protocol

from game.music.catalogue import Catalogue, MusicTable
from game.music.cues import Cue
from game.music.director import Director

TICK_RATE = 60
DUCK_ATTACK_TICKS = 4


class Player(Protocol):
    """What plays the director's pieces (game.music.mixer.Mixer; a fake in tests)."""

    def pump(self, director: Director) -> None: ...
    def prepare(self, names: list[str]) -> None: ...
    def set_level(self, level: float) -> None: ...
    def stop(self, director: Director) -> None: ...


class Scored(Protocol):
    """A scene as the music sees it (game.core.scene.Scene): its name, the music table's key, and
    the cue it asks for itself."""

    name: str

    def music_cue(self) -> Cue | None: ...


class Duck:
    """The music's level under an effect: down in a few ticks, held, then back up."""

    def __init__(self, hold_ticks: int) -> None:
        self.hold = max(1, hold_ticks)
        self.depth = 1.0
        self.start = 1.0
        self.age: int | None = None

    def dip(self, depth: float) -> None:
        now = self.factor()
        if depth < 1.0:
            self.start, self.depth, self.age = now, min(depth, now), 0

    def tick(self) -> None:
        if self.age is not None:
            self.age += 1
            if self.age >= DUCK_ATTACK_TICKS + 2 * self.hold:
                self.age = None

    def factor(self) -> float:
        age = self.age
        if age is None:
            return 1.0
        if age < DUCK_ATTACK_TICKS:
            return self.start + (self.depth - self.start) * (age + 1) / DUCK_ATTACK_TICKS
        if age < DUCK_ATTACK_TICKS + self.hold:
            return self.depth
        return self.depth + (1.0 - self.depth) * (age - DUCK_ATTACK_TICKS - self.hold) / self.hold


class Music:
    """Chooses and mixes the music; `follow(scenes)` and `update()` once per tick."""

    def __init__(self, volume: float, player: Player | None, table: MusicTable | None = None,
                 catalogue: Catalogue | None = None) -> None:
        self.volume = _clamp(volume)
        self.player = player
        self.table = table if table is not None else MusicTable.load()
        self.catalogue = catalogue if catalogue is not None else Catalogue.load()
        self.director = Director(self.catalogue.tracks, self.catalogue.jingles, self.table.enter)
        self.duck = Duck(round(self.table.duck_seconds * TICK_RATE))
        self._prepared: str | None = None

    @property
    def enabled(self) -> bool:
        return self.player is not None

    @property
    def track(self) -> str | None:
        """The track the game wants now."""
        return self.director.target

    def choose(self, scenes: Iterable[Scored]) -> Cue | None:
        """What the top-most scene with music asks for: a track named for the scene in the
        table (with the scene's own intensity, if it gives a cue), or the scene's own cue."""
        for scene in reversed(list(scenes)):
            named = self.table.scenes.get(scene.name)
            cue = scene.music_cue()
            if named is not None:
                return Cue(named, cue.intensity if cue is not None else 0.0)
            if cue is not None:
                return cue
        return None

    def follow(self, scenes: Iterable[Scored]) -> None:
        """Tell the director what the stack wants; keep the mixer fed."""
        if self.player is None or self.volume <= 0.0:
            return
        cue = self.choose(scenes)
        track = cue.track if cue else None
        self.director.want(track, cue.intensity if cue else 0.0)
        self.player.pump(self.director)
        if track is not None and track != self._prepared:
            self._prepared = track
            self.player.prepare(self.table.prepare.get(track, []))

    def effect_played(self, effect: str) -> None:
        """A sound effect just played: its jingle cuts in on the next beat; the music ducks under it."""
        if self.player is None or self.volume <= 0.0:
            return
        jingle = self.table.jingles.get(effect)
        if jingle is not None:
            self.director.cue_jingle(jingle)
        depth = self.table.duck.get(effect)
        if depth is not None:
            self.duck.dip(depth)
            self._apply_level()

    def update(self) -> None:
        self.duck.tick()
        self._apply_level()

    def set_volume(self, volume: float) -> None:
        """The music's own volume (0: silent, nothing plays)."""
        self.volume = _clamp(volume)
        if self.player is not None and self.volume <= 0.0:
            self.player.stop(self.director)
        self._apply_level()

    def level(self) -> float:
        """What the music plays at now: its volume, lower for a moment under some effects."""
        return self.volume * self.duck.factor()

    def _apply_level(self) -> None:
        if self.player is not None:
            self.player.set_level(self.level())


def _clamp(volume: float) -> float:
    return max(0.0, min(1.0, float(volume)))


__all__ = ["Catalogue", "Cue", "Director", "Music", "MusicTable", "Player"]
