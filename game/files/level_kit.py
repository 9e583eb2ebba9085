"""The player's levels folder as a Tiled project: a level copied there opens in Tiled with its tiles.

A level copied alone into <user data folder>/levels/ plays (the level reader finds the shipped
tileset and templates by name), but Tiled and its `tmxrasterizer` look only beside the level: they
drew red crosses where the tiles should be. So at every start `provide()` puts the kit there: each
theme's tileset (`mall.tsx`, its image `mall.png` beside it, `outlet.tsx`...), the templates (`templates/*.tx`), the project
(`sold_out.tiled-project`) and its object types (`objecttypes.xml`), each written atomically through
the register's entries (LEVEL_KIT, LEVEL_TEMPLATES).

Whose file is it? Each text file the game writes carries its mark: "Sold Out! / Check Out! levels
kit" and a stamp of the shipped kit's content (an XML comment, a key of the project's JSON). Tiled
keeps neither when it saves a file, so a file without the mark is the player's own and is never
written over; a file with an old stamp was written by another version of the game and is replaced;
a missing one is written. The image has no mark: it is written when missing, or with the tileset
when the tileset is replaced.
"""
from __future__ import annotations

import hashlib
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path

from game import asset, levels_dir
from game.files.register import LEVEL_KIT, LEVEL_TEMPLATES
from game.files.untrusted import UntrustedError
from game.files.userfiles import UserFile

log = logging.getLogger(__name__)

MARK = "Sold Out! / Check Out! levels kit"
MARK_KEY = "soldOutCheckOutLevelsKit"   # the project file's (JSON) mark
_STAMP = re.compile(re.escape(MARK) + r" ([0-9a-f]{12})")
_MARK_BYTES = 4096     # the mark is near the top of every file the game writes
PROJECT, TYPES = "sold_out.tiled-project", "objecttypes.xml"
SHIPPED_IMAGES = "../assets/tiles/"     # where a shipped tileset finds its image (NAME.png beside NAME.tsx)


@dataclass(frozen=True)
class KitFile:
    entry: UserFile
    name: str
    data: bytes
    marked: bool = True     # carries the mark (the image cannot)


def stamp() -> str:
    """The shipped kit's content in 12 hex digits: it changes when any file of the kit changes."""
    digest = hashlib.sha256()
    for path in _shipped_sources():
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _shipped_sources() -> list[Path]:
    """The shipped files the kit is made from."""
    tilesets = _tilesets()
    return [*tilesets, *(asset("tiles", f"{t.stem}.png") for t in tilesets), levels_dir() / PROJECT,
            levels_dir() / TYPES, *sorted((levels_dir() / "templates").glob("*.tx"))]


def _tilesets() -> list[Path]:
    """Every theme's shipped tileset (mall.tsx, outlet.tsx...)."""
    return sorted(levels_dir().glob("*.tsx"))


def _marked_xml(text: str, mark: str) -> bytes:
    """The shipped XML with the game's mark as a comment after its declaration."""
    head, sep, rest = text.partition("?>\n")
    comment = f"<!-- {mark}: written by the game, which replaces it when another version ships. -->\n"
    return (head + sep + comment + rest if sep else comment + text).encode("utf-8")


def kit_files(current: str) -> list[KitFile]:
    """What the folder should hold, marked with `current` (each tileset just before its image)."""
    mark = f"{MARK} {current}"
    files = []
    for path in _tilesets():
        image = f"{path.stem}.png"
        tileset = path.read_text(encoding="utf-8").replace(SHIPPED_IMAGES + image, image)
        files += [KitFile(LEVEL_KIT, path.name, _marked_xml(tileset, mark)),
                  KitFile(LEVEL_KIT, image, asset("tiles", image).read_bytes(), marked=False)]
    project = json.loads((levels_dir() / PROJECT).read_text(encoding="utf-8"))
    project[MARK_KEY] = mark
    files += [KitFile(LEVEL_KIT, PROJECT, (json.dumps(project, indent=4) + "\n").encode("utf-8")),
              KitFile(LEVEL_KIT, TYPES, _marked_xml((levels_dir() / TYPES).read_text(encoding="utf-8"), mark))]
    for template in sorted((levels_dir() / "templates").glob("*.tx")):
        files.append(KitFile(LEVEL_TEMPLATES, template.name, _marked_xml(template.read_text(encoding="utf-8"), mark)))
    return files


def whose(file: KitFile, current: str) -> str:
    """"missing", "current" (this version's), "older" (another version's) or "theirs" (no mark: the
    player's, or a file that cannot be read as one: left alone)."""
    if file.name not in file.entry.names():
        return "missing"
    if not file.marked:
        return "theirs"
    try:
        head = file.entry.read_bytes(file.name)[:_MARK_BYTES].decode("utf-8", "replace")
    except UntrustedError:
        return "theirs"
    found = _STAMP.search(head)
    if found is None:
        return "theirs"
    return "current" if found[1] == current else "older"


def provide() -> list[str]:
    """Write what the levels folder lacks or holds an older version of; returns the files written
    (as the player finds them: "levels/mall.tsx"). A folder that cannot take them is logged, never fatal."""
    current = stamp()
    written: list[str] = []
    tileset_replaced = False       # the tileset just before this image was another version's
    for file in kit_files(current):
        state = whose(file, current)
        due = state in ("missing", "older") or (not file.marked and tileset_replaced)
        if file.marked:
            tileset_replaced = file.name.endswith(".tsx") and state == "older"
        if not due:
            continue
        try:
            file.entry.write_bytes(file.data, file.name)
        except (OSError, UntrustedError) as exc:
            log.warning("the levels folder's Tiled kit: cannot write %s (%s)", file.entry.relative(file.name), exc)
            return written
        written.append(file.entry.relative(file.name))
    return written
