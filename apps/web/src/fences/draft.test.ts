import { FENCE_POLYGON_MAX_POINTS, type Fence } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import {
  draftReducer,
  emptyDraft,
  withDefaultCentre,
  type DraftAction,
  type FenceDraft,
} from './draft';

const point = (i: number) => ({ latitude: 22.5 + i / 1000, longitude: 114 + i / 1000 });
const run = (actions: DraftAction[], from: FenceDraft = emptyDraft) =>
  actions.reduce(draftReducer, from);
const polygon = (count: number) =>
  run([
    { kind: 'setType', type: 'polygon' },
    ...Array.from({ length: count }, (_, i): DraftAction => ({ kind: 'tap', point: point(i) })),
  ]);

const fence = (patch: Partial<Fence>): Fence => ({
  id: 3,
  terminalId: 7,
  name: 'Home',
  type: 'round',
  alarmType: 'enter',
  radius: 800,
  fenceData: [{ lng: 114.05, lat: 22.54 }],
  regionCode: null,
  regionName: null,
  status: 0,
  createTime: 0,
  ...patch,
});

describe('fence draft', () => {
  it('a tap places the centre of a round fence, and moves it', () => {
    const draft = run([
      { kind: 'tap', point: point(1) },
      { kind: 'tap', point: point(2) },
    ]);
    expect(draft.centre).toEqual(point(2));
    expect(draft.corners).toEqual([]);
  });

  it("an unplaced centre is the device's position, until one is placed", () => {
    expect(withDefaultCentre(emptyDraft, point(1)).centre).toEqual(point(1));
    expect(withDefaultCentre(emptyDraft, null)).toBe(emptyDraft);
    const placed = run([{ kind: 'tap', point: point(2) }]);
    expect(withDefaultCentre(placed, point(1))).toBe(placed);
  });

  it('taps add polygon corners in order; undo removes the last, clear all', () => {
    const three = polygon(3);
    expect(three.corners).toEqual([point(0), point(1), point(2)]);
    expect(draftReducer(three, { kind: 'undoCorner' }).corners).toEqual([point(0), point(1)]);
    expect(draftReducer(three, { kind: 'clearCorners' }).corners).toEqual([]);
    expect(draftReducer(emptyDraft, { kind: 'undoCorner' }).corners).toEqual([]);
  });

  it(`takes at most ${FENCE_POLYGON_MAX_POINTS} corners`, () => {
    expect(polygon(FENCE_POLYGON_MAX_POINTS + 5).corners).toHaveLength(FENCE_POLYGON_MAX_POINTS);
  });

  it('a tap on a district fence changes nothing', () => {
    const district = run([{ kind: 'setType', type: 'district' }]);
    expect(draftReducer(district, { kind: 'tap', point: point(1) })).toBe(district);
  });

  it('names an unnamed fence after the region chosen', () => {
    const region = { code: '440305', name: '南山区' };
    expect(run([{ kind: 'chooseRegion', region }])).toMatchObject({ region, name: '南山区' });
    const named = run([
      { kind: 'setName', name: 'Office' },
      { kind: 'chooseRegion', region },
    ]);
    expect(named.name).toBe('Office');
  });

  it('keeps each shape when the type changes', () => {
    const draft = run(
      [
        { kind: 'setType', type: 'round' },
        { kind: 'tap', point: point(9) },
        { kind: 'setType', type: 'polygon' },
      ],
      polygon(2),
    );
    expect(draft.corners).toHaveLength(2);
    expect(draft.centre).toEqual(point(9));
  });

  it('keeps the radius whole and within the allowed range', () => {
    expect(run([{ kind: 'setRadius', radius: 10 }]).radius).toBe(50);
    expect(run([{ kind: 'setRadius', radius: 99_999 }]).radius).toBe(50_000);
    expect(run([{ kind: 'setRadius', radius: 321.6 }]).radius).toBe(322);
  });

  it('loads a fence as read: round, polygon, district', () => {
    const round = run([{ kind: 'load', fence: fence({}) }]);
    expect(round).toMatchObject({
      type: 'round',
      name: 'Home',
      alarmType: 'enter',
      status: 0,
      radius: 800,
      centre: { latitude: 22.54, longitude: 114.05 },
      corners: [],
    });
    const corners = [
      { lng: 1, lat: 2 },
      { lng: 3, lat: 4 },
      { lng: 5, lat: 7 },
    ];
    const shape = run([
      { kind: 'load', fence: fence({ type: 'polygon', radius: null, fenceData: corners }) },
    ]);
    expect(shape.corners).toEqual([
      { latitude: 2, longitude: 1 },
      { latitude: 4, longitude: 3 },
      { latitude: 7, longitude: 5 },
    ]);
    expect(shape.centre).toBeNull();
    const region = run([
      {
        kind: 'load',
        fence: fence({
          type: 'district',
          fenceData: [],
          regionCode: '440305',
          regionName: '南山区',
        }),
      },
    ]);
    expect(region.region).toEqual({ code: '440305', name: '南山区' });
  });
});
