import type { Order } from '@xunji/shared';
import { formatPrice } from '../commerce/format';
import { RightOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../lib/date';
import { navigateTo } from '../router/navigation';
import { orderDetailsPath } from './links';
import { OrderStatusTag } from './OrderStatusTag';

/** A row of an order list: what, for which device, when, how much, and its status; opens the details. */
export function OrderRow({ order }: { order: Order }) {
  const open = () => navigateTo(orderDetailsPath(order.id));
  return (
    <div
      className="order-row"
      role="button"
      tabIndex={0}
      data-order-id={order.id}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter') open();
      }}
    >
      <div className="order-row__main">
        <div className="order-row__head">
          <span className="order-row__product">{order.productName}</span>
          <OrderStatusTag status={order.status} />
        </div>
        <div className="order-row__meta">
          <span className="order-row__device">{order.terminalName}</span>
          <span>{formatDateTime(order.createTime)}</span>
        </div>
      </div>
      <span className="order-row__amount">{formatPrice(order.amountFen)}</span>
      <RightOutline className="order-row__chevron" />
    </div>
  );
}
