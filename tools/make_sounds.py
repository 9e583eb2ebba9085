"""Generate every sound effect into assets/sounds/*.wav (stdlib only, deterministic).

Run:  python tools/make_sounds.py
Same script, same bytes: noise comes from random.Random with fixed seeds.
Sounds are soft-edged on purpose (short attack, smooth decay, a fade-out at
the end) so nothing clicks or grates when it repeats all match long.
Format: 22050 Hz, mono, 16-bit PCM.
"""
from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
SEED = 20261129
PEAK = 0.7  # headroom: many sounds overlap in a busy mall

Buffer = list[float]


def note(name: str) -> float:
    """Frequency of a note like 'C5' or 'F#4' (A4 = 440 Hz)."""
    names = {"C": -9, "C#": -8, "D": -7, "D#": -6, "E": -5, "F": -4, "F#": -3,
             "G": -2, "G#": -1, "A": 0, "A#": 1, "B": 2}
    pitch, octave = name[:-1], int(name[-1])
    return 440.0 * 2 ** ((names[pitch] + 12 * (octave - 4)) / 12)


def silence(seconds: float) -> Buffer:
    return [0.0] * int(seconds * RATE)


def envelope(i: int, n: int, attack: float, decay: float) -> float:
    """Fast linear attack, exponential decay, and a 6 ms fade so the end never clicks."""
    t = i / RATE
    level = min(1.0, t / attack) if attack > 0 else 1.0
    level *= math.exp(-t / decay) if decay > 0 else 1.0
    fade = min(1.0, (n - i) / (0.006 * RATE))
    return level * fade


def tone(freq: float, seconds: float, *, end_freq: float | None = None, attack: float = 0.004,
         decay: float = 0.15, harmonics: tuple[float, ...] = (1.0, 0.25, 0.08), vibrato: float = 0.0) -> Buffer:
    """A soft tone (sine plus a few quiet harmonics), optionally gliding to end_freq."""
    n = int(seconds * RATE)
    out: Buffer = []
    phase = 0.0
    norm = sum(harmonics)
    for i in range(n):
        f = freq if end_freq is None else freq * (end_freq / freq) ** (i / n)
        if vibrato:
            f *= 1.0 + 0.006 * math.sin(2 * math.pi * vibrato * i / RATE)
        phase += 2 * math.pi * f / RATE
        s = sum(h * math.sin(k * phase) for k, h in enumerate(harmonics, start=1)) / norm
        out.append(s * envelope(i, n, attack, decay))
    return out


def bell(freq: float, seconds: float, decay: float = 0.35) -> Buffer:
    """A bell-like ding: inharmonic partials that die away at different rates."""
    partials = [(r, d, g) for r, d, g in ((1.0, 1.0, 1.0), (2.76, 0.45, 0.35), (5.4, 0.25, 0.15))
                if freq * r < 0.36 * RATE]  # partials near Nyquist would alias into a whine
    return mix(*[scale(tone(freq * r, seconds, decay=decay * d, harmonics=(1.0,)), g) for r, d, g in partials])


def noise(seconds: float, rng: random.Random, *, smooth: float = 0.5, attack: float = 0.002,
          decay: float = 0.03) -> Buffer:
    """Filtered noise burst; `smooth` near 1 is duller (a one-pole low-pass)."""
    n = int(seconds * RATE)
    out: Buffer = []
    last = 0.0
    for i in range(n):
        last = smooth * last + (1 - smooth) * rng.uniform(-1.0, 1.0)
        out.append(last * envelope(i, n, attack, decay))
    return out


def scale(buf: Buffer, gain: float) -> Buffer:
    return [s * gain for s in buf]


def mix(*buffers: Buffer, offsets: tuple[float, ...] = ()) -> Buffer:
    """Sum buffers, each starting at its offset in seconds."""
    offs = [int(o * RATE) for o in offsets] + [0] * (len(buffers) - len(offsets))
    out = [0.0] * max(o + len(b) for o, b in zip(offs, buffers))
    for o, b in zip(offs, buffers):
        for i, s in enumerate(b):
            out[o + i] += s
    return out


def seq(*buffers: Buffer) -> Buffer:
    out: Buffer = []
    for b in buffers:
        out.extend(b)
    return out


def melody(notes: list[tuple[str, float]], gap: float = 0.0, decay: float = 0.18,
           harmonics: tuple[float, ...] = (1.0, 0.25, 0.08), vibrato: float = 0.0) -> Buffer:
    """Notes one after another, each ringing into the next (overlapping tails)."""
    parts, offsets, t = [], [], 0.0
    for name, length in notes:
        parts.append(tone(note(name), length + 0.25, decay=decay, harmonics=harmonics, vibrato=vibrato))
        offsets.append(t)
        t += length + gap
    return mix(*parts, offsets=tuple(offsets))


def dice_rattle(rng: random.Random) -> Buffer:
    """Dice shaken in a cup: clicks at irregular, thinning intervals."""
    clicks, offsets, t = [], [], 0.0
    while t < 0.5:
        pitch = rng.uniform(1800, 3200)
        click = mix(scale(noise(0.03, rng, smooth=0.3, decay=0.008), 0.7),
                    scale(tone(pitch, 0.03, decay=0.01, harmonics=(1.0,)), 0.4))
        clicks.append(scale(click, rng.uniform(0.5, 1.0)))
        offsets.append(t)
        t += rng.uniform(0.025, 0.06) * (1 + t * 2)
    return mix(*clicks, offsets=tuple(offsets))


def build(rng: random.Random) -> dict[str, Buffer]:
    """Every sound by name. Each draws noise from the same seeded generator, in this order."""
    s: dict[str, Buffer] = {}
    s["menu_move"] = tone(note("E6"), 0.06, decay=0.03)
    s["confirm"] = melody([("C6", 0.06), ("G6", 0.12)], decay=0.08)
    s["back"] = melody([("G5", 0.06), ("C5", 0.12)], decay=0.08)
    s["error"] = melody([("D#4", 0.09), ("D4", 0.16)], decay=0.1, harmonics=(1.0, 0.3, 0.2, 0.1))
    s["countdown"] = tone(note("A5"), 0.18, decay=0.09)
    s["go"] = mix(tone(note("A6"), 0.45, decay=0.2), scale(tone(note("E6"), 0.45, decay=0.2), 0.6))
    s["pickup"] = tone(380, 0.1, end_freq=820, decay=0.06)
    s["putdown"] = mix(tone(520, 0.11, end_freq=260, decay=0.05),
                       scale(noise(0.05, rng, smooth=0.85, decay=0.015), 0.5))
    s["flip"] = mix(scale(noise(0.09, rng, smooth=0.55, attack=0.02, decay=0.03), 0.8),
                    scale(tone(1400, 0.04, decay=0.01, harmonics=(1.0,)), 0.3), offsets=(0.0, 0.06))
    s["take"] = melody([("A5", 0.05), ("E6", 0.1)], decay=0.06)
    s["deliver"] = mix(bell(note("E6"), 0.5), scale(bell(note("B6"), 0.5), 0.7), offsets=(0.0, 0.08))
    s["sold_out"] = mix(
        melody([("C5", 0.09), ("E5", 0.09), ("G5", 0.09), ("C6", 0.09), ("E6", 0.09), ("G6", 0.3)],
               decay=0.25, vibrato=5.0),
        scale(tone(note("C4"), 1.3, decay=0.6, attack=0.02), 0.5),
        scale(melody([("E5", 0.2), ("G5", 0.2), ("C6", 0.8)], decay=0.4, vibrato=5.0), 0.6),
        scale(bell(note("C7"), 0.9, decay=0.4), 0.5),
        offsets=(0.0, 0.54, 0.54, 0.54))
    s["roll"] = dice_rattle(rng)
    s["land"] = mix(tone(150, 0.16, end_freq=70, decay=0.06, harmonics=(1.0, 0.2)),
                    scale(noise(0.04, rng, smooth=0.5, decay=0.01), 0.6))
    s["grab"] = tone(note("D6"), 0.07, end_freq=note("G6"), decay=0.04)
    s["queue"] = melody([("G5", 0.1), ("G5", 0.14)], gap=0.02, decay=0.07)
    s["buy"] = melody([("B5", 0.07), ("E6", 0.3)], decay=0.12, harmonics=(1.0, 0.15))
    s["token"] = mix(bell(note("G6"), 0.35, decay=0.2), scale(bell(note("D7"), 0.3, decay=0.15), 0.5),
                     offsets=(0.0, 0.05))
    s["bonus"] = melody([("C6", 0.06), ("D6", 0.06), ("E6", 0.06), ("G6", 0.06), ("C7", 0.25)], decay=0.12)
    s["win"] = mix(
        melody([("G4", 0.14), ("C5", 0.14), ("E5", 0.14), ("G5", 0.3), ("E5", 0.14), ("G5", 0.7)],
               decay=0.3, vibrato=5.0, harmonics=(1.0, 0.35, 0.15)),
        scale(melody([("C4", 0.42), ("C4", 0.44), ("G3", 0.7)], decay=0.4), 0.45),
        scale(bell(note("G6"), 1.0, decay=0.45), 0.35),
        offsets=(0.0, 0.0, 1.3))
    return s


def normalise(buf: Buffer) -> Buffer:
    """Scale to PEAK, drop the inaudible tail (smaller files) and fade the cut."""
    top = max(1e-9, max(abs(s) for s in buf))
    out = [s * PEAK / top for s in buf]
    end = max(i for i, s in enumerate(out) if abs(s) > 0.004) + 1
    fade = int(0.01 * RATE)
    out = out[:end + fade]
    for k in range(1, min(fade, len(out)) + 1):
        out[-k] *= (k - 1) / fade
    return out


def write_wav(path: Path, buf: Buffer) -> None:
    frames = b"".join(struct.pack("<h", int(round(s * 32767))) for s in normalise(buf))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    sounds = build(random.Random(SEED))
    total = 0
    for name, buf in sounds.items():
        path = OUT / f"{name}.wav"
        write_wav(path, buf)
        total += path.stat().st_size
        print(f"{name:10} {len(buf) / RATE:5.2f} s  {path.stat().st_size // 1024:4d} KB")
    print(f"{len(sounds)} sounds, {total // 1024} KB")


if __name__ == "__main__":
    main()
