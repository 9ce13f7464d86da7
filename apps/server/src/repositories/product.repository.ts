import { OrderStatus, type ProductKind } from '@xunji/shared';
import type { Insertable } from 'kysely';
import type { ProductRow, ProductsTable } from '../db/schema.js';
import type { Db } from './types.js';

export type NewProduct = Omit<Insertable<ProductsTable>, 'id' | 'createdAt' | 'updatedAt'>;

/** Which products a device may buy: those of its model, of its model's category, or for all. */
export interface ProductTarget {
  /** The device's model name. */
  name: string;
  category: string;
}

export interface ProductFilter {
  kinds: readonly ProductKind[];
  /** The value-added path or VIP plan type; undefined: any. */
  path?: string | undefined;
}

/** The catalogue (issue 17): products an operator sells, money in fen. */
export class ProductRepository {
  constructor(private readonly db: Db) {}

  /** The products on sale for a device, in the order the operator gave them, then by price. */
  onSaleFor(target: ProductTarget, filter: ProductFilter): Promise<ProductRow[]> {
    let query = this.db
      .selectFrom('products')
      .selectAll()
      .where('onSale', '=', 1)
      .where('kind', 'in', [...filter.kinds])
      .where((eb) =>
        eb.or([
          eb.and([eb('model', 'is', null), eb('category', 'is', null)]),
          eb(eb.fn('lower', ['model']), '=', target.name.toLowerCase()),
          eb('category', '=', target.category),
        ]),
      );
    if (filter.path !== undefined) query = query.where('path', '=', filter.path);
    return query.orderBy('sortOrder').orderBy('priceFen').orderBy('id').execute();
  }

  byId(id: number): Promise<ProductRow | undefined> {
    return this.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A trial counts as had once an order of it was paid (even if refunded later). */
  async trialUsed(deviceId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('orders')
      .select('id')
      .where('deviceId', '=', deviceId)
      .where('isTrial', '=', 1)
      .where('status', '>=', OrderStatus.PAID)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  list(includeRetired: boolean): Promise<ProductRow[]> {
    let query = this.db.selectFrom('products').selectAll();
    if (!includeRetired) query = query.where('onSale', '=', 1);
    return query.orderBy('kind').orderBy('path').orderBy('sortOrder').orderBy('id').execute();
  }

  async create(product: NewProduct, now: number): Promise<ProductRow> {
    return this.db
      .insertInto('products')
      .values({ ...product, createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Changes a product's price (and struck-through price); false when there is no such product. */
  async reprice(
    id: number,
    priceFen: number,
    originalPriceFen: number | null,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('products')
      .set({ priceFen, originalPriceFen, updatedAt: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Takes a product off sale; orders keep their copy of it. */
  async retire(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('products')
      .set({ onSale: 0, updatedAt: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** For demo seeding: whether any product exists yet. */
  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }
}
