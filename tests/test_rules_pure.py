"""game/rules stays pure: importing every rules module of both games never loads pygame."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import importlib, pkgutil, sys
import game.rules
names = []
for info in pkgutil.walk_packages(game.rules.__path__, "game.rules."):
    importlib.import_module(info.name)
    names.append(info.name)
assert any(n.startswith("game.rules.soldout") for n in names), names
bad = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
print(len(names), "modules")
sys.exit(3 if bad else 0)
"""


def test_no_rules_module_imports_pygame():
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"pygame imported by game.rules (or import failed):\n{done.stdout}{done.stderr}"


def test_no_rules_source_mentions_pygame_clock_or_global_random():
    for path in (ROOT / "game" / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import pygame" not in text, path
        assert "import time" not in text and "from time " not in text and "datetime" not in text, path
        assert "random.random()" not in text and "random.shuffle(" not in text and "random.choice(" not in text, path
