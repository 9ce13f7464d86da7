/**
 * Where each device marker is drawn so that none hides another: markers closer than a tap can
 * tell apart form a group; a small group is spread on a ring around the selected marker (at its
 * true place) or around the group's middle, a large one becomes a bubble with its count (spread
 * too at the map's last zoom level). At close zoom each marker gets its name beside it where the
 * name covers no marker and no other name. Pure: pixel positions of one zoom level in, pixel
 * positions out, so the layout survives panning and is made again only when markers or the zoom
 * change.
 */

import { HIT_RADIUS } from './marker-geometry';
import { MARKER_SIZE, SELECTED_SIZE } from './sprites';

/** Markers nearer each other than this (px) are grouped: a tap could not tell them apart. */
export const GROUP_RADIUS = HIT_RADIUS;
/** Groups up to this size are spread on a ring; larger ones become a bubble. */
export const MAX_SPREAD = 6;
/** Distance between the centres of neighbouring spread markers. */
const SPREAD_GAP = MARKER_SIZE + 2;
/** A ring around the selected marker clears it. */
const SELECTED_RING = SELECTED_SIZE / 2 + MARKER_SIZE / 2 + 2;
/** The bubble of a large group. */
export const BUBBLE_SIZE = 36;
/** A name's box under its marker. */
const LABEL_HEIGHT = 16;
const LABEL_GAP = 2;
const LABEL_PADDING = 4;
/** The selected marker's name bubble and its pointer. */
export const SELECTED_LABEL_HEIGHT = 22;
export const SELECTED_LABEL_POINTER = 5;

export interface LayoutInput {
  /** Projected pixel positions at one zoom level. */
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
  count: number;
  /** Index of the selected marker, -1 for none. */
  selected: number;
  /** The map's last zoom level: groups cannot be split by zooming in, so all are spread. */
  spreadAll: boolean;
  /**
   * Width of each marker's name as drawn (px), 0 without one; null: the other markers' names
   * are not shown at this zoom.
   */
  labelWidths: ArrayLike<number> | null;
}

export interface Bubble {
  x: number;
  y: number;
  count: number;
}

export interface MarkerLayout {
  /** Where each marker is drawn; NaN for the members of a bubble. */
  x: Float64Array;
  y: Float64Array;
  /** 1 when drawn away from its true position (a line leads back to it). */
  moved: Uint8Array;
  /** Where its name is drawn: 0 nowhere, else 1 + its index in LABEL_PLACES. */
  labelled: Uint8Array;
  bubbles: Bubble[];
}

const cellKey = (cx: number, cy: number) => cx * 4_194_304 + cy;

/** Groups of indices, each a seed and the markers within GROUP_RADIUS of it (greedy). */
export function groupMarkers(input: Pick<LayoutInput, 'xs' | 'ys' | 'count' | 'selected'>) {
  const { xs, ys, count, selected } = input;
  const seedsByCell = new Map<number, number[]>();
  const groups: number[][] = [];
  const groupOfSeed = new Map<number, number>();
  const radius2 = GROUP_RADIUS * GROUP_RADIUS;
  const place = (i: number) => {
    const x = xs[i]!;
    const y = ys[i]!;
    const cx = Math.floor(x / GROUP_RADIUS);
    const cy = Math.floor(y / GROUP_RADIUS);
    let best = -1;
    let bestDistance = radius2;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const seed of seedsByCell.get(cellKey(cx + dx, cy + dy)) ?? []) {
          const distance = (xs[seed]! - x) ** 2 + (ys[seed]! - y) ** 2;
          if (distance <= bestDistance) {
            best = seed;
            bestDistance = distance;
          }
        }
      }
    }
    if (best !== -1) {
      groups[groupOfSeed.get(best)!]!.push(i);
      return;
    }
    const key = cellKey(cx, cy);
    const seeds = seedsByCell.get(key);
    if (seeds) seeds.push(i);
    else seedsByCell.set(key, [i]);
    groupOfSeed.set(i, groups.length);
    groups.push([i]);
  };
  // The selected marker seeds its group: it stays where it is and the others move around it.
  if (selected >= 0 && selected < count) place(selected);
  for (let i = 0; i < count; i++) if (i !== selected) place(i);
  return groups;
}

/**
 * Positions on rings around a centre for `n` markers: one ring as small as keeps neighbours
 * SPREAD_GAP apart (at least `inner`), more rings outwards when they do not fit on it.
 */
export function ringPositions(n: number, inner: number): { dx: number; dy: number }[] {
  const positions: { dx: number; dy: number }[] = [];
  const single = n <= 1 ? inner : Math.max(inner, SPREAD_GAP / (2 * Math.sin(Math.PI / n)));
  const firstRadius = n <= MAX_SPREAD ? single : Math.max(inner, SPREAD_GAP);
  let radius = firstRadius;
  while (positions.length < n) {
    const capacity = Math.max(1, Math.floor((2 * Math.PI * radius) / SPREAD_GAP));
    const onRing = n <= MAX_SPREAD ? n : Math.min(capacity, n - positions.length);
    for (let k = 0; k < onRing; k++) {
      // From the east, clockwise on screen; each ring turned by half a step against the last.
      const angle = (2 * Math.PI * (k + (radius === firstRadius ? 0 : 0.5))) / onRing;
      positions.push({ dx: radius * Math.cos(angle), dy: radius * Math.sin(angle) });
    }
    radius += SPREAD_GAP;
  }
  return positions;
}

/** Boxes already taken (markers, bubbles, names), in a grid of 64-px cells. */
class TakenSpace {
  private readonly cells = new Map<number, number[]>();
  /** left, top, right, bottom of each box. */
  private readonly boxes: number[] = [];

  add(left: number, top: number, right: number, bottom: number): void {
    const index = this.boxes.length;
    this.boxes.push(left, top, right, bottom);
    for (let cx = Math.floor(left / CELL); cx <= Math.floor(right / CELL); cx++) {
      for (let cy = Math.floor(top / CELL); cy <= Math.floor(bottom / CELL); cy++) {
        const key = cellKey(cx, cy);
        const cell = this.cells.get(key);
        if (cell) cell.push(index);
        else this.cells.set(key, [index]);
      }
    }
  }

  isFree(left: number, top: number, right: number, bottom: number): boolean {
    const b = this.boxes;
    for (let cx = Math.floor(left / CELL); cx <= Math.floor(right / CELL); cx++) {
      for (let cy = Math.floor(top / CELL); cy <= Math.floor(bottom / CELL); cy++) {
        const cell = this.cells.get(cellKey(cx, cy));
        if (!cell) continue;
        for (const i of cell) {
          if (left < b[i + 2]! && right > b[i]! && top < b[i + 3]! && bottom > b[i + 1]!)
            return false;
        }
      }
    }
    return true;
  }
}

const CELL = 64;

export function layoutMarkers(input: LayoutInput): MarkerLayout {
  const { xs, ys, count, selected, spreadAll, labelWidths } = input;
  const layout: MarkerLayout = {
    x: new Float64Array(count),
    y: new Float64Array(count),
    moved: new Uint8Array(count),
    labelled: new Uint8Array(count),
    bubbles: [],
  };
  for (const members of groupMarkers(input)) {
    if (members.length === 1) {
      const i = members[0]!;
      layout.x[i] = xs[i]!;
      layout.y[i] = ys[i]!;
      continue;
    }
    const hasSelected = members[0] === selected;
    let cx = 0;
    let cy = 0;
    for (const i of members) {
      cx += xs[i]!;
      cy += ys[i]!;
    }
    cx /= members.length;
    cy /= members.length;
    if (hasSelected) {
      cx = xs[selected]!;
      cy = ys[selected]!;
      layout.x[selected] = cx;
      layout.y[selected] = cy;
    }
    const others = hasSelected ? members.slice(1) : members;
    const inner = hasSelected ? SELECTED_RING : SPREAD_GAP / 2;
    if (others.length > MAX_SPREAD - (hasSelected ? 1 : 0) && !spreadAll) {
      for (const i of others) layout.x[i] = layout.y[i] = NaN;
      layout.bubbles.push(
        hasSelected
          ? { x: cx + SELECTED_RING, y: cy, count: others.length }
          : { x: cx, y: cy, count: others.length },
      );
      continue;
    }
    const positions = ringPositions(others.length, inner);
    others.forEach((i, k) => {
      layout.x[i] = cx + positions[k]!.dx;
      layout.y[i] = cy + positions[k]!.dy;
      layout.moved[i] = 1;
    });
  }
  if (labelWidths) placeLabels(layout, count, selected, labelWidths);
  return layout;
}

/**
 * The names of the other markers beside them (under them where there is room, else to a side or
 * above), where they cover no marker, bubble or name; the selected marker's name (always shown,
 * above it) is placed first.
 */
function placeLabels(
  layout: MarkerLayout,
  count: number,
  selected: number,
  textWidths: ArrayLike<number>,
): void {
  const taken = new TakenSpace();
  for (let i = 0; i < count; i++) {
    const x = layout.x[i]!;
    if (Number.isNaN(x)) continue;
    const half = (i === selected ? SELECTED_SIZE : MARKER_SIZE) / 2;
    taken.add(x - half, layout.y[i]! - half, x + half, layout.y[i]! + half);
  }
  for (const { x, y } of layout.bubbles) {
    taken.add(x - BUBBLE_SIZE / 2, y - BUBBLE_SIZE / 2, x + BUBBLE_SIZE / 2, y + BUBBLE_SIZE / 2);
  }
  if (selected >= 0 && selected < count && textWidths[selected]! > 0) {
    const box = selectedLabelBox(layout.x[selected]!, layout.y[selected]!, textWidths[selected]!);
    taken.add(box.left, box.top, box.left + box.width, box.top + box.height);
  }
  for (let i = 0; i < count; i++) {
    if (i === selected || textWidths[i]! <= 0 || Number.isNaN(layout.x[i]!)) continue;
    for (let place = 0; place < LABEL_PLACES.length; place++) {
      const box = labelBox(layout.x[i]!, layout.y[i]!, textWidths[i]!, LABEL_PLACES[place]);
      const right = box.left + box.width;
      const bottom = box.top + box.height;
      if (!taken.isFree(box.left, box.top, right, bottom)) continue;
      taken.add(box.left, box.top, right, bottom);
      layout.labelled[i] = place + 1;
      break;
    }
  }
}

/** Where a marker's name may go, tried in this order. */
export const LABEL_PLACES = ['below', 'right', 'left', 'above'] as const;
export type LabelPlace = (typeof LABEL_PLACES)[number];

export interface LabelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A marker's name, beside it. */
export function labelBox(
  x: number,
  y: number,
  textWidth: number,
  place: LabelPlace = 'below',
): LabelBox {
  const width = Math.ceil(textWidth) + 2 * LABEL_PADDING;
  const reach = MARKER_SIZE / 2 + LABEL_GAP;
  const corners: Record<LabelPlace, [number, number]> = {
    below: [x - width / 2, y + reach],
    above: [x - width / 2, y - reach - LABEL_HEIGHT],
    right: [x + reach, y - LABEL_HEIGHT / 2],
    left: [x - reach - width, y - LABEL_HEIGHT / 2],
  };
  const [left, top] = corners[place];
  return { left: Math.round(left), top: Math.round(top), width, height: LABEL_HEIGHT };
}

/** The selected marker's name: a bubble above it, its pointer (below the box) on the marker. */
export function selectedLabelBox(x: number, y: number, textWidth: number): LabelBox {
  const width = Math.ceil(textWidth) + 16;
  return {
    left: Math.round(x - width / 2),
    top: Math.round(y - SELECTED_SIZE / 2 - 4 - SELECTED_LABEL_POINTER - SELECTED_LABEL_HEIGHT),
    width,
    height: SELECTED_LABEL_HEIGHT,
  };
}
