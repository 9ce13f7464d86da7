import { byteLength, routes, TEXTAREA_MAX_BYTES } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useRules } from '../../forms/rules';
import { CommandStatus } from '../../remote/CommandStatus';
import { RemoteSection } from '../../remote/RemotePage';
import type { RemoteCommands } from '../../remote/useRemoteCommands';

/** A text command of at most 140 bytes, a Chinese character counting two (§5). */
export function CustomCommandSection({
  terminalId,
  commands,
}: {
  terminalId: number;
  commands: RemoteCommands;
}) {
  const { t } = useTranslation();
  const { message } = useRules();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const bytes = byteLength(text.trim());

  const send = () => {
    if (bytes < 1 || bytes > TEXTAREA_MAX_BYTES) {
      setInvalid(true);
      return;
    }
    void commands.send('custom', () =>
      call(routes.sendCommand, { body: { terminalId, command: text.trim() } }),
    );
  };

  return (
    <RemoteSection title={t('remote.sections.custom')} hint={t('remote.custom.hint')} name="custom">
      <textarea
        className="remote-textarea"
        value={text}
        aria-label={t('remote.sections.custom')}
        placeholder={t('remote.custom.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
      />
      <span className={bytes > TEXTAREA_MAX_BYTES ? 'byte-counter is-over' : 'byte-counter'}>
        {bytes}/{TEXTAREA_MAX_BYTES}
      </span>
      {invalid ? <div className="field-error">{message('customCommand')}</div> : null}
      <div className="remote-actions">
        <Button size="small" color="primary" loading={commands.busy === 'custom'} onClick={send}>
          {t('remote.custom.send')}
        </Button>
      </div>
      {commands.records('custom').map((record) => (
        <CommandStatus key={record.id} record={record} />
      ))}
    </RemoteSection>
  );
}
