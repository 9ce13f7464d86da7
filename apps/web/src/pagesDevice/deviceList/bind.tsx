import { useQueryClient } from '@tanstack/react-query';
import { hashPasswordForTransport, routes, type BindResult } from '@xunji/shared';
import { Button, Form, Input } from 'antd-mobile';
import { ScanCodeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
// Dialog from overlays: antd-mobile's imperative render set up for React 19.
import { Dialog } from '../../api/overlays';
import { CaptchaField } from '../../components/CaptchaField';
import { PageLayout } from '../../components/PageLayout';
import { DEFAULT_DEVICE_PASSWORD } from '../../devices/constants';
import '../../devices/devices.css';
import { invalidateDevices } from '../../devices/queries';
import { useRules, type Rules } from '../../forms/rules';
import { useCaptchaGate } from '../../forms/useCaptchaGate';
import { useAction } from '../../hooks/useAction';
import { navigateBack, redirectTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { QrScanner } from './QrScanner';

interface BindValues {
  terminalNo: string;
  password: string;
}

/** The device number the bind call takes: 4-20 letters or digits. */
const TERMINAL_NO = /^[0-9A-Za-z]{4,20}$/;

/** /pagesDevice/deviceList/bind: bind by number and password, or ask the owner without it. */
export default function BindDevicePage() {
  const { t } = useTranslation();
  const rules = useRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BindValues>();
  const [scanning, setScanning] = useState(false);
  const gate = useCaptchaGate();

  const numberRules: Rules = [
    {
      validator: async (_, value: unknown) => {
        if (!TERMINAL_NO.test(typeof value === 'string' ? value.trim() : ''))
          throw new Error(rules.message('terminalNo'));
      },
    },
  ];

  const finish = async () => {
    await invalidateDevices(queryClient);
    navigateBack();
  };

  /** A new owner learns what the binding means, and is sent to the numbers the device holds. */
  const welcomeOwner = async ({ terminalId, inheritedNumbers }: BindResult) => {
    const text = t('devices.bind.ownerText');
    if (inheritedNumbers === 0) {
      await Dialog.alert({
        title: t('devices.bind.ownerTitle'),
        content: text,
        confirmText: t('common.confirm'),
      });
      return finish();
    }
    const review = await Dialog.confirm({
      title: t('devices.bind.ownerTitle'),
      content: (
        <>
          <p>{text}</p>
          <p>{t('devices.bind.inheritedText', { count: inheritedNumbers })}</p>
        </>
      ),
      confirmText: t('devices.bind.review'),
      cancelText: t('devices.bind.later'),
    });
    await invalidateDevices(queryClient);
    if (review) redirectTo(`${PATHS.remoteSet}?id=${terminalId}`);
    else navigateBack();
  };

  const [bind, binding] = useAction(async ({ terminalNo, password }: BindValues) => {
    if (gate.missing()) return toast(rules.message('captchaCode'));
    const result = await gate.attempt(() =>
      call(routes.bindTerminal, {
        body: {
          terminalNo: terminalNo.trim(),
          password: hashPasswordForTransport(password),
          ...gate.answer(),
        },
      }),
    );
    if (result.isOwner) return welcomeOwner(result);
    toast(t('devices.bind.success'));
    await finish();
  });

  const [bindWithoutPassword, asking] = useAction(async () => {
    const valid = await form.validateFields(['terminalNo']).then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const terminalNo = String(form.getFieldValue('terminalNo')).trim();
    const result = await call(routes.bindTerminalNoPassword, { body: { terminalNo } });
    if (result.state === 'pending') {
      await Dialog.alert({
        title: t('devices.bind.pendingTitle'),
        content: t('devices.bind.pendingText'),
        confirmText: t('common.confirm'),
      });
      navigateBack();
      return;
    }
    toast(t('devices.bind.success'));
    await finish();
  });

  return (
    <PageLayout title={t('devices.bind.title')}>
      <Form form={form} layout="horizontal" onFinish={bind} footer={null}>
        <Form.Item label={t('devices.bind.number')} required>
          <div className="bind-number">
            <Form.Item name="terminalNo" rules={numberRules} noStyle>
              <Input
                placeholder={t('devices.bind.numberPlaceholder')}
                maxLength={20}
                autoComplete="off"
                clearable
              />
            </Form.Item>
            <button type="button" className="bind-scan" onClick={() => setScanning(true)}>
              <ScanCodeOutline />
              {t('devices.bind.scan')}
            </button>
          </div>
        </Form.Item>
        <Form.Item name="password" label={t('devices.bind.password')} rules={rules.required()}>
          <Input
            type="password"
            placeholder={t('devices.bind.passwordPlaceholder')}
            maxLength={20}
            autoComplete="off"
          />
        </Form.Item>
        <CaptchaField gate={gate} label={t('verification.captcha')} />
      </Form>
      <p className="page__intro">
        {t('devices.bind.defaultPassword', { secret: DEFAULT_DEVICE_PASSWORD })}
      </p>
      <div className="bind-actions">
        <Button block color="primary" size="large" loading={binding} onClick={() => form.submit()}>
          {t('devices.bind.submit')}
        </Button>
        <Button
          block
          color="primary"
          fill="outline"
          size="large"
          loading={asking}
          onClick={() => void bindWithoutPassword()}
        >
          {t('devices.bind.noPassword')}
        </Button>
        <p className="list-hint">{t('devices.bind.noPasswordHint')}</p>
      </div>
      {scanning ? (
        <QrScanner
          onClose={() => setScanning(false)}
          onResult={(terminalNo) => {
            setScanning(false);
            form.setFieldValue('terminalNo', terminalNo);
            void form.validateFields(['terminalNo']).catch(() => undefined);
            toast(t('devices.scan.found', { number: terminalNo }));
          }}
        />
      ) : null}
    </PageLayout>
  );
}
