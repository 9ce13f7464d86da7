/**
 * One client worker of bench/ingest: `count` JT/T 808 devices from one loopback source address,
 * each sending a location every `intervalMs`, timing each until the server's 0x8001 ack.
 */
import net from 'node:net';
import { jt808Frame, locationBody, openJt808 } from '@xunji/simulator';

interface Job {
  port: number;
  localAddress: string;
  firstIndex: number;
  count: number;
  intervalMs: number;
  durationMs: number;
}

const FLAG = 0x7e;
const job = JSON.parse(process.argv[2] ?? '{}') as Job;
/** Ack latencies as counts per 0.1 ms bucket (sparse), so any number of acks stays small. */
const histogram: Record<number, number> = {};
let sent = 0;
let acked = 0;
let failed = 0;

function openDevice(index: number): void {
  const phone = String(130_000_000_000 + index);
  const socket = net.connect({ port: job.port, host: '127.0.0.1', localAddress: job.localAddress });
  const pending = new Map<number, number>();
  let serial = 0;
  let fixTime = Date.now() - 3600_000 + index * 7;
  let buffer: number[] = [];
  let inFrame = false;

  socket.on('data', (chunk) => {
    for (const byte of chunk) {
      if (byte !== FLAG) {
        if (inFrame) buffer.push(byte);
        continue;
      }
      if (inFrame && buffer.length > 0) {
        const packet = openJt808(Uint8Array.from([FLAG, ...buffer, FLAG]));
        if (packet?.messageId === 0x8001) {
          const replied = (packet.body[0]! << 8) | packet.body[1]!;
          const start = pending.get(replied);
          if (start !== undefined) {
            pending.delete(replied);
            const bucket = Math.round((performance.now() - start) * 10);
            histogram[bucket] = (histogram[bucket] ?? 0) + 1;
            acked++;
          }
        }
        buffer = [];
      } else {
        inFrame = true;
      }
    }
  });
  socket.on('error', () => failed++);

  const send = () => {
    if (socket.destroyed) return;
    serial = (serial + 1) & 0xffff;
    fixTime += 1000;
    const fix = {
      time: fixTime,
      latitude: 31.2 + (index % 100) / 1000,
      longitude: 121.4 + (index % 97) / 1000,
      altitude: 10,
      speedKmh: 40,
      course: 90,
      satellites: 9,
      batteryPercent: 80,
      acc: true,
      cut: false,
      mileageKm: 100,
    };
    pending.set(serial, performance.now());
    socket.write(jt808Frame(0x0200, phone, serial, locationBody(fix)));
    sent++;
  };
  socket.on('connect', () => {
    // Spread the devices over the interval so the load is steady.
    setTimeout(() => {
      send();
      const timer = setInterval(send, job.intervalMs);
      setTimeout(() => {
        clearInterval(timer);
        setTimeout(() => socket.destroy(), 2000);
      }, job.durationMs);
    }, Math.random() * job.intervalMs);
  });
}

for (let i = 0; i < job.count; i++) openDevice(job.firstIndex + i);
const progress = setInterval(
  () => console.error(`client ${job.localAddress}: sent ${sent}, acked ${acked}, errors ${failed}`),
  5000,
);
progress.unref();

setTimeout(() => {
  process.send?.({ sent, acked, failed, histogram }, () => process.exit(0));
}, job.durationMs + 4000);
