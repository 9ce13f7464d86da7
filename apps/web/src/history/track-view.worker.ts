import type { TrackViewOptions } from './track-view';
import { readTrackAnswer } from './track-answer';
import { viewBuffers } from './track-view';

export interface TrackReadRequest {
  id: number;
  bytes: ArrayBuffer;
  options: TrackViewOptions;
}

/** Parsing, decoding and simplifying a day of fixes takes long: here it never blocks the page. */
self.addEventListener('message', (event: MessageEvent<TrackReadRequest>) => {
  const { id, bytes, options } = event.data;
  try {
    const read = readTrackAnswer(bytes, options);
    self.postMessage({ id, read }, { transfer: read.view ? viewBuffers(read.view) : [] });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
});
