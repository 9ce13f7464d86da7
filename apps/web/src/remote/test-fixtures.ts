import type { CommandRecord, TerminalParams } from '@xunji/shared';
import { act } from 'react';
import { settleUi } from '../test/page-harness';

export const TERMINAL = 7;

/** A command of device 7, sent and waiting for its answer. */
export const command = (id: number, patch: Partial<CommandRecord> = {}): CommandRecord => ({
  id,
  terminalId: TERMINAL,
  paramName: 'restart',
  paramValue: null,
  state: 'sent',
  result: null,
  reply: null,
  replyMeaning: null,
  createTime: Date.UTC(2025, 0, 2, 3, 4),
  answerTime: null,
  userId: 1,
  ...patch,
});

/** The remote settings of device 7 with these abilities. */
export const terminalParams = (
  abilities: TerminalParams['abilities'],
  patch: Partial<TerminalParams> = {},
): TerminalParams => ({
  terminalId: TERMINAL,
  params: { uploadInterval: 3600, locateMode: null, positioningPriority: null, overspeedKmh: null },
  confirmed: {
    uploadInterval: 3600,
    locateMode: null,
    positioningPriority: null,
    overspeedKmh: null,
  },
  uploadIntervalPlan: 'battery',
  uploadIntervals: [1800, 3600, 10_800, 21_600, 43_200],
  pending: [],
  abilities,
  locateModes: ['timing', 'intelligent', 'powerSaving', 'trace', 'week', 'alarmClock'],
  ...patch,
});

/** Types into a textarea or an input as a user would (React sees the native input event). */
export async function typeText(field: HTMLTextAreaElement | HTMLInputElement, value: string) {
  await act(async () => {
    const prototype = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settleUi();
}

/** Confirms the dialog the page asked with confirmDialog (mocked): runs its confirm action. */
export async function confirmLast(confirmDialog: unknown) {
  const calls = (confirmDialog as { mock: { calls: [string, () => void][] } }).mock.calls;
  const last = calls.at(-1);
  if (!last) throw new Error('no confirmation asked');
  await act(async () => last[1]());
  await settleUi();
}
