import zhCNOrders from './orders/zh-CN';
import zhCNPackages from './packages/zh-CN';

/** Simplified Chinese texts of the purchase pages, loaded with those pages. */
const zhCNCommerce = { ...zhCNPackages, ...zhCNOrders };

export default zhCNCommerce;
