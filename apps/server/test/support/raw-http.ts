import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Writes `request` as is on a new connection and reads the answer until the server closes. */
export function rawHttp(baseUrl: string, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    // The server may close while the request is still being written; its answer came first.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (Number.isNaN(status)) reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
      else resolve({ status, headers: head, body });
    });
  });
}
