"""A level read as a whole (issue #39): one budget over every file of a load (tiles, objects, template
fields copied into objects), the one hardened XML door for maps, tilesets and templates in any
encoding, and nothing but a LevelError ever leaving a level read."""
from __future__ import annotations

import base64
import re
import resource
import zlib
from pathlib import Path

import pytest

from game.files import levels
from game.files.levels import LevelError, load_level
from tests.level_folder import own_level

DTD = '<!DOCTYPE {root} [<!ENTITY big "{fill}">]>\n'


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _refused(path: Path, *words: str) -> str:
    start = _cpu()
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert _cpu() - start < 2.0
    message = str(caught.value)
    assert "\n" not in message and all(word in message for word in words), message
    return message


def test_a_template_used_by_thousands_of_objects_is_refused_at_once(tmp_path: Path) -> None:
    """Each file under its cap: a 47 KB template with 1,400 properties, used by 4,000 objects (16.5 s,
    767 MB before)."""
    path = own_level(tmp_path)
    props = "".join(f'<property name="p{i}" value="v"/>' for i in range(1400))
    (tmp_path / "big.tx").write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
                                     f' <object type="junk" width="32" height="32"><properties>{props}'
                                     f'</properties></object>\n</template>\n')
    uses = "".join(f'<object id="{1000 + i}" template="big.tx" x="0" y="0"/>' for i in range(4000))
    path.write_text(path.read_text().replace("</objectgroup>", uses + "</objectgroup>", 1))
    _refused(path, "too much to load", "template fields")


def test_thousands_of_objects_are_refused(tmp_path: Path) -> None:
    path = own_level(tmp_path)
    objects = "".join(f'<object id="{1000 + i}" type="junk" x="0" y="0"/>' for i in range(6000))
    path.write_text(path.read_text().replace("</objectgroup>", objects + "</objectgroup>", 1))
    _refused(path, "too much to load", "objects")


def test_thousands_of_small_compressed_layers_are_refused(tmp_path: Path) -> None:
    """A 200x200 layer of zeros compresses to a few hundred bytes: 4 MB of them is 800 million tiles."""
    path = own_level(tmp_path)
    data = base64.b64encode(zlib.compress(bytes(200 * 200 * 4), 9)).decode()
    layer = (f'<layer name="extra" width="200" height="200"><data encoding="base64" compression="zlib">'
             f'{data}</data></layer>\n')
    text = path.read_text()
    path.write_text(text.replace("<objectgroup", layer * 2000 + "<objectgroup", 1))
    _refused(path, "too much to load", "tiles")


def _utf(text: str, codec: str) -> bytes:
    return re.sub(r'encoding="UTF-8"', f'encoding="{codec}"', text, count=1).encode(codec)


def _with_dtd(text: str, root: str) -> str:
    head, _, rest = text.partition("?>\n")
    return f"{head}?>\n" + DTD.format(root=root, fill="x" * 50) + rest.replace(
        f"<{root} ", f"<{root} class=\"&big;\" ", 1)


# A BOM-less UTF-16 with its byte order named is refused by expat itself ("multi-byte encodings are
# not supported"): one line either way.
ENCODINGS = [("UTF-8", "DTD"), ("UTF-16", "DTD"), ("UTF-16-LE", ""), ("UTF-16-BE", "")]


@pytest.mark.parametrize(("codec", "word"), ENCODINGS)
def test_a_map_with_a_dtd_is_refused_in_any_encoding(tmp_path: Path, codec: str, word: str) -> None:
    path = own_level(tmp_path)
    path.write_bytes(_utf(_with_dtd(path.read_text(), "map"), codec))
    _refused(path, word)


@pytest.mark.parametrize(("codec", "word"), ENCODINGS)
def test_a_tileset_with_a_dtd_is_refused_in_any_encoding(tmp_path: Path, codec: str, word: str) -> None:
    path = own_level(tmp_path)
    tsx = tmp_path / "mall.tsx"
    tsx.write_bytes(_utf(_with_dtd(tsx.read_text(), "tileset"), codec))
    _refused(path, word)


def test_a_template_with_a_dtd_is_refused_in_any_encoding(tmp_path: Path) -> None:
    path = own_level(tmp_path)
    (tmp_path / "templates").mkdir()
    spawn = (Path(levels.LEVELS_DIR) / "templates" / "spawn.tx").read_text()
    (tmp_path / "templates" / "spawn.tx").write_bytes(_utf(_with_dtd(spawn, "template"), "UTF-16"))
    _refused(path, "DTD")


def test_a_utf32_map_is_one_line(tmp_path: Path) -> None:
    path = own_level(tmp_path)
    path.write_bytes(_utf(_with_dtd(path.read_text(), "map"), "UTF-32"))
    _refused(path)


def test_anything_but_a_level_error_is_turned_into_one_at_the_door(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A check meeting what it did not expect once raised TypeError out of the lobby."""
    path = own_level(tmp_path)

    def surprised(*_args: object) -> None:
        raise TypeError("'NoneType' object is not subscriptable")
    monkeypatch.setattr(levels, "_solid_and_kinds", surprised)
    message = _refused(path, "cannot read the map", "TypeError")
    assert message.startswith(str(path))


def test_the_shipped_levels_still_load(tmp_path: Path) -> None:
    for path in levels.list_levels():
        assert load_level(path).name
