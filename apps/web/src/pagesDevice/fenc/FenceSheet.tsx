import {
  FENCE_ALARM_ON,
  validationMessages,
  type FenceAlarmOn,
  type ValidationMessageKey,
} from '@xunji/shared';
import { Button, Input, Selector } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftAction, FenceDraft } from '../../fences/draft';
import { useAppStore } from '../../stores/app';

/**
 * The bottom sheet of the fence editor: the chosen type's own control (radius, corners,
 * region), then name, when to alarm, the rule a refused save broke, and save.
 */
export function FenceSheet({
  draft,
  shapeControl,
  problem,
  saving,
  onChange,
  onSave,
}: {
  draft: FenceDraft;
  shapeControl: ReactNode;
  problem: ValidationMessageKey | null;
  saving: boolean;
  onChange: (action: DraftAction) => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <section className="fence-sheet" data-testid="fence-sheet">
      {shapeControl}
      <label className="fence-sheet__row">
        <span className="fence-sheet__label">{t('fences.name')}</span>
        <Input
          className="fence-sheet__input"
          value={draft.name}
          placeholder={t('fences.namePlaceholder')}
          clearable
          onChange={(name) => onChange({ kind: 'setName', name })}
        />
      </label>
      <div className="fence-sheet__row">
        <span className="fence-sheet__label">{t('fences.alarmOnLabel')}</span>
        <Selector
          className="fence-sheet__alarm"
          columns={3}
          showCheckMark={false}
          options={FENCE_ALARM_ON.map((value) => ({
            value,
            label: t(`fences.alarmOn.${value}`),
          }))}
          value={[draft.alarmType]}
          onChange={([alarmType]: FenceAlarmOn[]) => {
            // Tapping the chosen one again would clear it: one is always chosen.
            if (alarmType) onChange({ kind: 'setAlarmType', alarmType });
          }}
        />
      </div>
      {problem ? (
        <p className="fence-sheet__problem" role="alert">
          {validationMessages[problem][language]}
        </p>
      ) : null}
      <Button block color="primary" loading={saving} onClick={onSave}>
        {t('fences.save')}
      </Button>
    </section>
  );
}
