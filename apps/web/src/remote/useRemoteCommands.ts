import { useQuery } from '@tanstack/react-query';
import type { CommandRecord } from '@xunji/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { toast } from '../api/feedback';
import { commandOutcome } from './command-outcome';
import { useCommandWords } from './command-words';
import { remoteQueries, useRefreshRemote } from './queries';
import { replyWords } from './reply-words';

type Answer = CommandRecord | CommandRecord[];

/** Says once, in a toast, how each command sent from the page ended (the reply's meaning first). */
function useResultToasts(records: CommandRecord[]) {
  const { t } = useTranslation();
  const words = useCommandWords();
  const told = useRef(new Set<number>());
  useEffect(() => {
    for (const record of records) {
      if (record.state !== 'done' || told.current.has(record.id)) continue;
      told.current.add(record.id);
      const outcome = record.replyMeaning
        ? replyWords(t, record.replyMeaning)
        : t(`remote.outcomes.${commandOutcome(record)}`);
      toast(t('remote.resultToast', { action: words.title(record), outcome }));
    }
  }, [records, t, words]);
}

/**
 * Sends a device's commands and follows each until its §4 result: the records a send answered are
 * kept per action, and replaced by their newer state from the command log (read every 10 s and
 * after each send).
 */
export function useRemoteCommands(terminalId: number) {
  const refresh = useRefreshRemote(terminalId);
  const recent = useQuery(remoteQueries.recentCommands(terminalId));
  const [sent, setSent] = useState<Partial<Record<string, CommandRecord[]>>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const newest = (record: CommandRecord) =>
    recent.data?.list.find((logged) => logged.id === record.id) ?? record;
  const followed = Object.values(sent).flatMap((records) => (records ?? []).map(newest));
  useResultToasts(followed);

  /** Runs the action's call and follows what it sent; a refused call rejects with its ApiError. */
  const run = async (key: string, action: () => Promise<Answer>): Promise<void> => {
    setBusy(key);
    try {
      const answer = await action();
      setSent((before) => ({ ...before, [key]: Array.isArray(answer) ? answer : [answer] }));
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  return {
    /** The commands the action `key` sent from this page, as they stand now. */
    records: (key: string): CommandRecord[] => (sent[key] ?? []).map(newest),
    /** The action whose call is under way. */
    busy,
    run,
    /** As run, for calls whose refusal the request layer has toasted (§8). */
    send: async (key: string, action: () => Promise<Answer>): Promise<void> => {
      try {
        await run(key, action);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    },
  };
}

export type RemoteCommands = ReturnType<typeof useRemoteCommands>;
