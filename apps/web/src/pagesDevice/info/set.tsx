import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FILTER_FIELDS,
  hashPasswordForTransport,
  routes,
  type FilterField,
  type Terminal,
} from '@xunji/shared';
import { Button, DotLoading, Form, Input, List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
// Dialog from overlays: antd-mobile's imperative render set up for React 19.
import { Dialog } from '../../api/overlays';
import { CaptchaField } from '../../components/CaptchaField';
import { PageLayout } from '../../components/PageLayout';
import { SubmitButton } from '../../components/SubmitButton';
import '../../devices/devices.css';
import { deviceKeys, deviceQueries, invalidateDevices } from '../../devices/queries';
import { forgetDevice } from '../../devices/selection';
import { useDeviceId } from '../../devices/useDeviceId';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { useRules } from '../../forms/rules';
import { useCaptchaGate } from '../../forms/useCaptchaGate';
import { useAction } from '../../hooks/useAction';
import { reLaunch } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { DeviceMissing } from './DeviceMissing';

/** The filters of the history track, and those of the current location. */
const TRACK_FILTERS = FILTER_FIELDS.filter((field) => !field.endsWith('Location'));
const LOCATION_FILTERS = FILTER_FIELDS.filter((field) => field.endsWith('Location'));

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** Owner only: PUT /terminal/update-pwd, both passwords hashed (§5). */
function DevicePasswordForm({ device }: { device: Terminal }) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<PasswordValues>();
  const gate = useCaptchaGate();
  const [save, saving] = useAction(async ({ oldPassword, password }: PasswordValues) => {
    if (gate.missing()) return toast(rules.message('captchaCode'));
    await gate.attempt(() =>
      call(routes.updateTerminalPassword, {
        body: {
          terminalNo: device.terminalNo,
          oldPassword: hashPasswordForTransport(oldPassword),
          newPassword: hashPasswordForTransport(password),
          ...gate.answer(),
        },
      }),
    );
    form.resetFields();
    toast(t('devices.set.passwordSaved'));
  });
  return (
    <Form
      form={form}
      layout="horizontal"
      className="section"
      mode="card"
      onFinish={save}
      footer={<SubmitButton pending={saving}>{t('devices.set.savePassword')}</SubmitButton>}
    >
      <Form.Header>{t('devices.set.password')}</Form.Header>
      <Form.Item name="oldPassword" label={t('devices.set.oldPassword')} rules={rules.required()}>
        <Input
          type="password"
          placeholder={t('devices.set.oldPasswordPlaceholder')}
          maxLength={20}
          autoComplete="off"
        />
      </Form.Item>
      <NewPasswordFields label={t('devices.set.newPassword')} />
      <CaptchaField gate={gate} label={t('verification.captcha')} />
    </Form>
  );
}

/** The caller's display filters of the device: PUT /terminal/filter, one switch at a time. */
function FilterSwitches({ device }: { device: Terminal }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<FilterField | null>(null);
  const [change] = useAction(async (field: FilterField, value: boolean) => {
    setSaving(field);
    try {
      await call(routes.setTerminalFilter, { body: { id: device.id, [field]: value } });
      queryClient.setQueryData(deviceKeys.one(device.id), (old: Terminal | undefined) =>
        old ? { ...old, filter: { ...old.filter, [field]: value } } : old,
      );
      await invalidateDevices(queryClient);
    } finally {
      setSaving(null);
    }
  });
  const row = (field: FilterField) => (
    <List.Item
      key={field}
      extra={
        <Switch
          checked={device.filter[field]}
          loading={saving === field}
          onChange={(value) => void change(field, value)}
          aria-label={t(`devices.set.filter.${field}`)}
        />
      }
    >
      {t(`devices.set.filter.${field}`)}
    </List.Item>
  );
  return (
    <>
      <List className="section" mode="card" header={t('devices.set.trackFilters')}>
        {TRACK_FILTERS.map(row)}
      </List>
      <List className="section" mode="card" header={t('devices.set.locationFilters')}>
        {LOCATION_FILTERS.map(row)}
      </List>
      <p className="list-hint">{t('devices.set.filtersHint')}</p>
    </>
  );
}

function UnbindButton({ device }: { device: Terminal }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [unbind, unbinding] = useAction(async () => {
    await call(routes.unbindTerminal, { body: { id: device.id } });
    forgetDevice(device.id);
    await invalidateDevices(queryClient, { refetch: false });
    toast(t('devices.set.unbound'));
    reLaunch(PATHS.home);
  });
  return (
    <div className="section" style={{ padding: '0 12px 24px' }}>
      <Button
        block
        color="danger"
        fill="outline"
        size="large"
        loading={unbinding}
        onClick={() =>
          void Dialog.confirm({
            content: device.isOwner ? t('devices.set.unbindOwner') : t('devices.set.unbindMember'),
            confirmText: t('devices.set.unbind'),
            cancelText: t('common.cancel'),
            onConfirm: () => unbind(),
          })
        }
      >
        {t('devices.set.unbind')}
      </Button>
    </div>
  );
}

/** /pagesDevice/info/set?id=: device password (owner), display filters, unbind. */
export default function DeviceSettingsPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const device = useQuery({ ...deviceQueries.one(id ?? 0), enabled: id !== null });
  const data = device.data;

  return (
    <PageLayout title={t('devices.set.title')}>
      {id === null ? (
        <DeviceMissing invalidId />
      ) : data ? (
        <>
          {data.isOwner ? <DevicePasswordForm device={data} /> : null}
          <FilterSwitches device={data} />
          {/* An enterprise user seeing the device through the organisation has no binding. */}
          {data.userState !== null ? <UnbindButton device={data} /> : null}
        </>
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
