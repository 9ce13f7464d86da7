import type { Order } from '@xunji/shared';
import { useQueryClient } from '@tanstack/react-query';
import { PagedListView } from '../components/PagedListView';
import { usePagedList, type FetchPage } from '../devices/usePagedList';
import { OrderRow } from './OrderRow';
import { orderKeys } from './queries';
import './orders.css';

/** A §4 paged list of orders (20 a page), pull to refresh, each row opening its details. */
export function OrderList({ fetchPage, empty }: { fetchPage: FetchPage<Order>; empty: string }) {
  const queryClient = useQueryClient();
  const { list, refresh, loadMore } = usePagedList(fetchPage);
  return (
    <PagedListView
      className="order-list"
      list={list}
      loadMore={loadMore}
      onRefresh={async () => {
        // The details of an order may have changed too (paid, refunded).
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        await refresh();
      }}
      texts={{ empty }}
    >
      <div className="order-list__rows">
        {list.items.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </div>
    </PagedListView>
  );
}
