"""The pygame side of the music: decode the files, queue the director's pieces on one channel.

One mixer channel is reserved for the music. The piece after the sounding one always waits in
the channel's queue: when a sound ends, SDL_mixer starts the queued one within the same audio
buffer, so the chain has no gap and no click, and every change falls on a beat. Which piece
sounds is read from the channel itself (`get_sound()` is the Sound object we queued), so the
director is told exactly what the listener hears. Files are decoded on a worker thread (pygame
lets go of the interpreter lock while it decodes): a track that is not ready yet simply starts
a few beats later.
"""
from __future__ import annotations

import array
import logging
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pygame

from game.music.catalogue import MUSIC_DIR, Catalogue
from game.music.director import Director, Kind, Piece
from game.music.render import Library, TrackAudio

MUSIC_CHANNEL = 0          # reserved: effects never take it
KEEP_TRACKS = 2            # decoded or decoding tracks at once: the one sounding and the one prepared next
                           # (the round's and its results'); the menu's is decoded again when the menu comes
                           # back (~0.1 s on the worker: it starts a beat later), not held through a match
STALL_MARGIN = 1.5         # a queued piece lasts this many times the longest recent gap between pumps
STALL_MEMORY = 0.998       # ... which is forgotten slowly (by half in about 6 s of smooth ticks)

log = logging.getLogger(__name__)


class Mixer:
    def __init__(self, catalogue: Catalogue, folder: Path = MUSIC_DIR) -> None:
        init = pygame.mixer.get_init()
        if init is None:
            raise ValueError("the mixer is not open")
        rate, fmt, channels = init
        if fmt != -16:
            raise ValueError(f"the mixer runs in format {fmt}, the music needs signed 16-bit")
        pygame.mixer.set_reserved(MUSIC_CHANNEL + 1)
        self.channel = pygame.mixer.Channel(MUSIC_CHANNEL)
        self.catalogue = catalogue
        self.folder = folder
        self.library = Library(rate, channels, {}, {})
        self.loading: dict[str, Future[TrackAudio | array.array[int]]] = {}
        self.failed: set[str] = set()
        self.used: list[str] = []                       # tracks, least recently wanted first
        self.prepared: set[str] = set()                 # what the sounding track's scene will want next
        self.pieces: dict[int, tuple[pygame.mixer.Sound, Piece]] = {}
        self.level = -1.0
        self.last_pump: float | None = None
        self.stall = 0.0
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="music")

    # ------------------------------------------------------------ the chain
    def pump(self, director: Director) -> None:
        """Once a tick: tell the director what sounds, keep the next piece queued."""
        self._measure(director)
        sounding = self.channel.get_sound()
        if sounding is None:
            if director.playing is not None:
                director.ran_dry()
            piece = director.next(self.ready)
            if piece is None:
                return
            self.channel.play(self._sound(piece))
            director.started(piece)
        else:
            self._report(director, sounding)
        queued = self.channel.get_queue()
        if queued is None:
            piece = director.next(self.ready)
            if piece is not None:
                self.channel.queue(self._sound(piece))
        elif director.stale:
            self._swap(director, queued)
        in_use = {director.target} if director.target is not None else set()
        for piece in (director.playing, director.planned):    # never let go of what is in use
            if piece is not None and piece.kind is Kind.TRACK:
                self._touch(piece.name)
            for part in (piece, piece.cut if piece is not None else None):
                if part is not None and part.kind is Kind.TRACK:
                    in_use.add(part.name)
        self._let_go(in_use)
        self._forget()

    def _measure(self, director: Director) -> None:
        """How long the game has lately gone between two pumps: queue at least that much more."""
        now = time.perf_counter()
        if self.last_pump is not None:
            self.stall = max(now - self.last_pump, self.stall * STALL_MEMORY)
        self.last_pump = now
        director.lookahead = STALL_MARGIN * self.stall

    def _swap(self, director: Director, queued: pygame.mixer.Sound) -> None:
        """Replace the queued piece with a fresh plan, unless the old one began meanwhile."""
        before = self.channel.get_sound()
        old = self.pieces.get(id(queued), (None, None))[1]
        piece = director.replan(self.ready)
        if piece is None or piece == old:
            director.planned = old
            return
        self.channel.queue(self._sound(piece))
        now = self.channel.get_sound()
        if now is not before and now is not None:       # the old queued piece started in between
            self._report(director, now)
            piece = director.replan(self.ready)
            if piece is not None:
                self.channel.queue(self._sound(piece))

    def _report(self, director: Director, sounding: pygame.mixer.Sound) -> None:
        known = self.pieces.get(id(sounding))
        if known is not None and known[1] is not director.playing:
            director.started(known[1])

    def _sound(self, piece: Piece) -> pygame.mixer.Sound:
        samples = self.library.render(piece)
        if sys.byteorder == "big":
            samples.byteswap()
        sound = pygame.mixer.Sound(buffer=samples.tobytes())
        self.pieces[id(sound)] = (sound, piece)
        return sound

    def _forget(self) -> None:
        """Drop our hold on pieces that are neither sounding nor queued."""
        keep = {id(s) for s in (self.channel.get_sound(), self.channel.get_queue()) if s is not None}
        for key in [k for k in self.pieces if k not in keep]:
            del self.pieces[key]

    # ------------------------------------------------------------ loading
    def prepare(self, names: list[str]) -> None:
        """Start decoding what will be wanted soon (the results during a round), so it starts on time."""
        self.prepared = set(names)
        for name in names:
            self.ready(name)

    def ready(self, name: str) -> bool:
        """Is `name` (a track with its drive, or a jingle) decoded? If not, start decoding it."""
        if name in self.library.jingles or name in self.library.tracks:
            self._touch(name)
            return True
        if name in self.failed:
            return False
        future = self.loading.get(name)
        if future is None:
            self.loading[name] = self.worker.submit(self._decode, name)
            return False
        if not future.done():
            return False
        del self.loading[name]
        try:
            loaded = future.result()
        except Exception as exc:    # a missing or broken file: that music stays silent, once logged
            log.warning("music %s: %s", name, exc)
            self.failed.add(name)
            return False
        if isinstance(loaded, TrackAudio):
            self.library.tracks[name] = loaded
            self._touch(name)
        else:
            self.library.jingles[name] = loaded
        return True

    def _decode(self, name: str) -> TrackAudio | array.array[int]:
        if name in self.catalogue.jingles:
            return _pcm(self.folder / f"{name}.ogg")
        track = self.catalogue.tracks[name]
        drive = _pcm(self.folder / f"{track.drive}.ogg") if track.drive else None
        return TrackAudio(track, _pcm(self.folder / f"{name}.ogg"), drive, self.library.channels)

    def _touch(self, name: str) -> None:
        """`name` was wanted: it is now the most recently wanted track."""
        if name not in self.library.tracks:
            return
        if name in self.used:
            self.used.remove(name)
        self.used.append(name)

    def _let_go(self, in_use: set[str]) -> None:
        """Decoded music that is not playing does not sit in memory (5.7 MB a track): a finished
        decode nobody wants any more (a round's results after the player left the round) goes,
        then, past KEEP_TRACKS decoded or decoding tracks, the least recently wanted decoded one
        that is neither wanted, sounding nor queued."""
        for name, future in list(self.loading.items()):
            if future.done() and name in self.catalogue.tracks and name not in in_use | self.prepared:
                del self.loading[name]
        decoding = sum(1 for name in self.loading if name in self.catalogue.tracks)
        for name in list(self.used):
            if len(self.used) + decoding <= KEEP_TRACKS:
                break
            if name not in in_use:
                self.used.remove(name)
                del self.library.tracks[name]

    # ------------------------------------------------------------ level
    def set_level(self, level: float) -> None:
        if level != self.level:
            self.level = level
            self.channel.set_volume(level)

    def stop(self, director: Director) -> None:
        self.channel.stop()     # halting a channel starts its queued sound (pygame's queue)...
        self.channel.stop()     # ... which the second halt stops
        director.stopped()
        self.last_pump = None   # a pause in pumping while stopped is no stall
        self.pieces.clear()

    def close(self) -> None:
        self.worker.shutdown(wait=False, cancel_futures=True)


def _pcm(path: Path) -> array.array[int]:
    """The file decoded to the mixer's own format (pygame converts it as it loads)."""
    samples = array.array("h")
    samples.frombytes(pygame.mixer.Sound(str(path)).get_raw())
    if sys.byteorder == "big":
        samples.byteswap()
    return samples
