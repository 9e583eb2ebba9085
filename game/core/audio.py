"""Sound effects: assets/sounds/NAME.wav, cached, at one effects volume; the
music (game.music) rides along at a volume of its own.

With no audio device the game stays silent instead of failing: a party game
on a TV without sound is still a party game.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Iterator, Sequence, TypedDict

import pygame

from game import asset
from game.music import Music
from game.music.catalogue import Catalogue
from game.music.mixer import Mixer

if TYPE_CHECKING:
    from game.core.scene import Scene

SOUNDS_DIR = asset("sounds")
SAMPLE_RATE = 22050


class MixerFormat(TypedDict):
    """pygame.mixer.init's keywords for the game's format."""

    frequency: int
    size: int
    channels: int
    buffer: int


MIXER = MixerFormat(frequency=SAMPLE_RATE, size=-16, channels=1, buffer=512)
REPEAT_GAP = 0.04  # seconds: six bots grabbing at once should sound like one grab, not a roar

log = logging.getLogger(__name__)


def prepare_mixer() -> None:
    """Ask for the game's mixer format before pygame.init() opens the mixer with pygame's own
    (44.1 kHz stereo): every sound and track is 22050 Hz mono, so nothing is resampled, and the
    decoded music takes a quarter of the memory and of the mixing."""
    pygame.mixer.pre_init(**MIXER)


class Audio:
    def __init__(self, volume: float, music_volume: float = 0.6) -> None:
        self.volume = _clamp(volume)
        self.enabled = True
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self._warned: list[str] = []
        self._last_start: dict[str, float] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(**MIXER)
            pygame.mixer.set_num_channels(16)   # a busy mall plays many sounds at once
        except pygame.error as exc:
            log.info("no audio device, playing silently: %s", exc)
            self.enabled = False
        # The dummy driver (tests, screenshots, benches) gets no music: nothing to decode or stream.
        catalogue = Catalogue.load()
        self.music = Music(music_volume, _music_player(catalogue) if self.enabled else None, catalogue=catalogue)

    def update(self, scenes: Sequence[Scene]) -> None:
        """Once per tick: the music follows the scene stack and comes back up after a jingle."""
        self.music.follow(scenes)
        self.music.update()

    def play(self, name: str) -> None:
        """Play assets/sounds/NAME.wav (unknown or unloadable names are silent, logged once),
        and the jingle music.toml gives it, at the music's volume."""
        self.music.effect_played(name)
        if not self.enabled or self.volume <= 0.0:
            return
        sound = self._sound(name)
        now = time.perf_counter()
        if sound is None or now - self._last_start.get(name, -1.0) < REPEAT_GAP:
            return
        self._last_start[name] = now
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:  # the mixer went away (shutting down): stay quiet
            pass

    def preload(self) -> Iterator[None]:
        """Every sound effect read ahead, one a step (a warm-up job): each takes 1-3 ms to read
        and decode, which fell in the frame that first played it."""
        if not self.enabled:
            return
        for path in sorted(SOUNDS_DIR.glob("*.wav")):
            self._sound(path.stem)
            yield

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._cache:
            path = SOUNDS_DIR / f"{name}.wav"
            try:
                self._cache[name] = pygame.mixer.Sound(path) if path.is_file() else None
            except pygame.error as exc:
                log.warning("could not load sound %s: %s", path.name, exc)
                self._cache[name] = None
            if self._cache[name] is None and name not in self._warned:
                self._warned.append(name)
                log.warning("no sound named %r", name)
        return self._cache[name]

    def set_music_volume(self, volume: float) -> None:
        self.music.set_volume(volume)

    def set_volume(self, volume: float) -> None:
        """Effects volume 0.0-1.0 (clamped); applies to sounds played from now on."""
        self.volume = _clamp(volume)


def _music_player(catalogue: Catalogue) -> Mixer | None:
    """The mixer that plays the music, or None (dummy driver, a mixer format it cannot use)."""
    if pygame.mixer.get_driver() == "dummy":
        return None
    try:
        return Mixer(catalogue)
    except (ValueError, pygame.error) as exc:
        log.info("no music: %s", exc)
        return None


def _clamp(volume: float) -> float:
    return max(0.0, min(1.0, float(volume)))
