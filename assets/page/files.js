/* Files and addresses the player takes away or brings: a game exported as a file (a worker cannot
 * start a download), the save that could not be read, a deal's address to share, and a kept game
 * imported from a file. It touches the clipboard, a throwaway download link, the import field's
 * file and the share field (selected when it gets the focus); what the files say is the worker's.
 */
import { SCREEN, game, send } from "./link.js";
import { SLOT, newsOf } from "./storage.js";

/* Text offered as a file the player can keep or send (made here: a worker cannot start a download). */
export function offerFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/* The save that could not be loaded, as a file. */
export async function downloadUnreadable() {
  const text = JSON.parse(await game.unreadable());
  if (text !== null) offerFile("aggravation-unreadable-save.json", text);
}

/* ------------------------------------------------------------------ past games (game/ui/library.py)
 *
 * 🔗 Share: the control's data-arg is the query that starts the deal; the address is made here (the
 * worker does not know where the page lives), copied where the browser allows (it needs the tap, so
 * it is tried at once), and handed to the worker, which shows it in a selectable field either way.
 * 📂 Import: the chosen file's text goes to the worker as it is, read no further than the longest
 * text it could accept (data-limit characters, 4 bytes each at most): it says what is wrong. */
export const KEPT = "aggravation.games";

export function shareDeal(target) {
  const url = new URL(target.dataset.arg || "", location.href).href;
  let copying;
  try {
    copying = navigator.clipboard.writeText(url);
  } catch (error) {
    copying = Promise.reject(error);
  }
  const copied = copying.then(() => "copied", () => "shown");
  send(async () => game.intent("share", `${await copied} ${url}`, newsOf([SLOT]))).then(() => {
    const field = SCREEN.querySelector("input[data-share]");
    if (field) field.focus({ preventScroll: true }); // selected and scrolled into sight (focusin below)
  });
}

async function importFile(input) {
  const file = input.files && input.files[0];
  if (!file) return;
  const limit = Number(input.dataset.limit) || 400000;
  const text = await file.slice(0, limit * 4 + 4).text();
  input.value = "";
  send(() => game.intent("import", text, newsOf([SLOT, KEPT])));
}

SCREEN.addEventListener("change", (event) => {
  if (game && event.target.matches("input[data-import]")) importFile(event.target);
});
SCREEN.addEventListener("focusin", (event) => {
  if (!event.target.matches("input[data-share]")) return;
  event.target.select();
  event.target.scrollIntoView({ block: "nearest" }); // the link, just shown, in sight (the replay's body scrolls)
});
