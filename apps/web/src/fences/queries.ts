import { queryOptions } from '@tanstack/react-query';
import { CHINA_ADCODE, FENCE_MAX_PER_DEVICE, routes, type Language } from '@xunji/shared';
import { call } from '../api/call';
import type { RequestOptions } from '../api/request';
import { saveRegionTree, storedRegionTree } from '../stores/region';
import { outlineRings } from './polyline';
import { regionTreeOf } from './region-tree';

const quietLoading: RequestOptions = { loading: false };

/** Every fence read is under ['fences']: a save or a delete refreshes them at once. */
export const fenceKeys = {
  all: ['fences'] as const,
  page: (terminalId: number) => ['fences', 'page', terminalId] as const,
  one: (id: number) => ['fences', 'one', id] as const,
};

export const fenceQueries = {
  /** All the device's fences: one page holds the most a device may have. */
  page: (terminalId: number) =>
    queryOptions({
      queryKey: fenceKeys.page(terminalId),
      queryFn: () =>
        call(
          routes.fencePage,
          { query: { terminalId, page: 1, limit: FENCE_MAX_PER_DEVICE } },
          quietLoading,
        ),
    }),
  /** One fence, points in WGS-84. */
  one: (id: number) =>
    queryOptions({
      queryKey: fenceKeys.one(id),
      queryFn: () => call(routes.fenceById, { params: { id } }, quietLoading),
    }),
};

/** The administrative units do not change while the app runs: asked once. */
export const regionQueries = {
  /**
   * The region tree in a language (the call's Accept-Language is the app's), from the local cache
   * (stores/region.ts) or the district call.
   */
  tree: (language: Language) =>
    queryOptions({
      queryKey: ['regions', 'tree', language],
      queryFn: async () => {
        const stored = storedRegionTree(language);
        if (stored) return stored;
        const answer = await call(
          routes.district,
          { query: { keywords: CHINA_ADCODE, subdistrict: 3 } },
          quietLoading,
        );
        const tree = regionTreeOf(answer);
        saveRegionTree(language, tree);
        return tree;
      },
      staleTime: Infinity,
    }),
  /** A unit's outline, WGS-84 rings. */
  outline: (code: string) =>
    queryOptions({
      queryKey: ['regions', 'outline', code],
      queryFn: async () => {
        const answer = await call(
          routes.district,
          { query: { keywords: code, subdistrict: 0, extensions: 'all' } },
          quietLoading,
        );
        return outlineRings(answer.districts[0]?.polyline);
      },
      staleTime: Infinity,
    }),
};
