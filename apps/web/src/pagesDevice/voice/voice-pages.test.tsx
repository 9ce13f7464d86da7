import type { AudioRecord, RecordStatus } from '@xunji/shared';
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, toast } from '../../api/feedback';
import { command, confirmLast, TERMINAL, terminalParams } from '../../remote/test-fixtures';
import { useUserStore } from '../../stores/user';
import { answerCalls, callInputs, type CallHandlers } from '../../test/call-handlers';
import {
  buttonNamed,
  byText,
  click,
  displayEverything,
  pageHarness,
  pageText,
} from '../../test/page-harness';
import { fetchAudio } from '../../voice/audio-file';
import { useVoiceTermsStore } from '../../voice/terms';
import VoicePage from './index';
import VoiceRecyclePage from './voice-recycle';

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');
vi.mock('../../voice/audio-file', () => ({ fetchAudio: vi.fn() }));
vi.mock('../../live/socket', () => ({
  useLiveReady: () => undefined,
  useLiveCommands: () => undefined,
  useLiveRecords: () => undefined,
}));

const page = pageHarness();
let handlers: CallHandlers;
const USER = 5;

const recording = (id: number, patch: Partial<AudioRecord> = {}): AudioRecord => ({
  id,
  terminalId: TERMINAL,
  isRead: 1,
  createTime: Date.UTC(2025, 0, 2) + id * 60_000,
  duration: 9.5,
  source: 'pickup',
  audioPath: `/record/audio/${id}`,
  mimeType: 'audio/mpeg',
  deleteTime: null,
  ...patch,
});
const status = (patch: Partial<RecordStatus> = {}): RecordStatus => ({
  terminalId: TERMINAL,
  isAuto: 0,
  seconds: 30,
  sensitivity: 2,
  mode: 'sound',
  isOpen: 0,
  recording: null,
  unread: 1,
  trash: 3,
  ...patch,
});
const rows = () => [...document.querySelectorAll('[data-record]')];
const row = (id: number) => document.querySelector<HTMLElement>(`[data-record="${id}"]`)!;
const listStatus = () => document.querySelector('.list-status')?.getAttribute('data-status');

beforeAll(() => {
  displayEverything();
  Object.assign(URL, { createObjectURL: () => 'blob:recording', revokeObjectURL: () => undefined });
});

beforeEach(() => {
  useVoiceTermsStore.setState({ acceptedBy: [USER] });
  useUserStore.setState({ user: null });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.mocked(fetchAudio).mockResolvedValue(new Blob(['mp3'], { type: 'audio/mpeg' }));
  handlers = {
    userInfo: () => ({ userId: USER }),
    recordStatus: () => status(),
    terminalParams: () =>
      terminalParams([
        'voiceRecord',
        'autoRecord',
        'autoRecordSensitivity',
        'autoRecordMode',
        'alwaysRecord',
      ]),
    commandPage: () => ({ list: [], count: 0 }),
    recordPage: () => ({ list: [recording(3, { isRead: 0 }), recording(2), recording(1)] }),
    readRecord: () => null,
  };
  answerCalls(() => handlers);
});

describe('sound security page', () => {
  const open = () => page.render(`/pagesDevice/voice/index?id=${TERMINAL}`, <VoicePage />);

  it('shows the usage terms until the user accepts them, once per user', async () => {
    useVoiceTermsStore.setState({ acceptedBy: [99] });
    await open();
    expect(pageText()).toContain('Sound security terms of use');
    expect(callInputs('recordPage')).toEqual([]);
    expect(() => buttonNamed('Select')).toThrow();
    await click(buttonNamed('Agree and continue'));
    expect(useVoiceTermsStore.getState().acceptedBy).toEqual([99, USER]);
    expect(pageText()).not.toContain('Sound security terms of use');
    expect(rows()).toHaveLength(3);
  });

  it('lists newest first with unread dots, 20 a page, nomore when fewer come', async () => {
    const first = Array.from({ length: 20 }, (_, i) => recording(100 - i));
    handlers.recordPage = (input) => {
      const query = input?.query as { recordId?: number; updateType: string; limit: number };
      return { list: query.recordId === undefined ? first : [recording(50, { isRead: 0 })] };
    };
    await open();
    // The list end loads the next page when it shows (InfiniteScroll's own timing).
    await vi.waitFor(() => expect(rows()).toHaveLength(21));
    const queries = callInputs<{ query: Record<string, unknown> }>('recordPage').map(
      (c) => c.query,
    );
    expect(queries[0]).toEqual({
      terminalId: TERMINAL,
      limit: 20,
      updateType: 'older',
      recordId: undefined,
    });
    expect(queries[1]).toEqual({
      terminalId: TERMINAL,
      limit: 20,
      updateType: 'older',
      recordId: 81,
    });
    expect(rows().map((r) => r.getAttribute('data-record'))).toEqual([
      ...first.map((r) => String(r.id)),
      '50',
    ]);
    expect(row(50).querySelector('[aria-label="Unread"]')).not.toBeNull();
    expect(row(100).querySelector('[aria-label="Unread"]')).toBeNull();
    expect(listStatus()).toBe('nomore');
  });

  it('plays a tapped recording from its fetched audio, marks it read, cycles its icon', async () => {
    await open();
    await click(row(3));
    expect(fetchAudio).toHaveBeenCalledWith('/record/audio/3');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(callInputs('readRecord')).toEqual([{ body: { id: 3 } }]);
    expect(row(3).querySelector('[aria-label="Unread"]')).toBeNull();
    const icon = () => row(3).querySelector('.play-icon')!;
    expect(icon().classList.contains('is-playing')).toBe(true);
    const frames = [icon().getAttribute('data-frame')];
    for (let i = 0; i < 3; i += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 310)));
      frames.push(icon().getAttribute('data-frame'));
    }
    expect(frames).toEqual(['3', '1', '2', '3']);
    await click(row(3));
    expect(icon().classList.contains('is-playing')).toBe(false);
    expect(callInputs('readRecord')).toHaveLength(1);
  });

  it('says so when the audio cannot be played', async () => {
    vi.mocked(fetchAudio).mockRejectedValue(new Error('offline'));
    await open();
    await click(row(2));
    expect(toast).toHaveBeenCalledWith('Download and play failed');
    expect(row(2).querySelector('.play-icon.is-playing')).toBeNull();
  });

  it('deletes the chosen recordings to the recycle bin after a confirmation', async () => {
    handlers.deleteRecords = () => null;
    await open();
    await click(buttonNamed('Select'));
    await click(row(3));
    await click(row(1));
    expect(fetchAudio).not.toHaveBeenCalled();
    await click(buttonNamed('Delete (2)'));
    expect(vi.mocked(confirmDialog).mock.calls[0]?.[0]).toBe(
      'Move the 2 chosen recordings to the recycle bin?',
    );
    expect(callInputs('deleteRecords')).toEqual([]);
    await confirmLast(confirmDialog);
    expect(callInputs('deleteRecords')).toEqual([{ body: { ids: [3, 1] } }]);
    expect(rows().map((r) => r.getAttribute('data-record'))).toEqual(['2']);
  });

  it('records for the chosen pickup length, and not again while a pickup is under way', async () => {
    handlers.sendRecord = () => {
      handlers.recordStatus = () =>
        status({ recording: { seconds: 180, since: Date.UTC(2025, 0, 2) } });
      return command(8, { paramName: 'voiceRecord', paramValue: '180' });
    };
    await open();
    const lengths = [...document.querySelectorAll('[aria-label="Recording length"] button')];
    expect(lengths.map((b) => b.textContent)).toEqual([
      '10 s',
      '0.5 min',
      '1 min',
      '3 min',
      '5 min',
      '10 min',
    ]);
    await click(byText('.choices__chip', '3 min'));
    await click(buttonNamed('Record'));
    expect(callInputs('sendRecord')).toEqual([{ body: { terminalId: TERMINAL, seconds: 180 } }]);
    expect(pageText()).toContain('The device is recording (3 min');
    expect(buttonNamed('Record').disabled).toBe(true);
  });

  it('auto-record settings send their calls', async () => {
    handlers.setAutoRecord = () => command(9, { paramName: 'autoRecord', paramValue: '1' });
    handlers.setAutoRecordSensitivity = () => command(10, { paramName: 'autoRecordSensitivity' });
    handlers.setAlwaysRecord = () => command(11, { paramName: 'alwaysRecord', paramValue: '1' });
    await open();
    await click(
      document.querySelector(
        '[role="switch"][aria-label="Sound-activated recording (30 s each)"]',
      )!,
    );
    await click(byText('.choices__chip', 'High'));
    await click(document.querySelector('[role="switch"][aria-label="Continuous recording"]')!);
    expect(callInputs('setAutoRecord')).toEqual([
      { body: { terminalId: TERMINAL, isAuto: 1, seconds: 30 } },
    ]);
    expect(callInputs('setAutoRecordSensitivity')).toEqual([
      { body: { terminalId: TERMINAL, value: 3, respondImmediate: true } },
    ]);
    expect(callInputs('setAlwaysRecord')).toEqual([{ body: { terminalId: TERMINAL, isOpen: 1 } }]);
  });

  it('shows only the auto-record settings the device can be asked', async () => {
    handlers.terminalParams = () => terminalParams(['voiceRecord', 'alwaysRecord']);
    await open();
    expect(
      document.querySelector('[role="switch"][aria-label="Continuous recording"]'),
    ).not.toBeNull();
    expect(pageText()).not.toContain('Sound-activated recording');
    expect(pageText()).not.toContain('Sensitivity');
  });

  it('hides auto-record when the device can do none of it', async () => {
    handlers.terminalParams = () => terminalParams(['voiceRecord']);
    await open();
    expect(pageText()).toContain('Recordings');
    expect(pageText()).not.toContain('Auto-record');
  });
});

describe('recycle bin page', () => {
  const open = () =>
    page.render(`/pagesDevice/voice/voice-recycle?id=${TERMINAL}`, <VoiceRecyclePage />);

  beforeEach(() => {
    let binned = [recording(4, { deleteTime: 1 }), recording(2, { deleteTime: 1 })];
    handlers.recordTrashPage = () => ({ list: binned, count: binned.length });
    handlers.recoverRecords = () => {
      binned = [];
      return null;
    };
    handlers.emptyRecordTrash = () => {
      binned = [];
      return null;
    };
  });

  it('recovers every binned recording', async () => {
    await open();
    expect(rows()).toHaveLength(2);
    expect(callInputs('recordTrashPage')[0]).toEqual({
      query: { terminalId: TERMINAL, page: 1, limit: 20 },
    });
    await click(buttonNamed('Recover all'));
    expect(callInputs('recoverRecords')).toEqual([{ body: { terminalId: TERMINAL } }]);
    expect(rows()).toHaveLength(0);
    expect(pageText()).toContain('The recycle bin is empty');
  });

  it('empties the bin only after a confirmation', async () => {
    await open();
    await click(buttonNamed('Empty the recycle bin'));
    expect(callInputs('emptyRecordTrash')).toEqual([]);
    await confirmLast(confirmDialog);
    expect(callInputs('emptyRecordTrash')).toEqual([{ body: { terminalId: TERMINAL } }]);
    expect(rows()).toHaveLength(0);
  });
});
