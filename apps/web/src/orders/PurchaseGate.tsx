import { DotLoading, Result } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';

/**
 * A purchase page's body, or — in audit mode (§4: a build under review offers nothing to buy),
 * when the page is opened by its address — "not available" and no buy button. Until launch has
 * said whether this is a review build (a first visit), it waits.
 */
export function PurchaseGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const auditMode = useAppStore((s) => s.auditMode);
  const known = useAppStore((s) => s.config !== null);
  if (!known)
    return (
      <div className="purchase-waiting" aria-busy="true">
        <DotLoading color="primary" />
      </div>
    );
  if (!auditMode) return children;
  return (
    <Result
      className="purchase-unavailable"
      status="info"
      title={t('pay.unavailable')}
      description={t('pay.unavailableText')}
    />
  );
}
