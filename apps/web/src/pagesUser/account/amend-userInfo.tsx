import { routes } from '@xunji/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { queries } from '../../api/queries';
import { PageLayout } from '../../components/PageLayout';
import { SubmitButton } from '../../components/SubmitButton';
import { useRules } from '../../forms/rules';
import { useAction } from '../../hooks/useAction';
import { navigateBack } from '../../router/navigation';
import { useUserStore } from '../../stores/user';

/** Change the nickname (byte length 1-24, a Chinese character counts as two). */
export default function AmendUserInfoPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const queryClient = useQueryClient();
  const { data: user } = useQuery(queries.user);

  const [submit, pending] = useAction(async ({ nickName }: { nickName: string }) => {
    const updated = await call(routes.updateNickname, { body: { nickName: nickName.trim() } });
    queryClient.setQueryData(queries.user.queryKey, updated);
    useUserStore.setState({ user: updated });
    toast(t('nickname.success'));
    navigateBack();
  });

  return (
    <PageLayout title={t('nickname.title')}>
      <Form
        layout="horizontal"
        initialValues={{ nickName: user?.nickname ?? '' }}
        onFinish={submit}
        footer={<SubmitButton pending={pending}>{t('common.save')}</SubmitButton>}
      >
        <Form.Item name="nickName" label={t('nickname.label')} rules={rules.nickname}>
          <Input placeholder={t('nickname.placeholder')} clearable />
        </Form.Item>
      </Form>
    </PageLayout>
  );
}
