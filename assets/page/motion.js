/* Cards on the move: a card that changed place across a redraw flies there instead of jumping.
 * notePlaces reads the cards' places before the new HTML goes in, moveCards flies them after
 * (drawing.js). It only animates cards inside #screen (and stand-ins it puts in the discard zone
 * and removes when they land); it never changes what the frame shows or where the focus is.
 */
import { SCREEN } from "./link.js";

/* ------------------------------------------------------------------ cards on the move
 *
 * A redraw replaces #screen's HTML, so a card that changed place would jump. Before the new HTML
 * goes in, each card's place on the screen is noted (by its data-key, unique in the shoe); once
 * it is in, a card found in another zone flies there from where it was (FLIP: it is drawn at
 * its new place at once and only a transform carries it, so nothing else moves). A card that
 * was not on the screen comes from where the frame says: the stock for a card in your hand, the
 * seat of the bot that just moved (data-just-seat, data-just-kind from the view model) for one it
 * put on the pile or the table. A card a bot took away flies from the pile to its seat. Under
 * prefers-reduced-motion nothing travels: a card that arrives fades in where it lands instead
 * (still the eye's cue that it changed), and one that leaves is simply gone. */
const FLIGHT_MS = 220; // every travel, deal included, is one flight of at most 250 ms
const DEAL_SPAN_MS = 260; // a new hand's cards leave the stock one after another within this
const STILL = matchMedia("(prefers-reduced-motion: reduce)");
const ZONED = ["hand", "frames", "extra", "pile-fan", "table", "discard"].map((zone) => `[data-zone="${zone}"] [data-key]`).join(", ");
const TAKEN = new Set(["took", "stole", "bought", "swapped"]); // a bot's move that takes the pile's top card
const FROM_STOCK = new Set(["drew", "stole", "bought"]); // a bot's move that takes from the stock (a steal's penalty card, a buy's fee)

/* Where a card lies: its zone, and which meld or frame of it. */
function zoneOf(card) {
  const holder = card.closest("[data-meld], [data-frame]");
  const zone = card.closest("[data-zone]").dataset.zone;
  return holder ? `${zone}:${holder.dataset.meld ?? holder.dataset.frame}` : zone;
}

function rectOf(selector) {
  const element = SCREEN.querySelector(selector);
  const rect = element && element.getBoundingClientRect();
  return rect && rect.width ? rect : null;
}

/* The screen's cards before a redraw: key → {rect, zone, element}; null when motion is off. */
export function notePlaces() {
  if (!SCREEN.querySelector(".table-screen")) return { cards: new Map(), table: false, fresh: false };
  const cards = new Map();
  for (const element of SCREEN.querySelectorAll(ZONED)) {
    cards.set(element.dataset.key, { rect: element.getBoundingClientRect(), zone: zoneOf(element), element });
  }
  const fresh = SCREEN.querySelector(".table-screen").dataset.fresh === "true";
  return { cards, table: true, fresh, stock: rectOf('[data-zone="stock"]') };
}

/* The transform that puts a box of ``to`` over ``from``, centre on centre, scaled evenly. */
function offset(from, to) {
  const scale = Math.min(2, Math.max(0.3, Math.min(from.width / to.width, from.height / to.height)));
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  return `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px) scale(${scale.toFixed(3)})`;
}

/* Fly each card (already at its new place) from where it was: ``trips`` holds [card, from, delay,
 * fade]. Every card's new place is read before the first flight starts, so the page lays out
 * once, not once per card.
 *
 * What flies is a stand-in, not the card: the felt scrolls, so it clips what it holds, and a card
 * flying there from the hand (in the bottom panel) would be cut off until it crossed the felt's
 * edge, and drawn under the panel. The stand-in is fixed to the window in a layer over the whole
 * table (.flights: it escapes every clip and lies above the bottom panel), yet sits beside the
 * card in the page, so the card's own styles (its zone's size and type) are its own too. The card
 * waits, unseen and taking no taps, where it lands; the stand-in goes when it is there. */
function fly(trips) {
  if (STILL.matches) return fade(trips);
  const placed = trips.filter(([, from]) => from)
    .map(([card, from, delay = 0, fade = false]) => [card, from, card.getBoundingClientRect(), delay, fade]);
  for (const [card, from, to, delay, fade] of placed) {
    if (!to.width) continue;
    const stand = standIn(card, to);
    if (!stand) continue;
    stand.dataset.flightOf = card.dataset.key; // what it stands for (tests/browser/test_motion.py)
    const start = { transform: offset(from, to), offset: 0 };
    if (fade) start.opacity = 0.4;
    card.classList.add("in-flight");
    const flight = stand.animate([start, { transform: "none", offset: 1 }], {
      duration: FLIGHT_MS, delay, fill: "backwards", easing: "cubic-bezier(.2, .7, .3, 1)",
    });
    const land = () => {
      card.classList.remove("in-flight");
      stand.parentElement.remove();
    };
    flight.finished.then(land, land);
  }
}

/* Reduced motion: each arriving card fades in where it lands, all at once, no travel. */
function fade(trips) {
  for (const [card, from] of trips) {
    if (from) card.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FLIGHT_MS, easing: "ease-out" });
  }
}

/* A stand-in of ``look`` (a card, or null for a card's back) over ``box``, in a layer of its own
 * beside ``look`` (in the discard zone for a card gone from the page), drawn above everything on
 * the table; null when there is nowhere to put it. It carries none of the card's hooks (no
 * data-key, no act, nothing a screen reader or a tap finds). The layer is not a card and takes no
 * place in the layout, so the hand's count of cards and its columns stay as they are. */
function standIn(look, box) {
  const stand = look ? look.cloneNode(true) : document.createElement("span");
  for (const name of [...stand.attributes].map((attribute) => attribute.name)) {
    if (name.startsWith("data-") || name === "id" || name === "role" || name === "aria-label") stand.removeAttribute(name);
  }
  stand.classList.remove("in-flight", "selected");
  stand.classList.add("flight");
  if (!look) stand.classList.add("flight-back");
  stand.setAttribute("aria-hidden", "true");
  stand.tabIndex = -1;
  Object.assign(stand.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
  const beside = look && look.isConnected ? look.parentElement : SCREEN.querySelector('[data-zone="discard"]');
  if (!beside) return null;
  const layer = document.createElement("span");
  layer.className = "flights";
  layer.append(stand);
  beside.append(layer);
  return stand;
}

/* A card that leaves the screen for a bot's hand (``look``: the card as it was drawn, or null for
 * a card from the stock): a stand-in, drawn where ``from`` was, flies into the seat and fades
 * there; it goes when it lands. */
function flyAway(look, from, to) {
  if (STILL.matches) return;
  const stand = standIn(look, from);
  if (!stand) return;
  const scale = Math.min(1, to.height / from.height);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const flight = stand.animate(
    [{ transform: "none", opacity: 1 }, { transform: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px) scale(${scale.toFixed(3)})`, opacity: 0.2 }],
    { duration: FLIGHT_MS, easing: "cubic-bezier(.4, 0, .6, 1)" },
  );
  const gone = () => stand.parentElement.remove();
  flight.finished.then(gone, gone);
}

/* After a redraw: fly every card that changed place (see above). */
export function moveCards(before) {
  const screen = SCREEN.querySelector(".table-screen");
  if (!before || !screen) return;
  const { justSeat: seat, justKind: kind = "" } = screen.dataset;
  const seatRect = seat === undefined ? null : rectOf(`.opponents [data-seat="${CSS.escape(seat)}"]`);
  const stock = before.stock || rectOf('[data-zone="stock"]');
  const now = [...SCREEN.querySelectorAll(ZONED)].map((element) => [element, zoneOf(element)]);
  const seen = new Set(now.map(([element]) => element.dataset.key));
  if (screen.dataset.fresh === "true" && !before.fresh) { // a new deal (its cards may have lain on the last one's table)
    return fly(deal(now.filter(([, zone]) => zone === "hand").map(([element]) => element), stock));
  }
  const trips = [];
  for (const [element, zone] of now) {
    const old = before.cards.get(element.dataset.key);
    if (old) {
      if (old.zone !== zone) trips.push([element, old.rect]);
    } else if (zone === "hand" || zone.startsWith("frames")) {
      if (before.table) trips.push([element, stock]); // drawn, or a steal's penalty card
    } else if (seatRect && element.closest(".just")) {
      trips.push([element, seatRect, 0, true]); // a bot's discard, lay-down or lay-off
    }
  }
  fly(trips);
  if (!seatRect) return;
  for (const [key, old] of before.cards) {
    if (seen.has(key)) continue;
    const taken = old.zone === "discard" ? TAKEN.has(kind) : old.zone.startsWith("table") && kind === "swapped_wild";
    if (taken) flyAway(old.element, old.rect, seatRect);
  }
  if (FROM_STOCK.has(kind) && stock) flyAway(null, stock, seatRect);
}

/* A new deal's trips: the hand's cards leave the stock one after another, each flight FLIGHT_MS long. */
function deal(cards, stock) {
  const step = cards.length > 1 ? Math.min(30, DEAL_SPAN_MS / (cards.length - 1)) : 0;
  return cards.map((card, index) => [card, stock, Math.round(index * step)]);
}
