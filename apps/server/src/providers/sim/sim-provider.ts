import type { SimState } from '@xunji/shared';

/** What an operator platform (or this database) says of a card's use this period; data in KB. */
export interface SimUsage {
  usedDataKb: number;
  usedSms: number;
  /** The card's state at the operator; null when the platform did not say. */
  state: SimState | null;
}

/** A paid top-up handed to the platform that keeps the card. */
export interface SimTopupRequest {
  id: number;
  iccid: string;
  orderId: number;
  effect: string;
  quota: number;
  durationDays: number | null;
}

/**
 * Where a SIM card's usage lives (sim_cards.source): this database, or an operator platform.
 * One implementation per platform, like the SMS and voice providers.
 */
export interface SimProvider {
  readonly source: string;
  /** The card's usage now; null when the platform does not know the card. */
  usage(iccid: string): Promise<SimUsage | null>;
  /** Hands a paid top-up to the platform; answers the platform's reference. */
  applyTopup(topup: SimTopupRequest): Promise<{ ref: string }>;
}
