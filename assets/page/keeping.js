/* View keeping: a redraw (drawing.js) replaces #screen's HTML wholesale, and the player must not
 * feel it. keepView notes what they had in hand before, restoreView puts it back after. It reads
 * and sets only the focus, the open details and the scroll of parts inside #screen.
 */
import { SCREEN } from "./link.js";

/* What the player had in hand on the screen before a redraw: the focused control (by its
 * data-act and data-arg, or the details it folds: data-fold), the details opened, and how far each
 * scrolling part ([data-scroll]: the felt, the log) was scrolled. A redraw replaces the HTML, so
 * all three are put back afterwards; nothing ever scrolls the page or moves the focus by itself. */
function focusedControl() {
  const active = document.activeElement;
  if (!active || !SCREEN.contains(active)) return null;
  if (active.dataset.act) return [active.dataset.act, active.dataset.arg || ""];
  const fold = active.matches("summary") && active.closest("details[data-fold]");
  return fold ? ["fold", fold.dataset.fold] : null;
}

export function keepView() {
  const scrolled = {};
  for (const part of SCREEN.querySelectorAll("[data-scroll]")) scrolled[part.dataset.scroll] = part.scrollTop;
  const open = [...SCREEN.querySelectorAll("details[data-fold][open]")].map((details) => details.dataset.fold);
  return { focus: focusedControl(), scrolled, open };
}

export function restoreView({ focus, scrolled, open }) {
  for (const fold of open) {
    const details = SCREEN.querySelector(`details[data-fold="${CSS.escape(fold)}"]`);
    if (details) details.open = true;
  }
  for (const part of SCREEN.querySelectorAll("[data-scroll]")) {
    if (part.dataset.scroll in scrolled) part.scrollTop = scrolled[part.dataset.scroll];
  }
  refocus(focus);
}

function refocus(focus) {
  let target = SCREEN.querySelector("[data-autofocus]");
  const dialog = target && target.closest("[data-dialog]");
  if (dialog && focus && focus[0] !== "fold") {
    // A control of the same dialog keeps the focus through its own redraw (a claim toggled).
    const [act, arg] = focus;
    const same = dialog.querySelector(arg ? `[data-act="${CSS.escape(act)}"][data-arg="${CSS.escape(arg)}"]` : `[data-act="${CSS.escape(act)}"]`);
    if (same) target = same;
  }
  if (!target && focus) {
    const [act, arg] = focus;
    if (act === "fold") {
      target = SCREEN.querySelector(`details[data-fold="${CSS.escape(arg)}"] > summary`);
    } else {
      const selector = arg ? `[data-act="${CSS.escape(act)}"][data-arg="${CSS.escape(arg)}"]` : `[data-act="${CSS.escape(act)}"]`;
      target = SCREEN.querySelector(selector);
      if (!target || target.disabled) target = SCREEN.querySelector(".actions button:not([disabled]), .hand .card");
    }
  }
  // preventScroll: a redraw during the bots' turns must not move the page under the player.
  if (target) target.focus({ preventScroll: true });
}
