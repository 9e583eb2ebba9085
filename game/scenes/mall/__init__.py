"""Sold Out!'s mall: the match scene, its drawing, HUD, effects, overlays and results."""
