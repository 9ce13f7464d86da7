import { wgs84ToGcj02 } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { fenceBody } from './body';
import { emptyDraft, type FenceDraft } from './draft';

/** Tiananmen: WGS-84, and its GCJ-02 as AMap shows it (about 560 m to the north-east). */
const TIANANMEN = { latitude: 39.9087, longitude: 116.3975 };
const TIANANMEN_GCJ = { lat: 39.9101, lng: 116.40374 };
const draft = (patch: Partial<FenceDraft>): FenceDraft => ({
  ...emptyDraft,
  name: ' Home ',
  ...patch,
});

describe('fence body', () => {
  it('sends a round fence as its GCJ-02 centre and radius', () => {
    const body = fenceBody(7, draft({ type: 'round', centre: TIANANMEN, radius: 800 }));
    expect(body).toMatchObject({
      terminalId: 7,
      name: 'Home',
      type: 'round',
      alarmType: 'access',
      status: 1,
      radius: 800,
      regionCode: null,
    });
    const [centre] = body.fenceData;
    expect(centre!.lat).toBeCloseTo(TIANANMEN_GCJ.lat, 4);
    expect(centre!.lng).toBeCloseTo(TIANANMEN_GCJ.lng, 4);
    const shared = wgs84ToGcj02(TIANANMEN);
    expect(centre).toEqual({ lng: shared.longitude, lat: shared.latitude });
  });

  it('sends polygon corners in GCJ-02, in order, without a radius', () => {
    const corners = [
      TIANANMEN,
      { latitude: 39.9, longitude: 116.41 },
      { latitude: 39.92, longitude: 116.42 },
    ];
    const body = fenceBody(7, draft({ type: 'polygon', corners, centre: TIANANMEN }));
    expect(body.radius).toBeNull();
    expect(body.fenceData).toEqual(
      corners.map((corner) => {
        const { latitude, longitude } = wgs84ToGcj02(corner);
        return { lng: longitude, lat: latitude };
      }),
    );
  });

  it('leaves points outside China as they are', () => {
    const paris = { latitude: 48.8584, longitude: 2.2945 };
    const body = fenceBody(7, draft({ type: 'round', centre: paris }));
    expect(body.fenceData).toEqual([{ lng: 2.2945, lat: 48.8584 }]);
  });

  it('sends a district fence as its region code, without points', () => {
    const body = fenceBody(
      7,
      draft({ type: 'district', region: { code: '440305', name: '南山区' }, centre: TIANANMEN }),
    );
    expect(body).toMatchObject({
      type: 'district',
      regionCode: '440305',
      fenceData: [],
      radius: null,
    });
  });
});
