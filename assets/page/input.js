/* The player's hands on the table: taps (mouse, pen, a finger's lift), the keyboard's shortcuts and
 * Tab kept inside a modal dialog, cards dragged onto a target, and a person's name typed for
 * pass-and-play. Each becomes an intent for the worker (game/ui/intents.py says what it does);
 * none is judged here. Before the worker is up a tap goes to boot.js's earlyTap. It listens on
 * #screen, the document and the window, and draws only a dragged card's ghost and drop marks.
 */
import { SCREEN, game, send } from "./link.js";
import { earlyTap } from "./boot.js";
import { KEPT, downloadUnreadable, shareDeal } from "./files.js";
import { HEARD, SLOT, newsOf, write } from "./storage.js";
import { carryOnline } from "./drawing.js";

/* ------------------------------------------------------------------ taps and keys */

/* The same control, though a redraw may have put a new element in the old one's place. */
function sameControl(a, b) {
  return a === b || (a.dataset.act === b.dataset.act && (a.dataset.arg || "") === (b.dataset.arg || ""));
}

/* A tap on a control (a button or a card, each with data-act): the worker says what it does now. */
function tap(target, timeStamp) {
  if (!game) return earlyTap(target);
  const fold = target.closest("details[data-fold='reacts']");
  if (fold) fold.open = false; // a reaction sent: its picker folds away (a redraw keeps it folded)
  if (target.dataset.act === "download") return void downloadUnreadable();
  if (target.dataset.act === "share") return void shareDeal(target);
  if (target.dataset.act === "past") return void send(() => game.intent("past", "", newsOf([SLOT, KEPT])), timeStamp);
  sendNames(); // a name still being typed counts: a finger's tap acts before the field's change event
  send(() => game.intent(target.dataset.act, target.dataset.arg || "", newsOf(HEARD)), timeStamp);
}

SCREEN.addEventListener("click", (event) => {
  const target = event.target.closest("[data-act]");
  if (!target || target.disabled) return;
  if (touched && event.timeStamp - touched.at < TOUCH_CLICK_MS && (event.pointerType === "touch" || sameControl(touched.target, target))) {
    touched = null; // the click the browser made of a touch tap already acted on (the redraw may have replaced its element)
    return;
  }
  tap(target, event.timeStamp);
});

/* Keys: each a shortcut for a tap, sent as the same intent (game/ui/intents.py says what each does
 * now and why it cannot act). Never while typing in a field, nor with Ctrl, Alt or Meta held (but
 * Ctrl+Z, ↶ take back: isUndo); Shift only with the arrows (it moves the picked card along the
 * hand). The list is in rules.html. */
const KEYS = {
  d: ["stock"], t: ["take"], x: ["discard"], s: ["steal"], p: ["pass"], g: ["godown"], f: ["fill"],
  l: ["lay"], m: ["layoff"], a: ["layoff-all"], o: ["sort"], n: ["onward"], h: ["hint"], ArrowLeft: ["step", "-1"], ArrowRight: ["step", "1"],
};

function keyIntent(event) {
  if (/^[1-9]$/.test(event.key)) return ["nth", event.key];
  if (event.shiftKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
    return ["shift", event.key === "ArrowLeft" ? "-1" : "1"];
  }
  if (event.key === "?") return ["keys"]; // Shift+/ on many keyboards
  if (event.shiftKey) return null;
  if (event.key === "Enter") return isControl(document.activeElement) ? null : ["discard"];
  return KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key] || null;
}

/* Ctrl+Z (⌘Z on a Mac): ↶ take back, on the table and on pass-and-play's pass screen (the one who
 * just played still holds the device there); never in a text field, where it undoes the typing. */
function isUndo(event) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "z";
}

function takeBack(event) {
  const dialog = SCREEN.querySelector("[data-dialog]");
  if (event.repeat || document.body.dataset.screen !== "table" || (dialog && dialog.dataset.dialog !== "pass")) return;
  event.preventDefault();
  send(() => game.intent("takeback", "", newsOf(HEARD)), event.timeStamp);
}

function isControl(element) {
  return !!element && element !== document.body && !!element.closest("button, a, input, select, textarea, [contenteditable]");
}

/* Tab stays inside a modal dialog (the pass screen, the claims, a question): the table behind it
 * is not for now, and on the pass screen not for these eyes. */
function trapTab(event) {
  const dialog = SCREEN.querySelector('[aria-modal="true"]');
  if (!dialog) return false;
  const stops = [...dialog.querySelectorAll("button:not([disabled]), a[href], input")];
  if (!stops.length) return false;
  const at = stops.indexOf(document.activeElement);
  const next = at < 0 ? (event.shiftKey ? stops.length - 1 : 0) : (at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length;
  event.preventDefault();
  stops[next].focus();
  return true;
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey && trapTab(event)) return;
  if (!game) return;
  // A key held down repeats ~30 times a second: one press is one message (at someone's online
  // table, a held key would spend the line's budget and cut it off).
  if (event.repeat && (event.key === "Escape" || document.body.dataset.guest)) return;
  if (event.key === "Escape") return void send(() => game.escape());
  if (event.target.closest && event.target.closest("input, select, textarea, [contenteditable]")) return;
  if (isUndo(event)) return void takeBack(event);
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
  if (!["table", "past"].includes(document.body.dataset.screen) || SCREEN.querySelector("[data-dialog]")) return;
  const intent = keyIntent(event);
  if (!intent) return;
  event.preventDefault();
  const [act, arg = ""] = intent;
  const drawn = send(() => game.intent(act, arg, newsOf(HEARD)), event.timeStamp);
  if (PICKS.includes(act)) drawn.then(focusPicked);
});

/* A card picked by key takes the focus, so a screen reader says which card it is and that it is
 * picked (its button is pressed); a card put in a frame leaves the focus where it was. */
const PICKS = ["nth", "step", "shift"];

function focusPicked() {
  const picked = SCREEN.querySelector('[data-zone="hand"] [data-card][aria-pressed="true"]');
  if (picked && picked !== document.activeElement) picked.focus();
}

/* ------------------------------------------------------------------ dragging a card
 *
 * A card of the hand (or of a going-down frame) dragged onto the pile, a meld, a frame or another
 * place in the hand: pointer events, so mouse, pen and touch alike. Below DRAG_PX of movement it is
 * a tap and the click goes through as ever. A drop is ONE intent, "drop" with "key|act|arg", that
 * Python plays as the tap-tap would (pick the card, tap the target): the rules stay in Python. */
const DRAG_PX = 8;
let drag = null; // {source, key, x, y, id, ghost}

const DRAG_STYLE = `
[data-zone="hand"] [data-card], [data-zone="frames"] [data-card] { touch-action: none; -webkit-user-select: none; user-select: none; }
.drag-ghost { position: fixed; left: 0; top: 0; z-index: 1000; pointer-events: none; margin: 0;
  opacity: .9; box-shadow: 0 8px 20px rgba(0,0,0,.45); transform-origin: center; }
.drag-source { opacity: .35; }
.drop-target { outline: 3px dashed #7cc4ff; outline-offset: 2px; }`;
document.head.append(Object.assign(document.createElement("style"), { textContent: DRAG_STYLE }));

function dropTarget(x, y) {
  const under = document.elementFromPoint(x, y);
  if (!under || !SCREEN.contains(under)) return null;
  const wild = under.closest('[data-act="wild"]');
  if (wild) return { element: wild, act: "wild", arg: wild.dataset.arg || "" };
  const end = under.closest("[data-end]");   // the picked card's ghost at one end of a run
  if (end) return { element: end, act: "meld", arg: `${end.dataset.meld}:${end.dataset.end}` };
  const meld = under.closest("[data-meld]");
  if (meld) return { element: meld.closest(".meld") || meld, act: "meld", arg: meld.dataset.meld };
  const frame = under.closest("[data-frame]");
  if (frame) return { element: frame, act: "frame", arg: frame.dataset.frame };
  const pile = under.closest('[data-act="discard-pile"], [data-zone="discard"]');
  if (pile) return { element: pile, act: "discard-pile", arg: "" };
  const stock = under.closest('[data-act="stock"]');
  if (stock) return { element: stock, act: "stock", arg: "" };
  const hand = under.closest('[data-zone="hand"]');
  if (hand) {
    const card = under.closest("[data-key]");
    return { element: card || hand, act: "card", arg: card ? card.dataset.key : "" };
  }
  return null;
}

function mark(target) {
  for (const old of SCREEN.querySelectorAll(".drop-target")) old.classList.remove("drop-target");
  if (target && target.element.dataset.key !== drag.key) target.element.classList.add("drop-target");
}

function moveGhost(x, y) {
  drag.ghost.style.transform = `translate(${x - drag.dx}px, ${y - drag.dy}px) rotate(-4deg)`;
}

function startDrag() {
  const box = drag.source.getBoundingClientRect();
  const ghost = drag.source.cloneNode(true);
  ghost.removeAttribute("data-act");
  ghost.setAttribute("aria-hidden", "true");
  ghost.classList.add("drag-ghost");
  Object.assign(ghost.style, { width: `${box.width}px`, height: `${box.height}px` });
  drag.dx = drag.x - box.left;
  drag.dy = drag.y - box.top;
  drag.ghost = ghost;
  document.body.append(ghost);
  drag.source.classList.add("drag-source");
}

function endDrag() {
  if (!drag) return;
  if (drag.ghost) drag.ghost.remove();
  drag.source.classList.remove("drag-source");
  for (const old of SCREEN.querySelectorAll(".drop-target")) old.classList.remove("drop-target");
  drag = null;
}

SCREEN.addEventListener("pointerdown", (event) => {
  if (!game || drag || !event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
  const source = event.target.closest('[data-zone="hand"] [data-card], [data-zone="frames"] [data-card]');
  if (!source || source.disabled) return;
  drag = { source, key: source.dataset.key, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null };
});

addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_PX) return;
    startDrag();
  }
  event.preventDefault();
  moveGhost(event.clientX, event.clientY);
  mark(dropTarget(event.clientX, event.clientY));
});

addEventListener("pointerup", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  const dragged = drag.ghost !== null;
  const key = drag.key;
  const target = dragged ? dropTarget(event.clientX, event.clientY) : null;
  endDrag();
  if (!dragged) return; // a tap: its click acts (a finger's, its pointerup: see below)
  swallowClick();
  if (target && !(target.act === "card" && target.arg === key)) {
    send(() => game.intent("drop", `${key}|${target.act}|${target.arg}`, newsOf(HEARD)), event.timeStamp);
  }
});
addEventListener("pointercancel", endDrag);

/* The click a mouse sends after a drag ends on the card it started on is not a tap. */
function swallowClick() {
  const swallow = (event) => {
    event.stopPropagation();
    event.preventDefault();
  };
  addEventListener("click", swallow, { capture: true, once: true });
  setTimeout(() => removeEventListener("click", swallow, { capture: true }), 0);
}

/* A finger's tap on a control acts when the finger lifts, not on the click the browser makes of it:
 * Chrome makes no click of a tap that follows the end of a drag within a few hundred ms (seen in
 * tests/browser/test_gestures_touch.py: a tap 0.1 s after a touch drag lost its click 3 times in 5).
 * The click that may still come is then not a second tap. A press that moves DRAG_PX or more is a
 * drag (or a scroll: the browser cancels the pointer), never a tap. */
const TOUCH_CLICK_MS = 1000;
let pressed = null; // {target, x, y, id}: a finger down on a control
let touched = null; // {target, at}: a touch tap acted on at its pointerup

SCREEN.addEventListener("pointerdown", (event) => {
  const target = event.pointerType === "touch" && event.isPrimary && event.target.closest("[data-act]");
  pressed = target ? { target, x: event.clientX, y: event.clientY, id: event.pointerId } : null;
});
addEventListener("pointermove", (event) => {
  if (pressed && event.pointerId === pressed.id && Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) >= DRAG_PX) pressed = null;
});
addEventListener("pointercancel", () => (pressed = null));
addEventListener("pointerup", (event) => {
  if (!pressed || event.pointerId !== pressed.id) return;
  const { target } = pressed;
  pressed = null;
  if (target.disabled || !target.isConnected || event.target.closest("[data-act]") !== target) return;
  touched = { target, at: event.timeStamp };
  tap(target, event.timeStamp);
});

/* ------------------------------------------------------------------ a name typed */

/* A person's name for pass-and-play, kept by the worker. The screen is not redrawn: the player
 * may already be typing in the next field (on a phone a redraw would close the keyboard). A name
 * goes on its field's change event, or before a tap's intent if it has not gone yet: a finger's
 * tap on ▶ Start acts at its pointerup, before the focused field is left and says it changed. */
const sentNames = new WeakMap(); // field -> the value last sent (the markup's value until then)

function sendName(field) {
  if (field.value === (sentNames.get(field) ?? field.defaultValue)) return;
  sentNames.set(field, field.value);
  const said = `${field.dataset.name}|${field.value}`;
  send(async () => {
    const frame = JSON.parse((await game.intent("name", said, newsOf(HEARD))) || "null");
    if (frame) write(frame.writes);
    if (frame) carryOnline(frame); // the host's name, on its guests' screens too
    return "null";
  });
}

function sendNames() {
  for (const field of SCREEN.querySelectorAll("input[data-name]")) sendName(field);
}

SCREEN.addEventListener("change", (event) => {
  if (game && event.target.matches("input[data-name]")) sendName(event.target);
});
