/** Counters an operator reads to see what devices send that is refused or broken. */
export interface GatewayStats {
  messages: number;
  malformedFrames: number;
  unknownDevices: number;
}

export const newGatewayStats = (): GatewayStats => ({
  messages: 0,
  malformedFrames: 0,
  unknownDevices: 0,
});
