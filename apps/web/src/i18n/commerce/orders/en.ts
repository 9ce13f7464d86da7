import type { Shape } from '../../messages';
import type zhCNOrders from './zh-CN';

/** English texts of the pay, pay result and order pages; keys exactly those of ./zh-CN.ts. */
const enOrders = {
  pay: { title: 'Pay' },
  orders: { title: 'My orders' },
} satisfies Shape<typeof zhCNOrders>;

export default enOrders;
