"""The faces and views offer what their readers use and no more: every public member of each is
read somewhere outside the engines (game/, devkit/ and tools/ beyond game/sim and game/rules).
A query nobody reads is cut, or kept private to the view that builds on it."""
import importlib
import re
from pathlib import Path

from tests.test_engine_reach import FACES

ROOT = Path(__file__).resolve().parent.parent


def _members(cls: type) -> set[str]:
    """Public members a class of game/sim offers itself or inherits from another class of game/sim."""
    members: set[str] = set()
    for klass in cls.__mro__:
        if klass.__module__.startswith("game.sim"):
            members |= {m for m in [*vars(klass), *getattr(klass, "__annotations__", {})] if not m.startswith("_")}
    return members


def _outside_text(root: Path) -> str:
    paths = [p for d in ("game", "devkit", "tools") for p in sorted((root / d).rglob("*.py"))
             if not p.relative_to(root).as_posix().startswith(("game/sim/", "game/rules/"))]
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def unread_members(text: str) -> dict[str, list[str]]:
    """Per face, the members whose name is never read (`.name`) in `text`."""
    out = {}
    for face in sorted(FACES):
        module, _, name = face.rpartition(".")
        members = _members(getattr(importlib.import_module(module), name))
        unread = sorted(m for m in members if not re.search(rf"\.{m}\b", text))
        if unread:
            out[face] = unread
    return out


def test_every_member_of_a_face_has_a_reader():
    assert unread_members(_outside_text(ROOT)) == {}


def test_a_member_nobody_reads_is_seen():
    text = _outside_text(ROOT)
    assert unread_members(text.replace(".dresser_placed(", ".other(")) == {
        "game.sim.mall_public.MallPublicView": ["dresser_placed"],
        "game.sim.mall_public.OmniscientView": ["dresser_placed"],
        "game.sim.mall_public.RoundReveal": ["dresser_placed"]}
