import { useQuery } from '@tanstack/react-query';
import type { FeatureFlags } from '@xunji/shared';
import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PageLayout } from '../components/PageLayout';
import { deviceQueries } from '../devices/queries';
import { useDeviceId } from '../devices/useDeviceId';
import { DeviceMissing } from '../pagesDevice/info/DeviceMissing';
import type { ValueAdded } from './ServicePeriodCard';
import './commerce.css';

export interface DevicePurchaseContext {
  terminalId: number;
  valueAdded: ValueAdded;
  flags: FeatureFlags;
}

interface DevicePurchasePageProps {
  title: ReactNode;
  children: (context: DevicePurchaseContext) => ReactNode;
}

/**
 * A purchase page of one device (`?id=`): its service period and model flags loaded (both answer
 * for a device whose service expired), or why they could not be.
 */
export function DevicePurchasePage({ title, children }: DevicePurchasePageProps) {
  const id = useDeviceId();
  const valueAdded = useQuery({ ...deviceQueries.valueAdded(id ?? 0), enabled: id !== null });
  const funcs = useQuery({ ...deviceQueries.funcs(id ?? 0), enabled: id !== null });
  const context =
    id !== null && valueAdded.data && funcs.data
      ? {
          terminalId: id,
          valueAdded: valueAdded.data,
          flags: funcs.data.terminalTypeInfo.terminalTypeExtend,
        }
      : null;
  const failed = valueAdded.isError ? valueAdded : funcs.isError ? funcs : null;
  const body = () => {
    if (id === null) return <DeviceMissing invalidId />;
    if (failed) return <DeviceMissing error={failed.error} onRetry={failed.refetch} />;
    if (!context)
      return (
        <div className="page__intro" style={{ textAlign: 'center' }}>
          <DotLoading />
        </div>
      );
    return children(context);
  };
  return <PageLayout title={title}>{body()}</PageLayout>;
}
