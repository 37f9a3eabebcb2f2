"""Each language's number formats: (the mark between groups of three digits, a percent's
pattern). Written by scripts/catalogs.py --extract from Babel's data; never edited by hand."""
FORMATS = {
    'en': (',', '{n}%'),  # English
    'es': ('.', '{n}\xa0%'),  # Spanish
    'de': ('.', '{n}\xa0%'),  # German
    'fr': ('\u202f', '{n}\xa0%'),  # French
}
