import { useQueryClient } from '@tanstack/react-query';
import { alarmField, routes, type AlarmSetting } from '@xunji/shared';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { toast } from '../api/feedback';
import { SubmitButton } from '../components/SubmitButton';
import { useRules, type Rules } from '../forms/rules';
import { useAction } from '../hooks/useAction';
import {
  phoneError,
  phoneFields,
  phoneSlots,
  type PhoneChannel,
  type PhoneField,
} from './phone-numbers';
import { alarmSettingKey } from './queries';

type Values = Partial<Record<PhoneField, string>>;

const SAVE_ROUTES = {
  tel: routes.setTelPhoneNumber,
  sms: routes.setSmsPhoneNumber,
} as const;

const valuesOf = (setting: AlarmSetting, fields: readonly PhoneField[]): Values =>
  Object.fromEntries(fields.map((field) => [field, setting[field] ?? '']));

/** The six alarm numbers of a channel, checked as they are typed (§5) and saved together. */
export function PhoneNumbersEditor({
  setting,
  channel,
}: {
  setting: AlarmSetting;
  channel: PhoneChannel;
}) {
  const { t } = useTranslation();
  const { message } = useRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const fields = phoneFields(channel);

  const [save, saving] = useAction(async (values: Values) => {
    const slots = phoneSlots(channel, values);
    // §5: while the channel is on, at least one number must stay saved.
    if (setting[alarmField(channel)] === 1 && Object.values(slots).every((n) => n === null)) {
      toast(message('phoneRequired'));
      return;
    }
    const saved = await call(SAVE_ROUTES[channel], { body: { id: setting.id, ...slots } });
    queryClient.setQueryData(alarmSettingKey(setting.terminalId), saved);
    form.setFieldsValue(valuesOf(saved, fields));
    toast(t('alarmSettings.numbers.savedToast'));
  });

  /** The slot's rule: checked against the slots before it (a repeat is the later one). */
  const rulesOf = (index: number): Rules => [
    ({ getFieldValue }) => ({
      validator: async (_, value: unknown) => {
        const earlier = fields
          .slice(0, index)
          .map((field) => String((getFieldValue(field) as string | undefined) ?? ''));
        const error = phoneError(typeof value === 'string' ? value : '', earlier);
        if (error) throw new Error(message(error));
      },
    }),
  ];

  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      className="section"
      initialValues={valuesOf(setting, fields)}
      onFinish={save}
      footer={<SubmitButton pending={saving}>{t('alarmSettings.numbers.save')}</SubmitButton>}
    >
      <Form.Header>{t('alarmSettings.numbers.header', { count: fields.length })}</Form.Header>
      {fields.map((field, index) => (
        <Form.Item
          key={field}
          name={field}
          label={t('alarmSettings.numbers.slot', { n: index + 1 })}
          dependencies={fields.slice(0, index)}
          rules={rulesOf(index)}
        >
          <Input
            type="tel"
            inputMode="tel"
            maxLength={11}
            clearable
            placeholder={t('alarmSettings.numbers.placeholder')}
            aria-label={t('alarmSettings.numbers.slot', { n: index + 1 })}
          />
        </Form.Item>
      ))}
    </Form>
  );
}
