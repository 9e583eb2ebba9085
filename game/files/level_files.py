"""Everything a level file may open, checked before pytmx or the drawing code sees it.

A level is untrusted input: a player may download one. `inspect_level(path)`
reads the TMX, its one tileset and the tileset's image through game.files.untrusted
(size caps, regular files only) and checks what pytmx and the drawing code
would otherwise trip over:
- files it names stay inside the level's own folder or the shipped levels and tiles; a file
  that is not there (a level copied alone into the player's levels folder) is the shipped
  file of the same name, so `mall.tsx` or `templates/spawn.tx` work wherever the level lies;
- objects made from Tiled templates (`template="templates/spawn.tx"`) get the template's
  fields here, as Tiled itself fills them in (pytmx 3.32 does not read templates);
- numbers are plain and bounded (map and tile sizes, object positions, layer sizes);
- compressed layer data inflates to no more than the layer can hold;
- the tileset image really is an image of the declared size, small enough to draw.
It returns the parsed map root (so pytmx parses these bytes, not the file again)
and the facts the drawing code relies on. Problems raise LevelFileError (one line).
"""
from __future__ import annotations

import base64
import binascii
import copy
import io
import logging
import math
import os
import struct
import zlib
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from game import asset, levels_dir
from game.files.untrusted import UntrustedError, echo, inflate, parse_xml, read_bytes, strict_int

MAX_SIDE = 200  # tiles a side: far beyond any mall that fits a screen, small enough to load fast
MAX_TMX_BYTES = 4 << 20        # a 200x200 map with three layers is about 300 KB
MAX_TSX_BYTES = 1 << 20
MAX_TX_BYTES = 64 << 10        # a template is one object: a few hundred bytes
MAX_TEMPLATES = 64             # distinct template files one level may use
TEMPLATES = "templates"        # the shipped templates' folder under levels/
MAX_IMAGE_BYTES = 16 << 20
MAX_IMAGE_SIDE = 4096          # pixels: a tileset sheet
TILE_SIZES = (16, 64)          # square tiles, this many pixels a side at most and at least
MAX_MAP_PIXELS = 4096 * 4096   # the pre-rendered background is one surface this big at most
MAX_COORD = 1e7                # object positions and sizes (pixels); the map check is finer
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# The whole load's budget (Budget), over every file of the level together: far above any real level
# (a 200x200 map's floor and walls are 80,000 tiles; the shipped levels have about 50 objects, each
# filled with a handful of template fields), far below what would stall or swell the game.
MAX_LAYER_TILES = 8 * MAX_SIDE * MAX_SIDE
MAX_OBJECTS = 5_000
MAX_FILLED = 50_000

# pytmx logs its own complaints (to stderr through logging's last resort): a refusal is our one line.
_pytmx_log = logging.getLogger("pytmx")
_pytmx_log.addHandler(logging.NullHandler())
_pytmx_log.propagate = False


class LevelFileError(Exception):
    """A level or a file it names that cannot be used; str() is the problem (without the level's path)."""


@dataclass(frozen=True)
class LevelFiles:
    root: ET.Element           # the TMX, parsed once from the bytes that were checked
    tile_size: int
    width: int                 # tiles
    height: int
    tileset_image: Path
    tile_count: int            # whole tiles in the image: every tile id drawn must be below it


def _shipped_roots() -> tuple[Path, ...]:
    return levels_dir().resolve(), asset("tiles").resolve()


def _inside(target: Path, root: Path) -> bool:
    return target == root or root in target.parents


def _located(base: Path, name: str | None, level_dir: Path, what: str, shipped: Path) -> Path:
    """The file `name` (relative to `base`) names: itself if it lies in the level's folder or the
    shipped data and exists; else the shipped file of the same name in `shipped` (a level copied
    alone still finds mall.tsx); else where it points, if that is allowed (reading it then says
    what is wrong). A file outside those folders is never opened, whatever its name."""
    if not name:
        raise LevelFileError(f"the {what} has no source")
    try:
        target = (base / name).resolve()
        allowed = any(_inside(target, root) for root in (level_dir, *_shipped_roots()))
        if allowed and os.path.lexists(target):
            return target
        bare = name.replace("\\", "/").rsplit("/", 1)[-1]
        twin = (shipped / bare).resolve()
        if bare not in ("", ".", "..") and _inside(twin, shipped.resolve()) and twin.is_file():
            return twin
    except (OSError, ValueError):   # a name the OS cannot even look up (NUL, too long)
        raise LevelFileError(f"the {what} {echo(name, 60)!r} cannot be found") from None
    if allowed:
        return target
    raise LevelFileError(f"the {what} {echo(name, 60)!r} is outside the level's folder")


def _xml(data: bytes, what: str) -> ET.Element:
    """Through the one XML door (no DTD or entity in any encoding): pytmx is handed this tree, never a file."""
    try:
        return parse_xml(data, what)
    except UntrustedError as exc:
        raise LevelFileError(str(exc)) from None


class Budget:
    """What one level load may build, counted over all its files together: each file has its cap,
    but a small template used by thousands of objects, or thousands of small compressed layers,
    would multiply past any of them (4,000 uses of one template once took 16 s and 767 MB)."""

    LIMITS = {"tiles": MAX_LAYER_TILES, "objects": MAX_OBJECTS, "filled": MAX_FILLED}
    WORDS = {"tiles": "tiles in its layers", "objects": "objects", "filled": "template fields copied into objects"}

    def __init__(self) -> None:
        self.spent = dict.fromkeys(self.LIMITS, 0)

    def spend(self, kind: str, amount: int) -> None:
        self.spent[kind] += amount
        if self.spent[kind] > self.LIMITS[kind]:
            raise LevelFileError(f"too much to load: more than {self.LIMITS[kind]:,} {self.WORDS[kind]} "
                                 f"(a level's budget)")


def _int_attr(node: ET.Element, name: str, low: int, high: int, what: str) -> int:
    value = strict_int((node.get(name) or "").strip(), low, high)
    if value is None:
        raise LevelFileError(f"{what} {name}={echo(node.get(name), 20)!r} must be a whole number {low}..{high}")
    return value


def _number_attr(node: ET.Element, name: str, what: str) -> None:
    raw = node.get(name)
    if raw is None:
        return
    try:
        value = float(raw) if len(raw) <= 40 and raw.isascii() else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and abs(value) <= MAX_COORD):
        raise LevelFileError(f"{what} {name}={echo(raw, 20)!r} is not a usable number")


def _check_map(root: ET.Element) -> tuple[int, int, int]:
    if root.tag != "map":
        raise LevelFileError(f"not a Tiled TMX map (root element <{echo(root.tag, 20)}>, expected <map>)")
    if root.get("orientation", "orthogonal") != "orthogonal" or root.get("infinite", "0") not in ("0", ""):
        raise LevelFileError("only finite orthogonal maps are supported")
    # Zero-size maps and tile-size mismatches get load_level's own, more specific message.
    w = _int_attr(root, "width", 0, MAX_SIDE, "the map's")
    h = _int_attr(root, "height", 0, MAX_SIDE, "the map's")
    tw = _int_attr(root, "tilewidth", 1, 1 << 16, "the map's")
    th = _int_attr(root, "tileheight", 1, 1 << 16, "the map's")
    if tw != th:
        raise LevelFileError(f"tiles must be square (got {tw}x{th})")
    if not TILE_SIZES[0] <= tw <= TILE_SIZES[1]:
        raise LevelFileError(f"tiles of {tw} px are not supported ({TILE_SIZES[0]}..{TILE_SIZES[1]})")
    if w * tw * h * th > MAX_MAP_PIXELS:
        raise LevelFileError(f"the map is {w * tw}x{h * th} pixels, more than the game draws")
    return w, h, tw


def _check_layers(root: ET.Element, budget: Budget) -> None:
    for layer in root.iter("layer"):
        what = f"layer '{echo(layer.get('name'), 30)}'"
        lw = _int_attr(layer, "width", 0, MAX_SIDE, what)
        lh = _int_attr(layer, "height", 0, MAX_SIDE, what)
        budget.spend("tiles", lw * lh)
        for data in layer.iter("data"):
            if data.find("chunk") is not None:
                raise LevelFileError(f"{what}: infinite-map chunks are not supported")
            encoding, compression = data.get("encoding"), data.get("compression")
            if encoding not in (None, "csv", "base64"):
                raise LevelFileError(f"{what}: unknown encoding {echo(encoding, 20)!r}")
            if compression is not None and (encoding != "base64" or compression not in ("zlib", "gzip")):
                raise LevelFileError(f"{what}: unsupported compression {echo(compression, 20)!r}")
            if encoding == "base64":
                _check_base64(data.text or "", compression, lw * lh * 4, what)
    for group in root.iter("objectgroup"):
        for obj in group.iter("object"):
            what = f"object #{echo(obj.get('id'), 12)}"
            for name in ("x", "y", "width", "height"):
                _number_attr(obj, name, what)


def _check_base64(text: str, compression: str | None, size: int, what: str) -> None:
    """Layer data decodes (and inflates) to at most the layer's size: no decompression bombs."""
    try:
        raw = base64.b64decode(text.strip(), validate=False)
    except (binascii.Error, ValueError):
        raise LevelFileError(f"{what}: damaged base64 tile data") from None
    if compression:
        try:
            raw = inflate(raw, size)
        except UntrustedError as exc:
            raise LevelFileError(f"{what}: tile data {exc}") from None
    if len(raw) > size:
        raise LevelFileError(f"{what}: more tile data than the layer holds")


_SHAPES = ("ellipse", "point", "polygon", "polyline", "text")


def _apply_templates(root: ET.Element, tmx_path: Path, budget: Budget) -> None:
    """Fill every template instance in with its template, as Tiled does: what the instance
    leaves out (type, name, size, shape, rotation...) comes from the template, and its own
    properties override the template's by name. The `template` attribute is then dropped, so
    pytmx and the checks below see plain objects."""
    level_dir = tmx_path.parent.resolve()
    read: dict[str, ET.Element] = {}
    sizes: dict[str, int] = {}      # fields a template copies into each object that uses it
    for group in root.iter("objectgroup"):
        for obj in group.iter("object"):
            budget.spend("objects", 1)
            source = obj.get("template")
            if source is None:
                continue
            if source not in read:
                if len(read) >= MAX_TEMPLATES:
                    raise LevelFileError(f"more than {MAX_TEMPLATES} different templates")
                read[source] = _template(source, tmx_path.parent, level_dir)
                sizes[source] = len(read[source].attrib) + sum(1 for _ in read[source].iter()) - 1
            budget.spend("filled", sizes[source])     # before the copy: a refusal costs nothing
            _fill_in(obj, read[source])
            del obj.attrib["template"]


def _template(source: str, base: Path, level_dir: Path) -> ET.Element:
    """The one object of a template file (.tx): a plain object, not a tile."""
    what = f"template {echo(source, 60)!r}"
    if not source.lower().endswith(".tx"):
        raise LevelFileError(f"the {what} is not a .tx file")
    path = _located(base, source, level_dir, "template", levels_dir() / TEMPLATES)
    try:
        node = _xml(read_bytes(path, MAX_TX_BYTES, "template"), "template")
    except UntrustedError as exc:
        raise LevelFileError(f"template {exc}") from None
    obj = node.find("object")
    if node.tag != "template" or obj is None:
        raise LevelFileError(f"the {what} is not a Tiled template (one <object>)")
    if node.find("tileset") is not None or obj.get("gid") is not None:
        raise LevelFileError(f"the {what} is a tile object (only shapes are supported)")
    return obj


def _fill_in(obj: ET.Element, template: ET.Element) -> None:
    for name, value in template.attrib.items():
        if name not in ("id", "x", "y", "template") and name not in obj.attrib:
            obj.set(name, value)
    if not any(obj.find(shape) is not None for shape in _SHAPES):
        for shape in _SHAPES:
            found = template.find(shape)
            if found is not None:
                obj.append(copy.deepcopy(found))
    inherited = template.find("properties")
    if inherited is None:
        return
    own = obj.find("properties")
    names = {p.get("name") for p in own.iter("property")} if own is not None else set()
    merged = ET.Element("properties")
    merged.extend(copy.deepcopy(p) for p in inherited.findall("property") if p.get("name") not in names)
    if own is not None:
        merged.extend(own.findall("property"))
        obj.remove(own)
    obj.insert(0, merged)


def _tileset(root: ET.Element, tmx_path: Path, tile_size: int) -> tuple[ET.Element, Path]:
    """The map's one tileset element (from its TSX when external) and the folder its paths start from."""
    tilesets = root.findall("tileset")
    if len(tilesets) != 1:
        raise LevelFileError(f"a level needs exactly one tileset (found {len(tilesets)})")
    node, base = tilesets[0], tmx_path.parent
    _int_attr(node, "firstgid", 1, 1 << 24, "the tileset's")
    source = node.get("source")
    if source is not None:
        if not source.lower().endswith(".tsx"):
            raise LevelFileError(f"the tileset {echo(source, 60)!r} is not a .tsx file")
        tsx = _located(base, source, tmx_path.parent.resolve(), "tileset", levels_dir())
        try:
            node = _xml(read_bytes(tsx, MAX_TSX_BYTES, "tileset"), "tileset")
        except UntrustedError as exc:
            raise LevelFileError(f"tileset {exc}") from None
        base = tsx.parent
        if node.tag != "tileset":
            raise LevelFileError("the tileset file is not a Tiled tileset")
    for name in ("tilewidth", "tileheight"):
        if _int_attr(node, name, 1, 1 << 16, "the tileset's") != tile_size:
            raise LevelFileError(f"the tileset's {name} is not the map's {tile_size} px")
    for tile in node.iter("tile"):
        if tile.find("image") is not None:
            raise LevelFileError("tiles with their own image are not supported (one tileset sheet)")
        _int_attr(tile, "id", 0, (MAX_IMAGE_SIDE // TILE_SIZES[0]) ** 2, "a tile's")
    return node, base


def _png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) < 24 or not data.startswith(PNG_MAGIC) or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}   # PNG colour type -> samples a pixel


def _png_whole(data: bytes, width: int, height: int) -> bool:
    """Every chunk's CRC is right and the pixel data inflates to exactly the rows the size needs.

    Checked here so a damaged sheet is refused in one line before libpng (which prints
    its own complaints to stderr) ever sees it."""
    pos, idat, header = len(PNG_MAGIC), [], None
    while pos + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if len(body) != length or struct.unpack(">I", data[pos + 8 + length:pos + 12 + length] or b"\0\0\0\0")[0] \
                != zlib.crc32(kind + body):
            return False
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None or len(header) != 13 or not idat:
        return False
    depth, colour, interlace = header[8], header[9], header[12]
    if colour not in _CHANNELS or depth not in (1, 2, 4, 8, 16) or interlace != 0:
        return False
    row = 1 + (width * _CHANNELS[colour] * depth + 7) // 8
    try:
        return len(inflate(b"".join(idat), row * height, zlib.MAX_WBITS)) == row * height
    except UntrustedError:
        return False


def _check_image(node: ET.Element, base: Path, level_dir: Path, tile_size: int) -> tuple[Path, int]:
    image = node.find("image")
    if image is None:
        raise LevelFileError("tileset image not found (no <image> in the tileset)")
    path = _located(base, image.get("source"), level_dir, "tileset image", asset("tiles"))
    width = _int_attr(image, "width", 1, MAX_IMAGE_SIDE, "the tileset image's")
    height = _int_attr(image, "height", 1, MAX_IMAGE_SIDE, "the tileset image's")
    try:
        data = read_bytes(path, MAX_IMAGE_BYTES, "tileset image")
    except UntrustedError as exc:
        raise LevelFileError(f"tileset image not found or unreadable ({exc})") from None
    if _png_size(data) != (width, height):
        raise LevelFileError(f"the tileset image {echo(path.name, 40)} is not a {width}x{height} PNG")
    if not _png_whole(data, width, height):
        raise LevelFileError(f"the tileset image {echo(path.name, 40)} is damaged (or an interlaced PNG)")
    if not any(_inside(path, root) for root in _shipped_roots()):
        _decode(data, path)
    count = (width // tile_size) * (height // tile_size)
    if count == 0:
        raise LevelFileError(f"the tileset image is smaller than one {tile_size} px tile")
    return path, count


def _decode(data: bytes, path: Path) -> None:
    """Decode the image once, as the drawing code will: a damaged PNG is refused here, not mid-game.

    Only a player's sheet: the game's own sheets are part of the game, decoded by the tests
    (tests/test_level_decode.py) and drawn by every window, and decoding them here would load
    pygame into every headless match, tournament worker and level check for nothing. The checks
    above (every chunk's CRC, the rows' exact size) still run on them."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    try:
        pygame.image.load(io.BytesIO(data), path.name)
    except (pygame.error, ValueError, OSError) as exc:
        raise LevelFileError(f"the tileset image {echo(path.name, 40)} cannot be decoded ({echo(exc, 60)})") from None


JSON_MAP = ("a JSON map (.tmj): the game reads TMX maps; in Tiled, File > Save As... and save it as "
            "TMX (a .tmx file)")


def _map_root(path: Path) -> ET.Element:
    """The TMX's XML, read through the capped reader (a JSON map is told to be saved as TMX)."""
    try:
        data = read_bytes(path, MAX_TMX_BYTES, "level", empty_ok=False)
    except UntrustedError as exc:
        message = str(exc)
        shown = echo(path)
        raise LevelFileError(message[len(shown) + 2:] if message.startswith(shown + ": ") else message) from None
    if path.suffix.lower() in (".tmj", ".json") or data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"["):
        raise LevelFileError(JSON_MAP)
    return _xml(data, "TMX map")


def map_properties(path: Path) -> dict[str, str]:
    """The map's own properties (`name`, `players`...) from the TMX alone: a level whose other files
    are broken is still named by its map. LevelFileError when not even the map can be read."""
    root = _map_root(path)
    return {prop.get("name") or "": prop.get("value") or "" for prop in root.iterfind("properties/property")}


def inspect_level(path: Path) -> LevelFiles:
    """Read and check a level and the files it names; LevelFileError (one line) on any problem."""
    root = _map_root(path)
    w, h, ts = _check_map(root)
    budget = Budget()
    _apply_templates(root, path, budget)
    _check_layers(root, budget)
    node, base = _tileset(root, path, ts)
    image, count = _check_image(node, base, path.parent.resolve(), ts)
    _embed(root, node, image)
    return LevelFiles(root, ts, w, h, image, count)


def _embed(root: ET.Element, tileset: ET.Element, image: Path) -> None:
    """Put the checked tileset into the map, its image named by the path that was checked:
    pytmx then parses exactly what was read here and never opens a file itself."""
    held = root.find("tileset")
    assert held is not None   # _tileset found exactly one
    if held is not tileset:
        tileset.set("firstgid", held.get("firstgid", "1"))
        root.insert(list(root).index(held), tileset)
        root.remove(held)
    found = tileset.find("image")
    assert found is not None   # _check_image read it
    found.set("source", str(image))
