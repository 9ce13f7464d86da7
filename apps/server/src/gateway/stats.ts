/** Counters an operator reads to see what devices send that is refused or broken. */
export interface GatewayStats {
  malformedFrames: number;
  unknownDevices: number;
}

export const newGatewayStats = (): GatewayStats => ({
  malformedFrames: 0,
  unknownDevices: 0,
});
