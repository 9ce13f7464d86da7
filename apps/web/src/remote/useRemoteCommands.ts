import { useQuery } from '@tanstack/react-query';
import type { CommandRecord } from '@xunji/shared';
import { useState } from 'react';
import { ApiError } from '../api/errors';
import { remoteQueries, useRefreshRemote } from './queries';

type Answer = CommandRecord | CommandRecord[];

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

  return {
    /** The commands the action `key` sent from this page, as they stand now. */
    records: (key: string): CommandRecord[] => (sent[key] ?? []).map(newest),
    /** The action whose call is under way. */
    busy,
    /** Runs the action's call; a refused call has been toasted by the request layer (§8). */
    send: async (key: string, action: () => Promise<Answer>): Promise<void> => {
      setBusy(key);
      try {
        const answer = await action();
        setSent((before) => ({ ...before, [key]: Array.isArray(answer) ? answer : [answer] }));
        await refresh();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      } finally {
        setBusy(null);
      }
    },
  };
}

export type RemoteCommands = ReturnType<typeof useRemoteCommands>;
