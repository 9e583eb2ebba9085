"""The words the player reads (base layer): the language in use (language.py), saying texts in it
(i18n.py), sentences made before the language is known (notice.py), and the catalogue's
extractors for the data files (extract.py). No pygame here."""
