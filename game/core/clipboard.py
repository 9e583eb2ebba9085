"""The system clipboard (SDL's, through pygame.scrap): run codes are pasted from it and copied to
it. Where there is none (a headless machine) pasting gives "" and copying says it could not."""
from __future__ import annotations

import pygame


def clipboard_text() -> str:
    """The clipboard's text ("" if there is none or no clipboard)."""
    try:
        import pygame.scrap as scrap   # pygame-ce 2.2+: SDL's clipboard, no init needed
        return scrap.get_text() or ""
    except (pygame.error, AttributeError, NotImplementedError):
        return ""


def copy_to_clipboard(text: str) -> bool:
    """Put `text` on the clipboard; False where there is no clipboard."""
    try:
        import pygame.scrap as scrap
        scrap.put_text(text)
        return True
    except (pygame.error, AttributeError, NotImplementedError):
        return False
