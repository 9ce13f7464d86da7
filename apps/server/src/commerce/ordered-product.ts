import type { ProductRow } from '../db/schema.js';

/** The product as an order keeps it: later price or name changes do not rewrite the order. */
export function orderedProduct(product: ProductRow) {
  return {
    productId: product.id,
    productNameZh: product.nameZh,
    productNameEn: product.nameEn,
    kind: product.kind,
    effect: product.effect,
    quota: product.quota,
    durationDays: product.durationDays,
    isTrial: product.isTrial,
    amountFen: product.priceFen,
  };
}
