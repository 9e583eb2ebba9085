"""Compose the game's music as MIDI, render it with FluidSynth, encode it to OGG.

Run:  python tools/make_music.py            (needs: pip install mido;
                                             apt-get install fluidsynth fluid-soundfont-gm vorbis-tools)
      python tools/make_music.py --midi-only (writes only the .mid sources)

Everything is written here, note by note: four looping tracks (title, mall,
dice table, results) and three jingles (SOLD OUT!, bonus round, win). Each
loop is rendered twice in a row and the second pass is kept, so the reverb
tail of the loop's end sounds under its start: the loop point has no seam.
Output: assets/music/NAME.mid (the source) and NAME.ogg (what the game
streams), mono 22050 Hz like the sound effects. Same script, same MIDI bytes.
"""
from __future__ import annotations

import argparse
import array
import shutil
import subprocess
import sys
import tempfile
import wave
from dataclasses import dataclass, field
from pathlib import Path

import mido

OUT = Path(__file__).resolve().parent.parent / "assets" / "music"
SOUNDFONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
RATE = 22050
PPQ = 480
TAIL_BEATS = 8          # rendered after the last note so reverb can ring out
PEAK = 0.72             # normalised peak: headroom under the effects
OGG_QUALITY = "1"       # vorbis -q: small files, still clean at TV volume

# General MIDI programs (0-based) and drum keys used below.
MARIMBA, VIBES, GLOCK, XYLO, EPIANO, STEEL_GTR, PIZZ = 12, 11, 9, 13, 4, 25, 45
FINGER_BASS, SLAP_BASS, SYNTH_BASS = 33, 36, 38
TRUMPET, BRASS, STRINGS, TIMPANI, FLUTE, ORGAN = 56, 61, 48, 47, 73, 16
KICK, SNARE, CLAP, HAT, OPEN_HAT, CRASH, TAMB, SHAKER, COWBELL, HI_TOM, LO_TOM = \
    36, 38, 39, 42, 46, 49, 54, 70, 56, 50, 45
DRUMS = 9

NOTE_NAMES = {"C": 0, "C#": 1, "Db": 1, "D": 2, "D#": 3, "Eb": 3, "E": 4, "F": 5, "F#": 6, "Gb": 6,
              "G": 7, "G#": 8, "Ab": 8, "A": 9, "A#": 10, "Bb": 10, "B": 11}
# Chord symbols -> semitones above the root.
QUALITIES = {"": (0, 4, 7), "m": (0, 3, 7), "7": (0, 4, 7, 10), "maj7": (0, 4, 7, 11), "m7": (0, 3, 7, 10),
             "sus4": (0, 5, 7), "6": (0, 4, 7, 9)}


def midi_note(name: str) -> int:
    """'C4' -> 60, 'F#5' -> 78."""
    pitch, octave = name[:-1], int(name[-1])
    return 12 * (octave + 1) + NOTE_NAMES[pitch]


def chord(symbol: str) -> tuple[int, tuple[int, ...]]:
    """'Am7' -> (pitch class of A, intervals)."""
    root = symbol[:2] if len(symbol) > 1 and symbol[1] in "#b" else symbol[:1]
    return NOTE_NAMES[root], QUALITIES[symbol[len(root):]]


@dataclass
class Part:
    channel: int
    program: int
    volume: int = 100
    pan: int = 64
    notes: list[tuple[float, float, int, int]] = field(default_factory=list)   # start, length (beats), key, vel

    def add(self, start: float, length: float, key: int, vel: int) -> None:
        self.notes.append((start, length, key, max(1, min(127, vel))))


@dataclass
class Song:
    name: str
    bpm: int
    beats: float                      # length of the loop (or jingle) in beats
    parts: list[Part]
    loop: bool = True


# ---------------------------------------------------------------- writing parts
def melody(part: Part, text: str, start: float = 0.0, vel: int = 96, transpose: int = 0) -> float:
    """Notes as 'E5 1  G5 .5  r .5 ...': a pitch (or r for a rest) and a length in beats.
    Returns the beat after the last note."""
    tokens = text.split()
    t = start
    for name, length in zip(tokens[::2], tokens[1::2]):
        beats = float(length)
        if name != "r":
            accent = 8 if t % 1 == 0 else 0
            part.add(t, beats * 0.92, midi_note(name) + transpose, vel + accent)
        t += beats
    return t


def bassline(part: Part, progression: list[str], pattern: list[tuple[float, int, float]], octave: int = 2,
             start: float = 0.0, vel: int = 100) -> None:
    """One bar per chord; pattern = (beat, chord-tone index or 7 for the octave, length)."""
    for bar, symbol in enumerate(progression):
        root, ivs = chord(symbol)
        base = 12 * (octave + 1) + root
        for beat, tone, length in pattern:
            key = base + 12 if tone == 7 else base + ivs[tone % len(ivs)]
            part.add(start + bar * 4 + beat, length, key, vel)


def comp(part: Part, progression: list[str], hits: list[tuple[float, float]], octave: int = 4,
         start: float = 0.0, vel: int = 70) -> None:
    """Chord stabs per bar at (beat, length), voiced close above the octave's C."""
    for bar, symbol in enumerate(progression):
        root, ivs = chord(symbol)
        keys = [12 * (octave + 1) + (root + iv) % 12 for iv in ivs]
        for beat, length in hits:
            for key in keys:
                part.add(start + bar * 4 + beat, length, key, vel)


def arpeggio(part: Part, progression: list[str], step: float, order: list[int], octave: int = 5,
             start: float = 0.0, vel: int = 70) -> None:
    """Chord tones in `order` every `step` beats, one bar per chord."""
    for bar, symbol in enumerate(progression):
        root, ivs = chord(symbol)
        base = 12 * (octave + 1) + root
        n = int(4 / step)
        for i in range(n):
            tone = order[i % len(order)]
            key = base + ivs[tone % len(ivs)] + 12 * (tone // len(ivs))
            part.add(start + bar * 4 + i * step, step * 0.9, key, vel - (0 if i % 2 == 0 else 12))


def drums(part: Part, bars: int, pattern: dict[int, list[float]], start: float = 0.0, vel: int = 90) -> None:
    """pattern: drum key -> beats within a bar where it hits."""
    for bar in range(bars):
        for key, beats in pattern.items():
            for beat in beats:
                accent = 12 if beat % 2 == 0 else 0
                part.add(start + bar * 4 + beat, 0.25, key, vel - 14 + accent)


EIGHTHS = [i / 2 for i in range(8)]
BACKBEAT = {KICK: [0, 2, 2.5], SNARE: [1, 3], HAT: EIGHTHS}


# ---------------------------------------------------------------- the tracks
def title() -> Song:
    """Title and lobby: a bouncy marimba tune over electric piano, C major, 120 bpm."""
    prog = ["C", "Am", "F", "G", "C", "Am", "Dm7", "G7"]
    lead, keys, bass, kit = Part(0, MARIMBA, 110), Part(1, EPIANO, 80, 40), Part(2, FINGER_BASS, 105), \
        Part(DRUMS, 0, 85)
    tune_a = ("E5 .5 G5 .5 C6 1 G5 .5 E5 .5 G5 1 "
              "A5 .5 G5 .5 E5 .5 C5 .5 E5 1 r 1 "
              "F5 .5 A5 .5 C6 1 A5 .5 F5 .5 A5 1 "
              "B5 .5 A5 .5 G5 .5 D5 .5 G5 1 r 1 ")
    tune_b = ("E5 .5 G5 .5 C6 1 D6 .5 C6 .5 G5 1 "
              "A5 .5 C6 .5 E6 1 D6 .5 C6 .5 A5 1 "
              "F5 .5 E5 .5 D5 .5 F5 .5 A5 1 C6 1 "
              "B5 .5 D6 .5 G5 .5 F5 .5 D5 1 G5 1 ")
    for rep in range(2):
        s = rep * 32
        melody(lead, tune_a + tune_b, s, 92)
        comp(keys, prog, [(0, 1.5), (1.5, .5), (2.5, 1.5)], 4, s, 62)
        bassline(bass, prog, [(0, 0, .9), (1, 2, .4), (1.5, 7, .4), (2, 0, .9), (3, 1, .4), (3.5, 2, .4)], 2, s)
        drums(kit, 8, {KICK: [0, 2], SNARE: [1, 3], HAT: EIGHTHS} if rep else
              {KICK: [0, 2], CLAP: [1, 3], SHAKER: EIGHTHS}, s)
    kit.add(0, .5, CRASH, 80)
    return Song("title", 120, 64, [lead, keys, bass, kit])


def mall() -> Song:
    """The mall: a shopping-trip bop, F major, 132 bpm, vibraphone and glockenspiel over slap bass."""
    prog = ["F", "Dm", "Bb", "C", "F", "Dm", "Gm7", "C7"]
    lead, bell, gtr, bass, kit = Part(0, VIBES, 105), Part(1, GLOCK, 60, 90), Part(2, STEEL_GTR, 72, 30), \
        Part(3, SLAP_BASS, 100), Part(DRUMS, 0, 85)
    tune_a = ("C5 .5 F5 .5 A5 .5 C6 .5 r .5 A5 .5 C6 1 "
              "D6 .5 C6 .5 A5 .5 F5 .5 r .5 D5 .5 F5 1 "
              "Bb5 .5 A5 .5 G5 .5 F5 .5 D5 1 F5 1 "
              "E5 .5 F5 .5 G5 .5 A5 .5 G5 1 C5 1 ")
    tune_b = ("C5 .5 F5 .5 A5 .5 C6 .5 r .5 A5 .5 F6 1 "
              "D6 .5 E6 .5 F6 .5 D6 .5 A5 1 F5 1 "
              "G5 .5 Bb5 .5 D6 .5 Bb5 .5 A5 .5 G5 .5 F5 1 "
              "E5 .5 G5 .5 Bb5 .5 C6 .5 E6 1 r 1 ")
    for rep in range(2):
        s = rep * 32
        end = melody(lead, tune_a + tune_b, s, 96)
        assert end == s + 32
        if rep:
            melody(bell, tune_a + tune_b, s, 70, transpose=12)
        comp(gtr, prog, [(0.5, .4), (1.5, .4), (2.5, .4), (3.5, .4)], 4, s, 58)
        bassline(bass, prog, [(0, 0, .4), (.75, 0, .2), (1.5, 7, .4), (2, 2, .4), (3, 1, .4), (3.5, 7, .4)], 2, s)
        drums(kit, 8, {KICK: [0, 1.5, 2], SNARE: [1, 3], HAT: EIGHTHS, TAMB: [1.5, 3.5]}, s)
    return Song("mall", 132, 64, [lead, bell, gtr, bass, kit])


def table() -> Song:
    """The dice table: quick and a little tense, D dorian, 144 bpm; pizzicato rattles like dice."""
    prog = ["Dm", "C", "Bb", "C", "Dm", "C", "Bb", "A7"]
    lead, pizz, bass, kit = Part(0, XYLO, 105), Part(1, PIZZ, 78, 84), Part(2, SYNTH_BASS, 95), \
        Part(DRUMS, 0, 88)
    tune_a = ("A5 .5 A5 .5 F5 .5 D5 .5 A5 1 G5 1 "
              "G5 .5 G5 .5 E5 .5 C5 .5 G5 1 F5 1 "
              "F5 .5 G5 .5 A5 .5 Bb5 .5 A5 .5 G5 .5 F5 1 "
              "E5 .5 F5 .5 G5 .5 E5 .5 C5 2 ")
    tune_b = ("D6 .5 C6 .5 A5 .5 F5 .5 D6 1 A5 1 "
              "C6 .5 Bb5 .5 G5 .5 E5 .5 C6 1 G5 1 "
              "Bb5 .5 A5 .5 G5 .5 F5 .5 G5 .5 A5 .5 Bb5 1 "
              "A5 .5 C#6 .5 E6 .5 C#6 .5 A5 2 ")
    for rep in range(2):
        s = rep * 32
        melody(lead, tune_a + tune_b, s, 94)
        arpeggio(pizz, prog, .5, [0, 1, 2, 3, 2, 1, 0, 2], 4, s, 70)
        bassline(bass, prog, [(0, 0, .4), (.5, 0, .4), (1.5, 7, .4), (2, 0, .4), (2.5, 2, .4), (3.5, 1, .4)], 2, s)
        drums(kit, 8, {KICK: [0, 1, 2, 3], CLAP: [1, 3], SHAKER: [i / 4 for i in range(16)],
                       COWBELL: [3.5] if rep else []}, s)
    return Song("table", 144, 64, [lead, pizz, bass, kit])


def results() -> Song:
    """Results: a proud, happy march, G major, 108 bpm, trumpet over brass stabs."""
    prog = ["G", "D", "Em", "C", "G", "D", "C", "D7"]
    lead, horns, strings, bass, kit = Part(0, TRUMPET, 100), Part(1, BRASS, 74, 44), Part(2, STRINGS, 60, 84), \
        Part(3, FINGER_BASS, 100), Part(DRUMS, 0, 85)
    tune_a = ("G4 .5 B4 .5 D5 1 G5 1 D5 1 "
              "F#5 .5 E5 .5 D5 1 A4 2 "
              "B4 .5 D5 .5 E5 1 G5 1 E5 1 "
              "C5 .5 E5 .5 G5 1 E5 2 ")
    tune_b = ("G4 .5 B4 .5 D5 1 G5 1 B5 1 "
              "A5 .5 G5 .5 F#5 1 D5 1 F#5 1 "
              "E5 .5 F#5 .5 G5 1 C6 1 E5 1 "
              "D5 .5 F#5 .5 A5 1 C6 1 r 1 ")
    for rep in range(2):
        s = rep * 32
        melody(lead, tune_a + tune_b, s, 92)
        comp(horns, prog, [(0, .4), (1.5, .4), (2, .9)], 4, s, 66)
        comp(strings, prog, [(0, 3.9)], 4, s, 44)
        bassline(bass, prog, [(0, 0, .9), (1, 2, .9), (2, 7, .9), (3, 2, .9)], 2, s)
        drums(kit, 8, {KICK: [0, 2], SNARE: [1, 3, 3.5] if rep else [1, 3], HAT: EIGHTHS}, s)
    kit.add(0, .5, CRASH, 82)
    return Song("results", 108, 64, [lead, horns, strings, bass, kit])


# ---------------------------------------------------------------- jingles
def jingle_sold_out() -> Song:
    """SOLD OUT!: a brass hit climbing to a crash, about 2.5 s."""
    lead, horns, timp, kit = Part(0, TRUMPET, 110), Part(1, BRASS, 96), Part(2, TIMPANI, 100), Part(DRUMS, 0, 100)
    melody(lead, "C5 .25 E5 .25 G5 .25 C6 .25 r .5 C6 .25 C6 .25 E6 2", 0, 104)
    comp(horns, ["C"], [(0, .2), (.5, .2), (1.5, .2), (2, 2)], 4, 0, 84)
    for i in range(6):
        timp.add(i * .25, .25, midi_note("C3"), 70 + i * 8)
    kit.add(1.5, .5, SNARE, 100)
    kit.add(2, 2, CRASH, 110)
    kit.add(2, .5, KICK, 110)
    return Song("sold_out", 150, 5, [lead, horns, timp, kit], loop=False)


def jingle_bonus() -> Song:
    """Bonus round: a glittering run up and a ta-da, about 2 s."""
    bell, lead, kit = Part(0, GLOCK, 110), Part(1, VIBES, 100), Part(DRUMS, 0, 95)
    melody(bell, "C5 .125 E5 .125 G5 .125 C6 .125 E6 .125 G6 .125 C7 .25", 0, 96)
    melody(lead, "r 1 G5 .5 C6 .5 E6 2", 0, 100)
    kit.add(1, 1.5, CRASH, 100)
    kit.add(1, .5, TAMB, 100)
    kit.add(1.5, .5, TAMB, 90)
    return Song("bonus", 140, 5, [bell, lead, kit], loop=False)


def jingle_win() -> Song:
    """A win: the classic three pick-ups and a long fanfare chord, about 3.5 s."""
    lead, horns, timp, kit = Part(0, TRUMPET, 110), Part(1, BRASS, 90), Part(2, TIMPANI, 96), Part(DRUMS, 0, 100)
    melody(lead, "G4 .33 G4 .33 G4 .34 C5 1 G4 .5 C5 .5 E5 .5 G5 2.5", 0, 104)
    comp(horns, ["C"], [(1, .8), (3.5, 2.5)], 4, 0, 80)
    timp.add(3.5, 1, midi_note("C3"), 100)
    timp.add(3, .25, midi_note("G2"), 80)
    kit.add(3.5, 2, CRASH, 110)
    kit.add(3.5, .5, KICK, 110)
    return Song("win", 132, 8, [lead, horns, timp, kit], loop=False)


SONGS = [title, mall, table, results, jingle_sold_out, jingle_bonus, jingle_win]


# ---------------------------------------------------------------- MIDI and audio
def to_midi(song: Song, passes: int) -> mido.MidiFile:
    """The song `passes` times in a row, then silence for the reverb tail."""
    midi = mido.MidiFile(ticks_per_beat=PPQ)
    meta = mido.MidiTrack()
    meta.append(mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(song.bpm), time=0))
    meta.append(mido.MetaMessage("end_of_track", time=round((song.beats * passes + TAIL_BEATS) * PPQ)))
    midi.tracks.append(meta)
    for part in song.parts:
        track = mido.MidiTrack()
        track.append(mido.Message("program_change", channel=part.channel, program=part.program, time=0))
        track.append(mido.Message("control_change", channel=part.channel, control=7, value=part.volume, time=0))
        track.append(mido.Message("control_change", channel=part.channel, control=10, value=part.pan, time=0))
        track.append(mido.Message("control_change", channel=part.channel, control=91, value=40, time=0))
        events: list[tuple[int, int, mido.Message]] = []
        for p in range(passes):
            for start, length, key, vel in part.notes:
                on = round((start + p * song.beats) * PPQ)
                off = on + max(1, round(length * PPQ))
                events.append((on, 1, mido.Message("note_on", channel=part.channel, note=key, velocity=vel)))
                events.append((off, 0, mido.Message("note_off", channel=part.channel, note=key, velocity=0)))
        events.sort(key=lambda e: (e[0], e[1], e[2].note))   # offs before ons at one tick
        now = 0
        for at, _, msg in events:
            track.append(msg.copy(time=at - now))
            now = at
        midi.tracks.append(track)
    return midi


def render(midi_path: Path, wav_path: Path) -> None:
    subprocess.run(["fluidsynth", "-ni", "-q", "-g", "0.5", "-r", str(RATE), "-F", str(wav_path),
                    "-T", "wav", str(SOUNDFONT), str(midi_path)], check=True, stdout=subprocess.DEVNULL)


def read_mono(wav_path: Path) -> array.array:
    with wave.open(str(wav_path), "rb") as w:
        assert w.getsampwidth() == 2, "fluidsynth should write 16-bit samples"
        channels = w.getnchannels()
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    if channels == 1:
        return data
    return array.array("h", ((data[i] + data[i + 1]) // 2 for i in range(0, len(data) - 1, 2)))


def finish(samples: array.array, song: Song) -> array.array:
    """Keep the second pass of a loop (its start carries the first pass's tail); trim a jingle's
    silence; normalise; fade a jingle's end."""
    per_beat = RATE * 60 / song.bpm
    if song.loop:
        a = round(song.beats * per_beat)
        samples = samples[a:2 * a]
    else:
        last = max((i for i, s in enumerate(samples) if abs(s) > 60), default=len(samples) - 1)
        samples = samples[:last + 1]
    peak = max(1, max(abs(s) for s in samples))
    gain = PEAK * 32767 / peak
    out = array.array("h", (int(s * gain) for s in samples))
    if not song.loop:
        fade = min(len(out), RATE // 10)
        for i in range(fade):
            out[len(out) - fade + i] = int(out[len(out) - fade + i] * (1 - i / fade))
    return out


def write_ogg(samples: array.array, ogg_path: Path, tmp: Path) -> None:
    wav_path = tmp / "final.wav"
    data = array.array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(wav_path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())
    subprocess.run(["oggenc", "-Q", "-q", OGG_QUALITY, "-o", str(ogg_path), str(wav_path)], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--midi-only", action="store_true", help="write the .mid sources only")
    parser.add_argument("names", nargs="*", help="only these songs (default: all)")
    args = parser.parse_args(argv)
    if not args.midi_only:
        missing = [t for t in ("fluidsynth", "oggenc") if shutil.which(t) is None]
        if missing or not SOUNDFONT.is_file():
            print(f"make_music: need {', '.join(missing) or SOUNDFONT}; "
                  "apt-get install fluidsynth fluid-soundfont-gm vorbis-tools", file=sys.stderr)
            return 2
    OUT.mkdir(parents=True, exist_ok=True)
    for make in SONGS:
        song = make()
        if args.names and song.name not in args.names:
            continue
        to_midi(song, 1).save(OUT / f"{song.name}.mid")
        if args.midi_only:
            continue
        with tempfile.TemporaryDirectory() as folder:
            tmp = Path(folder)
            to_midi(song, 2 if song.loop else 1).save(tmp / "render.mid")
            render(tmp / "render.mid", tmp / "render.wav")
            samples = finish(read_mono(tmp / "render.wav"), song)
            write_ogg(samples, OUT / f"{song.name}.ogg", tmp)
        size = (OUT / f"{song.name}.ogg").stat().st_size
        print(f"{song.name}: {len(samples) / RATE:.1f} s, {size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
