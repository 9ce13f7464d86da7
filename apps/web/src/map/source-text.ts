import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SourceText } from './tile-sources';

/** A base map's words in the user's language (the operator's own as they are). */
export function useSourceText(): (text: SourceText) => string {
  const { t } = useTranslation();
  return useCallback((text) => ('key' in text ? t(text.key) : text.text), [t]);
}
