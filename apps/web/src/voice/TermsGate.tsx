import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateBack } from '../router/navigation';
import { acceptVoiceTerms, useVoiceTermsStore } from './terms';

/**
 * The sound-security usage terms, shown until the signed-in user accepts them (once per user on
 * this device); the children only then.
 */
export function TermsGate({ userId, children }: { userId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const accepted = useVoiceTermsStore((state) => state.acceptedBy.includes(userId));
  if (accepted) return children;
  const paragraphs = t('voice.terms.paragraphs', { returnObjects: true });
  return (
    <section className="remote-section voice-terms" aria-label={t('voice.terms.title')}>
      <h2 className="remote-section__title">{t('voice.terms.title')}</h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="voice-terms__paragraph">
          {paragraph}
        </p>
      ))}
      <div className="remote-actions voice-terms__actions">
        <Button onClick={navigateBack}>{t('voice.terms.decline')}</Button>
        <Button color="primary" onClick={() => acceptVoiceTerms(userId)}>
          {t('voice.terms.accept')}
        </Button>
      </div>
    </section>
  );
}
