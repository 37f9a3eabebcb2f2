/* On a screen narrower than the sheet (a phone), the sheet is scaled to the screen's width, so the
 * whole card is in view and a pinch reads it, instead of two thirds of it lying off to the side.
 * card.css applies --fit on screens only: paper is never scaled. The sheet's width is card.css's
 * --sheet-w, in mm like all of its geometry. */
const MM_PX = 96 / 25.4;
const GUTTER_PX = 16;

function fitSheet() {
  const sheetPx = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--sheet-w")) * MM_PX;
  const fit = Math.min(1, (document.documentElement.clientWidth - GUTTER_PX) / sheetPx);
  document.documentElement.style.setProperty("--fit", fit.toFixed(4));
}

fitSheet();
addEventListener("resize", fitSheet);
