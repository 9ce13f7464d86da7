import {
  SIM_EXPIRY_WARNING_DAYS,
  SIM_LOW_DATA_RATIO,
  type SimAlarmKind,
  type SimCardAlarm,
  type SimCardInfo,
  type SimState,
} from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { SimCardRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { SimCardRepository } from '../repositories/sim-card.repository.js';
import type { SimCardAccess } from './sim-card-access.js';

const DAY_MS = 86_400_000;

/** The stored state, but `expired` once the service has ended, whatever the operator says. */
export function simState(card: SimCardRow, now: number): SimState {
  if (card.serviceExpiry !== null && card.serviceExpiry <= now) return 'expired';
  return card.state as SimState;
}

/** §7 SIM information and the card's alarm, read through the device carrying the card. */
export class SimCardService {
  constructor(
    private readonly access: SimCardAccess,
    private readonly cards: SimCardRepository,
    private readonly clock: Clock,
  ) {}

  async cardInfo(userId: number, iccid: string): Promise<SimCardInfo> {
    const { card, terminalId } = await this.read(userId, iccid);
    return {
      iccid: card.iccid,
      msisdn: card.msisdn,
      operator: card.operator,
      planName: card.planName,
      state: simState(card, this.clock.now()),
      usedDataKb: card.usedDataKb,
      totalDataKb: card.totalDataKb,
      usedSms: card.usedSms,
      totalSms: card.totalSms,
      activationTime: card.activationTime,
      serviceExpiry: card.serviceExpiry,
      cardSn: card.cardSn,
      updatedAt: card.usageUpdatedAt,
      terminalId,
    };
  }

  async cardAlarm(userId: number, iccid: string): Promise<SimCardAlarm> {
    const { card } = await this.read(userId, iccid);
    const now = this.clock.now();
    const remainingDataKb = Math.max(0, card.totalDataKb - card.usedDataKb);
    const daysLeft = card.serviceExpiry === null ? null : wholeDays(card.serviceExpiry - now);
    return {
      iccid: card.iccid,
      kinds: alarmKinds(card, now, remainingDataKb),
      remainingDataKb,
      daysLeft,
    };
  }

  private async read(userId: number, iccid: string) {
    const device = await this.access.device(userId, iccid);
    const card = await this.cards.find(iccid);
    if (!card) throw new AppError('SIM_NOT_FOUND', { iccid });
    return { card, terminalId: device.id };
  }
}

/** Days counted as begun: 10 days and an hour left is 11, an hour past the end is -1. */
const wholeDays = (ms: number): number =>
  ms > 0 ? Math.ceil(ms / DAY_MS) : Math.floor(ms / DAY_MS);

function alarmKinds(card: SimCardRow, now: number, remainingDataKb: number): SimAlarmKind[] {
  const kinds: SimAlarmKind[] = [];
  const state = simState(card, now);
  if (state === 'deactivated') kinds.push('deactivated');
  if (state === 'expired') kinds.push('expired');
  else if (
    card.serviceExpiry !== null &&
    card.serviceExpiry - now <= SIM_EXPIRY_WARNING_DAYS * DAY_MS
  )
    kinds.push('expiringSoon');
  if (card.totalDataKb > 0) {
    if (remainingDataKb === 0) kinds.push('dataExhausted');
    else if (remainingDataKb < card.totalDataKb * SIM_LOW_DATA_RATIO) kinds.push('lowData');
  }
  return kinds;
}
