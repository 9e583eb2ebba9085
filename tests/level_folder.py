"""A player's own level folder, as the README tells them to make one: the level with its tileset
and tileset image beside it (a level may not reach into another folder for them)."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def own_level(folder: Path, name: str = "my.tmx", copy_of: str = "boutique.tmx") -> Path:
    """A copy of a shipped level as `folder`/`name`, its tileset and image beside it; its path."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mall.png").write_bytes((ROOT / "assets" / "tiles" / "mall.png").read_bytes())
    tileset = (ROOT / "levels" / "mall.tsx").read_text(encoding="utf-8")
    (folder / "mall.tsx").write_text(tileset.replace("../assets/tiles/mall.png", "mall.png"), encoding="utf-8")
    level = (ROOT / "levels" / copy_of).read_text(encoding="utf-8")
    (folder / name).write_text(re.sub(r'source="\w+\.tsx"', 'source="mall.tsx"', level, count=1), encoding="utf-8")
    return folder / name
