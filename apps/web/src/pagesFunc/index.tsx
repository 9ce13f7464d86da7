import { useQuery } from '@tanstack/react-query';
import { DotLoading, Grid } from 'antd-mobile';
import {
  AudioOutline,
  BankcardOutline,
  BellOutline,
  CheckShieldOutline,
  CompassOutline,
  CouponOutline,
  EnvironmentOutline,
  GiftOutline,
  HistogramOutline,
  InformationCircleOutline,
  LinkOutline,
  LocationOutline,
  ScanningOutline,
  SendOutline,
  SetOutline,
} from 'antd-mobile-icons';
import type { FeatureFlags } from '@xunji/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShownDevice } from '../commerce/useShownDevice';
import { PageLayout } from '../components/PageLayout';
import { DeviceIcon } from '../devices/DeviceIcon';
import '../devices/devices.css';
import { useFunctionEntries, type FunctionKey } from '../devices/functions';
import { canManage } from '../devices/manage';
import { deviceQueries } from '../devices/queries';
import { StateBadge } from '../devices/StateBadge';
import { useDeviceId } from '../devices/useDeviceId';
import { DeviceMissing } from '../pagesDevice/info/DeviceMissing';
import { navigateTo } from '../router/navigation';

const ICONS: Record<FunctionKey, ReactNode> = {
  track: <EnvironmentOutline />,
  fences: <CheckShieldOutline />,
  alarm: <BellOutline />,
  remoteSettings: <SendOutline />,
  locateMode: <LocationOutline />,
  voice: <AudioOutline />,
  shareLocation: <LinkOutline />,
  nearby: <CompassOutline />,
  valueAdded: <GiftOutline />,
  activation: <CouponOutline />,
  topUp: <BankcardOutline />,
  reports: <HistogramOutline />,
  selfInspection: <ScanningOutline />,
  deviceInfo: <InformationCircleOutline />,
  settings: <SetOutline />,
};

/** The grid: each function the entry rule lets through for the device. */
function FunctionGrid({
  flags,
  deviceId,
  iccid,
  manager,
}: {
  flags: FeatureFlags;
  deviceId: number;
  iccid: string | null;
  manager: boolean;
}) {
  const { t } = useTranslation();
  const entries = useFunctionEntries(flags, deviceId, iccid, manager);
  return (
    <Grid columns={4} className="func-grid">
      {entries.map(({ key, path }) => (
        <Grid.Item key={key}>
          <button
            type="button"
            className="func-grid__item"
            data-function={key}
            onClick={() => navigateTo(path)}
          >
            <span className="func-grid__icon">{ICONS[key]}</span>
            {t(`devices.functions.${key}`)}
          </button>
        </Grid.Item>
      ))}
    </Grid>
  );
}

/** /pagesFunc/index?id=: the functions the app can open for the device. */
export default function MoreFunctionsPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const funcs = useQuery({ ...deviceQueries.funcs(id ?? 0), enabled: id !== null });
  const device = useShownDevice(id);

  const body = () => {
    if (id === null) return <DeviceMissing invalidId />;
    if (funcs.isError) return <DeviceMissing error={funcs.error} onRetry={funcs.refetch} />;
    if (!funcs.data)
      return (
        <div className="page__intro" style={{ textAlign: 'center' }}>
          <DotLoading />
        </div>
      );
    return (
      <>
        {device.data ? (
          <header className="device-info__header">
            <DeviceIcon type={device.data.iconType} size={48} />
            <div>
              <div className="device-info__title">{device.data.terminalName}</div>
              <div className="device-info__sub">
                <StateBadge
                  deviceState={device.data.deviceState}
                  motion={device.data.motion}
                  context="map"
                />
                <span style={{ marginLeft: 8 }}>{funcs.data.terminalTypeInfo.name}</span>
              </div>
            </div>
          </header>
        ) : null}
        <FunctionGrid
          flags={funcs.data.terminalTypeInfo.terminalTypeExtend}
          deviceId={id}
          iccid={device.data?.iccid ?? null}
          manager={device.data ? canManage(device.data) : true}
        />
      </>
    );
  };

  return <PageLayout title={t('devices.functions.title')}>{body()}</PageLayout>;
}
