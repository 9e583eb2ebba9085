"""A piece's samples, cut from decoded tracks and jingles: pure arithmetic on 16-bit PCM.

A track's audio holds its head and then its loop (see catalogue.Track); its drive layer is a
short loop on the same grid. Beat positions are computed from the decoded lengths, so they
hold at whatever rate the mixer runs. Consecutive pieces of a track are consecutive runs of
its samples, so a chain of them is the track itself, sample for sample.
"""
from __future__ import annotations

import array
import operator
from dataclasses import dataclass

from game.music.catalogue import Track
from game.music.director import Fade, Kind, Piece

CUT_SECONDS = 0.025      # a jingle's cut-in: the track crossfades into it this fast
FADE_IN_SECONDS = 0.03   # entering a track mid-way (at a section)
STEPS = 16               # a level change across a piece moves in this many even steps (each 1/16 of the way:
                         # far below hearing, and every step is a C-level pass over its samples)


@dataclass(frozen=True)
class TrackAudio:
    track: Track
    base: array.array[int]              # 16-bit samples, interleaved `channels`
    drive: array.array[int] | None
    channels: int

    @property
    def head(self) -> int:
        """Frames of the head, scaled to the decoded rate."""
        total = len(self.base) // self.channels
        return round(self.track.head_frames * total / (self.track.head_frames + self.track.loop_frames))

    def beat_frame(self, beat: int) -> int:
        """Frame where `beat` of the loop (or of the head) begins, counted from its region's start."""
        loop = len(self.base) // self.channels - self.head
        return round(beat * loop / self.track.loop_beats)

    def drive_frame(self, beat: int) -> int:
        assert self.drive is not None
        return round(beat * (len(self.drive) // self.channels) / self.track.drive_beats)


@dataclass
class Library:
    """The decoded audio the pieces are cut from, in the mixer's format."""

    rate: int
    channels: int
    tracks: dict[str, TrackAudio]
    jingles: dict[str, array.array[int]]

    def render(self, piece: Piece) -> array.array[int]:
        if piece.kind is Kind.JINGLE:
            out = array.array("h", self.jingles[piece.name])
        else:
            out = self._track(piece)
        if piece.cut is not None:
            before = self._track(piece.cut)
            _crossfade(out, before, min(len(before), len(out)) // self.channels,
                       round(CUT_SECONDS * self.rate), self.channels)
        return out

    def _track(self, piece: Piece) -> array.array[int]:
        audio = self.tracks[piece.name]
        ch = self.channels
        base = array.array("h")
        drive = array.array("h") if audio.drive is not None and piece.drive != (0.0, 0.0) else None
        for i in range(piece.beats):
            beat = piece.song_beat(audio.track, i)
            offset = 0 if piece.in_head(audio.track, i) else audio.head
            a, b = offset + audio.beat_frame(beat), offset + audio.beat_frame(beat + 1)
            base.extend(audio.base[a * ch:b * ch])
            if drive is not None:
                drive.extend(_wrapped(audio, (piece.entry + piece.beat + i) % audio.track.drive_beats, b - a))
        out = _mix(base, drive, piece.drive, ch) if drive is not None else base
        frames = len(out) // ch
        if piece.fade is Fade.OUT:
            out = _stepped(out, None, (1.0, 0.0), ch)
        elif piece.fade is Fade.IN:
            _ramp(out, 0.0, 1.0, 0, min(frames, round(FADE_IN_SECONDS * self.rate)), ch)
        return out


def _wrapped(audio: TrackAudio, beat: int, frames: int) -> array.array[int]:
    """`frames` of the drive loop from `beat` on, going round the loop if need be."""
    assert audio.drive is not None
    ch = audio.channels
    start = audio.drive_frame(beat) * ch
    need = frames * ch
    out = audio.drive[start:start + need]
    while len(out) < need:
        out.extend(audio.drive[:need - len(out)])
    return out


def _mix(base: array.array[int], drive: array.array[int], levels: tuple[float, float], ch: int) -> array.array[int]:
    """base + drive at its level, which moves from levels[0] to levels[1] across the piece."""
    if levels[0] == levels[1]:
        return _add(base, drive if levels[0] == 1.0 else _scale(drive, levels[0]))
    return _stepped(base, drive, levels, ch)


def _stepped(base: array.array[int], drive: array.array[int] | None, levels: tuple[float, float], ch: int) -> array.array[int]:
    """The piece in STEPS blocks, each at the level its end reaches (so the last block is at
    levels[1] and the next piece follows on without a step): of `drive` added to `base`, or
    of `base` itself when there is no drive (a fade)."""
    g0, g1 = levels
    frames = len(base) // ch
    out = array.array("h")
    for k in range(STEPS):
        a, b = frames * k // STEPS * ch, frames * (k + 1) // STEPS * ch
        g = g0 + (g1 - g0) * (k + 1) / STEPS
        out.extend(_scale(base[a:b], g) if drive is None else _add(base[a:b], _scale(drive[a:b], g)))
    return out


def _scale(samples: array.array[int], gain: float) -> array.array[int]:
    return array.array("h", map(int, map(gain.__mul__, samples)))


def _add(a: array.array[int], b: array.array[int]) -> array.array[int]:
    try:
        return array.array("h", map(operator.add, a, b))
    except OverflowError:        # a peak of both at once: clip those samples
        return array.array("h", map(_clip_sum, a, b))


def _crossfade(out: array.array[int], before: array.array[int], frames: int, fade: int, ch: int) -> None:
    """The first `fade` frames of `out` rise out of `before` (which falls away): no step."""
    fade = min(fade, frames)
    for f in range(fade):
        w = (f + 1) / (fade + 1)
        for c in range(ch):
            i = f * ch + c
            out[i] = _clip(out[i] * w + before[i] * (1 - w))


def _ramp(out: array.array[int], g0: float, g1: float, start: int, frames: int, ch: int) -> None:
    """Gain from g0 to g1 over `frames` frames from `start` (g1 at the last one)."""
    for f in range(frames):
        g = g0 + (g1 - g0) * (f + 1) / frames
        for c in range(ch):
            i = (start + f) * ch + c
            out[i] = round(out[i] * g)


def _clip(v: float) -> int:
    return max(-32768, min(32767, round(v)))


def _clip_sum(a: int, b: int) -> int:
    return max(-32768, min(32767, a + b))
