"""Menus: title, lobby, settings, how-to cards, pause, the attract demo and the saved-runs browser."""
