import { Button } from 'antd-mobile';
import {
  ClockCircleOutline,
  ExclamationCircleOutline,
  GlobalOutline,
  SearchOutline,
} from 'antd-mobile-icons';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureKind, type FailureKind } from '../api/errors';
import { serviceExpiredOf } from '../commerce/service-expiry';
import './load-failure.css';

/**
 * What went wrong on a page: a failed load (FailureKind), the device's service having expired
 * (2303), or the page's own code failing.
 */
export type FailureView = FailureKind | 'expired' | 'crash';

const ICONS = {
  offline: GlobalOutline,
  notFound: SearchOutline,
  serverError: ExclamationCircleOutline,
  expired: ClockCircleOutline,
  crash: ExclamationCircleOutline,
} as const;

// This file is in the entry (Suspended.tsx); the device's expiry needs the query layout's code.
const ExpiredDevice = lazy(() =>
  import('../commerce/ServiceExpiry').then((module) => ({ default: module.ExpiredDevice })),
);

interface FailureNoticeProps {
  view: FailureView;
  title: string;
  text?: string;
  /** Offered as a button; a promise keeps the button busy until it settles. */
  onRetry?: () => unknown;
  /** Another way on (back to a list). */
  children?: ReactNode;
}

/** The body of a page that could not be shown, under the page's own navigation bar. */
export function FailureNotice({ view, title, text, onRetry, children }: FailureNoticeProps) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const Icon = ICONS[view];
  const retry = () => {
    setRetrying(true);
    void Promise.resolve(onRetry?.()).finally(() => setRetrying(false));
  };
  return (
    <div className="load-failure" role="alert" data-failure={view}>
      <Icon className="load-failure__icon" />
      <p className="load-failure__title">{title}</p>
      {text ? <p className="load-failure__text">{text}</p> : null}
      {onRetry ? (
        <Button color="primary" fill="outline" loading={retrying} onClick={retry}>
          {t('failure.retry')}
        </Button>
      ) : null}
      {children}
    </div>
  );
}

interface LoadFailureProps {
  error: unknown;
  onRetry: () => unknown;
  /** The page's words for "not there for you" (its thing, its likely reason). */
  notFoundTitle?: string;
  notFoundText?: string;
}

/**
 * A page's data that failed to load, said as what happened: the server could not be reached, the
 * thing is not there for this account (nothing to retry), or the server failed (in its words).
 */
export function LoadFailure({ error, onRetry, notFoundTitle, notFoundText }: LoadFailureProps) {
  const { t } = useTranslation();
  const expired = serviceExpiredOf(error);
  if (expired)
    return (
      <FailureNotice
        view="expired"
        title={t('serviceExpiry.title')}
        text={t('serviceExpiry.stopped')}
      >
        {expired.terminalId !== null ? (
          <Suspense fallback={null}>
            <ExpiredDevice terminalId={expired.terminalId} />
          </Suspense>
        ) : null}
      </FailureNotice>
    );
  const view = failureKind(error);
  if (view === 'notFound')
    return (
      <FailureNotice
        view={view}
        title={notFoundTitle ?? t('failure.notFoundTitle')}
        text={notFoundText}
      />
    );
  if (view === 'offline')
    return (
      <FailureNotice
        view={view}
        title={t('failure.offlineTitle')}
        text={t('errors.checkNetwork')}
        onRetry={onRetry}
      />
    );
  return (
    <FailureNotice
      view={view}
      title={t('errors.systemError')}
      text={error instanceof ApiError ? error.message : t('errors.tryAgainLater')}
      onRetry={onRetry}
    />
  );
}
