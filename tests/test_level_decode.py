"""Tileset sheets are decoded where they can be wrong (game/files/level_files.py `_decode`): a player's
sheet when its level is read, the game's own sheets here. Reading a level no longer loads pygame
for a shipped sheet (issue #46), so this file is what stands behind "a level the reader accepts
always draws" for the sheets the game ships."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from game import asset
from game.files.levels import LevelError, load_level
from tests.level_folder import own_level

SHEETS = sorted(asset("tiles").glob("*.png"))


def test_the_game_ships_sheets():
    assert len(SHEETS) >= 6


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_every_shipped_sheet_decodes_as_the_drawing_code_reads_it(sheet: Path):
    import pygame
    picture = pygame.image.load(str(sheet))
    assert picture.get_width() >= 16 and picture.get_height() >= 16


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _bad_filters(png: bytes) -> bytes:
    """The PNG with every row's filter byte out of range: each chunk's CRC right and the rows their
    exact size (the reader's own checks pass), but libpng refuses it ("bad adaptive filter value")."""
    chunks, pos = [], 8
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        chunks.append((kind, png[pos + 8:pos + 8 + length]))
        pos += 12 + length
    header = dict(chunks)[b"IHDR"]
    width, height = struct.unpack(">II", header[:8])
    samples = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[header[9]]
    row = 1 + (width * samples * header[8] + 7) // 8
    rows = bytearray(zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT")))
    for y in range(height):
        rows[y * row] = 9
    kept = b"".join(_chunk(kind, body) for kind, body in chunks if kind not in (b"IDAT", b"IEND"))
    return png[:8] + kept + _chunk(b"IDAT", zlib.compress(bytes(rows))) + _chunk(b"IEND", b"")


def test_a_players_sheet_that_cannot_be_decoded_is_refused_in_one_line(tmp_path):
    level = own_level(tmp_path / "mine")
    assert load_level(level).width > 0        # the copy itself is a good level
    sheet = level.parent / "mall.png"
    sheet.write_bytes(_bad_filters(sheet.read_bytes()))
    with pytest.raises(LevelError, match=r"the tileset image mall\.png cannot be decoded"):
        load_level(level)
