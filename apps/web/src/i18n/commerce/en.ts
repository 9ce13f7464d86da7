import enOrders from './orders/en';
import enPackages from './packages/en';

/** English texts of the purchase pages; keys exactly those of ./zh-CN.ts. */
const enCommerce = { ...enPackages, ...enOrders };

export default enCommerce;
