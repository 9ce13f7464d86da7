/** Simplified Chinese texts of the pay, pay result and order pages. */
const zhCNOrders = {
  pay: { title: '支付' },
  orders: { title: '我的订单' },
};

export default zhCNOrders;
