import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * What an operator sells and what owners buy (issue 17): the catalogue, SIM cards and their
 * top-ups, the device's call minutes, orders with their append-only event log, refund requests.
 * Money is integer fen everywhere.
 */
export function commerce(dialect: Dialect) {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  const key = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const required = (c: ColumnDefinitionBuilder) => c.notNull();
  const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('products')
        .addColumn('id', serial, key)
        // data | sms | tel | service | vip
        .addColumn('kind', 'text', required)
        // the value-added path or the VIP plan type
        .addColumn('path', 'text')
        // servicePeriod | simData | simSms | callMinutes
        .addColumn('effect', 'text', required)
        .addColumn('name_zh', 'text', required)
        .addColumn('name_en', 'text', required)
        .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('price_fen', 'integer', required)
        .addColumn('original_price_fen', 'integer')
        .addColumn('duration_days', 'integer')
        .addColumn('quota', 'integer')
        .addColumn('is_trial', 'integer', zero)
        .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
        // sold for devices of this model, or of this model category, or (both null) for all
        .addColumn('model', 'text')
        .addColumn('category', 'text')
        .addColumn('sort_order', 'integer', zero)
        .addColumn('created_at', 'bigint', required)
        .addColumn('updated_at', 'bigint', required)
        .execute();
      await db.schema
        .createIndex('products_kind')
        .on('products')
        .columns(['kind', 'path'])
        .execute();

      await db.schema
        .createTable('sim_cards')
        .addColumn('iccid', 'text', (c) => c.primaryKey())
        .addColumn('msisdn', 'text')
        .addColumn('operator', 'text')
        .addColumn('plan_name', 'text')
        // canActivate | activated | deactivated | expired
        .addColumn('state', 'text', required)
        .addColumn('used_data_kb', 'bigint', zero)
        .addColumn('total_data_kb', 'bigint', zero)
        .addColumn('used_sms', 'integer', zero)
        .addColumn('total_sms', 'integer', zero)
        .addColumn('activation_time', 'bigint')
        .addColumn('service_expiry', 'bigint')
        .addColumn('card_sn', 'text')
        // which SIM provider keeps the card: local (this database) or an operator platform
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('local'))
        // when the usage was last read or changed
        .addColumn('usage_updated_at', 'bigint')
        .addColumn('created_at', 'bigint', required)
        .execute();

      await db.schema
        .createTable('sim_topups')
        .addColumn('id', serial, key)
        .addColumn('iccid', 'text', required)
        .addColumn('order_id', 'integer', (c) => c.notNull().unique())
        .addColumn('effect', 'text', required)
        .addColumn('quota', 'integer', required)
        .addColumn('duration_days', 'integer')
        // pending | sent | failed: handing the top-up to the operator platform
        .addColumn('operator_state', 'text', required)
        .addColumn('operator_ref', 'text')
        .addColumn('created_at', 'bigint', required)
        .addColumn('updated_at', 'bigint', required)
        .execute();

      await db.schema
        .createTable('device_quotas')
        .addColumn('device_id', 'integer', (c) =>
          c.primaryKey().references('devices.id').onDelete('cascade'),
        )
        .addColumn('call_minutes', 'integer', zero)
        .addColumn('updated_at', 'bigint', required)
        .execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', serial, key)
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', required)
        .addColumn('device_id', 'integer', required)
        .addColumn('iccid', 'text')
        .addColumn('product_id', 'integer', required)
        // the product as sold: later price or name changes do not rewrite an order
        .addColumn('product_name_zh', 'text', required)
        .addColumn('product_name_en', 'text', required)
        .addColumn('kind', 'text', required)
        .addColumn('effect', 'text', required)
        .addColumn('quota', 'integer')
        .addColumn('duration_days', 'integer')
        .addColumn('is_trial', 'integer', zero)
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('amount_fen', 'integer', required)
        .addColumn('refunded_fen', 'integer', zero)
        .addColumn('provider', 'text', required)
        .addColumn('merchant_id', 'text', required)
        .addColumn('client_type', 'text', required)
        // §4: -1 cancelled, 0 unpaid, 1 paid, 2 partially refunded, 3 fully refunded
        .addColumn('status', 'integer', zero)
        .addColumn('provider_trade_no', 'text')
        .addColumn('created_at', 'bigint', required)
        .addColumn('pay_time', 'bigint')
        .addColumn('close_at', 'bigint', required)
        .addColumn('closed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('orders_device')
        .on('orders')
        .columns(['device_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('orders_user')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('orders_unpaid')
        .on('orders')
        .columns(['status', 'close_at'])
        .execute();
      // A free trial once per device, even for two orders fulfilled at the same moment.
      await db.schema
        .createIndex('orders_one_free_trial')
        .on('orders')
        .column('device_id')
        .unique()
        .where(sql<boolean>`is_trial = 1 and status >= 1 and amount_fen = 0`)
        .execute();

      await db.schema
        .createTable('order_events')
        .addColumn('id', serial, key)
        .addColumn('order_id', 'integer', required)
        // created | paid | closed | notifyRefused | refundRequested | refundApproved | refunded | refundRejected | refundFailed | fulfilled
        .addColumn('kind', 'text', required)
        .addColumn('status_from', 'integer')
        .addColumn('status_to', 'integer')
        .addColumn('amount_fen', 'integer')
        // JSON: who or what caused it (notification, reconciliation, client return, operator)
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'bigint', required)
        .execute();
      await db.schema
        .createIndex('order_events_order')
        .on('order_events')
        .column('order_id')
        .execute();

      await db.schema
        .createTable('refund_requests')
        .addColumn('id', serial, key)
        .addColumn('order_id', 'integer', required)
        .addColumn('user_id', 'integer', required)
        .addColumn('refund_no', 'text', (c) => c.notNull().unique())
        .addColumn('request_fee', 'integer', required)
        .addColumn('refund_reason', 'text', required)
        .addColumn('contact_name', 'text', required)
        .addColumn('contact_tel', 'text', required)
        .addColumn('allow_call', 'integer', zero)
        // pending | refunding | refunded | rejected | failed
        .addColumn('state', 'text', required)
        .addColumn('refund_fee', 'integer')
        .addColumn('reject_reason', 'text')
        .addColumn('provider_refund_id', 'text')
        .addColumn('created_at', 'bigint', required)
        .addColumn('decided_at', 'bigint')
        .addColumn('completed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('refund_requests_order')
        .on('refund_requests')
        .column('order_id')
        .execute();
      // One open request per order, even from two requests at the same moment.
      await db.schema
        .createIndex('refund_requests_one_open')
        .on('refund_requests')
        .column('order_id')
        .unique()
        .where(sql.ref('state'), 'in', ['pending', 'refunding'])
        .execute();
    },
  };
}
