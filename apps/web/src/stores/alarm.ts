import type { AlarmLog } from '@xunji/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { EMPTY_SEARCH, type AlarmSearch } from '../alarms/search';

/** The alarm store of spec §3: the alarm search of the message list and the alarms last seen. */
export interface AlarmState {
  search: AlarmSearch;
  /** The rows of the message list as last shown (the details page starts from them). */
  alarmLog: AlarmLog[];
}

export const initialAlarmState: AlarmState = { search: EMPTY_SEARCH, alarmLog: [] };

export const useAlarmStore = create<AlarmState>()(
  persist(() => initialAlarmState, { name: 'xunji.alarm' }),
);

export function setAlarmSearch(search: AlarmSearch): void {
  useAlarmStore.setState({ search });
}

export function rememberAlarmLog(alarmLog: AlarmLog[]): void {
  useAlarmStore.setState({ alarmLog });
}
