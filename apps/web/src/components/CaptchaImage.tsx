import { useTranslation } from 'react-i18next';

/** A picture code; tapping it asks for a new one. */
export function CaptchaImage({
  image,
  onRefresh,
}: {
  image: string | undefined;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-image"
      aria-label={t('verification.captchaAlt')}
      onClick={onRefresh}
    >
      {image && <img src={image} alt={t('verification.captchaAlt')} />}
    </button>
  );
}
