/* The page's own words in the player's language: what the page says before Python is up, or
 * without Python at all (the loading line, a kept table's "One moment…", a guest's join page and
 * its line to the table, the host's link), so a Spanish player never reads English while the game
 * loads.
 *
 * Its words are messages of the game's catalogs like Python's: written here as t("…") (whole
 * sentences, values by name: t("{host}’s table", { host })), N_("…") for a table of labels
 * translated where shown, ngettext("…", "…", n) for counts; scripts/catalogs.py extracts them
 * with Babel's JavaScript extractor and writes, for each language but English, a small table of
 * their translations, locales/<lang>/page.json (English, the source, needs none). The page fetches
 * only its language's table, and only when that is not English (wording).
 *
 * Which language: the one Python draws in (game/ui/app.py, App.language): the address's ?lang=,
 * else the one picked in ⚙️ (kept in localStorage with the settings), else the first of the
 * browser's languages the game has. This module imports no other module of the page.
 */
export const LANGUAGES = ["en", "es", "de", "fr"]; // game/i18n.py LANGUAGES (tests/test_page_words_js.py checks)
export const PSEUDO = "qps"; // every message wrapped in ⟦…⟧ (game/i18n.py)
const SOURCE = "en";
const SETTINGS = "aggravation.settings"; // game/ui/store/settings.py SETTINGS_KEY
const FOLDER = new URL("locales/", location.href); // beside index.html, as the worker's catalogs

let table = {}; // msgid → its translation in the page's language (a plural: a list of forms)
let plural = (n) => Number(n !== 1); // which form a count takes (the catalog's Plural-Forms)

/* The first of ``wanted`` (navigator.languages: "de-AT", "fr") the game has, English when none
 * (game/i18n.py chosen). */
export function chosen(wanted) {
  for (const tag of wanted || []) {
    const lang = String(tag).split("-")[0].split("_")[0].toLowerCase();
    if (LANGUAGES.includes(lang)) return lang;
  }
  return SOURCE;
}

/* The language the page speaks in this visit, as Python will choose it. */
export function language() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked) || asked === PSEUDO) return asked;
  let picked = "";
  try {
    picked = JSON.parse(localStorage.getItem(SETTINGS) || "{}")?.lang;
  } catch (error) {
    // unreadable settings or blocked storage: Python ignores them too
  }
  if (LANGUAGES.includes(picked)) return picked;
  return chosen(navigator.languages || [navigator.language || ""]);
}

/* Fetch ``lang``'s table of the page's words (nothing for English); true once it is in. A table
 * that cannot be fetched leaves the page in English, as a missing catalog leaves Python's screens. */
export async function wording(lang) {
  if (lang === SOURCE) return false;
  try {
    const response = await fetch(new URL(`${lang}/page.json`, FOLDER));
    if (!response.ok) return false;
    const got = await response.json();
    table = got.messages || {};
    // The catalog's own rule (a C expression of n, as gettext writes it: "(n != 1)", "(n > 1)").
    if (/^[\sn0-9!=<>&|?:%()]+$/.test(got.plural || "")) plural = new Function("n", `return Number(${got.plural});`);
    return true;
  } catch (error) {
    return false;
  }
}

/* ``lang``'s static start screen (scripts/shell.py writes one a language), or null. */
export async function startScreen(lang) {
  if (lang === SOURCE) return null;
  try {
    const response = await fetch(new URL(`${lang}/start.html`, FOLDER));
    return response.ok ? await response.text() : null;
  } catch (error) {
    return null;
  }
}

function filled(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/* A message in the page's language, its values put in by name. */
export function t(message, values = {}) {
  const found = table[message];
  return filled(typeof found === "string" && found ? found : message, values);
}

/* A count's message: the form the language's rule picks for ``n`` ({n} and the other values put in). */
export function ngettext(singular, pluralForm, n, values = {}) {
  const forms = table[singular];
  const english = n === 1 ? singular : pluralForm;
  const form = Array.isArray(forms) ? forms[plural(n)] : "";
  return filled(form || english, { n, ...values });
}

/* A message named where it is defined (a table of labels), translated where shown with t(). */
export const N_ = (message) => message;

/* A text with one value that is an element (a button in a sentence): the nodes to append, in the
 * language's order. */
export function around(message, name, node, values = {}) {
  const [before, after = ""] = t(message, values).split(`{${name}}`);
  return [before, node, after].filter((part) => part !== "");
}
