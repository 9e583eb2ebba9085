"""What the music folder holds: the tracks' tempo grids (assets/music/tracks.toml, written by
tools/make_music.py) and which scene plays what (assets/music/music.toml, written by hand).

Pure data: no pygame. A missing or broken file means no music, logged once, never a crash.
"""
from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import asset

MUSIC_DIR = asset("music")
MANIFEST = MUSIC_DIR / "tracks.toml"
CONFIG = MUSIC_DIR / "music.toml"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Track:
    """A looping track: its file holds `head_frames` of its opening as heard from silence, then
    the loop (`loop_beats` beats in `loop_frames` frames). A drive layer, if any, is a loop of
    `drive_beats` on the same grid, in a file of its own."""

    name: str
    bpm: int
    beats_per_bar: int
    head_frames: int
    loop_beats: int
    loop_frames: int
    sections: tuple[int, ...]          # beats where a section begins (0 first)
    drive: str | None = None
    drive_beats: int = 0

    @property
    def head_beats(self) -> int:
        return round(self.head_frames * self.loop_beats / self.loop_frames)

    def next_section(self, beat: int) -> int:
        """The first section that begins after `beat` of the loop (0 past the last one)."""
        return next((s for s in self.sections if s > beat % self.loop_beats), 0)


@dataclass(frozen=True)
class Jingle:
    name: str
    seconds: float


@dataclass(frozen=True)
class MusicTable:
    """music.toml: which scene plays which track, which effects bring a jingle or duck the music."""

    scenes: dict[str, str] = field(default_factory=dict)     # scene name -> track
    enter: dict[str, str] = field(default_factory=dict)      # track -> the jingle that leads into it
    jingles: dict[str, str] = field(default_factory=dict)    # effect name -> jingle
    duck: dict[str, float] = field(default_factory=dict)     # effect name -> music level under it
    duck_seconds: float = 0.3
    prepare: dict[str, list[str]] = field(default_factory=dict)   # track -> what to decode while it plays

    @classmethod
    def load(cls, path: Path = CONFIG) -> "MusicTable":
        """The table, or an empty one (no music) if the file is missing or broken: logged once."""
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            return cls(_strings(data, "scenes"), _strings(data, "enter"), _strings(data, "jingles"),
                       {k: float(v) for k, v in data.get("duck", {}).items()},
                       float(data.get("mix", {}).get("duck_seconds", 0.3)),
                       {str(k): [str(n) for n in v] for k, v in data.get("prepare", {}).items()})
        except (OSError, tomllib.TOMLDecodeError, TypeError, ValueError, AttributeError) as exc:
            log.warning("no music: %s: %s", path.name, exc)
            return cls()


@dataclass(frozen=True)
class Catalogue:
    tracks: dict[str, Track] = field(default_factory=dict)
    jingles: dict[str, Jingle] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path = MANIFEST) -> "Catalogue":
        """The tracks and jingles tracks.toml lists, or none if it is missing or broken: logged once."""
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            tracks = {name: _track(name, info) for name, info in data.get("tracks", {}).items()}
            jingles = {name: Jingle(name, float(info["seconds"])) for name, info in data.get("jingles", {}).items()}
            return cls(tracks, jingles)
        except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
            log.warning("no music: %s: %s", path.name, exc)
            return cls()


def _track(name: str, info: dict[str, Any]) -> Track:
    track = Track(name, int(info["bpm"]), int(info["beats_per_bar"]), int(info["head_frames"]),
                  int(info["loop_beats"]), int(info["loop_frames"]), tuple(int(b) for b in info["sections"]),
                  info.get("drive"), int(info.get("drive_beats", 0)))
    if track.loop_beats <= 0 or track.loop_frames <= 0 or track.beats_per_bar <= 0 or track.bpm <= 0:
        raise ValueError(f"track {name} has no length")
    if track.drive and (track.drive_beats <= 0 or track.loop_beats % track.drive_beats):
        raise ValueError(f"track {name}: its drive loop does not divide the track")
    return track


def _strings(data: dict[str, Any], table: str) -> dict[str, str]:
    return {str(k): str(v) for k, v in data.get(table, {}).items()}
