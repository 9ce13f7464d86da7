import type { CommandRecord } from '@xunji/shared';
import { Button } from 'antd-mobile';
import { confirmDialog } from '../api/feedback';
import { isPending } from './command-outcome';
import { CommandStatus } from './CommandStatus';

type Flag = 0 | 1;

export interface SwitchWords {
  /** What the device is in state 0 and in state 1. */
  state: [off: string, on: string];
  /** The button that asks for state 0, and the one for state 1. */
  action: [toOff: string, toOn: string];
  /** The question asked before going to state 0 / 1; no dialog without one. */
  confirm?: [toOff: string | null, toOn: string | null];
}

interface SwitchCommandProps {
  label: string;
  words: SwitchWords;
  /** The state the device confirmed; undefined while loading. */
  current: Flag | undefined;
  /** The latest command of this switch (pending until the device confirms). */
  command: CommandRecord | null | undefined;
  busy: boolean;
  onSend: (value: Flag) => void;
  /** Asks for one state its own way (a password) instead of with the words' confirmation. */
  customAsk?: { target: Flag; ask: () => void };
  /** The state whose button is drawn as a danger (cutting oil and power). */
  danger?: Flag;
}

/**
 * A two-state remote switch (arm/disarm, cut/restore, power off/on): the confirmed state, one
 * button asking for the other state (after a confirmation where the words give one), and the
 * command in flight with its result. No second command while one waits for the device.
 */
export function SwitchCommand({
  label,
  words,
  current,
  command,
  busy,
  onSend,
  customAsk,
  danger,
}: SwitchCommandProps) {
  const pending = isPending(command);
  const target: Flag = current === 1 ? 0 : 1;
  const ask = () => {
    const question = words.confirm?.[target];
    if (customAsk?.target === target) customAsk.ask();
    else if (question) confirmDialog(question, () => onSend(target));
    else onSend(target);
  };
  return (
    <div className="remote-item" data-switch={label}>
      <div className="remote-row">
        <div className="remote-row__label">
          {label}
          {current === undefined ? null : (
            <span className="remote-row__state" data-state={current}>
              {words.state[current]}
            </span>
          )}
        </div>
        <Button
          size="small"
          color={target === danger ? 'danger' : 'primary'}
          fill={target === 1 ? 'solid' : 'outline'}
          loading={busy}
          disabled={current === undefined || pending}
          onClick={ask}
        >
          {words.action[target]}
        </Button>
      </div>
      <CommandStatus record={command} />
    </div>
  );
}
