import { signAMap } from '../../src/providers/amap/amap-web-service.js';
import { localHttpServer } from './local-http.js';

/** Names by AMap type code: 加油站 (010100) and 充电站 (011100). */
const NAMES: Record<string, string[]> = {
  '010100': ['中国石化加油站', '中国石油加油站', '壳牌加油站'],
  '011100': ['特来电充电站', '星星充电站', '国家电网充电站'],
};
/** East and north offsets of the places from the point asked about, in degrees. */
const OFFSETS = [
  [0.002, 0.001],
  [-0.004, 0.003],
  [0.006, -0.005],
];

export interface AMapPlaceStandIn {
  url: string;
  /** The parameters of every search that reached the stand-in. */
  received: Record<string, string>[];
  /** From now on, refuse like AMap over its daily quota. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/**
 * restapi.amap.com's `/v3/place/around`, checking the key and (with a secret) the signature as
 * AMap does; three places of the asked type around the asked point, the first at ~220 m.
 */
export async function startAMapPlaceStandIn(
  key: string,
  secret?: string,
): Promise<AMapPlaceStandIn> {
  const received: Record<string, string>[] = [];
  let refusing = false;
  const server = localHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const params = Object.fromEntries(url.searchParams);
    received.push(params);
    const { sig, ...signed } = params;
    let body: unknown;
    if (url.pathname !== '/v3/place/around' || params.key !== key)
      body = { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' };
    else if (secret && sig !== signAMap(signed, secret))
      body = { status: '0', info: 'INVALID_USER_SIGNATURE', infocode: '10007' };
    else if (refusing) body = { status: '0', info: 'DAILY_QUERY_OVER_LIMIT', infocode: '10003' };
    else body = aroundAnswer(params);
    response.setHeader('content-type', 'application/json;charset=UTF-8');
    response.end(JSON.stringify(body));
  });
  const url = await server.listen();
  return {
    url,
    received,
    refuse: (on) => (refusing = on),
    close: () => server.close(),
  };
}

function aroundAnswer(params: Record<string, string>) {
  const [lon = 0, lat = 0] = (params.location ?? '').split(',').map(Number);
  const names = NAMES[params.types ?? ''] ?? [];
  const page = Number(params.page ?? 1);
  const pois = page === 1 ? names : [];
  return {
    status: '1',
    count: String(names.length),
    info: 'OK',
    infocode: '10000',
    suggestion: { keywords: [], cities: [] },
    pois: pois.map((name, index) => {
      const [east, north] = OFFSETS[index]!;
      return {
        id: `B0FFSTAND${params.types}${index}`,
        name,
        type: params.types === '010100' ? '汽车服务;加油站;加油站' : '汽车服务;充电站;充电站',
        typecode: params.types,
        address: index === 2 ? [] : `测试路${index + 1}号`,
        location: `${(lon + east!).toFixed(6)},${(lat + north!).toFixed(6)}`,
        tel: index === 0 ? '010-12345678' : [],
        distance: '0',
      };
    }),
  };
}
