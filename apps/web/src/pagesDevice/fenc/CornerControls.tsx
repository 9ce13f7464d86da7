import { validationMessages } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { DeleteOutline, UndoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app';

/** The polygon's corners so far, with undo and clear; warns while its sides cross. */
export function CornerControls({
  count,
  crossing,
  onUndo,
  onClear,
}: {
  count: number;
  crossing: boolean;
  onUndo: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <div className="fence-sheet__row fence-corners">
      <span className="fence-sheet__label">{t('fences.cornersRow', { count })}</span>
      {crossing ? (
        <span className="fence-corners__warning">{validationMessages.fenceCrossing[language]}</span>
      ) : null}
      <span className="fence-corners__actions">
        <Button size="small" disabled={count === 0} onClick={onUndo}>
          <UndoOutline /> {t('fences.undo')}
        </Button>
        <Button size="small" disabled={count === 0} onClick={onClear}>
          <DeleteOutline /> {t('fences.clear')}
        </Button>
      </span>
    </div>
  );
}
