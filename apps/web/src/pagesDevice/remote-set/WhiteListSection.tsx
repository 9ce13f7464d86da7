import { useQuery } from '@tanstack/react-query';
import { routes, WHITE_LIST_MAX } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useRules } from '../../forms/rules';
import { CommandStatus } from '../../remote/CommandStatus';
import { remoteQueries } from '../../remote/queries';
import { RemoteSection } from '../../remote/RemotePage';
import type { RemoteCommands } from '../../remote/useRemoteCommands';
import { whiteListBody, whiteListProblems } from '../../remote/white-list';

interface WhiteListEditorProps {
  terminalId: number;
  saved: string[];
  commands: RemoteCommands;
}

function WhiteListEditor({ terminalId, saved, commands }: WhiteListEditorProps) {
  const { t } = useTranslation();
  const { message } = useRules();
  const [numbers, setNumbers] = useState(saved.length > 0 ? saved : ['']);
  const [checked, setChecked] = useState(false);
  const problems = whiteListProblems(numbers);
  const edit = (index: number, value: string) =>
    setNumbers((before) => before.map((number, i) => (i === index ? value : number)));

  const save = () => {
    setChecked(true);
    if (problems.some((problem) => problem !== null)) return;
    void commands.send('whiteList', () =>
      call(routes.setWhiteList, { body: { terminalId, phoneList: whiteListBody(numbers) } }),
    );
  };

  return (
    <>
      {numbers.map((number, index) => {
        const label = t('remote.whiteList.number', { index: index + 1 });
        const problem = checked ? problems[index] : null;
        return (
          <div key={index} className="remote-row" data-number={index}>
            <div className="remote-row__label">
              <input
                className="remote-input"
                type="tel"
                inputMode="tel"
                value={number}
                aria-label={label}
                placeholder={label}
                onChange={(event) => edit(index, event.target.value)}
              />
              {problem ? <div className="field-error">{message(problem)}</div> : null}
            </div>
            <button
              type="button"
              className="text-button"
              onClick={() => setNumbers((before) => before.filter((_, i) => i !== index))}
            >
              {t('remote.whiteList.remove')}
            </button>
          </div>
        );
      })}
      <div className="remote-actions">
        <Button
          size="small"
          disabled={numbers.length >= WHITE_LIST_MAX}
          onClick={() => setNumbers((before) => [...before, ''])}
        >
          {t('remote.whiteList.add')}
        </Button>
        <Button size="small" color="primary" loading={commands.busy === 'whiteList'} onClick={save}>
          {t('remote.whiteList.save')}
        </Button>
      </div>
    </>
  );
}

/** The numbers the device accepts calls from (mainland mobiles or landlines, each once). */
export function WhiteListSection({
  terminalId,
  commands,
}: {
  terminalId: number;
  commands: RemoteCommands;
}) {
  const { t } = useTranslation();
  const list = useQuery(remoteQueries.whiteList(terminalId));
  return (
    <RemoteSection
      title={t('remote.sections.whiteList')}
      hint={t('remote.whiteList.hint', { max: WHITE_LIST_MAX })}
      name="whiteList"
    >
      {list.data ? (
        <>
          <WhiteListEditor
            terminalId={terminalId}
            saved={list.data.phoneList}
            commands={commands}
          />
          <CommandStatus record={list.data.command} />
        </>
      ) : null}
    </RemoteSection>
  );
}
