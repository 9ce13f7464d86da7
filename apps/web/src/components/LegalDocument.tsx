import { useTranslation } from 'react-i18next';
import { PageLayout } from './PageLayout';

/** The privacy notice or the service terms, from the language resources. */
export function LegalDocument({ document }: { document: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const sections = t(`${document}.sections`, { returnObjects: true });
  return (
    <PageLayout title={t(`${document}.title`)}>
      <article className="legal">
        <p className="legal__updated">{t(`${document}.updated`)}</p>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            <p>{section.body}</p>
          </section>
        ))}
      </article>
    </PageLayout>
  );
}
