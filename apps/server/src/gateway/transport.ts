/** How bytes go back to a device: a TCP socket, or UDP datagrams to its last address. */
export interface Transport {
  /** Hands bytes to the transport; false when it is already closed. */
  write(bytes: Uint8Array): boolean;
  /** Stop and restart reading (TCP flow control pushes back on the device meanwhile). */
  pause(): void;
  resume(): void;
  close(): void;
  readonly closed: boolean;
  /** Where the device connects from (ip:port), for the operator. */
  readonly address?: string;
}
