import { hashPasswordForTransport, routes } from '@xunji/shared';
import { Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { ApiError } from '../api/errors';
import { CaptchaField } from '../components/CaptchaField';
import { useRules } from '../forms/rules';
import { useCaptchaGate } from '../forms/useCaptchaGate';
import { DangerDialog } from './DangerDialog';
import type { RemoteCommands } from './useRemoteCommands';

interface CutPasswordDialogProps {
  terminalId: number;
  commands: RemoteCommands;
  visible: boolean;
  onClose: () => void;
}

/**
 * Cutting oil and power, as tracker apps ask for it: the safety warning, the user's own password
 * (checked by the server as a sign-in is, with a picture code after a few wrong ones) and a
 * danger-styled button. A wrong password keeps the dialog open with the server's words.
 */
export function CutPasswordDialog({
  terminalId,
  commands,
  visible,
  onClose,
}: CutPasswordDialogProps) {
  const { t } = useTranslation();
  const { message } = useRules();
  const gate = useCaptchaGate();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setProblem(null);
    onClose();
  };

  const cut = async () => {
    if (!password) return setProblem(message('cutPassword'));
    if (gate.missing()) return setProblem(message('captchaCode'));
    const body = {
      terminalId,
      isCutButter: 1 as const,
      password: hashPasswordForTransport(password),
      ...gate.answer(),
    };
    try {
      await commands.run('cutOil', () =>
        gate.attempt(() => call(routes.setCutBuffer, { body }, { toastState: false })),
      );
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.message);
    }
  };

  return (
    <DangerDialog
      visible={visible}
      title={t('remote.cutPassword.title')}
      content={
        <div className="cut-password">
          <p className="cut-password__warning">{t('remote.confirm.cutOil')}</p>
          <p className="cut-password__notice">{t('remote.cutPassword.notice')}</p>
          <List className="cut-password__fields">
            <List.Item prefix={t('remote.cutPassword.label')}>
              <Input
                type="password"
                value={password}
                onChange={(value) => {
                  setPassword(value);
                  setProblem(null);
                }}
                placeholder={t('remote.cutPassword.placeholder')}
                aria-label={t('remote.cutPassword.label')}
                autoComplete="current-password"
                maxLength={20}
              />
            </List.Item>
            <CaptchaField gate={gate} />
          </List>
          {problem ? (
            <div className="field-error" role="alert">
              {problem}
            </div>
          ) : null}
        </div>
      }
      confirmText={t('remote.cutPassword.confirm')}
      onConfirm={cut}
      onClose={close}
    />
  );
}
