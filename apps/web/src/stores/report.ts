import type { StopoverItem, TripItem } from '@xunji/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The item a report row hands to the details page: a trip or a stay (stopover) of a device. */
export type ReportSelection =
  | { terminalId: number; type: 'trip'; item: TripItem }
  | { terminalId: number; type: 'stay'; item: StopoverItem };

export type ReportItemType = ReportSelection['type'];

/** The report store of spec §3: the trip or stay chosen in the report list. */
export interface ReportState {
  selected: ReportSelection | null;
}

export const initialReportState: ReportState = { selected: null };

export const useReportStore = create<ReportState>()(
  persist(() => initialReportState, { name: 'xunji.report' }),
);

export function selectReportItem(selected: ReportSelection): void {
  useReportStore.setState({ selected });
}

/** The stored item when it is the one a details URL names (by device and times), else null. */
export function storedReportItem(
  selected: ReportSelection | null,
  link: { terminalId: number; type: ReportItemType; startTime: number; endTime: number } | null,
): ReportSelection | null {
  if (!selected || !link) return null;
  const { terminalId, type, item } = selected;
  return terminalId === link.terminalId &&
    type === link.type &&
    item.startTime === link.startTime &&
    item.endTime === link.endTime
    ? selected
    : null;
}
