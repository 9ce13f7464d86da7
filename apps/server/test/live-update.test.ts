import {
  applyLiveUpdate,
  mergeLiveUpdate,
  MOTION_FRESH_MS,
  wgs84ToGcj02,
  type LbsInfo,
} from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { rememberEvent, toLiveAlarm, toLiveUpdate } from '../src/live/live-update.js';
import { alarmRaised } from './support/alarm-events.js';
import type { PositionInsert } from '../src/repositories/ingest/ingest-batch.js';

const position = (changes: Partial<PositionInsert> = {}): PositionInsert => ({
  deviceId: 7,
  fixTime: 1_700_000_000_000,
  serverTime: 1_700_000_001_000,
  valid: 1,
  latitude: 22.54,
  longitude: 114.05,
  altitude: null,
  speed: 42,
  course: 90,
  lbsMode: 'gps',
  satellites: 9,
  battery: 80,
  acc: 1,
  mileage: 12.5,
  reupload: 0,
  attributes: null,
  ...changes,
});

describe('toLiveUpdate', () => {
  it('a position: coordinates in both systems, direction, motion and the lbsInfo facts', () => {
    const event: GatewayEvent = { type: 'position', deviceId: 7, position: position() };
    const gcj = wgs84ToGcj02({ latitude: 22.54, longitude: 114.05 });
    expect(toLiveUpdate(event)).toEqual({
      id: 7,
      deviceState: 1,
      status: 'moving',
      motion: true,
      lonWGS84: 114.05,
      latWGS84: 22.54,
      lon: gcj.longitude,
      lat: gcj.latitude,
      direction: 90,
      dir: 'east',
      locateTime: 1_700_000_000_000,
      lbsInfo: {
        lon: 114.05,
        lat: 22.54,
        speed: 42,
        direction: 90,
        lbsMode: 'gps',
        motion: true,
        locateTime: 1_700_000_000_000,
        lastAlive: 1_700_000_001_000,
        gnssCount: 9,
        battery: 80,
        acc: 1,
        mileage: 12.5,
      },
    });
    expect(gcj.longitude).not.toBe(114.05);
  });

  it('a slow position is static; facts the position leaves out are left out', () => {
    const event: GatewayEvent = {
      type: 'position',
      deviceId: 7,
      position: position({ speed: 3, course: 200, satellites: null, battery: null, acc: null }),
    };
    const update = toLiveUpdate(event)!;
    expect(update).toMatchObject({ status: 'static', motion: false, dir: 'south' });
    expect(update.lbsInfo).not.toHaveProperty('battery');
    expect(update.lbsInfo).not.toHaveProperty('gnssCount');
    expect(update.lbsInfo).not.toHaveProperty('acc');
  });

  it('outside China lon/lat stay WGS-84', () => {
    const event: GatewayEvent = {
      type: 'position',
      deviceId: 7,
      position: position({ latitude: 48.85, longitude: 2.35 }),
    };
    expect(toLiveUpdate(event)).toMatchObject({ lon: 2.35, lat: 48.85 });
  });

  it('a position whose fix is over 5 minutes old when received is static', () => {
    const fixTime = 1_700_000_000_000;
    const event: GatewayEvent = {
      type: 'position',
      deviceId: 7,
      position: position({ fixTime, serverTime: fixTime + MOTION_FRESH_MS + 1 }),
    };
    expect(toLiveUpdate(event)).toMatchObject({ status: 'static', motion: false });
  });

  it('a position of a device known to be shut down keeps its state', () => {
    const event: GatewayEvent = { type: 'position', deviceId: 7, position: position() };
    expect(toLiveUpdate(event, { status: 'shutdown' })).toMatchObject({
      deviceState: 3,
      status: 'shutdown',
      motion: false,
    });
  });

  it('status changes: offline never moves; online takes the motion of the last speed', () => {
    const offline: GatewayEvent = { type: 'status', deviceId: 7, status: 'offline', at: 5 };
    const moving = { speed: 60, locateTime: 8 };
    expect(toLiveUpdate(offline, moving)).toEqual({
      id: 7,
      deviceState: 2,
      status: 'offline',
      motion: false,
      lbsInfo: { motion: false },
    });
    const online: GatewayEvent = { type: 'status', deviceId: 7, status: 'online', at: 9 };
    expect(toLiveUpdate(online, moving)).toEqual({
      id: 7,
      deviceState: 1,
      status: 'moving',
      motion: true,
      lbsInfo: { motion: true, lastAlive: 9 },
    });
    expect(toLiveUpdate(online)).toMatchObject({ status: 'static', motion: false });
    // A fix from more than 5 minutes before does not make the device moving (as GET /terminal).
    const later: GatewayEvent = { ...online, at: 8 + MOTION_FRESH_MS + 1 };
    expect(toLiveUpdate(later, moving)).toMatchObject({ status: 'static', motion: false });
  });

  it('alarms and network fixes change no Terminal field', () => {
    expect(toLiveUpdate({ type: 'alarm', deviceId: 7, alarms: ['sos'], at: 1 })).toBeUndefined();
    expect(toLiveUpdate(alarmRaised(7, 1, 'sos'))).toBeUndefined();
    expect(
      toLiveUpdate({ type: 'networkFix', deviceId: 7, fixTime: 1, cells: [], wifi: [] }),
    ).toBeUndefined();
  });

  it('remembers the status of status events and the speed of positions', () => {
    let known = rememberEvent({ type: 'status', deviceId: 7, status: 'offline', at: 1 });
    expect(known).toEqual({ status: 'offline' });
    known = rememberEvent({ type: 'position', deviceId: 7, position: position() }, known);
    expect(known).toEqual({ status: 'offline', speed: 42, locateTime: 1_700_000_000_000 });
    expect(rememberEvent({ type: 'position', deviceId: 7, position: position() })).toEqual({
      status: 'online',
      speed: 42,
      locateTime: 1_700_000_000_000,
    });
  });
});

describe('toLiveAlarm', () => {
  it('carries the logged alarm, its time, fence and where it began', () => {
    const gcj = wgs84ToGcj02({ latitude: 22.54, longitude: 114.05 });
    expect(
      toLiveAlarm(
        alarmRaised(7, 31, 'fenceOut', {
          alarmTime: 5,
          beginLat: 22.54,
          beginLon: 114.05,
          fenceName: 'School',
        }),
      ),
    ).toEqual({
      type: 'alarm',
      deviceId: 7,
      alarmId: 31,
      alarmType: 'fenceOut',
      time: 5,
      fenceName: 'School',
      lonWGS84: 114.05,
      latWGS84: 22.54,
      lon: gcj.longitude,
      lat: gcj.latitude,
    });
    expect(toLiveAlarm(alarmRaised(7, 32, 'offline', { alarmTime: 6 }))).toEqual({
      type: 'alarm',
      deviceId: 7,
      alarmId: 32,
      alarmType: 'offline',
      time: 6,
    });
  });

  it('passes on no raw device alarm: only what the alarm stage logged', () => {
    expect(toLiveAlarm({ type: 'alarm', deviceId: 7, alarms: ['sos'], at: 5 })).toBeUndefined();
  });
});

describe('merging updates', () => {
  it('later values win, lbsInfo field by field', () => {
    const merged = mergeLiveUpdate(
      { id: 7, status: 'moving', lbsInfo: { speed: 40, battery: 80 } },
      { id: 7, status: 'offline', lbsInfo: { motion: false } },
    );
    expect(merged).toEqual({
      id: 7,
      status: 'offline',
      lbsInfo: { speed: 40, battery: 80, motion: false },
    });
  });

  it('applies to a Terminal-shaped row of the same device only', () => {
    const row: { id: number; status: string; lbsInfo: LbsInfo } = {
      id: 7,
      status: 'static',
      lbsInfo: { speed: 0, battery: 50 } as LbsInfo,
    };
    const updated = applyLiveUpdate(row, { id: 7, status: 'moving', lbsInfo: { speed: 30 } });
    expect(updated).toMatchObject({ status: 'moving', lbsInfo: { speed: 30, battery: 50 } });
    expect(applyLiveUpdate(row, { id: 8, status: 'moving' })).toBe(row);
  });
});
