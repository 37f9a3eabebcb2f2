"""The page's own words (assets/page/*.js, assets/app.js, assets/sw-register.js) go through the
catalogs like Python's: every t()/N_()/ngettext() message is in the template, no English sentence
is left written straight into the page, and each language's table (locales/<lang>/page.json) and
static start screen (locales/<lang>/start.html) say what the catalogs say. English needs neither:
its words are the messages themselves, and index.html's start screen stays as it was (test_shell.py)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import catalogs  # noqa: E402
import shell  # noqa: E402
from game.i18n import LANGUAGES, PSEUDO, SOURCE  # noqa: E402

WORDS_JS = ROOT / "assets/page/words.js"
SCRIPTS = sorted((ROOT / "assets/page").glob("*.js")) + [ROOT / "assets/app.js", ROOT / "assets/sw-register.js"]


def page_messages() -> dict:
    """Each message of the page's scripts, as Babel reads them: id → where."""
    found = {}
    for path, line, message, _, _ in extract_from_dir(ROOT / catalogs.PAGE, method_map=catalogs.PAGE_SCRIPTS,
                                                      keywords=catalogs.PAGE_KEYWORDS):
        found[message if isinstance(message, str) else message[0]] = f"{path}:{line}"
    return found


def test_every_message_of_the_page_is_in_the_template():
    template = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalogs.read(catalogs.TEMPLATE) if m.id}
    found = page_messages()
    assert len(found) > 40, "the page's scripts are read (boot.js, guest.js, hosting.js, link.js, app.js, sw-register.js)"
    missing = {message: where for message, where in found.items() if message not in template}
    assert not missing, f"run python scripts/catalogs.py --extract: {missing}"
    for message in found:
        assert any(where.startswith("assets/") for where, _ in template[message].locations), message
    assert {"Loading the page…", "One moment…", "Reopening your table…", "🌐 Join the table", "Sit down",
            "Your {level} table opens as soon as the game has loaded"} <= set(found)


# English written straight into what the page shows: a text, a status line, a join page, a label.
SINK = re.compile(r"""textContent\s*[=:]|status\(|page\(|\.append\(|placeholder\s*=|setAttribute\("aria-label",|innerHTML\s*=|\btext:""")
LITERAL = re.compile(r"""(t\(|N_\(|ngettext\(|around\(|)(["'`])((?:(?!\2).)*)\2""")
SENTENCE = re.compile(r"[A-Za-z]{2,}[’']?[a-z]* [A-Za-z]")


def straight_english(text: str) -> list[str]:
    """Lines of a script that put a literal English phrase on the page, not through t()."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        code = "" if line.lstrip().startswith(("*", "/*", "//")) else line.split(" // ")[0]
        if not SINK.search(code) or "ngettext(" in code:
            continue
        for marker, _, literal in LITERAL.findall(code):
            words = re.sub(r"<[^>]*>|\$\{[^}]*\}", " ", literal)  # markup and values are not words
            if not marker and SENTENCE.search(words):
                found.append(f"{n}: {line.strip()}")
                break
    return found


def test_no_english_is_written_into_the_page_outside_the_catalogs():
    found = [f"{script.relative_to(ROOT)}:{line}" for script in SCRIPTS for line in straight_english(script.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


def test_the_check_finds_the_english_written_before_the_catalogs():
    before = '''  wait.textContent = kept.room ? "Reopening your table…" : "One moment…";
  page("🌐 Join the table", "Finding the table…");
    textContent: `I’m ${person.name}, on a new device` });
  form.innerHTML = `<label for="join-name">Your name at the table</label><input type="text">`;
  status(t("🌐 Opening the table…"));'''
    assert [line.split(":")[0] for line in straight_english(before)] == ["1", "2", "3", "4"]


def test_the_page_chooses_among_the_games_languages():
    text = WORDS_JS.read_text(encoding="utf-8")
    assert json.loads(re.search(r"export const LANGUAGES = (\[[^\]]*\]);", text)[1]) == list(LANGUAGES)
    assert re.search(r'export const PSEUDO = "(\w+)";', text)[1] == PSEUDO


def test_each_languages_table_holds_the_translated_page_words_and_its_plural_rule():
    page = {m.id for m in catalogs.read(catalogs.TEMPLATE) if any(where.startswith("assets/") for where, _ in m.locations)}
    assert {m if isinstance(m, str) else m[0] for m in page} == set(page_messages())
    pseudo = json.loads(catalogs.page_table(catalogs.pseudo(catalogs.read(catalogs.TEMPLATE)), page))
    assert set(pseudo["messages"]) == set(page_messages())      # every message, wrapped
    for message, text in pseudo["messages"].items():
        forms = text if isinstance(text, list) else [text]
        assert all(form.startswith("⟦") and form.endswith("⟧") for form in forms), message
    assert pseudo["messages"]["{taken} of {n} seat taken"] == ["⟦{taken} of {n} seat taken⟧", "⟦{taken} of {n} seats taken⟧"]
    accepted = re.compile(re.search(r"if \(/(.+?)/\.test\(got\.plural", WORDS_JS.read_text(encoding="utf-8"))[1])
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        catalog = catalogs.read(catalogs.po_path(lang), lang)
        table = json.loads(catalogs.page_table(catalog, page))
        assert accepted.fullmatch(table["plural"]), f"words.js would not read {lang}'s plural rule {table['plural']}"
        assert set(table["messages"]) <= set(page_messages())   # only the page's words, no rules prose
        for message, text in table["messages"].items():
            assert text == (catalog.get(message).string if isinstance(text, str) else list(catalog.get(message).string))


def test_a_languages_start_screen_has_its_loading_line_in_its_words():
    words = {"Loading the page…": "<Cargando> la página…", "Loading the game": "Cargando el juego"}
    screen = shell.start_screen_html(PSEUDO, words)
    assert '<p id="loading" role="status">&lt;Cargando&gt; la página…</p>' in screen
    assert 'aria-label="Cargando el juego"' in screen
    english = shell.start_screen_html()
    assert '<p id="loading" role="status">Loading the page…</p>' in english and 'aria-label="Loading the game"' in english
    assert english in (ROOT / "index.html").read_text(encoding="utf-8")


WORDS_IN_NODE = """
globalThis.location = { href: "http://game.test/", search: "" };
globalThis.localStorage = { getItem: () => null };
const table = { plural: "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)", messages: {
  "One moment…": "Un momento…", "{taken} of {n} seat taken": ["{taken} de {n} asiento", "{taken} de {n} de asientos", "{taken} de {n} asientos"],
  "A new version is ready — {reload}": "{reload} : une nouvelle version est prête" } };
globalThis.fetch = async (url) => ({ ok: String(url) === "http://game.test/locales/es/page.json", json: async () => table });
const words = await import(process.argv[1]);
const said = { english: words.t("One moment…"), seats: words.ngettext("{taken} of {n} seat taken", "{taken} of {n} seats taken", 1, { taken: 0 }) };
said.loaded = await words.wording("es");
Object.assign(said, { moment: words.t("One moment…"), one: words.ngettext("{taken} of {n} seat taken", "{taken} of {n} seats taken", 1, { taken: 1 }),
  many: words.ngettext("{taken} of {n} seat taken", "{taken} of {n} seats taken", 4, { taken: 2 }),
  million: words.ngettext("{taken} of {n} seat taken", "{taken} of {n} seats taken", 1000000, { taken: 2 }),
  untranslated: words.t("Your {level} table opens as soon as the game has loaded", { level: "Ace" }),
  around: words.around("A new version is ready — {reload}", "reload", 7), chosen: words.chosen(["pt-BR", "de-AT", "fr"]) });
console.log(JSON.stringify(said));
"""


@pytest.mark.skipif(not shutil.which("node"), reason="node is not installed")
def test_the_pages_words_translate_count_and_fall_back_to_english():
    ran = subprocess.run(["node", "--input-type=module", "-e", WORDS_IN_NODE, WORDS_JS.as_uri()],
                         capture_output=True, text=True, check=True, timeout=60)
    said = json.loads(ran.stdout)
    assert said == {"english": "One moment…", "seats": "0 of 1 seat taken", "loaded": True, "moment": "Un momento…",
                    "one": "1 de 1 asiento", "many": "2 de 4 asientos", "million": "2 de 1000000 de asientos",
                    "untranslated": "Your Ace table opens as soon as the game has loaded",
                    "around": [7, " : une nouvelle version est prête"], "chosen": "de"}
