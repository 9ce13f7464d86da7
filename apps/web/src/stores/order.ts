import type { ServicePackage } from '@xunji/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** What a package page hands to the pay page: the device, its card for a top-up, the product. */
export interface PurchaseDraft {
  terminalId: number;
  iccid: string | null;
  product: ServicePackage;
}

/**
 * The order store of spec §3: the purchase being paid and the order it became, kept across the
 * hand-off to WeChat Pay or Alipay and back (the page reloads on return).
 */
export interface OrderState {
  draft: PurchaseDraft | null;
  /** The order created for the draft, polled by the pay result page. */
  pendingOrderId: number | null;
}

export const initialOrderState: OrderState = { draft: null, pendingOrderId: null };

export const useOrderStore = create<OrderState>()(
  persist(() => initialOrderState, { name: 'xunji.order' }),
);

/** A package page starts a purchase; the pay page reads it. */
export function startPurchase(draft: PurchaseDraft): void {
  useOrderStore.setState({ draft, pendingOrderId: null });
}

/** The pay page created the draft's order: the result page follows it, also after the provider's return. */
export function orderCreated(orderId: number): void {
  useOrderStore.setState({ pendingOrderId: orderId });
}
