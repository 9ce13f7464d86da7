import type { Db } from './types.js';

/** Who a message log is for: the account, its phone number and its WeChat openids. */
export interface MessageAddressee {
  userId: number;
  phoneNumber: string | null;
  since: number;
}

/** The delivery jobs addressed to one account (developer mode's message log), newest first. */
export class MessageLogRepository {
  constructor(private readonly db: Db) {}

  async page(to: MessageAddressee, offset: number, limit: number) {
    const scoped = this.db
      .selectFrom('notificationJobs as j')
      // Pushes recorded for the account; texts and calls to its number; WeChat to its openids.
      .where((eb) =>
        eb.or([
          eb('j.userId', '=', to.userId),
          ...(to.phoneNumber
            ? [
                eb.and([
                  eb('j.channel', 'in', ['sms', 'tel']),
                  eb('j.recipient', '=', to.phoneNumber),
                ]),
              ]
            : []),
          eb.and([
            eb('j.channel', '=', 'wechat'),
            eb(
              'j.recipient',
              'in',
              eb
                .selectFrom('oauthIdentities as o')
                .select('o.mpOpenId')
                .where('o.userId', '=', to.userId)
                .where('o.provider', '=', 'wechat')
                .$narrowType<{ mpOpenId: string }>(),
            ),
          ]),
        ]),
      )
      .where('j.createdAt', '>=', to.since);
    const [rows, total] = await Promise.all([
      scoped
        .leftJoin('alarmLogs as a', 'a.id', 'j.alarmId')
        .leftJoin('devices as d', 'd.id', 'a.deviceId')
        .select([
          'j.id',
          'j.channel',
          'j.alarmId',
          'j.recipient',
          'j.status',
          'j.attempts',
          'j.createdAt',
          'j.sentAt',
          'a.alarmType',
          'd.name as deviceName',
          'd.terminalNo',
        ])
        .select((eb) =>
          eb
            .selectFrom('notificationAttempts as t')
            .select('t.detail')
            .whereRef('t.jobId', '=', 'j.id')
            .orderBy('t.id', 'desc')
            .limit(1)
            .as('detail'),
        )
        .orderBy('j.createdAt', 'desc')
        .orderBy('j.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      scoped.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }
}
