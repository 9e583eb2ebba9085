"""What should play, piece by piece: the music's state machine, pure (no pygame, no clock).

The music is played as a chain of short *pieces* (one beat of a track each, or a whole
jingle) that the mixer queues back to back on one channel; SDL_mixer continues a channel
into its queued sound inside the same buffer, so a chain has no gap. The director says what
the next piece is, given what the game wants now (`want`: a track and an intensity, and
`cue_jingle`) and what the mixer reports playing (`started`, `stopped`). Because every
decision falls on a piece boundary, every change lands on the track's beat grid:

- intensity (0..1) is the drive layer's level; a change swells (or fades) over what is left
  of the bar, so the layer is fully in (or out) on the next downbeat; a rise is held two
  bars at least, so a moment of tension that passes at once does not make it flap;
- a jingle cuts in on the next beat, crossfaded from the track in a few milliseconds, and
  the wanted track follows it (a track can be entered through a jingle: the bonus round);
- another track: the old one fades out over one beat, the new one begins from its head
  (its opening as heard from silence) or, if it was left before, at the section after
  the one it was left in, so a track heard round after round moves on through its sections.

A change that arrives after the next piece was planned marks the plan `stale`: the mixer
asks for it again (`replan`) and swaps the queued piece, so a jingle waits at most a beat.
While the game stalls now and then (a busy machine), the mixer asks for longer pieces
(`lookahead`) so the queue never runs dry; if it does, the music picks up where it was.
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass, replace
from typing import Callable, Mapping

from game.music.catalogue import Jingle, Track

Ready = Callable[[str], bool]      # is this track's or jingle's audio loaded?
HOLD_BEATS = 8                     # a rise in intensity is held at least this long (no flapping)


class Kind(enum.Enum):
    TRACK = "track"
    JINGLE = "jingle"


class Fade(enum.Enum):
    NONE = "none"
    IN = "in"        # a short fade-in: entering a track mid-way
    OUT = "out"      # down to silence over the piece: leaving a track


@dataclass(frozen=True)
class Piece:
    """One piece of music to queue. A track's piece is `beats` beats from `beat` beats after
    the track was entered at `entry` (a section's first beat; 0: from the head)."""

    kind: Kind
    name: str
    beat: int = 0
    beats: int = 0
    entry: int = 0
    drive: tuple[float, float] = (0.0, 0.0)     # the drive layer's level at the start and the end
    fade: Fade = Fade.NONE
    cut: "Piece | None" = None                  # cross-fade out of this (the track's next beat) first

    @property
    def end(self) -> int:
        return self.beat + self.beats

    def song_beat(self, track: Track, offset: int = 0) -> int:
        """Where in the track this piece (plus `offset` beats) is: in the head while
        `in_head`, else in the loop."""
        return (self.entry + self.beat + offset) % track.loop_beats

    def in_head(self, track: Track, offset: int = 0) -> bool:
        return self.entry == 0 and self.beat + offset < track.head_beats


class Director:
    def __init__(self, tracks: Mapping[str, Track], jingles: Mapping[str, Jingle],
                 enter: Mapping[str, str] | None = None) -> None:
        self.tracks = tracks
        self.jingles = jingles
        self.enter = dict(enter or {})
        self.lookahead = 0.0       # seconds a piece should last at least (the mixer's longest recent stall)
        self.target: str | None = None
        self.intensity = 0.0
        self.held = 0.0                           # the intensity the music keeps for now
        self.clock = 0                            # beats heard so far (the hold's clock)
        self.raised_at = 0
        self.pending: list[str] = []              # jingles waiting for the next beat
        self.playing: Piece | None = None         # what the mixer says is sounding
        self.planned: Piece | None = None         # handed to the mixer, not started yet
        self.bookmarks: dict[str, int] = {}       # track -> the section to resume at
        self.stale = False
        self._waiting = False
        self._fade_back = False

    # ------------------------------------------------------------ what the game wants
    def want(self, track: str | None, intensity: float = 0.0) -> None:
        """The track the game wants now (None: silence) and how intense (0..1)."""
        track = track if track in self.tracks else None
        intensity = max(0.0, min(1.0, intensity))
        if track != self.target:
            self.target = track
            self.stale = True
            jingle = self.enter.get(track or "")
            if jingle is not None:
                self.cue_jingle(jingle)
        if intensity != self.intensity:
            self.intensity = intensity
            self.stale = True
        if intensity > self.held:
            self.held, self.raised_at = intensity, self.clock

    def cue_jingle(self, name: str) -> None:
        """Cut `name` in on the next beat (once: a jingle already waiting is not doubled)."""
        if name in self.jingles and name not in self.pending:
            self.pending.append(name)
            self.stale = True

    # ------------------------------------------------------------ what the mixer reports
    def started(self, piece: Piece) -> None:
        """`piece` began to sound (everything before it is over)."""
        if self.playing is not None and self.playing.kind is Kind.TRACK and (
                piece.kind is Kind.JINGLE or piece.name != self.playing.name):
            self._bookmark(self.playing)
        self.playing = piece
        self.clock += piece.beats
        if piece is self.planned:
            self.planned = None
        if piece.kind is Kind.JINGLE and piece.name in self.pending:
            self.pending.remove(piece.name)

    def stopped(self) -> None:
        """Nothing sounds any more (the music was stopped): the plan is void."""
        if self.playing is not None and self.playing.kind is Kind.TRACK:
            self._bookmark(self.playing)
        self.playing = self.planned = None

    def ran_dry(self) -> None:
        """The mixer ran out (the game stalled longer than what was queued): everything queued
        has played; the music goes on from there, faded back in."""
        last = self.planned if self.planned is not None else self.playing
        self.playing, self.planned = last, None
        self._fade_back = last is not None and last.kind is Kind.TRACK

    # ------------------------------------------------------------ planning
    def next(self, ready: Ready) -> Piece | None:
        """The piece to queue after the last one planned (or playing); None: nothing to play."""
        after = self.planned if self.planned is not None else self.playing
        self._waiting = False
        piece = self._after(after, ready)
        if piece is not None and self._fade_back and piece.kind is Kind.TRACK and piece.fade is Fade.NONE:
            piece = replace(piece, fade=Fade.IN)
        self._fade_back = False
        self.planned = piece
        self.stale = self._waiting          # something wanted is still decoding: plan again soon
        return piece

    def replan(self, ready: Ready) -> Piece | None:
        """Plan the piece after the playing one again (the queued one is stale)."""
        self.planned = None
        return self.next(ready)

    def _after(self, prev: Piece | None, ready: Ready) -> Piece | None:
        jingle = next((j for j in self.pending if ready(j)), None)
        self._waiting = bool(self.pending) and jingle is None
        if jingle is not None:
            cut = self._continue(prev) if prev is not None and prev.kind is Kind.TRACK else None
            return Piece(Kind.JINGLE, jingle, cut=cut)
        target = self.target
        silent_next = prev is None or prev.kind is Kind.JINGLE or prev.fade is Fade.OUT
        if silent_next:
            if target is None or not ready(target):
                self._waiting = target is not None
                return None
            return self._enter(target)
        assert prev is not None
        if target == prev.name:
            return self._continue(prev)
        if target is not None and not ready(target):
            self._waiting = True
            return self._continue(prev)
        return replace(self._continue(prev), fade=Fade.OUT)     # leaving: fade out over a beat

    def _enter(self, name: str) -> Piece:
        track = self.tracks[name]
        entry = self.bookmarks.pop(name, 0)
        level = self._level(track)
        return Piece(Kind.TRACK, name, 0, self._span(track, entry, 0), entry, (level, level),
                     Fade.IN if entry else Fade.NONE)

    def _continue(self, prev: Piece) -> Piece:
        """The piece after `prev` on its own track, its drive moving in a straight line towards
        the wanted level so as to reach it on the next downbeat."""
        track = self.tracks[prev.name]
        beat = prev.end
        beats = self._span(track, prev.entry, beat)
        now = prev.drive[1]
        to_bar = track.beats_per_bar - (prev.entry + beat) % track.beats_per_bar
        level = now + (self._level(track) - now) * beats / to_bar
        return Piece(Kind.TRACK, prev.name, beat, beats, prev.entry, (now, level))

    def _span(self, track: Track, entry: int, beat: int) -> int:
        """One beat, or as many as `lookahead` needs (up to the bar line: a piece never
        straddles a bar line, the head's end or the loop's end)."""
        at = entry + beat
        to_bar = track.beats_per_bar - at % track.beats_per_bar
        wanted = math.ceil(self.lookahead * track.bpm / 60)
        return max(1, min(wanted, to_bar))

    def _level(self, track: Track) -> float:
        """The drive's wanted level: the intensity, but a rise is kept HOLD_BEATS at least."""
        if self.intensity < self.held and self.clock - self.raised_at >= HOLD_BEATS:
            self.held = self.intensity
        return self.held if track.drive else 0.0

    def _bookmark(self, piece: Piece) -> None:
        track = self.tracks.get(piece.name)
        if track is not None:
            self.bookmarks[piece.name] = track.next_section(piece.song_beat(track, piece.beats))
