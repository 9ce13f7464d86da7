import { request } from '../api/request';

const isJson = (response: Response) =>
  (response.headers.get('content-type') ?? '').includes('application/json');

/**
 * The audio of a recording, through the request layer (its token in the Authorization header, never
 * in a URL): a playable answer becomes the call's data; an error envelope is handled as any (§8).
 */
export function fetchAudio(audioPath: string): Promise<Blob> {
  return request<Blob>(
    { method: 'GET', path: audioPath },
    {
      loading: false,
      toastState: false,
      readBody: async (response) =>
        response.ok && !isJson(response)
          ? { code: 0, message: '', data: await response.blob() }
          : (JSON.parse(await response.text()) as unknown),
    },
  );
}
