import { distanceMetres } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { emptyDraft, type FenceDraft } from './draft';
import { boundsOf, focusPoints } from './focus';

const at = (latitude: number, longitude: number) => ({ latitude, longitude });
const DEVICE = at(22.54, 114.05);
const draft = (patch: Partial<FenceDraft>): FenceDraft => ({ ...emptyDraft, ...patch });

describe('what the fence map shows', () => {
  it('the box around a circle, radius metres each way', () => {
    const [south, north] = focusPoints(draft({ centre: DEVICE, radius: 1000 }), null, undefined);
    expect(distanceMetres(DEVICE, at(south!.latitude, DEVICE.longitude))).toBeCloseTo(1000, -1);
    expect(distanceMetres(DEVICE, at(DEVICE.latitude, north!.longitude))).toBeCloseTo(1000, -1);
  });

  it('the corners of a polygon, and the outline of a region', () => {
    const corners = [at(22.5, 114), at(22.6, 114.2), at(22.4, 114.1)];
    expect(focusPoints(draft({ type: 'polygon', corners }), DEVICE, undefined)).toEqual([
      at(22.4, 114),
      at(22.6, 114.2),
    ]);
    const outline = [[at(22, 113), at(23, 113.5), at(22.5, 113.2)], [at(21.5, 114.5)]];
    expect(focusPoints(draft({ type: 'district' }), DEVICE, outline)).toEqual([
      at(21.5, 113),
      at(23, 114.5),
    ]);
  });

  it("the device's position while the shape is empty, else nothing", () => {
    expect(focusPoints(draft({ type: 'round' }), DEVICE, undefined)).toEqual([DEVICE]);
    expect(focusPoints(draft({ type: 'polygon' }), DEVICE, undefined)).toEqual([DEVICE]);
    expect(focusPoints(draft({ type: 'district' }), DEVICE, [])).toEqual([DEVICE]);
    expect(focusPoints(draft({ type: 'district' }), null, undefined)).toEqual([]);
    expect(boundsOf([])).toEqual([]);
  });
});
