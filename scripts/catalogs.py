"""The message catalogs: extract, merge and compile them with Babel (build and test time only).

Each language compiles to two files: aggravation.mo, every message (the rules pages read it at build
time), and game.mo, the game's own words only (what the page's worker fetches: no rules prose). The
page's own words (assets/page/*.js, written t("…") there: assets/page/words.js) go to a third,
page.json, a small table the page fetches before Python is up, and scripts/shell.py writes beside
it that language's static start screen, start.html (the page shows it before Python draws).

    python scripts/catalogs.py            # compile every locales/<lang>/LC_MESSAGES/aggravation.po
                                          # to .mo, and write the pseudo-language's (make setup)
    python scripts/catalogs.py --extract  # re-read the messages from the code into locales/aggravation.pot
                                          # and merge them into each language's .po (after changing words)

English is the source language (game/i18n.py): it has no catalog. The pseudo-language ``qps`` is
never kept by hand: its catalog is made from the template at each compile, every message wrapped
in ⟦…⟧. The .mo files are written next to their .po and are not committed (.gitignore).
"""
from __future__ import annotations

import ast
import importlib.util
import io
import json
import sys
import tokenize
from pathlib import Path

from babel.messages import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.i18n import DOMAIN, GAME_DOMAIN, KEYED, LANGUAGES, LOCALES, PSEUDO, SOURCE, key, mo_path  # noqa: E402

TEMPLATE = LOCALES / f"{DOMAIN}.pot"
SOURCES = ("pages", "game")  # folders whose Python holds messages: the rules pages, the game's own words
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "Message": None, "Counted": (1, 2)}  # game/i18n.py
# The page's own words: the scripts of assets/ (not its vendored runtime), read by Babel's JavaScript
# extractor; t(), N_(), ngettext() and around() as assets/page/words.js defines them.
PAGE = "assets"
PAGE_SCRIPTS = [("app.js", "javascript"), ("sw-register.js", "javascript"), ("page/**.js", "javascript")]
PAGE_KEYWORDS = {"t": None, "N_": None, "ngettext": (1, 2), "around": None}
PAGE_TABLE = "page.json"  # locales/<lang>/page.json: the page's words in that language (words.js fetches it)
COMMENT_TAGS = ("Translators:", "TRANSLATORS:")  # a comment so tagged goes to the catalogs with its message


def extract_ast(fileobj, keywords, comment_tags, options):
    """Babel extraction method: the messages of ``_()``, ``ngettext()``, ``N_()`` and ``Message()`` calls, read from the
    syntax tree. Babel's own Python method reads tokens, and before Python 3.12 an f-string is one
    token, so a message written inside one (as the templates do) would escape it.

    A ``# Translators: …`` comment on the lines just above a message (or ending its first line) goes to
    the catalogs with it, as Babel's own method does: the place to say what an English word can't."""
    source = fileobj.read()
    tree = ast.parse(source)
    notes = comments(source.decode("utf-8") if isinstance(source, bytes) else source)
    for node in sorted(ast.walk(tree), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in keywords):
            continue
        args = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        wanted = 2 if KEYWORDS.get(node.func.id) == (1, 2) else 1
        if len(args) >= wanted:
            yield (node.lineno, node.func.id, tuple(args[:wanted]) if wanted > 1 else args[0],
                   translator_note(notes, node.lineno, comment_tags))


def comments(source: str) -> dict[int, tuple[str, bool]]:
    """Each comment's line: its text, and whether it stands on a line of its own."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = (token.string.lstrip("#").strip(), not token.line[:token.start[1]].strip())
    return found


def translator_note(notes: dict[int, tuple[str, bool]], line: int, tags) -> list[str]:
    """The tagged comment block ending just above ``line`` (or at its end), as Babel keeps it."""
    block = []
    if line in notes and not notes[line][1]:
        block = [notes[line][0]]
    else:
        above = line - 1
        while above in notes and notes[above][1]:
            block.insert(0, notes[above][0])
            above -= 1
    starts = [i for i, text in enumerate(block) if any(text.startswith(tag) for tag in tags)]
    return block[starts[0]:] if starts else []


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """Every message of the sources, as Babel reads them from the Python."""
    catalog = Catalog(project="Aggravation", domain=DOMAIN, fuzzy=False)
    sources = [(folder, [("**.py", extract_ast)], KEYWORDS) for folder in SOURCES] + [(PAGE, PAGE_SCRIPTS, PAGE_KEYWORDS)]
    for folder, methods, keywords in sources:
        for path, line, message, comments, context in extract_from_dir(
                ROOT / folder, method_map=methods, keywords=keywords, comment_tags=COMMENT_TAGS):
            catalog.add(message, None, [(f"{folder}/{path}", line)], auto_comments=comments, context=context,
                        flags=("python-brace-format",))
    return catalog


def write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False, include_previous=False)
    text = out.getvalue()
    if not path.exists() or path.read_bytes() != text:
        path.write_bytes(text)


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def update() -> None:
    """Write the template, and merge it into each language's catalog (new messages empty, gone ones dropped)."""
    template = extract()
    write_catalog(template, TEMPLATE)
    template = read(TEMPLATE)
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = po_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN, project="Aggravation")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write_catalog(catalog, path)


def pseudo(template: Catalog) -> Catalog:
    """The pseudo-language: every message wrapped in ⟦…⟧, plural forms as English counts."""
    catalog = Catalog(locale="en", domain=DOMAIN, project="Aggravation")
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            catalog.add(message.id, tuple(f"⟦{form}⟧" for form in message.id))
        else:
            catalog.add(message.id, f"⟦{message.id}⟧")
    return catalog


def compile_all() -> list[Path]:
    """A .mo for every language's .po and for the pseudo-language, its page's words (page.json) and
    static start screen (start.html); only those that changed are written."""
    written = []
    catalogs = {lang: read(po_path(lang), lang) for lang in LANGUAGES if lang != SOURCE and po_path(lang).exists()}
    catalogs[PSEUDO] = pseudo(read(TEMPLATE))
    game = {message.id for message in read(TEMPLATE) if any(where.startswith("game/") for where, _ in message.locations)}
    page = {message.id for message in read(TEMPLATE) if any(where.startswith(PAGE + "/") for where, _ in message.locations)}
    for lang, catalog in catalogs.items():
        for domain, part in ((DOMAIN, catalog), (GAME_DOMAIN, keyed(only(catalog, game)))):
            out = io.BytesIO()
            write_mo(out, part, use_fuzzy=False)
            written += changed(mo_path(lang, domain=domain), out.getvalue())
        written += changed(page_table_path(lang), page_table(catalog, page))
    written += shell().write_starts(catalogs)
    return written


def changed(path: Path, data: bytes) -> list[Path]:
    """Write ``data`` to ``path`` unless it holds them already: [path] if written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return []
    path.write_bytes(data)
    return [path]


def page_table_path(lang: str) -> Path:
    return LOCALES / lang / PAGE_TABLE


def page_table(catalog: Catalog, ids: set) -> bytes:
    """The page's words in the catalog's language: each translated message of assets/'s scripts
    (a plural: its forms), and the language's plural rule, as assets/page/words.js reads them.
    An untranslated message is left out: the page shows its English, as Python does."""
    messages = {}
    for message in catalog:
        if not message.id or message.id not in ids or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = list(message.string) if isinstance(message.string, (tuple, list)) else []
            if forms and all(forms):
                messages[message.id[0]] = forms
        elif message.string:
            messages[message.id] = message.string
    table = {"plural": catalog.plural_expr, "messages": messages}
    return json.dumps(table, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")


def page_words(lang: str) -> dict:
    """The page's words in ``lang`` as compiled (empty for English or before a compile)."""
    path = page_table_path(lang)
    return json.loads(path.read_text(encoding="utf-8"))["messages"] if path.is_file() else {}


def shell():
    """scripts/shell.py, which draws each language's static start screen."""
    spec = importlib.util.spec_from_file_location("aggravation_shell", ROOT / "scripts" / "shell.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def only(catalog: Catalog, ids: set) -> Catalog:
    """The game's own catalog: its messages alone (not the rules pages' prose), so the worker
    fetches a few kilobytes for a language (game/ui/worker.py); the header (plural forms) as the whole's."""
    part = Catalog(locale=catalog.locale, domain=GAME_DOMAIN, project="Aggravation")
    part.mime_headers = catalog.mime_headers
    for message in catalog:
        if message.id and message.id in ids:
            part.add(message.id, message.string, flags=message.flags)
    return part


def keyed(catalog: Catalog) -> Catalog:
    """The worker's catalog with each msgid its key (game/i18n.py KEYED): the code holds the English."""
    out = Catalog(locale=catalog.locale, domain=catalog.domain, project="Aggravation")
    out.mime_headers = catalog.mime_headers
    out.add(KEYED, "1")
    seen: dict[str, str] = {}
    for message in catalog:
        if not message.id:
            continue
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        short = key(english)
        if seen.setdefault(short, english) != english:
            raise SystemExit(f"two messages share the key {short!r}: {seen[short]!r} and {english!r} (reword one)")
        out.add((short, short) if isinstance(message.id, tuple) else short, message.string, flags=message.flags)
    return out


def missing(lang: str, within: str = "") -> list[str]:
    """Messages of the template that ``lang``'s catalog lacks or leaves untranslated (or fuzzy);
    ``within`` a folder ("pages/"): only the messages used there (a language's rules pages are
    written once their own words are translated, whatever the game's screens still lack)."""
    catalog = read(po_path(lang), lang)
    gaps = []
    for message in read(TEMPLATE):
        if not message.id or not any(where.startswith(within) for where, _ in message.locations):
            continue
        found = catalog.get(message.id)
        strings = found.string if found else None
        if isinstance(strings, tuple):
            done = all(strings)
        else:
            done = bool(strings)
        if found is None or found.fuzzy or not done:
            gaps.append(message.id if isinstance(message.id, str) else message.id[0])
    return gaps


NUMBERS = ROOT / "game" / "number_formats.py"


def number_formats() -> str:
    """game/number_formats.py: each language's digit grouping and percent pattern, from Babel's
    data (CLDR) at extract time, so the page formats numbers without Babel (a few bytes, not a library)."""
    from babel import Locale
    from babel.numbers import format_decimal, format_percent

    rows = []
    for lang in LANGUAGES:
        group = format_decimal(1234, locale=lang)[1:-3]            # what stands between 1 and 234
        pattern = format_percent(0.42, locale=lang).replace("42", "{n}")
        rows.append(f"    {lang!r}: ({group!r}, {pattern!r}),  # {Locale.parse(lang).english_name}")
    return ('"""Each language\'s number formats: (the mark between groups of three digits, a percent\'s\n'
            'pattern). Written by scripts/catalogs.py --extract from Babel\'s data; never edited by hand."""\n'
            "FORMATS = {\n" + "\n".join(rows) + "\n}\n")


def main(argv: list[str]) -> int:
    if "--extract" in argv:
        update()
        if not NUMBERS.exists() or NUMBERS.read_text() != number_formats():
            NUMBERS.write_text(number_formats())
    for path in compile_all():
        print(f"catalogs: wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
