import type { ServicePackage } from '@xunji/shared';
import { useEntryRule } from '../router/entry-rule';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { startPurchase } from '../stores/order';

/** Whether a package page may offer anything to buy: the pay page's entry (none under audit). */
export function useCanBuy(): boolean {
  return useEntryRule()(PATHS.pay);
}

/** A chosen package goes to the pay page (a free trial too: it shows "free" and confirms there). */
export function buyPackage(
  terminalId: number,
  iccid: string | null,
  product: ServicePackage,
): void {
  startPurchase({ terminalId, iccid, product });
  navigateTo(`${PATHS.pay}?id=${terminalId}`);
}
