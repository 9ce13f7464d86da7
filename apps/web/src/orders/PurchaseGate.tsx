import { Result } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';

/**
 * A purchase page's body, or — in audit mode (§4: a build under review offers nothing to buy),
 * when the page is opened by its address — "not available" and no buy button.
 */
export function PurchaseGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const auditMode = useAppStore((s) => s.auditMode);
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
