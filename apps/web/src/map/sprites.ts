import { iconTypeName, type IconTypeName } from '@xunji/shared';

/**
 * Device icons as pre-rendered bitmaps: each (icon, colour, size, pixel ratio, heading) is drawn
 * once as vectors to an offscreen canvas, and the markers layer then only copies bitmaps, never
 * transformed: a rotated copy costs several times an aligned one to rasterize, so vehicles get
 * one bitmap per 10° of heading instead.
 * Shapes are designed in a 32 × 32 box, vehicles seen from above with their front up (north).
 */

/** Vehicles turn with their heading; people, pets and the rest stay upright. */
const ROTATED: ReadonlySet<IconTypeName> = new Set(['car', 'truck', 'motorbike']);
export const isRotated = (iconType: number): boolean => ROTATED.has(iconTypeName(iconType));

/** Headings are drawn in steps of this many degrees. */
export const ANGLE_STEP = 10;

/** The drawn heading of a direction: the nearest step, 0-350; none is north. */
export function angleBucket(direction: number | null | undefined): number {
  if (direction === null || direction === undefined || !Number.isFinite(direction)) return 0;
  const step = Math.round(direction / ANGLE_STEP) * ANGLE_STEP;
  return ((step % 360) + 360) % 360;
}

/** Marker box in CSS px, and the selected marker's. */
export const MARKER_SIZE = 32;
export const SELECTED_SIZE = 44;
/** Room around the shape for its shadow. */
const PADDING = 4;

/** `angle` is a bucket (angleBucket) and only counts for vehicles. */
export function spriteKey(
  iconType: number,
  color: string,
  selected: boolean,
  pixelRatio: number,
  angle = 0,
): string {
  const heading = isRotated(iconType) ? angle : 0;
  return `${iconTypeName(iconType)}|${color}|${selected ? 'selected' : 'normal'}|${pixelRatio}|${heading}`;
}

export interface Sprite {
  canvas: HTMLCanvasElement;
  /** The marker's centre in the bitmap, whole device pixels from its top left. */
  anchor: number;
}

const cache = new Map<string, Sprite>();
/**
 * Colours are the five badge colours: 3 vehicles × 36 headings × 5 colours plus the upright icons
 * stay well below; the bound only guards against a caller inventing colours.
 */
const CACHE_LIMIT = 1024;

export function sprite(
  iconType: number,
  color: string,
  selected: boolean,
  pixelRatio: number,
  angle = 0,
): Sprite {
  const key = spriteKey(iconType, color, selected, pixelRatio, angle);
  let found = cache.get(key);
  if (!found) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    found = renderSprite(
      iconTypeName(iconType),
      color,
      selected ? SELECTED_SIZE : MARKER_SIZE,
      pixelRatio,
      isRotated(iconType) ? angle : 0,
    );
    cache.set(key, found);
  }
  return found;
}

function renderSprite(
  name: IconTypeName,
  color: string,
  size: number,
  pixelRatio: number,
  angle: number,
): Sprite {
  const pixels = Math.ceil((size + 2 * PADDING) * pixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = pixels;
  canvas.height = pixels;
  const ctx = canvas.getContext('2d')!;
  const unit = (size / 32) * pixelRatio;
  // Whole pixels, so that the layer's copies stay aligned (no resampling).
  const anchor = Math.floor(pixels / 2);
  // The 32-unit design box centred in the bitmap, turned clockwise by the heading.
  ctx.translate(anchor, anchor);
  ctx.rotate((angle * Math.PI) / 180);
  ctx.scale(unit, unit);
  ctx.translate(-16, -16);
  drawIcon(ctx, name, color, unit);
  return { canvas, anchor };
}

const DARK = 'rgba(0, 0, 0, 0.38)';
const WHITE = '#fff';

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
) {
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + width, y, x + width, y + height, radius);
  ctx.arcTo(x + width, y + height, x, y + height, radius);
  ctx.arcTo(x, y + height, x, y, radius);
  ctx.arcTo(x, y, x + width, y, radius);
  ctx.closePath();
}

function polygon(ctx: CanvasRenderingContext2D, points: number[]) {
  ctx.beginPath();
  ctx.moveTo(points[0]!, points[1]!);
  for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i]!, points[i + 1]!);
  ctx.closePath();
}

function circle(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number) {
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
}

/** Fills and outlines the current path with a soft shadow under it. */
function body(ctx: CanvasRenderingContext2D, color: string, unit: number, outline = 1.6) {
  ctx.save();
  // Shadows are in device pixels, untouched by the transform.
  ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
  ctx.shadowBlur = 2.5 * unit;
  ctx.shadowOffsetY = 0.8 * unit;
  ctx.fillStyle = color;
  ctx.fill();
  ctx.restore();
  ctx.lineWidth = outline;
  ctx.strokeStyle = WHITE;
  ctx.stroke();
}

function fill(ctx: CanvasRenderingContext2D, style: string) {
  ctx.fillStyle = style;
  ctx.fill();
}

function drawIcon(ctx: CanvasRenderingContext2D, name: IconTypeName, color: string, unit: number) {
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  switch (name) {
    case 'car':
      roundRect(ctx, 9.5, 3, 13, 26, 5);
      body(ctx, color, unit);
      polygon(ctx, [11.6, 10.5, 20.4, 10.5, 19.4, 14.2, 12.6, 14.2]); // windscreen
      fill(ctx, DARK);
      polygon(ctx, [12.6, 22.6, 19.4, 22.6, 20.3, 25.4, 11.7, 25.4]); // rear window
      fill(ctx, DARK);
      roundRect(ctx, 12.6, 15.2, 6.8, 6.4, 1.5); // roof
      fill(ctx, 'rgba(255, 255, 255, 0.2)');
      roundRect(ctx, 11.3, 4.2, 2.6, 1.6, 0.8); // headlights
      fill(ctx, 'rgba(255, 255, 255, 0.85)');
      roundRect(ctx, 18.1, 4.2, 2.6, 1.6, 0.8);
      fill(ctx, 'rgba(255, 255, 255, 0.85)');
      return;
    case 'truck':
      roundRect(ctx, 8.5, 11.5, 15, 18.5, 2); // load
      body(ctx, color, unit);
      roundRect(ctx, 8.5, 11.5, 15, 18.5, 2);
      fill(ctx, 'rgba(255, 255, 255, 0.25)');
      ctx.beginPath();
      ctx.moveTo(11, 17.5);
      ctx.lineTo(21, 17.5);
      ctx.moveTo(11, 23.5);
      ctx.lineTo(21, 23.5);
      ctx.lineWidth = 1;
      ctx.strokeStyle = DARK;
      ctx.stroke();
      roundRect(ctx, 9.5, 2.5, 13, 8.2, 3); // cab
      body(ctx, color, unit);
      roundRect(ctx, 11, 4.6, 10, 3, 1);
      fill(ctx, DARK);
      return;
    case 'motorbike':
      roundRect(ctx, 14.4, 2.2, 3.2, 7.5, 1.6); // wheels
      fill(ctx, '#262626');
      roundRect(ctx, 14.4, 22.3, 3.2, 7.5, 1.6);
      fill(ctx, '#262626');
      ctx.beginPath(); // handlebar
      ctx.moveTo(9.5, 10.2);
      ctx.lineTo(22.5, 10.2);
      ctx.lineWidth = 2.2;
      ctx.strokeStyle = '#262626';
      ctx.stroke();
      ctx.beginPath();
      ctx.ellipse(16, 16.5, 4.6, 8.2, 0, 0, Math.PI * 2);
      body(ctx, color, unit, 1.4);
      circle(ctx, 16, 14.8, 2.8); // helmet
      fill(ctx, DARK);
      return;
    default:
      circle(ctx, 16, 16, 12.5);
      body(ctx, color, unit, 2);
      drawGlyph(ctx, name, color);
  }
}

/** White figure inside the round badge of the upright icons. */
function drawGlyph(ctx: CanvasRenderingContext2D, name: IconTypeName, color: string) {
  ctx.fillStyle = WHITE;
  ctx.strokeStyle = WHITE;
  switch (name) {
    case 'person':
      circle(ctx, 16, 11.6, 3.3);
      ctx.fill();
      ctx.beginPath();
      ctx.arc(16, 23.2, 6.2, Math.PI, 0);
      ctx.closePath();
      ctx.fill();
      return;
    case 'child':
      // a baby's face with a curl of hair
      circle(ctx, 16, 17, 6.6);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(15, 10.6);
      ctx.quadraticCurveTo(15.4, 7.6, 18.4, 8.2);
      ctx.lineWidth = 1.4;
      ctx.stroke();
      ctx.fillStyle = color;
      circle(ctx, 13.7, 16.2, 1.05);
      ctx.fill();
      circle(ctx, 18.3, 16.2, 1.05);
      ctx.fill();
      ctx.beginPath();
      ctx.arc(16, 18.2, 2.3, 0.2 * Math.PI, 0.8 * Math.PI);
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.1;
      ctx.stroke();
      return;
    case 'elderly':
      circle(ctx, 14.4, 11.4, 3.1);
      ctx.fill();
      ctx.beginPath();
      ctx.arc(14, 23.2, 5.6, Math.PI, 0);
      ctx.closePath();
      ctx.fill();
      ctx.beginPath(); // walking stick with its hook
      ctx.moveTo(21.2, 23.2);
      ctx.lineTo(21.2, 15.6);
      ctx.arc(19.8, 15.6, 1.4, 0, Math.PI, true);
      ctx.lineWidth = 1.5;
      ctx.stroke();
      return;
    case 'pet':
      ctx.beginPath();
      ctx.ellipse(16, 19.6, 4.4, 3.6, 0, 0, Math.PI * 2);
      ctx.fill();
      for (const [x, y] of [
        [10.9, 14.6],
        [14, 11.4],
        [18, 11.4],
        [21.1, 14.6],
      ] as const) {
        ctx.beginPath();
        ctx.ellipse(x, y, 1.8, 2.2, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      return;
    default:
      circle(ctx, 16, 16, 4.6);
      ctx.fill();
  }
}
