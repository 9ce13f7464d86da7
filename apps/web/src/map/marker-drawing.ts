/**
 * What the device canvas draws besides the icon sprites: names, group bubbles and the lines from
 * a spread marker to its true place. Coordinates in CSS px; the context is scaled to the pixel
 * ratio by the caller.
 */

import {
  BUBBLE_SIZE,
  LABEL_PLACES,
  labelBox,
  SELECTED_LABEL_HEIGHT,
  SELECTED_LABEL_POINTER,
  selectedLabelBox,
} from './marker-layout';

const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Noto Sans CJK SC', sans-serif";
/** The selected marker's name, in its bubble above it. */
export const SELECTED_LABEL_FONT = `500 12px ${FONT_STACK}`;
/** The other markers' names, under them. */
export const LABEL_FONT = `400 11px ${FONT_STACK}`;
const SELECTED_LABEL_MAX_WIDTH = 160;
const LABEL_MAX_WIDTH = 112;

/** The text as shown in `font`, cut with an ellipsis to fit, and its width. */
export function fitText(
  ctx: CanvasRenderingContext2D,
  text: string,
  font: string,
  selected: boolean,
): { text: string; width: number } {
  const limit = selected ? SELECTED_LABEL_MAX_WIDTH : LABEL_MAX_WIDTH;
  ctx.font = font;
  let shown = text;
  if (ctx.measureText(shown).width > limit) {
    while (shown.length > 1 && ctx.measureText(`${shown}…`).width > limit) {
      shown = shown.slice(0, -1);
    }
    shown = `${shown}…`;
  }
  return { text: shown, width: ctx.measureText(shown).width };
}

function roundedBox(
  ctx: CanvasRenderingContext2D,
  left: number,
  top: number,
  width: number,
  height: number,
  radius: number,
): void {
  ctx.moveTo(left + radius, top);
  ctx.arcTo(left + width, top, left + width, top + height, radius);
  ctx.arcTo(left + width, top + height, left, top + height, radius);
  ctx.arcTo(left, top + height, left, top, radius);
  ctx.arcTo(left, top, left + width, top, radius);
}

/** The selected marker's name: a white bubble above it, pointing at it. */
export function drawSelectedLabel(
  ctx: CanvasRenderingContext2D,
  text: { text: string; width: number },
  x: number,
  y: number,
  ratio: number,
): void {
  const { left, top, width } = selectedLabelBox(x, y, text.width);
  const height = SELECTED_LABEL_HEIGHT;
  const bottom = top + height;
  ctx.beginPath();
  ctx.moveTo(left + 6, top);
  ctx.arcTo(left + width, top, left + width, bottom, 6);
  ctx.arcTo(left + width, bottom, left, bottom, 6);
  ctx.lineTo(x + 5, bottom);
  ctx.lineTo(x, bottom + SELECTED_LABEL_POINTER);
  ctx.lineTo(x - 5, bottom);
  ctx.arcTo(left, bottom, left, top, 6);
  ctx.arcTo(left, top, left + width, top, 6);
  ctx.closePath();
  ctx.save();
  ctx.shadowColor = 'rgba(0, 0, 0, 0.25)';
  ctx.shadowBlur = 4 * ratio;
  ctx.shadowOffsetY = 1 * ratio;
  ctx.fillStyle = '#fff';
  ctx.fill();
  ctx.restore();
  ctx.font = SELECTED_LABEL_FONT;
  ctx.fillStyle = '#1f1f1f';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text.text, x, top + height / 2 + 0.5);
}

/** Another marker's name: a small white tag beside it (`place`: MarkerLayout.labelled). */
export function drawLabel(
  ctx: CanvasRenderingContext2D,
  text: { text: string; width: number },
  x: number,
  y: number,
  place: number,
): void {
  const { left, top, width, height } = labelBox(x, y, text.width, LABEL_PLACES[place - 1]);
  ctx.beginPath();
  roundedBox(ctx, left, top, width, height, 4);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.fill();
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.12)';
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.font = LABEL_FONT;
  ctx.fillStyle = '#333';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text.text, left + width / 2, top + height / 2 + 0.5);
}

/** A group of markers too large to spread: a circle with their count. */
export function drawBubble(ctx: CanvasRenderingContext2D, x: number, y: number, count: number) {
  ctx.beginPath();
  ctx.arc(x, y, BUBBLE_SIZE / 2, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(255, 122, 0, 0.92)';
  ctx.fill();
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.font = `600 ${count > 99 ? 11 : 13}px ${FONT_STACK}`;
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(count > 999 ? '999+' : String(count), x, y + 0.5);
}

/** From a spread marker back to where the device is: a thin line and a dot. */
export function drawLeader(
  ctx: CanvasRenderingContext2D,
  fromX: number,
  fromY: number,
  toX: number,
  toY: number,
): void {
  ctx.beginPath();
  ctx.moveTo(fromX, fromY);
  ctx.lineTo(toX, toY);
  ctx.strokeStyle = 'rgba(60, 60, 60, 0.55)';
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(toX, toY, 2.5, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(60, 60, 60, 0.8)';
  ctx.fill();
}
