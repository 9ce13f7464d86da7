import type { GatewayEvent } from '../gateway/gateway-events.js';

/** The channel of the gateway's events between processes. */
export const GATEWAY_EVENTS_CHANNEL = 'xunji:gateway-events';

/**
 * Media packets stay in the gateway process that received them: recordings are put together there
 * and only the finished `recording` event travels. Every other event is JSON of numbers and strings
 * (a position is its `PositionInsert` row).
 */
export function gatewayEventStaysLocal(event: GatewayEvent): boolean {
  return event.type === 'media';
}
