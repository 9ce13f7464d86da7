import { Empty, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListStatus, PagedList } from '../devices/list-state';
import { LoadFailure } from './LoadFailure';
import './paged-list.css';

/**
 * The words of a paged list: its empty state, and — when a page words them its own way — the
 * pull-to-refresh and list status texts (the shared ones of `lists` otherwise).
 */
export interface PagedListTexts {
  empty: string;
  pulling?: string;
  canRelease?: string;
  refreshing?: string;
  refreshed?: string;
  status?: Record<ListStatus, string>;
}

interface PagedListViewProps {
  list: PagedList<unknown>;
  onRefresh: () => Promise<void>;
  loadMore: () => Promise<void>;
  texts: PagedListTexts;
  /** The rows. */
  children: ReactNode;
  className?: string;
}

/**
 * A §4 paged list on screen: pull to refresh, the rows, the empty state, and the endless end that
 * loads the next page and names the list status (loadmore / loading / nomore).
 */
export function PagedListView({
  list,
  onRefresh,
  loadMore,
  texts,
  children,
  className,
}: PagedListViewProps) {
  const { t } = useTranslation();
  const empty = list.items.length === 0 && list.status === 'nomore';
  // A list that never loaded is not an empty one.
  const failed = empty && list.error !== null;
  return (
    <div className={className}>
      <PullToRefresh
        pullingText={texts.pulling ?? t('lists.pulling')}
        canReleaseText={texts.canRelease ?? t('lists.canRelease')}
        refreshingText={texts.refreshing ?? t('lists.refreshing')}
        completeText={texts.refreshed ?? t('lists.refreshed')}
        onRefresh={onRefresh}
      >
        {children}
        {failed ? <LoadFailure error={list.error} onRetry={onRefresh} /> : null}
        {empty && !failed ? (
          <Empty className="paged-list__empty" description={texts.empty} />
        ) : null}
        <InfiniteScroll loadMore={loadMore} hasMore={list.status !== 'nomore'}>
          {empty ? null : (
            <span className="list-status paged-list__status" data-status={list.status}>
              {texts.status?.[list.status] ?? t(`lists.status.${list.status}`)}
            </span>
          )}
        </InfiniteScroll>
      </PullToRefresh>
    </div>
  );
}
