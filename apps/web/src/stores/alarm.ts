import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The alarm store of spec §3; typed by the alarm contract when the message pages land. */
export interface AlarmState {
  alarmLog: unknown[];
}

export const initialAlarmState: AlarmState = { alarmLog: [] };

export const useAlarmStore = create<AlarmState>()(
  persist(() => initialAlarmState, { name: 'xunji.alarm' }),
);
