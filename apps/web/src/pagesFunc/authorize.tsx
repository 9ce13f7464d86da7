import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from '../api/feedback';
import { PageLayout } from '../components/PageLayout';
import { OauthBindForm } from '../oauth/OauthBindForm';
import { handleReturnOnce } from '../oauth/return';
import { redirectTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import '../oauth/oauth.css';

/**
 * /pagesFunc/authorize: where WeChat (and, through the server, Apple) return. The return is
 * handled once per address (its state is single use), then signs in, binds or asks to bind.
 */
export default function AuthorizePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const result = useQuery({
    queryKey: ['oauthReturn', search],
    queryFn: () => handleReturnOnce(search, redirectTo),
    staleTime: Infinity,
    retry: false,
  });
  const outcome = result.data;

  useEffect(() => {
    if (outcome?.kind !== 'done') return;
    if (outcome.bound) toast(t('oauth.bound', { provider: t(`oauth.providers.${outcome.bound}`) }));
    outcome.go();
  }, [outcome, t]);

  const failed = (description: string, back: string = PATHS.login) => (
    <ErrorBlock
      className="oauth-failed"
      status="default"
      title={t('oauth.failedTitle')}
      description={description}
    >
      <Button color="primary" onClick={() => redirectTo(back)}>
        {back === PATHS.login ? t('oauth.backToLogin') : t('common.back')}
      </Button>
    </ErrorBlock>
  );

  const body = () => {
    if (result.error) return failed(t('errors.systemError'));
    if (outcome?.kind === 'failed')
      return failed(t(`oauth.failed.${outcome.reason}`), outcome.back);
    if (outcome?.kind === 'refused') return failed(outcome.message, outcome.back);
    if (outcome?.kind === 'bind') return <OauthBindForm {...outcome} />;
    return (
      <p className="oauth-waiting">
        <DotLoading />
        {t('oauth.signingIn')}
      </p>
    );
  };

  return (
    <PageLayout title={outcome?.kind === 'bind' ? t('oauth.bindTitle') : t('oauth.title')}>
      {body()}
    </PageLayout>
  );
}
