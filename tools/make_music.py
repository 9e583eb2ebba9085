"""Compose the game's music as MIDI, render it with FluidSynth, encode it to OGG.

Run:  nice python tools/make_music.py            (needs: pip install -e '.[music]';
                                                  apt-get install fluidsynth fluid-soundfont-gm vorbis-tools ffmpeg)
      python tools/make_music.py --midi-only      (writes only the .mid sources)
      python tools/make_music.py rush results     (only these)

Everything is written here, note by note. Eight looping tracks (title and
lobby, The Rush, Memory, Tidying Up, the dice table, the bonus round,
results, the speedrun), each two minutes or more, and three jingles that cut
in on the beat (SOLD OUT!, bonus round, win).

A track is arranged from a handful of themes (tune A, tune B, a bridge) into
sections: an intro, A, A with a counter-melody, B on another instrument, A
in two-part harmony, the bridge in a new key area, a breakdown, B again, the
last A lifted a whole tone, and a turnaround back home. The five tracks that
play during a round also get a *drive* layer (extra percussion, stabs, an
ostinato) on the same bar grid, rendered as a stem of its own: the game fades
it in as the round nears its end (game/music).

Each stem is rendered twice in a row and the second pass is kept, so the
reverb of the loop's end sounds under its start; its last 20 ms are
cross-faded into the samples that precede the loop's start, so the wrap has
no seam. A track's file holds its first bar as heard from silence (the
*head*, played once on entry, its end cross-faded into the loop) and then
the loop. Levels are normalised to one integrated loudness (EBU R128,
measured with ffmpeg) and a true-peak ceiling. Output, all in assets/music/:
NAME.mid / NAME_drive.mid (the sources), NAME.ogg / NAME_drive.ogg (mono
22050 Hz, what the game plays), tracks.toml (tempo grid, loop, sections and
loudness, read by the game) and the table of figures in LICENSES.md.
Same script, same MIDI bytes.
"""
from __future__ import annotations

import argparse
import array
import random
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import wave
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import mido

OUT = Path(__file__).resolve().parent.parent / "assets" / "music"
SOUNDFONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
RATE = 22050
PPQ = 480
BAR = 4                    # beats in a bar: every track is in 4/4
HEAD_BARS = 1              # the part of a track's first pass kept for its entry from silence
DRIVE_BARS = 2             # a drive layer's loop
TAIL_BEATS = 8             # rendered after a jingle's last note so its reverb can ring out
SEAM = RATE // 50          # 20 ms: the cross-fade that closes a loop and joins the head to it
TARGET_LUFS = -18.0        # every track's base, measured over its loop
DRIVE_LUFS = -21.5         # a drive layer alone: under the base, so it lifts a track by a decibel or two
JINGLE_LUFS = -16.0        # jingles cut in over the music: a touch hotter
CEILING = 0.89             # -1 dBFS: a peak limiter keeps every track's samples under it
OGG_QUALITY = {"base": "0", "drive": "0", "jingle": "1"}    # vorbis -q: the whole folder stays small

# General MIDI programs (0-based).
PIANO, EPIANO, CLAV, CELESTA, GLOCK, MUSIC_BOX, VIBES, MARIMBA, XYLO = 0, 4, 7, 8, 9, 10, 11, 12, 13
TUBULAR, DRAWBAR, PERC_ORGAN, NYLON, CLEAN_GTR, MUTED_GTR = 14, 16, 17, 24, 27, 28
ACOUSTIC_BASS, FINGER_BASS, FRETLESS, SLAP_BASS, SYNTH_BASS, SYNTH_BASS2 = 32, 33, 35, 36, 38, 39
STRINGS, SLOW_STRINGS, PIZZ, TREMOLO, TIMPANI = 48, 49, 45, 44, 47
TRUMPET, TROMBONE, TUBA, MUTED_TRUMPET, HORN, BRASS = 56, 57, 58, 59, 60, 61
ALTO_SAX, TENOR_SAX, OBOE, BASSOON, CLARINET, PICCOLO, FLUTE = 65, 66, 68, 70, 71, 72, 73
SQUARE, SAW, CALLIOPE, WARM_PAD, POLY_PAD, CRYSTAL = 80, 81, 82, 89, 90, 98
# Drum kits (program on the drum channel) and keys.
STANDARD, ROOM, ELECTRONIC, TR808, BRUSH_KIT, ORCHESTRA = 0, 8, 24, 25, 40, 48
KICK, SIDE, SNARE, CLAP, LO_FLOOR, HAT, PEDAL, LO_TOM, OPEN_HAT, MID_TOM, CRASH, HI_TOM, RIDE = \
    36, 37, 38, 39, 41, 42, 44, 45, 46, 47, 49, 50, 51
TAMB, COWBELL, BONGO_HI, BONGO_LO, CONGA_MUTE, CONGA_HI, CONGA_LO, SHAKER, CLAVES, WOOD_HI, WOOD_LO, TRIANGLE = \
    54, 56, 60, 61, 62, 63, 64, 70, 75, 76, 77, 81
DRUMS = 9

NOTE_NAMES = {"C": 0, "C#": 1, "Db": 1, "D": 2, "D#": 3, "Eb": 3, "E": 4, "F": 5, "F#": 6, "Gb": 6,
              "G": 7, "G#": 8, "Ab": 8, "A": 9, "A#": 10, "Bb": 10, "B": 11}
# Chord symbols -> semitones above the root.
QUALITIES = {"": (0, 4, 7), "m": (0, 3, 7), "7": (0, 4, 7, 10), "maj7": (0, 4, 7, 11), "m7": (0, 3, 7, 10),
             "sus4": (0, 5, 7), "6": (0, 4, 7, 9), "m7b5": (0, 3, 6, 10), "dim": (0, 3, 6), "m9": (0, 3, 7, 10, 14),
             "add9": (0, 4, 7, 14)}
HIT = {"X": 118, "x": 96, "o": 62, "-": 44}     # drum-grid letters -> velocity


def midi_note(name: str) -> int:
    """'C4' -> 60, 'F#5' -> 78."""
    pitch, octave = name[:-1], int(name[-1])
    return 12 * (octave + 1) + NOTE_NAMES[pitch]


def chord(symbol: str, transpose: int = 0) -> tuple[int, tuple[int, ...]]:
    """'Am7' -> (pitch class of A, intervals)."""
    root = symbol[:2] if len(symbol) > 1 and symbol[1] in "#b" else symbol[:1]
    return (NOTE_NAMES[root] + transpose) % 12, QUALITIES[symbol[len(root):]]


@dataclass(frozen=True)
class Span:
    """One chord for a stretch of beats (absolute), transposed by `lift`."""

    start: float
    beats: float
    symbol: str
    lift: int = 0

    @property
    def root(self) -> int:
        return chord(self.symbol, self.lift)[0]

    @property
    def intervals(self) -> tuple[int, ...]:
        return chord(self.symbol)[1]

    def pitch_classes(self) -> set[int]:
        return {(self.root + iv) % 12 for iv in self.intervals}


def progression(text: str, start: float, lift: int = 0) -> list[Span]:
    """'C Am | F G7' -> spans: bars split by |, the chords in a bar share it evenly."""
    spans = []
    for bar, cell in enumerate(text.split("|")):
        names = cell.split()
        for i, name in enumerate(names):
            beats = BAR / len(names)
            spans.append(Span(start + bar * BAR + i * beats, beats, name, lift))
    return spans


def bars_of(text: str) -> int:
    return len(text.split("|"))


# ---------------------------------------------------------------- parts and songs
@dataclass
class Part:
    name: str
    channel: int
    program: int
    volume: int = 100
    reverb: int = 40
    chorus: int = 0
    notes: list[tuple[float, float, int, int]] = field(default_factory=list)   # start, length (beats), key, vel

    def add(self, start: float, length: float, key: int, vel: int) -> None:
        self.notes.append((start, length, key, max(1, min(127, vel))))


@dataclass
class Song:
    name: str
    bpm: int
    beats: float                      # length of the loop (or jingle) in beats
    parts: list[Part]                 # the base stem
    drive: Song | None = None         # the drive layer: a short loop on the same grid
    sections: list[tuple[str, int]] = field(default_factory=list)   # (kind, first beat)
    loop: bool = True
    swing: float = 0.0                # how late (in beats) the off-beat sixteenths come


# ---------------------------------------------------------------- writing parts
def melody(part: Part, text: str, start: float = 0.0, vel: int = 96, transpose: int = 0) -> float:
    """Notes as 'E5 1  G5 .5  r .5 ...': a pitch (or r for a rest) and a length in beats.
    Returns the beat after the last note."""
    t = start
    for pitch, length in notes_of(text):
        if pitch is not None:
            accent = 8 if t % 1 == 0 else 0
            part.add(t, length * 0.92, pitch + transpose, vel + accent)
        t += length
    return t


def notes_of(text: str) -> list[tuple[int | None, float]]:
    tokens = text.split()
    return [(None if name == "r" else midi_note(name), float(length)) for name, length in zip(tokens[::2], tokens[1::2])]


def tune_beats(text: str) -> float:
    return sum(length for _, length in notes_of(text))


def chord_at(spans: list[Span], beat: float) -> Span:
    return next((s for s in reversed(spans) if s.start <= beat + 1e-9), spans[0])


def harmony(part: Part, text: str, spans: list[Span], start: float, vel: int, transpose: int = 0,
            register: int = 0) -> None:
    """The tune (as heard at `transpose`) a third or so below, on the chord: each note gets the
    nearest chord tone 3 to 9 semitones under it (a passing note keeps a plain third below);
    `register` then moves the line by octaves into the harmonising instrument's range."""
    t = start
    for pitch, length in notes_of(text):
        if pitch is not None:
            key = pitch + transpose
            pcs = chord_at(spans, t).pitch_classes()
            below = next((k for k in range(key - 3, key - 10, -1) if k % 12 in pcs), key - 3)
            part.add(t, length * 0.92, below + register, vel + (6 if t % 1 == 0 else 0))
        t += length


def voicing(span: Span, centre: int) -> list[int]:
    """The chord's tones, each in the octave nearest `centre`: a close voicing that moves little."""
    keys = []
    for iv in span.intervals[:4]:
        pc = (span.root + iv) % 12
        key = centre - 6 + (pc - (centre - 6)) % 12
        keys.append(key)
    return sorted(keys)


def comp(part: Part, spans: list[Span], hits: list[tuple[float, float]], centre: int = 66, vel: int = 70) -> None:
    """Chord stabs at (beat in the bar, length) for every bar the spans cover."""
    for span in spans:
        for beat, length in hits:
            at = bar_start(span.start) + beat
            if span.start <= at < span.start + span.beats:
                for key in voicing(span, centre):
                    part.add(at, length, key, vel + (6 if beat % 2 == 0 else 0))


def bar_start(beat: float) -> float:
    return beat - beat % BAR


def pad(part: Part, spans: list[Span], centre: int = 62, vel: int = 52) -> None:
    for span in spans:
        for key in voicing(span, centre):
            part.add(span.start, span.beats * 0.98, key, vel)


def arpeggio(part: Part, spans: list[Span], step: float, order: list[int], centre: int = 67, vel: int = 70) -> None:
    """Chord tones in `order` (indices into the chord, +len for an octave up) every `step` beats."""
    for span in spans:
        tones = voicing(span, centre)[:3]
        n = round(span.beats / step)
        for i in range(n):
            index = order[i % len(order)]
            key = tones[index % len(tones)] + 12 * (index // len(tones))
            part.add(span.start + i * step, step * 0.9, key, vel - (0 if i % 2 == 0 else 10))


BASS_TONES = {0: 0, 1: 1, 2: 2}     # chord tone index; 3 = seventh or octave, 7 = octave, -5 = fifth below


def bassline(part: Part, spans: list[Span], pattern: list[tuple[float, int, float]], octave: int = 2,
             vel: int = 100) -> None:
    """One pattern per bar: (beat, tone, length); tone 0/1/2 root/third/fifth, 3 seventh (or octave),
    7 octave, -5 fifth below, 9 a half step under the next chord's root."""
    for i, span in enumerate(spans):
        base = 12 * (octave + 1) + span.root
        following = spans[i + 1] if i + 1 < len(spans) else span
        for beat, tone, length in pattern:
            at = bar_start(span.start) + beat
            if not span.start <= at < span.start + span.beats:
                continue
            ivs = span.intervals
            if tone == 7:
                key = base + 12
            elif tone == 3:
                key = base + (ivs[3] if len(ivs) > 3 and ivs[3] < 12 else 12)
            elif tone == -5:
                key = base - 5
            elif tone == 9:
                key = 12 * (octave + 1) + following.root - 1
                key += 12 if key < base - 6 else 0
            else:
                key = base + ivs[BASS_TONES[tone]]
            part.add(at, length, key, vel + (6 if beat == 0 else 0))


def counter_line(part: Part, spans: list[Span], centre: int = 64, vel: int = 64) -> None:
    """A slow counter-melody on the guide tones (third, seventh): half notes that move by the
    smallest step from chord to chord."""
    last = centre
    for span in spans:
        ivs = span.intervals
        guides = [(span.root + ivs[1]) % 12, (span.root + (ivs[3] if len(ivs) > 3 else ivs[2])) % 12]
        halves = max(1, round(span.beats / 2))
        for h in range(halves):
            pc = guides[h % 2] if h else min(guides, key=lambda g: abs(_near(g, last) - last))
            key = _near(pc, last)
            if abs(key - centre) > 8:
                key += -12 if key > centre else 12
            part.add(span.start + h * 2, min(2, span.beats) * 0.95, key, vel)
            last = key


def _near(pc: int, to: int) -> int:
    key = to - 6 + (pc - (to - 6)) % 12
    return key


def groove(part: Part, start: float, bars: int, grid: dict[int, str], scale: float = 1.0, stop_at: int = 16) -> None:
    """Drum grid: per key a string of 16 steps a bar ('X' accent, 'x' hit, 'o' ghost, '-' soft,
    '.' rest), repeated; 32 letters make a two-bar pattern. The last bar stops at `stop_at` (a fill)."""
    for bar in range(bars):
        for key, steps in grid.items():
            offset = (bar * 16) % len(steps)
            for i in range(16 if bar < bars - 1 else stop_at):
                letter = steps[offset + i]
                if letter != ".":
                    part.add(start + bar * BAR + i / 4, 0.25, key, round(HIT[letter] * scale))


def fill(part: Part, at: float, beats: float = 2, vel: int = 70, toms: bool = True) -> None:
    """Sixteenths rising in loudness over the last `beats` of a bar, down the toms if asked."""
    steps = int(beats * 4)
    keys = [SNARE] * (steps // 2) + ([HI_TOM, HI_TOM, MID_TOM, MID_TOM, LO_TOM, LO_TOM, LO_FLOOR, LO_FLOOR]
                                     if toms else [SNARE] * 8)[-(steps - steps // 2):]
    for i, key in enumerate(keys):
        part.add(at + i / 4, 0.25, key, vel + round(40 * i / max(1, steps - 1)))


# ---------------------------------------------------------------- the arranger
@dataclass(frozen=True)
class Theme:
    chords: str        # one bar per |
    tune: str = ""     # the melody over it (notes and lengths), as many beats as the chords


@dataclass(frozen=True)
class Band:
    """The instruments of a track (General MIDI programs)."""

    lead: int           # tune A
    lead2: int          # tune B, harmony
    bell: int           # doublings an octave up, intro and turnaround arpeggios
    counter: int        # the slow counter-melody
    comp: int
    pad: int
    bass: int
    kit: int
    comp_hits: tuple[tuple[float, float], ...] = ((0, 1.5), (1.5, .5), (2.5, 1.5))
    comp_arp: tuple[float, tuple[int, ...]] | None = None     # (step, order): the comp picks, not strums
    comp_centre: int = 66
    volumes: dict[str, int] = field(default_factory=dict)
    octaves: dict[str, int] = field(default_factory=dict)   # part -> semitones its tunes move (bell: +12)


@dataclass(frozen=True)
class Drive:
    """The layer that fades in near a round's end: a two-bar percussion loop on the track's grid
    (its own kit), so it costs a few kilobytes and fits every bar of the track."""

    kit: int
    grid: dict[int, str]     # 32 steps (two bars), or 16 played twice


@dataclass(frozen=True)
class Style:
    name: str
    bpm: int
    intro: str
    a: Theme
    b: Theme
    bridge: Theme
    turnaround: str      # chords from the lifted key back home
    band: Band
    grooves: dict[int, dict[int, str]]                 # drum level 0-3 -> grid
    basses: dict[int, list[tuple[float, int, float]]]  # bass level 0-2 -> pattern
    form: tuple[str, ...] = ("intro", "a", "a2", "b", "a3", "bridge", "b2", "a4", "turnaround")
    lift: int = 2        # semitones the last A goes up
    drive: Drive | None = None
    swing: float = 0.0
    fills_soft: bool = False


# Per section: drum level, bass level, loudness, and what plays.
SECTIONS = {
    #             drums bass  dyn
    "intro":      (1,    1,   0.85),
    "a":          (1,    1,   0.92),
    "a2":         (2,    2,   1.0),
    "b":          (2,    2,   0.95),
    "a3":         (2,    2,   1.0),
    "bridge":     (0,    0,   0.82),
    "breakdown":  (0,    0,   0.78),
    "b2":         (2,    2,   1.0),
    "a4":         (3,    2,   1.08),
    "a5":         (3,    2,   1.1),
    "turnaround": (2,    1,   1.0),
}
LIFTED = ("a4", "a5")


class Arranger:
    def __init__(self, style: Style) -> None:
        self.style = style
        b = style.band
        vol = {"lead": 104, "lead2": 98, "bell": 62, "counter": 70, "comp": 74, "pad": 56, "bass": 100,
               "kit": 92, **b.volumes}
        self.lead = Part("lead", 0, b.lead, vol["lead"])
        self.lead2 = Part("lead2", 1, b.lead2, vol["lead2"])
        self.bell = Part("bell", 2, b.bell, vol["bell"], reverb=60)
        self.counter = Part("counter", 3, b.counter, vol["counter"], reverb=55)
        self.comp = Part("comp", 4, b.comp, vol["comp"], chorus=20)
        self.pad = Part("pad", 5, b.pad, vol["pad"], reverb=70, chorus=30)
        self.bass = Part("bass", 6, b.bass, vol["bass"], reverb=10)
        self.kit = Part("kit", DRUMS, b.kit, vol["kit"], reverb=25)
        self.sections: list[tuple[str, int]] = []
        self.beat = 0

    def song(self) -> Song:
        for kind in self.style.form:
            self.section(kind)
        parts = [self.lead, self.lead2, self.bell, self.counter, self.comp, self.pad, self.bass, self.kit]
        return Song(self.style.name, self.style.bpm, self.beat, [p for p in parts if p.notes], self.drive_loop(),
                    self.sections, swing=self.style.swing)

    def drive_loop(self) -> Song | None:
        d = self.style.drive
        if d is None:
            return None
        kit = Part("drive", DRUMS, d.kit, 100, reverb=20)
        groove(kit, 0, DRIVE_BARS, d.grid)
        return Song(f"{self.style.name}_drive", self.style.bpm, DRIVE_BARS * BAR, [kit], swing=self.style.swing)

    # ------------------------------------------------------------ one section
    def section(self, kind: str) -> None:
        s, b = self.style, self.style.band
        theme = {"intro": Theme(s.intro), "turnaround": Theme(s.turnaround), "bridge": s.bridge,
                 "b": s.b, "b2": s.b}.get(kind, s.a)
        lift = s.lift if kind in LIFTED else 0
        start = self.beat
        bars = bars_of(theme.chords)
        spans = progression(theme.chords, start, lift)
        assert not theme.tune or tune_beats(theme.tune) == bars * BAR, (s.name, kind, tune_beats(theme.tune))
        drums, bass, dyn = SECTIONS[kind]

        def v(x: float) -> int:       # the section's loudness on every velocity
            return round(x * dyn)
        t = lift                      # the last A's lift
        self.sections.append((kind, start))

        # The tunes, each part in its own register (Band.octaves).
        lead, lead2, bell = (t + b.octaves.get(name, shift) for name, shift in
                             (("lead", 0), ("lead2", 0), ("bell", 12)))
        if kind in ("a", "a2"):
            melody(self.lead, theme.tune, start, v(94), lead)
        if kind == "a4":
            melody(self.lead, embellish(theme.tune), start, v(94), lead)
        if kind in ("a2", "a4", "a5"):
            melody(self.bell, theme.tune, start, v(62), bell)
        if kind in ("a2", "a4", "intro"):
            counter_line(self.counter, spans, 62 if kind != "intro" else 60, v(60))
        if kind in ("a3", "a5"):
            melody(self.lead2, theme.tune, start, v(93), lead2)
            harmony(self.lead, theme.tune, spans, start, v(81), lead2, lead - lead2)
        if kind == "b":
            melody(self.lead2, theme.tune, start, v(94), lead2)
        if kind == "b2":
            melody(self.lead, theme.tune, start, v(94), lead)
            harmony(self.lead2, theme.tune, spans, start, v(78), lead, lead2 - lead)
        if kind == "bridge":
            melody(self.lead2, theme.tune, start, v(90), lead2)
            melody(self.bell, theme.tune, start, v(48), bell)
        if kind == "breakdown":
            motif = first_beats(s.a.tune, 4)
            for bar in range(0, bars, 2):
                melody(self.bell if bar % 4 else self.lead, motif, start + bar * BAR, v(84), bell if bar % 4 else lead)
        if kind in ("intro", "turnaround"):
            arpeggio(self.bell, spans, 1.0, [0, 1, 2, 3], 72, v(70))

        # The rhythm section.
        if kind not in ("breakdown",):
            if b.comp_arp is not None:
                step, order = b.comp_arp
                arpeggio(self.comp, spans, step, list(order), b.comp_centre, v(64))
            else:
                comp(self.comp, spans, list(b.comp_hits), b.comp_centre, v(66 if kind != "bridge" else 56))
        if kind in ("b", "bridge", "breakdown", "b2", "a4", "a5", "a3"):
            pad(self.pad, spans, 62, v(50))
        bassline(self.bass, spans, s.basses[bass], 2, v(100))
        self.drums(kind, start, bars, drums, dyn)
        self.beat = start + bars * BAR

    def drums(self, kind: str, start: float, bars: int, level: int, dyn: float) -> None:
        grid = self.style.grooves[level]
        last = kind in ("turnaround", "intro", "breakdown", "bridge", "b", "b2", "a3")
        if kind == "breakdown":           # hats alone, then the kick comes back: a build
            half = bars // 2
            groove(self.kit, start, half, {k: g for k, g in grid.items() if k not in (KICK, SNARE, CLAP)}, dyn)
            groove(self.kit, start + half * BAR, bars - half, grid, dyn, stop_at=8)
        else:
            groove(self.kit, start, bars, grid, dyn, stop_at=8 if last else 16)
        if kind not in ("intro", "a", "bridge", "breakdown"):
            self.kit.add(start, 1.0, CRASH, round(100 * dyn))
        if last:
            fill(self.kit, start + bars * BAR - 2, 2, 56 if self.style.fills_soft else 70,
                 toms=not self.style.fills_soft)


def embellish(tune: str) -> str:
    """The tune varied for its last time round: a note of a beat or more that leads to another
    gives up its last half beat to a chromatic approach to the next note, from the side it
    comes from (an off-beat passing tone that resolves by a half step, as a player would
    ornament it)."""
    notes = notes_of(tune)
    out = []
    for i, (pitch, length) in enumerate(notes):
        following = notes[i + 1][0] if i + 1 < len(notes) else None
        if pitch is not None and following is not None and length >= 1 and following != pitch:
            approach = following - 1 if following > pitch else following + 1
            out += [f"{_name(pitch)} {length - 0.5:g}", f"{_name(approach)} 0.5"]
        else:
            out.append(f"{'r' if pitch is None else _name(pitch)} {length:g}")
    return " ".join(out)


def first_beats(tune: str, beats: float) -> str:
    """The opening `beats` of a tune (its motif), padded with a rest."""
    out, t = [], 0.0
    for pitch, length in notes_of(tune):
        if t >= beats:
            break
        length = min(length, beats - t)
        out.append(f"{'r' if pitch is None else _name(pitch)} {length:g}")
        t += length
    return " ".join(out + [f"r {BAR * 2 - beats:g}"])


def _name(key: int) -> str:
    names = {v: k for k, v in NOTE_NAMES.items() if len(k) == 1 or k[1] == "b"}
    return f"{names[key % 12]}{key // 12 - 1}"


# ---------------------------------------------------------------- the tracks
EIGHTHS = "x.x.x.x.x.x.x.x."
SIXTEENTHS = "xoxoxoxoxoxoxoxo"


def title() -> Style:
    """Title and lobby: a bouncy marimba welcome, C major, 120 bpm (the last A in D)."""
    return Style(
        "title", 120,
        intro="C | Am | F | G",
        a=Theme("C | Am | F | G | C | Am | Dm7 | G7",
                "E5 .5 G5 .5 C6 1 G5 .5 E5 .5 G5 1  A5 .5 G5 .5 E5 .5 C5 .5 E5 1 r 1 "
                "F5 .5 A5 .5 C6 1 A5 .5 F5 .5 A5 1  B5 .5 A5 .5 G5 .5 D5 .5 G5 1 r 1 "
                "E5 .5 G5 .5 C6 1 D6 .5 C6 .5 G5 1  A5 .5 C6 .5 E6 1 D6 .5 C6 .5 A5 1 "
                "F5 .5 E5 .5 D5 .5 F5 .5 A5 1 C6 1  B5 .5 D6 .5 G5 .5 F5 .5 D5 1 G5 1"),
        b=Theme("F | G | Em | Am | Dm | G | C | C7",
                "A5 1 G5 .5 F5 .5 E5 1 C5 1  D5 .5 E5 .5 F5 .5 G5 .5 B5 2  G5 1 E5 .5 G5 .5 B5 1 G5 1 "
                "A5 .5 G5 .5 E5 .5 C5 .5 A4 2  F5 1 A5 .5 F5 .5 D5 1 F5 1  B4 .5 D5 .5 G5 .5 F5 .5 D5 2 "
                "E5 .5 G5 .5 C6 .5 G5 .5 E5 1 G5 1  Bb5 1 G5 .5 E5 .5 C5 1 r 1"),
        bridge=Theme("Am | Em | F | C | Dm | Am | Bb | G",
                     "C6 2 B5 1 A5 1  G5 2 E5 2  F5 1 A5 1 C6 1 A5 1  G5 3 r 1 "
                     "F5 1 E5 1 D5 1 F5 1  E5 2 C5 1 A4 1  Bb4 1 D5 1 F5 1 Bb5 1  A5 .5 G5 .5 F5 .5 E5 .5 D5 2"),
        turnaround="D | Bb | C | G7",
        band=Band(lead=MARIMBA, lead2=FLUTE, bell=GLOCK, counter=VIBES, comp=EPIANO, pad=STRINGS,
                  bass=FINGER_BASS, kit=STANDARD, volumes={"lead": 110, "lead2": 92}),
        grooves={0: {KICK: "x.........x.....", SIDE: "........x.......", SHAKER: EIGHTHS},
                 1: {KICK: "x.......x.......", CLAP: "....x.......x...", SHAKER: EIGHTHS},
                 2: {KICK: "x.....x.x.......", SNARE: "....x.......x...", HAT: EIGHTHS, TAMB: "......x.......x."},
                 3: {KICK: "x.....x.x.x.....", SNARE: "....x.......x..o", HAT: "x.xox.x.x.xox...",
                     OPEN_HAT: "..............x.", TAMB: "......x.......x."}},
        basses={0: [(0, 0, 1.9), (2, 2, 1.9)],
                1: [(0, 0, .9), (1, 2, .4), (1.5, 7, .4), (2, 0, .9), (3, 1, .4), (3.5, 2, .4)],
                2: [(0, 0, .9), (1, 2, .4), (1.5, 7, .4), (2, 0, .4), (2.5, 1, .4), (3, 2, .4), (3.5, 9, .4)]},
    )


def rush() -> Style:
    """The Rush: a jaunty shopping-mall groove, F major, 135 bpm, vibraphone and sax over slap bass."""
    return Style(
        "rush", 135,
        intro="F | Dm | Bb | C7",
        a=Theme("F | Dm | Bb | C | F | Dm | Gm7 | C7",
                "C5 .5 F5 .5 A5 .5 C6 .5 r .5 A5 .5 C6 1  D6 .5 C6 .5 A5 .5 F5 .5 r .5 D5 .5 F5 1 "
                "Bb5 .5 A5 .5 G5 .5 F5 .5 D5 1 F5 1  E5 .5 F5 .5 G5 .5 A5 .5 G5 1 C5 1 "
                "C5 .5 F5 .5 A5 .5 C6 .5 r .5 A5 .5 F6 1  D6 .5 E6 .5 F6 .5 D6 .5 A5 1 F5 1 "
                "G5 .5 Bb5 .5 D6 .5 Bb5 .5 A5 .5 G5 .5 F5 1  E5 .5 G5 .5 Bb5 .5 C6 .5 E6 1 r 1"),
        b=Theme("Bb | C | Am | Dm | Gm7 | C7 | F | C7",
                "D5 .5 F5 .5 Bb5 1 A5 .5 G5 .5 F5 1  E5 .5 G5 .5 C6 1 Bb5 .5 A5 .5 G5 1 "
                "A5 1 E5 .5 A5 .5 C6 1 B5 .5 A5 .5  D6 1.5 C6 .5 A5 1 F5 1 "
                "G5 .5 Bb5 .5 D6 .5 F6 .5 D6 1 Bb5 1  C6 .5 Bb5 .5 G5 .5 E5 .5 C5 1 E5 1 "
                "F5 .5 A5 .5 C6 1 A5 .5 F5 .5 C5 1  E5 .5 G5 .5 Bb5 .5 C6 .5 E6 1 r 1"),
        bridge=Theme("Dm | Am | Bb | F | Gm | Dm | Eb | C7",
                     "F5 1 A5 1 D6 2  C6 1 B5 .5 A5 .5 E5 2  D5 1 F5 1 Bb5 1.5 A5 .5  A5 2 F5 2 "
                     "G5 1 Bb5 1 D6 1.5 C6 .5  A5 2 F5 1 D5 1  Eb5 1 G5 1 Bb5 2  C6 .5 Bb5 .5 G5 .5 E5 .5 C5 2"),
        turnaround="G | Eb | F | C7",
        form=("intro", "a", "a2", "b", "a3", "bridge", "breakdown", "b2", "a4", "turnaround"),
        band=Band(lead=VIBES, lead2=ALTO_SAX, bell=GLOCK, counter=PERC_ORGAN, comp=CLEAN_GTR, pad=DRAWBAR,
                  bass=SLAP_BASS, kit=STANDARD, comp_hits=((.5, .3), (1.5, .3), (2.5, .3), (3.5, .3)),
                  volumes={"lead": 108, "comp": 70, "pad": 48}, octaves={"lead2": -12}),
        grooves={0: {KICK: "x.....x.........", SNARE: "........x.......", HAT: EIGHTHS},
                 1: {KICK: "x.....x.x.......", SNARE: "....x.......x...", HAT: EIGHTHS},
                 2: {KICK: "x.....x.x.......", SNARE: "....x.......x...", HAT: EIGHTHS, TAMB: "......x.......x."},
                 3: {KICK: "x.....x.x.....x.", SNARE: "....x.......x..o", HAT: "x.xox.x.x.xox...",
                     OPEN_HAT: "..............x.", TAMB: "......x.......x."}},
        basses={0: [(0, 0, 1.9), (2, 2, 1.9)],
                1: [(0, 0, .4), (.75, 0, .2), (1.5, 7, .4), (2, 2, .4), (3, 1, .4), (3.5, 7, .4)],
                2: [(0, 0, .4), (.75, 0, .2), (1.5, 7, .4), (2, 2, .4), (2.75, 2, .2), (3, 1, .4), (3.5, 9, .4)]},
        drive=Drive(STANDARD, {SHAKER: SIXTEENTHS, CLAP: "....x.......x...",
                               CONGA_HI: "..x...x..x.x..x...x...x..x.x.xx.", CONGA_LO: "x.......x.......x.....x.x.......",
                               TAMB: "..............x...............xx"}),
    )


def memory() -> Style:
    """Memory: thoughtful, A minor, 100 bpm: Rhodes and celesta over fretless bass and brushes."""
    return Style(
        "memory", 100,
        intro="Am7 | Fmaj7 | Am7 | E7",
        a=Theme("Am7 | Fmaj7 | C | G | Am7 | Fmaj7 | Dm7 | E7",
                "E5 1.5 D5 .5 C5 1 A4 1  C5 1.5 B4 .5 A4 1 F4 1  G4 .5 C5 .5 E5 1 G5 1.5 E5 .5  D5 3 r 1 "
                "E5 1.5 D5 .5 C5 1 E5 1  A5 1.5 G5 .5 F5 1 E5 1  D5 .5 E5 .5 F5 .5 A5 .5 C6 1 A5 1 "
                "G#5 2 B5 1 D6 1"),
        b=Theme("Fmaj7 | G | Em7 | Am7 | Dm7 | G | Cmaj7 | E7",
                "A5 .5 C6 .5 E6 1 C6 1 A5 1  B5 .5 D6 .5 G6 1 D6 1 B5 1  G5 .5 B5 .5 E6 1 D6 1 B5 1 "
                "C6 2 A5 2  F5 .5 A5 .5 C6 1 A5 1 F5 1  D6 1 B5 1 G5 1 D5 1  E5 .5 G5 .5 B5 1 C6 2 "
                "B5 1 G#5 1 E5 1 D5 1"),
        bridge=Theme("Dm7 | G7 | Cmaj7 | Fmaj7 | Bm7b5 | E7 | Am7 | Am7",
                     "C6 2 A5 1 F5 1  B5 2 G5 1 F5 1  E5 2 G5 1 B5 1  A5 3 r 1 "
                     "A5 2 F5 1 D5 1  G#5 2 E5 1 D5 1  C5 1 E5 1 A5 2  G5 1 E5 1 C5 1 B4 1"),
        turnaround="Bm7 | Gmaj7 | Fmaj7 | E7",
        form=("intro", "a", "b", "a2", "bridge", "b2", "a4", "turnaround"),
        band=Band(lead=EPIANO, lead2=CELESTA, bell=MUSIC_BOX, counter=SLOW_STRINGS, comp=NYLON, pad=WARM_PAD,
                  bass=FRETLESS, kit=BRUSH_KIT, comp_arp=(.5, (0, 1, 2, 3, 2, 1, 2, 1)), comp_centre=60,
                  volumes={"lead": 106, "lead2": 96, "comp": 62, "bell": 58, "kit": 80}),
        grooves={0: {KICK: "x.........x.....", RIDE: "x...x...x...x..."},
                 1: {KICK: "x.........x.....", SNARE: "....o.......o...", RIDE: "x...x.x.x...x.x."},
                 2: {KICK: "x.....x...x.....", SNARE: "....x.......x...", RIDE: "x...x.x.x...x.x."},
                 3: {KICK: "x.....x...x.....", SNARE: "....x.......x...", RIDE: "x...x.x.x...x.x.",
                     PEDAL: "....x.......x..."}},
        basses={0: [(0, 0, 3.8)],
                1: [(0, 0, 1.9), (2, 2, 1.9)],
                2: [(0, 0, 1.4), (1.5, 2, .4), (2, 7, .9), (3, 2, .9)]},
        drive=Drive(STANDARD, {HAT: "x-o-x-o-x-o-x-o-", WOOD_HI: "x...x...x...x...", WOOD_LO: "..o...o...o...o.",
                               SHAKER: "..............o-..............xo"}),
        swing=0.04, fills_soft=True,
    )


def tidy() -> Style:
    """Tidying Up: tidy and bouncy, G major, 120 bpm: clarinet and xylophone over tuba and pizzicato."""
    return Style(
        "tidy", 120,
        intro="G | C | D7 | G",
        a=Theme("G | D7 | G | C | G | Em | A7 | D7",
                "D5 .5 G5 .5 B5 .5 G5 .5 D5 1 B4 1  C5 .5 D5 .5 F#5 .5 A5 .5 C6 1 A5 1 "
                "B5 .5 A5 .5 G5 .5 F#5 .5 G5 1 D5 1  E5 .5 G5 .5 C6 .5 G5 .5 E5 1 C5 1 "
                "D5 .5 G5 .5 B5 .5 D6 .5 B5 1 G5 1  E5 .5 G5 .5 B5 .5 G5 .5 E5 2 "
                "C#5 .5 E5 .5 G5 .5 A5 .5 C#6 1 A5 1  D6 .5 C6 .5 A5 .5 F#5 .5 D5 1 r 1"),
        b=Theme("C | D | Bm | Em | Am | D | G | D7",
                "E6 .5 D6 .5 C6 .5 G5 .5 E5 1 G5 1  F#5 .5 A5 .5 D6 .5 A5 .5 F#5 1 D5 1 "
                "D5 .5 F#5 .5 B5 1 A5 .5 F#5 .5 D5 1  E5 .5 G5 .5 B5 .5 E6 .5 B5 2 "
                "C6 .5 B5 .5 A5 .5 E5 .5 C5 1 E5 1  F#5 .5 E5 .5 D5 .5 F#5 .5 A5 1 C6 1 "
                "B5 .5 D6 .5 G6 1 D6 .5 B5 .5 G5 1  F#5 .5 G5 .5 A5 .5 C6 .5 D6 1 r 1"),
        bridge=Theme("Em | B7 | Em | C | Am | D | G | B7",
                     "E4 1 G4 1 B4 2  A4 1 F#4 1 D#4 2  E4 .5 F#4 .5 G4 .5 A4 .5 B4 2  C5 1 B4 1 G4 1 E4 1 "
                     "A4 1 C5 1 E5 2  D5 1 C5 1 A4 1 F#4 1  G4 2 B4 1 D5 1  D#5 1 F#5 1 A5 1 B5 1"),
        turnaround="A | F | G | D7",
        band=Band(lead=CLARINET, lead2=XYLO, bell=GLOCK, counter=BASSOON, comp=PIZZ, pad=STRINGS,
                  bass=TUBA, kit=STANDARD, comp_hits=((1, .3), (3, .3)), comp_centre=64,
                  volumes={"lead": 100, "lead2": 104, "comp": 84, "bass": 104}),
        grooves={0: {KICK: "x.......x.......", SIDE: "....x.......x..."},
                 1: {KICK: "x.......x.......", SNARE: "....o.......o...", WOOD_HI: "..x...x...x...x."},
                 2: {KICK: "x.......x.......", SNARE: "....x.......x...", HAT: EIGHTHS, WOOD_HI: "..x...x...x...x."},
                 3: {KICK: "x.......x.......", SNARE: "....x.......x...", HAT: EIGHTHS, WOOD_HI: "..x...x...x...x.",
                     TRIANGLE: "x..............."}},
        basses={0: [(0, 0, 1.8), (2, 2, 1.8)],
                1: [(0, 0, .45), (2, 2, .45)],
                2: [(0, 0, .45), (2, 2, .45), (3.5, 9, .3)]},
        drive=Drive(STANDARD, {SNARE: "x.o.xoo.x.o.xoo.x.o.xoo.x.o.xoxx", CLAVES: "..x...x...x...x.",
                               TAMB: "....x.......x..."}),
    )


def table() -> Style:
    """The dice table: a lounge-funk groove, D dorian, 105 bpm, sax and muted trumpet over clavinet."""
    return Style(
        "table", 105,
        intro="Dm7 | G7 | Dm7 | A7",
        a=Theme("Dm7 | G7 | Dm7 | G7 | Dm7 | G7 | Em7 | A7",
                "D5 .75 F5 .25 r .5 A5 .5 C6 1 A5 1  B5 .5 A5 .25 G5 .25 F5 1 D5 1 r 1 "
                "D5 .75 F5 .25 r .5 A5 .5 D6 1 C6 1  B5 .5 D6 .5 B5 .5 G5 .5 F5 2 "
                "A5 .5 A5 .25 A5 .25 C6 .5 A5 .5 G5 .5 F5 .5 D5 1  F5 .5 G5 .5 B5 .5 D6 .5 F6 1 D6 1 "
                "E6 .5 D6 .5 B5 .5 G5 .5 E5 1 G5 1  A5 .5 C#6 .5 E6 .5 G6 .5 E6 .5 C#6 .5 A5 1"),
        b=Theme("Bbmaj7 | A7 | Dm7 | Dm7 | Gm7 | C7 | Fmaj7 | A7",
                "D6 1 A5 .5 F5 .5 D5 1 F5 1  E5 .5 G5 .5 C#6 1 A5 2  r .5 D6 .5 C6 .5 A5 .5 F5 1 A5 1 "
                "C6 2 r 2  Bb5 .5 A5 .5 G5 .5 F5 .5 D5 1 F5 1  E5 .5 G5 .5 Bb5 .5 C6 .5 E6 1 C6 1 "
                "A5 .5 C6 .5 E6 1 C6 1 A5 1  G5 .5 E5 .5 C#5 .5 E5 .5 A5 2"),
        bridge=Theme("Gm7 | C7 | Fmaj7 | Bbmaj7 | Em7b5 | A7 | Dm7 | A7",
                     "D6 2 Bb5 1 F5 1  E5 2 G5 1 Bb5 1  A5 2 E5 2  D5 2 F5 1 A5 1 "
                     "G5 2 Bb5 1 D6 1  C#6 2 A5 1 E5 1  F5 1 A5 1 C6 1 D6 1  E6 1 C#6 1 A5 1 G5 1"),
        turnaround="Em7 | Cmaj7 | Bbmaj7 | A7",
        form=("intro", "a", "b", "a2", "bridge", "b2", "a4", "turnaround"),
        band=Band(lead=ALTO_SAX, lead2=MUTED_TRUMPET, bell=VIBES, counter=TENOR_SAX, comp=CLAV, pad=EPIANO,
                  bass=FINGER_BASS, kit=STANDARD,
                  comp_hits=((0, .2), (.75, .2), (1.5, .2), (2, .2), (2.75, .2), (3.5, .2)),
                  volumes={"comp": 66, "pad": 60, "lead2": 100}, octaves={"lead": -12, "lead2": -12, "bell": -12}),
        grooves={0: {KICK: "x.........x.....", SNARE: "........x.......", HAT: EIGHTHS},
                 1: {KICK: "x..x......x.....", SNARE: "....x.......x...", HAT: SIXTEENTHS},
                 2: {KICK: "x..x..x...x..x..", SNARE: "....x..o.o..x..o", HAT: SIXTEENTHS},
                 3: {KICK: "x..x..x...x..x..", SNARE: "....x..o.o..x..o", HAT: "xoxoxoxoxoxoxo.o",
                     OPEN_HAT: "..............x.", CLAP: "....x.......x..."}},
        basses={0: [(0, 0, 1.9), (2, 2, 1.9)],
                1: [(0, 0, .4), (.75, 0, .2), (1.5, 7, .25), (2, 2, .4), (3, 1, .25), (3.5, 2, .4)],
                2: [(0, 0, .4), (.75, 0, .2), (1, 7, .2), (1.5, 0, .25), (2.5, 2, .4), (3, 3, .25), (3.5, 9, .4)]},
        drive=Drive(STANDARD, {CONGA_HI: "..x..x....x..x....x..x....x.xx..", CONGA_LO: "x......x.....x..x......x.....x..",
                               SHAKER: SIXTEENTHS, COWBELL: "x.......x.......", BONGO_HI: "." * 28 + "x.xx"}),
        swing=0.05,
    )


def bonus_round() -> Style:
    """The bonus round: tense, C minor, 140 bpm: string ostinato, horn and timpani; the drive is the beat."""
    return Style(
        "bonus_round", 140,
        intro="Cm | Ab | Fm | G",
        a=Theme("Cm | Ab | Fm | G | Cm | Ab | Dm7b5 | G7",
                "G4 1 C5 1 Eb5 1.5 D5 .5  C5 2 Ab4 2  F4 1 Ab4 1 C5 1.5 Bb4 .5  B4 3 r 1 "
                "G4 1 C5 1 G5 1.5 F5 .5  Eb5 2 C5 2  D5 1 F5 1 Ab5 1 F5 1  G5 .5 F5 .5 D5 .5 B4 .5 G4 2"),
        b=Theme("Ab | Bb | Gm | Cm | Fm | Bb | Eb | G7",
                "C6 1 Bb5 .5 Ab5 .5 Eb5 2  D6 1 C6 .5 Bb5 .5 F5 2  G5 .5 Bb5 .5 D6 1 Bb5 .5 G5 .5 D5 1 "
                "Eb5 .5 G5 .5 C6 3  Ab5 1 G5 .5 F5 .5 C5 2  D5 .5 F5 .5 Bb5 1 D6 2 "
                "Eb6 1 D6 .5 C6 .5 Bb5 1 G5 1  B5 1 D6 1 F6 1 G6 1"),
        bridge=Theme("Fm | Cm | Db | Ab | Fm | Cm | Db | G",
                     "C5 2 Ab4 2  G4 2 Eb5 2  F5 2 Ab5 2  Eb5 4  F5 2 C6 2  Eb6 2 G5 2  Ab5 2 Db6 2  B5 2 D6 2"),
        turnaround="Dm | Bb | Ab | G7",
        form=("intro", "a", "a2", "b", "a3", "bridge", "breakdown", "b2", "a4", "turnaround"),
        band=Band(lead=HORN, lead2=TRUMPET, bell=TUBULAR, counter=TROMBONE, comp=STRINGS, pad=TREMOLO,
                  bass=SYNTH_BASS, kit=ORCHESTRA, comp_arp=(.5, (0, 0, 2, 0, 1, 0, 2, 1)), comp_centre=60,
                  volumes={"lead": 112, "comp": 82, "pad": 50, "bell": 52}, octaves={"lead": -12, "bell": 0}),
        grooves={0: {KICK: "x...............", CLAVES: "x.x.x.x.x.x.x.x."},
                 1: {KICK: "x.......x.......", CLAVES: "x.x.x.x.x.x.x.x."},
                 2: {KICK: "x.......x.......", SNARE: "....o.......o.oo", CLAVES: "x.x.x.x.x.x.x.x."},
                 3: {KICK: "x.....x.x.......", SNARE: "....x.......x.oo", CLAVES: "x.x.x.x.x.x.x.x."}},
        basses={0: [(0, 0, 3.8)],
                1: [(i / 2, 0, .4) for i in range(8)],
                2: [(i / 2, 7 if i in (3, 7) else 0, .4) for i in range(8)]},
        drive=Drive(STANDARD, {KICK: "x...x...x...x...", SNARE: "....x.......x.......x.......x.xx",
                               HAT: "xox.xox.xox.xox.", OPEN_HAT: "..x...x...x...x."}),
        fills_soft=False,
    )


def results() -> Style:
    """Results: a proud, happy march, G major, 108 bpm, trumpet over brass; the bridge is the trio in C."""
    return Style(
        "results", 108,
        intro="G | C | D | D7",
        a=Theme("G | D | Em | C | G | D | C | D7",
                "G4 .5 B4 .5 D5 1 G5 1 D5 1  F#5 .5 E5 .5 D5 1 A4 2  B4 .5 D5 .5 E5 1 G5 1 E5 1 "
                "C5 .5 E5 .5 G5 1 E5 2  G4 .5 B4 .5 D5 1 G5 1 B5 1  A5 .5 G5 .5 F#5 1 D5 1 F#5 1 "
                "E5 .5 F#5 .5 G5 1 C6 1 E5 1  D5 .5 F#5 .5 A5 1 C6 1 r 1"),
        b=Theme("C | G | Am | D | C | G | Am7 D7 | G",
                "E5 1 G5 1 C6 1.5 B5 .5  B5 1 D6 1 G5 2  A5 1 C6 1 E6 1.5 D6 .5  C6 1 A5 1 F#5 2 "
                "G5 .5 A5 .5 G5 .5 E5 .5 C5 1 E5 1  D5 .5 G5 .5 B5 .5 D6 .5 G6 2 "
                "A5 .5 C6 .5 E6 1 F#6 .5 E6 .5 D6 .5 C6 .5  B5 1 G5 1 G6 2"),
        bridge=Theme("C | F | G7 | C | Am | D7 | G | G7",
                     "E5 2 G5 1 E5 1  F5 2 A5 1 C6 1  B5 2 D6 1 B5 1  C6 3 r 1 "
                     "C6 2 A5 1 E5 1  F#5 2 A5 1 D6 1  D6 2 B5 1 G5 1  F5 1 D5 1 B4 1 G4 1"),
        turnaround="A | F | G | D7",
        form=("intro", "a", "a2", "b", "bridge", "b2", "a4", "turnaround"),
        band=Band(lead=TRUMPET, lead2=HORN, bell=GLOCK, counter=FLUTE, comp=BRASS, pad=STRINGS,
                  bass=FINGER_BASS, kit=STANDARD, comp_hits=((0, .4), (1.5, .4), (2, .9)),
                  volumes={"lead": 104, "comp": 70}, octaves={"lead2": -12}),
        grooves={0: {KICK: "x.......x.......", SNARE: "....o.......o..."},
                 1: {KICK: "x.......x.......", SNARE: "....x.......x...", HAT: EIGHTHS},
                 2: {KICK: "x.......x.......", SNARE: "....x.......x.oo", HAT: EIGHTHS},
                 3: {KICK: "x.......x.......", SNARE: "x...x..ox...x.oo", HAT: EIGHTHS}},
        basses={0: [(0, 0, 1.9), (2, 2, 1.9)],
                1: [(0, 0, .9), (1, 2, .9), (2, 7, .9), (3, 2, .9)],
                2: [(0, 0, .9), (1, 2, .9), (2, 7, .9), (3, 9, .9)]},
    )


def speedrun() -> Style:
    """The speedrun: driving and focused, E minor, 150 bpm: saw lead, square arpeggios, an 808."""
    return Style(
        "speedrun", 150,
        intro="Em | C | G | D",
        a=Theme("Em | C | G | D | Em | C | Am | B7",
                "B4 .5 E5 .5 G5 .5 B5 .5 A5 .5 G5 .5 E5 1  G5 .5 E5 .5 C5 .5 E5 .5 G5 1 C6 1 "
                "B5 .5 A5 .5 G5 .5 D5 .5 B4 1 D5 1  F#5 .5 A5 .5 D6 .5 A5 .5 F#5 1 D5 1 "
                "E5 .5 G5 .5 B5 .5 E6 .5 D6 .5 B5 .5 G5 1  E6 1 C6 .5 G5 .5 E5 1 G5 1 "
                "A5 .5 C6 .5 E6 .5 C6 .5 A5 .5 E5 .5 C5 1  D#5 .5 F#5 .5 A5 .5 B5 .5 D#6 2"),
        b=Theme("C | D | Bm | Em | C | D | B7 | B7",
                "G5 .75 E5 .75 C6 .5 B5 1 G5 1  A5 .75 F#5 .75 D6 .5 C6 1 A5 1  B5 .75 F#5 .75 D6 .5 C#6 1 B5 1 "
                "E6 2 B5 1 G5 1  C6 .75 G5 .75 E6 .5 D6 1 C6 1  D6 .75 A5 .75 F#6 .5 E6 1 D6 1 "
                "D#6 1 B5 1 F#5 1 A5 1  B5 4"),
        bridge=Theme("Am | Em | F | C | Am | Em | F | B7",
                     "A5 2 C6 2  B5 2 G5 2  A5 2 C6 2  G5 4  E6 2 C6 2  B5 2 E6 2  F6 2 C6 2  D#6 2 F#6 2"),
        turnaround="F#m | D | C | B7",
        form=("intro", "a", "a2", "b", "a3", "bridge", "breakdown", "b2", "a4", "a5", "turnaround"),
        band=Band(lead=SAW, lead2=SQUARE, bell=CRYSTAL, counter=POLY_PAD, comp=SQUARE, pad=WARM_PAD,
                  bass=SYNTH_BASS2, kit=TR808, comp_arp=(.25, (0, 1, 2, 3, 2, 1, 0, 2)), comp_centre=66,
                  volumes={"lead": 92, "lead2": 84, "comp": 52, "counter": 56, "pad": 54}),
        grooves={0: {KICK: "x...............", HAT: "..x...x...x...x."},
                 1: {KICK: "x...x...x...x...", HAT: "..x...x...x...x.", CLAP: "....x.......x..."},
                 2: {KICK: "x...x...x...x...", HAT: "x...x...x...x...", OPEN_HAT: "..x...x...x...x.",
                     CLAP: "....x.......x..."},
                 3: {KICK: "x...x...x...x..x", HAT: "x.x.x.x.x.x.x.x.", OPEN_HAT: "..x...x...x...x.",
                     CLAP: "....x.......x...", SHAKER: SIXTEENTHS}},
        basses={0: [(0, 0, 3.8)],
                1: [(i / 2, 0, .4) for i in range(8)],
                2: [(i / 2, 7 if i % 2 else 0, .4) for i in range(8)]},
    )


STYLES: list[Callable[[], Style]] = [title, rush, memory, tidy, table, bonus_round, results, speedrun]


# ---------------------------------------------------------------- jingles
def jingle_sold_out() -> Song:
    """SOLD OUT!: a brass hit climbing to a crash, about 2.5 s."""
    lead, horns, timp, kit = Part("lead", 0, TRUMPET, 110), Part("horns", 1, BRASS, 96), \
        Part("timp", 2, TIMPANI, 100), Part("kit", DRUMS, 0, 100)
    melody(lead, "C5 .25 E5 .25 G5 .25 C6 .25 r .5 C6 .25 C6 .25 E6 2", 0, 104)
    comp(horns, progression("C", 0), [(0, .2), (.5, .2), (1.5, .2), (2, 2)], 66, 84)
    for i in range(6):
        timp.add(i * .25, .25, midi_note("C3"), 70 + i * 8)
    kit.add(1.5, .5, SNARE, 100)
    kit.add(2, 2, CRASH, 110)
    kit.add(2, .5, KICK, 110)
    return Song("sold_out", 150, 5, [lead, horns, timp, kit], loop=False)


def jingle_bonus() -> Song:
    """The bonus round begins: a glittering run up and a ta-da, about 2 s."""
    bell, lead, kit = Part("bell", 0, GLOCK, 110), Part("lead", 1, VIBES, 100), Part("kit", DRUMS, 0, 95)
    melody(bell, "C5 .125 E5 .125 G5 .125 C6 .125 E6 .125 G6 .125 C7 .25", 0, 96)
    melody(lead, "r 1 G5 .5 C6 .5 E6 2", 0, 100)
    kit.add(1, 1.5, CRASH, 100)
    kit.add(1, .5, TAMB, 100)
    kit.add(1.5, .5, TAMB, 90)
    return Song("bonus", 140, 5, [bell, lead, kit], loop=False)


def jingle_win() -> Song:
    """A win: the classic three pick-ups and a long fanfare chord, about 3.5 s."""
    lead, horns, timp, kit = Part("lead", 0, TRUMPET, 110), Part("horns", 1, BRASS, 90), \
        Part("timp", 2, TIMPANI, 96), Part("kit", DRUMS, 0, 100)
    melody(lead, "G4 .33 G4 .33 G4 .34 C5 1 G4 .5 C5 .5 E5 .5 G5 2.5", 0, 104)
    comp(horns, progression("C", 0), [(1, .8), (3.5, 2.5)], 66, 80)
    timp.add(3.5, 1, midi_note("C3"), 100)
    timp.add(3, .25, midi_note("G2"), 80)
    kit.add(3.5, 2, CRASH, 110)
    kit.add(3.5, .5, KICK, 110)
    return Song("win", 132, 8, [lead, horns, timp, kit], loop=False)


JINGLES: list[Callable[[], Song]] = [jingle_sold_out, jingle_bonus, jingle_win]


def songs() -> list[Song]:
    return [Arranger(style()).song() for style in STYLES] + [make() for make in JINGLES]


# ---------------------------------------------------------------- MIDI
def to_midi(song: Song, parts: list[Part], passes: int) -> mido.MidiFile:
    """The parts `passes` times in a row (then silence for the reverb tail), sixteenths swung."""
    midi = mido.MidiFile(ticks_per_beat=PPQ)
    meta = mido.MidiTrack()
    meta.append(mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(song.bpm), time=0))
    meta.append(mido.MetaMessage("end_of_track", time=round((song.beats * passes + TAIL_BEATS) * PPQ)))
    midi.tracks.append(meta)
    humanise = random.Random(song.name)
    for part in parts:
        track = mido.MidiTrack()
        ch = part.channel
        track.append(mido.Message("program_change", channel=ch, program=part.program, time=0))
        for control, value in ((7, part.volume), (10, 64), (91, part.reverb), (93, part.chorus)):
            track.append(mido.Message("control_change", channel=ch, control=control, value=value, time=0))
        jitter = [humanise.randint(-5, 5) for _ in part.notes]
        events: list[tuple[int, int, int, mido.Message]] = []
        for p in range(passes):
            for (start, length, key, vel), dv in zip(part.notes, jitter):
                on = round((swung(start, song.swing) + p * song.beats) * PPQ)
                off = on + max(1, round(length * PPQ))
                vel = max(1, min(127, vel + dv))
                events.append((on, 1, key, mido.Message("note_on", channel=ch, note=key, velocity=vel)))
                events.append((off, 0, key, mido.Message("note_off", channel=ch, note=key, velocity=0)))
        events.sort(key=lambda e: (e[0], e[1], e[2]))   # offs before ons at one tick
        now = 0
        for at, _, _, msg in events:
            track.append(msg.copy(time=at - now))
            now = at
        midi.tracks.append(track)
    return midi


def swung(beat: float, swing: float) -> float:
    """Off-beat sixteenths (x.25, x.75) come `swing` beats late."""
    frac = beat % 0.5
    return beat + swing if swing and abs(frac - 0.25) < 1e-6 else beat


# ---------------------------------------------------------------- audio
def frames_per_beat(bpm: int) -> int:
    """Every tempo here gives a whole number of frames a beat at RATE, so a beat, a bar, a drive
    loop and a track loop all start on a sample, and a drive loop fits a track loop exactly."""
    frames, rest = divmod(RATE * 60, bpm)
    assert rest == 0, f"{bpm} bpm is not a whole number of frames a beat at {RATE} Hz"
    return frames


def render(song: Song, passes: int, tmp: Path) -> array.array[float]:
    """FluidSynth -> mono samples (the mean of the two channels) at RATE."""
    mid, wav = tmp / "render.mid", tmp / "render.wav"
    to_midi(song, song.parts, passes).save(mid)
    subprocess.run(["fluidsynth", "-ni", "-q", "-g", "0.5", "-r", str(RATE), "-F", str(wav), "-T", "wav",
                    str(SOUNDFONT), str(mid)], check=True, stdout=subprocess.DEVNULL)
    with wave.open(str(wav), "rb") as w:
        assert w.getsampwidth() == 2, "fluidsynth should write 16-bit samples"
        channels = w.getnchannels()
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    if channels == 1:
        return array.array("f", data)
    return array.array("f", map(lambda a, b: (a + b) * 0.5, data[0::2], data[1::2]))


def crossfade_into(out: array.array[float], at: int, other: array.array[float], other_at: int, n: int = SEAM) -> None:
    """out[at-n:at] fades from itself into other[other_at-n:other_at]: out then ends on what
    precedes other[other_at], so other[other_at] may follow without a seam."""
    for i in range(n):
        w = (i + 1) / n
        j = at - n + i
        out[j] = out[j] * (1 - w) + other[other_at - n + i] * w


def loop_layout(song: Song, samples: array.array[float], head_bars: int) -> tuple[array.array[float], int]:
    """`head_bars` of pass one (as heard from silence, its end joined to pass two) + pass two as
    the loop (its end joined to its start). Returns the samples and the head's length in frames."""
    loop_frames = round(song.beats) * frames_per_beat(song.bpm)
    head_frames = head_bars * BAR * frames_per_beat(song.bpm)
    head = samples[:head_frames]
    loop = samples[loop_frames:2 * loop_frames]
    if head_frames:
        crossfade_into(head, head_frames, samples, loop_frames + head_frames)
    crossfade_into(loop, loop_frames, samples, loop_frames)
    return head + loop, head_frames


def jingle_layout(samples: array.array[float]) -> array.array[float]:
    """Trim the silence after the last sound; fade the last 100 ms."""
    last = max((i for i in range(len(samples) - 1, -1, -1) if abs(samples[i]) > 60), default=len(samples) - 1)
    out = samples[:last + 1]
    fade = min(len(out), RATE // 10)
    for i in range(fade):
        out[len(out) - fade + i] *= 1 - i / fade
    return out


def limit(samples: array.array[float], ceiling: float, block: int = 64) -> array.array[float]:
    """A look-ahead peak limiter: the gain dips (over about 12 ms, back over about 90 ms) around
    the few samples that would pass `ceiling`, and is 1 everywhere else."""
    blocks = (len(samples) + block - 1) // block
    need = [min(1.0, ceiling / max(1.0, max(map(abs, samples[k * block:(k + 1) * block])))) for k in range(blocks)]
    gain = [min(need[max(0, k - 1):k + 2]) for k in range(blocks)]     # hold over the neighbours
    for k in range(1, blocks):                                         # release
        gain[k] = min(gain[k], gain[k - 1] + 1 / 32)
    for k in range(blocks - 2, -1, -1):                                # attack, ahead of the peak
        gain[k] = min(gain[k], gain[k + 1] + 1 / 4)
    out = array.array("f", samples)
    for k in range(blocks):
        g0, g1 = gain[k], gain[k + 1] if k + 1 < blocks else gain[k]
        if g0 < 1.0 or g1 < 1.0:     # a straight line from this block's gain to the next one's
            for i in range(k * block, min(len(out), (k + 1) * block)):
                out[i] *= g0 + (g1 - g0) * (i - k * block) / block
    return out


def pcm(samples: array.array[float], gain: float, ceiling: float | None = CEILING) -> array.array[int]:
    """Float samples -> 16-bit, times `gain`, limited under `ceiling` (a fraction of full scale)."""
    scaled = array.array("f", (s * gain for s in samples))
    if ceiling is not None:
        scaled = limit(scaled, ceiling * 32767)
    return array.array("h", (max(-32767, min(32767, round(s))) for s in scaled))


def write_wav(data: array.array[int], path: Path) -> None:
    out = array.array("h", data)
    if sys.byteorder == "big":
        out.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(out.tobytes())


def loudness(data: array.array[int], tmp: Path) -> float:
    """Integrated loudness (LUFS, EBU R128) as ffmpeg's ebur128 filter measures it."""
    probe = tmp / "probe.wav"
    write_wav(data, probe)
    done = subprocess.run(["ffmpeg", "-nostats", "-hide_banner", "-i", str(probe), "-af", "ebur128",
                           "-f", "null", "-"], capture_output=True, text=True, check=True)
    return float(re.findall(r"I:\s+(-?[\d.]+) LUFS", done.stderr)[-1])


def encode(data: array.array[int], path: Path, quality: str, tmp: Path) -> None:
    wav = tmp / "final.wav"
    write_wav(data, wav)
    subprocess.run(["oggenc", "-Q", "-q", quality, "-o", str(path), str(wav)], check=True)


def with_drive(base: array.array[int], drive: array.array[int]) -> tuple[array.array[int], int]:
    """base + the drive loop repeated under it (as the game mixes them at full drive), clipped
    as the game clips; also how many samples had to be clipped."""
    out, clipped = array.array("h"), 0
    n = len(drive)
    for i, s in enumerate(base):
        v = s + drive[i % n]
        if not -32767 <= v <= 32767:
            clipped += 1
            v = max(-32767, min(32767, v))
        out.append(v)
    return out, clipped


Info = dict[str, Any]   # a track's or jingle's figures, as tracks.toml holds them


def make_track(song: Song, tmp: Path) -> Info:
    base, head = loop_layout(song, render(song, 2, tmp), HEAD_BARS)
    gain = 10 ** ((TARGET_LUFS - loudness(pcm(base[head:], 1.0, None), tmp)) / 20)
    out = pcm(base, gain)
    encode(out, OUT / f"{song.name}.ogg", OGG_QUALITY["base"], tmp)
    loop = out[head:]
    info = {"bpm": song.bpm, "beats_per_bar": BAR, "head_frames": head, "loop_beats": round(song.beats),
            "loop_frames": len(loop), "sections": [beat for _, beat in song.sections],
            "section_names": [kind for kind, _ in song.sections],
            "seconds": round(len(loop) / RATE, 1), "lufs": round(loudness(loop, tmp), 1)}
    if song.drive is not None:
        raw = loop_layout(song.drive, render(song.drive, 2, tmp), 0)[0]
        drive_gain = 10 ** ((DRIVE_LUFS - loudness(pcm(raw * 8, 1.0, None), tmp)) / 20)
        drive = pcm(raw, drive_gain, None)
        encode(drive, OUT / f"{song.drive.name}.ogg", OGG_QUALITY["drive"], tmp)
        mixed, clipped = with_drive(loop, drive)
        info.update({"drive": song.drive.name, "drive_beats": round(song.drive.beats),
                     "lufs_with_drive": round(loudness(mixed, tmp), 1),
                     "clipped_with_drive": round(clipped / len(mixed), 6)})
    return info


def make_jingle(song: Song, tmp: Path) -> Info:
    samples = jingle_layout(render(song, 1, tmp))
    gain = 10 ** ((JINGLE_LUFS - loudness(pcm(samples, 1.0, None), tmp)) / 20)
    out = pcm(samples, gain)
    encode(out, OUT / f"{song.name}.ogg", OGG_QUALITY["jingle"], tmp)
    return {"seconds": round(len(out) / RATE, 2), "lufs": round(loudness(out, tmp), 1)}


# ---------------------------------------------------------------- metadata
MANIFEST = "tracks.toml"
TABLE_BEGIN, TABLE_END = "<!-- figures:begin -->", "<!-- figures:end -->"


def write_manifest(tracks: dict[str, Info], jingles: dict[str, Info]) -> None:
    lines = ["# Written by tools/make_music.py (do not edit): each track's tempo grid, head and loop,",
             "# where its sections begin, its drive layer and its measured loudness (EBU R128).", ""]
    for name, info in tracks.items():
        lines.append(f"[tracks.{name}]")
        lines += [f"{key} = {toml_value(value)}" for key, value in info.items()]
        lines.append("")
    for name, info in jingles.items():
        lines.append(f"[jingles.{name}]")
        lines += [f"{key} = {toml_value(value)}" for key, value in info.items()]
        lines.append("")
    (OUT / MANIFEST).write_text("\n".join(lines), encoding="utf-8")


def toml_value(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return str(value)


def write_figures(tracks: dict[str, Info], jingles: dict[str, Info]) -> None:
    """The loudness and length table in LICENSES.md, between its markers."""
    rows = ["| Track | Tempo | Loop | Sections | Loudness | With its drive layer |", "|---|---|---|---|---|---|"]
    for name, t in tracks.items():
        drive = f"{t['lufs_with_drive']} LUFS" if "drive" in t else "-"
        rows.append(f"| `{name}` | {t['bpm']} bpm | {t['seconds']} s ({t['loop_beats'] // BAR} bars) | "
                    f"{len(t['sections'])} | {t['lufs']} LUFS | {drive} |")
    rows += ["", "| Jingle | Length | Loudness |", "|---|---|---|"]
    rows += [f"| `{name}` | {j['seconds']} s | {j['lufs']} LUFS |" for name, j in jingles.items()]
    total = sum(t["seconds"] for t in tracks.values())
    size = sum(p.stat().st_size for p in OUT.iterdir() if p.is_file())
    rows += ["", f"{total / 60:.1f} minutes of distinct looping music; the folder holds "
             f"{size / 1e6:.1f} MB (OGG Vorbis, quality {OGG_QUALITY['base']} for the tracks, "
             f"{OGG_QUALITY['drive']} for the drive layers, {OGG_QUALITY['jingle']} for the jingles)."]
    path = OUT / "LICENSES.md"
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(TABLE_BEGIN)
    _, tail = rest.split(TABLE_END)
    path.write_text(head + TABLE_BEGIN + "\n" + "\n".join(rows) + "\n" + TABLE_END + tail, encoding="utf-8")


def read_manifest() -> tuple[dict[str, Info], dict[str, Info]]:
    path = OUT / MANIFEST
    if not path.is_file():
        return {}, {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return dict(data.get("tracks", {})), dict(data.get("jingles", {}))


def write_sources(song: Song) -> None:
    to_midi(song, song.parts, 1).save(OUT / f"{song.name}.mid")
    if song.drive is not None:
        to_midi(song.drive, song.drive.parts, 1).save(OUT / f"{song.drive.name}.mid")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--midi-only", action="store_true", help="write the .mid sources only")
    parser.add_argument("names", nargs="*", help="only these tracks and jingles (default: all)")
    args = parser.parse_args(argv)
    if not args.midi_only:
        missing = [t for t in ("fluidsynth", "oggenc", "ffmpeg") if shutil.which(t) is None]
        if missing or not SOUNDFONT.is_file():
            print(f"make_music: need {', '.join(missing) or SOUNDFONT}; "
                  "apt-get install fluidsynth fluid-soundfont-gm vorbis-tools ffmpeg", file=sys.stderr)
            return 2
    OUT.mkdir(parents=True, exist_ok=True)
    tracks, jingles = read_manifest()
    for song in songs():
        if args.names and song.name not in args.names:
            continue
        write_sources(song)
        if args.midi_only:
            continue
        with tempfile.TemporaryDirectory() as folder:
            if song.loop:
                tracks[song.name] = make_track(song, Path(folder))
                info = tracks[song.name]
            else:
                jingles[song.name] = info = make_jingle(song, Path(folder))
        print(f"{song.name}: {info['seconds']} s, {info['lufs']} LUFS", flush=True)
    if not args.midi_only:
        order = [s.name for s in songs()]
        write_manifest({n: tracks[n] for n in order if n in tracks}, {n: jingles[n] for n in order if n in jingles})
        write_figures({n: tracks[n] for n in order if n in tracks}, {n: jingles[n] for n in order if n in jingles})
    return 0


if __name__ == "__main__":
    sys.exit(main())
