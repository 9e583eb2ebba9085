"""Check Out!'s dice table: the match scene, its drawing, HUD, overlays and results."""
