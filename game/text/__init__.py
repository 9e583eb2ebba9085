"""The words the player reads (base layer): the language in use (language.py), saying texts in it
(i18n.py), sentences made before the language is known (notice.py), and the catalogue's
extractors for the data files (extract.py). No pygame here."""

# The languages we ship, each named in itself (the Settings row shows these). Here, not in
# language.py, so that what only needs the codes (the settings file's schema in the register)
# does not load Babel with them: a headless command never says a translated text.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
