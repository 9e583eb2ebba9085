"""Listen to the adaptive music by analysis: play a scripted round through the game's real
music path (game.music with its pygame mixer) into SDL's "disk" audio driver, then check what
came out and draw it.

Run:  python tools/music_check.py [--out docs/img/music_transition.png] [--wav FILE]
      (needs sox for the spectrogram; takes about half a minute: it plays in real time)

The script: The Rush's track plays calm; a side gets down to one card (intensity 1: the drive
layer comes in on the next downbeat); SOLD OUT! (its jingle cuts in on the next beat); the
results scene takes over (its track starts after the jingle). Checks:

- the captured output is, sample for sample, the chain of pieces the director planned (so
  the mixer left no gap and dropped nothing), after the first piece's start;
- at every boundary between two pieces the step from one sample to the next is no bigger
  than the music's own steps around it (no click), and the same at the loop's wrap;
- the drive layer is fully in on a downbeat, the jingle starts on a beat.

Prints the figures, writes the spectrogram with the moments marked, exits 1 if a check fails.
"""
from __future__ import annotations

import argparse
import array
import os
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.music.cues import Cue
    from game.music.director import Piece
    from game.music.render import Library

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TICK = 1 / 60
# (seconds, what happens)
SCRIPT = [(0.0, "rush calm"), (9.5, "one card left"), (15.2, "SOLD OUT!"), (17.2, "results")]
LENGTH = 27.0


class Scene:
    def __init__(self, name: str, cue: Cue | None = None) -> None:
        self.name = name
        self._cue = cue

    def music_cue(self) -> Cue | None:
        return self._cue


def play(capture: Path) -> tuple[list[Piece], Library, int, list[float]]:
    """Run the script in real time; return the pieces in the order they sounded, the library,
    the mixer's rate and, for each scripted change, how many seconds of audio the device had
    taken when it was asked (the disk driver's clock, read from the capture's size: it runs
    about 1 % fast against the wall clock)."""
    os.environ.update({"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(capture), "SDL_VIDEODRIVER": "dummy",
                       "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    import pygame

    from game.music import Cue, Music
    from game.music.catalogue import Catalogue
    from game.music.mixer import Mixer
    pygame.mixer.init(22050, -16, 1, 512)     # as game.core.audio opens it
    pygame.mixer.set_num_channels(16)
    catalogue = Catalogue.load()
    mixer = Mixer(catalogue)
    music = Music(1.0, mixer, catalogue=catalogue)
    heard: list[Piece] = []
    started = music.director.started
    asked: list[float] = []

    def log(piece: Piece) -> None:
        heard.append(piece)
        started(piece)

    def audio_clock() -> float:
        return capture.stat().st_size / 2 / 22050 if capture.exists() else 0.0
    music.director.started = log   # type: ignore[method-assign]  # hear each piece as it starts
    stack = [Scene("mall", Cue("rush", 0.0))]
    start = time.perf_counter()
    tick = 0
    while tick * TICK < LENGTH:
        due = [round(at / TICK) for at, _ in SCRIPT]
        if tick == due[1]:
            stack = [Scene("mall", Cue("rush", 1.0))]
            asked.append(audio_clock())
        if tick == due[2]:
            music.effect_played("sold_out")
            asked.append(audio_clock())
        if tick == due[3]:
            stack = [stack[0], Scene("soldout_results")]
            asked.append(audio_clock())
        music.follow(stack)
        music.update()
        tick += 1
        time.sleep(max(0.0, start + tick * TICK - time.perf_counter()))
    time.sleep(0.3)
    opened = pygame.mixer.get_init()
    assert opened is not None   # opened above
    rate = opened[0]
    library = mixer.library
    pygame.mixer.quit()
    return heard, library, rate, asked


def read_raw(path: Path) -> array.array[int]:
    data = array.array("h")
    data.frombytes(path.read_bytes())
    if sys.byteorder == "big":
        data.byteswap()
    return data


def steps_ok(samples: array.array[int], at: int, window: int) -> float:
    """The step into sample `at`, over the largest step within `window` samples around it (not it)."""
    jump = abs(samples[at] - samples[at - 1])
    around = [abs(samples[i] - samples[i - 1]) for i in range(max(1, at - window), min(len(samples), at + window))
              if i != at]
    return jump / max(1, max(around))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "img" / "music_transition.png"))
    parser.add_argument("--wav", help="keep the capture as this WAV")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        heard, library, rate, asked_at = play(tmp / "capture.raw")
        captured = read_raw(tmp / "capture.raw")
        chain = array.array("h")
        bounds = []
        for piece in heard:
            bounds.append((len(chain), piece))
            chain.extend(library.render(piece))
        first = next(i for i, s in enumerate(captured) if s != 0)
        lead = next(i for i, s in enumerate(chain) if s != 0)
        offset = first - lead
        n = min(len(chain), len(captured) - offset)
        same = sum(1 for i in range(n) if captured[offset + i] == chain[i])
        print(f"captured {len(captured) / rate:.1f} s; {len(heard)} pieces; the capture equals the planned chain "
              f"for {same}/{n} samples ({100 * same / n:.3f} %)")
        failures = []
        if same != n:
            failures.append("the capture differs from the planned chain")
        worst: dict[str, float] = {}
        for at, piece in bounds[1:]:
            kind = piece.kind.value + (f" {piece.fade.value}" if piece.fade.value != "none" else "") + \
                (" drive ramp" if piece.drive[0] != piece.drive[1] else "") + (" cut" if piece.cut else "")
            ratio = steps_ok(chain, at, rate // 100)
            worst[kind] = max(worst.get(kind, 0.0), ratio)
        for kind, ratio in sorted(worst.items()):
            print(f"  boundary into a {kind} piece: largest step / the music's own largest step nearby = {ratio:.2f}")
            if ratio > 1.0:
                failures.append(f"a click into a {kind} piece")
        wrap = _loop_wrap(library)
        print(f"  the rush loop's wrap (last sample -> first): step / nearby = {wrap:.2f}")
        if wrap > 1.0:
            failures.append("a click at the loop's wrap")
        moments = _moments(heard, bounds, rate, offset)
        asked = [(f"{label} (asked)", at - first / rate) for at, (_, label) in zip(asked_at, SCRIPT[1:])]
        for label, seconds in sorted(asked + moments, key=lambda m: m[1]):
            print(f"  {label} at {seconds:.3f} s")
        if args.wav:
            _wav(captured[offset:], Path(args.wav), rate)
        _picture(captured[offset:], rate, moments, asked, Path(args.out), tmp)
        print(f"wrote {args.out}")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


def _loop_wrap(library: Library) -> float:
    audio = library.tracks["rush"]
    loop = audio.base[audio.head:]
    joined = loop[-400:] + loop[:400]
    return steps_ok(joined, 400, 200)


def _moments(heard: list[Piece], bounds: list[tuple[int, Piece]], rate: int, offset: int) -> list[tuple[str, float]]:
    """When, in the capture, the drive is fully in, the jingle cuts in, the results begin."""
    out: list[tuple[str, float]] = []
    for at, piece in bounds:
        if piece.drive[0] == 0.0 < piece.drive[1] and not any(label.startswith("drive") for label, _ in out):
            out.append(("drive swells in", at / rate))
        if piece.drive[0] < 1.0 == piece.drive[1] and not any(label.startswith("drive fully") for label, _ in out):
            out.append(("drive fully in (downbeat)", (at + len_of(piece, rate, piece.beats)) / rate))
        if piece.kind.value == "jingle":
            out.append((f"{piece.name} jingle (on the beat)", at / rate))
        if piece.name == "results" and not any(label.startswith("results") for label, _ in out):
            out.append(("results track", at / rate))
    return out


def len_of(piece: Piece, rate: int, beats: int) -> int:
    from game.music.catalogue import Catalogue
    track = Catalogue.load().tracks[piece.name]
    return round(beats * rate * 60 / track.bpm)


def _wav(samples: array.array[int], path: Path, rate: int) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())


def _picture(samples: array.array[int], rate: int, moments: list[tuple[str, float]], asked: list[tuple[str, float]],
             out: Path, tmp: Path) -> None:
    """sox's spectrogram of the capture: when the game asked (yellow, below) and when the music
    answered (white, above), each marked with its name."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    wav, spectrum = tmp / "capture.wav", tmp / "spectrum.png"
    _wav(samples, wav, rate)
    width, height = 1400, 420
    subprocess.run(["sox", str(wav), "-n", "rate", "22050", "spectrogram", "-x", str(width), "-y", str(height),
                    "-z", "90", "-t", "The Rush: calm -> one card left -> SOLD OUT! -> results (captured from the mixer)",
                    "-o", str(spectrum)], check=True)
    pygame.init()
    image = pygame.image.load(str(spectrum))
    seconds = len(samples) / rate
    left = image.get_width() - width - 86             # sox's margins: 58 px left of the plot, 86 right
    font = pygame.font.Font(None, 22)
    for i, (label, at) in enumerate(moments):
        x = left + round(at / seconds * width)
        pygame.draw.line(image, (255, 255, 255), (x, 40), (x, 40 + height), 2)
        text = font.render(label, True, (255, 255, 255), (0, 0, 0))
        image.blit(text, (x + 4, 46 + 22 * (i % 3)))
    for i, (label, at) in enumerate(asked):
        x = left + round(at / seconds * width)
        for y in range(40, 40 + height, 8):               # dashed: the moment the game asked
            pygame.draw.line(image, (255, 220, 60), (x, y), (x, y + 4), 2)
        text = font.render(label, True, (255, 220, 60), (0, 0, 0))
        image.blit(text, (x - text.get_width() - 4, 40 + height - 30 - 22 * (i % 2)))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(out))


if __name__ == "__main__":
    sys.exit(main())
