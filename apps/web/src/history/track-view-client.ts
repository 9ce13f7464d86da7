import type { ReadTrack, TrackPoints } from './track-answer';
import type { TrackView, TrackViewOptions } from './track-view';
import type { TrackReadRequest } from './track-view.worker';

type Reply = { id: number; read: ReadTrack } | { id: number; error: string };
type Pending = { resolve: (read: ReadTrack) => void; reject: (error: Error) => void };

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();
interface Prepared {
  promise: Promise<TrackView>;
  /** Once it is ready. */
  view?: TrackView;
}
/** Per answer and options: prepared once (the first one while the answer is read). */
const views = new WeakMap<TrackPoints, Map<string, Prepared>>();

function failAll(error: Error) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

/**
 * The one worker, started on first use (the first time points are hidden); null where there is
 * none, and then the work is done here.
 */
function trackWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./track-view.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return (worker = null);
  }
  worker.addEventListener('message', ({ data }: MessageEvent<Reply>) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if ('read' in data) waiting?.resolve(data.read);
    else waiting?.reject(new Error(data.error));
  });
  // Its script did not load: from now on, the work is done here.
  worker.addEventListener('error', () => {
    worker?.terminate();
    worker = null;
    failAll(new Error('track worker failed'));
  });
  return worker;
}

/** Here, on the main thread; its code loads only when needed. */
export const readHere = (bytes: ArrayBuffer, options: TrackViewOptions) =>
  import('./track-answer').then(({ readTrackAnswer }) => readTrackAnswer(bytes, options));

/** A track answer's bytes read in the worker (or here, without one); the bytes stay here. */
export async function readTrack(bytes: ArrayBuffer, options: TrackViewOptions): Promise<ReadTrack> {
  const running = trackWorker();
  if (!running) return readHere(bytes, options);
  const id = nextId++;
  const request: TrackReadRequest = { id, bytes, options };
  try {
    return await new Promise<ReadTrack>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      running.postMessage(request);
    });
  } catch {
    return readHere(bytes, options);
  }
}

const keyOf = (options: TrackViewOptions) => `${options.hideNetworkFixes} ${options.crs}`;

function viewsOf(points: TrackPoints) {
  const forPoints = views.get(points) ?? new Map<string, Prepared>();
  views.set(points, forPoints);
  return forPoints;
}

/** Keeps a view prepared while the answer was read, for whoever asks for it. */
export function rememberView(points: TrackPoints, options: TrackViewOptions, view: TrackView) {
  viewsOf(points).set(keyOf(options), { promise: Promise.resolve(view), view });
}

/** The view with these options if it is ready (a page can then show it on its first render). */
export const preparedView = (points: TrackPoints, options: TrackViewOptions) =>
  views.get(points)?.get(keyOf(options))?.view;

/**
 * The track prepared for its map and playback with these options: here when every point is
 * shown (the answer's levels simplify it: a few tens of ms for a day at 1 Hz), in the worker when
 * some are hidden (simplifying 86,400 points would block the page).
 */
export function prepareTrackView(
  points: TrackPoints,
  options: TrackViewOptions,
): Promise<TrackView> {
  const forPoints = viewsOf(points);
  const key = keyOf(options);
  const known = forPoints.get(key);
  if (known) return known.promise;
  const prepared: Prepared = {
    promise: (options.hideNetworkFixes ? readTrack : readHere)(points.bytes, options).then(
      ({ view }) => {
        if (!view) throw new Error('the answer has no track');
        prepared.view = view;
        return view;
      },
    ),
  };
  forPoints.set(key, prepared);
  return prepared.promise;
}
