import type { SimState } from '@xunji/shared';
import type { Clock } from '../../../clock.js';
import type { SimProvider, SimTopupRequest, SimUsage } from '../sim-provider.js';
import {
  callOnelink,
  OnelinkError,
  TOKEN_REFUSED,
  transid,
  type OnelinkOptions,
} from './onelink-api.js';
import type { CachedToken } from '../../cached-token.js';
import { onelinkToken } from './onelink-token.js';

/** `query/sim-status` cardStatus → §4 SIM state. */
const STATE_OF_CARD_STATUS: Record<string, SimState> = {
  '1': 'canActivate', // 待激活
  '2': 'activated', // 已激活
  '4': 'deactivated', // 停机
  '6': 'canActivate', // 可测试
  '7': 'canActivate', // 库存
  '8': 'deactivated', // 预销户
};
const STOPPED = '4';
/** `change/sim-status` operType 1: resume a stopped card (已停机转已激活). */
const RESUME = '1';

interface Answer {
  records: Record<string, unknown>[];
  transid: string;
}

const amount = (record: Record<string, unknown> | undefined, field: string): number => {
  const value = Number(record?.[field] ?? 0);
  return Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;
};

/**
 * China Mobile OneLink (the EC API, version 5): usage from `query/sim-data-usage` (this month's
 * data in KB), `query/sim-sms-usage` and `query/sim-status`. The EC API has no call that adds
 * data to a single card (packages belong to the enterprise's account), so a paid top-up is
 * recorded here and, when it extends the service of a stopped card, the card is resumed.
 */
export class OnelinkSimProvider implements SimProvider {
  readonly source = 'onelink';
  private readonly token: CachedToken;

  constructor(
    private readonly options: OnelinkOptions,
    private readonly clock: Clock,
  ) {
    this.token = onelinkToken(options, clock);
  }

  async usage(iccid: string): Promise<SimUsage | null> {
    const [data, sms, status] = await Promise.all([
      this.call('query/sim-data-usage', { iccid }),
      this.call('query/sim-sms-usage', { iccid }),
      this.call('query/sim-status', { iccid }),
    ]);
    if (data.records.length === 0) return null;
    const cardStatus = String(status.records[0]?.['cardStatus'] ?? '');
    return {
      usedDataKb: amount(data.records[0], 'dataAmount'),
      usedSms: amount(sms.records[0], 'smsAmount'),
      state: STATE_OF_CARD_STATUS[cardStatus] ?? null,
    };
  }

  async applyTopup(topup: SimTopupRequest): Promise<{ ref: string }> {
    const status = await this.call('query/sim-status', { iccid: topup.iccid });
    const stopped = String(status.records[0]?.['cardStatus'] ?? '') === STOPPED;
    if (!stopped || topup.durationDays === null) return { ref: status.transid };
    const resumed = await this.call('change/sim-status', { iccid: topup.iccid, operType: RESUME });
    return { ref: resumed.transid };
  }

  /** A call with the cached token; a token the platform refuses is replaced once. */
  private async call(path: string, query: Record<string, string>, retry = true): Promise<Answer> {
    const token = await this.token.get();
    const id = transid(this.options.appId, this.clock.now());
    try {
      return {
        records: await callOnelink(this.options, path, { ...query, transid: id, token }),
        transid: id,
      };
    } catch (error) {
      if (!retry || !(error instanceof OnelinkError) || error.status !== TOKEN_REFUSED) throw error;
      this.token.invalidate(token);
      return this.call(path, query, false);
    }
  }
}
