"""The warm colours the mall's HUD and the speedrun screens share, each defined once."""
from __future__ import annotations

CREAM = (255, 244, 227)   # text on the dark panels
DIM = (201, 184, 166)     # secondary text
GOLD = (255, 193, 69)     # what leads: a best segment, a highlighted row
