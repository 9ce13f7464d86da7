import { describe, expect, it } from 'vitest';
import { emptyDraft, type FenceDraft } from './draft';
import { cornersCross, draftProblem } from './validate';

const at = (longitude: number, latitude: number) => ({ latitude, longitude });
const square = [at(114, 22), at(114.01, 22), at(114.01, 22.01), at(114, 22.01)];
/** The same corners in the order of a bow tie: two sides cross. */
const bowTie = [square[0]!, square[2]!, square[1]!, square[3]!];
const draft = (patch: Partial<FenceDraft>): FenceDraft => ({
  ...emptyDraft,
  name: 'Home',
  ...patch,
});

describe('fence rules (the server’s messages)', () => {
  it('needs a name of 1-32 bytes, a Chinese character counting as two', () => {
    expect(draftProblem(draft({ name: '  ', centre: square[0]! }))).toBe('fenceName');
    expect(draftProblem(draft({ name: '家'.repeat(16), centre: square[0]! }))).toBeNull();
    expect(draftProblem(draft({ name: '家'.repeat(17), centre: square[0]! }))).toBe('fenceName');
  });

  it('a round fence needs its centre and a radius in range', () => {
    expect(draftProblem(draft({ type: 'round' }))).toBe('fenceCentre');
    expect(draftProblem(draft({ type: 'round', centre: square[0]!, radius: 20 }))).toBe(
      'fenceRadius',
    );
    expect(draftProblem(draft({ type: 'round', centre: square[0]!, radius: 500 }))).toBeNull();
  });

  it('a polygon needs three corners and sides that do not cross', () => {
    expect(draftProblem(draft({ type: 'polygon', corners: square.slice(0, 2) }))).toBe(
      'fencePoints',
    );
    expect(draftProblem(draft({ type: 'polygon', corners: bowTie }))).toBe('fenceCrossing');
    expect(draftProblem(draft({ type: 'polygon', corners: square }))).toBeNull();
  });

  it('a district fence needs a region', () => {
    expect(draftProblem(draft({ type: 'district' }))).toBe('fenceRegion');
    expect(
      draftProblem(draft({ type: 'district', region: { code: '440305', name: '南山区' } })),
    ).toBeNull();
  });

  it('only the chosen type’s shape counts', () => {
    expect(draftProblem(draft({ type: 'district', corners: bowTie, region: null }))).toBe(
      'fenceRegion',
    );
  });

  it('tells crossing corners apart while drawing', () => {
    expect(cornersCross(square.slice(0, 2))).toBe(false);
    expect(cornersCross(square)).toBe(false);
    expect(cornersCross(bowTie)).toBe(true);
  });
});
