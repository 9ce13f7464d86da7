import { useQuery } from '@tanstack/react-query';
import type { TerminalParams } from '@xunji/shared';
import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PageLayout } from '../components/PageLayout';
import { useDeviceId } from '../devices/useDeviceId';
import { DeviceMissing } from '../pagesDevice/info/DeviceMissing';
import { remoteQueries } from './queries';
import './remote.css';

export interface RemoteContext {
  terminalId: number;
  params: TerminalParams;
}

interface RemotePageProps {
  title: string;
  children: (context: RemoteContext) => ReactNode;
}

export const PageSpinner = () => (
  <div className="page__intro" style={{ textAlign: 'center' }}>
    <DotLoading />
  </div>
);

/**
 * A remote page of the device `?id=`: its settings and abilities (GET /terminal/params-info) are
 * loaded first, and the page shows only what the device can be asked.
 */
export function RemotePage({ title, children }: RemotePageProps) {
  const id = useDeviceId();
  const params = useQuery({ ...remoteQueries.params(id ?? 0), enabled: id !== null });
  const body = () => {
    if (id === null) return <DeviceMissing invalidId />;
    if (params.data) return children({ terminalId: id, params: params.data });
    if (params.isError) return <DeviceMissing error={params.error} onRetry={params.refetch} />;
    return <PageSpinner />;
  };
  return <PageLayout title={title}>{body()}</PageLayout>;
}

/** A titled card of a remote page. */
export function RemoteSection({
  title,
  hint,
  children,
  name,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
  /** Names the section for tests and styles. */
  name: string;
}) {
  return (
    <section className="remote-section" data-section={name} aria-label={title}>
      <h2 className="remote-section__title">{title}</h2>
      {hint ? <p className="remote-section__hint">{hint}</p> : null}
      {children}
    </section>
  );
}
