/**
 * The part of the map a page leaves visible: its bars and cards cover the map's edges, so views
 * are centred and fitted in what remains. Pure screen geometry in CSS px.
 */

export interface ViewPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface ScreenPoint {
  x: number;
  y: number;
}

export interface ScreenSize {
  width: number;
  height: number;
}

export const NO_PADDING: ViewPadding = { top: 0, right: 0, bottom: 0, left: 0 };

/** However tall a card grows, at least this share of the map's height stays free (and width). */
const MIN_FREE_SHARE = 0.3;

/** The padding, shrunk in proportion where it would leave less than MIN_FREE_SHARE of the map. */
export function fitPadding(padding: ViewPadding, size: ScreenSize): ViewPadding {
  const scale = (a: number, b: number, length: number) => {
    const most = length * (1 - MIN_FREE_SHARE);
    return a + b > most && a + b > 0 ? most / (a + b) : 1;
  };
  const vertical = scale(padding.top, padding.bottom, size.height);
  const horizontal = scale(padding.left, padding.right, size.width);
  return {
    top: Math.max(0, padding.top * vertical),
    bottom: Math.max(0, padding.bottom * vertical),
    left: Math.max(0, padding.left * horizontal),
    right: Math.max(0, padding.right * horizontal),
  };
}

/**
 * How far the map's centre must sit from a point for that point to show in the middle of the
 * visible part: add it to the point's pixel position to get the centre's.
 */
export function centreOffset(padding: ViewPadding): ScreenPoint {
  return {
    x: (padding.right - padding.left) / 2,
    y: (padding.bottom - padding.top) / 2,
  };
}

/**
 * Whether a point (container px) is in the visible part, away from its edges by `margin` of its
 * size on each side: a followed device is brought back to the middle only once it leaves this.
 */
export function isWellInView(
  point: ScreenPoint,
  size: ScreenSize,
  padding: ViewPadding,
  margin = 0.2,
): boolean {
  const width = size.width - padding.left - padding.right;
  const height = size.height - padding.top - padding.bottom;
  const left = padding.left + width * margin;
  const top = padding.top + height * margin;
  return (
    point.x >= left &&
    point.x <= padding.left + width - width * margin &&
    point.y >= top &&
    point.y <= padding.top + height - height * margin
  );
}
