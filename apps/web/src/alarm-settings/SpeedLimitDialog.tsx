import { SPEED_LIMIT_MAX_KMH, SPEED_LIMIT_MIN_KMH } from '@xunji/shared';
import { Dialog, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRules } from '../forms/rules';
import { parseSpeedLimit } from './speed-limit';

interface SpeedLimitDialogProps {
  /** The limit saved so far, offered again. */
  initial: number | null;
  onConfirm: (speed: number) => void;
  onCancel: () => void;
}

/** Asks for the overspeed limit in km/h; mounted while open. */
export function SpeedLimitDialog({ initial, onConfirm, onCancel }: SpeedLimitDialogProps) {
  const { t } = useTranslation();
  const { message } = useRules();
  const [text, setText] = useState(initial === null ? '' : String(initial));
  const [invalid, setInvalid] = useState(false);

  const confirm = () => {
    const speed = parseSpeedLimit(text);
    if (speed === null) setInvalid(true);
    else onConfirm(speed);
  };

  return (
    <Dialog
      visible
      title={t('alarmSettings.speed.title')}
      closeOnAction={false}
      onClose={onCancel}
      content={
        <div className="speed-dialog">
          <p className="speed-dialog__hint">
            {t('alarmSettings.speed.hint', { min: SPEED_LIMIT_MIN_KMH, max: SPEED_LIMIT_MAX_KMH })}
          </p>
          <div className="speed-dialog__field">
            <Input
              type="number"
              inputMode="decimal"
              autoFocus
              value={text}
              onChange={(value) => {
                setText(value);
                setInvalid(false);
              }}
              onEnterPress={confirm}
              placeholder={t('alarmSettings.speed.placeholder')}
              aria-label={t('alarmSettings.speed.title')}
            />
            <span className="speed-dialog__unit">{t('alarmSettings.speed.unit')}</span>
          </div>
          {invalid ? <div className="field-error">{message('speedLimit')}</div> : null}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: onCancel },
          { key: 'confirm', text: t('common.confirm'), bold: true, onClick: confirm },
        ],
      ]}
    />
  );
}
