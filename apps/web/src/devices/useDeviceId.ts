import { useSearchParams } from 'react-router';

/** The `?id=` of a device page, or null when it is missing or not a positive integer. */
export function deviceIdParam(params: URLSearchParams, name = 'id'): number | null {
  const id = Number(params.get(name));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function useDeviceId(name = 'id'): number | null {
  const [params] = useSearchParams();
  return deviceIdParam(params, name);
}
