"""Every colour the scenes draw with, named once: a re-theme or a colour-blind pass is this file
(and assets/ui.toml), never a hunt through the scenes for an RGB tuple.

The first group is the theme's own (assets/ui.toml, through `Theme`): panels, text, accents.
The rest are the pictures' colours, by what they paint. Seat colours are the seats' own
(game/match/seats.py); the clothing and the dice table's art have theirs in their data files."""
from __future__ import annotations

from game.render.theme import Colour, Theme

_THEME = Theme.load()

# ----- the theme's (assets/ui.toml) ------------------------------------------------------
SHADOW = _THEME.colour("shadow")      # the drop shadow under every panel and card
PANEL = _THEME.colour("panel")        # a dark panel's body
EDGE = _THEME.colour("border")        # a dark panel's edge
CREAM = _THEME.colour("text")         # text on the dark panels
DIM = _THEME.colour("text_dim")       # secondary text
GOLD = _THEME.colour("accent_2")      # what leads: a best segment, a highlighted row, values
SALE_RED = _THEME.colour("accent")    # sale-sticker red: focus, a race, the last player's band
GOOD = _THEME.colour("good")          # right, scored, GO!

# ----- neutrals --------------------------------------------------------------------------
WHITE: Colour = (255, 255, 255)
BLACK: Colour = (0, 0, 0)             # with an alpha: a soft shade under a body
PANEL_DARK: Colour = (28, 20, 18)     # a banner darker than a panel; dark text on a key cap
OPAQUE_BOX: Colour = (20, 14, 12)     # a table overlay's box (opaque: no card name shows through)
SLOT_FILL: Colour = (60, 46, 40)      # an empty card slot
SLOT_EMPTY: Colour = (90, 72, 64)     # its dashed edge
AXIS: Colour = (120, 100, 90)         # a graph's zero line

# ----- paper: the shopping list, a locator, an objective card's frame --------------------
PAPER: Colour = (255, 247, 228)
PAPER_EDGE: Colour = (226, 170, 60)   # also a dresser's chair ring and leader line
PAPER_WRONG: Colour = (255, 235, 235)  # a wrong card's cell on the results' list

# ----- colour-blind-safe hues (Okabe-Ito), for pictures that stand for seats and confetti --
SKY_BLUE: Colour = (86, 180, 233)
ORANGE: Colour = (230, 159, 0)
BLUISH_GREEN: Colour = (0, 158, 115)
YELLOW: Colour = (240, 228, 66)
PURPLE_PINK: Colour = (204, 121, 167)
SKY_HEX = "#56B4E9"                   # the same two as a seat's hex (icons.seat_shape_surface)
ORANGE_HEX = "#E69F00"
CONFETTI_RED: Colour = (255, 94, 98)

# ----- the mall --------------------------------------------------------------------------
SHUTTER: Colour = (118, 126, 140)
SHUTTER_LINE: Colour = (84, 90, 104)
CAUTION: Colour = (255, 196, 40)      # the shutter's bottom bar, in caution stripes
PREVIEW_BAD: Colour = (214, 48, 49)   # where a held pile may not go
STAMP_RED: Colour = (226, 40, 60)     # the SOLD OUT! stamp; the held-Y bar
STRIP_FILL: Colour = (32, 26, 46)     # a pile count's disc
REJECT_FILL: Colour = (168, 30, 40)   # a refused move's flash on the panel
CARD_BACK: Colour = (196, 40, 104)
READY_GREEN: Colour = (28, 140, 80)   # the study phase's READY pill
RIBBON_PILE: Colour = (60, 48, 70)    # "n cards" over a held pile's card
RIBBON_CARRY: Colour = (28, 120, 72)  # where a carried card goes
WRONG_POP: Colour = (255, 110, 110)   # a -1 pop; Check Out!'s red numbers
SPARKLE: Colour = (255, 236, 150)     # a delivered card's landing
DRESSER: Colour = (120, 80, 150)      # the how-to's dresser chair
DRESSER_SEAT: Colour = (90, 56, 120)
WOOD: Colour = (150, 100, 64)         # the how-to's Starting Table
WOOD_EDGE: Colour = (98, 62, 38)

# ----- the dice table --------------------------------------------------------------------
FELT: Colour = (24, 74, 52)           # the products' cloth
FELT_EDGE: Colour = (40, 104, 74)
BOARD_FILL: Colour = (52, 38, 64)     # the checkout board
PURPLE: Colour = (120, 72, 170)       # its edge; a bargain card's band
LAVENDER: Colour = (214, 180, 255)    # its words, a bargain's name
QUEUE_FILL: Colour = (38, 26, 48)     # a queue space
QUEUE_EDGE: Colour = (96, 70, 130)
QUEUE_NUMBER: Colour = (140, 110, 180)
BONUS_FILL: Colour = (60, 42, 80)     # the how-to's bonus space
BONUS_EDGE: Colour = (150, 110, 190)
BONUS_PINK: Colour = (255, 150, 150)  # the top bar's BONUS
BARGAIN_PAPER: Colour = (246, 240, 252)
BARGAIN_WINDOW: Colour = (250, 250, 246)
SEAT_SHADE: Colour = (30, 22, 19)     # mixed into a seat's colour for its panel
GOLD_TEXT: Colour = (255, 200, 70)
TABLE_DIM: Colour = (180, 166, 150)
WINNER_FILL: Colour = (70, 52, 30)    # a winner's row or card

# ----- the speedrun ----------------------------------------------------------------------
RUN_PANEL: Colour = (34, 25, 22)
RUN_CURRENT: Colour = (70, 48, 42)    # the split being run
BEST_SPLIT: Colour = (255, 200, 40)   # gold: a best segment
AHEAD_GAINING: Colour = (24, 220, 84)
AHEAD_LOSING: Colour = (120, 224, 150)   # paler green
BEHIND_GAINING: Colour = (236, 120, 108)  # paler red
BEHIND_LOSING: Colour = (240, 40, 24)
GRAPH_AHEAD: Colour = (40, 110, 60)
GRAPH_BEHIND: Colour = (120, 40, 34)
GHOST: Colour = (230, 230, 255)       # the PB ghost and its tag
GHOST_HEX = "#E6E6FF"

# ----- results ---------------------------------------------------------------------------
BLOCK: Colour = (70, 52, 40)          # a podium block
BLOCK_TOP: Colour = (104, 78, 58)
