import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@xunji/shared';

export class ChunkTimeoutError extends Error {}

type PageModule = { default: ComponentType };

/**
 * React.lazy with the §9 chunk load timeout (a chunk that has not arrived in 120 s fails), and a
 * `preload` that starts the fetch early: at launch the first page's chunk loads together with
 * the language resources instead of after them.
 */
export function lazyPage(load: () => Promise<PageModule>) {
  let loading: Promise<PageModule> | undefined;
  const preload = () =>
    (loading ??= new Promise<PageModule>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_LOAD_TIMEOUT_MS);
      load()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    }));
  return Object.assign(lazy(preload), { preload });
}
