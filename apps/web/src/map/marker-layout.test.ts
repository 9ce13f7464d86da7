import { describe, expect, it } from 'vitest';
import {
  GROUP_RADIUS,
  groupMarkers,
  LABEL_PLACES,
  labelBox,
  layoutMarkers,
  MAX_SPREAD,
  ringPositions,
  selectedLabelBox,
  type LayoutInput,
  type MarkerLayout,
} from './marker-layout';
import { MARKER_SIZE, SELECTED_SIZE } from './sprites';

const input = (points: [number, number][], patch: Partial<LayoutInput> = {}): LayoutInput => ({
  xs: points.map(([x]) => x),
  ys: points.map(([, y]) => y),
  count: points.length,
  selected: -1,
  spreadAll: false,
  labelWidths: null,
  ...patch,
});

const distance = (layout: MarkerLayout, a: number, b: number) =>
  Math.hypot(layout.x[a]! - layout.x[b]!, layout.y[a]! - layout.y[b]!);

/** Every pair of drawn markers at least this far apart. */
function minimumGap(layout: MarkerLayout, count: number): number {
  let gap = Infinity;
  for (let a = 0; a < count; a++)
    for (let b = a + 1; b < count; b++)
      if (!Number.isNaN(layout.x[a]!) && !Number.isNaN(layout.x[b]!))
        gap = Math.min(gap, distance(layout, a, b));
  return gap;
}

describe('marker groups', () => {
  it('group the markers a tap could not tell apart, and only those', () => {
    const groups = groupMarkers(
      input([
        [100, 100],
        [100 + GROUP_RADIUS - 1, 100],
        [100 + GROUP_RADIUS * 3, 100],
        [500, 500],
      ]),
    );
    expect(groups).toEqual([[0, 1], [2], [3]]);
  });

  it('are seeded by the selected marker, so it stays where it is', () => {
    const groups = groupMarkers(
      input(
        [
          [100, 100],
          [110, 100],
          [120, 100],
        ],
        { selected: 2 },
      ),
    );
    expect(groups).toEqual([[2, 0, 1]]);
  });
});

describe('marker layout', () => {
  it('leaves lone markers at their places', () => {
    const layout = layoutMarkers(
      input([
        [10, 20],
        [300, 400],
      ]),
    );
    expect([...layout.x]).toEqual([10, 300]);
    expect([...layout.y]).toEqual([20, 400]);
    expect([...layout.moved]).toEqual([0, 0]);
    expect(layout.bubbles).toEqual([]);
  });

  it('spreads two devices at one place side by side, a marker apart, around that place', () => {
    const layout = layoutMarkers(
      input([
        [200, 200],
        [200.5, 200.2],
      ]),
    );
    expect(distance(layout, 0, 1)).toBeGreaterThanOrEqual(MARKER_SIZE);
    expect((layout.x[0]! + layout.x[1]!) / 2).toBeCloseTo(200.25, 5);
    expect([...layout.moved]).toEqual([1, 1]);
  });

  it('keeps the selected marker in place and rings the others clear of it', () => {
    const points: [number, number][] = [
      [200, 200],
      [201, 200],
      [200, 203],
      [198, 199],
    ];
    const layout = layoutMarkers(input(points, { selected: 1 }));
    expect([layout.x[1], layout.y[1], layout.moved[1]]).toEqual([201, 200, 0]);
    for (const other of [0, 2, 3]) {
      expect(distance(layout, 1, other)).toBeGreaterThanOrEqual((SELECTED_SIZE + MARKER_SIZE) / 2);
    }
    expect(minimumGap(layout, points.length)).toBeGreaterThanOrEqual(MARKER_SIZE);
  });

  it('turns a group larger than a ring into one bubble with its count', () => {
    const points = Array.from({ length: MAX_SPREAD + 3 }, (_, i): [number, number] => [
      300 + i,
      300,
    ]);
    const layout = layoutMarkers(input(points));
    expect(layout.bubbles).toHaveLength(1);
    expect(layout.bubbles[0]!.count).toBe(points.length);
    expect(layout.x.every(Number.isNaN)).toBe(true);
  });

  it('keeps the selected marker out of a bubble, and the bubble off it', () => {
    const points = Array.from({ length: MAX_SPREAD + 3 }, (_, i): [number, number] => [
      300 + i,
      300,
    ]);
    const layout = layoutMarkers(input(points, { selected: 4 }));
    expect([layout.x[4], layout.y[4]]).toEqual([304, 300]);
    const [bubble] = layout.bubbles;
    expect(bubble!.count).toBe(points.length - 1);
    expect(Math.hypot(bubble!.x - 304, bubble!.y - 300)).toBeGreaterThan(SELECTED_SIZE / 2);
  });

  it('spreads every group at the last zoom level, on rings that keep markers apart', () => {
    const points = Array.from({ length: 25 }, (_, i): [number, number] => [300, 300 + i * 0.1]);
    const layout = layoutMarkers(input(points, { spreadAll: true }));
    expect(layout.bubbles).toEqual([]);
    expect(minimumGap(layout, points.length)).toBeGreaterThanOrEqual(MARKER_SIZE - 0.5);
  });

  it('rings of one to six markers are one ring, the smallest that keeps neighbours apart', () => {
    for (let n = 1; n <= MAX_SPREAD; n++) {
      const positions = ringPositions(n, 17);
      expect(positions).toHaveLength(n);
      const radii = positions.map(({ dx, dy }) => Math.hypot(dx, dy));
      expect(Math.max(...radii) - Math.min(...radii)).toBeLessThan(1e-9);
      if (n > 1) {
        const [a, b] = positions;
        expect(Math.hypot(a!.dx - b!.dx, a!.dy - b!.dy)).toBeCloseTo(MARKER_SIZE + 2, 5);
      }
    }
  });
});

describe('marker names', () => {
  const widths = (...values: number[]) => Float64Array.from(values);

  it('are shown under every marker when they fit', () => {
    const layout = layoutMarkers(
      input(
        [
          [100, 100],
          [300, 100],
          [100, 300],
        ],
        { labelWidths: widths(40, 40, 40) },
      ),
    );
    expect([...layout.labelled]).toEqual([1, 1, 1]);
  });

  it('go to a side, or above, where there is no room under the marker', () => {
    // The second marker sits right under the first one's name; the third one's name would
    // overlap the second's and goes right of it.
    const layout = layoutMarkers(
      input(
        [
          [100, 100],
          [100, 100 + MARKER_SIZE / 2 + 10 + MARKER_SIZE / 2],
          [160, 100 + MARKER_SIZE + 10],
        ],
        { labelWidths: widths(40, 80, 80) },
      ),
    );
    const place = (i: number) => LABEL_PLACES[layout.labelled[i]! - 1];
    expect([place(0), place(1), place(2)]).toEqual(['right', 'below', 'right']);
  });

  it('are left out where no place around the marker is free', () => {
    // A marker boxed in by four others, close but not close enough to be spread.
    const d = GROUP_RADIUS + 2;
    const layout = layoutMarkers(
      input(
        [
          [200, 200],
          [200, 200 + d],
          [200, 200 - d],
          [200 + d, 200],
          [200 - d, 200],
        ],
        { labelWidths: widths(60, 0, 0, 0, 0) },
      ),
    );
    expect(layout.labelled[0]).toBe(0);
  });

  it('give way to the selected marker’s name above it', () => {
    const selected = selectedLabelBox(200, 200, 60);
    const under = labelBox(200, 130, 40);
    expect(under.top + under.height).toBeGreaterThan(selected.top);
    const layout = layoutMarkers(
      input(
        [
          [200, 200],
          [200, 130],
        ],
        { selected: 0, labelWidths: widths(60, 40) },
      ),
    );
    expect(LABEL_PLACES[layout.labelled[1]! - 1]).toBe('right');
  });

  it('are not placed without widths (far zoom)', () => {
    const layout = layoutMarkers(input([[100, 100]]));
    expect([...layout.labelled]).toEqual([0]);
  });
});
