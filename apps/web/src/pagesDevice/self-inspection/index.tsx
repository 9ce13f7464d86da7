import { useQuery, useQueryClient } from '@tanstack/react-query';
import { applyLiveUpdate, type Terminal } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/PageLayout';
import { deviceKeys, deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { useLiveDevices, useLiveFallbackInterval } from '../../live/socket';
import { inspect, type Finding, type Mark } from '../../remote/inspection';
import { PageSpinner } from '../../remote/RemotePage';
import '../../remote/remote.css';
import { DeviceMissing } from '../info/DeviceMissing';

const MARK_ICONS: Record<Mark, React.ReactNode> = {
  pass: <CheckCircleFill color="var(--adm-color-success)" />,
  warn: <ExclamationCircleFill color="var(--adm-color-warning)" />,
  fail: <CloseCircleFill color="var(--adm-color-danger)" />,
};

function FindingRow({ finding }: { finding: Finding }) {
  const { t } = useTranslation();
  const { item, mark, key, values } = finding;
  return (
    <li className="inspection-row" data-item={item} data-mark={mark}>
      <span className="inspection-row__mark" role="img" aria-label={t(`inspection.marks.${mark}`)}>
        {MARK_ICONS[mark]}
      </span>
      <div className="inspection-row__text">
        <div className="inspection-row__title">
          {t(`inspection.items.${item}`)}
          <span className="inspection-row__finding">{t(`inspection.findings.${key}`, values)}</span>
        </div>
        <p className="inspection-row__advice">{t(`inspection.advice.${key}`)}</p>
      </div>
    </li>
  );
}

interface ChecklistProps {
  device: Terminal;
  /** When the device's state was read (or last patched live). */
  readAt: number;
  onAgain: () => void;
  busy: boolean;
}

function Checklist({ device, readAt, onAgain, busy }: ChecklistProps) {
  const { t } = useTranslation();
  const findings = inspect(device, readAt);
  const failed = findings.filter((finding) => finding.mark === 'fail').length;
  const warned = findings.filter((finding) => finding.mark === 'warn').length;
  return (
    <>
      <section
        className="remote-section inspection-summary"
        data-failed={failed}
        data-warned={warned}
      >
        <h2 className="remote-section__title">{device.terminalName}</h2>
        <p className="remote-section__hint">
          {failed + warned === 0
            ? t('inspection.summary.allGood')
            : t('inspection.summary.problems', { failed, warned })}
        </p>
      </section>
      <ul className="remote-section inspection-list">
        {findings.map((finding) => (
          <FindingRow key={finding.item} finding={finding} />
        ))}
      </ul>
      <div className="remote-footer">
        <Button block color="primary" loading={busy} onClick={onAgain}>
          {t('inspection.again')}
        </Button>
      </div>
    </>
  );
}

function Inspection({ terminalId }: { terminalId: number }) {
  const queryClient = useQueryClient();
  const device = useQuery({
    ...deviceQueries.one(terminalId, { loading: false }),
    refetchInterval: useLiveFallbackInterval(),
  });
  useLiveDevices((updates) => {
    for (const update of updates)
      queryClient.setQueryData<Terminal>(
        deviceKeys.one(terminalId),
        (old) => old && applyLiveUpdate(old, update),
      );
  });
  if (device.data)
    return (
      <Checklist
        device={device.data}
        readAt={device.dataUpdatedAt}
        busy={device.isFetching}
        onAgain={() => void device.refetch()}
      />
    );
  return device.isError ? (
    <DeviceMissing error={device.error} onRetry={device.refetch} />
  ) : (
    <PageSpinner />
  );
}

/** /pagesDevice/self-inspection?id=: a checklist of the device's live state, each line with advice. */
export default function SelfInspectionPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  return (
    <PageLayout title={t('inspection.title')}>
      {id === null ? <DeviceMissing invalidId /> : <Inspection terminalId={id} />}
    </PageLayout>
  );
}
