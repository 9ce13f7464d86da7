import type { NewProduct } from '../repositories/product.repository.js';
import type { Repositories } from '../repositories/create-repositories.js';
import { DEMO_DEVICES } from './demo-fleet.js';
import { seedDemoPaidOrder } from './demo-order.js';

const DAY = 86_400_000;
const MB = 1024;
const GB = 1024 * MB;

/** The demo catalogue, priced like Chinese tracker platforms (fen). */
const CATALOGUE = {
  data1g: data(1, 990, null),
  data3g: data(3, 2500, 3000),
  data10g: data(10, 6800, 8000),
  sms100: {
    kind: 'sms',
    effect: 'simSms',
    nameZh: '短信包 100 条',
    nameEn: '100 SMS',
    descriptionZh: '报警短信与指令短信',
    descriptionEn: 'For alarm and command texts',
    priceFen: 500,
    quota: 100,
    sortOrder: 20,
  },
  tel60: tel(60, 600),
  tel200: tel(200, 1800),
  renewal1y: {
    kind: 'service',
    path: 'renewal',
    effect: 'servicePeriod',
    nameZh: '平台服务续费 1 年',
    nameEn: 'Platform service, 1 year',
    descriptionZh: '定位、轨迹回放与报警，到期后自动顺延',
    descriptionEn: 'Tracking, history playback and alarms, added to the current period',
    priceFen: 3000,
    durationDays: 365,
  },
  trial7d: vip('activation', '7 天免费试用', '7-day free trial', 0, null, 7, 1),
  vip1m: vip('activation', '激活 1 个月', 'Activation, 1 month', 500, null, 30, 0),
  vip1y: vip('activation', '激活 1 年', 'Activation, 1 year', 4800, 6000, 365, 0),
  vipRenewal1y: vip('renewal', '续费 1 年', 'Renewal, 1 year', 4800, 6000, 365, 0),
} satisfies Record<string, NewProduct>;
export type DemoProductKey = keyof typeof CATALOGUE;

function data(gb: number, priceFen: number, originalPriceFen: number | null): NewProduct {
  return {
    kind: 'data',
    effect: 'simData',
    nameZh: `流量包 ${gb}GB`,
    nameEn: `Data ${gb} GB`,
    descriptionZh: '叠加到当前套餐，用完为止',
    descriptionEn: 'Added to the current plan, until used up',
    priceFen,
    originalPriceFen,
    quota: gb * 1024,
    sortOrder: gb,
  };
}

function tel(minutes: number, priceFen: number): NewProduct {
  return {
    kind: 'tel',
    effect: 'callMinutes',
    nameZh: `报警电话 ${minutes} 分钟`,
    nameEn: `Alarm calls, ${minutes} minutes`,
    descriptionZh: '设备报警时拨打您的电话',
    descriptionEn: 'The platform calls you when the device raises an alarm',
    priceFen,
    quota: minutes,
  };
}

function vip(
  path: 'activation' | 'renewal',
  nameZh: string,
  nameEn: string,
  priceFen: number,
  originalPriceFen: number | null,
  durationDays: number,
  isTrial: number,
): NewProduct {
  return {
    kind: 'vip',
    path,
    effect: 'servicePeriod',
    nameZh,
    nameEn,
    descriptionZh: isTrial ? '每台设备限一次' : '从当前到期日起顺延',
    descriptionEn: isTrial ? 'Once per device' : 'Added from the current expiry',
    priceFen,
    originalPriceFen,
    durationDays,
    isTrial,
  };
}

interface DemoCard {
  iccid: string;
  msisdn: string;
  operator: 'cmcc' | 'cucc' | 'ctcc';
  plan: string;
  totalGb: number;
  usedMb: number;
}

/** Each demo device's card, by terminal number: ICCIDs of the operators' ranges, partly used. */
const CARDS: Record<string, DemoCard> = {
  // The car's 2 GB plan and the 1 GB it bought (PAST_ORDER) are nearly used up: its SIM page
  // shows the alarm and offers packages.
  '868120300000001': card('89860420162050100001', '1440420500001', 'cmcc', 2, 2950),
  '138000000002': card('89860420162050100002', '1440420500002', 'cmcc', 10, 3400),
  '8600000003': card('89860021181050100003', '13800000003', 'cmcc', 1, 310),
  '8600000004': card('89860021181050100004', '13800000004', 'cmcc', 1, 120),
  '8600000005': card('89860619845050100005', '1460619500005', 'cucc', 1, 45),
};

function card(
  iccid: string,
  msisdn: string,
  operator: DemoCard['operator'],
  totalGb: number,
  usedMb: number,
): DemoCard {
  const plan = msisdn.startsWith('138') ? `手表 ${totalGb}GB/月` : `物联网 ${totalGb}GB/月`;
  return { iccid, msisdn, operator, plan, totalGb, usedMb };
}
const CAR = '868120300000001';
/** The child watch runs on the free trial, taken two days ago. */
const TRIAL_WATCH = '8600000003';
const TRIAL_STARTED_DAYS_AGO = 2;
const SERVICE_DAYS = 365;

/** What the demo car's owner bought 12 days ago, paid with the development provider. */
const PAST_ORDER: DemoProductKey = 'data1g';
const PAST_ORDER_DAYS_AGO = 12;

/**
 * The demo's catalogue, SIM cards (with ICCIDs on the devices), service periods and the car's
 * past paid order; only what is missing, so a restart duplicates nothing.
 */
export async function ensureDemoCommerce(
  repositories: Repositories,
  now: number,
  orderNoPrefix: string,
): Promise<void> {
  const { products, simCards, devices, deviceServices } = repositories;
  const firstTime = await products.isEmpty();
  if (firstTime)
    for (const product of Object.values(CATALOGUE)) await products.create(product, now);
  for (const demo of DEMO_DEVICES) {
    const device = await devices.findByTerminalNo(demo.terminalNo);
    const sim = CARDS[demo.terminalNo];
    if (!device || !sim) continue;
    if (!(await simCards.find(sim.iccid))) await simCards.importAll([demoCard(sim, now)]);
    if (device.iccid === null) await simCards.attach(device.id, sim.iccid);
    if (firstTime && demo.terminalNo === TRIAL_WATCH) {
      // Not activated until its trial order, which starts the period as a bought one does.
      const start = now - TRIAL_STARTED_DAYS_AGO * DAY;
      await deviceServices.save({
        deviceId: device.id,
        startingTime: start,
        expirationTime: start,
        isTrial: 0,
      });
      await pastOrder(repositories, device.id, 'trial7d', null, orderNoPrefix, now);
    } else if (!(await deviceServices.find(device.id)))
      await deviceServices.save({
        deviceId: device.id,
        startingTime: now,
        expirationTime: now + SERVICE_DAYS * DAY,
        isTrial: 0,
      });
    if (demo.terminalNo === CAR)
      await pastOrder(
        repositories,
        device.id,
        PAST_ORDER,
        device.iccid ?? sim.iccid,
        orderNoPrefix,
        now,
      );
  }
}

/** A paid order of the device's owner (seedDemoPaidOrder adds none to a device with one). */
async function pastOrder(
  repositories: Repositories,
  deviceId: number,
  key: DemoProductKey,
  iccid: string | null,
  orderNoPrefix: string,
  now: number,
): Promise<void> {
  const { nameEn } = CATALOGUE[key];
  const product = (await repositories.products.list(false)).find((p) => p.nameEn === nameEn);
  const [owner] = await repositories.devices.members(deviceId);
  if (!product || owner?.isOwner !== 1) return;
  const daysAgo = key === 'trial7d' ? TRIAL_STARTED_DAYS_AGO : PAST_ORDER_DAYS_AGO;
  const order = { userId: owner.userId, deviceId, product, iccid, orderNoPrefix, now, daysAgo };
  await seedDemoPaidOrder(repositories, order);
}

function demoCard(card: DemoCard, now: number) {
  return {
    iccid: card.iccid,
    msisdn: card.msisdn,
    operator: card.operator,
    planName: card.plan,
    state: 'activated',
    usedDataKb: card.usedMb * MB,
    totalDataKb: card.totalGb * GB,
    usedSms: 12,
    totalSms: 100,
    activationTime: now - 200 * DAY,
    serviceExpiry: now + 165 * DAY,
    cardSn: card.iccid.slice(-8),
    usageUpdatedAt: now - 2 * 3_600_000,
    createdAt: now,
  };
}
