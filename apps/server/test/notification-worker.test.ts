import { DEFAULT_APPLICATION_ID, PHONE_REPEAT_MS, UserType } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmChannels, ChannelName } from '../src/alarms/alarm-channels.js';
import { NotificationWorker } from '../src/alarms/notification-worker.js';
import { createRepositories, type Repositories } from '../src/context.js';
import type { NewNotificationJob } from '../src/db/schema.js';
import { delivered, type DeliveryOutcome } from '../src/providers/delivery-outcome.js';
import { ensureDefaultApplication } from '../src/seed.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { TestClock } from './support/test-server.js';
import { savePushClient } from './support/push-clients.js';

/** Long enough for sends that run together to meet; sends in single file each wait it out. */
const MEETING_MS = 2000;

/**
 * Channels whose sends wait, on a channel given a number in `together`, until that many sends of
 * the channel are in flight (or `MEETING_MS` passed); they note the most that were ever in flight
 * at once, per channel and per recipient, and each recipient reached.
 */
function meetingChannels(together: Partial<Record<ChannelName, number>>) {
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const waiting = new Map<ChannelName, (() => void)[]>();
  const sent: string[] = [];
  const move = (key: string, by: number) => {
    const now = (inFlight.get(key) ?? 0) + by;
    inFlight.set(key, now);
    most.set(key, Math.max(most.get(key) ?? 0, now));
  };
  async function send(channel: ChannelName, recipient: string): Promise<DeliveryOutcome> {
    const keys = [channel, `${channel}:${recipient}`];
    keys.forEach((key) => move(key, 1));
    const meeting = together[channel];
    if (meeting)
      await new Promise<void>((resolve) => {
        const met = [...(waiting.get(channel) ?? []), resolve];
        waiting.set(channel, met);
        if (inFlight.get(channel)! < meeting) setTimeout(resolve, MEETING_MS);
        else {
          waiting.delete(channel);
          met.forEach((go) => go());
        }
      });
    keys.forEach((key) => move(key, -1));
    sent.push(`${channel}:${recipient}`);
    return delivered();
  }
  const channels: AlarmChannels = {
    push: (client) => send('push', client.id),
    sms: (phoneNumber) => send('sms', phoneNumber),
    tel: (phoneNumber) => send('tel', phoneNumber),
    wechat: (openId) => send('wechat', openId),
  };
  return { channels, most: (key: string) => most.get(key) ?? 0, sent };
}

describe.each(testDialects())('the notification worker on %s', (dialect) => {
  let database: TestDatabase;
  let repositories: Repositories;
  let deviceId: number;
  let userId: number;
  let nextTerminal = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    repositories = createRepositories(database.handle);
    await ensureDefaultApplication(repositories);
    userId = (
      await repositories.users.create({
        applicationId: DEFAULT_APPLICATION_ID,
        username: 'watcher',
        userType: UserType.PERSONAL,
      })
    ).id;
  });
  afterAll(() => database.drop());

  async function newDevice() {
    const device = await repositories.devices.create({
      terminalNo: `7700000000${++nextTerminal}`,
      passwordHash: 'x',
      protocol: 'jt808',
      createdAt: Date.now(),
    });
    deviceId = device.id;
  }

  const pushClient = () => savePushClient(repositories, userId);

  /** One alarm of the device and a job for each channel and recipient; answers the job ids. */
  async function alarmWithJobs(clock: TestClock, jobs: [string, string][]): Promise<number> {
    const now = clock.now();
    const alarm = await repositories.alarmLogs.insert({
      deviceId,
      alarmType: 'sos',
      alarmTime: now,
      createdAt: now,
    });
    await repositories.notifications.enqueue(
      jobs.map(([channel, recipient]): NewNotificationJob => ({
        alarmId: alarm.id,
        channel,
        recipient,
        language: 'zh-CN',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
    return alarm.id;
  }

  function workerWith(channels: AlarmChannels, clock: TestClock) {
    return new NotificationWorker(
      repositories,
      channels,
      {
        maxAttempts: 3,
        backoffMs: 1000,
        leaseMs: 60_000,
        pollMs: 60_000,
        phoneRepeatMs: PHONE_REPEAT_MS,
        appUrl: '',
      },
      clock,
      (error) => {
        throw error;
      },
    );
  }

  const statuses = async (alarmId: number) =>
    (await repositories.notifications.ofAlarm(alarmId)).map((job) => [
      job.channel,
      job.recipient,
      job.status,
    ]);

  it('sends the pushes of a batch to one browser together, and WeChat messages too', async () => {
    await newDevice();
    const clock = new TestClock();
    const browser = await pushClient();
    const alarms = [];
    for (let i = 0; i < 3; i++)
      alarms.push(
        await alarmWithJobs(clock, [
          ['push', browser],
          ['wechat', 'o-follower'],
        ]),
      );
    const { channels, most, sent } = meetingChannels({ push: 3, wechat: 3 });
    const started = Date.now();
    expect(await workerWith(channels, clock).drain()).toBe(6);
    expect(most(`push:${browser}`)).toBe(3);
    expect(most('wechat:o-follower')).toBe(3);
    expect(sent).toHaveLength(6);
    // Together: no send waited for the meeting to time out.
    expect(Date.now() - started).toBeLessThan(MEETING_MS);
    for (const alarmId of alarms)
      expect(await statuses(alarmId)).toEqual([
        ['push', browser, 'sent'],
        ['wechat', 'o-follower', 'sent'],
      ]);
  });

  it('texts and calls one number one after another (the 3-minute rule sees the first), other numbers together', async () => {
    await newDevice();
    const clock = new TestClock();
    const [one, other] = ['13900000001', '13900000002'];
    const first = await alarmWithJobs(clock, [
      ['sms', one],
      ['sms', other],
      ['tel', one],
    ]);
    const second = await alarmWithJobs(clock, [
      ['sms', one],
      ['tel', one],
    ]);
    const { channels, most, sent } = meetingChannels({ sms: 2 });
    const started = Date.now();
    expect(await workerWith(channels, clock).drain()).toBe(5);
    expect(most(`sms:${one}`)).toBe(1);
    expect(most(`tel:${one}`)).toBe(1);
    // Two numbers are texted at the same time.
    expect(most('sms')).toBe(2);
    expect(Date.now() - started).toBeLessThan(MEETING_MS);
    expect(await statuses(first)).toEqual([
      ['sms', one, 'sent'],
      ['sms', other, 'sent'],
      ['tel', one, 'sent'],
    ]);
    expect(await statuses(second)).toEqual([
      ['sms', one, 'throttled'],
      ['tel', one, 'throttled'],
    ]);
    expect(sent.filter((key) => key === `sms:${one}`)).toHaveLength(1);

    // The rule reads what was sent from the jobs: a worker started later keeps to it.
    const later = meetingChannels({});
    const worker = workerWith(later.channels, clock);
    clock.advance(PHONE_REPEAT_MS - 5000);
    const third = await alarmWithJobs(clock, [['sms', one]]);
    await worker.drain();
    expect(await statuses(third)).toEqual([['sms', one, 'throttled']]);
    clock.advance(10_000);
    const fourth = await alarmWithJobs(clock, [['sms', one]]);
    await worker.drain();
    expect(await statuses(fourth)).toEqual([['sms', one, 'sent']]);
    expect(later.sent).toEqual([`sms:${one}`]);
  });
});
