import { describe, expect, it } from 'vitest';
import { classifyReply } from '../src/replies/reply-meaning.js';
import { replyTime } from '../src/replies/reply-position.js';

/**
 * Reply texts as devices send them: Concox GT06-family firmware strings (English and the Chinese
 * it sends when set to Chinese), Goome-firmware clones, the JT/T 808 results our decoder writes,
 * and the replies of our simulator.
 */
describe('device reply texts', () => {
  it.each([
    ['Cut off the fuel supply: Success!', { kind: 'cut' }],
    ['Cut off the fuel supply: Success! Speed: 12km/h.', { kind: 'cut' }],
    ['Cut off the power supply: Success!', { kind: 'cut' }],
    ['切断油电成功！速度：0公里/时', { kind: 'cut' }],
    ['断电成功！', { kind: 'cut' }],
    ['Succeed to cut off the oil and circut.', { kind: 'cut' }],
    ['断油电成功', { kind: 'cut' }],
    ['DYD=Success!', { kind: 'cut' }],
    ['Restore fuel supply: Success!', { kind: 'restored' }],
    ['Restore fuel supply:Success!', { kind: 'restored' }],
    ['Restore Power supply: Success!', { kind: 'restored' }],
    ['恢复油电成功！', { kind: 'restored' }],
    ['通油电成功', { kind: 'restored' }],
    ['HFYD=Success!', { kind: 'restored' }],
    [
      'Already in the state of  fuel supply cut off, the command is not running!',
      { kind: 'alreadyCut' },
    ],
    ['终端已处于断油电状态，本指令不再执行！', { kind: 'alreadyCut' }],
    [
      'Already in the state of fuel supply to resume, the command is not running!',
      { kind: 'alreadyRestored' },
    ],
    ['终端已处于恢复油电状态，本指令不再执行！', { kind: 'alreadyRestored' }],
    [
      'cancelled the command of cutting-off fuel supply; fuel supply is on.',
      { kind: 'cutCancelled' },
    ],
    ['断油电指令已取消，油电现为接通状态。', { kind: 'cutCancelled' }],
    [
      'Cut off the fuel supply: Delay! speed limit: 20km/h.',
      { kind: 'cutDeferred', reason: 'speed', limitKmh: 20 },
    ],
    [
      '速度超限：20公里/时，切断油电延后执行！',
      { kind: 'cutDeferred', reason: 'speed', limitKmh: 20 },
    ],
    [
      'System will cut off the oil and circut when speed is safe.',
      { kind: 'cutDeferred', reason: 'speed', limitKmh: null },
    ],
    [
      'GPS not fixed, Cut off the fuel supply operation delay execution!',
      { kind: 'cutDeferred', reason: 'noFix', limitKmh: null },
    ],
    ['切断油电延后执行，GPS未定位', { kind: 'cutDeferred', reason: 'noFix', limitKmh: null }],
    [
      'Cut off the fuel supply: Fail! Speed limit 20km/h, current speed 45km/h.',
      { kind: 'tooFast', limitKmh: 20, speedKmh: 45 },
    ],
    [
      'Fail! Speed limit 20km/h, command not executed. Speed: 45km/h',
      { kind: 'tooFast', limitKmh: 20, speedKmh: 45 },
    ],
    ['Exec failure!', { kind: 'deviceFault' }],
    ['断油电失败(设备故障)', { kind: 'deviceFault' }],
    ['GPS Unfixed,please retry later', { kind: 'noFix' }],
    ['GPS未定位,请稍后重试', { kind: 'noFix' }],
    ['TIMER OK: 10s', { kind: 'intervalSet', seconds: 10 }],
    ['上传间隔:30秒', { kind: 'intervalSet', seconds: 30 }],
    ['System is restaring', { kind: 'restarting' }],
    ['系统正在重启', { kind: 'restarting' }],
    ['System is recovering and restarting.', { kind: 'factoryResetting' }],
    ['系统正在恢复出厂设置并重启', { kind: 'factoryResetting' }],
    ['0x8105: success', { kind: 'terminalAnswer', answer: 'success' }],
    ['0x8103: message error', { kind: 'terminalAnswer', answer: 'messageError' }],
    ['0x8105: unsupported', { kind: 'terminalAnswer', answer: 'unsupported' }],
  ])('%s', (text, meaning) => {
    expect(classifyReply(text)).toEqual(meaning);
  });

  it.each([
    [
      // Concox JV200 over 0x21 (a wall time: the device's own zone).
      'Current position! Lat:S3.742878,Lon:W38.523186,Course:280.47,Speed:0.00Km/h,DateTime:2015-06-19 02:40:39',
      {
        latitude: -3.742878,
        longitude: -38.523186,
        speedKmh: 0,
        time: null,
        deviceTime: '2015-06-19 02:40:39',
      },
    ],
    [
      // Our simulator: an ISO time in UTC.
      'Lat:N31.230416,Lon:E121.473701,Course:90,Speed:36km/h,DateTime:2025-01-02T03:04:05.000Z',
      {
        latitude: 31.230416,
        longitude: 121.473701,
        speedKmh: 36,
        time: Date.UTC(2025, 0, 2, 3, 4, 5),
        deviceTime: null,
      },
    ],
    [
      '纬度:N23.111143,经度:E114.409233,方向:0.00,速度:0.0000,时间:2012-07-20 10:05:56',
      {
        latitude: 23.111143,
        longitude: 114.409233,
        speedKmh: 0,
        time: null,
        deviceTime: '2012-07-20 10:05:56',
      },
    ],
    [
      '纬度:22.570733,经度:113.862608,速度:15公里/小时,方向:90度',
      { latitude: 22.570733, longitude: 113.862608, speedKmh: 15, time: null, deviceTime: null },
    ],
    [
      'Latitude:22.570733,longitude:113.862608,speed:15 km/h,course:90',
      { latitude: 22.570733, longitude: 113.862608, speedKmh: 15, time: null, deviceTime: null },
    ],
    [
      '<Date:12-07-20 10:05:56>http://maps.google.com/maps?q=N23.111143,E114.409233',
      {
        latitude: 23.111143,
        longitude: 114.409233,
        speedKmh: null,
        time: null,
        deviceTime: '12-07-20 10:05:56',
      },
    ],
  ])('position: %s', (text, position) => {
    expect(classifyReply(text)).toEqual({ kind: 'position', ...position });
  });

  it('knows nothing of other texts', () => {
    for (const text of [null, '', '  ', 'OK!', 'DONE', 'Invalid command: XYZ#', 'STATUS# OK'])
      expect(classifyReply(text)).toBeUndefined();
    // Impossible coordinates are no position.
    expect(classifyReply('Lat:N95.1,Lon:E114.0')).toBeUndefined();
  });
});

describe('reply times', () => {
  it('reads a time as an instant only when it names its zone', () => {
    expect(replyTime('2025-01-02T03:04:05Z')).toEqual({
      time: Date.UTC(2025, 0, 2, 3, 4, 5),
      deviceTime: null,
    });
    expect(replyTime('2025-01-02 11:04:05+08:00').time).toBe(Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(replyTime('2025-01-02 03:04:05 GMT').time).toBe(Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(replyTime('2025-01-02 03:04:05')).toEqual({
      time: null,
      deviceTime: '2025-01-02 03:04:05',
    });
  });
});
