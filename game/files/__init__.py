"""Files and their reading (base layer): the one door for bytes from outside (untrusted.py) and the
shapes they must have (schema.py), the player's files written atomically (userfiles.py) and their
register (register.py), the game's log file (logfile.py), and the Tiled levels (levels.py over
level_files.py). No pygame here.
Where the shipped data lives is game/__init__.py's (`asset`, `levels_dir`)."""
