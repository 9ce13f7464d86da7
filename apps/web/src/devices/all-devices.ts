import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Terminal } from '@xunji/shared';
import { useDeviceStore } from '../stores/device';
import { deviceKeys } from './queries';
import { fetchTerminalPage } from './terminal-fetch';

/** At most this many pages of 100 devices are read (the home map, the message tab). */
const MAX_PAGES = 20;

async function fetchAll(enterpriseId: number | null): Promise<Terminal[]> {
  const all: Terminal[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { list, count } = await fetchTerminalPage({
      page,
      limit: PAGE_SIZE.terminals,
      ...(enterpriseId === null ? {} : { enterpriseId }),
    });
    all.push(...list);
    if (list.length < PAGE_SIZE.terminals || all.length >= count) break;
  }
  return all;
}

/** Every device the user sees (of the chosen organisation), kept in the device store too. */
export const allDevicesQuery = (enterpriseId: number | null) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'home', enterpriseId],
    queryFn: async () => {
      const devices = await fetchAll(enterpriseId);
      useDeviceStore.setState({ devices });
      return devices;
    },
  });
