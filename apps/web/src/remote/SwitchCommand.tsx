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
}: SwitchCommandProps) {
  const pending = isPending(command);
  const target: Flag = current === 1 ? 0 : 1;
  const ask = () => {
    const question = words.confirm?.[target];
    if (question) confirmDialog(question, () => onSend(target));
    else onSend(target);
  };
  return (
    <div className="remote-row" data-switch={label}>
      <div className="remote-row__label">
        {label}
        {current === undefined ? null : (
          <span className="remote-row__state" data-state={current}>
            {words.state[current]}
          </span>
        )}
        <CommandStatus record={command} />
      </div>
      <Button
        size="small"
        color="primary"
        fill={target === 1 ? 'solid' : 'outline'}
        loading={busy}
        disabled={current === undefined || pending}
        onClick={ask}
      >
        {words.action[target]}
      </Button>
    </div>
  );
}
