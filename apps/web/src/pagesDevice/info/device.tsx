import { useQueryClient } from '@tanstack/react-query';
import {
  ActivationState,
  ICON_TYPES,
  byteLength,
  routes,
  type IconTypeName,
  type Terminal,
} from '@xunji/shared';
import { Dialog, DotLoading, Grid, Input, List, Popup, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { ServiceExpiredLine } from '../../commerce/ServiceExpiry';
import { useShownDevice } from '../../commerce/useShownDevice';
import { PageLayout } from '../../components/PageLayout';
import { DeviceIcon } from '../../devices/DeviceIcon';
import { canManage } from '../../devices/manage';
import '../../devices/devices.css';
import { invalidateDevices } from '../../devices/queries';
import { StateBadge } from '../../devices/StateBadge';
import { useDeviceId } from '../../devices/useDeviceId';
import { useMinuteClock } from '../../devices/useMinuteClock';
import { useAction } from '../../hooks/useAction';
import { formatDate } from '../../devices/format';
import { navigateTo } from '../../router/navigation';
import { useEntryRule } from '../../router/entry-rule';
import { PATHS, type SpecPath } from '../../router/paths';
import { DeviceMissing } from './DeviceMissing';

const ACTIVATION_WORDS = {
  [ActivationState.NONE]: 'none',
  [ActivationState.ACTIVE]: 'active',
  [ActivationState.NOT_ACTIVATED]: 'notActivated',
  [ActivationState.TRIAL]: 'trial',
} as const;

const isName = (value: string) => byteLength(value) >= 1 && byteLength(value) <= 32;

function RenameDialog({ device, onClose }: { device: Terminal; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(device.terminalName);
  const [error, setError] = useState(false);
  const [save] = useAction(async () => {
    const terminalName = name.trim();
    if (!isName(terminalName)) {
      setError(true);
      return;
    }
    await call(routes.renameTerminal, { body: { id: device.id, terminalName } });
    await invalidateDevices(queryClient);
    toast(t('devices.info.renamed'));
    onClose();
  });
  return (
    <Dialog
      visible
      title={t('devices.info.rename')}
      content={
        <>
          <Input
            className="rename-input"
            value={name}
            onChange={(value) => {
              setName(value);
              setError(false);
            }}
            placeholder={t('devices.info.namePlaceholder')}
            clearable
            autoFocus
            onEnterPress={() => void save()}
          />
          {error ? <div className="rename-error">{t('devices.info.nameInvalid')}</div> : null}
        </>
      }
      onClose={onClose}
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: onClose },
          { key: 'save', text: t('common.save'), bold: true, onClick: () => void save() },
        ],
      ]}
    />
  );
}

function IconPicker({ device, onClose }: { device: Terminal; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pick] = useAction(async (iconType: number) => {
    if (iconType !== device.iconType) {
      await call(routes.setTerminalIcon, { body: { id: device.id, iconType } });
      await invalidateDevices(queryClient);
      toast(t('devices.info.iconSaved'));
    }
    onClose();
  });
  return (
    <Popup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className="icon-picker">
        <h3>{t('devices.info.chooseIcon')}</h3>
        <Grid columns={4} gap={8}>
          {ICON_TYPES.map((name: IconTypeName, index) => (
            <Grid.Item key={name}>
              <button
                type="button"
                className={
                  index === device.iconType ? 'icon-picker__item is-chosen' : 'icon-picker__item'
                }
                aria-pressed={index === device.iconType}
                onClick={() => void pick(index)}
              >
                <DeviceIcon type={name} size={40} />
                {t(`devices.icon.${name}`)}
              </button>
            </Grid.Item>
          ))}
        </Grid>
      </div>
    </Popup>
  );
}

/** The rows that only open another page of the device. */
const PAGE_ROWS = [
  { key: 'members', path: PATHS.bindMoreUser },
  { key: 'functions', path: PATHS.moreFunctions },
  { key: 'orders', path: PATHS.deviceOrders },
  { key: 'settings', path: PATHS.deviceSet },
] as const;

function DeviceDetails({ device }: { device: Terminal }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<'name' | 'icon' | null>(null);
  const manage = canManage(device);
  const { vipState } = device;
  const iccid = device.iccid;
  const shows = useEntryRule(device.terminalTypeInfo.terminalTypeExtend, iccid !== null);
  const now = useMinuteClock();
  /** A row's link to `path` when the entry rule allows it; the row is plain text otherwise. */
  const linkTo = (key: string, path: SpecPath, query = `id=${device.id}`) =>
    shows(path) ? { 'data-link': key, onClick: () => navigateTo(`${path}?${query}`) } : {};

  return (
    <>
      <header className="device-info__header">
        <DeviceIcon type={device.iconType} size={56} />
        <div>
          <div className="device-info__title">{device.terminalName}</div>
          <div className="device-info__sub">
            <StateBadge deviceState={device.deviceState} motion={device.motion} context="map" />
          </div>
          <ServiceExpiredLine terminal={device} now={now} />
        </div>
      </header>
      <List className="section">
        <List.Item
          extra={<DeviceIcon type={device.iconType} size={28} />}
          onClick={manage ? () => setEditing('icon') : undefined}
        >
          {t('devices.info.icon')}
        </List.Item>
        <List.Item
          extra={device.terminalName}
          onClick={manage ? () => setEditing('name') : undefined}
        >
          {t('devices.info.name')}
        </List.Item>
        <List.Item extra={<span className="mono">{device.terminalNo}</span>}>
          {t('devices.info.number')}
        </List.Item>
        <List.Item extra={device.terminalTypeInfo.name || device.model || t('devices.info.none')}>
          {t('devices.info.model')}
        </List.Item>
        <List.Item
          extra={iccid ? <span className="mono">{iccid}</span> : t('devices.info.none')}
          {...linkTo('simCard', PATHS.simCard)}
        >
          {t('devices.info.iccid')}
        </List.Item>
      </List>
      <List className="section">
        <List.Item
          extra={
            vipState ? (
              <>
                {t('devices.info.period', {
                  start: formatDate(vipState.startingTime),
                  end: formatDate(vipState.expirationTime),
                })}
                {vipState.isTrial ? (
                  <Tag color="warning" fill="outline" style={{ marginLeft: 6 }}>
                    {t('devices.info.trial')}
                  </Tag>
                ) : null}
              </>
            ) : (
              t('devices.info.none')
            )
          }
          {...linkTo('valueAdded', PATHS.valueAdded)}
        >
          {t('devices.info.servicePeriod')}
        </List.Item>
        <List.Item
          extra={t(
            `devices.info.activationState.${
              ACTIVATION_WORDS[device.activationState as keyof typeof ACTIVATION_WORDS] ?? 'none'
            }`,
          )}
          {...linkTo('activation', PATHS.activation)}
        >
          {t('devices.info.activation')}
        </List.Item>
      </List>
      <List className="section">
        {PAGE_ROWS.filter(({ path }) => shows(path)).map(({ key, path }) => (
          <List.Item key={key} {...linkTo(key, path)}>
            {t(`devices.info.${key}`)}
          </List.Item>
        ))}
      </List>
      {editing === 'name' ? (
        <RenameDialog device={device} onClose={() => setEditing(null)} />
      ) : null}
      {editing === 'icon' ? <IconPicker device={device} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

/** /pagesDevice/info/device?id=: the device's details; its owner renames it and picks its icon. */
export default function DeviceInfoPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const device = useShownDevice(id);

  return (
    <PageLayout title={t('devices.info.title')}>
      {id === null ? (
        <DeviceMissing invalidId />
      ) : device.data ? (
        <DeviceDetails device={device.data} />
      ) : device.isError ? (
        <DeviceMissing error={device.error} onRetry={device.refetch} />
      ) : (
        <div className="page__intro" style={{ textAlign: 'center' }}>
          <DotLoading />
        </div>
      )}
    </PageLayout>
  );
}
